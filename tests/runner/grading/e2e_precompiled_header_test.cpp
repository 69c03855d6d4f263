// End-to-end tests of compiling with the build's precompiled header of GoogleTest, RapidCheck and
// <tinyllm/tinyllm.hpp>: used when the build has it, never changing what a suite compiles to, and
// never the reason a valid suite does not compile.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "config/build_info.hpp"
#include "e2e_support.hpp"
#include "suite_build/compile.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;
using tinyllm::base::write_whole_file;
using tinyllm::e2e::fresh_folder;

namespace {

Toolchain built_toolchain() {
  return default_toolchain(build_info::source_dir, build_info::build_dir);
}

SuiteBuild compile(const Toolchain& toolchain, const fs::path& suite_dir, const fs::path& out_dir) {
  return compile_suite(toolchain, suite_dir, suite_sources(suite_dir), out_dir, 2);
}

std::string bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A suite of one file that includes GoogleTest and the oracle but not RapidCheck.
fs::path suite_without_rapidcheck() {
  const fs::path suite = fresh_folder("pch-no-rapidcheck");
  write_whole_file(suite / "cast_test.cpp",
                   "#include <gtest/gtest.h>\n#include <tinyllm/tinyllm.hpp>\n"
                   "TEST(Cast, compiles) { EXPECT_EQ(__LINE__, 3); }\n");
  return suite;
}

}  // namespace

// Catches: the build not making the precompiled header for the grader's own toolchain (its flags
// file not matching what default_toolchain compiles with), so every grade compiles the slow way.
TEST(PrecompiledHeader, the_build_has_one_for_the_graders_toolchain_and_suites_use_it) {
  const Toolchain toolchain = built_toolchain();
  ASSERT_FALSE(toolchain.precompiled_header.empty())
      << "no usable header in " << build_info::build_dir << "/suite-pch: build tinyllm-grade";
  SuiteBuild build = compile(toolchain, suite_without_rapidcheck(), fresh_folder("pch-used"));
  ASSERT_TRUE(build.ok) << build.diagnostics;
  EXPECT_TRUE(build.precompiled_header);
}

// Catches: the header changing what a suite compiles to, e.g. a suite that does not include
// RapidCheck getting different code, or __LINE__/__FILE__ shifted by the added include.
TEST(PrecompiledHeader, a_suite_compiles_to_the_same_object_with_and_without_it) {
  Toolchain with = built_toolchain();
  if (with.precompiled_header.empty()) GTEST_SKIP() << "the build has no precompiled header";
  Toolchain without = with;
  without.precompiled_header.clear();
  const fs::path suite = suite_without_rapidcheck();
  const fs::path out_with = fresh_folder("pch-with"), out_without = fresh_folder("pch-without");
  SuiteBuild a = compile(with, suite, out_with);
  SuiteBuild b = compile(without, suite, out_without);
  ASSERT_TRUE(a.ok && b.ok) << a.diagnostics << b.diagnostics;
  EXPECT_TRUE(a.precompiled_header);
  EXPECT_FALSE(b.precompiled_header);
  const std::string object = "objects/0-cast_test.o";
  ASSERT_TRUE(fs::is_regular_file(out_with / object));
  EXPECT_TRUE(bytes(out_with / object) == bytes(out_without / object));
}

// Catches: a valid suite that clashes with a name the header brings in (here RapidCheck's
// namespace rc, in a suite that never includes RapidCheck) reported as not compiling.
TEST(PrecompiledHeader, a_suite_that_clashes_with_it_compiles_without_it) {
  Toolchain toolchain = built_toolchain();
  if (toolchain.precompiled_header.empty()) GTEST_SKIP() << "the build has no precompiled header";
  const fs::path suite = fresh_folder("pch-clash");
  write_whole_file(suite / "a_test.cpp",
                   "#include <gtest/gtest.h>\n#include <chrono>\nnamespace rc = std::chrono;\n"
                   "TEST(A, one_second) { EXPECT_EQ(rc::seconds(1).count(), 1); }\n");
  write_whole_file(suite / "b_test.cpp", "#include <gtest/gtest.h>\nTEST(B, passes) {}\n");
  SuiteBuild build = compile(toolchain, suite, fresh_folder("pch-clash-out"));
  ASSERT_TRUE(build.ok) << build.diagnostics;
  EXPECT_FALSE(build.precompiled_header);
  EXPECT_EQ(build.units, 1);
  EXPECT_EQ(build.diagnostics.find("error"), std::string::npos) << build.diagnostics;
}

// Catches: a broken or unusable precompiled header (here one that stops every compile) failing
// the suite instead of the grader compiling it without.
TEST(PrecompiledHeader, a_broken_header_never_fails_a_valid_suite) {
  const fs::path broken = fresh_folder("pch-broken") / "broken.hpp";
  write_whole_file(broken, "#error this precompiled header is broken\n");
  Toolchain toolchain = built_toolchain();
  toolchain.precompiled_header = {"-include", broken.string()};
  SuiteBuild build = compile(toolchain, suite_without_rapidcheck(), fresh_folder("pch-broken-out"));
  ASSERT_TRUE(build.ok) << build.diagnostics;
  EXPECT_FALSE(build.precompiled_header);
  EXPECT_EQ(build.diagnostics.find("error"), std::string::npos) << build.diagnostics;
}
