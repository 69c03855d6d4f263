#include "tinyllm/reports/validity_report.hpp"

#include <fmt/format.h>

#include "text.hpp"

namespace tinyllm::reports {
namespace {

constexpr const char* kReference = "reference";

}  // namespace

using detail::plural;

ShownFailure shown_failure(const GradeResult& result, const ValidityFailure& failure) {
  ShownFailure shown;
  shown.reproduce = failure.reproduce;
  shown.message = failure.message;  // what for_reader left of it
  if (failure.variant == kReference) {
    shown.where =
        fmt::format("fails on the reference implementation (RapidCheck seed {})", failure.seed);
    return shown;
  }
  const WheatInfo* wheat = find_wheat(result, failure.variant);
  if (wheat == nullptr) {
    // A variant the grade does not describe: say no more than its id.
    shown.where = fmt::format("fails on {}, a correct implementation", failure.variant);
  } else if (wheat->kind == WheatKind::Binary) {
    shown.where =
        fmt::format("depends on the binary: it fails on {} ({})", wheat->title, wheat->id);
  } else if (wheat->title.empty()) {
    shown.where = fmt::format("fails on wheat {}, a correct implementation", wheat->id);
  } else {
    shown.where =
        fmt::format("fails on wheat {} ({}), a correct implementation", wheat->id, wheat->title);
    if (!wheat->varies.empty())
      shown.why_allowed = fmt::format(
          "what it varies: {}; the contract leaves that open: docs/contract-freedoms.md#{}",
          wheat->varies, wheat->freedom);
  }
  return shown;
}

std::vector<std::string> invalid_test_names(const GradeResult& result) {
  std::vector<std::string> names;
  for (const InvalidTest& test : result.invalid_tests) names.push_back(test.test);
  return names;
}

std::string validity_line(const GradeResult& result) {
  std::string line =
      fmt::format("Validity: {}; {}", to_string(result.validity),
                  plural(result.invalid_tests.size(), "invalid test", "invalid tests"));
  if (!result.invalid_tests.empty() && result.verdict != Verdict::Invalid) line += " (not graded)";
  line += "; a valid test passes on the reference with every seed";
  if (!result.wheats.empty()) {
    std::vector<std::string> ids;
    for (const WheatInfo& wheat : result.wheats) ids.push_back(wheat.id);
    line += fmt::format(" and on {} ({})", plural(ids.size(), "wheat", "wheats"),
                        detail::join(ids, ", "));
  }
  return line + ".";
}

std::string invalid_tests_sentence(const GradeResult& result) {
  const std::size_t count = result.invalid_tests.size();
  if (count == 0) return "";
  const std::string names = detail::join_limited(invalid_test_names(result), 5);
  if (result.verdict == Verdict::Invalid) {
    return fmt::format(
        "{} on a correct implementation (the reference or a wheat): {}. A test that rejects "
        "correct code is wrong{}.",
        plural(count, "test fails", "tests fail"), names,
        result.validity == Validity::Strict ? ", and the strict validity policy grades nothing then"
                                            : "");
  }
  return fmt::format(
      "{} not graded: {}. Each fails on a correct implementation (the reference or a wheat); the "
      "grade counts the other tests.",
      plural(count, "invalid test was", "invalid tests were"), names);
}

}  // namespace tinyllm::reports
