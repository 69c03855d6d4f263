// A tiny project for tinyllm-build-generated's tests: a module file to mutate and another
// source, compiled into reference objects with a compile_commands.json like CMake's, in a
// temporary folder removed at the end.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tinyllm/builder/build_generated.hpp"

namespace tinyllm::builder::testing {

// The module file of the fixture: `x + 0` -> `x - 0` is equivalent; `x >= 1` -> `x > 1` and
// `x >= 1` -> `x >= 2` are the same function on ints (one object, two mutants).
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
  // Returns the options that build the fixture's generated variants (quiet, 2 jobs, with a
  // precompiled header unless `precompiled_header` was turned off).
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
  // Returns the library of mutant `id`, and the reference library.
  std::filesystem::path library(const std::string& id) const;
  std::filesystem::path reference_library() const;

 private:
  void compile(const std::string& name) const;
  void link_reference() const;
  std::filesystem::path root_;

 public:
  // Whether the builds use a precompiled header (tests of the cache turn it off: it costs a
  // compile per build and the fixture includes nothing).
  bool precompiled_header = true;
};

}  // namespace tinyllm::builder::testing
