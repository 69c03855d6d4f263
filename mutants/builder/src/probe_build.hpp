// The probe library's build step, run by build_generated_variants after the mutants' compiles:
// the pitfall sites' probe points (from the catalog), the sites, the instrumented objects and the
// runtime (cached like the mutants' objects), the link, and variants/probe.json.
#pragma once
#include <cstddef>
#include <vector>

#include "module_files.hpp"
#include "tinyllm/builder/build_generated.hpp"
#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::builder {

struct ProbeOutcome {
  std::size_t sites = 0;
  bool linked = false;   // the library was linked by this run
  bool written = false;  // probe.json changed
};

// Builds options.variants_dir/probe/ and probe.json when options.probe_dir is set (else does
// nothing). Adds its objects to compiled.used. Throws BuildError.
ProbeOutcome build_probe_library(const BuildOptions& options, const std::vector<ModuleFile>& files,
                                 const std::vector<generator::GeneratedMutant>& mutants,
                                 Compiles& compiled);

}  // namespace tinyllm::builder
