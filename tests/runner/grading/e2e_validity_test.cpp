// End-to-end tests of per-test validity with wheats: the real tinyllm-grade on suites whose tests
// fail on the reference or on a wheat. An invalid test is named and left out of the mutants' runs
// (it kills nothing); the grade is INVALID only when no valid test remains, or strictly when any
// test is invalid; nothing of a binary wheat's run reaches a report.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "e2e_support.hpp"
#include "grading/grade.hpp"
#include "tinyllm/base/process.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;
using tinyllm::runner::variant_library;

namespace {

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The suite fingerprints_library's hash of a file: FNV-1a 64 of its bytes, in hex.
std::string fnv1a_hex(const fs::path& file) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (const char c : read_file(file)) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

// Returns the exit status of the compiled suite in `work_dir` run on `variant`'s library with
// only `test`.
int run_compiled(const fs::path& work_dir, const std::string& variant, const std::string& test) {
  const std::string command = "cd '" + work_dir.string() + "' && env LD_LIBRARY_PATH='" +
                              variant_library(build_dir, variant).parent_path().string() +
                              "' ./suite --gtest_filter=" + test;
  return tinyllm::base::run_process({"sh", "-c", command}, 60).exit_code;
}

// Grades the suite folder `suite` (anywhere) with the small limits, quietly, into `output`.
Graded grade_folder(const fs::path& suite, const fs::path& output,
                    std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"grade", suite.string(),  "-c", hostile_config.string(),
                                   "-o",    output.string(), "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_grader(args);
}

}  // namespace

// Catches: the attack of issue 11 earning credit (a test that hashes the mapped library and
// compares it with the reference's "kills" every mutant), and any report echoing what the test
// saw of a binary wheat (that wheat's hash, which the learner could then pin too).
TEST(Validity, a_test_that_fingerprints_the_library_is_invalid_and_earns_nothing) {
  const fs::path suite = fresh_folder("fingerprints") / "fingerprints_library";
  fs::create_directories(suite);
  const fs::path source = suites / "fingerprints_library" / "fingerprints_library_test.cpp";
  std::string text = read_file(source);
  const std::string reference_hash = fnv1a_hex(variant_library(build_dir, "reference"));
  text = std::regex_replace(text, std::regex("REFERENCE_LIBRARY_HASH"), reference_hash);
  std::ofstream(suite / source.filename()) << text;

  const fs::path output = fresh_folder("fingerprints-report");
  const Graded g = grade_folder(
      suite, output, {"--format", "terminal", "json", "markdown", "junit", "gradescope"});
  EXPECT_TRUE(g.status == 1 || g.status == 2) << g.output;
  EXPECT_NE(g.output.find("Fingerprint.the_library_is_the_reference"), std::string::npos)
      << "the fingerprinting test is not named invalid:\n"
      << g.output;
  const std::string table = table_without_times(g.output);
  EXPECT_EQ(table.find("the_library_is_the_reference"), std::string::npos)
      << "the fingerprinting test killed mutants:\n"
      << table;
  if (g.status == 1) {
    EXPECT_EQ(status_of(g.output, "s01"), "Killed") << g.output;  // the hand example's
    // Not detected: Survived, or NoCoverage when no valid test reaches its site (reach).
    EXPECT_TRUE(status_of(g.output, "s02") == "Survived" ||
                status_of(g.output, "s02") == "NoCoverage")
        << g.output;
  }

  // The control: the test is a real attack, passing on the reference and failing on a mutant.
  const fs::path work = output / "suite-build";
  EXPECT_EQ(run_compiled(work, "reference", "Fingerprint.the_library_is_the_reference"), 0);
  EXPECT_NE(run_compiled(work, "schema", "Fingerprint.the_library_is_the_reference"), 0);

  // No binary wheat's hash anywhere a learner reads: the grader's output and the report files.
  for (const char* wheat : {"w01", "w02"}) {
    const std::string hash =
        fnv1a_hex(tinyllm::runner::VariantRuns(build_dir).target(wheat).library);
    ASSERT_NE(hash, reference_hash) << wheat << " is byte for byte the reference";
    EXPECT_EQ(g.output.find(hash), std::string::npos) << wheat << "'s hash is in the output";
    for (const auto& entry : fs::recursive_directory_iterator(output)) {
      // The compiled suite's folder is the grader's, not a report.
      if (!entry.is_regular_file() || entry.path().string().rfind(work.string() + "/", 0) == 0)
        continue;
      EXPECT_EQ(read_file(entry.path()).find(hash), std::string::npos)
          << wheat << "'s hash is in " << entry.path();
    }
  }
}

// Catches: a test that pins the reference's exact error message (a wording the contract leaves
// open, which wheat w03 changes) counted as valid, or killing mutants once found invalid.
TEST(Validity, a_test_pinning_an_error_message_is_invalid_on_the_messages_wheat) {
  const fs::path output = fresh_folder("pins-error-message");
  const Graded g = grade_folder(suites / "pins_error_message", output);
  EXPECT_EQ(g.status, 1) << g.output;
  const std::string pinning = "PinsMessage.unknown_dtype_has_exactly_the_references_message";
  EXPECT_NE(g.output.find(pinning), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("w03"), std::string::npos) << "the wheat it fails on is not named";
  EXPECT_EQ(table_without_times(g.output).find(pinning), std::string::npos);
  EXPECT_EQ(status_of(g.output, "s01"), "Killed") << g.output;
  // It passes on the reference and fails on w03: the wheat, not the reference, makes it invalid.
  EXPECT_EQ(run_compiled(output / "suite-build", "reference", pinning), 0);
  EXPECT_NE(run_compiled(output / "suite-build", "w03", pinning), 0);
}

// Catches: one wrong test zeroing the grade (INVALID per test), an invalid test killing mutants
// (both "kill" all 24 when run), the invalid tests not named with a command that reproduces their
// failure, or the strict policy grading them anyway.
TEST(Validity, some_tests_invalid_are_named_and_the_rest_graded) {
  const Graded g = grade("some_tests_invalid");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 2/24 mutants detected"), std::string::npos) << g.output;
  EXPECT_EQ(status_of(g.output, "s01"), "Killed") << g.output;
  EXPECT_EQ(status_of(g.output, "s02"), "Killed") << g.output;
  EXPECT_EQ(status_of(g.output, "s03"), "Survived") << g.output;
  for (const char* invalid : {"Mixed.bf16_tie_rounds_up", "Mixed.aborts"}) {
    EXPECT_NE(g.output.find(invalid), std::string::npos) << invalid << "\n" << g.output;
    EXPECT_EQ(table_without_times(g.output).find(invalid), std::string::npos) << invalid;
  }
  std::smatch m;
  ASSERT_TRUE(std::regex_search(g.output, m,
                                std::regex("reproduce: (.*--gtest_filter=.?Mixed.bf16_tie.*)")))
      << g.output;
  const auto rerun = tinyllm::base::run_process({"sh", "-c", m[1].str()}, 60);
  EXPECT_NE(rerun.exit_code, 0) << "did not reproduce: " << m[1].str() << "\n" << rerun.output;
  EXPECT_NE(rerun.output.find("Mixed.bf16_tie_rounds_up"), std::string::npos) << rerun.output;

  const Graded strict = grade("some_tests_invalid", {"--validity", "strict"});
  EXPECT_EQ(strict.status, 2) << strict.output;
  EXPECT_NE(strict.output.find("Mixed.bf16_tie_rounds_up"), std::string::npos) << strict.output;
}

// Catches: a suite with no valid test graded (every mutant surviving, FAIL) instead of INVALID.
TEST(Validity, every_test_invalid_is_invalid) {
  for (const char* validity : {"per-test", "strict"}) {
    const Graded g = grade("every_test_invalid", {"--validity", validity});
    EXPECT_EQ(g.status, 2) << validity << "\n" << g.output;
    for (const char* test : {"AllWrong.bf16_tie_rounds_up", "AllWrong.plain_matmul_is_rounded"})
      EXPECT_NE(g.output.find(test), std::string::npos) << test << "\n" << g.output;
    if (std::string(validity) == "per-test") {
      EXPECT_NE(g.output.find("every test is invalid"), std::string::npos) << g.output;
    }
  }
}
