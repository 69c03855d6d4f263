// End-to-end tests of the fork server (sandbox/run_server.hpp, runner/sandboxed/fork_server/): a
// run it serves ends as the same run in a sandbox of its own ends (exit, failure, signal, timeout,
// output limit, processes left behind), a run finds nothing an earlier run left, and a run that
// kills the server is handed back to be run on its own.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "config/build_info.hpp"
#include "e2e_support.hpp"
#include "grading/variant_runs.hpp"
#include "sandbox/run_server.hpp"
#include "suite_build/compile.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;

namespace {

const fs::path suite_dir = fs::path(TINYLLM_RUNNER_SANDBOX_TESTS) / "served_runs";

class ServedRuns : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string note;
    if (resolve_isolation(Isolation::Auto, note) != Isolation::Namespaces) return;
    const Toolchain toolchain = default_toolchain(build_info::source_dir, build_info::build_dir);
    build_ = new SuiteBuild(compile_suite(toolchain, suite_dir, suite_sources(suite_dir),
                                          tinyllm::e2e::fresh_folder("served-runs"), 2));
  }
  static void TearDownTestSuite() { delete build_; }

  void SetUp() override {
    if (build_ == nullptr) GTEST_SKIP() << "the fork server needs a sandbox (bubblewrap)";
    ASSERT_TRUE(build_->ok) << build_->diagnostics;
    ASSERT_FALSE(runs_.schema_library().empty()) << "the build has no schema library";
  }

  // A run of `test` as the grade asks for a mutant's: on the schema library, with the key.
  RunRequest request(const std::string& test) const {
    RunRequest r;
    r.executable = build_->executable;
    r.library = runs_.schema_library();
    r.environment = {runs_.key_variable()};
    r.arguments = {"--gtest_filter=Runs." + test};
    r.timeout_seconds = 3;
    r.limits.output_mb = 1;
    r.limits.processes = 16;
    r.isolation = Isolation::Namespaces;
    r.scratch_root = scratch_;
    return r;
  }

  // A server, which lives as long as the test may take.
  RunServer start_server() const {
    RunRequest r = request("passes");
    r.timeout_seconds = 300;
    return RunServer(r, 30);
  }

  // The same run served by `server`, as a decoy's (the reference).
  std::optional<SandboxRun> served(RunServer& server, const std::string& test) const {
    const RunRequest r = request(test);
    return server.run(runs_.token("reference"), r.arguments, r.timeout_seconds, r.limits);
  }

  static SuiteBuild* build_;
  const VariantRuns runs_{build_info::build_dir};
  const fs::path scratch_ = tinyllm::e2e::fresh_folder("served-runs-scratch");
};

SuiteBuild* ServedRuns::build_ = nullptr;

}  // namespace

// Catches: a served run that ends otherwise than the run on its own: an exit status, a signal, a
// failed test, a timeout or the output limit reported wrongly, the result file lost, or the last
// started test not found.
TEST_F(ServedRuns, each_ending_is_the_ending_of_the_run_on_its_own) {
  RunServer server = start_server();
  ASSERT_TRUE(server.serving()) << server.why_not();
  for (const char* test :
       {"passes", "fails", "crashes", "exits_early", "hangs", "floods", "leaves_a_process"}) {
    SCOPED_TRACE(test);
    const SandboxRun alone = run_sandboxed(request(test));
    const std::optional<SandboxRun> run = served(server, test);
    ASSERT_TRUE(run.has_value()) << server.why_not();
    EXPECT_EQ(run->ending, alone.ending);
    EXPECT_EQ(run->exit_code, alone.exit_code);
    EXPECT_EQ(run->signal, alone.signal);
    EXPECT_EQ(run->result_json.has_value(), alone.result_json.has_value());
    EXPECT_EQ(run->last_started_test, alone.last_started_test);
    EXPECT_EQ(run->last_started_test, std::string("Runs.") + test);
  }
  EXPECT_TRUE(server.serving()) << server.why_not();
}

// Catches: a run that sees the files (also in a folder it made unreadable), the System V shared
// memory or the environment an earlier served run left.
TEST_F(ServedRuns, a_run_finds_nothing_an_earlier_run_left) {
  RunServer server = start_server();
  ASSERT_TRUE(server.serving()) << server.why_not();
  for (int round = 0; round < 3; ++round) {
    const std::optional<SandboxRun> run = served(server, "finds_nothing_of_an_earlier_run");
    ASSERT_TRUE(run.has_value()) << server.why_not();
    EXPECT_EQ(run->ending, RunEnding::Exited);
    EXPECT_EQ(run->exit_code, 0) << "round " << round << "\n" << run->output;
  }
}

// Catches: a run that kills the server reported as though it had ended by itself (a run on its
// own cannot kill its parent), or the server used after it is gone.
TEST_F(ServedRuns, a_run_that_kills_the_server_is_handed_back) {
  RunServer server = start_server();
  ASSERT_TRUE(server.serving()) << server.why_not();
  EXPECT_FALSE(served(server, "kills_its_parent").has_value());
  EXPECT_FALSE(server.serving());
  EXPECT_FALSE(served(server, "passes").has_value());
  const SandboxRun alone = run_sandboxed(request("kills_its_parent"));
  EXPECT_EQ(alone.ending, RunEnding::Exited);
  EXPECT_EQ(alone.exit_code, 0) << alone.output;
}
