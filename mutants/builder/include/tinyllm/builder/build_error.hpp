// The one error type of the generated variants' build: its message says what went wrong and what
// to do; only tinyllm-build-generated's main turns it into an exit status.
#pragma once
#include <stdexcept>

namespace tinyllm::builder {

class BuildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tinyllm::builder
