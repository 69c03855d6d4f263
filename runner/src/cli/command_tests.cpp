// `tinyllm-grade tests`: the course test catalog, what a learner reads before writing code: each
// course test with its kind, what it checks and the pitfalls it catches.
#include <fmt/format.h>

#include <iostream>
#include <map>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "mutant_set/course_tests.hpp"
#include "tinyllm/reports/wrap.hpp"

namespace tinyllm::runner {

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

}  // namespace tinyllm::runner
