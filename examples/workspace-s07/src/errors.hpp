// The one formatter of the module's error messages: every exception that src/train throws carries
// error_message(where, what), so the messages have one form and wheat w03 (docs/
// contract-freedoms.md#error-messages) rewords them all in one place. Not part of the public API.
#pragma once
#include <string>
#include <string_view>

namespace tinyllm::train::detail {

// Returns the message of an error raised by `where` (the function or class that rejects the call,
// "grad_accumulate") saying `what` was wrong and what to do: "grad_accumulate: <what>".
std::string error_message(std::string_view where, std::string_view what);

}  // namespace tinyllm::train::detail
