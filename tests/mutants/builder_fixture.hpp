// A tiny project for tinyllm-build-generated's tests: a module file to mutate and another
// source, compiled into reference objects with a compile_commands.json like CMake's, in a
// temporary folder removed at the end.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/builder/build_generated.hpp"

namespace tinyllm::builder::testing {

// The module file of the fixture: two functions, `shifted` (`x + 0`) and `above_one` (`x >= 1`).
extern const char* const kModuleSource;

class FixtureProject {
 public:
  // Writes src/module.cpp (`module_source`) and src/other.cpp and compile_commands.json, then
  // (unless `compile` is false, for tests that only read the files) compiles their reference
  // objects and the reference library.
  explicit FixtureProject(const std::string& module_source = kModuleSource, bool compile = true);
  ~FixtureProject();
  FixtureProject(const FixtureProject&) = delete;
  FixtureProject& operator=(const FixtureProject&) = delete;

  const std::filesystem::path& root() const { return root_; }
  // Returns the options that build the fixture's schema library (quiet, 2 jobs, the project's
  // mutants/schema).
  BuildOptions options() const;
  // Runs the build and returns its summary.
  BuildSummary build() const;
  // Rewrites src/<name> with `text` and recompiles its reference object and the library.
  void rewrite(const std::string& name, const std::string& text) const;
  // Returns the manifest the last build wrote.
  nlohmann::json manifest() const;
  // Returns the manifest entry of the mutant replacing `original` by `replacement` in the
  // function whose name contains `function`; fails the test when there is not exactly one.
  nlohmann::json mutant(const std::string& function, const std::string& original,
                        const std::string& replacement) const;
  // Returns the schema library, its listing (schema.json) and the reference library.
  std::filesystem::path schema_library() const;
  nlohmann::json schema_listing() const;
  std::filesystem::path reference_library() const;

 private:
  void compile(const std::string& name) const;
  void link_reference() const;
  std::filesystem::path root_;
};

}  // namespace tinyllm::builder::testing
