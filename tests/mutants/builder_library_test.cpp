// The libraries themselves: a mutant's library is the reference but for its mutated file, and the
// real build's manifest matches the libraries on disk.
#include <gtest/gtest.h>

#include <filesystem>

#include "builder_fixture.hpp"
#include "loaded_library.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/link.hpp"

namespace tinyllm::builder {
namespace {

using testing::FixtureProject;
namespace fs = std::filesystem;

using Loaded = testing::LoadedLibrary;

// The fixture's functions by their mangled names: shifted(int), above_one(int), other_value().
constexpr const char* kShifted = "_Z7shiftedi";
constexpr const char* kAboveOne = "_Z9above_onei";
constexpr const char* kOtherValue = "_Z11other_valuev";

// Catches: a mutant library linked without the mutant's object (it would behave as the
// reference), or without the other file's reference object (it would not load).
TEST(BuilderLibrary, MutantLibraryDiffersFromTheReferenceOnlyInTheMutatedFunction) {
  const FixtureProject project;
  project.build();
  const std::string id = project.mutant("shifted", "0", "1").at("id");
  const Loaded reference(project.reference_library());
  const Loaded mutant(project.library(id));
  auto* reference_shifted = reference.function<int(int)>(kShifted);
  auto* mutant_shifted = mutant.function<int(int)>(kShifted);
  ASSERT_NE(reference_shifted, mutant_shifted) << "the two paths loaded as one library";
  EXPECT_EQ(reference_shifted(5), 5);
  EXPECT_EQ(mutant_shifted(5), 6);
  EXPECT_EQ(mutant.function<bool(int)>(kAboveOne)(1), true);
  EXPECT_EQ(mutant.function<int()>(kOtherValue)(), 42);
}

// Catches: a real build whose manifest, schema listing and libraries disagree (a built mutant in
// no library, a library for an equivalent one, a mutant both in the schema and left out of it),
// or a library that does not load.
TEST(BuilderLibrary, RealBuildManifestMatchesItsLibraries) {
  const fs::path variants = fs::path(TINYLLM_BUILD_DIR) / "variants";
  if (!fs::exists(variants / kManifestName))
    GTEST_SKIP() << "no generated variants in this build (TINYLLM_GENERATED_MUTANTS=OFF?)";
  const auto manifest = nlohmann::json::parse(base::read_whole_file(variants / kManifestName));
  const auto schema = nlohmann::json::parse(base::read_whole_file(variants / "schema.json"));
  std::string first_own;
  for (const auto& m : manifest.at("mutants")) {
    const std::string id = m.at("id");
    const bool built = m.at("build") == "built";
    const bool own = fs::exists(variants / id / kVariantLibraryName);
    const bool placed = schema.at("mutants").contains(id);
    EXPECT_NE(placed, schema.at("left_out").contains(id)) << id;
    EXPECT_EQ(built, own || placed) << id;
    if (!placed) {
      EXPECT_EQ(own, built) << id << ": left out of the schema, so its own library";
    }
    if (own && first_own.empty()) first_own = id;
  }
  EXPECT_GT(manifest.at("counts").at("built").get<int>(), 0);
  EXPECT_GT(schema.at("mutants").size(), 24u);
  const Loaded library(variants / "schema" / kVariantLibraryName);
  if (!first_own.empty()) const Loaded own(variants / first_own / kVariantLibraryName);
}

}  // namespace
}  // namespace tinyllm::builder
