# Precompiled headers: the standard, GoogleTest, RapidCheck, nlohmann/json and {fmt} headers that
# most of the project's files include, parsed once per build instead of once per file (parsing them
# was about 60% of a typical test file's compile; a build from scratch took 757 s against 853 s).
# Every C++ target outside oracle/ reuses one, made by a target of its own: for programs that link
# GoogleTest, or not; for executables (-fPIE) or libraries (-fPIC); under the project's options, or
# the tests' (-O0), since a precompiled header is only valid under the flags and macros it was made
# with. Targets with compile options of their own (the learner-module shims, the objects the
# sandbox links into suites) are left alone.
# GCC 12 reports its -Warray-bounds false positives on std::string's inlined copies (a chain of
# `+` on strings) from a precompiled header, where it keeps them quiet in a system header: append,
# or fmt::format, instead.
find_package(GTest REQUIRED)
find_package(rapidcheck REQUIRED)

set(tinyllm_pch_product_headers
    <algorithm> <chrono> <cstdint> <filesystem> <fstream> <functional> <map> <memory> <optional>
    <set> <sstream> <stdexcept> <string> <string_view> <utility> <vector> <fmt/format.h>
    <nlohmann/json.hpp>)
set(tinyllm_pch_test_headers ${tinyllm_pch_product_headers} <gtest/gtest.h> <rapidcheck.h>
    <rapidcheck/gtest.h>)

file(WRITE "${PROJECT_BINARY_DIR}/pch/main.cpp" "int main() { return 0; }\n")

# Adds the precompiled headers of `kind` (product, or test: with GoogleTest and RapidCheck) under
# the current directory's compile options, for executables and for libraries:
# tinyllm_pch_<name>_exe and tinyllm_pch_<name>_lib. A target reuses the one of its kind whose
# compile options are its own (tinyllm_use_precompiled_headers).
function(tinyllm_add_precompiled_headers name kind)
  foreach(type IN ITEMS exe lib)
    set(target tinyllm_pch_${name}_${type})
    if(type STREQUAL exe)
      add_executable(${target} "${PROJECT_BINARY_DIR}/pch/main.cpp")
    else()
      add_library(${target} STATIC "${PROJECT_BINARY_DIR}/pch/main.cpp")
    endif()
    target_precompile_headers(${target} PRIVATE ${tinyllm_pch_${kind}_headers})
    # {fmt}'s header depends on FMT_SHARED, which linking Debian's shared libfmt defines: every
    # target that reuses a header defines it too, whether or not it links {fmt} itself.
    target_compile_definitions(${target} PRIVATE FMT_SHARED)
    if(kind STREQUAL test)
      target_link_libraries(${target} PRIVATE GTest::gtest rapidcheck)
    endif()
    set_property(GLOBAL APPEND PROPERTY TINYLLM_PRECOMPILED_HEADERS "${target}:${kind}:${type}")
  endforeach()
endfunction()

# Every buildsystem target defined in `dir` and the folders below it, in `out`.
function(tinyllm_targets_under dir out)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    tinyllm_targets_under("${subdir}" more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Makes every eligible C++ target of the project outside oracle/ reuse the precompiled header of
# its kind, type and compile options, where there is one.
function(tinyllm_use_precompiled_headers)
  get_property(headers GLOBAL PROPERTY TINYLLM_PRECOMPILED_HEADERS)
  get_property(dirs DIRECTORY "${PROJECT_SOURCE_DIR}" PROPERTY SUBDIRECTORIES)
  list(REMOVE_ITEM dirs "${PROJECT_SOURCE_DIR}/oracle")
  foreach(dir IN LISTS dirs)
    tinyllm_targets_under("${dir}" targets)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      get_target_property(sources ${target} SOURCES)
      list(FILTER sources INCLUDE REGEX "\\.cpp$")
      if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY)$"
         OR NOT sources OR target MATCHES "^tinyllm_pch_")
        continue()
      endif()
      get_target_property(options ${target} COMPILE_OPTIONS)
      get_target_property(links ${target} LINK_LIBRARIES)
      set(kind product)
      if(links MATCHES "GTest::")
        set(kind test)
      endif()
      set(pic lib)
      if(type STREQUAL EXECUTABLE)
        set(pic exe)
      endif()
      foreach(header IN LISTS headers)
        string(REPLACE ":" ";" header "${header}")
        list(GET header 0 pch)
        get_target_property(pch_options ${pch} COMPILE_OPTIONS)
        if(header MATCHES ";${kind};${pic}$" AND options STREQUAL pch_options)
          target_precompile_headers(${target} REUSE_FROM ${pch})
          target_compile_definitions(${target} PRIVATE FMT_SHARED)
          break()
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()

tinyllm_add_precompiled_headers(product product)
tinyllm_add_precompiled_headers(test test)
