// Progress on stderr for a grade (its phase, runs and time left) and a class batch (its suites).
// On a terminal one line is redrawn in place, ticking each second so a long compile shows its time;
// elsewhere one line is written when a phase starts.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>

namespace tinyllm::runner {

// Probe: the one probe run that finds which mutants' code the tests reach (reach.hpp).
enum class GradePhase { Compiling, Reference, Probe, Mutants };

// Where a grade is: its phase and that phase's runs so far.
struct GradeProgress {
  GradePhase phase = GradePhase::Compiling;
  int done = 0;            // runs of this phase finished
  int total = 0;           // runs of this phase (0 while compiling)
  double run_seconds = 0;  // the finished runs' wall times (sandbox set-up included), summed
  int jobs = 1;            // runs at a time
  std::string last;        // what finished last; "" when the phase has just started
};

using GradeProgressCallback = std::function<void(const GradeProgress&)>;

// Returns the mean run so far times the runs left, over the runs that still go on at once;
// negative when no run has finished yet (no estimate).
double seconds_left(const GradeProgress& progress);

double seconds_since(std::chrono::steady_clock::time_point start);

// Returns a duration as a person reads it: "42s", "2m05s", "1h03m".
std::string format_duration(double seconds);

// Returns the progress line's text ("mutants 40/174, about 12 s left (last: s07)"), given the
// seconds its phase has lasted so far.
std::string progress_text(const GradeProgress& progress, double phase_seconds);

// Returns the line written when a phase starts where stderr is not a terminal.
std::string phase_line(const GradeProgress& progress);

// Counts the runs of one phase from any thread and tells the callback (when set) that the phase
// started and after each run, one call at a time.
class PhaseProgress {
 public:
  PhaseProgress(GradeProgressCallback callback, GradePhase phase, int total, int jobs);
  void run_finished(double seconds, const std::string& what);

 private:
  GradeProgressCallback callback_;
  std::mutex mutex_;
  GradeProgress progress_;
};

// The line on a terminal: a batch's part and the grade's part, redrawn when either changes and
// every second, cut to the terminal's width.
class ProgressLine {
 public:
  // `tick`: how often the line is redrawn unasked (the compile's seconds go on).
  explicit ProgressLine(std::ostream& out,
                        std::chrono::milliseconds tick = std::chrono::milliseconds(1000));
  ~ProgressLine();  // stops the ticking and clears the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Shows a batch's part; the grade's part is cleared (the next suite starts afresh).
  void set_batch(const std::string& text);
  // Returns the callback that shows a grade's part.
  GradeProgressCallback grade_callback();
  // Ends the line: a batch's last bar stays (`keep`), else the line is cleared.
  void finish(bool keep);

 private:
  void draw_locked();
  std::ostream& out_;
  std::mutex mutex_;
  std::condition_variable_any tick_;
  std::string batch_;
  bool grading_ = false, finished_ = false;
  GradeProgress grade_;
  std::chrono::steady_clock::time_point phase_start_;
  std::jthread ticker_;
};

bool stdout_is_terminal();
bool stderr_is_terminal();

// Returns the progress callback of a single grade on stderr (none when `enabled` is false).
GradeProgressCallback progress_line(bool enabled);

// Ends the progress that progress_line started and clears its line.
void end_progress_line(bool enabled);

}  // namespace tinyllm::runner
