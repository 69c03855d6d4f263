// `tinyllm-grade batch SUITES --output FOLDER [--shard K/N]`: grade a class, one suite per
// subfolder of SUITES; resumable (unchanged suites keep their stored grade) and shardable across
// machines.
#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "errors.hpp"
#include "grade.hpp"
#include "options.hpp"
#include "tinyllm/reports/class_batch.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

// Returns what in the configuration changes grades, so that a stored grade made under another
// policy or catalog is not reused.
std::string config_fingerprint(const GradingContext& ctx) {
  const Config& c = ctx.config;
  std::ostringstream out;
  out << fmt::format("threshold={};reveal={};seed={};timeout={}x+{}s;", c.threshold,
                     reveal_name(c.reveal), c.seed, c.timeout_factor, c.timeout_constant_seconds);
  for (std::uint64_t seed : c.reference_seeds) out << "reference_seed=" << seed << ";";
  for (const reports::MutantInfo& mutant : ctx.mutants) {
    out << fmt::format("{}:{}:{}:{}-{}:{};", mutant.id, mutant.file, mutant.function,
                       mutant.line_begin, mutant.line_end, mutant.required);
  }
  out << fmt::format("limits={},{},{},{},{},{}", c.limits.cpu_seconds, c.limits.memory_mb,
                     c.limits.processes, c.limits.file_size_mb, c.limits.output_mb,
                     c.limits.scratch_mb);
  return out.str();
}

}  // namespace

int run_batch_command(const Arguments& args) {
  CommonOptions common;
  std::string suites;
  std::string shard = "1/1";
  bool help = false;
  po::options_description visible(
      "Usage: tinyllm-grade batch SUITES --output FOLDER [options]\n\n"
      "Grades every subfolder of SUITES (one learner's suite each) and writes each learner's\n"
      "reports into FOLDER/<learner>/ and the class report into FOLDER. A suite whose files are\n"
      "unchanged since the last run into FOLDER keeps its grade, so an interrupted batch resumes.\n"
      "A suite that cannot be graded is reported and the batch goes on.\n"
      "Exit status: 0 every suite graded, 1 some could not be, 3 usage or configuration error.\n\n"
      "Options");
  visible.add_options()("help,h", po::bool_switch(&help), "this help")(
      "shard", po::value(&shard),
      "K/N: grade only every N-th learner from the K-th (sorted by name); join shards with "
      "`tinyllm-grade merge`");
  visible.add(common_options(common));
  po::options_description all;
  all.add(visible).add_options()("suites", po::value(&suites));
  po::positional_options_description positional;
  positional.add("suites", 1);
  parse_command_line("batch", args, all, positional);
  if (help) {
    std::cout << visible << "\n";
    return 0;
  }
  if (suites.empty())
    throw UsageError("batch: which class? tinyllm-grade batch SUITES_FOLDER --output FOLDER");
  if (!fs::is_directory(suites)) {
    throw UsageError(fmt::format(
        "batch: {} is not a folder: pass a folder with one subfolder per learner's suite", suites));
  }
  reports::BatchOptions options;
  try {
    std::tie(options.shard_index, options.shard_count) = reports::parse_shard(shard);
  } catch (const std::invalid_argument& error) {
    throw UsageError(std::string("batch: ") + error.what());
  }

  GradingContext ctx = prepare_context(common, true);
  if (!ctx.isolation_note.empty())
    std::cerr << "tinyllm-grade: note: " << ctx.isolation_note << "\n";
  options.suites_folder = fs::absolute(suites).lexically_normal();
  options.output_folder = fs::absolute(ctx.config.report_folder);
  for (const std::string& name : ctx.config.report_formats) {
    options.formats.push_back(reports::parse_report_format(name));
  }
  options.config_fingerprint = config_fingerprint(ctx);
  options.progress_bar = stderr_is_terminal() && !common.quiet;

  const auto grade = [&](const fs::path& suite) {
    GradeRequest request;
    request.config = ctx.config;
    request.mutants = ctx.mutants;
    request.suite_dir = suite;
    request.work_dir = options.output_folder / suite.filename() / "suite-build";
    request.build_dir = ctx.build_dir;
    request.source_dir = ctx.source_dir;
    request.toolchain = ctx.toolchain;
    request.isolation = ctx.isolation;
    reports::GradeResult result = grade_suite(request);
    result.suite_name = suite.filename().string();
    return result;
  };
  std::ostringstream quiet;
  const reports::BatchOutcome outcome = reports::run_batch(
      options, grade, common.quiet ? static_cast<std::ostream&>(quiet) : std::cerr);
  int pass = 0;
  for (const reports::GradeResult& result : outcome.results) {
    pass += result.verdict == reports::Verdict::Pass ? 1 : 0;
  }
  std::cout << fmt::format("batch: {} suites ({} graded, {} reused), {} PASS; class report in {}\n",
                           outcome.results.size(), outcome.graded, outcome.reused, pass,
                           (options.output_folder / "class-report.html").string());
  for (const std::string& error : outcome.errors)
    std::cout << "batch: not graded: " << error << "\n";
  return outcome.errors.empty() ? 0 : 1;
}

}  // namespace tinyllm::runner
