// The two shims the driver compares: the reference's and the learner's, each loaded with dlopen
// (RTLD_LOCAL, so neither module's symbols can bind to the other's).
#pragma once
#include <string>

namespace tinyllm_diff {

// Loads both shims from `reference` and `learner` (paths, or names found on LD_LIBRARY_PATH).
// Throws std::runtime_error with dlerror()'s text when one does not load or lacks
// tinyllm_diff_call.
void load_shims(const std::string& reference, const std::string& learner);

// Returns the reference's and the learner's response to `request`. `scenario` says the call in
// words: with trace_learner_calls on, it is printed first ("[call] cast of 1.5 (f32) to bf16"), so
// a run that the learner's module crashes or hangs ends with the call that did it.
std::string call_reference(const std::string& request);
std::string call_learner(const std::string& request, const std::string& scenario);

// Turns the printing of every call of the learner's shim on (the driver's --trace-calls).
void trace_learner_calls(bool on);

}  // namespace tinyllm_diff
