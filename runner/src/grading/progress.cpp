// Progress on stderr for a grade and a batch (progress.hpp).
#include "grading/progress.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>

namespace tinyllm::runner {

namespace {

// The terminal's width in columns, or 0 when unknown.
int terminal_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0) return size.ws_col;
  return 0;
}

std::unique_ptr<ProgressLine>& stderr_line() {
  static std::unique_ptr<ProgressLine> line;
  return line;
}

}  // namespace

double seconds_left(const GradeProgress& p) {
  if (p.done <= 0) return -1;
  const int left = std::max(0, p.total - p.done);
  if (left == 0) return 0;
  const int at_once = std::clamp(p.jobs, 1, left);
  return p.run_seconds / p.done * left / at_once;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string format_duration(double seconds) {
  const long total = std::lround(std::max(0.0, seconds));
  if (total >= 3600) return fmt::format("{}h{:02}m", total / 3600, total % 3600 / 60);
  if (total >= 60) return fmt::format("{}m{:02}s", total / 60, total % 60);
  return fmt::format("{}s", total);
}

std::string progress_text(const GradeProgress& p, double phase_seconds) {
  switch (p.phase) {
    case GradePhase::Compiling:
      return fmt::format("compiling the suite, {}", format_duration(phase_seconds));
    case GradePhase::Reference:
      return fmt::format("the reference ({} seeds): {}/{} runs", p.total, p.done, p.total);
    case GradePhase::Probe:
      return fmt::format("the probe run (which code the tests reach), {}",
                         format_duration(phase_seconds));
    case GradePhase::Mutants: {
      std::string text = fmt::format("mutants {}/{}", p.done, p.total);
      if (const double left = seconds_left(p); left >= 0 && p.done < p.total)
        text +=
            left < 0.5 ? ", almost done" : fmt::format(", about {} left", format_duration(left));
      if (!p.last.empty()) text += fmt::format(" (last: {})", p.last);
      return text;
    }
  }
  return "";
}

std::string phase_line(const GradeProgress& p) {
  switch (p.phase) {
    case GradePhase::Compiling:
      return "tinyllm-grade: compiling the suite";
    case GradePhase::Reference:
      return fmt::format("tinyllm-grade: the reference ({} seeds)", p.total);
    case GradePhase::Probe:
      return "tinyllm-grade: the probe run (which code the tests reach)";
    case GradePhase::Mutants:
      return fmt::format("tinyllm-grade: mutants ({} runs, {} at a time)", p.total, p.jobs);
  }
  return "";
}

PhaseProgress::PhaseProgress(GradeProgressCallback callback, GradePhase phase, int total, int jobs)
    : callback_(std::move(callback)) {
  progress_.phase = phase;
  progress_.total = total;
  progress_.jobs = jobs;
  if (callback_) callback_(progress_);
}

void PhaseProgress::run_finished(double seconds, const std::string& what) {
  std::lock_guard lock(mutex_);
  ++progress_.done;
  progress_.run_seconds += seconds;
  progress_.last = what;
  // Under the lock: the callback sees the counts rise one by one.
  if (callback_) callback_(progress_);
}

ProgressLine::ProgressLine(std::ostream& out, std::chrono::milliseconds tick) : out_(out) {
  ticker_ = std::jthread([this, tick](std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
      // Wakes after a tick, or at once when finish() asks it to stop.
      tick_.wait_for(lock, stop, tick, [] { return false; });
      if (!stop.stop_requested() && grading_) draw_locked();
    }
  });
}

ProgressLine::~ProgressLine() {
  finish(false);
}

void ProgressLine::set_batch(const std::string& text) {
  std::lock_guard lock(mutex_);
  batch_ = text;
  grading_ = false;
  draw_locked();
}

GradeProgressCallback ProgressLine::grade_callback() {
  return [this](const GradeProgress& p) {
    std::lock_guard lock(mutex_);
    if (p.phase != grade_.phase || !grading_ || (p.done == 0 && p.last.empty()))
      phase_start_ = std::chrono::steady_clock::now();
    grade_ = p;
    grading_ = true;
    draw_locked();
  };
}

void ProgressLine::finish(bool keep) {
  ticker_.request_stop();
  if (ticker_.joinable()) ticker_.join();
  std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  out_ << (keep ? "\n" : "\r\033[K") << std::flush;
}

void ProgressLine::draw_locked() {
  if (finished_) return;
  std::string line = batch_;
  if (grading_) {
    line += (line.empty() ? "[tinyllm-grade] " : " | ") +
            progress_text(grade_, seconds_since(phase_start_));
  }
  // A line longer than the terminal wraps, and \r then redraws only its last part.
  if (const int columns = terminal_columns(); columns > 1 && line.size() >= std::size_t(columns))
    line.resize(static_cast<std::size_t>(columns - 1));
  out_ << "\r\033[K" << line << std::flush;
}

bool stdout_is_terminal() {
  return isatty(STDOUT_FILENO) == 1;
}
bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

GradeProgressCallback progress_line(bool enabled) {
  if (!enabled) return {};
  if (!stderr_is_terminal()) {
    return [](const GradeProgress& p) {
      if (p.done == 0 && p.last.empty()) std::cerr << phase_line(p) << "\n" << std::flush;
    };
  }
  stderr_line() = std::make_unique<ProgressLine>(std::cerr);
  return stderr_line()->grade_callback();
}

void end_progress_line(bool enabled) {
  if (enabled) stderr_line().reset();
}

}  // namespace tinyllm::runner
