// The waiting notice (waiting_notice.hpp).
#include "check/waiting_notice.hpp"

#include <fmt/format.h>

namespace tinyllm::runner {

WaitingNotice::WaitingNotice(std::function<void(const std::string&)> say,
                             std::chrono::milliseconds every)
    : say_(std::move(say)),
      every_(every),
      since_(std::chrono::steady_clock::now()),
      next_(since_ + std::chrono::hours(24)) {
  if (!say_) return;
  clock_ = std::jthread([this](std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
      const auto deadline = next_;
      if (wake_.wait_until(lock, stop, deadline, [&] { return next_ != deadline; })) continue;
      if (stop.stop_requested()) break;
      const auto now = std::chrono::steady_clock::now();
      if (!what_.empty())
        say_(fmt::format("still running {}: {:.0f} s so far", what_,
                         std::chrono::duration<double>(now - since_).count()));
      next_ = now + every_;
    }
  });
}

void WaitingNotice::running(const std::string& what) {
  std::lock_guard lock(mutex_);
  what_ = what;
  since_ = std::chrono::steady_clock::now();
  next_ = since_ + every_;
  wake_.notify_all();
}

}  // namespace tinyllm::runner
