// The report across a class: per learner verdict and score, per mutant how many suites detected
// it, so an instructor sees which pitfalls learners fail to test. Instructor-facing: titles are
// shown whatever each grade's reveal setting.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

struct ClassMutantRow {
  std::string id;
  std::string title;                       // a generated mutant's generated_description
  int graded = 0;                          // suites that were not INVALID and ran this mutant
  int detected = 0;                        // of those, how many killed it or timed it out
  std::vector<std::string> survived_in{};  // learners whose suite ran its code yet let it survive
  // Learners whose suite never ran its code (NoCoverage), sorted: counted apart from survived_in.
  std::vector<std::string> not_reached_in{};
  MutantKind kind = MutantKind::Pitfall;
  std::string file;  // the oracle source the mutant is in
};

// Generated mutants of one module file: how many a grade counted and how many its suite detected.
struct ClassGeneratedCell {
  int counted = 0;
  int detected = 0;
  int not_reached = 0;  // of those not detected, how many no test ran (NoCoverage)
};

struct ClassLearnerRow {
  std::string learner;  // the suite's name
  Verdict verdict = Verdict::Invalid;
  double score = 0;
  int detected = 0;
  int total = 0;
  std::vector<std::string> survived;     // mutant ids, pitfalls first (catalog order)
  std::vector<std::string> not_reached;  // NoCoverage mutant ids, in the same order
  MutantSet mutant_set = MutantSet::Full;
  int invalid_tests = 0;  // the suite's tests that failed on a correct implementation
  // The learner's attempt (0: not counted) and what their report showed of survivors: the hint
  // rung ("question", "concept", "symptom") or, without hints, the reveal level.
  int attempt = 0;
  std::string shown;
  std::map<std::string, ClassGeneratedCell> generated;  // module file -> its generated mutants
  std::map<std::string, MutantStatus> statuses;  // mutant id -> status; none for an INVALID suite
};

// One module file's generated mutants across the class: the heat map's column for them.
struct ClassGeneratedFile {
  std::string file;
  int graded = 0;       // suites that were not INVALID and counted generated mutants in the file
  int counted = 0;      // summed over those suites
  int detected = 0;     // likewise
  int not_reached = 0;  // likewise: not detected because no test ran them (NoCoverage)
};

struct ClassSummary {
  std::vector<ClassLearnerRow> learners;  // sorted by name
  // Pitfalls in catalog order, then generated mutants by file, line, column and id.
  std::vector<ClassMutantRow> mutants;
  std::vector<ClassGeneratedFile> generated_files;  // sorted by path
  int pass = 0;
  int fail = 0;
  int invalid = 0;
  int invalid_tests = 0;  // summed over every suite
};

// Returns the class summary of the grades (any order; learners sorted by name).
ClassSummary summarize_class(const std::vector<GradeResult>& results);

// Returns the class report as JSON text: summary counts (with the invalid tests), learners (each
// with its invalid tests and the mutants no test reached), mutants (whom each survived in and whom
// it was not reached in).
std::string render_class_json(const std::vector<GradeResult>& results);

// Returns CSV (RFC 4180) with one row per learner: verdict, score, detected, total, invalid_tests,
// then one column per pitfall holding K(illed), T(imeout), S(urvived), N (NoCoverage: no test ran
// its code) or - (not graded), then one column per module file with generated mutants holding
// "detected/counted" or -.
std::string render_class_learners_csv(const std::vector<GradeResult>& results);

// Returns CSV with one row per mutant (pitfalls, then generated): id, title, graded, detected,
// survival rate (survived although run, over graded), not_reached (suites that never ran it).
std::string render_class_mutants_csv(const std::vector<GradeResult>& results);

// Returns a self-contained HTML page: counts, an SVG heat map learners x (pitfalls and module files
// with generated mutants), an SVG bar chart of the survival rate per pitfall and per module file,
// and the learners' table with the set each suite was graded on.
std::string render_class_html(const std::vector<GradeResult>& results);

// Writes class-report.json, class-learners.csv, class-mutants.csv and class-report.html into
// `folder` and returns their paths. Throws std::runtime_error naming a path it cannot write.
std::vector<std::filesystem::path> write_class_reports(const std::vector<GradeResult>& results,
                                                       const std::filesystem::path& folder);

}  // namespace tinyllm::reports
