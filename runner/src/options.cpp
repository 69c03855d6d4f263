// Shared options (Boost.Program_options) and the defaults < file < command line rule.
#include "options.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "build_info.hpp"
#include "catalog.hpp"
#include "errors.hpp"
#include "sandbox.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

po::options_description common_options(CommonOptions& o) {
  po::options_description d("Grading options");
  d.add_options()(
      "config,c", po::value(&o.config_file)->value_name("FILE"),
      "grading policy in TOML (see docs/configuration.md); built-in defaults without it")(
      "output,o", po::value(&o.output)->value_name("DIR"),
      "folder for reports and the compiled suite (default: reports.folder, 'grade-report')")(
      "jobs,j", po::value<int>()->value_name("N")->notifier([&](int v) { o.jobs = v; }),
      "parallel runs (default: every core)")(
      "seed",
      po::value<std::uint64_t>()->value_name("N")->notifier([&](std::uint64_t v) { o.seed = v; }),
      "the grading seed (RapidCheck's seed)")(
      "threshold",
      po::value<double>()->value_name("X")->notifier([&](double v) { o.threshold = v; }),
      "the score needed to pass, in [0, 1] (default 0.80)")(
      "isolation", po::value(&o.isolation)->value_name("MODE"),
      "auto, namespaces or plain (see docs/configuration.md)")(
      "build-dir", po::value(&o.build_dir)->value_name("DIR"),
      "the oracle's build folder (holds variants/)")(
      "source-dir", po::value(&o.source_dir)->value_name("DIR"),
      "the repository (holds oracle/include and mutants/catalog.toml)")(
      "catalog", po::value(&o.catalog)->value_name("FILE"),
      "the mutant catalog (default: <source-dir>/mutants/catalog.toml)")(
      "quiet,q", po::bool_switch(&o.quiet), "no progress line on stderr");
  return d;
}

Config resolve_config(const CommonOptions& o) {
  Config c = default_config();
  if (!o.config_file.empty()) c = load_config(o.config_file, c);
  if (o.jobs) {
    if (*o.jobs < 0) throw UsageError("--jobs must be 0 (every core) or more");
    c.jobs = *o.jobs;
  }
  if (o.seed) c.seed = *o.seed;
  if (o.threshold) {
    if (!(*o.threshold >= 0 && *o.threshold <= 1))
      throw UsageError(fmt::format("--threshold must be in [0, 1], not {}", *o.threshold));
    c.threshold = *o.threshold;
  }
  if (!o.isolation.empty()) {
    if (o.isolation == "auto")
      c.isolation = Isolation::Auto;
    else if (o.isolation == "namespaces")
      c.isolation = Isolation::Namespaces;
    else if (o.isolation == "plain")
      c.isolation = Isolation::Plain;
    else
      throw UsageError("--isolation must be auto, namespaces or plain, not " + o.isolation);
  }
  if (!o.output.empty()) c.report_folder = o.output;
  if (!o.build_dir.empty()) c.build_dir = o.build_dir;
  if (!o.source_dir.empty()) c.source_dir = o.source_dir;
  if (!o.catalog.empty()) c.catalog = o.catalog;
  return c;
}

GradingContext prepare_context(const CommonOptions& o, bool with_sandbox) {
  GradingContext ctx;
  ctx.config = resolve_config(o);
  ctx.build_dir = fs::absolute(ctx.config.build_dir.empty() ? fs::path(build_info::build_dir)
                                                            : ctx.config.build_dir);
  ctx.source_dir = fs::absolute(ctx.config.source_dir.empty() ? fs::path(build_info::source_dir)
                                                              : ctx.config.source_dir);
  ctx.catalog =
      fs::absolute(ctx.config.catalog.empty() ? ctx.source_dir / "mutants" / "catalog.toml"
                                              : ctx.config.catalog);
  if (!fs::is_directory(ctx.source_dir / "oracle" / "include"))
    throw UsageError(
        fmt::format("{}: not the tinyllm repository (no oracle/include); pass "
                    "--source-dir DIR",
                    ctx.source_dir.string()));
  ctx.mutants = load_catalog(ctx.catalog, ctx.source_dir);
  apply_required(ctx.config, ctx.mutants);
  ctx.toolchain = default_toolchain(ctx.source_dir, ctx.build_dir);
  if (with_sandbox) ctx.isolation = resolve_isolation(ctx.config.isolation, ctx.isolation_note);
  return ctx;
}

po::variables_map parse_command_line(const std::string& command,
                                     const std::vector<std::string>& args,
                                     const po::options_description& visible,
                                     const po::positional_options_description& positional) {
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(visible).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(
        fmt::format("{}: {} (see tinyllm-grade {} --help)", command, e.what(), command));
  }
  return vm;
}

bool stdout_is_terminal() {
  return isatty(STDOUT_FILENO) == 1;
}
bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

}  // namespace tinyllm::runner
