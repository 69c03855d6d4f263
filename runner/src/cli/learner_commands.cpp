// The learner's commands: `start` writes a workspace, `check` grades it, `tests` lists the course
// tests, `diff` shows the reference's module once theirs passes, `milestone` measures MS-L11.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <map>

#include "check/check.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "grading/progress.hpp"
#include "milestone/milestone.hpp"
#include "milestone/plots.hpp"
#include "milestone/verdict.hpp"
#include "mutant_set/course_tests.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/check_report.hpp"
#include "tinyllm/reports/wrap.hpp"
#include "workspace/module_diff.hpp"
#include "workspace/module_pass.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

// `tinyllm-grade start DIR`: writes a learner's workspace (workspace_writer.hpp).
int run_start_command(const Arguments& args) {
  std::string dir, source_dir, pitfalls;
  bool from_reference = false, no_example_test = false;
  CommandLine command(
      "start",
      "Usage: tinyllm-grade start DIR [options]\n\n"
      "Writes a new workspace into DIR (new or empty) for the mixed-precision module: its two\n"
      "headers (include/tinyllm/train/: the public declarations are the contract's, the private\n"
      "members are yours), its six sources (src/: every function there throws \"not implemented\"\n"
      "until you write it), an example test (tests/) and a README. Everything else the module\n"
      "uses (tensor, autograd, layers, optimizers, rounding, checkpoint_schedule) comes from the\n"
      "oracle. The workflow:\n\n"
      "  tinyllm-grade start my-module    write the workspace\n"
      "  (edit my-module/src/*.cpp, add tests to my-module/tests/)\n"
      "  tinyllm-grade check my-module    build your module, run the course tests and the\n"
      "                                   differential check on it, grade your tests\n\n"
      "docs/workspace.md describes the workspace. Exit status: 0 written, 3 DIR exists and is not\n"
      "empty, or a bad option (nothing written).",
      SharedOptions::None);
  command.add_options()("source-dir", po::value(&source_dir)->value_name("DIR"),
                        "the repository (holds oracle/ and runner/workspace_template/)")(
      "from-reference", po::bool_switch(&from_reference),
      "for instructors and tests: the reference module instead of stubs, with the reference's "
      "headers")("pitfalls", po::value(&pitfalls)->value_name("LIST"),
                 "with --from-reference: write these pitfall mutants in, as a learner would have "
                 "(e.g. s07,s12; `tinyllm-grade list` names them)")(
      "no-example-test", po::bool_switch(&no_example_test), "leave tests/ empty");
  command.positional("dir", dir, "start needs the folder to write: tinyllm-grade start DIR");
  if (!command.parse(args)) return 0;
  if (!pitfalls.empty() && !from_reference)
    throw UsageError("--pitfalls writes pitfalls into the reference module: add --from-reference");
  const std::filesystem::path source =
      std::filesystem::absolute(source_dir.empty() ? build_info::source_dir : source_dir);
  StartOptions options;
  options.from_reference = from_reference;
  options.example_test = !no_example_test;
  if (!pitfalls.empty()) options.pitfalls = parse_pitfall_list(pitfalls, source);
  write_workspace(dir, workspace_files(source, options));
  std::string what = "the module stubbed";
  if (from_reference)
    what = pitfalls.empty() ? "the reference module"
                            : "the reference module with pitfalls " + pitfalls;
  std::cout << fmt::format(
      "Wrote the workspace {} ({}).\nNext: edit {}/src/*.cpp (the contract is in "
      "{}/include/tinyllm/train/), then run `tinyllm-grade check {}`.\n",
      dir, what, dir, dir, dir);
  return 0;
}

// `tinyllm-grade check DIR` (its --help lists the steps; check/check.hpp runs them).
int run_check_command(const Arguments& args) {
  std::string workspace;
  CommandLine command(
      "check",
      "Usage: tinyllm-grade check DIR [options]\n\n"
      "Checks the learner's workspace DIR (made by `tinyllm-grade start DIR`):\n"
      "  1. builds your module (DIR/src, with your headers DIR/include) on the oracle's\n"
      "     foundation (tensor, autograd, layers, optimizers, rounding, memory,\n"
      "     checkpoint_schedule) into a library of its own;\n"
      "  2. runs the course suite on it with the grading seed and the reference seeds,\n"
      "     and reports each course test with its message;\n"
      "  3. compares it with the reference on generated inputs (the differential\n"
      "     check): bit for bit where the contract makes a result exact, to its\n"
      "     tolerance elsewhere, showing the smallest input that differs;\n"
      "  4. diagnoses by behaviour: runs your module and every known mutant (the 24\n"
      "     pitfalls, the generated mutants) on the same 100 inputs per area and names\n"
      "     each mutant that behaves exactly like your module (one per bug, several at\n"
      "     once), or says per area that none does; the failing course tests' likeness\n"
      "     to a mutant's is shown as a hint only;\n"
      "  5. grades your tests (DIR/tests) by mutation, exactly as `tinyllm-grade grade`.\n"
      "Everything that runs your code runs in the grader's sandbox.\n"
      "Writes the terminal report and DIR/check-report/check.json (--output FOLDER).\n\n"
      "Workflow: tinyllm-grade start DIR; edit DIR/src and DIR/tests;\n"
      "          tinyllm-grade check DIR; repeat until PASS;\n"
      "          then tinyllm-grade diff DIR shows the reference's code beside yours.\n\n"
      "Exit status: 0 PASS (the module passes the course suite and the differential\n"
      "check, and your tests, if any, PASS), 1 FAIL, 2 INVALID (the module passes but\n"
      "your tests' grade is INVALID), 3 the workspace cannot be checked: not a\n"
      "workspace, a module file missing, the module does not compile or link (which\n"
      "contract function is wrong), or a usage or configuration error.",
      SharedOptions::Grading);
  command.positional("workspace", workspace,
                     "which workspace? tinyllm-grade check DIR (make one with `tinyllm-grade start "
                     "DIR`)");
  if (!command.parse(args)) return 0;

  CheckRequest request;
  request.workspace = open_workspace(workspace);
  request.context = prepare_grading_context(command.common());
  request.report_folder = command.common().output.empty() ? request.workspace.root / "check-report"
                                                          : fs::path(command.common().output);
  request.show_progress = !command.common().quiet;
  // The learner reads both reports: shaped once for them (audience.hpp).
  const reports::CheckResult result = reports::for_reader(check_workspace(request));

  std::cout << reports::render_check_terminal(result, stdout_is_terminal());
  fs::create_directories(request.report_folder);
  const fs::path json = request.report_folder / "check.json";
  std::ofstream(json) << reports::render_check_json(result);
  if (!command.common().quiet) std::cerr << "tinyllm-grade: wrote " << json.string() << "\n";
  return exit_status(result.verdict);
}

// `tinyllm-grade tests`: the course tests, what a learner reads before writing code.
int run_tests_command(const Arguments& args) {
  CommandLine command("tests",
                      "Usage: tinyllm-grade tests [options]\n\n"
                      "Lists the course tests (properties/ of the repository), file by file: each\n"
                      "test's name, its kind (hand example, property, bad input or test), what it\n"
                      "checks, and the pitfalls it is the catalog's test for (caught_by in\n"
                      "mutants/catalog.toml).\n"
                      "Read it before writing your module: `tinyllm-grade check DIR` runs these\n"
                      "tests on it.",
                      SharedOptions::Catalog);
  if (!command.parse(args)) return 0;
  const GradingContext ctx = prepare_catalog_context(command.common());
  const std::vector<CourseTest> tests =
      load_course_tests(ctx.source_dir / "properties", ctx.mutants);
  std::map<std::string, const reports::MutantInfo*> by_id;
  for (const auto& m : ctx.mutants) by_id[m.id] = &m;

  std::cout << fmt::format("The course tests: {} in {}.\n", tests.size(),
                           (ctx.source_dir / "properties").string());
  std::string file;
  for (const CourseTest& test : tests) {
    if (test.file != file) std::cout << "\n" << (file = test.file) << "\n";
    std::cout << fmt::format("  {} ({})\n", test.name, test.kind);
    std::cout << reports::wrap(test.checks, 96, "    ");
    // The catalog names one catching test per pitfall; a comment may name more it also catches.
    std::string catches;
    for (const std::string& id : test.catches)
      catches += fmt::format("{}{} {}", catches.empty() ? "" : "; ", id, by_id.at(id)->title);
    if (!catches.empty())
      std::cout << reports::wrap("the catalog's test for: " + catches, 96, "    ");
  }
  return 0;
}

// `tinyllm-grade diff DIR`: the module beside the reference's (the module description's `ol diff`).
int run_diff_command(const Arguments& args) {
  std::string dir;
  CommandLine command(
      "diff",
      "Usage: tinyllm-grade diff DIR [options]\n\n"
      "Shows your module beside the reference's, file by file: each module header and\n"
      "source as a unified diff (`-` the reference's lines, `+` yours), then the files\n"
      "only you have. The reference is shown as a learner would have written it.\n"
      "Only once your module passes `tinyllm-grade check DIR` (its module half: the\n"
      "course suite and the differential check) and is unchanged since; an instructor\n"
      "can allow it at any time with [workspace] diff_before_pass = true in the\n"
      "configuration file.\n\n"
      "Exit status: 0 shown, 3 refused (the module has not passed) or a usage error.",
      SharedOptions::Catalog);
  command.positional("workspace", dir,
                     "which workspace? tinyllm-grade diff DIR (a folder made by `start`)");
  if (!command.parse(args)) return 0;
  const GradingContext ctx = prepare_catalog_context(command.common());
  const Workspace workspace = open_workspace(dir);
  if (!ctx.config.diff_before_pass && !module_passes(workspace))
    throw UsageError(fmt::format(
        "{}: your module has not passed `check` as it is now, so the reference's code stays "
        "hidden: run `tinyllm-grade check {}` until its module half passes, then diff again "
        "(an instructor can allow it earlier: [workspace] diff_before_pass = true)",
        workspace.root.string(), dir));

  std::cout << "Your module beside the reference's (- the reference's lines, + yours):\n";
  for (const ModuleFileDiff& file : diff_module(workspace, ctx.source_dir)) {
    using enum FileComparison;
    if (file.comparison == Differs)
      std::cout << fmt::format("\n{}:\n{}", file.path, file.diff);
    else
      std::cout << fmt::format("\n{}: {}\n", file.path,
                               file.comparison == Same             ? "the same as the reference's"
                               : file.comparison == MissingInYours ? "missing in yours"
                                                                   : "only in yours");
  }
  return 0;
}

// `tinyllm-grade milestone [DIR]`: MS-L11 measured (docs/milestone.md).
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
  command.positional("workspace", workspace);
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
