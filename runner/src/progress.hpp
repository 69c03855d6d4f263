// The progress line on stderr while runs go on: rewritten in place on a terminal, silent otherwise.
#pragma once
#include <functional>
#include <string>

namespace tinyllm::runner {

// Returns a progress callback for grade_suite; it does nothing when `enabled` is false or stderr
// is not a terminal.
std::function<void(int, int, const std::string&)> progress_line(bool enabled);

// Clears the progress line, if one was drawn.
void end_progress_line(bool enabled);

}  // namespace tinyllm::runner
