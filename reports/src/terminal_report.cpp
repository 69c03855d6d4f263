// The terminal report: a fixed-width table, padded before colouring so escape codes never shift
// the columns.
#include "tinyllm/reports/terminal_report.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>

#include "text.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/validity_report.hpp"
#include "verdict_reasons.hpp"

namespace tinyllm::reports {
namespace {

using detail::paint;

constexpr std::size_t kTitleWidth = 48;
constexpr std::size_t kKillersWidth = 56;
// Survivor details (the replaced text) shown per group before "and N more".
constexpr std::size_t kDetailsPerGroup = 3;

fmt::text_style status_style(MutantStatus status) {
  if (status == MutantStatus::Killed) return fmt::fg(fmt::terminal_color::green);
  if (status == MutantStatus::Timeout) return fmt::fg(fmt::terminal_color::yellow);
  if (status == MutantStatus::Survived)
    return fmt::fg(fmt::terminal_color::red) | fmt::emphasis::bold;
  return fmt::fg(fmt::terminal_color::red);
}

// Returns `text` padded with spaces to `width` code points.
std::string pad(std::string_view text, std::size_t width) {
  const std::size_t shown = detail::display_width(text);
  return std::string(text) + std::string(shown < width ? width - shown : 0, ' ');
}

void append_table(std::string& out, const GradeResult& result, bool colour) {
  // "NoCoverage" is one wider than the other statuses: the column widens only when it appears.
  std::size_t status_width = 9;
  for (const MutantResult& mutant : result.mutants) {
    status_width = std::max(status_width, detail::display_width(to_string(mutant.status)));
  }
  out += paint(colour,
               fmt::format("  {:<4} {} {} {}\n", "id", pad("status", status_width),
                           pad("pitfall", kTitleWidth), "killed by"),
               fmt::emphasis::bold);
  for (const MutantResult& mutant : result.mutants) {
    if (is_generated(mutant.mutant)) continue;  // counted below the table, survivors grouped
    std::string title = visible_title(mutant);
    if (title.empty()) title = "(hidden until detected)";
    const std::string killers = mutant.killed_by.empty()
                                    ? detail::no_killer(mutant, "-")
                                    : detail::join_to_width(mutant.killed_by, kKillersWidth);
    out += fmt::format(
        "  {:<4} {} {} {}\n", mutant.mutant.id,
        paint(colour, pad(to_string(mutant.status), status_width), status_style(mutant.status)),
        pad(detail::truncate(title, kTitleWidth), kTitleWidth),
        detail::truncate(killers, kKillersWidth));
  }
  if (const std::string counts = detail::generated_counts(result); !counts.empty())
    out += fmt::format("  + {}\n", counts);
}

// Generated survivors, one line per module file and operator (one line in all when the policy
// hides where they are), never one row per mutant.
void append_generated_survivors(std::string& out, const GradeResult& result, bool colour) {
  std::vector<GeneratedGroup> groups = generated_groups(result);
  std::erase_if(groups, [](const GeneratedGroup& group) { return group.survivors.empty(); });
  if (groups.empty()) return;
  std::size_t file_width = 0;
  std::size_t operator_width = 0;
  for (const GeneratedGroup& group : groups) {
    file_width = std::max(file_width, detail::display_width(group.file));
    operator_width = std::max(operator_width, detail::display_width(group.operator_name));
  }
  for (const GeneratedGroup& group : groups) {
    const std::string where = group.file.empty()
                                  ? std::string()
                                  : fmt::format("{}  {}  ", pad(group.file, file_width),
                                                pad(group.operator_name, operator_width));
    out += fmt::format(
        "  {}{}\n", where,
        paint(colour, group_survivors_summary(group), status_style(MutantStatus::Survived)));
    const std::vector<std::string> details = group_survivor_details(group);
    for (std::size_t i = 0; i < details.size() && i < kDetailsPerGroup; ++i) {
      out += fmt::format("    {}\n", details[i]);
    }
    if (details.size() > kDetailsPerGroup) {
      out += fmt::format("    and {} more (the HTML report shows each at its line)\n",
                         details.size() - kDetailsPerGroup);
    }
    const std::vector<std::string> hints = group_hints(group);
    for (std::size_t i = 0; i < hints.size() && i < kDetailsPerGroup; ++i) {
      out += detail::wrap("Hint: " + hints[i], detail::kWrapWidth, "    ");
    }
    if (hints.size() > kDetailsPerGroup) {
      out += fmt::format("    and {} more hints (the Markdown summary has each)\n",
                         hints.size() - kDetailsPerGroup);
    }
  }
  out += detail::wrap(generated_survivors_meaning(result), detail::kWrapWidth, "    ");
}

void append_survivors(std::string& out, const GradeResult& result, bool colour) {
  bool any = false;
  for (const MutantResult& mutant : result.mutants) {
    if (detected(mutant.status)) continue;
    if (!any) out += paint(colour, "\nWhat survived\n", fmt::emphasis::bold);
    any = true;
    if (is_generated(mutant.mutant)) continue;
    const std::string kind = undetected_kind(result, mutant);
    out += fmt::format("  {}{}\n",
                       paint(colour, survivor_summary(mutant), status_style(mutant.status)),
                       kind.empty() ? "" : fmt::format(" [{}]", kind));
    out += detail::wrap(survivor_meaning(mutant), detail::kWrapWidth, "    ");
    for (const std::string& hint : mutant.hints) {
      out += detail::wrap("Hint: " + hint, detail::kWrapWidth, "    ");
    }
  }
  append_generated_survivors(out, result, colour);
}

void append_invalid_tests(std::string& out, const GradeResult& result, bool colour) {
  if (result.invalid_tests.empty()) return;
  out += paint(colour, fmt::format("\n{}\n", detail::invalid_tests_heading(result)),
               fmt::emphasis::bold);
  for (const InvalidTest& test : result.invalid_tests) {
    for (const ValidityFailure& failure : test.failures) {
      const ShownFailure shown = shown_failure(result, failure);
      out += fmt::format("  {} {}\n", paint(colour, test.test, fmt::emphasis::bold), shown.where);
      if (!shown.why_allowed.empty()) {
        out += detail::wrap(shown.why_allowed, detail::kWrapWidth, "    ");
      }
      if (!shown.message.empty())
        out += detail::indent_lines(failure_output_excerpt(shown), "    ");
      out += fmt::format("    reproduce: {}\n", shown.reproduce);
    }
  }
}

}  // namespace

std::string render_terminal_report(const GradeResult& result, bool colour) {
  std::string out =
      fmt::format("{} {} (grading seed {})\nMutant set: {}\n{}\n",
                  paint(colour, "tinyllm mutation grade:", fmt::emphasis::bold), result.suite_name,
                  result.seed, detail::graded_set(result), validity_line(result));
  if (const std::string feedback = feedback_line(result); !feedback.empty()) {
    out += detail::wrap(feedback, detail::kWrapWidth, "");
  }
  out += "\n";
  if (result.verdict != Verdict::Invalid) {
    append_table(out, result, colour);
    out += fmt::format("\nScore: {}\n", detail::score_line(result));
    for (const std::string& line : {reach_line(result), reaching_without_detecting_line(result)}) {
      if (!line.empty()) out += detail::wrap(line, detail::kWrapWidth, "");
    }
  }
  out += fmt::format("Verdict: {}\n", paint(colour, to_string(result.verdict),
                                            detail::verdict_style(result.verdict)));
  for (const std::string& reason : detail::verdict_reasons(result)) {
    out += fmt::format("  {}\n", reason);
  }
  if (result.verdict != Verdict::Invalid) {
    append_survivors(out, result, colour);
  } else if (!result.compile_log.empty()) {
    out += paint(colour, "\nCompiler diagnostics\n", fmt::emphasis::bold);
    out += result.compile_log;
    if (result.compile_log.back() != '\n') out += '\n';
  }
  append_invalid_tests(out, result, colour);
  return out;
}

}  // namespace tinyllm::reports
