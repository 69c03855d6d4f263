// What every grading subcommand sets up the same way: the resolved configuration, the oracle's
// folders, the catalog, the machine's isolation, the toolchain; the GradeRequest for one suite;
// and the report options, checked before any grading.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "compile.hpp"
#include "config.hpp"
#include "generated_set.hpp"
#include "grade.hpp"
#include "options.hpp"
#include "tinyllm/reports/grade_result.hpp"
#include "tinyllm/reports/write_reports.hpp"

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

// Returns the context without probing the sandbox (list, gradescope-bundle). Throws UsageError
// for a bad configuration, a folder that is not the repository or a bad catalog.
GradingContext prepare_catalog_context(const CommonOptions& o);

// Returns the context with the isolation the machine gives (and prints on stderr why it is weaker
// than namespaces when it is), and for the full set the generated mutants, the counted ones
// appended to `mutants` (grade, selfcheck, batch). Throws UsageError as above, and when the
// generated set is not built.
GradingContext prepare_grading_context(const CommonOptions& o);

// Returns the request to grade the suite in `suite_dir` under the context, compiling into
// `work_dir`.
GradeRequest grade_request(const GradingContext& ctx, const std::filesystem::path& suite_dir,
                           const std::filesystem::path& work_dir);

// Returns the report options for the formats named (the configuration's reports.formats when
// `formats` is empty), into the configuration's report folder. Checks them now, before any
// grading: an unknown name, or HTML without its viewer bundle, is a UsageError saying the fix.
reports::ReportOptions checked_report_options(const std::vector<std::string>& formats,
                                              const Config& config);

}  // namespace tinyllm::runner
