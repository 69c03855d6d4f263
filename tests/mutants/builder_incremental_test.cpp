// The build cache: a rerun does only what changed, and mutants that are gone leave the library.
#include <gtest/gtest.h>

#include <filesystem>

#include "builder_fixture.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::builder {
namespace {

using testing::FixtureProject;
namespace fs = std::filesystem;

// Catches: a rerun that recompiles or relinks an unchanged schema (a minute after touching a
// file), or rewrites the manifest and so reruns everything that depends on it.
TEST(BuilderIncremental, AnUnchangedProjectIsNeitherCompiledNorLinkedAgain) {
  FixtureProject project;
  const BuildSummary first = project.build();
  EXPECT_GT(first.compiled, 0U);
  EXPECT_TRUE(first.schema_linked);
  EXPECT_TRUE(first.manifest_written);

  const BuildSummary second = project.build();
  EXPECT_EQ(second.compiled, 0U);
  EXPECT_FALSE(second.schema_linked);
  EXPECT_FALSE(second.manifest_written);
  EXPECT_EQ(second.built, first.built);
}

// Catches: a schema library kept after another object it contains changed (a stale reference
// part), or the module recompiled when only the other file changed.
TEST(BuilderIncremental, ChangedOtherObjectRelinksWithoutRecompiling) {
  FixtureProject project;
  project.build();
  project.rewrite("other.cpp", "int other_value() { return 43; }\n");
  const BuildSummary second = project.build();
  EXPECT_EQ(second.compiled, 0U);
  EXPECT_TRUE(second.schema_linked);
  EXPECT_TRUE(second.manifest_written);
}

// Catches: a cached object reused under other compile flags (the flags decide the bytes).
TEST(BuilderIncremental, ChangedFlagsRecompile) {
  FixtureProject project;
  const BuildSummary first = project.build();
  const fs::path database = project.root() / "build/compile_commands.json";
  std::string text = base::read_whole_file(database);
  for (std::size_t at = text.find("-O2"); at != std::string::npos; at = text.find("-O2", at))
    text.replace(at, 3, "-O1");
  base::write_whole_file(database, text);
  const BuildSummary second = project.build();
  EXPECT_EQ(second.compiled, first.compiled);
}

// Catches: mutants that no longer exist kept in the library's listing (and graded as if current).
TEST(BuilderIncremental, ARemovedFunctionTakesItsMutantsOutOfTheListing) {
  FixtureProject project;
  project.build();
  const std::string id = project.mutant("above_one", ">=", ">").at("id");
  ASSERT_TRUE(project.schema_listing().at("mutants").contains(id));
  project.rewrite("module.cpp", "int shifted(int x) { return x + 0; }\n");
  const BuildSummary second = project.build();
  EXPECT_TRUE(second.manifest_written);
  EXPECT_FALSE(project.schema_listing().at("mutants").contains(id));
  const nlohmann::json manifest = project.manifest();
  for (const auto& m : manifest.at("mutants"))
    EXPECT_EQ(m.at("function").get<std::string>().find("above_one"), std::string::npos);
}

}  // namespace
}  // namespace tinyllm::builder
