// Grading a class: one suite per subfolder, resumable (a suite whose content and grading
// fingerprint are unchanged since the last run keeps its stored grade), shardable across machines
// (--shard K/N), with progress on a stream, and the class reports at the end. The grading itself
// is a function the caller passes, so the tests can use a fake grader.
#pragma once
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "feedback/feedback.hpp"
#include "grading/progress.hpp"
#include "tinyllm/reports/grade_result.hpp"
#include "tinyllm/reports/write_reports.hpp"

namespace tinyllm::runner {

struct BatchOptions {
  std::filesystem::path suites_folder;  // one subfolder per learner
  std::filesystem::path output_folder;  // <out>/<learner>/grade.json and reports; class reports
  int shard_index = 1;                  // this shard, 1-based
  int shard_count = 1;
  std::vector<reports::ReportFormat> formats;  // each learner's reports (Terminal is not written)
  std::filesystem::path elements_bundle;       // for HTML; "" uses the embedded one
  // Everything besides the suite that decides a grade (batch_fingerprint.hpp: configuration,
  // catalog, toolchain, the variant libraries' bytes): a stored grade made under another is redone.
  std::string grading_fingerprint;
  // stderr is a terminal: the bar is drawn on this line, beside the grade's progress (the grader
  // shows it there through the line's grade_callback()). Unset: one line per suite on the stream.
  ProgressLine* progress_line = nullptr;
  bool after_deadline = false;  // every submission graded in this run came after the due date
  // false: only the learners' folders are written, for shards that share one output folder (a
  // Slurm array's tasks); `merge` writes the class report once they are all done.
  bool write_class_report = true;
};

struct BatchOutcome {
  std::vector<reports::GradeResult> results;  // this shard's grades, learners sorted by name
  int graded = 0;                             // graded in this run
  int reused = 0;                             // taken from the last run's grade.json
  std::vector<std::string> errors;            // "learner: what went wrong" for suites with no grade
};

// Grades one suite as the learner's `attempt` (the hint ladder's rung: feedback/feedback.hpp).
using GradeFunction =
    std::function<reports::GradeResult(const std::filesystem::path& suite, const Attempt& attempt)>;

// Returns the learner folders of `suites_folder` this shard grades: subfolders sorted by name,
// every shard_count-th from shard_index. Throws std::invalid_argument for a bad shard.
std::vector<std::filesystem::path> shard_suites(const std::filesystem::path& suites_folder,
                                                int shard_index, int shard_count);

// Returns the shard parsed from "K/N" (1 <= K <= N). Throws std::invalid_argument otherwise.
std::pair<int, int> parse_shard(const std::string& text);

// Returns the progress line: a bar, done/total, reused, and the time left estimated from the
// suites graded so far (no estimate until one was graded).
std::string batch_progress_line(int done, int total, int reused, int graded, double elapsed_seconds,
                                int bar_width);

// Each learner's submissions are remembered in <out>/<learner>/attempts.json (their content
// hashes, in order): a suite whose content differs from the last one graded is the next attempt;
// one that is unchanged (or regraded under a new configuration) keeps its attempt; a submission
// the grader failed on is not counted.
// Grades the shard's suites, keeping going past a suite whose grading throws (its error goes to
// <out>/<learner>/error.txt and the outcome), then writes the class reports into output_folder.
BatchOutcome run_batch(const BatchOptions& options, const GradeFunction& grade,
                       std::ostream& progress);

// Reads every <shard>/<learner>/grade.json of the given batch output folders and writes the class
// reports into `output_folder`. Throws std::runtime_error when one learner has two different
// grades (overlapping shards of different inputs) or a grade.json cannot be read.
// With `suites_folder` (the class the shards graded) the class report holds exactly its learners:
// it throws, naming them, when a learner has no grade or a grade of other files than its suite's
// now (a shard that failed or has not run since the suite changed), and leaves out the grades of
// learners no longer in the class.
std::vector<reports::GradeResult> merge_batches(
    const std::vector<std::filesystem::path>& shard_folders,
    const std::filesystem::path& output_folder, const std::filesystem::path& suites_folder = {});

}  // namespace tinyllm::runner
