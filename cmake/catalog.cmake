# Reads the mutant and wheat ids from mutants/catalog.toml, the one list of the variant set: the
# oracle builds one variant library per id and the grader depends on them all. Included by the top
# CMakeLists.txt, so oracle/ and runner/ see the same ids. Editing the catalog reconfigures.

# Reads `catalog`'s [[mutant]] and [[wheat]] entries, line by line: each entry's `id = "..."` line
# (the catalog writes one per entry) and, for a wheat, its `kind` and `build` lines. The grader's
# catalog reader (mutants/src) checks the rest of the file. Sets in the caller's scope:
#   TINYLLM_MUTANT_IDS          the mutant ids sNN in file order;
#   TINYLLM_WHEAT_IDS           the wheat ids wNN in file order;
#   TINYLLM_SEMANTIC_WHEAT_IDS  the wheats of kind "semantic" (built with TINYLLM_WHEAT=N);
#   TINYLLM_BINARY_WHEAT_IDS    the wheats of kind "binary" (the reference built differently);
#   TINYLLM_WHEAT_BUILD_<id>    a binary wheat's `build`: "other-compiler" or "O0".
function(tinyllm_read_catalog catalog)
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${catalog}")
  file(STRINGS "${catalog}" lines REGEX "^[ \t]*(\\[\\[|id[ \t]*=|kind[ \t]*=|build[ \t]*=)")
  set(section "")
  set(mutants)
  set(wheats)
  set(semantic)
  set(binary)
  set(wheat "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*\\[\\[[ \t]*([a-z_]+)[ \t]*\\]\\]")
      set(section "${CMAKE_MATCH_1}")
      set(wheat "")
    elseif(section STREQUAL "mutant" AND line MATCHES "^[ \t]*id[ \t]*=")
      if(NOT line MATCHES "^[ \t]*id[ \t]*=[ \t]*\"(s[0-9][0-9])\"[ \t]*(#.*)?$")
        message(FATAL_ERROR "${catalog}: `${line}` is not an id of the form id = \"sNN\" "
                            "(two digits); fix that [[mutant]] entry.")
      endif()
      if(CMAKE_MATCH_1 IN_LIST mutants)
        message(FATAL_ERROR "${catalog}: id \"${CMAKE_MATCH_1}\" appears twice; "
                            "each [[mutant]] needs its own id.")
      endif()
      list(APPEND mutants "${CMAKE_MATCH_1}")
    elseif(section STREQUAL "wheat" AND line MATCHES "^[ \t]*id[ \t]*=")
      if(NOT line MATCHES "^[ \t]*id[ \t]*=[ \t]*\"(w[0-9][0-9])\"[ \t]*(#.*)?$")
        message(FATAL_ERROR "${catalog}: `${line}` is not an id of the form id = \"wNN\" "
                            "(two digits); fix that [[wheat]] entry.")
      endif()
      set(wheat "${CMAKE_MATCH_1}")
      if(wheat IN_LIST wheats)
        message(FATAL_ERROR "${catalog}: id \"${wheat}\" appears twice; "
                            "each [[wheat]] needs its own id.")
      endif()
      list(APPEND wheats "${wheat}")
    elseif(section STREQUAL "wheat" AND line MATCHES "^[ \t]*(kind|build)[ \t]*=[ \t]*\"([^\"]*)\"")
      if(NOT wheat)
        message(FATAL_ERROR "${catalog}: `${line}` comes before its [[wheat]]'s id; "
                            "write `id = \"wNN\"` first in each [[wheat]] entry.")
      endif()
      set(${CMAKE_MATCH_1}_of_${wheat} "${CMAKE_MATCH_2}")
    endif()
  endforeach()
  if(NOT mutants)
    message(FATAL_ERROR "${catalog}: no `id = \"sNN\"` line; the catalog lists no mutant.")
  endif()
  foreach(wheat IN LISTS wheats)
    if(kind_of_${wheat} STREQUAL "semantic")
      list(APPEND semantic "${wheat}")
    elseif(kind_of_${wheat} STREQUAL "binary")
      if(NOT build_of_${wheat} MATCHES "^(other-compiler|O0)$")
        message(FATAL_ERROR "${catalog}: binary wheat ${wheat} needs build = \"other-compiler\" "
                            "or build = \"O0\", not \"${build_of_${wheat}}\".")
      endif()
      list(APPEND binary "${wheat}")
      set(TINYLLM_WHEAT_BUILD_${wheat} "${build_of_${wheat}}" PARENT_SCOPE)
    else()
      message(FATAL_ERROR "${catalog}: wheat ${wheat} needs kind = \"binary\" or "
                          "kind = \"semantic\", not \"${kind_of_${wheat}}\".")
    endif()
  endforeach()
  set(TINYLLM_MUTANT_IDS ${mutants} PARENT_SCOPE)
  set(TINYLLM_WHEAT_IDS ${wheats} PARENT_SCOPE)
  set(TINYLLM_SEMANTIC_WHEAT_IDS ${semantic} PARENT_SCOPE)
  set(TINYLLM_BINARY_WHEAT_IDS ${binary} PARENT_SCOPE)
endfunction()

set(TINYLLM_CATALOG "${PROJECT_SOURCE_DIR}/mutants/catalog.toml")
tinyllm_read_catalog("${TINYLLM_CATALOG}")
