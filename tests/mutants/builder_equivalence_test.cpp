// Trivial compiler equivalence: which mutants get no library, on bytes and on a compiled fixture.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "builder_fixture.hpp"
#include "tinyllm/builder/equivalence.hpp"

namespace tinyllm::builder {
namespace {

using testing::FixtureProject;

// Catches: a mutant whose object equals the reference's being built (and then held against a
// learner as a survivor no test can kill).
TEST(BuilderClassify, ObjectEqualToTheBaselineIsEquivalent) {
  const auto result = classify_objects("base", {"base", "other"});
  EXPECT_EQ(result[0].status, BuildStatus::Equivalent);
  EXPECT_EQ(result[1].status, BuildStatus::Built);
}

// Catches: the second of two identical mutants counted twice, or the first one dropped.
TEST(BuilderClassify, SecondIdenticalObjectIsADuplicateOfTheFirst) {
  const auto result = classify_objects("base", {"a", "b", "a", "a"});
  EXPECT_EQ(result[0].status, BuildStatus::Built);
  EXPECT_EQ(result[1].status, BuildStatus::Built);
  EXPECT_EQ(result[2].status, BuildStatus::Duplicate);
  EXPECT_EQ(result[2].duplicate_of, 0U);
  EXPECT_EQ(result[3].duplicate_of, 0U);
}

// One build of the fixture project, shared by the tests below (compiling it takes seconds).
class BuilderFixtureBuild : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    project_ = std::make_unique<FixtureProject>();
    summary_ = project_->build();
  }
  static void TearDownTestSuite() { project_.reset(); }
  static std::unique_ptr<FixtureProject> project_;
  static BuildSummary summary_;
};
std::unique_ptr<FixtureProject> BuilderFixtureBuild::project_;
BuildSummary BuilderFixtureBuild::summary_;

// Catches: comparing something that differs for equal code (a file name, debug information),
// which would make no mutant ever equivalent.
TEST_F(BuilderFixtureBuild, AddingZeroReplacedBySubtractingZeroIsEquivalent) {
  const auto m = project_->mutant("shifted", "+", "-");
  EXPECT_EQ(m.at("build"), "equivalent");
  EXPECT_FALSE(m.contains("duplicate_of"));
  EXPECT_FALSE(std::filesystem::exists(project_->library(m.at("id"))));
}

// Catches: a real mutant dropped as equivalent (comparing too little of the object).
TEST_F(BuilderFixtureBuild, ChangedConstantIsBuilt) {
  const auto m = project_->mutant("shifted", "0", "1");
  EXPECT_EQ(m.at("build"), "built");
  EXPECT_TRUE(std::filesystem::exists(project_->library(m.at("id"))));
}

// Catches: two mutants with one object both built, or the duplicate naming the wrong original.
TEST_F(BuilderFixtureBuild, GreaterThanOneAndAtLeastTwoAreOneMutant) {
  const auto first = project_->mutant("above_one", ">=", ">");
  const auto second = project_->mutant("above_one", "1", "2");
  EXPECT_EQ(first.at("build"), "built");
  EXPECT_EQ(second.at("build"), "duplicate");
  EXPECT_EQ(second.at("duplicate_of"), first.at("id"));
  EXPECT_FALSE(std::filesystem::exists(project_->library(second.at("id"))));
}

// Catches: counts that disagree with the entries the grader reads.
TEST_F(BuilderFixtureBuild, CountsAddUpToTheEntries) {
  const auto manifest = project_->manifest();
  std::map<std::string, int> seen;
  for (const auto& m : manifest.at("mutants")) ++seen[m.at("build").get<std::string>()];
  const auto& counts = manifest.at("counts");
  EXPECT_EQ(counts.at("raw"), manifest.at("mutants").size());
  EXPECT_EQ(counts.at("equivalent"), seen["equivalent"]);
  EXPECT_EQ(counts.at("duplicate"), seen["duplicate"]);
  EXPECT_EQ(counts.at("built"), seen["built"]);
  EXPECT_EQ(summary_.built, static_cast<std::size_t>(seen["built"]));
  EXPECT_EQ(manifest.at("format"), 1);
  EXPECT_EQ(manifest.at("files"), nlohmann::json::array({"src/module.cpp"}));
}

}  // namespace
}  // namespace tinyllm::builder
