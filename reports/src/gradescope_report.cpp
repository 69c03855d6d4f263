// Gradescope's results.json (autograder specification): tests[] with score/max_score/status,
// and the Markdown summary as the top-level output. The total is the sum of the tests' scores.
#include "tinyllm/reports/gradescope_report.hpp"

#include <fmt/format.h>

#include <cmath>

#include "text.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"
#include "verdict_reasons.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

json test_entry(std::string name, double score, double max_score, bool passed, std::string output) {
  return {{"name", std::move(name)},     {"score", score},
          {"max_score", max_score},      {"status", passed ? "passed" : "failed"},
          {"output", std::move(output)}, {"visibility", "visible"}};
}

std::string mutant_output(const MutantResult& mutant, Reveal reveal, bool graded) {
  if (!graded) return "Not graded: the suite is INVALID (see the summary).";
  if (!detected(mutant.status)) {
    return fmt::format("{}\n{}", survivor_summary(mutant, reveal),
                       survivor_meaning(mutant, reveal));
  }
  std::string out = status_with_reason(mutant);
  if (!mutant.killed_by.empty()) out += "\nKilled by: " + detail::join(mutant.killed_by, ", ");
  return out;
}

// One test per module file and operator of generated mutants (one in all when the policy hides
// where survivors are), worth a point per counted mutant: a hundred one-point tests would bury the
// pitfalls, and the total stays the number of mutants detected.
json generated_test(const GeneratedGroup& group, Reveal reveal) {
  const std::string name = group.file.empty() ? std::string("Generated mutants")
                                              : fmt::format("Generated mutants: {}, {}", group.file,
                                                            group.operator_name);
  std::string output = fmt::format("{} of {} detected.", group.detected, group.counted);
  if (!group.survivors.empty()) {
    output += fmt::format("\n{}", group_survivors_summary(group, reveal));
    for (const std::string& line : group_survivor_details(group, reveal)) output += "\n" + line;
    output += "\n" + generated_survivors_meaning(reveal);
  }
  return test_entry(name, group.detected, group.counted, group.survivors.empty(), output);
}

// One 0-point test per invalid test, failed, saying where it failed as the reveal policy allows:
// Gradescope shows a learner each test, and an invalid one is what to fix first.
json invalid_test_entry(const GradeResult& result, const InvalidTest& test) {
  std::string output;
  for (const ValidityFailure& failure : test.failures) {
    const ShownFailure shown = shown_failure(result, failure);
    output += fmt::format("{} {}\n", test.test, shown.where);
    if (!shown.why_allowed.empty()) output += shown.why_allowed + "\n";
    if (!shown.message.empty()) output += failure_output_excerpt(shown) + "\n";
    output += fmt::format("reproduce: {}\n", shown.reproduce);
  }
  return test_entry(fmt::format("Invalid test (not graded): {}", test.test), 0, 0, false, output);
}

}  // namespace

json gradescope_results_json(const GradeResult& result) {
  const bool graded = result.verdict != Verdict::Invalid;
  json tests = json::array();
  std::string reference_output =
      !graded ? detail::join(detail::verdict_reasons(result), "\n")
      : result.invalid_tests.empty()
          ? std::string("Every test passes on the reference implementation.")
          : "Every valid test passes on the reference implementation. " +
                invalid_tests_sentence(result);
  reference_output +=
      fmt::format("\nMutant set: {}.\n{}", detail::graded_set(result), validity_line(result));
  tests.push_back(test_entry("Suite compiles and accepts the reference implementation", 0, 0,
                             graded, reference_output));
  double total = 0;
  for (const MutantResult& mutant : result.mutants) {
    if (is_generated(mutant.mutant)) continue;  // grouped below
    const bool caught = graded && detected(mutant.status);
    const std::string title = visible_title(mutant, result.reveal);
    const std::string name = title.empty() ? fmt::format("Mutant {}", mutant.mutant.id)
                                           : fmt::format("Mutant {}: {}", mutant.mutant.id, title);
    tests.push_back(
        test_entry(name, caught ? 1 : 0, 1, caught, mutant_output(mutant, result.reveal, graded)));
    total += caught ? 1 : 0;
  }
  if (graded) {
    for (const GeneratedGroup& group : generated_groups(result)) {
      tests.push_back(generated_test(group, result.reveal));
      total += group.detected;
    }
  }
  for (const InvalidTest& test : result.invalid_tests) {
    tests.push_back(invalid_test_entry(result, test));
  }
  return {{"score", total},          {"output", render_markdown_report(result)},
          {"output_format", "md"},   {"test_output_format", "text"},
          {"visibility", "visible"}, {"execution_time", std::lround(result.seconds)},
          {"tests", tests}};
}

std::string render_gradescope_results(const GradeResult& result) {
  return gradescope_results_json(result).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace tinyllm::reports
