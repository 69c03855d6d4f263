// The grading fingerprint: the configuration serialised whole (a field added to Config is covered
// without touching this file), and the bytes of what the suite is compiled with and runs against.
#include "batch/batch_fingerprint.hpp"

#include <nlohmann/json.hpp>

#include "grading/grade.hpp"
#include "tinyllm/base/content_hash.hpp"

namespace tinyllm::runner {

namespace {

// The fields of Config's JSON that do not change a grade: how many runs go at once, which report
// files are written where, and where the oracle and catalog are (their bytes are hashed instead,
// so moving the repository keeps the stored grades and rebuilding it does not).
constexpr const char* kNotDecidingGrades[] = {
    "jobs",        "reports.formats", "reports.folder", "reports.elements_bundle",
    "paths.build", "paths.source",    "paths.catalog",  "required_positions"};

}  // namespace

std::string grading_fingerprint(const GradingContext& ctx) {
  nlohmann::json config = ctx.config;
  for (const char* key : kNotDecidingGrades) config.erase(key);
  base::ContentHasher hasher;
  hasher.add(config.dump());  // nlohmann's objects keep keys sorted: a canonical text
  hasher.add(isolation_name(ctx.isolation));
  hasher.add("catalog").add_file(ctx.catalog);
  const Toolchain& toolchain = ctx.toolchain;
  hasher.add(toolchain.compiler);
  for (const std::string& flag : toolchain.cxx_flags) hasher.add(flag);
  for (const std::string& library : toolchain.link_libraries) hasher.add(library);
  const VariantRuns runs(ctx.build_dir);
  for (const auto& [variant, library] :
       variant_libraries(ctx.build_dir, ctx.source_dir, ctx.mutants, ctx.wheats, runs))
    hasher.add(runs.library_hash(variant));
  return hasher.hex();
}

}  // namespace tinyllm::runner
