// The grade of one learner's suite, as the grader decides it and every report renders it. The
// runner fills it; reports/ turns it into terminal, JSON, HTML, Markdown, JUnit and Gradescope
// output. Plain data: no behaviour but small helpers.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tinyllm/catalog/mutant_info.hpp"
#include "tinyllm/catalog/wheat_info.hpp"

namespace tinyllm::reports {

// One entry of mutants/catalog.toml; it belongs to the catalog library (mutants/), named here too.
using MutantInfo = catalog::MutantInfo;
using catalog::MutantKind;
// One wheat of mutants/catalog.toml (a correct alternative implementation), named here too.
using WheatInfo = catalog::WheatInfo;
using catalog::WheatKind;

// Which mutants a grade scores: the pitfalls and the counted generated mutants (the default), or
// the 24 pitfalls alone.
enum class MutantSet { Full, PitfallsOnly };

// What became of the generated mutants before grading: `raw` made by the generator, minus those
// the schema library cannot hold (`left_out`, mutants/builder says why), those
// an instructor marked in mutants/reviewed.toml (`reviewed`) and those the course suite does not
// detect (`course_undetected`), leaves `counted`, the ones a learner's suite is graded on.
struct GeneratedCounts {
  int raw = 0;
  int left_out = 0;
  int reviewed = 0;
  int course_undetected = 0;
  int counted = 0;
};

// The statuses of the mutation-testing-report-schema that the grader gives. NoCoverage: the reach
// probe saw no test execute the mutant's site, so it was not run (it is not detected).
enum class MutantStatus { Killed, Survived, Timeout, NoCoverage };

// What a learner's report says about a surviving mutant.
enum class Reveal { Nothing, Title, TitleAndSymptom };

struct MutantResult {
  MutantInfo mutant;
  MutantStatus status = MutantStatus::Survived;
  std::string reason;                  // "3 tests failed", "crashed with SIGSEGV", "no result file"
  std::vector<std::string> killed_by;  // full GoogleTest names "Suite.Test", sorted
  double seconds = 0;                  // wall time of the run
  // True when killed_by lists tests that failed; false when it names the test that was running
  // when the run crashed, timed out or was stopped (or is empty).
  bool killed_by_failed_tests = false;
  // Reach (GradeResult::reach_measured): the valid tests that executed the mutant's site in the
  // probe run, sorted. A Survived mutant was reached ("tests run it but none fails"; covered_by is
  // empty when only code outside any test reached it); a NoCoverage one was not.
  std::vector<std::string> covered_by{};
  // What this report says of the mutant, and the hints its learner's attempt earned: set when the
  // grade is shaped for a report's reader (for_reader, audience.hpp), which also withholds from
  // `mutant` what `shown` does not allow. Everything for a detected mutant.
  Reveal shown = Reveal::TitleAndSymptom;
  std::vector<std::string> hints{};
};

// The hint ladder (feedback.hpp): on top of Reveal::Nothing, each survivor's hint up to a rung.
// A pitfall's rungs are its catalog question, concept and symptom; a generated mutant's where it
// is, the kind of change (its operator family), and the change. The rung above Symptom is the
// answer itself, which is Reveal::TitleAndSymptom, not a hint.
enum class HintRung { None, Question, Concept, Symptom };

// Who a report is for: the learner (the reveal policy and the hints their attempt earned) or
// staff (everything, and what the learner was shown).
enum class View { Learner, Staff };

// How the Gradescope score counts: a point per detected mutant; all points for a PASS and none
// otherwise; or a point per detected mutant capped below the threshold while the grade is not a
// PASS, so the gradebook's percentage never reads as a pass for a FAIL.
enum class ScorePolicy { Mutants, Verdict, Capped };

// How the learner's feedback was chosen for this grade: their attempt, the rung it earned, and
// whether the due date had passed. `ladder` false: the fixed policy (`reveal`) for every attempt.
struct Feedback {
  bool ladder = false;
  int attempts_per_rung = 1;
  int attempt = 0;  // 1 for a first submission; 0 when not known (counted as 1)
  bool after_deadline = false;
  HintRung rung = HintRung::None;
  // The level the learner's report shows (GradeResult::reveal is what this report shows: the
  // same for the learner's view, everything for staff).
  Reveal learner_reveal = Reveal::Title;
  View view = View::Learner;
};

enum class Verdict { Pass, Fail, Invalid };

// One test of the learner's suite as GoogleTest listed it.
struct TestInfo {
  std::string name;  // "Suite.Test"
  std::string file;  // path relative to the suite folder
  int line = 0;
};

// How a suite's invalid tests count: per test (they are dropped, named, and the rest graded) or
// strictly (any invalid test makes the grade INVALID).
enum class Validity { PerTest, Strict };

// One run where a test failed although the implementation was correct: the reference with one of
// the reference seeds, or a wheat with the grading seed.
struct ValidityFailure {
  std::string variant;     // "reference", or a wheat's id "w03"
  std::uint64_t seed = 0;  // the RapidCheck seed of that run
  // GoogleTest's failure text (or how the run ended). Always empty for a binary wheat: echoing what
  // a test saw of a differently built binary would hand a learner that binary's bytes.
  std::string message;
  std::string reproduce;  // a shell command that reruns exactly that case
};

// A test that rejects a correct implementation: it is not graded (per test) or the grade is
// INVALID (strict).
struct InvalidTest {
  std::string test;                       // "Suite.Test"
  std::vector<ValidityFailure> failures;  // the reference's first (seed order), then the wheats'
};

// Where the grade was made, for the JSON report's `system` block. Optional: a report written
// without it stays byte-identical across machines.
struct GradeEnvironment {
  bool ci = false;             // ran in a CI pipeline (the runner's best guess)
  std::string os_platform;     // "linux"
  std::string os_description;  // "Debian GNU/Linux 12 (bookworm)"
  int logical_cores = 0;
};

struct GradeResult {
  std::string suite_name;  // the suite folder's name
  std::string suite_path;
  Verdict verdict = Verdict::Invalid;
  // (killed + timeout) / total mutants (NoCoverage and Survived are not detected)
  double score = 0;
  double threshold = 0.8;
  Reveal reveal = Reveal::Title;
  Feedback feedback;  // the attempt, the hint rung and the view; rung None: no hints
  ScorePolicy score_policy = ScorePolicy::Capped;
  MutantSet mutant_set = MutantSet::Full;  // the set graded
  GeneratedCounts generated;               // all zero for a pitfalls-only grade
  std::uint64_t seed = 0;                  // the grading seed
  std::string compile_log;  // the compiler's diagnostics when the suite did not compile
  Validity validity = Validity::PerTest;
  std::vector<WheatInfo> wheats;             // the wheats every valid test passed on, catalog order
  std::vector<InvalidTest> invalid_tests;    // in the order the suite lists them
  std::vector<std::string> invalid_reasons;  // why the grade is INVALID, in words
  // The reach probe ran: each mutant's covered_by is filled, and NoCoverage mutants were not run.
  bool reach_measured = false;
  std::vector<TestInfo> tests;  // every test the reference run listed, valid and invalid
  std::map<std::string, std::string> suite_files;   // relative path -> source text
  std::map<std::string, std::string> oracle_files;  // repo-relative path -> source (mutant sites)
  // The oracle files whose source a report's reader may not see: oracle_files holds a stand-in of
  // as many comment lines (for_reader, audience.hpp).
  std::set<std::string> withheld_sources;
  std::vector<MutantResult> mutants;  // pitfalls in catalog order, then the counted generated
  double seconds = 0;                 // wall time of the whole grade
  std::optional<GradeEnvironment> environment;  // left out of reports when empty
};

inline const char* to_string(MutantStatus s) {
  constexpr const char* kNames[] = {"Killed", "Survived", "Timeout", "NoCoverage"};
  return kNames[static_cast<int>(s)];
}
inline const char* to_string(Verdict v) {
  constexpr const char* kNames[] = {"PASS", "FAIL", "INVALID"};
  return kNames[static_cast<int>(v)];
}
inline const char* to_string(MutantSet s) {
  return s == MutantSet::Full ? "full" : "pitfalls";
}
inline const char* to_string(Validity v) {
  return v == Validity::PerTest ? "per-test" : "strict";
}
inline bool detected(MutantStatus s) {
  return s == MutantStatus::Killed || s == MutantStatus::Timeout;
}
// Returns the wheat with that id among the result's, or null (the reference, an unknown id).
inline const WheatInfo* find_wheat(const GradeResult& result, const std::string& id) {
  for (const auto& w : result.wheats)
    if (w.id == id) return &w;
  return nullptr;
}

}  // namespace tinyllm::reports
