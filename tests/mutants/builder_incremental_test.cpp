// The build cache: a rerun does only what changed, and mutants that are gone lose their library.
#include <gtest/gtest.h>

#include <filesystem>

#include "builder_fixture.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::builder {
namespace {

using testing::FixtureProject;
namespace fs = std::filesystem;

// Catches: a rerun that recompiles or relinks unchanged mutants (minutes after touching a file),
// or rewrites the manifest and so reruns everything that depends on it.
TEST(BuilderIncremental, UnchangedMutantsAreNeitherCompiledNorLinkedAgain) {
  FixtureProject project;
  project.precompiled_header = false;
  const BuildSummary first = project.build();
  EXPECT_GT(first.compiled, 0U);
  EXPECT_EQ(first.linked, first.built);
  EXPECT_TRUE(first.manifest_written);

  const BuildSummary second = project.build();
  EXPECT_EQ(second.compiled, 0U);
  EXPECT_EQ(second.linked, 0U);
  EXPECT_EQ(second.removed, 0U);
  EXPECT_FALSE(second.manifest_written);
  EXPECT_EQ(second.built, first.built);
}

// Catches: a library kept after another object it contains changed (a stale reference part), or
// mutants recompiled when only the other file changed.
TEST(BuilderIncremental, ChangedOtherObjectRelinksWithoutRecompiling) {
  FixtureProject project;
  project.precompiled_header = false;
  const BuildSummary first = project.build();
  project.rewrite("other.cpp", "int other_value() { return 43; }\n");
  const BuildSummary second = project.build();
  EXPECT_EQ(second.compiled, 0U);
  EXPECT_EQ(second.linked, first.built);
  EXPECT_TRUE(second.manifest_written);
}

// Catches: a cached object reused under other compile flags (the flags decide the bytes).
TEST(BuilderIncremental, ChangedFlagsRecompile) {
  FixtureProject project;
  project.precompiled_header = false;
  const BuildSummary first = project.build();
  const fs::path database = project.root() / "build/compile_commands.json";
  std::string text = base::read_whole_file(database);
  for (std::size_t at = text.find("-O2"); at != std::string::npos; at = text.find("-O2", at))
    text.replace(at, 3, "-O1");
  base::write_whole_file(database, text);
  const BuildSummary second = project.build();
  EXPECT_EQ(second.compiled, first.compiled);
}

// Catches: libraries of mutants that no longer exist left behind (and graded as if current).
TEST(BuilderIncremental, RemovedFunctionRemovesItsMutantsLibraries) {
  FixtureProject project;
  project.precompiled_header = false;
  project.build();
  const std::string id = project.mutant("above_one", ">=", ">").at("id");
  ASSERT_TRUE(fs::exists(project.library(id)));
  project.rewrite("module.cpp", "int shifted(int x) { return x + 0; }\n");
  const BuildSummary second = project.build();
  EXPECT_GT(second.removed, 0U);
  EXPECT_FALSE(fs::exists(project.library(id).parent_path()));
  EXPECT_TRUE(fs::exists(project.reference_library()));  // not a generated mutant's folder
  const auto manifest = project.manifest();
  for (const auto& m : manifest.at("mutants"))
    EXPECT_EQ(m.at("function").get<std::string>().find("above_one"), std::string::npos);
}

}  // namespace
}  // namespace tinyllm::builder
