// The Markdown summary: GitHub/GitLab-flavoured tables, code fences for logs.
#include "tinyllm/reports/markdown_report.hpp"

#include <fmt/format.h>

#include "text.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"
#include "verdict_reasons.hpp"

namespace tinyllm::reports {
namespace {

constexpr std::size_t kKillersShown = 3;

// Returns a fence longer than any backtick run in `text`, so a log cannot close it early.
std::string fence_for(std::string_view text) {
  std::size_t longest = 0;
  std::size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max<std::size_t>(3, longest + 1), '`');
}

void append_code_block(std::string& out, std::string_view text) {
  const std::string fence = fence_for(text);
  out += fmt::format("{}text\n{}{}{}\n", fence, text,
                     !text.empty() && text.back() == '\n' ? "" : "\n", fence);
}

void append_markdown_table(std::string& out, const GradeResult& result) {
  out += "| Mutant | Status | Pitfall | Killed by |\n|---|---|---|---|\n";
  for (const MutantResult& mutant : result.mutants) {
    if (is_generated(mutant.mutant)) continue;  // their own table: append_markdown_generated_table
    std::string title = visible_title(mutant);
    if (title.empty()) title = "*(hidden until detected)*";
    const std::string killers = mutant.killed_by.empty()
                                    ? detail::no_killer(mutant, "—")
                                    : detail::join_limited(mutant.killed_by, kKillersShown);
    out += fmt::format("| {} | {} | {} | {} |\n", mutant.mutant.id,
                       detected(mutant.status) ? std::string(to_string(mutant.status))
                                               : fmt::format("**{}**", to_string(mutant.status)),
                       detail::markdown_cell(title), detail::markdown_cell(killers));
  }
}

// The generated mutants per module file and operator (one row in all when the policy hides where
// survivors are): a hundred rows of single mutants would bury the pitfalls.
void append_markdown_generated_table(std::string& out, const GradeResult& result) {
  const std::vector<GeneratedGroup> groups = generated_groups(result);
  if (groups.empty()) return;
  // Reach adds a column: survivors no test runs (NoCoverage) apart from those tests run.
  const bool reach = result.reach_measured;
  out += fmt::format(
      "\n### Generated mutants\n\n| File | Operator | Detected | Survived |{}\n"
      "|---|---|---|---|{}\n",
      reach ? " Not reached |" : "", reach ? "---|" : "");
  for (const GeneratedGroup& group : groups) {
    const int survived = static_cast<int>(group.survivors.size()) - group.not_reached;
    out += fmt::format(
        "| {} | {} | {}/{} | {} |{}\n",
        group.file.empty() ? "*(withheld)*" : detail::markdown_cell(group.file),
        group.operator_name.empty() ? "*(withheld)*" : detail::markdown_cell(group.operator_name),
        group.detected, group.counted, survived,
        reach ? fmt::format(" {} |", group.not_reached) : "");
  }
}

void append_markdown_survivors(std::string& out, const GradeResult& result) {
  bool any = false;
  for (const MutantResult& mutant : result.mutants) {
    if (detected(mutant.status)) continue;
    if (!any) out += "\n### What survived\n\n";
    any = true;
    if (is_generated(mutant.mutant)) continue;
    const std::string kind = undetected_kind(result, mutant);
    out += fmt::format("- **{}**{} — {}\n", detail::markdown_cell(survivor_summary(mutant)),
                       kind.empty() ? "" : fmt::format(" ({})", kind), survivor_meaning(mutant));
    for (const std::string& hint : mutant.hints) {
      out += fmt::format("  - Hint: {}\n", detail::markdown_cell(hint));
    }
  }
  bool generated = false;
  for (const GeneratedGroup& group : generated_groups(result)) {
    if (group.survivors.empty()) continue;
    generated = true;
    const std::string where = group.file.empty()
                                  ? std::string()
                                  : fmt::format("{}, {}: ", group.file, group.operator_name);
    out += fmt::format("- **{}{}**\n", detail::markdown_cell(where),
                       detail::markdown_cell(group_survivors_summary(group)));
    // One line each, the code in backticks: raw, since a code span shows "&lt;" as written.
    for (const std::string& line : group_survivor_details(group)) {
      out += fmt::format("  - {}\n", line);
    }
    for (const std::string& hint : group_hints(group)) {
      out += fmt::format("  - Hint: {}\n", detail::markdown_cell(hint));
    }
  }
  if (generated) out += fmt::format("\n{}\n", generated_survivors_meaning(result));
}

void append_markdown_invalid_tests(std::string& out, const GradeResult& result) {
  if (result.invalid_tests.empty()) return;
  out += fmt::format("\n### {}\n\n", detail::invalid_tests_heading(result));
  for (const InvalidTest& test : result.invalid_tests) {
    for (const ValidityFailure& failure : test.failures) {
      const ShownFailure shown = shown_failure(result, failure);
      out += fmt::format("**{}** {}\n\n", detail::markdown_cell(test.test),
                         detail::markdown_cell(shown.where));
      if (!shown.why_allowed.empty()) {
        out += fmt::format("{}\n\n", detail::markdown_cell(shown.why_allowed));
      }
      if (!shown.message.empty()) {
        append_code_block(out, failure_output_excerpt(shown));
        out += "\n";
      }
      out += "Reproduce:\n\n";
      append_code_block(out, shown.reproduce);
      out += "\n";
    }
  }
}

}  // namespace

std::string render_markdown_report(const GradeResult& result) {
  std::string out =
      fmt::format("## Mutation grade: {} — **{}**\n\n", detail::markdown_cell(result.suite_name),
                  to_string(result.verdict));
  out += fmt::format("Mutant set: {}.\n\n", detail::graded_set(result));
  out += fmt::format("{}\n\n", detail::markdown_cell(validity_line(result)));
  if (const std::string feedback = feedback_line(result); !feedback.empty()) {
    out += fmt::format("{}\n\n", detail::markdown_cell(feedback));
  }
  if (result.verdict != Verdict::Invalid) {
    out += fmt::format("{}.\n\n", detail::score_line(result));
    for (const std::string& line : {reach_line(result), reaching_without_detecting_line(result)}) {
      if (!line.empty()) out += fmt::format("{}\n\n", detail::markdown_cell(line));
    }
  }
  for (const std::string& reason : detail::verdict_reasons(result)) {
    out += fmt::format("- {}\n", reason);
  }
  if (result.verdict == Verdict::Invalid) {
    if (!result.compile_log.empty()) {
      out += "\n### Compiler diagnostics\n\n";
      append_code_block(out, result.compile_log);
    }
    append_markdown_invalid_tests(out, result);
    return out;
  }
  out += "\n";
  append_markdown_table(out, result);
  append_markdown_generated_table(out, result);
  append_markdown_survivors(out, result);
  append_markdown_invalid_tests(out, result);
  out += fmt::format("\n<sub>Grading seed {}.</sub>\n", result.seed);
  return out;
}

}  // namespace tinyllm::reports
