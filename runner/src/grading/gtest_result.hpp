// GoogleTest's own JSON result file (--gtest_output=json:FILE): which tests ran and which failed.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace tinyllm::runner {

struct TestOutcome {
  std::string name;  // "Suite.Test"
  std::string file;
  int line = 0;
  bool failed = false;
  std::string message;  // the failures' text, joined
};

struct GtestResult {
  std::vector<TestOutcome> tests;  // in the file's order
  long declared_tests = 0;         // the file's top-level "tests" count
};

// Returns the parsed result, or nullopt when the text is not a complete GoogleTest JSON result
// (not JSON, missing keys, or fewer test entries than it declares).
std::optional<GtestResult> parse_gtest_json(const std::string& text);

}  // namespace tinyllm::runner
