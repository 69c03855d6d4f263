// What every grade shares (the resolved configuration, the oracle's folders, the catalog, the
// isolation, the toolchain), made by cli/context_setup.hpp; and the GradeRequest for one suite.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "grading/grade.hpp"
#include "mutant_set/generated_set.hpp"
#include "suite_build/compile.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct GradingContext {
  Config config;
  std::filesystem::path build_dir, source_dir, catalog;
  // The mutants graded: the catalog's, `required` applied, then (full set) the counted generated.
  std::vector<reports::MutantInfo> mutants;
  // The wheats, catalog order: correct alternative implementations every valid test passes on.
  std::vector<reports::WheatInfo> wheats;
  std::optional<GeneratedSet> generated;  // read for the full set by prepare_grading_context
  Isolation isolation = Isolation::Plain;
  std::string isolation_note;  // why isolation is weaker than namespaces, when it is
  Toolchain toolchain;
};

// Returns the request to grade the suite in `suite_dir`, compiling into `work_dir`.
GradeRequest grade_request(const GradingContext& ctx, const std::filesystem::path& suite_dir,
                           const std::filesystem::path& work_dir);

}  // namespace tinyllm::runner
