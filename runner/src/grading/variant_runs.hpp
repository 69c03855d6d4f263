// Which library a run loads, and what selects the variant in it (docs/mutants.md, "One library
// for every mutant"): the schema library with a token (the reference's a decoy drawn the same way),
// or, for a binary wheat, its build's library with no token at all.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tinyllm::runner {

struct RunTarget {
  std::filesystem::path library;         // a libtinyllm_oracle.so
  std::vector<std::string> environment;  // KEY=VALUE: the schema's key and token, or nothing
};

class VariantRuns {
 public:
  // Reads build_dir/variants/schema.json and draws the grade's key. Throws UsageError, with the
  // command that builds them, when the schema library or its listing is missing or unreadable.
  explicit VariantRuns(const std::filesystem::path& build_dir);

  // The library and environment of a run of `variant` ("reference", "wNN", "sNN", "g..."). Throws
  // UsageError for an id the build does not hold.
  RunTarget target(const std::string& variant) const;

  bool in_schema(const std::string& variant) const;

  // For a variant in the schema library: the token that selects it (the reference: a fresh
  // decoy each time), and the key every run of the grade carries.
  std::uint64_t token(const std::string& variant) const;
  std::string key_variable() const;

  // A hash of what decides a run of `variant`: its library's bytes and, in the schema library,
  // its number there (a result recorded under it holds while the hash does).
  std::string library_hash(const std::string& variant) const;

  // The schema library as the reference, recording which variants' code each test runs (reach.hpp).
  RunTarget reach_target() const;

  const std::filesystem::path& schema_library() const { return schema_library_; }
  const std::map<std::string, int>& numbers() const { return numbers_; }

 private:
  std::filesystem::path build_dir_, schema_library_;
  std::map<std::string, int> numbers_;                // variant -> its number in the schema library
  std::map<std::string, std::string> binary_wheats_;  // wheat -> its build's folder
  std::uint64_t key_ = 0;
};

// Returns the path of a library of a build folder: "reference", "schema", "O0" or "other-compiler".
std::filesystem::path variant_library(const std::filesystem::path& build_dir,
                                      const std::string& variant);

}  // namespace tinyllm::runner
