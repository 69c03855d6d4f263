// End-to-end tests of the bundled learner examples (examples/): the real tinyllm-grade with the
// default policy, each example getting the grade its README promises.
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

// The bundled learner examples (examples/, from the course suite's owner), graded with the default
// policy: each must get the grade its README promises.
namespace {
const fs::path examples = fs::path(TINYLLM_E2E_SUITES) / ".." / ".." / ".." / "examples";

Graded grade_example(const std::string& name, fs::path* output_folder = nullptr) {
  const fs::path output = fresh_folder("example-" + name);
  if (output_folder) *output_folder = output;
  return run_grader({"grade", (examples / name).string(), "-o", output.string(), "-q"});
}

// Returns the line of `file` that starts with `prefix` (0 when none does).
int line_starting_with(const fs::path& file, const std::string& prefix) {
  std::ifstream in(file);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind(prefix, 0) == 0) return number;
  }
  return 0;
}
}  // namespace

// Catches: examples/thorough no longer getting the full grade's PASS its README promises (every
// pitfall detected, the score over pitfalls and generated mutants above the threshold).
TEST(GraderExamples, thorough_example_passes) {
  if (!fs::is_directory(examples / "thorough")) GTEST_SKIP() << "examples/thorough not here yet";
  fs::path output;
  Graded g = grade_example("thorough", &output);
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("Mutant set: full: 24 pitfalls + "), std::string::npos) << g.output;
  for (int i = 1; i <= 24; ++i) {
    const std::string id = (i < 10 ? "s0" : "s") + std::to_string(i);
    EXPECT_EQ(status_of(g.output, id), "Killed") << id;
  }
  EXPECT_NE(g.output.find("Verdict: PASS"), std::string::npos) << g.output;
  // Compiled as one unit, its tests are still reported at the learner's own files and lines.
  const auto files = nlohmann::json::parse(json_report(output))["testFiles"];
  const int line =
      line_starting_with(examples / "thorough" / "scaler_test.cpp", "TEST(Scaler, Trace)");
  ASSERT_NE(line, 0);
  bool found = false;
  for (const auto& test : files["scaler_test.cpp"]["tests"])
    if (test["id"] == "Scaler.Trace") found = test["location"]["start"]["line"] == line;
  EXPECT_TRUE(found) << files.dump();
}

// Catches: examples/partial not failing with exactly the four survivors its README names. A
// survivor whose code no test runs is NoCoverage (reach), the others Survived: both undetected.
TEST(GraderExamples, partial_example_fails_with_its_four_survivors) {
  if (!fs::is_directory(examples / "partial")) GTEST_SKIP() << "examples/partial not here yet";
  Graded g = grade_example("partial");
  EXPECT_EQ(g.status, 1) << g.output;
  for (const char* id : {"s06", "s13", "s16", "s22"}) {
    const std::string status = status_of(g.output, id);
    EXPECT_TRUE(status == "Survived" || status == "NoCoverage") << id << "\n" << g.output;
  }
}

// Catches: examples/invalid's wrong test not named with its reproduce command, graded on its own
// (per test it is dropped and the rest graded, not INVALID), or, with the strict policy, the
// grade not INVALID.
TEST(GraderExamples, invalid_example_rejects_the_reference) {
  if (!fs::is_directory(examples / "invalid")) GTEST_SKIP() << "examples/invalid not here yet";
  const fs::path output = fresh_folder("example-invalid");
  for (const char* validity : {"per-test", "strict"}) {
    const Graded g = run_grader({"grade", (examples / "invalid").string(), "-o", output.string(),
                                 "-q", "--validity", validity});
    if (std::string(validity) == "strict") {
      EXPECT_EQ(g.status, 2) << g.output;
    } else {
      EXPECT_NE(g.status, 2) << g.output;
      EXPECT_EQ(table_without_times(g.output).find("Rounding.TieRoundsUp"), std::string::npos)
          << "the wrong test killed a mutant:\n"
          << table_without_times(g.output);
    }
    EXPECT_NE(g.output.find("Rounding.TieRoundsUp"), std::string::npos) << g.output;
    EXPECT_NE(g.output.find("reproduce: "), std::string::npos) << g.output;
  }
}
