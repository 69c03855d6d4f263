// The grading fingerprint: the configuration serialised whole (a field added to Config is covered
// without touching this file), and the bytes of what the suite is compiled with and runs against.
#include "batch_fingerprint.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "content_hash.hpp"
#include "errors.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

// The fields of Config's JSON that do not change a grade: how many runs go at once, which report
// files are written where, and where the oracle and catalog are (their bytes are hashed instead,
// so moving the repository keeps the stored grades and rebuilding it does not).
constexpr const char* kNotDecidingGrades[] = {
    "jobs",      "report_formats", "report_folder", "elements_bundle",
    "build_dir", "source_dir",     "catalog",       "required_positions"};

}  // namespace

std::string grading_fingerprint(const GradingContext& ctx) {
  nlohmann::json config = ctx.config;
  for (const char* key : kNotDecidingGrades) config.erase(key);
  ContentHasher hasher;
  hasher.add(config.dump());  // nlohmann's objects keep keys sorted: a canonical text
  hasher.add(isolation_name(ctx.isolation));
  hasher.add_file("catalog", ctx.catalog);
  const Toolchain& toolchain = ctx.toolchain;
  hasher.add(toolchain.compiler);
  for (const std::string& flag : toolchain.cxx_flags) hasher.add(flag);
  for (const std::string& library : toolchain.link_libraries) hasher.add(library);
  std::vector<std::string> variants = {"reference"};
  for (const reports::MutantInfo& mutant : ctx.mutants) variants.push_back(mutant.id);
  for (const std::string& variant : variants) {
    const fs::path library = variant_library(ctx.build_dir, variant);
    if (!fs::is_regular_file(library)) {
      throw UsageError(fmt::format(
          "{}: missing; build the oracle and its variants first: cmake -S {} -B {} && ninja -C {} "
          "tinyllm-grade. Nothing was graded.",
          library.string(), ctx.source_dir.string(), ctx.build_dir.string(),
          ctx.build_dir.string()));
    }
    hasher.add_file(variant, library);
  }
  return hasher.hex();
}

}  // namespace tinyllm::runner
