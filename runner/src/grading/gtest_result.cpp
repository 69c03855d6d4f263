// Reads GoogleTest's JSON output with nlohmann-json. A test failed when its entry lists failures.
#include <nlohmann/json.hpp>

#include "grading/run_outcome.hpp"

namespace tinyllm::runner {

std::optional<GtestResult> parse_gtest_json(const std::string& text) {
  nlohmann::json root = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!root.is_object() || !root.contains("tests") || !root["tests"].is_number_integer() ||
      !root.contains("testsuites") || !root["testsuites"].is_array())
    return std::nullopt;
  GtestResult result;
  result.declared_tests = root["tests"].get<long>();
  for (const auto& suite : root["testsuites"]) {
    if (!suite.is_object() || !suite.contains("name") || !suite["name"].is_string() ||
        !suite.contains("testsuite") || !suite["testsuite"].is_array())
      return std::nullopt;
    const std::string suite_name = suite["name"].get<std::string>();
    for (const auto& test : suite["testsuite"]) {
      if (!test.is_object() || !test.contains("name") || !test["name"].is_string())
        return std::nullopt;
      TestOutcome t;
      t.name = suite_name + "." + test["name"].get<std::string>();
      if (test.contains("file") && test["file"].is_string())
        t.file = test["file"].get<std::string>();
      if (test.contains("line") && test["line"].is_number_integer())
        t.line = test["line"].get<int>();
      if (test.contains("failures") && test["failures"].is_array()) {
        for (const auto& f : test["failures"]) {
          t.failed = true;
          if (f.is_object() && f.contains("failure") && f["failure"].is_string()) {
            if (!t.message.empty()) t.message += "\n";
            t.message += f["failure"].get<std::string>();
          }
        }
      }
      result.tests.push_back(std::move(t));
    }
  }
  if (static_cast<long>(result.tests.size()) < result.declared_tests) return std::nullopt;
  return result;
}

}  // namespace tinyllm::runner
