// The grade of one learner's suite, as the grader decides it and every report renders it. The
// runner fills it; reports/ turns it into terminal, JSON, HTML, Markdown, JUnit and Gradescope
// output. Plain data: no behaviour but small helpers.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tinyllm/catalog/mutant_info.hpp"

namespace tinyllm::reports {

// One entry of mutants/catalog.toml; it belongs to the catalog library (mutants/), named here too.
using MutantInfo = catalog::MutantInfo;
using catalog::MutantKind;

// Which mutants a grade scores: the pitfalls and the counted generated mutants (the default), or
// the 24 pitfalls alone.
enum class MutantSet { Full, PitfallsOnly };

// What became of the generated mutants before grading: `raw` made by the generator, minus those
// whose object code is the reference's (`equivalent`) or another mutant's (`duplicate`), those
// an instructor marked in mutants/reviewed.toml (`reviewed`) and those the course suite does not
// detect (`course_undetected`), leaves `counted`, the ones a learner's suite is graded on.
struct GeneratedCounts {
  int raw = 0;
  int equivalent = 0;
  int duplicate = 0;
  int reviewed = 0;
  int course_undetected = 0;
  int counted = 0;
};

// The statuses of the mutation-testing-report-schema that the grader gives.
enum class MutantStatus { Killed, Survived, Timeout };

struct MutantResult {
  MutantInfo mutant;
  MutantStatus status = MutantStatus::Survived;
  std::string reason;                  // "3 tests failed", "crashed with SIGSEGV", "no result file"
  std::vector<std::string> killed_by;  // full GoogleTest names "Suite.Test", sorted
  double seconds = 0;                  // wall time of the run
  // True when killed_by lists tests that failed; false when it names the test that was running
  // when the run crashed, timed out or was stopped (or is empty).
  bool killed_by_failed_tests = false;
};

// What a learner's report says about a surviving mutant.
enum class Reveal { Nothing, Title, TitleAndSymptom };

enum class Verdict { Pass, Fail, Invalid };

// One test of the learner's suite as GoogleTest listed it.
struct TestInfo {
  std::string name;  // "Suite.Test"
  std::string file;  // path relative to the suite folder
  int line = 0;
};

// A test that failed on the reference: the suite is wrong, and the grade INVALID.
struct ReferenceFailure {
  std::string test;        // "Suite.Test"
  std::uint64_t seed = 0;  // the RapidCheck seed of that run
  std::string message;     // GoogleTest's failure text
  std::string reproduce;   // a shell command that reruns exactly that case
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
  double score = 0;  // (killed + timeout) / total mutants
  double threshold = 0.8;
  Reveal reveal = Reveal::Title;
  // The set graded. A grade stored before generated mutants existed reads as PitfallsOnly.
  MutantSet mutant_set = MutantSet::Full;
  GeneratedCounts generated;  // all zero for a pitfalls-only grade
  std::uint64_t seed = 0;     // the grading seed
  std::string compile_log;    // the compiler's diagnostics when the suite did not compile
  std::vector<ReferenceFailure> reference_failures;
  std::vector<std::string> invalid_reasons;  // why the grade is INVALID, in words
  std::vector<TestInfo> tests;
  std::map<std::string, std::string> suite_files;   // relative path -> source text
  std::map<std::string, std::string> oracle_files;  // repo-relative path -> source (mutant sites)
  std::vector<MutantResult> mutants;  // pitfalls in catalog order, then the counted generated
  double seconds = 0;                 // wall time of the whole grade
  std::optional<GradeEnvironment> environment;  // left out of reports when empty
};

inline const char* to_string(MutantStatus s) {
  switch (s) {
    case MutantStatus::Killed:
      return "Killed";
    case MutantStatus::Survived:
      return "Survived";
    case MutantStatus::Timeout:
      return "Timeout";
  }
  return "?";
}
inline const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Pass:
      return "PASS";
    case Verdict::Fail:
      return "FAIL";
    case Verdict::Invalid:
      return "INVALID";
  }
  return "?";
}
inline const char* to_string(MutantSet s) {
  return s == MutantSet::Full ? "full" : "pitfalls";
}
inline bool detected(MutantStatus s) {
  return s != MutantStatus::Survived;
}

}  // namespace tinyllm::reports
