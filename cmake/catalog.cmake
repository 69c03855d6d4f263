# Reads the mutant ids from mutants/catalog.toml, the one list of the mutant set: the oracle builds
# one variant library per id and the grader depends on them all. Included by the top CMakeLists.txt,
# so oracle/ and runner/ see the same TINYLLM_MUTANT_IDS. Editing the catalog reconfigures.

# Returns in OUT the ids of `catalog`'s [[mutant]] entries in file order: every `id = "sNN"` line
# (the catalog writes one per entry; the grader's catalog reader checks the rest of the file).
function(tinyllm_read_mutant_ids catalog out)
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${catalog}")
  file(STRINGS "${catalog}" id_lines REGEX "^[ \t]*id[ \t]*=")
  set(ids)
  foreach(line IN LISTS id_lines)
    if(line MATCHES "\"w[0-9][0-9]\"")
      continue()  # a [[wheat]] (the wheats helper reads these properly)
    endif()
    if(NOT line MATCHES "^[ \t]*id[ \t]*=[ \t]*\"(s[0-9][0-9])\"[ \t]*(#.*)?$")
      message(FATAL_ERROR "${catalog}: `${line}` is not an id of the form id = \"sNN\" "
                          "(two digits); fix that [[mutant]] entry.")
    endif()
    if(CMAKE_MATCH_1 IN_LIST ids)
      message(FATAL_ERROR "${catalog}: id \"${CMAKE_MATCH_1}\" appears twice; "
                          "each [[mutant]] needs its own id.")
    endif()
    list(APPEND ids "${CMAKE_MATCH_1}")
  endforeach()
  if(NOT ids)
    message(FATAL_ERROR "${catalog}: no `id = \"sNN\"` line; the catalog lists no mutant.")
  endif()
  set(${out} ${ids} PARENT_SCOPE)
endfunction()

set(TINYLLM_CATALOG "${PROJECT_SOURCE_DIR}/mutants/catalog.toml")
tinyllm_read_mutant_ids("${TINYLLM_CATALOG}" TINYLLM_MUTANT_IDS)
