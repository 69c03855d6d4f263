// Gradescope's results.json (autograder specification): tests[] with score/max_score/status,
// and the Markdown summary as the top-level output. The total is the sum of the tests' scores.
#include "tinyllm/reports/gradescope_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "text.hpp"
#include "tinyllm/reports/feedback.hpp"
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

std::string mutant_output(const MutantResult& mutant, bool graded) {
  if (!graded) return "Not graded: the suite is INVALID (see the summary).";
  if (!detected(mutant.status)) {
    std::string out = fmt::format("{}\n{}", survivor_summary(mutant), survivor_meaning(mutant));
    for (const std::string& hint : mutant.hints) out += "\nHint: " + hint;
    return out;
  }
  std::string out = mutant.reason.empty()
                        ? to_string(mutant.status)
                        : fmt::format("{} ({})", to_string(mutant.status), mutant.reason);
  if (!mutant.killed_by.empty()) out += "\nKilled by: " + detail::join(mutant.killed_by, ", ");
  return out;
}

// One test per module file and operator of generated mutants (one in all when the policy hides
// where survivors are), worth a point per counted mutant: a hundred one-point tests would bury the
// pitfalls, and the total stays the number of mutants detected.
json generated_test(const GradeResult& result, const GeneratedGroup& group) {
  const std::string name = group.file.empty() ? std::string("Generated mutants")
                                              : fmt::format("Generated mutants: {}, {}", group.file,
                                                            group.operator_name);
  std::string output = fmt::format("{} of {} detected.", group.detected, group.counted);
  if (!group.survivors.empty()) {
    output += fmt::format("\n{}", group_survivors_summary(group));
    for (const std::string& line : group_survivor_details(group)) output += "\n" + line;
    output += "\n" + generated_survivors_meaning(result);
    for (const std::string& line : group_hints(group)) output += "\nHint: " + line;
  }
  return test_entry(name, group.detected, group.counted, group.survivors.empty(), output);
}

// One 0-point test per invalid test, failed, saying where it failed:
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

// The gradebook's score under the grade's policy (ScorePolicy), and the sentence that says which
// policy applied.
struct Gradebook {
  double score = 0;
  std::string sentence;
};

Gradebook gradebook_score(const GradeResult& result, double detected_points, double total) {
  const std::string points = fmt::format("{} of {} points", detected_points, total);
  if (result.verdict == Verdict::Invalid) {
    return {0, fmt::format("Gradebook score: 0 of {} points: the suite is INVALID.", total)};
  }
  const bool pass = result.verdict == Verdict::Pass;
  switch (result.score_policy) {
    case ScorePolicy::Mutants:
      return {detected_points,
              fmt::format("Gradebook score: {} (policy \"mutants\": a point per detected mutant; "
                          "the verdict {} is not in it).",
                          points, to_string(result.verdict))};
    case ScorePolicy::Verdict:
      return {pass ? total : 0.0,
              fmt::format("Gradebook score: {} of {} points (policy \"verdict\": every point for a "
                          "PASS, none otherwise; {} detected).",
                          pass ? total : 0.0, total, points)};
    case ScorePolicy::Capped: {
      // The largest whole score whose share stays below the threshold.
      const double cap = std::max(0.0, std::ceil(result.threshold * total) - 1.0);
      const double score = pass ? detected_points : std::min(detected_points, cap);
      return {score,
              fmt::format("Gradebook score: {} of {} points (policy \"capped\": a point per "
                          "detected mutant, at most {} while the grade is not a PASS, so the "
                          "gradebook never shows a FAIL as a pass; {} detected).",
                          score, total, cap, points)};
    }
  }
  return {detected_points, ""};
}

// What Gradescope shows next to the result and keeps for the next submission's metadata: the
// verdict and how the feedback was chosen. `grader_failed` false: this is a grade (run_autograder
// writes true when the grader stopped before one), so the next attempt counts this one.
json extra_data(const GradeResult& result) {
  return {{"tinyllm",
           {{"grader_failed", false},
            {"verdict", to_string(result.verdict)},
            {"score_policy", score_policy_name(result.score_policy)},
            {"view", view_name(result.feedback.view)},
            {"ladder", result.feedback.ladder},
            {"attempt", result.feedback.attempt},
            {"after_deadline", result.feedback.after_deadline},
            {"hint_rung", hint_rung_name(result.feedback.rung)},
            {"reveal", reveal_name(learner_reveal(result))}}}};
}

}  // namespace

json gradescope_results_json(const GradeResult& result, const GradeResult& staff) {
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
  double max_total = 0;
  for (const MutantResult& mutant : result.mutants) {
    if (is_generated(mutant.mutant)) continue;  // grouped below
    const bool caught = graded && detected(mutant.status);
    const std::string title = visible_title(mutant);
    const std::string name = title.empty() ? fmt::format("Mutant {}", mutant.mutant.id)
                                           : fmt::format("Mutant {}: {}", mutant.mutant.id, title);
    tests.push_back(test_entry(name, caught ? 1 : 0, 1, caught, mutant_output(mutant, graded)));
    total += caught ? 1 : 0;
    max_total += 1;
  }
  for (const GeneratedGroup& group : generated_groups(result)) {
    if (graded) tests.push_back(generated_test(result, group));
    total += graded ? group.detected : 0;
    max_total += group.counted;
  }
  for (const InvalidTest& test : result.invalid_tests) {
    tests.push_back(invalid_test_entry(result, test));
  }
  // Staff see everything in a test learners never see (Gradescope's "hidden").
  if (result.feedback.view == View::Learner) {
    json hidden =
        test_entry("Staff view (instructors only)", 0, 0, graded, render_markdown_report(staff));
    hidden["visibility"] = "hidden";
    hidden["output_format"] = "md";
    tests.push_back(hidden);
  }
  const Gradebook gradebook = gradebook_score(result, total, max_total);
  return {{"score", gradebook.score},
          {"output", render_markdown_report(result) + "\n" + gradebook.sentence + "\n"},
          {"output_format", "md"},
          {"test_output_format", "text"},
          {"visibility", "visible"},
          {"execution_time", std::lround(result.seconds)},
          {"extra_data", extra_data(result)},
          {"tests", tests}};
}

std::string render_gradescope_results(const GradeResult& result, const GradeResult& staff) {
  return gradescope_results_json(result, staff)
             .dump(2, ' ', false, json::error_handler_t::replace) +
         "\n";
}

}  // namespace tinyllm::reports
