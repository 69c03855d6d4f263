// End-to-end tests of hostile suites: each is stopped by its limit, graded for what it did, and
// gained nothing: no process left behind, no file written outside, no connection made, no note
// passed on.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "e2e_support.hpp"
#include "tinyllm/base/process.hpp"
#include "token.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

namespace {

// The token of mutant `number` under `key`, in hex, as the grader passes it.
std::string schema_token_hex(std::uint64_t key, std::uint64_t number) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(tinyllm_schema::token(key, number)));
  return text;
}

}  // namespace

// Catches: a sleeping run never stopped, or an escaped grandchild (setsid, double fork, SIGTERM
// ignored) outliving the grade.
TEST(GraderEndToEnd, suite_that_sleeps_forever_is_stopped_and_leaves_no_process) {
  for (const char* isolation : {"auto", "plain"}) {
    Graded g = grade("sleeps_forever", {"--isolation", isolation});
    EXPECT_EQ(g.status, 2) << isolation << "\n" << g.output;
    EXPECT_NE(g.output.find("timed out after"), std::string::npos) << g.output;
    // In plain mode without root the grader has no private uid to sweep (it says so in its
    // note): there only a sandbox or root is held to this.
    const bool sandboxed = std::string(isolation) == "auto" && namespaces_available();
    if (!sandboxed && geteuid() != 0) continue;
    EXPECT_EQ(processes_named("tlh-sleeper"), 0)
        << "an escaped grandchild (setsid, double fork, SIGTERM ignored) survived with isolation "
        << isolation;
  }
}

// Catches: a fork bomb that stalls the grader or leaves processes behind.
TEST(GraderEndToEnd, suite_that_forks_in_a_loop_finishes_and_leaves_no_process) {
  Graded g = grade("forks_in_a_loop");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected"), std::string::npos) << g.output;
  EXPECT_EQ(processes_named("tlh-forked"), 0);
}

// Catches: a suite that allocates without end exhausting the machine instead of its memory limit.
TEST(GraderEndToEnd, suite_that_allocates_without_end_hits_the_memory_limit) {
  Graded g = grade("allocates_forever");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("bad_alloc"), std::string::npos) << g.output;
}

// Catches: a suite that prints without end filling the disk, or its output copied whole into the
// terminal report and summary.md (210 KB and 198 KB before the excerpt) instead of an excerpt and
// reference-output.txt.
TEST(GraderEndToEnd, suite_that_prints_without_end_hits_the_output_limit) {
  fs::path output;
  Graded g = grade("prints_forever", {"--format", "terminal", "markdown"}, hostile_config, &output);
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("printed more than 1 MB during Hostile.prints_forever"),
            std::string::npos)
      << g.output.substr(0, 4000);
  // What a learner reads is an excerpt of each run's output; reference-output.txt has all of it.
  EXPECT_LT(g.output.size(), 32'000U) << g.output.substr(0, 4000);
  EXPECT_NE(g.output.find("reference-output.txt in the report folder"), std::string::npos);
  EXPECT_LT(fs::file_size(output / "summary.md"), 32'000U);
  ASSERT_TRUE(fs::exists(output / "reference-output.txt"));
  EXPECT_GT(fs::file_size(output / "reference-output.txt"), 100'000U);
}

// Catches: a run that writes beside the suite's sources, in /tmp or /var/tmp, or beside the
// compiled suite.
TEST(GraderEndToEnd, suite_cannot_write_outside_its_scratch_folder) {
  if (!namespaces_available()) GTEST_SKIP() << "needs a sandbox (bubblewrap)";
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

// Catches: a variant's name visible to the suite (environment, files, library paths), which would
// let it detect mutants without testing.
TEST(GraderEndToEnd, suite_finds_no_variant_name_anywhere_it_looks) {
  if (!namespaces_available()) GTEST_SKIP() << "needs a sandbox (bubblewrap)";
  Graded g = grade("looks_for_variant");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected (0.0%)"), std::string::npos) << g.output;
}

// Catches: the schema library's key and token left where a suite can read them (its environment,
// /proc/self/environ, a static initializer), which would let a test fail on exactly the mutants'
// runs; and (the control) a suite that could not have found them anyway.
TEST(GraderEndToEnd, suite_that_reads_the_mutant_token_finds_nothing) {
  fs::path output;
  Graded g = grade("reads_the_mutant_token", {}, hostile_config, &output);
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected (0.0%)"), std::string::npos) << g.output;

  // The control: the same program with a mutant's key and token on a library that keeps them.
  const std::string key = "00000000000000aa";
  const std::string command =
      "cd '" + (output / "suite-build").string() + "' && env LD_LIBRARY_PATH='" +
      (build_dir / "variants" / "reference").string() + "' TINYLLM_MUTANT_KEY=" + key +
      " TINYLLM_MUTANT_TOKEN=" + schema_token_hex(0xaa, 7) + " ./suite";
  EXPECT_NE(tinyllm::base::run_process({"sh", "-c", command}, 60).exit_code, 0)
      << "the suite does not see a token left in its environment";
}

// Catches: a suite whose .preinit_array reads the key and token before the schema library erases
// them graded at all.
TEST(GraderEndToEnd, suite_that_runs_code_before_the_library_is_refused) {
  Graded g = grade("reads_the_token_early");
  EXPECT_EQ(g.status, 2) << g.output;
  EXPECT_NE(g.output.find("runs code before the oracle's library is set up"), std::string::npos)
      << g.output;
}

// Catches: one run leaving a note (file, shared memory) that the next run reads, so a suite could
// tell the reference from a variant.
TEST(GraderEndToEnd, no_note_passes_from_one_run_to_the_next) {
  if (!namespaces_available()) GTEST_SKIP() << "needs a sandbox (bubblewrap)";
  Graded g = grade("passes_notes");
  EXPECT_EQ(g.status, 1) << g.output;
  EXPECT_NE(g.output.find("Score: 0/24 mutants detected (0.0%)"), std::string::npos) << g.output;
}

// Catches: a note-passing suite that cannot pass notes at all, which would make the test above
// prove nothing.
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

// Catches: a run that reaches the host's loopback (or any network) from its sandbox.
TEST(GraderEndToEnd, suite_cannot_reach_the_hosts_network) {
  if (!namespaces_available()) GTEST_SKIP() << "needs a sandbox (bubblewrap)";
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
