// End-to-end tests of the full grade: the pitfalls and the generated mutants the grade counts,
// scored together against the threshold with every pitfall required.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "config/build_info.hpp"
#include "e2e_support.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

namespace {

// Returns every mutant's status in the JSON report of a grade written to `output`.
std::map<std::string, std::string> statuses(const fs::path& output) {
  std::map<std::string, std::string> out;
  const nlohmann::json report = nlohmann::json::parse(json_report(output));
  for (const auto& [file, entry] : report["files"].items())
    for (const auto& m : entry["mutants"]) out[m["id"]] = m["status"];
  return out;
}

int count_generated(const std::map<std::string, std::string>& s) {
  int n = 0;
  for (const auto& [id, status] : s) n += id.front() == 'g' ? 1 : 0;
  return n;
}

}  // namespace

// Catches: a threshold that never decides (the pitfalls alone, all required), or a full grade
// that does not score the generated mutants: this suite detects all 24 pitfalls and FAILs on the
// score, while the pitfalls-only grade of the same suite PASSes.
TEST(FullGrade, detecting_every_pitfall_is_not_enough_below_the_threshold) {
  // The default threshold, 0.80: the suite detects 71% of the full set (173 of 243 when the
  // course suite answered for every generated mutant).
  fs::path output;
  Graded full =
      grade("every_pitfall_too_little_else", {"--mutants", "full"}, hostile_config, &output);
  EXPECT_EQ(full.status, 1) << full.output;
  for (int i = 1; i <= 24; ++i) {
    const std::string id = (i < 10 ? "s0" : "s") + std::to_string(i);
    EXPECT_EQ(status_of(full.output, id), "Killed") << id << "\n" << full.output;
  }
  EXPECT_NE(full.output.find("Mutant set: full: 24 pitfalls + "), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("Verdict: FAIL"), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("below the threshold"), std::string::npos) << full.output;
  EXPECT_GT(count_generated(statuses(output)), 100);

  Graded pitfalls = grade("every_pitfall_too_little_else", {"--mutants", "pitfalls"});
  EXPECT_EQ(pitfalls.status, 0) << pitfalls.output;
  EXPECT_NE(pitfalls.output.find("Score: 24/24 mutants detected"), std::string::npos)
      << pitfalls.output;
}

// Catches: a full grade whose statuses depend on the number of parallel runs or their order.
TEST(FullGrade, same_suite_and_seed_give_the_same_status_for_every_mutant) {
  fs::path first_output, second_output;
  grade("kills_some", {"--mutants", "full"}, hostile_config, &first_output);
  grade("kills_some", {"--mutants", "full", "-j", "1"}, hostile_config, &second_output);
  const auto first = statuses(first_output);
  EXPECT_GT(count_generated(first), 100);
  EXPECT_EQ(first, statuses(second_output));
}

// Catches: a grader that fails or invalidates tests the reference did not shape (a validity
// check or a wheat stricter than the contract, a run classified wrongly), on a suite of 43 tests
// written from the contract alone (tests/runner/fixtures/independent_suite): it passes with no
// invalid test.
TEST(FullGrade, a_suite_written_from_the_contract_alone_passes) {
  const fs::path suite = fs::path(tinyllm::runner::build_info::source_dir) / "tests" / "runner" /
                         "fixtures" / "independent_suite";
  const fs::path output = fresh_folder("independent-suite-grade");
  const Graded g =
      run_grader({"grade", suite.string(), "--quiet", "-o", output.string(), "--format", "json"});
  EXPECT_EQ(g.status, 0) << g.output;
  const nlohmann::json report = nlohmann::json::parse(json_report(output));
  EXPECT_EQ(report.at("config").at("verdict"), "PASS");
  EXPECT_EQ(report.at("config").at("invalidTestCount"), 0) << report.at("config").dump(2);
}
