// The setup the grading subcommands share, in one place.
#include "cli/context_setup.hpp"

#include <fmt/format.h>

#include <iostream>
#include <stdexcept>

#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "mutant_set/catalog.hpp"
#include "sandbox/sandbox.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

GradingContext prepare_catalog_context(const CommonOptions& o) {
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
  ctx.wheats = load_wheats(ctx.catalog);
  ctx.toolchain = default_toolchain(ctx.source_dir, ctx.build_dir);
  return ctx;
}

GradingContext prepare_grading_context(const CommonOptions& o) {
  GradingContext ctx = prepare_catalog_context(o);
  ctx.isolation = resolve_isolation(ctx.config.isolation, ctx.isolation_note);
  if (!ctx.isolation_note.empty())
    std::cerr << "tinyllm-grade: note: " << ctx.isolation_note << "\n";
  ctx.toolchain.sandbox = {ctx.isolation, ctx.config.compile_limits,
                           ctx.config.compile_timeout_seconds};
  if (ctx.config.mutant_set == reports::MutantSet::Full) {
    ctx.generated = load_generated_set(ctx.build_dir, ctx.source_dir, true);
    const auto kinds = load_operator_families(ctx.catalog);
    for (auto& m : counted_mutants(*ctx.generated)) {
      // The hint ladder's second rung for a generated mutant: its operator family's kind.
      if (const auto kind = kinds.find(m.operator_name); kind != kinds.end())
        m.hint_concept = kind->second;
      ctx.mutants.push_back(std::move(m));
    }
  }
  return ctx;
}

reports::ReportOptions checked_report_options(const std::vector<std::string>& formats,
                                              const Config& config) {
  reports::ReportOptions options;
  for (const std::string& name : formats.empty() ? config.report_formats : formats) {
    try {
      options.formats.push_back(reports::parse_report_format(name));
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("--format {}: {}", name, e.what()));
    }
  }
  options.output_folder = config.report_folder;
  options.elements_bundle = config.elements_bundle;
  try {
    reports::check_report_options(options);
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format("{} Nothing was graded.", e.what()));
  }
  return options;
}

}  // namespace tinyllm::runner
