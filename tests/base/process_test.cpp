// Child processes: output and exit code captured, the timeout kills the whole process group,
// failures to start reported, options honoured, and runs from several threads kept apart.
#include "tinyllm/base/process.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "temp_folder.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::base {
namespace {

namespace fs = std::filesystem;
using std::chrono::steady_clock;
using testing::TempFolder;

// Returns the seconds `run` took.
template <class Run>
double seconds_of(Run run) {
  const auto start = steady_clock::now();
  run();
  return std::chrono::duration<double>(steady_clock::now() - start).count();
}

// Returns whether process `pid` is gone or a zombie (killed, not yet reaped by its new parent),
// waiting up to two seconds for it.
bool process_ended(pid_t pid) {
  const auto deadline = steady_clock::now() + std::chrono::seconds(2);
  while (steady_clock::now() < deadline) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!stat || !std::getline(stat, text)) return true;
    const std::size_t end_of_name = text.rfind(')');
    if (end_of_name != std::string::npos && text.compare(end_of_name, 4, ") Z ") == 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// Catches: stderr lost or not interleaved with stdout in order, or the exit code misread.
TEST(BaseProcess, CapturesOutputAndExitCode) {
  const ProcessResult result =
      run_process({"sh", "-c", "echo out; echo err >&2; echo more; exit 3"});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.start_error, 0);
  EXPECT_EQ(result.output, "out\nerr\nmore\n");
  EXPECT_EQ(run_process({"true"}).exit_code, 0);
}

// Catches: a child killed by a signal reported as a normal exit (status 0 or 9).
TEST(BaseProcess, KilledByASignalIsNotAnExitCode) {
  const ProcessResult result = run_process({"sh", "-c", "kill -9 $$"});
  EXPECT_EQ(result.exit_code, -1);
  EXPECT_FALSE(result.timed_out);
}

// Catches: a timeout that never fires (a hung test hangs the grade) or fires only when the child
// prints something.
TEST(BaseProcess, TimeoutKillsASleepWithinSeconds) {
  ProcessOptions options;
  options.timeout_seconds = 0.5;
  ProcessResult result;
  const double took = seconds_of([&] { result = run_process({"sleep", "10"}, options); });
  EXPECT_TRUE(result.timed_out);
  EXPECT_EQ(result.exit_code, -1);
  EXPECT_LT(took, 2.5);
}

// Catches: the timeout killing only the child, leaving what it started (a test's helper, a
// compiler's cc1plus) running with the output pipe open.
TEST(BaseProcess, TimeoutKillsTheProcessGroup) {
  ProcessOptions options;
  options.timeout_seconds = 0.5;
  ProcessResult result;
  const double took = seconds_of([&] {
    result = run_process({"sh", "-c", "sleep 30 & echo $!; wait"}, options);
  });
  EXPECT_TRUE(result.timed_out);
  EXPECT_LT(took, 2.5);
  const pid_t grandchild = std::stoi(result.output);
  EXPECT_TRUE(process_ended(grandchild)) << "the grandchild " << grandchild << " still runs";
  kill(grandchild, SIGKILL);  // in case it does
}

// Catches: a child that closes its output and goes on running escaping the timeout (the wait
// for its exit must be bounded too).
TEST(BaseProcess, TimeoutHoldsAfterTheChildClosesItsOutput) {
  ProcessOptions options;
  options.timeout_seconds = 0.5;
  ProcessResult result;
  const double took = seconds_of([&] {
    result = run_process({"sh", "-c", "exec >/dev/null 2>&1; sleep 10"}, options);
  });
  EXPECT_TRUE(result.timed_out);
  EXPECT_LT(took, 2.5);
}

// Catches: a timeout of 0 taken as "already expired" (runner's former run_process killed the
// child at once) instead of "none".
TEST(BaseProcess, ZeroTimeoutMeansNone) {
  const ProcessResult result = run_process({"sh", "-c", "sleep 0.2; echo done"});
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.output, "done\n");
}

// Catches: a missing program reported as a failing one (exit 127 from a shell) or thrown, instead
// of start_error and the "cannot run" text the builder and the grader show.
TEST(BaseProcess, MissingProgramGivesStartError) {
  const ProcessResult result = run_process({"tinyllm-no-such-program", "--version"});
  EXPECT_EQ(result.start_error, ENOENT);
  EXPECT_EQ(result.exit_code, -1);
  EXPECT_EQ(result.output, "cannot run tinyllm-no-such-program");
}

// Catches: output kept without bound (a test printing in a loop fills the memory), or the rest
// left unread so that the child blocks on a full pipe until the timeout.
TEST(BaseProcess, OutputLimitTruncatesAndDrainsTheRest) {
  ProcessOptions options;
  options.output_limit = 1000;
  options.timeout_seconds = 20;
  const ProcessResult result =
      run_process({"sh", "-c", "head -c 300000 /dev/zero; echo finished >&2"}, options);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.output, std::string(1000, '\0'));
}

// Catches: the directory or the stdin option ignored (a compile run in the wrong folder, a mutant
// compiled from an empty stdin), or stdin inherited from the caller when none is given.
TEST(BaseProcess, DirectoryAndInputAreHonoured) {
  const TempFolder folder;
  ProcessOptions in_folder;
  in_folder.directory = folder.path();
  EXPECT_EQ(run_process({"pwd"}, in_folder).output, fs::canonical(folder.path()).string() + "\n");

  write_whole_file(folder.path() / "input.txt", "from the file\n");
  ProcessOptions with_input;
  with_input.input = folder.path() / "input.txt";
  EXPECT_EQ(run_process({"cat"}, with_input).output, "from the file\n");
  const ProcessResult no_input = run_process({"cat"});
  EXPECT_EQ(no_input.exit_code, 0);
  EXPECT_EQ(no_input.output, "");
}

// Catches: a pipe's write end inherited by a child another thread starts meanwhile (no
// close-on-exec): a quick run would then wait for that slow child, or read its output.
TEST(BaseProcess, RunsFromSeveralThreadsStayApart) {
  constexpr std::size_t kRuns = 16;
  std::vector<ProcessResult> results(kRuns);
  std::vector<double> took(kRuns);
  parallel_for(kRuns, 8, [&](std::size_t i) {
    const std::vector<std::string> argv =
        i % 4 == 0 ? std::vector<std::string>{"sleep", "3"}
                   : std::vector<std::string>{"sh", "-c", "echo " + std::to_string(i)};
    took[i] = seconds_of([&] { results[i] = run_process(argv); });
  });
  for (std::size_t i = 0; i < kRuns; ++i) {
    EXPECT_EQ(results[i].exit_code, 0) << i;
    if (i % 4 == 0) continue;
    EXPECT_EQ(results[i].output, std::to_string(i) + "\n");
    EXPECT_LT(took[i], 2.0) << "run " << i << " waited for a slow neighbour";
  }
}

// Catches: quoting that differs from runner's shell_quote (its output is in reports that must stay
// byte-identical), or a command line that a shell would split differently.
TEST(BaseProcess, ShellQuoteIsTheRunnersFunction) {
  EXPECT_EQ(shell_quote("plain-word_1.o"), "plain-word_1.o");
  EXPECT_EQ(shell_quote("seed=7,a+b@c%d:e/f"), "seed=7,a+b@c%d:e/f");
  EXPECT_EQ(shell_quote(""), "''");
  EXPECT_EQ(shell_quote("two words"), "'two words'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote("~home"), "'~home'");
  EXPECT_EQ(command_line({"c++", "-DA=\"x\"", "-o", "out dir/a.o"}),
            "c++ '-DA=\"x\"' -o 'out dir/a.o'");
  const ProcessResult echoed =
      run_process({"sh", "-c", "printf '%s|' " + command_line({"a b", "it's", "$HOME", ""})});
  EXPECT_EQ(echoed.output, "a b|it's|$HOME||");
}

}  // namespace
}  // namespace tinyllm::base
