# The binary wheats of mutants/catalog.toml: the reference built differently, each in
# variants/<id>/libtinyllm_oracle.so. A valid test passes on them as on every wheat (the semantic
# wheats are in the schema library, mutants/builder). Included by oracle/CMakeLists.txt when
# TINYLLM_BUILD_VARIANTS is ON; `tinyllm_wheats` builds them, and ALL builds them too.
#   build "O0": every source compiled again without optimisation;
#   build "other-compiler": this repository's oracle configured and built by the other
#     compiler (clang++ when this build uses g++, g++ otherwise) in its own folder, as
#     scripts/determinism.sh builds it, and its library copied to variants/<id>/.
include(ExternalProject)

# Returns in OUT the compiler a binary wheat "other-compiler" is built with: the cache variable
# TINYLLM_OTHER_CXX_COMPILER if set, else clang++ when this build's compiler is GCC and g++ when
# it is anything else.
function(tinyllm_other_compiler out)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(wanted clang++)
  else()
    set(wanted g++)
  endif()
  find_program(TINYLLM_OTHER_CXX_COMPILER NAMES ${wanted}
               DOC "The compiler of the binary wheat that is the reference built by the other compiler")
  if(NOT TINYLLM_OTHER_CXX_COMPILER)
    message(FATAL_ERROR "The wheat built by the other compiler needs ${wanted}, which is not on "
                        "the PATH: install it (scripts/install-deps.sh), set "
                        "TINYLLM_OTHER_CXX_COMPILER to another compiler than "
                        "${CMAKE_CXX_COMPILER}, or configure with -DTINYLLM_BUILD_VARIANTS=OFF.")
  endif()
  set(${out} "${TINYLLM_OTHER_CXX_COMPILER}" PARENT_SCOPE)
endfunction()

# Adds `target`: the reference built by the other compiler, copied to variants/<wheat>/. The
# nested build's own Ninja runs on every build (BUILD_ALWAYS), so an edited oracle source is
# rebuilt there; the copy changes the library only when its bytes changed.
function(tinyllm_add_other_compiler_wheat target wheat)
  tinyllm_other_compiler(compiler)
  set(nested "${CMAKE_BINARY_DIR}/wheat-${wheat}")
  set(library "${CMAKE_BINARY_DIR}/variants/${wheat}/libtinyllm_oracle.so")
  ExternalProject_Add(${target}
    SOURCE_DIR "${PROJECT_SOURCE_DIR}"
    BINARY_DIR "${nested}"
    PREFIX "${nested}-steps"
    CMAKE_GENERATOR "${CMAKE_GENERATOR}"
    CMAKE_ARGS -DCMAKE_CXX_COMPILER=${compiler}
               -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
               -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
               -DTINYLLM_VARIANT=reference
               -DTINYLLM_BUILD_VARIANTS=OFF -DTINYLLM_BUILD_TESTS=OFF -DTINYLLM_BUILD_RUNNER=OFF
               -DTINYLLM_BUILD_BENCH=OFF
    BUILD_COMMAND "${CMAKE_COMMAND}" --build "${nested}" --target oracle
          COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_BINARY_DIR}/variants/${wheat}"
          COMMAND "${CMAKE_COMMAND}" -E copy_if_different
                  "${nested}/variants/reference/libtinyllm_oracle.so" "${library}"
    BUILD_BYPRODUCTS "${library}"
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    TEST_COMMAND ""
    USES_TERMINAL_BUILD ON)
endfunction()

# Adds `target`: the reference with every source compiled again at -O0 (numerics.cpp included:
# TINYLLM_UNOPTIMISED turns its -O3 off), in variants/<wheat>/.
function(tinyllm_add_unoptimised_wheat target wheat)
  add_library(${target} SHARED ${TINYLLM_ORACLE_SOURCES})
  tinyllm_common_settings(${target})
  target_compile_definitions(${target} PRIVATE TINYLLM_MUTANT=0 TINYLLM_WHEAT=0)
  # After the build type's flags on the command line, so this -O0 is the one that counts.
  target_compile_options(${target} PRIVATE -O0)
  set_target_properties(${target} PROPERTIES TINYLLM_UNOPTIMISED ON)
  tinyllm_variant_library_settings(${target} ${wheat})
endfunction()

add_custom_target(tinyllm_wheats)
foreach(wheat IN LISTS TINYLLM_BINARY_WHEAT_IDS)
  if(TINYLLM_WHEAT_BUILD_${wheat} STREQUAL "O0")
    tinyllm_add_unoptimised_wheat(oracle_${wheat} ${wheat})
  else()
    tinyllm_add_other_compiler_wheat(oracle_${wheat} ${wheat})
  endif()
  add_dependencies(tinyllm_wheats oracle_${wheat})
endforeach()
