// The command line at its edges, end to end: every option is checked before anything is compiled
// or graded, errors name the command once, and each command's --help lists only what it uses.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "e2e_support.hpp"

namespace fs = std::filesystem;

namespace {

using tinyllm::e2e::fresh_folder;
using tinyllm::e2e::Graded;
using tinyllm::e2e::run_grader;
const fs::path example_suite = fs::path(TINYLLM_SOURCE_DIR) / "examples" / "thorough";

// A configuration whose HTML report would need a viewer bundle that is not there.
fs::path config_without_viewer_bundle(const fs::path& folder) {
  const fs::path config = folder / "grade.toml";
  std::ofstream(config) << "[reports]\nformats = [\"json\", \"html\"]\n"
                           "elements_bundle = \"no-such-folder/mutation-test-elements.js\"\n";
  return config;
}

}  // namespace

// Catches: a bad --format checked only when the reports are written, after the whole grade.
TEST(CommandLine, AnUnknownFormatFailsBeforeTheSuiteIsCompiled) {
  const fs::path out = fresh_folder("format");
  const Graded ran =
      run_grader({"grade", example_suite.string(), "--format", "bogus", "-o", out.string(), "-q"});
  EXPECT_EQ(ran.status, 3) << ran.output;
  EXPECT_NE(ran.output.find("unknown report format 'bogus': use terminal, json"), std::string::npos)
      << ran.output;
  EXPECT_FALSE(fs::exists(out / "suite-build")) << "the suite was compiled before the check";
  fs::remove_all(out);
}

// Catches: a missing mutation-testing-elements bundle found only after grading, when it also
// stops the other reports from being written.
TEST(CommandLine, AMissingViewerBundleFailsBeforeGradingAndSaysTheFix) {
  const fs::path out = fresh_folder("bundle");
  const Graded ran =
      run_grader({"grade", example_suite.string(), "-c", config_without_viewer_bundle(out).string(),
                  "-o", out.string(), "-q"});
  EXPECT_EQ(ran.status, 3) << ran.output;
  EXPECT_NE(ran.output.find("no-such-folder/mutation-test-elements.js"), std::string::npos)
      << ran.output;
  EXPECT_NE(ran.output.find("scripts/install-deps.sh"), std::string::npos) << ran.output;
  EXPECT_FALSE(fs::exists(out / "suite-build")) << "the suite was compiled before the check";
  fs::remove_all(out);
}

// Catches: batch grading a whole class before finding that it cannot write the HTML reports.
TEST(CommandLine, BatchChecksTheViewerBundleBeforeTheFirstSuite) {
  const fs::path out = fresh_folder("batch-bundle");
  const fs::path suites = out / "class";
  fs::create_directories(suites / "ada");
  fs::copy(example_suite, suites / "ada", fs::copy_options::recursive);
  const Graded ran =
      run_grader({"batch", suites.string(), "-c", config_without_viewer_bundle(out).string(), "-o",
                  (out / "graded").string(), "-q"});
  EXPECT_EQ(ran.status, 3) << ran.output;
  EXPECT_NE(ran.output.find("mutation-test-elements.js"), std::string::npos) << ran.output;
  EXPECT_FALSE(fs::exists(out / "graded" / "ada")) << "a suite was graded before the check";
  fs::remove_all(out);
}

// Catches: the command's name written twice ("tinyllm-grade grade: error: grade: which suite?").
TEST(CommandLine, AnErrorNamesTheCommandOnce) {
  for (const std::string command : {"grade", "batch", "merge", "gradescope-bundle"}) {
    const Graded ran = run_grader({command});
    EXPECT_EQ(ran.status, 3) << command << ": " << ran.output;
    const std::string prefix = "tinyllm-grade " + command + ": error: ";
    EXPECT_EQ(ran.output.rfind(prefix, 0), 0U) << ran.output;
    EXPECT_EQ(ran.output.find(command + ": ", prefix.size()), std::string::npos)
        << "the command's name appears twice: " << ran.output;
  }
  const Graded bad_option = run_grader({"list", "--bogus"});
  EXPECT_EQ(bad_option.status, 3);
  EXPECT_EQ(bad_option.output.find("list: list"), std::string::npos) << bad_option.output;
  EXPECT_EQ(bad_option.output.find("error: list:"), std::string::npos) << bad_option.output;
}

// Catches: list --help offering grading options (--jobs, --threshold, ...) that list ignores.
TEST(CommandLine, ListHelpShowsOnlyTheOptionsListUses) {
  const Graded ran = run_grader({"list", "--help"});
  EXPECT_EQ(ran.status, 0) << ran.output;
  // --build-dir: list reads the generated mutants the build made.
  for (const char* used : {"--verbose", "--config", "--source-dir", "--catalog", "--build-dir"})
    EXPECT_NE(ran.output.find(used), std::string::npos) << used << " missing:\n" << ran.output;
  for (const char* unused :
       {"--jobs", "--threshold", "--seed", "--isolation", "--output", "--quiet"})
    EXPECT_EQ(ran.output.find(unused), std::string::npos) << unused << " listed:\n" << ran.output;
  EXPECT_NE(run_grader({"list", "--jobs", "2"}).status, 0) << "list accepted an option it ignores";
}

// Catches: a misspelt --validity silently grading per test (or strictly) after the whole grade,
// or grade --help not saying what the policies do.
TEST(CommandLine, ValidityIsPerTestOrStrictCheckedBeforeGrading) {
  const fs::path out = fresh_folder("validity");
  const Graded ran = run_grader(
      {"grade", example_suite.string(), "--validity", "lenient", "-o", out.string(), "-q"});
  EXPECT_EQ(ran.status, 3) << ran.output;
  EXPECT_NE(ran.output.find("--validity must be per-test or strict, not lenient"),
            std::string::npos)
      << ran.output;
  EXPECT_FALSE(fs::exists(out / "suite-build")) << "the suite was compiled before the check";
  fs::remove_all(out);
  const Graded help = run_grader({"grade", "--help"});
  EXPECT_NE(help.output.find("--validity POLICY"), std::string::npos) << help.output;
  EXPECT_NE(help.output.find("wheat"), std::string::npos) << help.output;
}
