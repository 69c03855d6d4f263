// Tests that a failure of the sandbox's own setup reaches the grader as its error, naming the
// step and the system's reason, in both isolation modes, instead of being read as the suite's
// exit status (125, 127) and graded.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "config/errors.hpp"
#include "sandbox/sandbox.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;

namespace {

// A scratch folder for one test, removed at the end.
struct TempFolder {
  fs::path path = fs::temp_directory_path() /
                  ("tinyllm-sandbox-setup-" + std::to_string(std::random_device{}()));
  TempFolder() { fs::create_directories(path); }
  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// The isolation modes this machine can run: plain always, namespaces when allowed.
std::vector<Isolation> modes() {
  std::vector<Isolation> result = {Isolation::Plain};
  std::string note;
  if (resolve_isolation(Isolation::Auto, note) == Isolation::Namespaces)
    result.push_back(Isolation::Namespaces);
  return result;
}

const char* name(Isolation isolation) {
  return isolation == Isolation::Namespaces ? "namespaces" : "plain";
}

RunRequest request_in(const TempFolder& folder, Isolation isolation) {
  RunRequest request;
  request.executable = folder.path / "suite";
  request.library = folder.path / "libtinyllm_oracle.so";
  write_file(request.library, "not really a library");
  request.timeout_seconds = 20;
  request.isolation = isolation;
  request.scratch_root = folder.path / "runs";
  fs::create_directories(request.scratch_root);
  return request;
}

// Returns the setup error run_sandboxed throws for `request`, failing the test when it returns.
SandboxSetupError setup_error_of(const RunRequest& request) {
  try {
    SandboxRun run = run_sandboxed(request);
    ADD_FAILURE() << name(request.isolation) << ": the run was graded as the suite's: ended "
                  << static_cast<int>(run.ending) << ", exit status " << run.exit_code;
  } catch (const SandboxSetupError& e) {
    return e;
  }
  return SandboxSetupError("", 0, "");
}

}  // namespace

// Catches: an execve failure in the sandbox's child (a suite that cannot be executed) surfacing
// as exit status 127 and graded as the suite's own ending, in either isolation mode.
TEST(SandboxSetup, a_suite_that_cannot_be_executed_is_the_graders_error_naming_execve) {
  for (Isolation isolation : modes()) {
    TempFolder folder;
    RunRequest request = request_in(folder, isolation);
    write_file(request.executable, "not a program");
    fs::permissions(request.executable, fs::perms::owner_read | fs::perms::owner_write |
                                            fs::perms::group_read | fs::perms::others_read);
    SandboxSetupError e = setup_error_of(request);
    EXPECT_NE(e.step.find("starting the suite (execve"), std::string::npos)
        << name(isolation) << ": " << e.what();
    EXPECT_EQ(e.error_number, EACCES) << name(isolation) << ": " << e.what();
    const std::string message = e.what();
    EXPECT_NE(message.find(std::strerror(EACCES)), std::string::npos) << message;
    EXPECT_NE(message.find("not the suite's doing"), std::string::npos) << message;
    EXPECT_NE(message.find("o+x"), std::string::npos) << message;  // what to do
  }
}

// Catches: the run's private uid unable to enter its working folder (the grader's folder under a
// parent others may not enter) read as the suite's exit status 125. Plain mode as root only:
// elsewhere the run keeps the grader's uid, or its folder is a private tmpfs.
TEST(SandboxSetup, a_work_folder_the_run_cannot_enter_is_the_graders_error_naming_chdir) {
  if (geteuid() != 0) GTEST_SKIP() << "the run keeps the grader's uid when not root";
  TempFolder folder;
  RunRequest request = request_in(folder, Isolation::Plain);
  write_file(request.executable, "#!/bin/sh\nexit 0\n");
  fs::permissions(request.executable, fs::perms::owner_all | fs::perms::group_exec |
                                          fs::perms::others_exec | fs::perms::others_read);
  request.scratch_root = folder.path / "private" / "runs";
  fs::create_directories(request.scratch_root);
  fs::permissions(folder.path / "private", fs::perms::owner_all);
  SandboxSetupError e = setup_error_of(request);
  EXPECT_NE(e.step.find("entering the run's working folder (chdir)"), std::string::npos)
      << e.what();
  EXPECT_EQ(e.error_number, EACCES) << e.what();
}

// Catches: bubblewrap failing to build the sandbox (here the suite's bind mount, its file gone)
// read as the suite's exit status 1 and graded, or reported without bubblewrap's reason.
TEST(SandboxSetup, a_sandbox_bubblewrap_cannot_build_is_the_graders_error_with_its_reason) {
  std::vector<Isolation> available = modes();
  if (available.back() != Isolation::Namespaces) GTEST_SKIP() << "no namespaces on this machine";
  TempFolder folder;
  RunRequest request = request_in(folder, Isolation::Namespaces);  // no suite file at all
  SandboxSetupError e = setup_error_of(request);
  EXPECT_NE(e.step.find("building the sandbox (bubblewrap)"), std::string::npos) << e.what();
  const std::string message = e.what();
  EXPECT_NE(message.find("bwrap:"), std::string::npos) << message;
  EXPECT_NE(message.find(request.executable.string()), std::string::npos) << message;
  EXPECT_NE(message.find("not the suite's doing"), std::string::npos) << message;
}

// Catches: a grade as root whose --output lies under a folder others may not enter (/root/...):
// bubblewrap, started with the run's private uid, cannot bind the suite there, and every run would
// fail. The grader stages what the run needs where that uid can reach it.
TEST(SandboxSetup, as_root_a_suite_in_a_private_folder_still_runs_in_the_sandbox) {
  if (geteuid() != 0) GTEST_SKIP() << "only root's runs take a private uid";
  if (modes().back() != Isolation::Namespaces) GTEST_SKIP() << "no sandbox on this machine";
  TempFolder folder;
  RunRequest request = request_in(folder, Isolation::Namespaces);
  const fs::path private_dir = folder.path / "private";
  fs::create_directories(private_dir / "runs");
  fs::permissions(private_dir, fs::perms::owner_all);
  request.executable = private_dir / "suite";
  fs::copy_file("/usr/bin/true", request.executable);
  request.library = private_dir / "libtinyllm_oracle.so";
  fs::copy_file(folder.path / "libtinyllm_oracle.so", request.library);
  request.scratch_root = private_dir / "runs";
  const SandboxRun run = run_sandboxed(request);
  EXPECT_EQ(run.ending, RunEnding::Exited);
  EXPECT_EQ(run.exit_code, 0) << run.output;
}
