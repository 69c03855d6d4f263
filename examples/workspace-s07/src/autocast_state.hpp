// The autocast state behind Autocast, for checkpoint's rerun, which must run under the state that
// was active at its first call. Not part of the public API.
#pragma once
#include <optional>
#include <string>

namespace tinyllm::train::detail {
extern thread_local std::optional<std::string> active_dtype;

// RAII: sets the autocast state to `dtype` (nullopt: off) and puts the previous one back.
class AutocastState {
 public:
  explicit AutocastState(std::optional<std::string> dtype) : previous_(active_dtype) {
    active_dtype = std::move(dtype);
  }
  ~AutocastState() { active_dtype = previous_; }
  AutocastState(const AutocastState&) = delete;
  AutocastState& operator=(const AutocastState&) = delete;

 private:
  std::optional<std::string> previous_;
};
}  // namespace tinyllm::train::detail
