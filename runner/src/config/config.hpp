// The grading policy: built-in defaults (here, in one place), overridden by a TOML file, overridden
// by command-line options. docs/configuration.md documents every key.
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// Where a value came from in the configuration file, for error messages.
struct SourcePosition {
  std::string file;
  int line = 0;
  int column = 0;
};

// Limits on one sandboxed run (one process tree): a suite's, or a compiler's.
struct ResourceLimits {
  double cpu_seconds = 300;  // RLIMIT_CPU of each process
  double memory_mb = 2048;   // RLIMIT_AS of each process
  long processes = 64;       // processes and threads of the run (RLIMIT_NPROC)
  double file_size_mb = 64;  // largest file a run may write (RLIMIT_FSIZE)
  double output_mb = 8;      // stdout + stderr of a run; beyond it the run is stopped
  double scratch_mb = 256;   // size of the run's private working and temporary folders
};

// How runs and compiles are isolated: "auto" uses namespaces (bubblewrap) when the machine allows
// and says so when not, "namespaces" requires them, "plain" uses process groups, limits and (as
// root) a private uid only.
enum class Isolation { Auto, Namespaces, Plain };

// Returns the isolation named "auto", "namespaces" or "plain" (isolation_name), or nothing.
std::optional<Isolation> parse_isolation(std::string_view name);

// Returns the set named "full" or "pitfalls" (to_string(MutantSet)), or nothing.
std::optional<reports::MutantSet> parse_mutant_set(std::string_view name);

// Returns the validity policy named "per-test" or "strict" (to_string(Validity)), or nothing.
std::optional<reports::Validity> parse_validity(std::string_view name);

// Returns the name of an isolation mode as the configuration and --isolation spell it.
const char* isolation_name(Isolation isolation);

// The policy. A file's keys are declared once, in config.cpp's table, which reads and checks each
// into its field and writes it in to_json (so the batch's grading fingerprint sees it).
struct Config {
  double threshold = 0.80;
  // Mutants that must be detected for a PASS; nullopt means every mutant in the catalog.
  std::optional<std::vector<std::string>> required;
  std::vector<SourcePosition> required_positions;  // where each required id was written
  reports::Reveal reveal = reports::Reveal::Title;
  // reveal = "ladder": the learner's feedback rises with their attempts (feedback/feedback.hpp):
  // a rung of hints per `attempts_per_rung` attempts ([feedback]), then every survivor named.
  bool ladder = false;
  int attempts_per_rung = 1;
  // How results.json's score counts ([gradescope] score).
  reports::ScorePolicy score_policy = reports::ScorePolicy::Capped;
  // The mutants graded: the pitfalls and the counted generated mutants, or the pitfalls alone.
  reports::MutantSet mutant_set = reports::MutantSet::Full;
  int jobs = 0;  // parallel runs; 0 = every core
  // How invalid tests (failing on the reference or a wheat) count: per test, they are dropped and
  // named and the rest graded; strict, any of them makes the grade INVALID.
  reports::Validity validity = reports::Validity::PerTest;

  std::uint64_t seed = 20261201;                        // the grading seed (RapidCheck's seed=)
  std::vector<std::uint64_t> reference_seeds = {1, 2};  // more seeds the reference must pass

  double timeout_factor = 1.5;             // a variant's timeout: factor * reference time
  double timeout_constant_seconds = 5.0;   //   + constant
  double reference_timeout_seconds = 300;  // the reference's own runs

  ResourceLimits limits;  // each run of a suite
  // Each compiler or linker call on a learner's files ([compile]): a compile reads far more than
  // a run writes, and an #include of a device or a huge file must stop at its memory limit.
  ResourceLimits compile_limits{600, 2048, 32, 1024, 4, 1024};
  double compile_timeout_seconds = 600;
  Isolation isolation = Isolation::Auto;

  std::vector<std::string> report_formats = {"terminal", "json"};
  std::filesystem::path report_folder = "grade-report";
  // The mutation-testing-elements bundle HTML reports inline; empty: the one built into the grader.
  std::filesystem::path elements_bundle;

  // Where the oracle lives; empty means the locations compiled into this build of the grader.
  std::filesystem::path build_dir;
  std::filesystem::path source_dir;
  std::filesystem::path catalog;  // empty: <source_dir>/mutants/catalog.toml

  // `tinyllm-grade diff` shows the reference's module beside a learner's only once their module
  // passes `check`; true: at any time (an instructor's choice).
  bool diff_before_pass = false;
};

// Returns the built-in defaults.
Config default_config();

// Returns `base` overridden by the TOML file at `path`. Throws UsageError naming the file, line
// and column on a syntax error, an unknown key, a wrong type or a value out of range.
Config load_config(const std::filesystem::path& path, Config base);

// Writes every key's value as JSON under the key's dotted name ("limits.cpu_seconds"; enums by
// their configuration names), and required_positions.
void to_json(nlohmann::json& out, const Config& config);

// Returns every key a file may set, dotted ("limits.cpu_seconds"), with its type as
// docs/configuration.md's table writes it, in the table's order.
std::vector<std::pair<std::string, std::string>> config_keys();

// Returns how many runs go at a time: the configuration's jobs, or every core when it is 0.
int resolved_jobs(const Config& config);

}  // namespace tinyllm::runner
