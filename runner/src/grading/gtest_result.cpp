// Reads GoogleTest's JSON output with nlohmann-json. A test failed when its entry lists failures.
#include <nlohmann/json.hpp>

#include "grading/run_outcome.hpp"

namespace tinyllm::runner {

std::optional<GtestResult> parse_gtest_json(const std::string& text) {
  using nlohmann::json;
  // Whether `j` is an object whose `key` holds a value of the type `is` tests.
  const auto has = [](const json& j, const char* key, bool (json::*is)() const noexcept) {
    return j.is_object() && j.contains(key) && (j[key].*is)();
  };
  const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!has(root, "tests", &json::is_number_integer) || !has(root, "testsuites", &json::is_array))
    return std::nullopt;
  GtestResult result;
  result.declared_tests = root["tests"].get<long>();
  for (const auto& suite : root["testsuites"]) {
    if (!has(suite, "name", &json::is_string) || !has(suite, "testsuite", &json::is_array))
      return std::nullopt;
    const std::string suite_name = suite["name"].get<std::string>();
    for (const auto& test : suite["testsuite"]) {
      if (!has(test, "name", &json::is_string)) return std::nullopt;
      TestOutcome t;
      t.name = suite_name + "." + test["name"].get<std::string>();
      if (has(test, "file", &json::is_string)) t.file = test["file"].get<std::string>();
      if (has(test, "line", &json::is_number_integer)) t.line = test["line"].get<int>();
      if (has(test, "failures", &json::is_array)) {
        for (const auto& f : test["failures"]) {
          t.failed = true;
          if (!has(f, "failure", &json::is_string)) continue;
          if (!t.message.empty()) t.message += "\n";
          t.message += f["failure"].get<std::string>();
        }
      }
      result.tests.push_back(std::move(t));
    }
  }
  if (static_cast<long>(result.tests.size()) < result.declared_tests) return std::nullopt;
  return result;
}

}  // namespace tinyllm::runner
