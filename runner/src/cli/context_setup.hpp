// What every grading subcommand sets up the same way from its command line: the grading context
// (configuration, folders, catalog, isolation, toolchain) and the report options, checked before
// any grading.
#pragma once
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "config/config.hpp"
#include "grading/grading_context.hpp"
#include "tinyllm/reports/write_reports.hpp"

namespace tinyllm::runner {

// Returns the context without probing the sandbox (list, gradescope-bundle). Throws UsageError
// for a bad configuration, a folder that is not the repository or a bad catalog.
GradingContext prepare_catalog_context(const CommonOptions& o);

// Returns the context with the isolation the machine gives (and prints on stderr why it is weaker
// than namespaces when it is), and for the full set the generated mutants, the counted ones
// appended to `mutants` (grade, selfcheck, batch). Throws UsageError as above, and when the
// generated set is not built.
GradingContext prepare_grading_context(const CommonOptions& o);

// Returns the report options for the formats named (the configuration's reports.formats when
// `formats` is empty), into the configuration's report folder. Checks them now, before any
// grading: an unknown name, or HTML without its viewer bundle, is a UsageError saying the fix.
reports::ReportOptions checked_report_options(const std::vector<std::string>& formats,
                                              const Config& config);

}  // namespace tinyllm::runner
