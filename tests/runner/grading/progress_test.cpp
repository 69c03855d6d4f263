// Unit tests of the grade's progress: the estimate of the time left, the texts of each phase (on a
// terminal and the one line per phase elsewhere), the counting across threads, and the batch's
// line beside the grade's. No timing is asserted.
#include "grading/progress.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "batch/class_batch.hpp"
#include "fixtures.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;

// The tests read what a line drew while it lives: it must not redraw unasked meanwhile.
constexpr std::chrono::hours kNoTick{1};

GradeProgress mutants(int done, int total, double run_seconds, int jobs) {
  GradeProgress p;
  p.phase = GradePhase::Mutants;
  p.done = done;
  p.total = total;
  p.run_seconds = run_seconds;
  p.jobs = jobs;
  return p;
}

// Catches: an estimate before any run finished (a division by zero, or "about 0s left" at the
// start of a long phase).
TEST(SecondsLeft, no_estimate_before_a_run_finished) {
  EXPECT_LT(seconds_left(mutants(0, 174, 0, 2)), 0);
}

// Catches: the estimate not divided by the jobs (twice too long on 2 cores), or taken from the
// runs done instead of the runs left.
TEST(SecondsLeft, mean_run_times_runs_left_over_jobs) {
  EXPECT_DOUBLE_EQ(seconds_left(mutants(10, 30, 5.0, 2)), 5.0);  // 20 left x 0.5 s / 2
  EXPECT_DOUBLE_EQ(seconds_left(mutants(30, 30, 15.0, 2)), 0.0);
}

// Catches: the last runs estimated as if the jobs still shared them (fewer runs left than jobs
// run one each, at the same time).
TEST(SecondsLeft, fewer_runs_left_than_jobs_run_at_once) {
  EXPECT_DOUBLE_EQ(seconds_left(mutants(9, 10, 9.0, 4)), 1.0);  // 1 left x 1 s, not / 4
  EXPECT_DOUBLE_EQ(seconds_left(mutants(1, 4, 2.0, 8)), 2.0);   // 3 left x 2 s / 3
}

// Catches: a phase shown under the wrong name, runs without their total, or the estimate missing
// from the mutants' line.
TEST(ProgressText, each_phase_says_what_goes_on) {
  GradeProgress compiling;
  EXPECT_EQ(progress_text(compiling, 7.2), "compiling the suite, 7s");
  GradeProgress reference;
  reference.phase = GradePhase::Reference;
  reference.done = 1;
  reference.total = 3;
  EXPECT_EQ(progress_text(reference, 0.3), "the reference (3 seeds): 1/3 runs");
  GradeProgress m = mutants(40, 174, 20.0, 2);  // 134 left x 0.5 s / 2 = 33.5 s
  m.last = "s07";
  EXPECT_EQ(progress_text(m, 20.0), "mutants 40/174, about 34s left (last: s07)");
  EXPECT_EQ(progress_text(mutants(0, 174, 0, 2), 0), "mutants 0/174");
  EXPECT_EQ(progress_text(mutants(173, 174, 1.73, 2), 1), "mutants 173/174, almost done");
  EXPECT_EQ(progress_text(mutants(174, 174, 2.0, 2), 1), "mutants 174/174");
}

// Catches: a change to the lines written where stderr is not a terminal (logs and CI read them),
// or a phase without its line.
TEST(PhaseLine, one_line_per_phase_where_stderr_is_not_a_terminal) {
  GradeProgress p;
  EXPECT_EQ(phase_line(p), "tinyllm-grade: compiling the suite");
  p.phase = GradePhase::Reference;
  p.total = 3;
  EXPECT_EQ(phase_line(p), "tinyllm-grade: the reference (3 seeds)");
  EXPECT_EQ(phase_line(mutants(0, 174, 0, 2)), "tinyllm-grade: mutants (174 runs, 2 at a time)");
}

// Catches: runs finishing on several threads at once lost or counted twice, their times not
// summed, or the phase's start not told.
TEST(PhaseProgress, counts_every_run_once_from_any_thread) {
  std::vector<GradeProgress> seen;
  PhaseProgress phase([&](const GradeProgress& p) { seen.push_back(p); }, GradePhase::Mutants, 40,
                      4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10; ++i) phase.run_finished(0.5, "s01");
    });
  for (auto& t : threads) t.join();
  ASSERT_EQ(seen.size(), 41u);
  EXPECT_EQ(seen.front().done, 0);
  EXPECT_TRUE(seen.front().last.empty());
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i].done, static_cast<int>(i));
  EXPECT_DOUBLE_EQ(seen.back().run_seconds, 20.0);
  EXPECT_EQ(seen.back().total, 40);
  EXPECT_EQ(seen.back().jobs, 4);
}

// Catches: the batch's bar and the grade's phase drawn on two lines (or one overwriting the
// other), or the line left drawn after it ended.
TEST(ProgressLine, shows_the_batch_and_the_grade_side_by_side_and_ends_cleanly) {
  std::ostringstream out;
  {
    ProgressLine line(out, kNoTick);
    line.set_batch("[..] 0/2 suites");
    line.grade_callback()(mutants(1, 24, 0.1, 2));
    const std::string drawn = out.str();
    const std::string last = drawn.substr(drawn.rfind("\r\033[K") + 4);
    EXPECT_EQ(last.substr(0, 30), "[..] 0/2 suites | mutants 1/24");
    line.set_batch("[#.] 1/2 suites");  // the next suite: the grade's part is cleared
    EXPECT_EQ(out.str().substr(out.str().rfind("\r\033[K") + 4), "[#.] 1/2 suites");
    line.finish(true);
    EXPECT_EQ(out.str().back(), '\n');
  }
  const std::string ended = out.str();
  EXPECT_EQ(ended.back(), '\n') << "the line was drawn again after it ended";
}

// Catches: a grade alone drawn without its "[tinyllm-grade]" prefix, or its line not cleared at
// the end (the report printed after it would start mid-line).
TEST(ProgressLine, a_grade_alone_is_prefixed_and_cleared_at_the_end) {
  std::ostringstream out;
  {
    ProgressLine line(out, kNoTick);
    GradeProgress compiling;
    line.grade_callback()(compiling);
    EXPECT_NE(out.str().find("[tinyllm-grade] compiling the suite, 0s"), std::string::npos);
  }
  EXPECT_EQ(out.str().substr(out.str().size() - 4), "\r\033[K");
}

// Catches: a batch on a terminal still writing one line per suite, or its bar not counting the
// suites done.
TEST(ProgressLine, a_batch_draws_its_bar_there_instead_of_a_line_per_suite) {
  const fs::path root = fs::temp_directory_path() / "tinyllm_progress_batch_test";
  fs::remove_all(root);
  for (const char* learner : {"ada", "alan"}) {
    fs::create_directories(root / "suites" / learner);
    std::ofstream(root / "suites" / learner / "test.cpp") << "TEST(A, b) {}\n";
  }
  std::ostringstream drawn, lines;
  {
    ProgressLine line(drawn, kNoTick);
    BatchOptions options;
    options.suites_folder = root / "suites";
    options.output_folder = root / "out";
    options.formats = {reports::ReportFormat::Json};
    options.progress_line = &line;
    run_batch(
        options,
        [](const fs::path& suite, const Attempt&) {
          reports::GradeResult result = reports::fixtures::pass_all_killed();
          result.suite_name = suite.filename().string();
          return result;
        },
        lines);
  }
  EXPECT_EQ(lines.str(), "");
  EXPECT_NE(drawn.str().find("0/2 suites"), std::string::npos);
  EXPECT_NE(drawn.str().find("2/2 suites"), std::string::npos);
  EXPECT_EQ(drawn.str().back(), '\n');
  fs::remove_all(root);
}

}  // namespace
}  // namespace tinyllm::runner
