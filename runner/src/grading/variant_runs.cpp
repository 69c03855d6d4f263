// Which library a run loads, and its token (variant_runs.hpp).
#include "grading/variant_runs.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <random>

#include "config/errors.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "token.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

fs::path variant_library(const fs::path& build_dir, const std::string& variant) {
  return build_dir / "variants" / variant / "libtinyllm_oracle.so";
}

VariantRuns::VariantRuns(const fs::path& build_dir)
    : build_dir_(build_dir), schema_library_(variant_library(build_dir, "schema")) {
  std::random_device device;
  key_ = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  const fs::path listing = build_dir / "variants" / "schema.json";
  const std::string rebuild = fmt::format(
      "build it: cmake --build {} --target tinyllm_generated_variants (it needs "
      "TINYLLM_BUILD_VARIANTS=ON)",
      build_dir.string());
  if (!fs::is_regular_file(listing) || !fs::is_regular_file(schema_library_))
    throw UsageError(fmt::format("{} or {} is missing: every mutant runs on it; {}",
                                 schema_library_.string(), listing.string(), rebuild));
  const nlohmann::json document =
      nlohmann::json::parse(base::read_whole_file(listing), nullptr, false);
  if (!document.is_object() || document.value("format", 0) != 3 || !document.contains("mutants") ||
      !document.at("mutants").is_object() || !document.contains("binary_wheats") ||
      !document.at("binary_wheats").is_object())
    throw UsageError(
        fmt::format("{} is not a schema listing of format 3; {}", listing.string(), rebuild));
  for (const auto& [id, number] : document.at("mutants").items()) numbers_[id] = number.get<int>();
  for (const auto& [id, build] : document.at("binary_wheats").items())
    binary_wheats_[id] = build.get<std::string>();
}

bool VariantRuns::in_schema(const std::string& variant) const {
  return variant == "reference" || numbers_.contains(variant);
}

std::string VariantRuns::library_hash(const std::string& variant) const {
  base::ContentHasher hash;
  hash.add(variant).add_file(target(variant).library);
  if (const auto found = numbers_.find(variant); found != numbers_.end())
    hash.add("schema").add(std::to_string(found->second));
  return hash.hex();
}

std::uint64_t VariantRuns::token(const std::string& variant) const {
  // A decoy is the token of a number past every mutant's, drawn at random: without the key it
  // looks like any other token.
  std::uint64_t number;
  if (const auto found = numbers_.find(variant); found != numbers_.end()) {
    number = static_cast<std::uint64_t>(found->second);
  } else {
    std::random_device device;
    number = (std::uint64_t{1} << 32) + device();
  }
  return tinyllm_schema::token(key_, number);
}

std::string VariantRuns::key_variable() const {
  return fmt::format("{}={:016x}", tinyllm_schema::kKeyVariable, key_);
}

RunTarget VariantRuns::reach_target() const {
  return {schema_library_,
          {key_variable(), fmt::format("{}={:016x}", tinyllm_schema::kTokenVariable,
                                       tinyllm_schema::token(key_, tinyllm_schema::kRecordReach))}};
}

RunTarget VariantRuns::target(const std::string& variant) const {
  if (const auto binary = binary_wheats_.find(variant); binary != binary_wheats_.end())
    return {variant_library(build_dir_, binary->second), {}};
  if (!in_schema(variant))
    throw UsageError(
        fmt::format("{} is not a variant of the build in {}: neither in the schema "
                    "library nor a binary wheat (variants/schema.json)",
                    variant, build_dir_.string()));
  return {
      schema_library_,
      {key_variable(), fmt::format("{}={:016x}", tinyllm_schema::kTokenVariable, token(variant))}};
}

}  // namespace tinyllm::runner
