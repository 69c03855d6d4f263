// Breaking prose into lines for a terminal: the one line breaker of the reports and of the
// grader's own listings (`tinyllm-grade tests`).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace tinyllm::reports {

// Returns `text` broken at spaces into lines of at most `width` code points (a longer word gets
// a line of its own), each line starting with `indent` and ending in '\n'.
std::string wrap(std::string_view text, std::size_t width, std::string_view indent);

}  // namespace tinyllm::reports
