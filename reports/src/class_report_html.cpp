// The class report's HTML page: two inline SVG pictures (a learners x mutants heat map and the
// survival rate per pitfall) and the learners' table; no script, no network.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "text.hpp"
#include "tinyllm/reports/class_report.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

using detail::escape_markup;

constexpr int kCell = 22;
constexpr int kLabelWidth = 180;
constexpr int kHeader = 28;

const char* status_colour(MutantStatus status) {
  switch (status) {
    case MutantStatus::Killed:
      return "#2e7d32";
    case MutantStatus::Timeout:
      return "#f9a825";
    case MutantStatus::Survived:
      return "#c62828";
  }
  return "#bdbdbd";
}

std::string heat_map(const std::vector<GradeResult>& results, const ClassSummary& summary) {
  std::map<std::string, const GradeResult*> by_learner;
  for (const GradeResult& result : results) by_learner.emplace(result.suite_name, &result);
  const int width = kLabelWidth + kCell * static_cast<int>(summary.mutants.size()) + 10;
  const int height = kHeader + kCell * static_cast<int>(summary.learners.size()) + 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" role=\"img\" aria-labelledby=\"heat-title\" font-family=\"sans-serif\" "
      "font-size=\"10\">\n<title id=\"heat-title\">Mutant status per learner: green killed, amber "
      "timeout, red survived, grey not graded</title>\n",
      width, height);
  for (std::size_t m = 0; m < summary.mutants.size(); ++m) {
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       kLabelWidth + kCell * static_cast<int>(m) + kCell / 2, kHeader - 8,
                       escape_markup(summary.mutants[m].id));
  }
  for (std::size_t l = 0; l < summary.learners.size(); ++l) {
    const ClassLearnerRow& learner = summary.learners[l];
    const int y = kHeader + kCell * static_cast<int>(l);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLabelWidth - 6,
                       y + kCell / 2 + 4, escape_markup(detail::truncate(learner.learner, 28)));
    std::map<std::string, MutantStatus> statuses;
    const GradeResult& result = *by_learner.at(learner.learner);
    if (result.verdict != Verdict::Invalid) {
      for (const MutantResult& mutant : result.mutants) statuses[mutant.mutant.id] = mutant.status;
    }
    for (std::size_t m = 0; m < summary.mutants.size(); ++m) {
      const ClassMutantRow& mutant = summary.mutants[m];
      const auto status = statuses.find(mutant.id);
      const bool graded = status != statuses.end();
      svg += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#fff\" "
          "class=\"cell\" data-learner=\"{}\" data-mutant=\"{}\" data-status=\"{}\"><title>{} · "
          "{} {}: {}</title></rect>\n",
          kLabelWidth + kCell * static_cast<int>(m), y, kCell, kCell,
          graded ? status_colour(status->second) : "#bdbdbd", escape_markup(learner.learner),
          escape_markup(mutant.id), graded ? to_string(status->second) : "NotGraded",
          escape_markup(learner.learner), escape_markup(mutant.id), escape_markup(mutant.title),
          graded ? to_string(status->second) : "not graded (INVALID suite)");
    }
  }
  return svg + "</svg>\n";
}

std::string survival_chart(const ClassSummary& summary) {
  std::vector<const ClassMutantRow*> rows;
  for (const ClassMutantRow& row : summary.mutants) rows.push_back(&row);
  const auto rate = [](const ClassMutantRow* row) {
    return row->graded == 0 ? 0.0 : 1.0 - static_cast<double>(row->detected) / row->graded;
  };
  // Most-survived first: the pitfalls the class tests least come to the top.
  std::stable_sort(rows.begin(), rows.end(), [&](const ClassMutantRow* a, const ClassMutantRow* b) {
    return rate(a) > rate(b);
  });
  constexpr int kBar = 300;
  constexpr int kRow = 20;
  constexpr int kLabel = 340;
  const int width = kLabel + kBar + 120;
  const int height = kRow * static_cast<int>(rows.size()) + 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" role=\"img\" aria-labelledby=\"survival-title\" font-family=\"sans-serif\" "
      "font-size=\"11\">\n<title id=\"survival-title\">Share of graded suites in which each "
      "pitfall's mutant survived</title>\n",
      width, height);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ClassMutantRow& row = *rows[i];
    const int y = kRow * static_cast<int>(i) + 4;
    const int survived = row.graded - row.detected;
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#eeeeee\"/>\n"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#c62828\" class=\"bar\" "
        "data-mutant=\"{}\"><title>{}: survived in {} of {}</title></rect>\n"
        "<text x=\"{}\" y=\"{}\">{}/{} ({})</text>\n",
        kLabel - 6, y + 12,
        escape_markup(detail::truncate(fmt::format("{} {}", row.id, row.title), 52)), kLabel, y,
        kBar, kRow - 4, kLabel, y, static_cast<int>(rate(&row) * kBar + 0.5), kRow - 4,
        escape_markup(row.id), escape_markup(row.title), survived, row.graded, kLabel + kBar + 6,
        y + 12, survived, row.graded, percent(rate(&row)));
  }
  return svg + "</svg>\n";
}

std::string learners_table(const ClassSummary& summary) {
  std::string html =
      "<table>\n<thead><tr><th>Learner</th><th>Verdict</th><th>Score</th><th>Detected</th>"
      "<th>Survived</th></tr></thead>\n<tbody>\n";
  for (const ClassLearnerRow& row : summary.learners) {
    html += fmt::format(
        "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}/{}</td><td>{}</td></tr>\n",
        to_string(row.verdict), escape_markup(row.learner), to_string(row.verdict),
        row.verdict == Verdict::Invalid ? std::string("—") : percent(row.score), row.detected,
        row.total, escape_markup(detail::join(row.survived, ", ")));
  }
  return html + "</tbody>\n</table>\n";
}

}  // namespace

std::string render_class_html(const std::vector<GradeResult>& results) {
  const ClassSummary summary = summarize_class(results);
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>tinyllm class report: {} suites</title>\n"
      "<style>\nbody {{ font-family: sans-serif; margin: 2em; color: #222; }}\n"
      "table {{ border-collapse: collapse; }}\ntd, th {{ border: 1px solid #ccc; padding: 4px 8px; "
      "text-align: left; }}\ntr.FAIL td:nth-child(2) {{ color: #c62828; }}\n"
      "tr.PASS td:nth-child(2) {{ color: #2e7d32; }}\ntr.INVALID td:nth-child(2) {{ color: "
      "#6a1b9a; }}\n.legend span {{ display: inline-block; width: 12px; height: 12px; margin: 0 "
      "4px "
      "0 12px; }}\n</style>\n</head>\n<body>\n"
      "<h1>Class report</h1>\n<p>{} suites: {} PASS, {} FAIL, {} INVALID.</p>\n"
      "<h2>Which pitfalls survive</h2>\n{}"
      "<h2>Every suite against every mutant</h2>\n"
      "<p class=\"legend\"><span style=\"background:#2e7d32\"></span>killed<span "
      "style=\"background:#f9a825\"></span>timeout<span "
      "style=\"background:#c62828\"></span>survived<span style=\"background:#bdbdbd\"></span>not "
      "graded</p>\n{}"
      "<h2>Learners</h2>\n{}</body>\n</html>\n",
      summary.learners.size(), summary.learners.size(), summary.pass, summary.fail, summary.invalid,
      survival_chart(summary), heat_map(results, summary), learners_table(summary));
}

}  // namespace tinyllm::reports
