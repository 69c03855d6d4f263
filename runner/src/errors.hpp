// The one error the grader's main turns into exit status 3: a wrong command line, configuration or
// catalog, or a machine the grader cannot run on. Its message says what was wrong and what to do.
#pragma once
#include <stdexcept>

namespace tinyllm::runner {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tinyllm::runner
