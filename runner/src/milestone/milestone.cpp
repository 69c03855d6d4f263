#include "milestone/milestone.hpp"

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <iostream>

#include "config/errors.hpp"
#include "grading/variant_runs.hpp"
#include "sandbox/sandbox.hpp"
#include "workspace/module_build.hpp"

namespace tinyllm::runner::milestone {
namespace fs = std::filesystem;

MilestoneRun run_milestone(const MilestoneRequest& request) {
  const auto say = [&](const std::string& text) {
    if (request.show_progress) std::cerr << "tinyllm-grade: " << text << "\n";
  };
  const fs::path trainer =
      request.build_dir / "runner" / "sandboxed" / "milestone" / "tinyllm-milestone";
  if (!fs::exists(trainer))
    throw UsageError("the milestone's trainer " + trainer.string() +
                     " is not built: run `cmake --build " + request.build_dir.string() + "`");
  MilestoneRun run;
  fs::path library = variant_library(request.build_dir, "reference");
  std::vector<std::string> environment;
  run.module = "the reference's module";
  if (!request.pitfall.empty()) {
    const std::string& id = request.pitfall;
    if (id.size() != 3 || id[0] != 's' || !std::isdigit(static_cast<unsigned char>(id[1])) ||
        !std::isdigit(static_cast<unsigned char>(id[2])))
      throw UsageError("--pitfall " + id + ": a pitfall's id is s01..s24 (`tinyllm-grade list`)");
    // The pitfall runs on the schema library, selected by its token as in a grade.
    const VariantRuns runs(request.build_dir);
    if (!runs.in_schema(id))
      throw UsageError("the schema library " + runs.schema_library().string() + " holds no " + id +
                       ": name a pitfall of `tinyllm-grade list` (s01..s24)");
    const RunTarget target = runs.target(id);
    library = target.library;
    environment = target.environment;
    run.module = "pitfall " + request.pitfall;
  }
  if (request.workspace) {
    say("building your module on the oracle's foundation");
    ModuleToolchain toolchain = default_module_toolchain(request.build_dir, request.source_dir);
    toolchain.sandbox = request.compiler_sandbox;
    const ModuleBuild build =
        build_module(*request.workspace, toolchain, request.workspace->module_dir(), request.jobs);
    if (!build.ok)
      throw UsageError("your module does not build, so it cannot train: " +
                       (build.problems.empty() ? build.diagnostics : build.problems.front()) +
                       " (`tinyllm-grade check " + request.workspace->root.string() +
                       "` shows every problem)");
    library = build.library;
    run.module = request.workspace->root.string();
  }

  RunRequest sandboxed;
  sandboxed.executable = trainer;
  sandboxed.library = library;
  sandboxed.environment = environment;
  std::vector<std::string>& arguments = sandboxed.arguments;
  if (request.quick) arguments.push_back("--quick");
  if (request.steps) arguments.insert(arguments.end(), {"--steps", std::to_string(*request.steps)});
  if (request.seed) arguments.insert(arguments.end(), {"--seed", std::to_string(*request.seed)});
  arguments.insert(arguments.end(), {"--corpus", request.corpus.string()});
  sandboxed.limits = request.limits;
  // A training run is longer than a test suite's: half an hour of CPU and of wall clock at most.
  sandboxed.limits.cpu_seconds = std::max(sandboxed.limits.cpu_seconds, 1800.0);
  sandboxed.timeout_seconds = 1800;
  sandboxed.isolation = request.isolation;
  sandboxed.scratch_root = request.work_dir / "runs";
  fs::create_directories(sandboxed.scratch_root);
  say(
      fmt::format("training MS-L11 on {} ({}): float32, then bf16 with accumulation and "
                  "checkpointing",
                  run.module, request.quick ? "quick" : "full"));
  const auto start = std::chrono::steady_clock::now();
  const SandboxRun outcome = run_sandboxed(sandboxed);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The run's private folders are gone; leave no empty scratch folders behind.
  std::error_code ignored;
  fs::remove(sandboxed.scratch_root, ignored);
  fs::remove(request.work_dir, ignored);
  if (!outcome.result_json)
    throw std::runtime_error(fmt::format(
        "the milestone's trainer ended without its numbers ({}); it printed:\n{}",
        outcome.ending == RunEnding::TimedOut   ? "timed out"
        : outcome.ending == RunEnding::Signaled ? fmt::format("signal {}", outcome.signal)
                                                : fmt::format("exit status {}", outcome.exit_code),
        outcome.output));
  run.result = tinyllm::milestone::result_from_json(nlohmann::json::parse(*outcome.result_json));
  return run;
}

}  // namespace tinyllm::runner::milestone
