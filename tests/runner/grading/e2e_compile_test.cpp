// End-to-end tests of compiling a learner's suite with the real compiler: as one translation unit
// when the files allow it (the fast way), file by file when two files define the same names, and
// with the learner's own files named in the diagnostics either way.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "config/build_info.hpp"
#include "e2e_support.hpp"
#include "suite_build/compile.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;
using tinyllm::base::write_whole_file;
using tinyllm::e2e::fresh_folder;
using tinyllm::e2e::suites;

namespace {

SuiteBuild compile(const fs::path& suite_dir, const fs::path& out_dir) {
  const Toolchain toolchain = default_toolchain(build_info::source_dir, build_info::build_dir);
  return compile_suite(toolchain, suite_dir, suite_sources(suite_dir), out_dir, 2);
}

}  // namespace

// Catches: the suite compiled file by file although its files fit in one unit (the grade's
// compile twice as slow again), or a single unit that loses the suite's tests.
TEST(CompileSuite, files_that_fit_in_one_unit_are_compiled_once) {
  const fs::path examples = fs::path(build_info::source_dir) / "examples" / "thorough";
  if (!fs::is_directory(examples)) GTEST_SKIP() << "examples/thorough not here yet";
  SuiteBuild build = compile(examples, fresh_folder("compile-thorough"));
  ASSERT_TRUE(build.ok) << build.diagnostics;
  EXPECT_EQ(build.units, 1) << build.diagnostics;
  EXPECT_TRUE(fs::is_regular_file(build.executable));
}

// Catches: a valid suite whose two files define the same names (anonymous namespaces, static
// functions, helper structs) rejected because one translation unit does not compile.
TEST(CompileSuite, same_names_in_two_files_fall_back_to_file_by_file) {
  SuiteBuild build =
      compile(suites / "same_names_in_two_files", fresh_folder("compile-same-names"));
  ASSERT_TRUE(build.ok) << build.diagnostics;
  EXPECT_EQ(build.units, 2);
  EXPECT_TRUE(fs::is_regular_file(build.executable));
}

// Catches: one clash between two files making every file its own unit (the whole compile slow
// again), or the clashing file left in the unit.
TEST(CompileSuite, a_file_that_clashes_is_compiled_alone_and_the_rest_as_one_unit) {
  const fs::path suite = fresh_folder("compile-clashing-suite");
  const std::string helper = "namespace {\nint helper() { return 1; }\n}  // namespace\n";
  write_whole_file(suite / "a_test.cpp",
                   "#include <gtest/gtest.h>\n" + helper +
                       "TEST(A, helper_is_one) { EXPECT_EQ(helper(), 1); }\n");
  write_whole_file(suite / "b_test.cpp", "#include <gtest/gtest.h>\nTEST(B, passes) {}\n");
  write_whole_file(suite / "c_test.cpp",
                   "#include <gtest/gtest.h>\n" + helper +
                       "TEST(C, helper_is_one) { EXPECT_EQ(helper(), 1); }\n");
  SuiteBuild build = compile(suite, fresh_folder("compile-clashing"));
  ASSERT_TRUE(build.ok) << build.diagnostics;
  EXPECT_EQ(build.units, 2);  // a_test.cpp and b_test.cpp, then c_test.cpp
  EXPECT_EQ(build.diagnostics.find("error"), std::string::npos) << build.diagnostics;
}

// Catches: a suite that does not compile reported with the generated unit's messages (or both
// ways' messages) instead of the compiler's messages for the learner's own files.
TEST(CompileSuite, errors_in_a_suite_of_several_files_name_the_learners_file) {
  const fs::path suite = fresh_folder("compile-broken-suite");
  write_whole_file(suite / "fine_test.cpp", "#include <gtest/gtest.h>\nTEST(Fine, passes) {}\n");
  write_whole_file(suite / "broken_test.cpp",
                   "#include <gtest/gtest.h>\nTEST(Broken, calls) { no_such_function(); }\n");
  SuiteBuild build = compile(suite, fresh_folder("compile-broken"));
  EXPECT_FALSE(build.ok);
  EXPECT_TRUE(build.executable.empty());
  EXPECT_NE(build.diagnostics.find("broken_test.cpp:2"), std::string::npos) << build.diagnostics;
  EXPECT_NE(build.diagnostics.find("no_such_function"), std::string::npos);
  EXPECT_EQ(build.diagnostics.find("suite-as-one-unit"), std::string::npos) << build.diagnostics;
}
