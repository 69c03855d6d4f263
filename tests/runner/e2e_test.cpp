// End-to-end tests: the real tinyllm-grade on small suites, honest and hostile. Each checks the
// exit status and what the report says, and, for the hostile ones, that they gained nothing: no
// process left behind, no file written outside, no connection made, no note passed on.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"
#include "sandbox.hpp"

namespace fs = std::filesystem;
using tinyllm::runner::run_process;

namespace {

const fs::path grader = TINYLLM_GRADER;
const fs::path suites = TINYLLM_E2E_SUITES;
const fs::path hostile_config = fs::path(TINYLLM_E2E_CONFIGS) / "hostile.toml";

fs::path fresh_folder(const std::string& name) {
  std::random_device device;
  fs::path dir =
      fs::temp_directory_path() / ("tinyllm-e2e-" + name + "-" + std::to_string(device()));
  fs::create_directories(dir);
  return dir;
}

struct Graded {
  int status;
  std::string output;
};

Graded run_grader(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {grader.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto r = run_process(argv, 280);
  return {r.exit_code, r.output};
}

Graded grade(const std::string& suite, std::vector<std::string> extra = {},
             const fs::path& config = hostile_config, fs::path* output_folder = nullptr) {
  const fs::path output = fresh_folder(suite);
  if (output_folder) *output_folder = output;
  std::vector<std::string> args = {"grade", (suites / suite).string(), "-c", config.string(),
                                   "-o",    output.string(),           "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_grader(args);
}

fs::path write_config(const std::string& name, const std::string& text) {
  fs::path file = fresh_folder(name) / "grade.toml";
  std::ofstream(file) << text;
  return file;
}

// Returns the live processes whose name (comm) is `name`. Zombies are dead: they only wait for
// the machine's init to reap them, which the grader cannot do for processes that left it.
int processes_named(const std::string& name) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "stat");
    std::string stat;
    if (!std::getline(in, stat)) continue;
    auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close + 2 >= stat.size())
      continue;
    const char state = stat[close + 2];
    if (stat.substr(open + 1, close - open - 1) == name && state != 'Z' && state != 'X') ++count;
  }
  return count;
}

// Returns the status of a mutant in the terminal report's table ("" when it has no row).
std::string status_of(const std::string& output, const std::string& id) {
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string mutant, status;
    words >> mutant >> status;
    if (mutant == id) return status;
  }
  return "";
}

// Returns the text of the JSON report (mutation-testing-report-schema) the grade wrote.
std::string json_report(const fs::path& output_folder) {
  std::ifstream in(output_folder / "mutation-report.json");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string table_without_times(const std::string& output) {
  std::istringstream in(output);
  std::string table;
  const std::regex row("^ *(s[0-9]{2}) +(Killed|Survived|Timeout) +(.*)$");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row))
      table += m[1].str() + " " + m[2].str() + " " + m[3].str() + "\n";
  }
  return table;
}

bool namespaces_available() {
  return geteuid() == 0;
}

}  // namespace

TEST(GraderEndToEnd, honest_suite_kills_exactly_the_mutants_it_tests) {
  Graded g = grade("kills_some");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_EQ(status_of(g.output, "s01"), "Killed") << g.output;
  EXPECT_EQ(status_of(g.output, "s02"), "Killed");
  EXPECT_EQ(status_of(g.output, "s04"), "Killed");
  EXPECT_EQ(status_of(g.output, "s03"), "Survived");
  EXPECT_NE(g.output.find("KillsSome.bf16_matmul_rounds_its_output"), std::string::npos);
  EXPECT_NE(g.output.find("Score: 3/24 mutants detected (12.5%), threshold 80.0%"),
            std::string::npos);
}

TEST(GraderEndToEnd, same_suite_and_seed_give_the_same_statuses_and_killing_tests) {
  Graded first = grade("kills_some");
  Graded second = grade("kills_some", {"-j", "1"});
  ASSERT_FALSE(table_without_times(first.output).empty()) << first.output;
  EXPECT_EQ(table_without_times(first.output), table_without_times(second.output));
}

TEST(GraderEndToEnd, passes_when_threshold_met_and_every_required_mutant_detected) {
  auto config = write_config("pass",
                             "threshold = 0.1\nrequired = [\"s01\", \"s02\", \"s04\"]\n"
                             "[seeds]\nreference = [7]\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("Verdict: PASS"), std::string::npos);
}

TEST(GraderEndToEnd, fails_when_a_required_mutant_survives_despite_the_score) {
  auto config = write_config("required", "threshold = 0.1\nrequired = [\"s01\", \"s03\"]\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Every pitfall mutant must be detected; 1 survived: s03."),
            std::string::npos);
}

TEST(GraderEndToEnd, command_line_threshold_overrides_the_file) {
  auto config = write_config("override", "threshold = 0.9\nrequired = [\"s01\"]\n");
  Graded g = grade("kills_some", {"--threshold", "0.1"}, config);
  EXPECT_EQ(g.status, 0) << g.output;
}

TEST(GraderEndToEnd, compile_error_is_invalid_with_the_compilers_diagnostics) {
  Graded g = grade("does_not_compile");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("no_such_function"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("error"), std::string::npos);
  EXPECT_NE(g.output.find("the suite does not compile"), std::string::npos);
}

TEST(GraderEndToEnd, crash_on_reference_is_invalid_and_names_signal_test_and_a_rerun_command) {
  Graded g = grade("crashes");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("crashed with SIGSEGV"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("Hostile.crashes_with_sigsegv (RapidCheck seed 20261201)"),
            std::string::npos);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(g.output, m, std::regex("reproduce: (.*)"))) << g.output;
  auto rerun = run_process({"sh", "-c", m[1].str()}, 60);
  EXPECT_NE(rerun.exit_code, 0) << "the reproduce command did not reproduce: " << m[1].str();
  EXPECT_NE(rerun.output.find("Hostile.crashes_with_sigsegv"), std::string::npos) << rerun.output;
}

TEST(GraderEndToEnd, mutant_runs_that_hang_crash_or_exit_early_are_detected_for_what_they_are) {
  fs::path output;
  Graded g = grade("misbehaves_on_mutants", {}, hostile_config, &output);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_EQ(status_of(g.output, "s01"), "Timeout") << g.output;
  EXPECT_EQ(status_of(g.output, "s02"), "Killed");
  EXPECT_EQ(status_of(g.output, "s04"), "Killed");
  EXPECT_EQ(status_of(g.output, "s03"), "Survived");
  // The reasons, in full, in the JSON report's statusReason.
  const std::string report = json_report(output);
  EXPECT_NE(report.find("crashed with SIGSEGV"), std::string::npos) << report;
  EXPECT_NE(report.find("without GoogleTest's complete result file"), std::string::npos);
}

TEST(GraderEndToEnd, suite_that_sleeps_forever_is_stopped_and_leaves_no_process) {
  for (const char* isolation : {"auto", "plain"}) {
    Graded g = grade("sleeps_forever", {"--isolation", isolation});
    EXPECT_EQ(g.status, 2) << isolation << "\n" << g.output;
    EXPECT_NE(g.output.find("timed out after"), std::string::npos) << g.output;
    // Without root the grader has neither namespaces nor a private uid to sweep (it says so in
    // its note): only root is held to this.
    if (geteuid() != 0) continue;
    EXPECT_EQ(processes_named("tlh-sleeper"), 0)
        << "an escaped grandchild (setsid, double fork, SIGTERM ignored) survived with isolation "
        << isolation;
  }
}

TEST(GraderEndToEnd, suite_that_forks_in_a_loop_finishes_and_leaves_no_process) {
  Graded g = grade("forks_in_a_loop");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected"), std::string::npos) << g.output;
  EXPECT_EQ(processes_named("tlh-forked"), 0);
}

TEST(GraderEndToEnd, suite_that_allocates_without_end_hits_the_memory_limit) {
  Graded g = grade("allocates_forever");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("bad_alloc"), std::string::npos) << g.output;
}

TEST(GraderEndToEnd, suite_that_prints_without_end_hits_the_output_limit) {
  Graded g = grade("prints_forever");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("printed more than 1 MB during Hostile.prints_forever"),
            std::string::npos)
      << g.output.substr(0, 4000);
}

TEST(GraderEndToEnd, suite_cannot_write_outside_its_scratch_folder) {
  if (!namespaces_available()) GTEST_SKIP() << "needs namespaces (root, unshare allowed)";
  const std::vector<fs::path> targets = {suites / "writes_outside" / "escaped-beside-source.txt",
                                         "/tmp/tinyllm-hostile-escaped.txt",
                                         "/var/tmp/tinyllm-hostile-escaped.txt"};
  for (const auto& t : targets) fs::remove(t);
  fs::path output;
  Graded g = grade("writes_outside", {}, hostile_config, &output);
  EXPECT_EQ(g.status, 1) << g.output;
  for (const auto& t : targets) EXPECT_FALSE(fs::exists(t)) << "the suite wrote " << t;
  EXPECT_TRUE(fs::exists(output / "suite-build" / "suite"));
  EXPECT_FALSE(fs::exists(output / "suite-build" / "escaped-beside-executable.txt"));
}

TEST(GraderEndToEnd, suite_finds_no_variant_name_anywhere_it_looks) {
  if (!namespaces_available()) GTEST_SKIP() << "needs namespaces (root, unshare allowed)";
  Graded g = grade("looks_for_variant");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected (0.0%)"), std::string::npos) << g.output;
}

TEST(GraderEndToEnd, no_note_passes_from_one_run_to_the_next) {
  if (!namespaces_available()) GTEST_SKIP() << "needs namespaces (root, unshare allowed)";
  Graded g = grade("passes_notes");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected (0.0%)"), std::string::npos) << g.output;
}

TEST(GraderEndToEnd, note_passing_suite_does_find_notes_without_isolation) {
  // The control for the test above: the suite is able to see a note when runs share a machine.
  auto cleanup = [] {
    for (const char* f : {"/tmp/tinyllm-note", "/var/tmp/tinyllm-note", "/dev/shm/tinyllm-note"})
      fs::remove(f);
    int id = shmget(0x746c6d6e, 0, 0);
    if (id >= 0) shmctl(id, IPC_RMID, nullptr);
  };
  cleanup();
  Graded g = grade("passes_notes", {"--isolation", "plain"});
  cleanup();
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("found a"), std::string::npos) << g.output;
}

TEST(GraderEndToEnd, suite_cannot_reach_the_hosts_network) {
  if (!namespaces_available()) GTEST_SKIP() << "needs namespaces (root, unshare allowed)";
  int server = socket(AF_INET, SOCK_STREAM, 0);
  int on = 1;
  setsockopt(server, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(47613);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(server, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(server);
    GTEST_SKIP() << "port 47613 is busy";
  }
  listen(server, 64);
  fcntl(server, F_SETFL, O_NONBLOCK);
  Graded g = grade("reaches_network");
  int accepted = 0;
  while (accept(server, nullptr, nullptr) >= 0) ++accepted;
  close(server);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_EQ(accepted, 0) << "runs reached the host's loopback";
}

TEST(GraderCommandLine, unknown_configuration_key_is_an_error_at_its_line_and_column) {
  auto config = write_config("badkey", "threshold = 0.8\n[limits]\nmemroy_mb = 10\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(config.string() + ":3:1: unknown key 'memroy_mb'"), std::string::npos)
      << g.output;
}

TEST(GraderCommandLine, threshold_outside_zero_one_is_an_error) {
  auto config = write_config("badthreshold", "threshold = 1.5\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(":1:13: 'threshold' must be in [0, 1]"), std::string::npos) << g.output;
}

TEST(GraderCommandLine, wrong_type_is_an_error) {
  auto config = write_config("badtype", "jobs = \"four\"\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(":1:8: 'jobs' must be an integer, not a string"), std::string::npos)
      << g.output;
}

TEST(GraderCommandLine, unknown_required_mutant_is_an_error_at_its_position) {
  auto config = write_config("badid", "required = [\"s01\", \"s99\"]\n");
  Graded g = grade("kills_some", {}, config);
  EXPECT_EQ(g.status, 3);
  EXPECT_NE(g.output.find(":1:20: unknown mutant id 's99'"), std::string::npos) << g.output;
}

TEST(GraderCommandLine, unknown_command_and_bad_option_are_usage_errors) {
  EXPECT_EQ(run_grader({"gradee"}).status, 3);
  EXPECT_EQ(run_grader({"grade", "--jobs", "many", "x"}).status, 3);
  EXPECT_EQ(run_grader({"grade"}).status, 3);
}

TEST(GraderCommandLine, every_command_has_help) {
  for (const char* command : {"grade", "selfcheck", "list"}) {
    Graded g = run_grader({command, "--help"});
    EXPECT_EQ(g.status, 0) << command;
    EXPECT_NE(g.output.find("Usage: tinyllm-grade"), std::string::npos) << command;
  }
  EXPECT_EQ(run_grader({"--help"}).status, 0);
}

TEST(GraderCommandLine, list_shows_the_catalog) {
  Graded g = run_grader({"list"});
  EXPECT_EQ(g.status, 0);
  EXPECT_NE(g.output.find("s07  required  weighting micro-batches 1/k"), std::string::npos)
      << g.output;
  EXPECT_NE(g.output.find("s24"), std::string::npos);
}

TEST(GraderSelfcheck, agreeing_catalog_passes_and_prints_the_kill_matrix) {
  Graded g =
      run_grader({"selfcheck", "--suite", (suites / "kills_some").string(), "--catalog",
                  (fs::path(TINYLLM_E2E_FIXTURES) / "catalog_kills_some.toml").string(), "-c",
                  hostile_config.string(), "-o", fresh_folder("selfcheck").string(), "-q"});
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("KillsSome.cast_keeps_float64"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("selfcheck: consistent"), std::string::npos);
}

TEST(GraderSelfcheck, disagreeing_catalog_fails_naming_mutant_and_test) {
  Graded g = run_grader({"selfcheck", "--suite", (suites / "kills_some").string(), "--catalog",
                         (fs::path(TINYLLM_E2E_FIXTURES) / "catalog_disagrees.toml").string(), "-c",
                         hostile_config.string(), "-o", fresh_folder("selfcheck").string(), "-q"});
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("DISAGREES: mutant s04"), std::string::npos) << g.output;
  EXPECT_NE(g.output.find("KillsSome.bf16_matmul_rounds_its_output catches it"), std::string::npos)
      << g.output;
}

// The bundled learner examples (examples/, from the course suite's owner), graded with the default
// policy: each must get the grade its README promises.
namespace {
const fs::path examples = fs::path(TINYLLM_E2E_SUITES) / ".." / ".." / ".." / "examples";

Graded grade_example(const std::string& name) {
  return run_grader(
      {"grade", (examples / name).string(), "-o", fresh_folder("example-" + name).string(), "-q"});
}
}  // namespace

TEST(GraderExamples, thorough_example_passes) {
  if (!fs::is_directory(examples / "thorough")) GTEST_SKIP() << "examples/thorough not here yet";
  Graded g = grade_example("thorough");
  EXPECT_EQ(g.status, 0) << g.output;
  EXPECT_NE(g.output.find("Score: 24/24 mutants detected (100.0%)"), std::string::npos) << g.output;
}

TEST(GraderExamples, partial_example_fails_with_its_four_survivors) {
  if (!fs::is_directory(examples / "partial")) GTEST_SKIP() << "examples/partial not here yet";
  Graded g = grade_example("partial");
  EXPECT_EQ(g.status, 1) << g.output;
  for (const char* id : {"s06", "s13", "s16", "s22"})
    EXPECT_EQ(status_of(g.output, id), "Survived") << id << "\n" << g.output;
}

TEST(GraderExamples, invalid_example_rejects_the_reference) {
  if (!fs::is_directory(examples / "invalid")) GTEST_SKIP() << "examples/invalid not here yet";
  Graded g = grade_example("invalid");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("Tests that fail on the reference implementation"), std::string::npos)
      << g.output;
  EXPECT_NE(g.output.find("reproduce: "), std::string::npos);
}
