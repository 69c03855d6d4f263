// The reference's error form is "where: what". The contract fixes an error's exception type and
// the facts its message states (the key phrase, the offending value), not its wording: wheat w03
// words and quotes every message differently, which a test that pins a whole message rejects.
#include "train/errors.hpp"

#include <algorithm>

#include "mutant.hpp"

namespace tinyllm::train::detail {

std::string error_message(std::string_view where, std::string_view what) {
  // w03: error messages worded differently
  if (tinyllm::detail::is_wheat(3)) {
    std::string requoted(what);
    std::replace(requoted.begin(), requoted.end(), '"', '\'');
    return "tinyllm::train::" + std::string(where) + " rejected its arguments: " + requoted;
  }
  return std::string(where) + ": " + std::string(what);
}

}  // namespace tinyllm::train::detail
