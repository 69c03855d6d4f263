// The precompiled header of what every suite includes (runner/pch/suite_pch.hpp, built by the one
// ninja build): whether this build has one valid for a toolchain, and whether a suite may use it.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace tinyllm::runner {

struct Toolchain;

// Returns the flags that make a compile read the build's precompiled header (<build>/suite-pch):
// {"-include", header} for g++ (which finds header.gch beside it), {"-include-pch", file} for
// clang++. Returns nothing when there is none, or when suite_pch.flags (written once the header
// was built) does not list exactly `toolchain`'s compiler, flags and include folders: a
// precompiled header is valid only with the flags it was built with.
std::vector<std::string> precompiled_header_flags(const std::filesystem::path& build_dir,
                                                  const Toolchain& toolchain);

// Returns whether a file's text defines or undefines a macro (its include guard aside) before one
// of its #include lines, as `#define NDEBUG` or `#define GTEST_...` before `#include
// <gtest/gtest.h>` does: with the precompiled header, those headers would be read before the
// macro, so such a suite is compiled without it.
bool sets_macros_before_including(const std::string& text);

// Returns whether a suite may be compiled with the precompiled header: no file of it (`sources`,
// and every C or C++ file under `suite_dir`, its headers included) sets macros before including.
bool suite_may_use_precompiled_header(const std::filesystem::path& suite_dir,
                                      const std::vector<std::filesystem::path>& sources);

}  // namespace tinyllm::runner
