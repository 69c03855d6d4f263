// The subcommands' command lines (Boost.Program_options) and the defaults < file < command line
// rule.
#include "cli/options.hpp"

#include <fmt/format.h>

#include <iostream>

#include "config/errors.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;

namespace {

// The policy and the catalog: every command that reads the catalog.
po::options_description catalog_options(CommonOptions& o) {
  po::options_description d("Policy and catalog");
  d.add_options()(
      "config,c", po::value(&o.config_file)->value_name("FILE"),
      "grading policy in TOML (see docs/configuration.md); built-in defaults without it")(
      "source-dir", po::value(&o.source_dir)->value_name("DIR"),
      "the repository (holds oracle/include and mutants/catalog.toml)")(
      "catalog", po::value(&o.catalog)->value_name("FILE"),
      "the mutant catalog (default: <source-dir>/mutants/catalog.toml)")(
      "mutants", po::value(&o.mutant_set)->value_name("SET"),
      "full (default): the pitfalls and the mutants generated from the module's source, scored "
      "together against the threshold; pitfalls: the pitfalls alone");
  return d;
}

// Where the oracle's libraries are and how a grade is run: every command that grades.
po::options_description grading_options(CommonOptions& o) {
  po::options_description d("Grading options");
  d.add_options()("build-dir", po::value(&o.build_dir)->value_name("DIR"),
                  "the oracle's build folder (holds variants/)")(
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
      "validity", po::value(&o.validity)->value_name("POLICY"),
      "per-test (default): a test that fails on the reference (any reference seed) or on a wheat "
      "(a correct alternative implementation) is invalid: it is named and left out, and the "
      "valid tests are graded; strict: any invalid test makes the grade INVALID")(
      "isolation", po::value(&o.isolation)->value_name("MODE"),
      "where learners' code is compiled and run: auto (a bubblewrap sandbox when this machine "
      "allows one, else plain with a note), namespaces (the sandbox or an error) or plain (limits "
      "and the include policy only); see docs/sandbox.md")("quiet,q", po::bool_switch(&o.quiet),
                                                           "no progress line on stderr");
  return d;
}

}  // namespace

CommandLine::CommandLine(std::string name, const std::string& usage, SharedOptions shared)
    : name_(std::move(name)), shared_(shared), own_(usage + "\n\nOptions") {
  own_.add_options()("help,h", po::bool_switch(&help_), "this help");
}

bool CommandLine::parse(const Arguments& args) {
  po::options_description visible;
  visible.add(own_);
  if (shared_ != SharedOptions::None) visible.add(catalog_options(common_));
  if (shared_ == SharedOptions::Grading) visible.add(grading_options(common_));
  po::options_description all;
  all.add(visible).add(hidden_);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional_).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(fmt::format("{} (see tinyllm-grade {} --help)", e.what(), name_));
  }
  if (help_) {
    std::cout << visible << "\n";
    return false;
  }
  for (const auto& [empty, missing] : required_)
    if (empty()) throw UsageError(missing);
  return true;
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
  // An option naming a choice: `parse` returns it, or nothing for a name it does not know.
  const auto choose = [](const std::string& name, auto parse, auto& field, const char* must_be) {
    if (name.empty()) return;
    const auto parsed = parse(name);
    if (!parsed) throw UsageError(must_be + name);
    field = *parsed;
  };
  choose(o.isolation, parse_isolation, c.isolation,
         "--isolation must be auto, namespaces or plain, not ");
  choose(o.mutant_set, parse_mutant_set, c.mutant_set, "--mutants must be full or pitfalls, not ");
  choose(o.validity, parse_validity, c.validity, "--validity must be per-test or strict, not ");
  if (!o.output.empty()) c.report_folder = o.output;
  if (!o.build_dir.empty()) c.build_dir = o.build_dir;
  if (!o.source_dir.empty()) c.source_dir = o.source_dir;
  if (!o.catalog.empty()) c.catalog = o.catalog;
  return c;
}

}  // namespace tinyllm::runner
