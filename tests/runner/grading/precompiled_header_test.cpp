// Unit tests of the precompiled header's rules: which build's header a toolchain may use, and
// which suites must be compiled without it (no compiler runs here; e2e_precompiled_header_test.cpp
// compiles with it).
#include "suite_build/precompiled_header.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "suite_build/compile.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;

namespace {

fs::path fresh_folder(const std::string& name) {
  std::random_device device;
  static const tinyllm::base::testing::TempFolder root;  // removed when the process exits
  fs::path dir = root.path() / (name + "-" + std::to_string(device()));
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

Toolchain toolchain() {
  Toolchain t;
  t.compiler = "/usr/bin/g++";
  t.cxx_flags = {"-std=c++20", "-O1"};
  t.include_dirs = {"/src/oracle/include", "/src/properties"};
  return t;
}

// A build folder whose suite-pch/ holds a header, `pch_name` beside it, and the flags it was
// built with.
fs::path build_with_header(const std::string& name, const std::string& pch_name,
                           const std::string& flags) {
  const fs::path build = fresh_folder(name);
  write(build / "suite-pch" / "suite_pch.hpp", "#include <gtest/gtest.h>\n");
  write(build / "suite-pch" / pch_name, "not a real precompiled header");
  write(build / "suite-pch" / "suite_pch.flags", flags);
  return build;
}

const std::string kMatchingFlags =
    "/usr/bin/g++\n-std=c++20\n-O1\n-I/src/oracle/include\n-I/src/properties\n";

}  // namespace

// Catches: g++'s header passed with -include-pch (an error), or the .gch path given to -include
// (g++ looks for HEADER.gch beside the header it is given, so the .gch itself would be read as
// text).
TEST(PrecompiledHeaderFlags, gcc_header_is_included_by_its_header_name) {
  const fs::path build = build_with_header("gch", "suite_pch.hpp.gch", kMatchingFlags);
  EXPECT_EQ(
      precompiled_header_flags(build, toolchain()),
      (std::vector<std::string>{"-include", (build / "suite-pch" / "suite_pch.hpp").string()}));
}

// Catches: clang++'s .pch passed with -include (clang would then read the header as text, or
// not find its .pch).
TEST(PrecompiledHeaderFlags, clang_header_is_read_with_include_pch) {
  const fs::path build = build_with_header("pch", "suite_pch.hpp.pch", kMatchingFlags);
  EXPECT_EQ(precompiled_header_flags(build, toolchain()),
            (std::vector<std::string>{"-include-pch",
                                      (build / "suite-pch" / "suite_pch.hpp.pch").string()}));
}

// Catches: a header built with other flags, another compiler or other include folders used anyway
// (a precompiled header is valid only with the flags it was built with: clang rejects it, g++
// may silently mis-read it).
TEST(PrecompiledHeaderFlags, a_header_built_for_another_toolchain_is_not_used) {
  const fs::path build = build_with_header("other-flags", "suite_pch.hpp.gch", kMatchingFlags);
  Toolchain other_flag = toolchain();
  other_flag.cxx_flags.push_back("-DNDEBUG");
  EXPECT_TRUE(precompiled_header_flags(build, other_flag).empty());
  Toolchain other_compiler = toolchain();
  other_compiler.compiler = "/usr/bin/clang++";
  EXPECT_TRUE(precompiled_header_flags(build, other_compiler).empty());
  Toolchain other_source = toolchain();
  other_source.include_dirs = {"/elsewhere/oracle/include", "/elsewhere/properties"};
  EXPECT_TRUE(precompiled_header_flags(build, other_source).empty());
}

// Catches: a header whose build did not finish (no flags file: it is written last) or that was
// never built used anyway.
TEST(PrecompiledHeaderFlags, no_header_without_its_flags_file_or_its_file) {
  const fs::path unfinished = build_with_header("unfinished", "suite_pch.hpp.gch", kMatchingFlags);
  fs::remove(unfinished / "suite-pch" / "suite_pch.flags");
  EXPECT_TRUE(precompiled_header_flags(unfinished, toolchain()).empty());
  const fs::path no_pch = build_with_header("no-pch", "something-else", kMatchingFlags);
  EXPECT_TRUE(precompiled_header_flags(no_pch, toolchain()).empty());
  EXPECT_TRUE(precompiled_header_flags(fresh_folder("empty-build"), toolchain()).empty());
}

// Catches: a suite that configures GoogleTest, the standard library or the oracle with a macro
// before including them compiled with the header, which read them without that macro.
TEST(SetsMacrosBeforeIncluding, a_define_or_undef_before_an_include_is_found) {
  EXPECT_TRUE(sets_macros_before_including("#define NDEBUG\n#include <gtest/gtest.h>\n"));
  EXPECT_TRUE(sets_macros_before_including("  #  undef GTEST_HAS_RTTI\n#include <vector>\n"));
  EXPECT_TRUE(
      sets_macros_before_including("#include <cmath>\n#define _USE_MATH 1\n#include \"h.hpp\"\n"));
}

// Catches: every suite with an include guard or a helper macro denied the header (the compile
// slow again for ordinary suites).
TEST(SetsMacrosBeforeIncluding, include_guards_and_macros_after_the_includes_are_fine) {
  EXPECT_FALSE(sets_macros_before_including(
      "#ifndef HELPERS_HPP\n#define HELPERS_HPP\n#include <gtest/gtest.h>\n#endif\n"));
  EXPECT_FALSE(
      sets_macros_before_including("#pragma once\n#include <gtest/gtest.h>\n#define "
                                   "EXPECT_CLOSE(a, b) EXPECT_NEAR(a, b, 1e-6)\n"));
  EXPECT_FALSE(sets_macros_before_including("// #define NDEBUG\n#include <gtest/gtest.h>\n"));
}

// Catches: a macro set in one of the suite's own headers (not a .cpp) before its includes missed.
TEST(SuiteMayUsePrecompiledHeader, looks_into_the_suites_headers_too) {
  const fs::path suite = fresh_folder("suite-headers");
  write(suite / "a_test.cpp", "#include \"helpers.hpp\"\nTEST(A, b) {}\n");
  write(suite / "helpers.hpp", "#pragma once\n#include <gtest/gtest.h>\n");
  EXPECT_TRUE(suite_may_use_precompiled_header(suite, {suite / "a_test.cpp"}));
  write(suite / "helpers.hpp",
        "#pragma once\n#define GTEST_DONT_DEFINE_TEST 1\n#include <gtest/gtest.h>\n");
  EXPECT_FALSE(suite_may_use_precompiled_header(suite, {suite / "a_test.cpp"}));
}
