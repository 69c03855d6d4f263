# The two builds of the reference that the binary wheats of mutants/catalog.toml name by their
# `build` ("O0", "other-compiler"), each in variants/<build>/libtinyllm_oracle.so; `tinyllm_wheats`
# builds them. scripts/determinism.sh also compares their digests with the reference's.
include(ExternalProject)

# Adds `target`: the reference built by the other compiler (TINYLLM_OTHER_CXX_COMPILER if set, else
# clang++ under GCC and g++ under anything else), copied to variants/other-compiler/. The nested
# build's own Ninja runs on every build (BUILD_ALWAYS), so an edited oracle source is rebuilt
# there; the copy changes the library only when its bytes changed.
function(tinyllm_add_other_compiler_wheat target)
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
  set(nested "${CMAKE_BINARY_DIR}/other-compiler")
  set(library "${CMAKE_BINARY_DIR}/variants/other-compiler/libtinyllm_oracle.so")
  ExternalProject_Add(${target}
    SOURCE_DIR "${PROJECT_SOURCE_DIR}"
    BINARY_DIR "${nested}"
    PREFIX "${nested}-steps"
    CMAKE_GENERATOR "${CMAKE_GENERATOR}"
    CMAKE_ARGS -DCMAKE_CXX_COMPILER=${TINYLLM_OTHER_CXX_COMPILER}
               -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
               -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
               -DTINYLLM_VARIANT=reference
               -DTINYLLM_BUILD_VARIANTS=OFF -DTINYLLM_BUILD_TESTS=OFF -DTINYLLM_BUILD_RUNNER=OFF
               -DTINYLLM_BUILD_BENCH=OFF
    BUILD_COMMAND "${CMAKE_COMMAND}" --build "${nested}" --target oracle
          COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_BINARY_DIR}/variants/other-compiler"
          COMMAND "${CMAKE_COMMAND}" -E copy_if_different
                  "${nested}/variants/reference/libtinyllm_oracle.so" "${library}"
    BUILD_BYPRODUCTS "${library}"
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    TEST_COMMAND ""
    USES_TERMINAL_BUILD ON)
endfunction()

# Adds `target`: the reference with every source compiled again at -O0 (numerics.cpp included:
# TINYLLM_UNOPTIMISED turns its -O3 off), in variants/O0/.
function(tinyllm_add_unoptimised_wheat target)
  add_library(${target} SHARED ${TINYLLM_ORACLE_SOURCES})
  tinyllm_common_settings(${target})
  target_compile_definitions(${target} PRIVATE TINYLLM_MUTANT=0 TINYLLM_WHEAT=0)
  # After the build type's flags on the command line, so this -O0 is the one that counts.
  target_compile_options(${target} PRIVATE -O0)
  set_target_properties(${target} PROPERTIES TINYLLM_UNOPTIMISED ON)
  tinyllm_variant_library_settings(${target} O0)
endfunction()

tinyllm_add_unoptimised_wheat(oracle_O0)
tinyllm_add_other_compiler_wheat(oracle_other_compiler)
add_custom_target(tinyllm_wheats)
add_dependencies(tinyllm_wheats oracle_O0 oracle_other_compiler)
