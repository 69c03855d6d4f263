// Gradescope's results.json (autograder specification): tests[] with score/max_score/status,
// and the Markdown summary as the top-level output. The total is the sum of the tests' scores.
#include "tinyllm/reports/gradescope_report.hpp"

#include <fmt/format.h>

#include <cmath>

#include "text.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/reveal.hpp"
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
  if (mutant.status == MutantStatus::Survived) {
    return fmt::format("{}\n{}", survivor_summary(mutant, reveal),
                       survivor_meaning(mutant, reveal));
  }
  std::string out = status_with_reason(mutant);
  if (!mutant.killed_by.empty()) out += "\nKilled by: " + detail::join(mutant.killed_by, ", ");
  return out;
}

}  // namespace

json gradescope_results_json(const GradeResult& result) {
  const bool graded = result.verdict != Verdict::Invalid;
  json tests = json::array();
  std::string reference_output = graded ? "Every test passes on the reference implementation."
                                        : detail::join(detail::verdict_reasons(result), "\n");
  tests.push_back(test_entry("Suite compiles and accepts the reference implementation", 0, 0,
                             graded, reference_output));
  double total = 0;
  for (const MutantResult& mutant : result.mutants) {
    const bool caught = graded && detected(mutant.status);
    const std::string title = visible_title(mutant, result.reveal);
    const std::string name = title.empty() ? fmt::format("Mutant {}", mutant.mutant.id)
                                           : fmt::format("Mutant {}: {}", mutant.mutant.id, title);
    tests.push_back(
        test_entry(name, caught ? 1 : 0, 1, caught, mutant_output(mutant, result.reveal, graded)));
    total += caught ? 1 : 0;
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
