// The class summary and its JSON and CSV forms.
#include "tinyllm/reports/class_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "text.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

// Returns `field` quoted for CSV when it needs it, and defused when a spreadsheet would read it as
// a formula (a learner's folder named "=HYPERLINK(...)").
std::string csv_field(std::string_view field) {
  std::string text(field);
  if (!text.empty() && std::string_view("=+-@").find(text.front()) != std::string_view::npos) {
    text.insert(0, "'");
  }
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

bool is_generated_row(const ClassMutantRow& row) {
  return row.kind == MutantKind::Generated;
}

const char* status_letter(MutantStatus status) {
  constexpr const char* kLetters[] = {"K", "S", "T", "N"};  // in MutantStatus's order
  return kLetters[static_cast<int>(status)];
}

// Returns what the learner's report showed of survivors: the hint rung, or the reveal level.
std::string learner_shown(const GradeResult& result) {
  const Feedback& feedback = result.feedback;
  if (feedback.rung != HintRung::None) return std::string(hint_rung_name(feedback.rung));
  return std::string(reveal_name(learner_reveal(result)));
}

std::map<std::string, MutantStatus> statuses_of(const GradeResult& result) {
  std::map<std::string, MutantStatus> statuses;
  if (result.verdict == Verdict::Invalid) return statuses;
  for (const MutantResult& mutant : result.mutants) statuses[mutant.mutant.id] = mutant.status;
  return statuses;
}

std::vector<const GradeResult*> sorted_by_learner(const std::vector<GradeResult>& results) {
  std::vector<const GradeResult*> sorted;
  for (const GradeResult& result : results) sorted.push_back(&result);
  std::ranges::stable_sort(sorted, {}, &GradeResult::suite_name);
  return sorted;
}

// Returns every mutant any grade ran, in ClassSummary::mutants' order (s01..s24 is the catalog's).
std::vector<ClassMutantRow> every_mutant(const std::vector<const GradeResult*>& results) {
  std::map<std::string, const MutantInfo*> by_id;
  for (const GradeResult* result : results) {
    for (const MutantResult& mutant : result->mutants)
      by_id.emplace(mutant.mutant.id, &mutant.mutant);
  }
  std::vector<const MutantInfo*> infos;
  for (const auto& [id, info] : by_id) infos.push_back(info);
  const auto key = [](const MutantInfo* m) {
    return std::tuple(is_generated(*m), is_generated(*m) ? m->file : std::string(),
                      is_generated(*m) ? m->line_begin : 0, is_generated(*m) ? m->column_begin : 0,
                      m->id);
  };
  std::ranges::stable_sort(
      infos, [&](const MutantInfo* a, const MutantInfo* b) { return key(a) < key(b); });
  std::vector<ClassMutantRow> rows;
  for (const MutantInfo* info : infos) {
    rows.push_back({.id = info->id,
                    .title = is_generated(*info) ? generated_description(*info) : info->title,
                    .kind = info->kind,
                    .file = info->file});
  }
  return rows;
}

}  // namespace

ClassSummary summarize_class(const std::vector<GradeResult>& results) {
  ClassSummary summary;
  summary.mutants = every_mutant(sorted_by_learner(results));
  std::map<std::string, std::size_t> mutant_index;
  for (std::size_t i = 0; i < summary.mutants.size(); ++i) mutant_index[summary.mutants[i].id] = i;
  std::map<std::string, ClassGeneratedFile> files;

  for (const GradeResult* result : sorted_by_learner(results)) {
    ClassLearnerRow row;
    row.learner = result->suite_name;
    row.verdict = result->verdict;
    row.score = result->score;
    row.mutant_set = result->mutant_set;
    row.invalid_tests = static_cast<int>(result->invalid_tests.size());
    row.attempt = result->feedback.attempt;
    row.shown = learner_shown(*result);
    summary.invalid_tests += row.invalid_tests;
    summary.pass += result->verdict == Verdict::Pass ? 1 : 0;
    summary.fail += result->verdict == Verdict::Fail ? 1 : 0;
    summary.invalid += result->verdict == Verdict::Invalid ? 1 : 0;
    row.statuses = statuses_of(*result);
    for (const auto& [id, status] : row.statuses) {
      ClassMutantRow& mutant = summary.mutants[mutant_index.at(id)];
      ++mutant.graded;
      ++row.total;
      if (detected(status)) {
        ++mutant.detected;
        ++row.detected;
      } else if (status == MutantStatus::NoCoverage) {
        mutant.not_reached_in.push_back(result->suite_name);
      } else {
        mutant.survived_in.push_back(result->suite_name);
      }
      if (mutant.kind == MutantKind::Generated) {
        ClassGeneratedCell& cell = row.generated[mutant.file];
        ++cell.counted;
        cell.detected += detected(status) ? 1 : 0;
        cell.not_reached += status == MutantStatus::NoCoverage ? 1 : 0;
      }
    }
    for (const ClassMutantRow& mutant : summary.mutants) {
      if (!mutant.survived_in.empty() && mutant.survived_in.back() == result->suite_name) {
        row.survived.push_back(mutant.id);
      }
      if (!mutant.not_reached_in.empty() && mutant.not_reached_in.back() == result->suite_name) {
        row.not_reached.push_back(mutant.id);
      }
    }
    for (const auto& [file, cell] : row.generated) {
      ClassGeneratedFile& column = files[file];
      column.file = file;
      ++column.graded;
      column.counted += cell.counted;
      column.detected += cell.detected;
      column.not_reached += cell.not_reached;
    }
    summary.learners.push_back(row);
  }
  for (auto& [file, column] : files) summary.generated_files.push_back(column);
  return summary;
}

std::string render_class_json(const std::vector<GradeResult>& results) {
  const ClassSummary summary = summarize_class(results);
  nlohmann::ordered_json out;
  out["version"] = 1;
  out["summary"] = {{"suites", summary.learners.size()},
                    {"pass", summary.pass},
                    {"fail", summary.fail},
                    {"invalid", summary.invalid},
                    {"invalidTests", summary.invalid_tests}};
  out["learners"] = nlohmann::ordered_json::array();
  for (const ClassLearnerRow& row : summary.learners) {
    nlohmann::ordered_json generated = nlohmann::ordered_json::object();
    for (const auto& [file, cell] : row.generated) {
      generated[file] = {{"counted", cell.counted}, {"detected", cell.detected}};
    }
    out["learners"].push_back({{"learner", row.learner},
                               {"verdict", to_string(row.verdict)},
                               {"score", row.score},
                               {"detected", row.detected},
                               {"total", row.total},
                               {"survived", row.survived},
                               {"notReached", row.not_reached},
                               {"invalidTests", row.invalid_tests},
                               {"attempt", row.attempt},
                               {"learnerSaw", row.shown},
                               {"mutantSet", to_string(row.mutant_set)},
                               {"generated", generated}});
  }
  out["generatedFiles"] = nlohmann::ordered_json::array();
  for (const ClassGeneratedFile& column : summary.generated_files) {
    out["generatedFiles"].push_back({{"file", column.file},
                                     {"graded", column.graded},
                                     {"counted", column.counted},
                                     {"detected", column.detected}});
  }
  out["mutants"] = nlohmann::ordered_json::array();
  for (const ClassMutantRow& row : summary.mutants) {
    out["mutants"].push_back({{"id", row.id},
                              {"kind", is_generated_row(row) ? "generated" : "pitfall"},
                              {"file", row.file},
                              {"title", row.title},
                              {"graded", row.graded},
                              {"detected", row.detected},
                              {"survivedIn", row.survived_in},
                              {"notReachedIn", row.not_reached_in}});
  }
  return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string render_class_learners_csv(const std::vector<GradeResult>& results) {
  const ClassSummary summary = summarize_class(results);
  std::string out = "learner,verdict,score,detected,total,invalid_tests,attempt,learner_saw";
  for (const ClassMutantRow& mutant : summary.mutants) {
    if (!is_generated_row(mutant)) out += "," + csv_field(mutant.id);
  }
  for (const ClassGeneratedFile& column : summary.generated_files) {
    out += "," + csv_field(column.file);
  }
  out += "\r\n";
  for (const ClassLearnerRow& row : summary.learners) {
    out +=
        fmt::format("{},{},{:.4f},{},{},{},{},{}", csv_field(row.learner), to_string(row.verdict),
                    row.score, row.detected, row.total, row.invalid_tests, row.attempt, row.shown);
    for (const ClassMutantRow& mutant : summary.mutants) {
      if (is_generated_row(mutant)) continue;  // one column per file below
      const auto status = row.statuses.find(mutant.id);
      out += ",";
      out += status == row.statuses.end() ? "-" : status_letter(status->second);
    }
    for (const ClassGeneratedFile& column : summary.generated_files) {
      const auto cell = row.generated.find(column.file);
      out += cell == row.generated.end()
                 ? std::string(",-")
                 : fmt::format(",{}/{}", cell->second.detected, cell->second.counted);
    }
    out += "\r\n";
  }
  return out;
}

std::string render_class_mutants_csv(const std::vector<GradeResult>& results) {
  const ClassSummary summary = summarize_class(results);
  std::string out = "mutant,title,graded,detected,survival_rate,not_reached\r\n";
  for (const ClassMutantRow& row : summary.mutants) {
    const double rate =
        row.graded == 0 ? 0.0 : static_cast<double>(row.survived_in.size()) / row.graded;
    out += fmt::format("{},{},{},{},{:.4f},{}\r\n", csv_field(row.id), csv_field(row.title),
                       row.graded, row.detected, rate, row.not_reached_in.size());
  }
  return out;
}

std::vector<std::filesystem::path> write_class_reports(const std::vector<GradeResult>& results,
                                                       const std::filesystem::path& folder) {
  const std::vector<std::pair<const char*, std::string>> files = {
      {"class-report.json", render_class_json(results)},
      {"class-learners.csv", render_class_learners_csv(results)},
      {"class-mutants.csv", render_class_mutants_csv(results)},
      {"class-report.html", render_class_html(results)},
  };
  std::vector<std::filesystem::path> written;
  for (const auto& [name, text] : files) {
    written.push_back(folder / name);
    base::write_whole_file(written.back(), text);
  }
  return written;
}

}  // namespace tinyllm::reports
