// The class report's HTML page (render_class_html): inline SVG, no script, no network.
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
constexpr int kFileCell = 64;  // a module file's column holds "12/14"
constexpr int kLabelWidth = 180;
constexpr int kHeader = 28;

const char* status_colour(MutantStatus status) {
  // In MutantStatus's order: Killed, Survived, Timeout, NoCoverage.
  constexpr const char* kColours[] = {"#2e7d32", "#c62828", "#f9a825", "#6d4c41"};
  return kColours[static_cast<int>(status)];
}

// Returns the pitfalls' rows of the summary: the heat map and the chart have one column or bar
// per pitfall and one per module file for the generated mutants.
std::vector<const ClassMutantRow*> pitfalls_of(const ClassSummary& summary) {
  std::vector<const ClassMutantRow*> pitfalls;
  for (const ClassMutantRow& row : summary.mutants) {
    if (row.kind == MutantKind::Pitfall) pitfalls.push_back(&row);
  }
  return pitfalls;
}

// Returns the file name without its folders and extension: "cast" for oracle/src/train/cast.cpp.
std::string short_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::size_t dot = name.find_last_of('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

// Green when every generated mutant of the file was detected, red when none was, amber between.
const char* share_colour(const ClassGeneratedCell& cell) {
  if (cell.detected == cell.counted) return "#2e7d32";
  if (cell.detected == 0) return "#c62828";
  return "#f9a825";
}

std::string file_cells(const ClassLearnerRow& learner, const ClassSummary& summary, int x, int y) {
  std::string svg;
  for (const ClassGeneratedFile& column : summary.generated_files) {
    const auto cell = learner.generated.find(column.file);
    const bool graded = cell != learner.generated.end();
    const std::string value =
        graded ? fmt::format("{}/{}", cell->second.detected, cell->second.counted) : "-";
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#fff\" "
        "class=\"cell\" data-learner=\"{}\" data-file=\"{}\" data-detected=\"{}\"><title>{} · "
        "generated mutants in {}: {}</title></rect>\n"
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#fff\">{}</text>\n",
        x, y, kFileCell, kCell, graded ? share_colour(cell->second) : "#bdbdbd",
        escape_markup(learner.learner), escape_markup(column.file), escape_markup(value),
        escape_markup(learner.learner), escape_markup(column.file),
        graded ? value + " detected" : "not graded", x + kFileCell / 2, y + kCell / 2 + 4,
        escape_markup(value));
    x += kFileCell;
  }
  return svg;
}

std::string heat_map(const ClassSummary& summary) {
  const std::vector<const ClassMutantRow*> pitfalls = pitfalls_of(summary);
  const int files_x = kLabelWidth + kCell * static_cast<int>(pitfalls.size());
  const int width = files_x + kFileCell * static_cast<int>(summary.generated_files.size()) + 10;
  const int height = kHeader + kCell * static_cast<int>(summary.learners.size()) + 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" role=\"img\" aria-labelledby=\"heat-title\" font-family=\"sans-serif\" "
      "font-size=\"10\">\n<title id=\"heat-title\">Mutant status per learner: green killed, amber "
      "timeout, red survived, brown not reached by any test, grey not graded; per module file, the "
      "generated mutants detected "
      "of those counted</title>\n",
      width, height);
  for (std::size_t m = 0; m < pitfalls.size(); ++m) {
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       kLabelWidth + kCell * static_cast<int>(m) + kCell / 2, kHeader - 8,
                       escape_markup(pitfalls[m]->id));
  }
  for (std::size_t f = 0; f < summary.generated_files.size(); ++f) {
    const std::string& file = summary.generated_files[f].file;
    svg +=
        fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\"><title>{}</title>{}</text>\n",
                    files_x + kFileCell * static_cast<int>(f) + kFileCell / 2, kHeader - 8,
                    escape_markup(file), escape_markup(detail::truncate(short_name(file), 10)));
  }
  for (std::size_t l = 0; l < summary.learners.size(); ++l) {
    const ClassLearnerRow& learner = summary.learners[l];
    const int y = kHeader + kCell * static_cast<int>(l);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLabelWidth - 6,
                       y + kCell / 2 + 4, escape_markup(detail::truncate(learner.learner, 28)));
    // Suites of one name (never in a batch: a suite is a folder) show the first one's statuses.
    const std::map<std::string, MutantStatus>& statuses =
        std::ranges::find(summary.learners, learner.learner, &ClassLearnerRow::learner)->statuses;
    for (std::size_t m = 0; m < pitfalls.size(); ++m) {
      const ClassMutantRow& mutant = *pitfalls[m];
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
    svg += file_cells(learner, summary, files_x, y);
  }
  return svg + "</svg>\n";
}

// A bar of the survival chart: a pitfall, or the generated mutants of one module file.
struct Bar {
  std::string id;     // data-mutant, or data-file for a module file
  bool file = false;  // a module file's generated mutants
  std::string label;
  int graded = 0;  // mutant runs (a pitfall: suites)
  int detected = 0;
  int not_reached = 0;  // of the undetected, how many no test ran (NoCoverage)
};

std::string survival_chart(const ClassSummary& summary) {
  std::vector<Bar> bars;
  for (const ClassMutantRow* row : pitfalls_of(summary)) {
    bars.push_back({row->id, false, fmt::format("{} {}", row->id, row->title), row->graded,
                    row->detected, static_cast<int>(row->not_reached_in.size())});
  }
  for (const ClassGeneratedFile& column : summary.generated_files) {
    bars.push_back({column.file, true, fmt::format("generated: {}", column.file), column.counted,
                    column.detected, column.not_reached});
  }
  std::vector<const Bar*> rows;
  for (const Bar& bar : bars) rows.push_back(&bar);
  const auto rate = [](const Bar* row) {
    return row->graded == 0 ? 0.0 : 1.0 - static_cast<double>(row->detected) / row->graded;
  };
  // Most-survived first: the pitfalls the class tests least come to the top.
  std::ranges::stable_sort(rows, [&](const Bar* a, const Bar* b) { return rate(a) > rate(b); });
  constexpr int kBar = 300;
  constexpr int kRow = 20;
  constexpr int kLabel = 340;
  const int width = kLabel + kBar + 120;
  const int height = kRow * static_cast<int>(rows.size()) + 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" role=\"img\" aria-labelledby=\"survival-title\" font-family=\"sans-serif\" "
      "font-size=\"11\">\n<title id=\"survival-title\">Share of graded suites in which each "
      "pitfall's mutant was not detected, and share of each module file's generated mutants not "
      "detected; the brown end of a bar: not reached by any test</title>\n",
      width, height);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Bar& row = *rows[i];
    const int y = kRow * static_cast<int>(i) + 4;
    const int undetected = row.graded - row.detected;
    const int survived = undetected - row.not_reached;
    // The bar is every mutant not detected; its brown end those no test ran.
    const int bar = static_cast<int>(rate(&row) * kBar + 0.5);
    const int unreached_bar =
        row.graded == 0
            ? 0
            : static_cast<int>(static_cast<double>(row.not_reached) / row.graded * kBar + 0.5);
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#eeeeee\"/>\n"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#c62828\" class=\"bar\" "
        "{}=\"{}\"><title>{}: survived in {} of {}{}</title></rect>\n"
        "{}"
        "<text x=\"{}\" y=\"{}\">{}/{} ({})</text>\n",
        kLabel - 6, y + 12, escape_markup(detail::truncate(row.label, 52)), kLabel, y, kBar,
        kRow - 4, kLabel, y, bar, kRow - 4, row.file ? "data-file" : "data-mutant",
        escape_markup(row.id), escape_markup(row.label), survived, row.graded,
        row.not_reached > 0 ? fmt::format(", not reached in {}", row.not_reached) : "",
        row.not_reached == 0
            ? std::string()
            : fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#6d4c41\" "
                          "class=\"unreached\"/>\n",
                          kLabel + bar - unreached_bar, y, unreached_bar, kRow - 4),
        kLabel + kBar + 6, y + 12, undetected, row.graded, percent(rate(&row)));
  }
  return svg + "</svg>\n";
}

// Returns the ids as the learners' table shows them: pitfalls by id, generated mutants by number
// (there may be a hundred).
std::string ids_in_short(const std::vector<std::string>& ids, const ClassSummary& summary) {
  std::vector<std::string> shown;
  int generated = 0;
  for (const std::string& id : ids) {
    const bool pitfall = std::ranges::any_of(summary.mutants, [&](const ClassMutantRow& m) {
      return m.id == id && m.kind == MutantKind::Pitfall;
    });
    if (pitfall)
      shown.push_back(id);
    else
      ++generated;
  }
  if (generated > 0) shown.push_back(fmt::format("{} generated", generated));
  return detail::join(shown, ", ");
}

std::string learners_table(const ClassSummary& summary) {
  std::string html =
      "<table>\n<thead><tr><th>Learner</th><th>Verdict</th><th>Score</th><th>Detected</th>"
      "<th>Mutant set</th><th>Invalid tests</th><th>Attempt</th><th>Learner saw</th>"
      "<th>Survived</th><th>Not reached</th></tr>"
      "</thead>\n<tbody>\n";
  for (const ClassLearnerRow& row : summary.learners) {
    html += fmt::format(
        "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}/{}</td><td>{}</td>"
        "<td class=\"invalid-tests\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        to_string(row.verdict), escape_markup(row.learner), to_string(row.verdict),
        row.verdict == Verdict::Invalid ? std::string("—") : percent(row.score), row.detected,
        row.total, row.mutant_set == MutantSet::Full ? "full" : "pitfalls only", row.invalid_tests,
        row.attempt == 0 ? std::string("—") : std::to_string(row.attempt), escape_markup(row.shown),
        escape_markup(ids_in_short(row.survived, summary)),
        escape_markup(ids_in_short(row.not_reached, summary)));
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
      "<h1>Class report</h1>\n<p>{} suites: {} PASS, {} FAIL, {} INVALID; {} invalid tests (tests "
      "that fail on a correct implementation) in all.</p>\n"
      "<h2>Which pitfalls and module files survive</h2>\n{}"
      "<h2>Every suite against every mutant</h2>\n"
      "<p class=\"legend\"><span style=\"background:#2e7d32\"></span>killed<span "
      "style=\"background:#f9a825\"></span>timeout<span "
      "style=\"background:#c62828\"></span>survived<span "
      "style=\"background:#6d4c41\"></span>not reached by any test<span "
      "style=\"background:#bdbdbd\"></span>not graded</p>\n{}"
      "<h2>Learners</h2>\n{}</body>\n</html>\n",
      summary.learners.size(), summary.learners.size(), summary.pass, summary.fail, summary.invalid,
      summary.invalid_tests, survival_chart(summary), heat_map(summary), learners_table(summary));
}

}  // namespace tinyllm::reports
