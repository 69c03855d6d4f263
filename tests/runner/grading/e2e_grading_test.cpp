// End-to-end tests of grading outcomes: the real tinyllm-grade on honest and hostile suites (with
// the small limits of configs/hostile.toml), checking the exit status and what the reports say:
// statuses, score, verdict, and INVALID with what to fix. Run as a normal user (label hostile).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "e2e_support.hpp"
#include "tinyllm/base/process.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

// Catches: a mutant given the wrong status, a killing test not named, or a score line that
// miscounts (the honest suite kills s01, s02, s04 and nothing else).
TEST(GraderEndToEnd, honest_suite_kills_exactly_the_mutants_it_tests) {
  Graded g = grade("kills_some");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_EQ(status_of(g.output, "s01"), "Killed") << g.output;
  EXPECT_EQ(status_of(g.output, "s02"), "Killed");
  EXPECT_EQ(status_of(g.output, "s04"), "Killed");
  EXPECT_EQ(status_of(g.output, "s03"), "Survived");
  EXPECT_NE(g.output.find("KillsSome.bf16_matmul_rounds_its_output"), std::string::npos);
  EXPECT_NE(g.output.find("Score: 3/24 mutants detected (12.5%), threshold 80.0%"),
            std::string::npos);
}

// Catches: a grade that depends on the number of parallel runs or their order.
TEST(GraderEndToEnd, same_suite_and_seed_give_the_same_statuses_and_killing_tests) {
  Graded first = grade("kills_some");
  Graded second = grade("kills_some", {"-j", "1"});
  ASSERT_FALSE(table_without_times(first.output).empty()) << first.output;
  EXPECT_EQ(table_without_times(first.output), table_without_times(second.output));
}

// Catches: a PASS refused when the configured threshold is met and every required mutant is
// detected.
TEST(GraderEndToEnd, passes_when_threshold_met_and_every_required_mutant_detected) {
  auto config = write_config("pass",
                             "threshold = 0.1\nrequired = [\"s01\", \"s02\", \"s04\"]\n"
                             "mutants = \"pitfalls\"\n[seeds]\nreference = [7]\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("Verdict: PASS"), std::string::npos);
}

// Catches: the required list ignored once the score is above the threshold.
TEST(GraderEndToEnd, fails_when_a_required_mutant_survives_despite_the_score) {
  auto config = write_config(
      "required", "threshold = 0.1\nrequired = [\"s01\", \"s03\"]\nmutants = \"pitfalls\"\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Every pitfall mutant must be detected; 1 survived: s03."),
            std::string::npos);
}

// Catches: --threshold losing to the configuration file.
TEST(GraderEndToEnd, command_line_threshold_overrides_the_file) {
  auto config =
      write_config("override", "threshold = 0.9\nrequired = [\"s01\"]\nmutants = \"pitfalls\"\n");
  Graded g = grade("kills_some", {"--threshold", "0.1"}, config);
  EXPECT_EQ(g.status, 0) << g.output;
}

// Catches: a suite that does not compile graded (or failed) instead of INVALID, or its compiler
// message lost.
TEST(GraderEndToEnd, compile_error_is_invalid_with_the_compilers_diagnostics) {
  Graded g = grade("does_not_compile");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("no_such_function"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("error"), std::string::npos);
  EXPECT_NE(g.output.find("the suite does not compile"), std::string::npos);
}

// Catches: a valid suite whose two files define the same names (anonymous namespaces, static
// functions) graded INVALID because they do not compile as one unit, or its tests' locations in
// the JSON report naming anything but the learner's own files and lines.
TEST(GraderEndToEnd, suite_whose_files_define_the_same_names_is_graded_at_their_own_lines) {
  fs::path output;
  Graded g = grade("same_names_in_two_files", {}, hostile_config, &output);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_EQ(g.output.find("the suite does not compile"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("Verdict: FAIL"), std::string::npos) << g.output;
  const auto files = nlohmann::json::parse(json_report(output))["testFiles"];
  EXPECT_EQ(files["first_test.cpp"]["tests"][0]["location"]["start"]["line"], 24) << files.dump();
  EXPECT_EQ(files["second_test.cpp"]["tests"][0]["location"]["start"]["line"], 22);
}

// Catches: a learner's include path that holds the repository root, so a suite can include the
// oracle's internals (oracle/src) and test them, or read the mutant switch, instead of the public
// contract.
TEST(GraderEndToEnd, suite_that_includes_the_oracles_internals_does_not_compile) {
  Graded g = grade("reaches_internals");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("the suite does not compile"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("oracle/src/mutant.hpp"), std::string::npos) << g.output;
}

// Catches: a crash on the reference reported without its signal, test or seed, or a reproduce
// command that does not reproduce it; per test, the crashing test not dropped (the grade INVALID
// or the crash killing mutants), and strictly, the grade not INVALID.
TEST(GraderEndToEnd, crash_on_reference_is_invalid_and_names_signal_test_and_a_rerun_command) {
  for (const char* validity : {"per-test", "strict"}) {
    Graded g = grade("crashes", {"--validity", validity});
    const bool strict = std::string(validity) == "strict";
    EXPECT_EQ(g.status, strict ? 2 : 1) << validity << "\n" << g.output;
    EXPECT_NE(g.output.find("crashed with SIGSEGV"), std::string::npos) << g.output;
    EXPECT_NE(g.output.find("Hostile.crashes_with_sigsegv"), std::string::npos) << g.output;
    EXPECT_NE(g.output.find("seed 20261201"), std::string::npos) << g.output;
    // Per test, the crashing test is left out of the mutants' runs: it kills nothing.
    if (!strict) {
      EXPECT_NE(g.output.find("Score: 0/24 mutants detected"), std::string::npos) << g.output;
    }
    std::smatch m;
    ASSERT_TRUE(std::regex_search(g.output, m, std::regex("reproduce: (.*)"))) << g.output;
    auto rerun = tinyllm::base::run_process({"sh", "-c", m[1].str()}, 60);
    EXPECT_NE(rerun.exit_code, 0) << "the reproduce command did not reproduce: " << m[1].str();
    EXPECT_NE(rerun.output.find("Hostile.crashes_with_sigsegv"), std::string::npos) << rerun.output;
  }
}

// Catches: a hanging, crashing or early-exiting mutant run counted as survived, or given a reason
// that hides which it was.
TEST(GraderEndToEnd, mutant_runs_that_hang_crash_or_exit_early_are_detected_for_what_they_are) {
  fs::path output;
  Graded g = grade("misbehaves_on_mutants", {}, hostile_config, &output);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_EQ(status_of(g.output, "s01"), "Timeout") << g.output;
  EXPECT_EQ(status_of(g.output, "s02"), "Killed");
  EXPECT_EQ(status_of(g.output, "s04"), "Killed");
  EXPECT_EQ(status_of(g.output, "s03"), "Survived");
  // The reasons, in full, in the JSON report's statusReason.
  const std::string report = json_report(output);
  EXPECT_NE(report.find("crashed with SIGSEGV"), std::string::npos) << report;
  EXPECT_NE(report.find("without GoogleTest's complete result file"), std::string::npos);
}
