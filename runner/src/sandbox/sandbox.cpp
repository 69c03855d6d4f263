// The sandbox. With namespaces (the default as root), each run is PID 1's child in fresh mount,
// PID, network, IPC and UTS namespaces, in a root file system built from read-only system folders
// and private tmpfs scratch; when the run's main process ends, PID 1 kills everything left and
// exits, and the kernel ends whatever remains in the namespace, setsid and double forks included.
// The run's processes use their own unprivileged uid, so RLIMIT_NPROC binds and nothing of the
// host is writable. Without namespaces ("plain"), the same limits, a process group, and (as root)
// the private uid, whose processes are all killed at the end.
//
// A run is three parts: plan (sandbox_plan.cpp: what the run gets), supervise
// (sandbox_supervise.cpp: start it, the poll loop, limits, timeout) and collect (here: how it
// ended, its result file and output; the run's folder goes with the plan).
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "config/errors.hpp"
#include "sandbox/sandbox_child.hpp"
#include "sandbox/sandbox_plan.hpp"
#include "sandbox/sandbox_supervise.hpp"

namespace tinyllm::runner {
namespace {

using detail::ChildPlan;
using detail::kMaxResultBytes;
using detail::RecordKind;
using detail::SetupStep;
using detail::StatusRecord;
using detail::Supervision;

// Returns the failed step in words, with what it was working on.
std::string describe_step(const ChildPlan& plan, const StatusRecord& record) {
  std::string name = detail::setup_step_name(record.step);
  switch (record.step) {
    case SetupStep::PrepareRoot:
      if (record.step_index >= 0 && static_cast<std::size_t>(record.step_index) < plan.steps.size())
        return fmt::format("{} ({})", name,
                           plan.steps[static_cast<std::size_t>(record.step_index)].target);
      return name;
    case SetupStep::EnterWorkDir:
      return fmt::format("{} {}", name, plan.work_dir);
    case SetupStep::ExecSuite:
      return fmt::format("{} {}", name, plan.executable);
    default:
      return name;
  }
}

[[noreturn]] void throw_setup_failure(const ChildPlan& plan, const StatusRecord& record) {
  const std::string step = describe_step(plan, record);
  throw SandboxSetupError(
      step, record.value,
      fmt::format("the sandbox could not be set up for a run: {} failed: {}. This is not the "
                  "suite's doing; {}",
                  step, std::strerror(record.value), detail::setup_step_advice(record.step)));
}

// Returns the status pipe's first record, or nothing when it holds less than one. Throws when
// it is not a record or reports a failed setup step.
std::optional<StatusRecord> first_record(const ChildPlan& plan, const std::string& bytes) {
  StatusRecord record;
  if (bytes.size() < sizeof record) return std::nullopt;
  std::memcpy(&record, bytes.data(), sizeof record);
  if (record.magic != detail::kRecordMagic)
    throw std::runtime_error("sandbox: the run's status pipe held a malformed record");
  if (record.kind == RecordKind::SetupFailed) throw_setup_failure(plan, record);
  return record;
}

// Plain mode: a file the run wrote in its result folder (the result file or the probe record),
// read from the run's folder on the host.
std::optional<std::string> read_plain_file(const std::string& path) {
  struct Bytes {
    std::string text;
    bool too_big = false;
  } bytes;
  std::array<char, 1 << 16> buffer;
  detail::read_result_file(
      path.c_str(), buffer.data(), buffer.size(),
      [](void* context, const char* data, std::size_t size) {
        auto& b = *static_cast<Bytes*>(context);
        b.too_big = b.too_big || b.text.size() + size > kMaxResultBytes;
        if (!b.too_big) b.text.append(data, size);
      },
      &bytes);
  if (bytes.too_big || bytes.text.empty()) return std::nullopt;
  return std::move(bytes.text);
}

// Namespaces, probe run: the status pipe held the record, the result file's bytes, the probe
// record's bytes and a ProbeTrailer giving both sizes. Anything inconsistent gives neither.
void split_probe_run(const std::string& bytes, SandboxRun& run) {
  detail::ProbeTrailer trailer;
  if (bytes.size() < sizeof(StatusRecord) + sizeof trailer) return;
  std::memcpy(&trailer, bytes.data() + bytes.size() - sizeof trailer, sizeof trailer);
  if (trailer.magic != detail::kProbeTrailerMagic || trailer.result_bytes > kMaxResultBytes ||
      trailer.probe_bytes > kMaxResultBytes ||
      sizeof(StatusRecord) + trailer.result_bytes + trailer.probe_bytes + sizeof trailer !=
          bytes.size())
    return;
  const std::size_t result_bytes = static_cast<std::size_t>(trailer.result_bytes);
  if (result_bytes > 0) run.result_json = bytes.substr(sizeof(StatusRecord), result_bytes);
  if (trailer.probe_exists != 0)
    run.probe_record = bytes.substr(sizeof(StatusRecord) + result_bytes,
                                    static_cast<std::size_t>(trailer.probe_bytes));
}

std::string last_started_test(const std::string& output) {
  const std::string marker = "[ RUN      ] ";
  auto at = output.rfind(marker);
  if (at == std::string::npos) return {};
  auto begin = at + marker.size();
  auto end = output.find_first_of("\r\n", begin);
  return output.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// Collect: how the run ended, its result file and its output.
SandboxRun collect(const ChildPlan& plan, const Supervision& seen) {
  SandboxRun run;
  run.seconds = seen.seconds;
  const std::optional<StatusRecord> record = first_record(plan, seen.status_bytes);
  if (seen.stopped_for) {
    run.ending = *seen.stopped_for;
  } else if (plan.namespaces) {
    if (!record) throw std::runtime_error("sandbox: the run's PID 1 ended without a report");
    run.ending = record->kind == RecordKind::Signaled ? RunEnding::Signaled : RunEnding::Exited;
    (record->kind == RecordKind::Signaled ? run.signal : run.exit_code) = record->value;
  } else {
    run.ending = WIFSIGNALED(seen.wait_status) ? RunEnding::Signaled : RunEnding::Exited;
    if (WIFSIGNALED(seen.wait_status))
      run.signal = WTERMSIG(seen.wait_status);
    else
      run.exit_code = WEXITSTATUS(seen.wait_status);
  }
  if (plan.namespaces && !plan.probe_file.empty()) {
    split_probe_run(seen.status_bytes, run);
  } else if (plan.namespaces) {
    if (record && seen.status_bytes.size() > sizeof *record &&
        seen.status_bytes.size() - sizeof *record <= kMaxResultBytes)
      run.result_json = seen.status_bytes.substr(sizeof *record);
  } else {
    if (!seen.stopped_for) run.result_json = read_plain_file(plan.result_file);
    if (!plan.probe_file.empty() &&
        std::filesystem::is_regular_file(std::filesystem::symlink_status(plan.probe_file)))
      run.probe_record = read_plain_file(plan.probe_file).value_or("");
  }
  run.output = seen.output.text();
  run.last_started_test = last_started_test(seen.output.tail);
  if (run.last_started_test.empty()) run.last_started_test = last_started_test(seen.output.head);
  return run;
}

}  // namespace

Isolation resolve_isolation(Isolation wanted, std::string& note) {
  note.clear();
  if (wanted == Isolation::Plain) {
    note = "isolation: plain (by configuration): no private file system, network or PID space";
    return Isolation::Plain;
  }
  std::string why;
  if (geteuid() != 0) {
    why = "not running as root";
  } else {
    static std::array<char, 64 * 1024> stack;
    pid_t p = clone(
        [](void*) -> int { _exit(0); }, stack.data() + stack.size(),
        CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD, nullptr);
    if (p < 0) {
      why = fmt::format("cannot create namespaces ({})", std::strerror(errno));
    } else {
      waitpid(p, nullptr, 0);
      return Isolation::Namespaces;
    }
  }
  if (wanted == Isolation::Namespaces)
    throw UsageError(
        fmt::format("sandbox.isolation = \"namespaces\" but {}: run the grader as "
                    "root (or in a container allowed to unshare), or set "
                    "isolation = \"auto\"",
                    why));
  note = fmt::format(
      "isolation: plain ({}): runs get limits, a process group{}, but no private file system, "
      "network or PID space{}",
      why, geteuid() == 0 ? " and a private uid" : "",
      geteuid() == 0 ? "" : "; processes that leave their group (setsid) can outlive the run");
  return Isolation::Plain;
}

SandboxRun run_sandboxed(const RunRequest& request) {
  detail::PlannedRun planned(request);
  const Supervision seen = detail::supervise_run(request, planned.child);
  return collect(planned.child, seen);
}

}  // namespace tinyllm::runner
