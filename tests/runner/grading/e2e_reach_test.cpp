// End-to-end tests of reach: the reach run on the schema library, NoCoverage for the mutants whose
// code no test runs (not run, no time spent), and the same statuses as without reach otherwise.
// They grade through the engine itself (grade_suite) to see each mutant's result whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/build_info.hpp"
#include "e2e_support.hpp"
#include "grading/grade.hpp"
#include "grading/reach.hpp"

namespace fs = std::filesystem;
using namespace tinyllm;
using namespace tinyllm::e2e;

namespace {

const std::string kCheckpoint = "oracle/src/train/checkpoint.cpp";

// Grades suites/`suite` with the hostile limits and `set` ("full" or "pitfalls").
reports::GradeResult grade_with(const std::string& suite, const std::string& set, bool reach,
                                const std::string& isolation = "",
                                runner::GradeTimings* timings = nullptr) {
  runner::CommonOptions options;
  options.config_file = hostile_config.string();
  options.mutant_set = set;
  options.isolation = isolation;
  options.quiet = true;
  const runner::GradingContext ctx = runner::prepare_grading_context(options);
  fs::path suite_dir = suites / suite;
  if (suite == "leaves_checkpoint_unreached") {  // its README: the course files but checkpoint's
    suite_dir = fresh_folder(suite + "-suite");
    fs::copy(suites / suite, suite_dir);
    for (const char* file : {"accumulation_test.cpp", "autocast_test.cpp", "cast_test.cpp",
                             "loss_scaler_test.cpp", "seed_environment.cpp", "train_step_test.cpp"})
      fs::copy(fs::path(runner::build_info::source_dir) / "properties" / file, suite_dir / file);
  }
  runner::GradeRequest request = runner::grade_request(ctx, suite_dir, fresh_folder(suite));
  request.measure_reach = reach;
  return runner::grade_suite(request, timings);
}

std::map<std::string, reports::MutantStatus> statuses(const reports::GradeResult& result) {
  std::map<std::string, reports::MutantStatus> out;
  for (const auto& m : result.mutants) out[m.mutant.id] = m.status;
  return out;
}

}  // namespace

// Catches: a probe that misses a site (NoCoverage outside checkpoint.cpp), one that records a
// site no test runs (a checkpoint mutant reached), NoCoverage mutants that are run anyway (their
// time is not 0), covered_by naming tests that did not run the code; and a probe record lost in
// one isolation mode (plain reads it from the run's folder, namespaces receive it through PID 1's
// status pipe): the grade in each mode gives every mutant the same status.
TEST(Reach, leaves_checkpoint_unreached_gives_no_coverage_exactly_there_in_both_isolation_modes) {
  std::vector<std::string> modes = {"plain"};
  if (namespaces_available()) modes.push_back("namespaces");
  std::map<std::string, reports::MutantStatus> first;
  for (const std::string& mode : modes) {
    SCOPED_TRACE(mode);
    const reports::GradeResult result =
        grade_with("leaves_checkpoint_unreached", "full", true, mode);
    ASSERT_TRUE(result.reach_measured) << "the probe run did not count";
    ASSERT_TRUE(result.invalid_reasons.empty()) << result.invalid_reasons.front();
    int checkpoint = 0, generated = 0;
    std::set<std::string> tests;
    for (const auto& t : result.tests) tests.insert(t.name);
    for (const auto& m : result.mutants) {
      if (m.mutant.file == kCheckpoint) {
        ++checkpoint;
        generated += m.mutant.id.front() == 'g' ? 1 : 0;
        EXPECT_EQ(m.status, reports::MutantStatus::NoCoverage) << m.mutant.id;
        EXPECT_EQ(m.reason, runner::kNoCoverageReason) << m.mutant.id;
        EXPECT_EQ(m.seconds, 0) << m.mutant.id << " was run";
        EXPECT_TRUE(m.covered_by.empty()) << m.mutant.id;
      } else {
        EXPECT_NE(m.status, reports::MutantStatus::NoCoverage)
            << m.mutant.id << " " << m.mutant.file;
        for (const auto& test : m.covered_by) EXPECT_TRUE(tests.contains(test)) << test;
      }
    }
    EXPECT_EQ(checkpoint - generated, 7) << "s18..s24 are checkpoint.cpp's pitfalls";
    EXPECT_GT(generated, 0) << "no generated mutant of checkpoint.cpp is counted";
    if (first.empty())
      first = statuses(result);
    else
      EXPECT_EQ(statuses(result), first);
  }
}

// Catches: an unsound probe, which marks NoCoverage a mutant that a run kills (a site recorded
// after the mutated code, or not at all, when a test runs it): with and without reach, every
// status agrees except NoCoverage, which only a surviving mutant may become.
// With reach, each mutant runs the tests that reach it (narrowed_runs.hpp), so this also
// catches a narrowed run that decides otherwise than a run of every test.
void expect_statuses_agree_but_for_no_coverage(const std::string& suite,
                                               runner::GradeTimings& timings) {
  SCOPED_TRACE(suite);
  const reports::GradeResult with = grade_with(suite, "full", true, "", &timings);
  const reports::GradeResult without = grade_with(suite, "full", false);
  ASSERT_TRUE(with.reach_measured);
  EXPECT_FALSE(without.reach_measured);
  const auto reached = statuses(with);
  const auto all_run = statuses(without);
  ASSERT_EQ(reached.size(), all_run.size());
  int no_coverage = 0;
  for (const auto& [id, status] : all_run) {
    EXPECT_NE(status, reports::MutantStatus::NoCoverage) << id;
    if (reached.at(id) == reports::MutantStatus::NoCoverage) {
      ++no_coverage;
      EXPECT_EQ(status, reports::MutantStatus::Survived) << id << ": NoCoverage but a run kills it";
    } else {
      EXPECT_EQ(reached.at(id), status) << id;
    }
  }
  EXPECT_GT(no_coverage, 0) << suite << " leaves most of the module unreached";
  EXPECT_EQ(with.score, without.score);
  EXPECT_EQ(with.verdict, without.verdict);
}

TEST(Reach, statuses_with_and_without_reach_agree_but_for_no_coverage) {
  runner::GradeTimings timings;
  expect_statuses_agree_but_for_no_coverage("kills_some", timings);
  EXPECT_GT(timings.narrowed_runs, 0) << "no mutant ran with the tests that reach it alone";
}

// Catches: a narrowed run trusted when the suite fails on the reference with those tests alone
// (a test that depends on which others run, or one written to fail whenever it sees a narrowed
// run: suites/fails_when_narrowed kills every mutant it reaches that way).
TEST(Reach, a_suite_that_fails_when_narrowed_gets_the_statuses_of_every_test_run) {
  runner::GradeTimings timings;
  expect_statuses_agree_but_for_no_coverage("fails_when_narrowed", timings);
  EXPECT_GT(timings.narrowing_checks, 0);
  EXPECT_GT(timings.widened_runs, 0) << "the reference's narrowed runs passed";
}
