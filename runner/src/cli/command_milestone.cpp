// `tinyllm-grade milestone [DIR]`: MS-L11 measured. The same small Llama trained twice from one
// seed, in float32 and the capstone's way, on the reference's module or a workspace's; the
// verdict, the figures, and the pictures (docs/milestone.md).
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "milestone/milestone.hpp"
#include "milestone/plots.hpp"
#include "milestone/verdict.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

std::string mib(double bytes) {
  return fmt::format("{:.2f} MiB", bytes / (1024.0 * 1024.0));
}

std::string terminal_report(const milestone::MilestoneRun& run, const milestone::Verdict& v,
                            const milestone::Pictures& pictures, const fs::path& folder) {
  const auto& r = run.result;
  const auto& p = r.plan;
  const auto mark = [](bool ok) { return ok ? "pass" : "FAIL"; };
  std::string text = fmt::format(
      "MS-L11 on {}: {}\n"
      "  model   Llama, {} layers x width {}, {} heads, context {}, {} parameters\n"
      "  data    {} train + {} held-out bytes of the licence texts (fingerprint {:016x})\n"
      "  runs    {} steps of {} sequences, seed {}: float32 one batch per step | {} autocast,\n"
      "          micro-batches of {} accumulated, blocks checkpointed (budget {} layers: "
      "segments start at {})\n\n"
      "                                 float32      capstone\n"
      "  held-out loss, last         {:>10.4f}  {:>12.4f}   ratio {:.4f}  (<= {:.2f})  {}\n"
      "  memory held before backward {:>10}  {:>12}   {:.2f}x         (<= {:.1f}x)  {}\n"
      "  peak of a step              {:>10}  {:>12}   {:.2f}x         (< 1)       {}\n"
      "  one micro-batch held, plain / checkpointed blocks {} / {}: {:.2f}x (< 1) {}\n"
      "  steps per second            {:>10.2f}  {:>12.2f}\n",
      run.module, v.pass ? "PASS" : "FAIL", p.model.layers, p.model.dim, p.model.heads,
      p.model.context, r.parameters, r.train_bytes, r.held_out_bytes, r.corpus_fingerprint, p.steps,
      p.batch, p.seed, p.precision, p.micro_batch, p.budget, fmt::join(r.schedule, ", "),
      v.float32_loss, v.mixed_loss, v.loss_ratio, milestone::kLossRatioLimit, mark(v.loss_ok),
      mib(v.float32_held), mib(v.mixed_held), v.held_ratio, milestone::kHeldRatioLimit,
      mark(v.held_ok), mib(v.float32_peak), mib(v.mixed_peak), v.peak_ratio, mark(v.peak_ok),
      mib(v.plain_held), mib(v.checkpointed_held), v.checkpoint_ratio, mark(v.checkpoint_ok),
      v.float32_steps_per_second, v.mixed_steps_per_second);
  for (const auto& reason : v.reasons) text += "  why: " + reason + "\n";
  if (!v.pass)
    text += "  the loss curves show where the runs part: " + (folder / "loss.svg").string() + "\n";
  text += fmt::format("\n  the whole milestone took {:.1f} s\n", run.seconds);
  if (!pictures.problem.empty())
    text += "  " + pictures.problem + "\n";
  else
    text += fmt::format("  pictures: {} and {} (also .png)\n", (folder / "loss.svg").string(),
                        (folder / "memory.svg").string());
  text += fmt::format("  page: {}\n  numbers: {}\n", pictures.page.string(),
                      (folder / "milestone.json").string());
  return text;
}

}  // namespace

int run_milestone_command(const Arguments& args) {
  std::string workspace, pitfall, corpus = "/usr/share/common-licenses";
  bool quick = false;
  std::size_t steps = 0;
  CommandLine command(
      "milestone",
      "Usage: tinyllm-grade milestone [DIR] [options]\n\n"
      "Measures the module's milestone MS-L11: a small Llama (byte-level, on the\n"
      "licence texts under /usr/share/common-licenses) trained twice from one seed:\n"
      "  float32      one batch of 32 sequences per step, every activation kept;\n"
      "  capstone     bf16 autocast, micro-batches of 8 accumulated 4 at a time by\n"
      "               train_step_mixed, blocks checkpointed by checkpoint_sequential.\n"
      "It passes when the capstone's last held-out loss is within 2% of float32's,\n"
      "the activation memory it holds before backward is at most half of float32's,\n"
      "and the peak of its steps is lower.\n"
      "Without DIR it trains on the reference's module; with DIR, on the module of\n"
      "the workspace DIR (built as `check` builds it), in the grader's sandbox.\n"
      "Writes the terminal report, and into --output (default: milestone-report, or\n"
      "DIR/milestone-report): milestone.json (every number), loss.svg and\n"
      "memory.svg (and .png) drawn by gnuplot, and milestone.html showing them.\n"
      "--quick trains a smaller model for fewer steps (CI runs it).\n\n"
      "Exit status: 0 PASS, 1 FAIL, 3 usage or configuration error (the module does\n"
      "not build, the trainer is not built).",
      SharedOptions::Grading);
  command.add_options()(
      "quick", po::bool_switch(&quick),
      "a smaller model (4 layers x 32, context 32) for 40 steps: seconds, not minutes")(
      "steps", po::value(&steps)->value_name("N"), "train N steps instead of the plan's")(
      "corpus", po::value(&corpus)->value_name("FOLDER"),
      "read the text from FOLDER's files (default /usr/share/common-licenses)")(
      "pitfall", po::value(&pitfall)->value_name("ID"),
      "for instructors: train on pitfall ID's library (the reference with that bug, e.g. s23) "
      "instead of the reference's module");
  command.positional("workspace", po::value(&workspace), 1);
  if (!command.parse(args)) return 0;

  const GradingContext ctx = prepare_grading_context(command.common());
  milestone::MilestoneRequest request;
  request.build_dir = ctx.build_dir;
  request.source_dir = ctx.source_dir;
  if (!workspace.empty() && !pitfall.empty())
    throw UsageError("--pitfall trains a pitfall's library, DIR a workspace's module: give one");
  if (!workspace.empty()) request.workspace = open_workspace(workspace);
  request.pitfall = pitfall;
  request.quick = quick;
  if (steps > 0) request.steps = steps;
  if (command.common().seed) request.seed = ctx.config.seed;
  request.corpus = corpus;
  request.isolation = ctx.isolation;
  request.limits = ctx.config.limits;
  request.compiler_sandbox = ctx.toolchain.sandbox;
  request.jobs = ctx.config.jobs;
  const fs::path folder = !command.common().output.empty() ? fs::path(command.common().output)
                          : request.workspace ? request.workspace->root / "milestone-report"
                                              : fs::path("milestone-report");
  request.work_dir =
      request.workspace ? request.workspace->work_dir() / "milestone" : folder / "work";
  request.show_progress = !command.common().quiet;

  const milestone::MilestoneRun run = milestone::run_milestone(request);
  const milestone::Verdict verdict = milestone::judge(run.result);
  fs::create_directories(folder);
  std::ofstream(folder / "milestone.json")
      << tinyllm::milestone::to_json(run.result).dump(1) << '\n';
  const milestone::Pictures pictures = milestone::draw(run.result, verdict, run.module, folder);
  std::cout << terminal_report(run, verdict, pictures, folder);
  return verdict.pass ? 0 : 1;
}

}  // namespace tinyllm::runner
