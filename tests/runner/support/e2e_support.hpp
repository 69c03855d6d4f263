// What the end-to-end tests share: running the real tinyllm-grade on a suite of suites/ (with the
// small limits of configs/hostile.toml), and reading what it printed and wrote.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace tinyllm::e2e {

inline const std::filesystem::path grader = TINYLLM_GRADER;
inline const std::filesystem::path source_dir = TINYLLM_SOURCE_DIR;
inline const std::filesystem::path suites = TINYLLM_E2E_SUITES;
// The build the grader grades against (its variants/ hold the reference, wheats and mutants).
inline const std::filesystem::path build_dir = TINYLLM_E2E_BUILD;
inline const std::filesystem::path hostile_config =
    std::filesystem::path(TINYLLM_E2E_CONFIGS) / "hostile.toml";

// Returns a new, empty folder under the system's temporary folder, removed when the process exits.
std::filesystem::path fresh_folder(const std::string& name);

// Returns a copy, in a fresh folder, of the reference's workspace that the CTest fixture
// `checked_reference_workspace` checked once (support/checked_reference_workspace.sh), with its
// built module, compiled course suite and differential shim (not the record that it passed): a
// check of the copy compiles only the files a test changes. With `pitfalls` ("s07,s13"), its src/
// is the reference's with those pitfalls written in, as `start --from-reference --pitfalls` writes
// it.
std::filesystem::path copy_of_checked_reference(const std::string& name,
                                                const std::string& pitfalls = "");

// Copies the checked reference's workspace to `workspace` (a folder not there yet), with its
// builds, as copy_of_checked_reference does.
void copy_checked_reference_to(const std::filesystem::path& workspace);

// Replaces `workspace`'s src/ by the reference's module with `pitfalls` ("s07,s13") written in, as
// `start --from-reference --pitfalls` writes it.
void write_pitfalls(const std::filesystem::path& workspace, const std::string& pitfalls);

// Replaces `workspace`'s .tinyllm/ by the checked reference's builds (not the record that it
// passed): what a workspace of other files reuses is what its files share with the reference's.
void take_checked_reference_builds(const std::filesystem::path& workspace);

// What a run of the grader gave: its exit status and its stdout and stderr together.
struct Graded {
  int status;
  std::string output;
};

// Runs tinyllm-grade with `args` (280 s at most).
Graded run_grader(const std::vector<std::string>& args);

// Grades suites/`suite` with `config`, quietly, into a fresh output folder (returned through
// `output_folder` when given).
Graded grade(const std::string& suite, std::vector<std::string> extra = {},
             const std::filesystem::path& config = hostile_config,
             std::filesystem::path* output_folder = nullptr);

// Writes `text` as a grade.toml in a fresh folder and returns its path.
std::filesystem::path write_config(const std::string& name, const std::string& text);

// Returns the live processes whose name (comm) is `name`. Zombies are dead: they only wait for
// the machine's init to reap them, which the grader cannot do for processes that left it.
int processes_named(const std::string& name);

// Returns the status of a mutant in the terminal report's table ("" when it has no row).
std::string status_of(const std::string& output, const std::string& id);

// Returns the text of the JSON report (mutation-testing-report-schema) the grade wrote.
std::string json_report(const std::filesystem::path& output_folder);

// Returns the terminal report's table rows (id, status, what killed it) without their times.
std::string table_without_times(const std::string& output);

// Returns whether bubblewrap can build a sandbox here for this user (as root, or with user
// namespaces), which the isolation tests need.
bool namespaces_available();

}  // namespace tinyllm::e2e
