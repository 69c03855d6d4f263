// `tinyllm-grade list`: the mutants of the catalog.
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
#include "grading_context.hpp"
#include "options.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;

int run_list_command(const Arguments& args) {
  bool verbose = false;
  CommandLine command("list",
                      "Usage: tinyllm-grade list [options]\n\n"
                      "Lists the pitfall mutants of the catalog: id, whether a PASS "
                      "requires it, title, and (with --verbose) symptom, site and the "
                      "course tests that catch it.",
                      SharedOptions::Catalog);
  command.add_options()("verbose,v", po::bool_switch(&verbose), "also symptom, site and caught_by");
  if (!command.parse(args)) return 0;
  const GradingContext ctx = prepare_catalog_context(command.common());
  for (const auto& m : ctx.mutants) {
    std::cout << fmt::format("{}  {}  {}\n", m.id, m.required ? "required" : "optional", m.title);
    if (!verbose) continue;
    std::cout << fmt::format("     symptom:   {}\n     site:      {}:{}-{} ({})\n", m.symptom,
                             m.file, m.line_begin, m.line_end, m.function);
    std::string tests;
    for (const auto& t : m.caught_by) tests += (tests.empty() ? "" : ", ") + t;
    std::cout << fmt::format("     caught by: {}\n", tests);
  }
  return 0;
}

}  // namespace tinyllm::runner
