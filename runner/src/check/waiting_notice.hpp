// While a step of `check` runs a learner's module, a line on stderr every few seconds saying what
// it runs and how long it has waited, so that a learner sees a hang as a hang.
#pragma once
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace tinyllm::runner {

// What a step that runs the learner's module tells as it goes; either may be empty.
struct RunNotices {
  std::function<void(const std::string&)> running;  // what runs from now on
  std::function<void(const std::string&)> tell;     // a line at once: a test ended a run
};

class WaitingNotice {
 public:
  // `say` writes one line (nothing is written when it is empty); `every` is how long a run goes on
  // before each line.
  WaitingNotice(std::function<void(const std::string&)> say,
                std::chrono::milliseconds every = std::chrono::seconds(5));
  WaitingNotice(const WaitingNotice&) = delete;
  WaitingNotice& operator=(const WaitingNotice&) = delete;

  // Says that `what` runs from now on (its wait starts now); thread-safe.
  void running(const std::string& what);

 private:
  std::function<void(const std::string&)> say_;
  std::chrono::milliseconds every_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::string what_;
  // Since when `what_` runs, and when the next line is due (a day away until the first `running`).
  std::chrono::steady_clock::time_point since_, next_;
  std::jthread clock_;  // last: destroyed (stopped and joined) before what it reads
};

}  // namespace tinyllm::runner
