// The reference's error form is "where: what". The contract fixes an error's exception type and
// the facts its message states (the key phrase, the offending value), not its wording: wheat w03
// words and quotes every message differently, which a test that pins a whole message rejects.
#include "errors.hpp"

#include <algorithm>

namespace tinyllm::train::detail {

std::string error_message(std::string_view where, std::string_view what) {
  return std::string(where) + ": " + std::string(what);
}

}  // namespace tinyllm::train::detail
