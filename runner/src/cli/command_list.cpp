// `tinyllm-grade list`: the pitfall mutants of the catalog, then the generated set.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "mutant_set/generated_set.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;

namespace {

// Why a generated mutant is or is not in a learner's grade, in a few words.
std::string standing(const GeneratedEntry& m) {
  if (m.build == "left_out")
    return "not counted: left out of the schema library, " + m.left_out_because;
  if (m.review)
    return fmt::format("not counted: reviewed {} ({})", m.review->verdict, m.review->reason);
  if (!m.course) return "course suite not measured yet";
  if (!reports::detected(m.course->status)) return "not counted: the course suite misses it";
  return "counted";
}

void list_generated(const GradingContext& ctx, bool verbose) {
  const bool measured = std::filesystem::is_regular_file(course_suite_results_path(ctx.build_dir));
  const GeneratedSet set = load_generated_set(ctx.build_dir, ctx.source_dir, measured);
  std::map<std::string, std::map<std::string, int>> counts;
  for (const GeneratedEntry& m : set.mutants) ++counts[m.info.file][m.info.operator_name];
  const auto& c = set.counts;
  std::cout << fmt::format(
      "\nGenerated mutants: {} ({} left out of the schema library, {} reviewed, {} missed by "
      "the course suite, {} counted{})\n",
      c.raw, c.left_out, c.reviewed, c.course_undetected, c.counted,
      measured ? "" : "; the course suite is not measured yet: build target tinyllm-grader");
  for (const auto& [file, by_operator] : counts) {
    int total = 0;
    for (const auto& [op, n] : by_operator) total += n;
    std::cout << fmt::format("  {}  {}\n", file, total);
    for (const auto& [op, n] : by_operator) std::cout << fmt::format("    {:<32} {}\n", op, n);
  }
  if (!verbose) return;
  for (const GeneratedEntry& m : set.mutants)
    std::cout << fmt::format("{}  {}:{}:{}  {}\n     in {}\n     {}\n", m.info.id, m.info.file,
                             m.info.line_begin, m.info.column_begin, m.info.title, m.info.function,
                             standing(m));
}

}  // namespace

int run_list_command(const Arguments& args) {
  bool verbose = false;
  std::string build_dir;
  CommandLine command("list",
                      "Usage: tinyllm-grade list [options]\n\n"
                      "Lists the pitfall mutants of the catalog: id, whether a PASS requires it,\n"
                      "title, and (with --verbose) symptom, site and the course tests that catch\n"
                      "it. Then the generated mutants: how many per file and operator, and (with\n"
                      "--verbose) each one: id, location, change, function, and whether a grade\n"
                      "counts it or why not. With --mutants pitfalls, the pitfalls only.",
                      SharedOptions::Catalog);
  command.add_options()("verbose,v", po::bool_switch(&verbose),
                        "also symptom, site and caught_by; every generated mutant")(
      "build-dir", po::value(&build_dir)->value_name("DIR"),
      "the oracle's build folder (holds variants/generated.json)");
  if (!command.parse(args)) return 0;
  CommonOptions options = command.common();
  if (!build_dir.empty()) options.build_dir = build_dir;
  const GradingContext ctx = prepare_catalog_context(options);
  for (const auto& m : ctx.mutants) {
    std::cout << fmt::format("{}  {}  {}\n", m.id, m.required ? "required" : "optional", m.title);
    if (!verbose) continue;
    std::cout << fmt::format("     symptom:   {}\n     site:      {}:{}-{} ({})\n", m.symptom,
                             m.file, m.line_begin, m.line_end, m.function);
    std::string tests;
    for (const auto& t : m.caught_by) tests += (tests.empty() ? "" : ", ") + t;
    std::cout << fmt::format("     caught by: {}\n", tests);
  }
  if (ctx.config.mutant_set == reports::MutantSet::Full) list_generated(ctx, verbose);
  return 0;
}

}  // namespace tinyllm::runner
