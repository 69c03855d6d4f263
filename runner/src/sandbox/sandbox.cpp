// The third part of a sandboxed run, collect: how it ended, its result file and output (the plan
// is sandbox_plan.cpp, the supervision sandbox_supervise.cpp; docs/sandbox.md has the whole
// picture). Also which isolation this machine gives.
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "config/errors.hpp"
#include "sandbox/bubblewrap.hpp"
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

// Throws the SandboxSetupError for a failed `step` (with what it was working on: `doing`), and
// `what` the step said, when anything.
[[noreturn]] void throw_setup_failure(SetupStep step, const std::string& doing, int error,
                                      const std::string& what) {
  const std::string name = detail::setup_step_name(step) + doing;
  throw SandboxSetupError(
      name, error,
      fmt::format("the sandbox could not be set up for a run: {} failed{}. This is not the "
                  "suite's doing; {}",
                  name, what.empty() ? "" : ": " + what, detail::setup_step_advice(step)));
}

[[noreturn]] void throw_setup_failure(const ChildPlan& plan, const StatusRecord& record) {
  std::string doing;
  if (record.step == SetupStep::EnterWorkDir) doing = " " + plan.work_dir;
  if (record.step == SetupStep::ExecSuite)
    doing = plan.namespaces ? " in the sandbox" : " " + plan.executable;
  throw_setup_failure(record.step, doing, record.value, std::strerror(record.value));
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

// Plain mode: a file the run wrote in its result folder (the result file or the record file),
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

// Namespaces, a run with a record file: the status pipe held the status record, the result
// file's bytes, the record file's bytes and a RecordTrailer giving both sizes. Anything
// inconsistent gives neither.
void split_record_run(const std::string& bytes, SandboxRun& run) {
  detail::RecordTrailer trailer;
  if (bytes.size() < sizeof(StatusRecord) + sizeof trailer) return;
  std::memcpy(&trailer, bytes.data() + bytes.size() - sizeof trailer, sizeof trailer);
  if (trailer.magic != detail::kRecordTrailerMagic || trailer.result_bytes > kMaxResultBytes ||
      trailer.record_bytes > kMaxResultBytes ||
      sizeof(StatusRecord) + trailer.result_bytes + trailer.record_bytes + sizeof trailer !=
          bytes.size())
    return;
  const std::size_t result_bytes = static_cast<std::size_t>(trailer.result_bytes);
  if (result_bytes > 0) run.result_json = bytes.substr(sizeof(StatusRecord), result_bytes);
  if (trailer.record_exists != 0)
    run.record = bytes.substr(sizeof(StatusRecord) + result_bytes,
                              static_cast<std::size_t>(trailer.record_bytes));
}

// bubblewrap ended without the launcher's report: it could not build the sandbox, and said why on
// stderr ("bwrap: ...").
[[noreturn]] void throw_bubblewrap_failure(const Supervision& seen) {
  std::string said = seen.output.text();
  while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
  if (const auto line = said.rfind('\n'); line != std::string::npos) said.erase(0, line + 1);
  throw_setup_failure(SetupStep::StartSandbox, "", 0, said);
}

SandboxRun collect(const ChildPlan& plan, const Supervision& seen) {
  SandboxRun run;
  run.seconds = seen.seconds;
  const std::optional<StatusRecord> record = first_record(plan, seen.status_bytes);
  if (seen.stopped_for) {
    run.ending = *seen.stopped_for;
  } else if (plan.namespaces) {
    if (!record) throw_bubblewrap_failure(seen);
    run.ending = record->kind == RecordKind::Signaled ? RunEnding::Signaled : RunEnding::Exited;
    (record->kind == RecordKind::Signaled ? run.signal : run.exit_code) = record->value;
  } else {
    run.ending = WIFSIGNALED(seen.wait_status) ? RunEnding::Signaled : RunEnding::Exited;
    if (WIFSIGNALED(seen.wait_status))
      run.signal = WTERMSIG(seen.wait_status);
    else
      run.exit_code = WEXITSTATUS(seen.wait_status);
  }
  if (plan.namespaces && !plan.record_file.empty()) {
    split_record_run(seen.status_bytes, run);
  } else if (plan.namespaces) {
    if (record && seen.status_bytes.size() > sizeof *record &&
        seen.status_bytes.size() - sizeof *record <= kMaxResultBytes)
      run.result_json = seen.status_bytes.substr(sizeof *record);
  } else {
    if (!seen.stopped_for && !plan.result_file.empty())
      run.result_json = read_plain_file(plan.result_file);
    if (!plan.record_file.empty() &&
        std::filesystem::is_regular_file(std::filesystem::symlink_status(plan.record_file)))
      run.record = read_plain_file(plan.record_file).value_or("");
  }
  run.output = seen.output.text();
  run.last_started_test = seen.output.last_started_test();
  return run;
}

// Why bubblewrap cannot build a sandbox here (as a run would: as root, with a private uid), or
// "" when it can: it is asked to run `true` in one.
std::string why_no_sandbox() {
  if (detail::bubblewrap_program().empty())
    return "bubblewrap is not installed (Debian: apt install bubblewrap)";
  RunRequest probe;
  probe.timeout_seconds = 30;
  ChildPlan plan;
  plan.namespaces = false;  // bubblewrap itself is the program: no launcher, no status record
  plan.drop_uid = geteuid() == 0;
  plan.uid = detail::allocate_uid();
  plan.work_dir = "/";
  plan.argv_storage =
      detail::SandboxView(detail::SandboxView::Devices::Run, 1).command({"/usr/bin/true"});
  plan.executable = plan.argv_storage.front();
  for (auto& a : plan.argv_storage) plan.argv.push_back(a.data());
  plan.argv.push_back(nullptr);
  plan.envp.push_back(nullptr);
  const Supervision seen = detail::supervise_run(probe, plan);
  if (!seen.stopped_for && WIFEXITED(seen.wait_status) && WEXITSTATUS(seen.wait_status) == 0)
    return {};
  std::string said = seen.output.text();
  while (!said.empty() && said.back() == '\n') said.pop_back();
  return fmt::format(
      "bubblewrap cannot build a sandbox here ({}); user namespaces may be "
      "disabled (sysctl user.max_user_namespaces, "
      "kernel.unprivileged_userns_clone)",
      said.empty() ? "no message" : said);
}

}  // namespace

Isolation resolve_isolation(Isolation wanted, std::string& note) {
  note.clear();
  if (wanted == Isolation::Plain) {
    note =
        "isolation: plain (by configuration): compiles and runs of learners' code get no "
        "private file system, network or PID space";
    return Isolation::Plain;
  }
  const std::string why = why_no_sandbox();
  if (why.empty()) return Isolation::Namespaces;
  if (wanted == Isolation::Namespaces)
    throw UsageError(
        fmt::format("sandbox.isolation = \"namespaces\" but {}: install bubblewrap and allow user "
                    "namespaces, or set isolation = \"auto\"",
                    why));
  note = fmt::format(
      "isolation: PLAIN ({}): compiles and runs of learners' code get limits, a process group{}, "
      "but no private file system, network or PID space: a suite can read and write what this "
      "user can{}",
      why, geteuid() == 0 ? " and (runs) a private uid" : "",
      geteuid() == 0 ? "" : ", and processes that leave their group (setsid) can outlive the run");
  return Isolation::Plain;
}

SandboxRun run_tool(const ToolRequest& request) {
  detail::PlannedRun planned(request);
  RunRequest bounds;  // what supervision reads: the time and output limits
  bounds.timeout_seconds = request.timeout_seconds;
  bounds.limits = request.limits;
  const Supervision seen = detail::supervise_run(bounds, planned.child);
  return collect(planned.child, seen);
}

SandboxRun run_sandboxed(const RunRequest& request) {
  detail::PlannedRun planned(request);
  const Supervision seen = detail::supervise_run(request, planned.child);
  return collect(planned.child, seen);
}

}  // namespace tinyllm::runner
