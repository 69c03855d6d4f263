// The schema library itself: with no token it is the reference, a mutant's token makes it that
// mutant in the mutated function alone, and the real build's manifest matches its listing.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "builder_fixture.hpp"
#include "loaded_library.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "token.hpp"

namespace tinyllm::builder {
namespace {

using testing::FixtureProject;
namespace fs = std::filesystem;

using Loaded = testing::LoadedLibrary;

// Sets the run's key (0xaa) and, unless `number` is negative, the token of variant `number`, as a
// grade's run has them; the library reads and erases both when it loads.
void set_switch(long long number) {
  setenv(tinyllm_schema::kKeyVariable, "aa", 1);
  if (number < 0) return;
  char token[17];
  std::snprintf(token, sizeof token, "%016llx",
                static_cast<unsigned long long>(
                    tinyllm_schema::token(0xaa, static_cast<std::uint64_t>(number))));
  setenv(tinyllm_schema::kTokenVariable, token, 1);
}

// The fixture's functions by their mangled names: shifted(int), above_one(int), other_value().
constexpr const char* kShifted = "_Z7shiftedi";
constexpr const char* kAboveOne = "_Z9above_onei";
constexpr const char* kOtherValue = "_Z11other_valuev";

// Catches: a schema library linked without the composed module (every token would run the
// reference), without the other file's reference object (it would not load), or whose switch
// turns on more than the mutant its token names.
TEST(BuilderLibrary, AMutantsTokenChangesOnlyTheMutatedFunction) {
  const FixtureProject project;
  project.build();
  const std::string id = project.mutant("shifted", "0", "1").at("id");
  const int number = project.schema_listing().at("mutants").at(id);
  {
    set_switch(-1);
    const Loaded schema(project.schema_library());
    EXPECT_EQ(schema.function<int(int)>(kShifted)(5), 5) << "no token: the reference";
  }
  {
    set_switch(number);
    const Loaded schema(project.schema_library());
    EXPECT_EQ(schema.function<int(int)>(kShifted)(5), 6);
    EXPECT_EQ(schema.function<bool(int)>(kAboveOne)(1), true);
    EXPECT_EQ(schema.function<int()>(kOtherValue)(), 42);
  }
  {
    set_switch(tinyllm_schema::kFirstGenerated - 1);  // a decoy
    const Loaded schema(project.schema_library());
    EXPECT_EQ(schema.function<int(int)>(kShifted)(5), 5);
  }
}

// Catches: a reach run that changes what the code computes, records a switch more than once per
// test or under another test's name, or misses a switch that ran.
TEST(BuilderLibrary, TheReachTokenRecordsEachSwitchOncePerTestAndComputesTheReference) {
  const FixtureProject project;
  project.build();
  const nlohmann::json numbers = project.schema_listing().at("mutants");
  const int shifted_number =
      numbers.at(project.mutant("shifted", "0", "1").at("id").get<std::string>());
  const fs::path record = project.root() / "reach.txt";
  setenv("TINYLLM_PROBE_FILE", record.c_str(), 1);
  set_switch(tinyllm_schema::kRecordReach);
  const Loaded schema(project.schema_library());
  unsetenv("TINYLLM_PROBE_FILE");
  auto* started = schema.function<void(const char*)>("tinyllm_probe_test_started");
  auto* shifted = schema.function<int(int)>(kShifted);
  started("A.one");
  EXPECT_EQ(shifted(5), 5);
  EXPECT_EQ(shifted(6), 6);
  started("B.two");
  EXPECT_EQ(shifted(5), 5);
  const std::string lines = base::read_whole_file(record);
  const std::string a = std::to_string(shifted_number) + "\tA.one\n";
  const std::string b = std::to_string(shifted_number) + "\tB.two\n";
  EXPECT_NE(lines.find(a), std::string::npos) << lines;
  EXPECT_EQ(lines.find(a), lines.rfind(a)) << "recorded twice in one test:\n" << lines;
  EXPECT_NE(lines.find(b), std::string::npos) << lines;
  const nlohmann::json manifest = project.manifest();
  for (const auto& m : manifest.at("mutants")) {  // above_one never ran
    if (m.at("function").get<std::string>().find("above_one") == std::string::npos) continue;
    const std::string line_start = "\n" + std::to_string(numbers.at(m.at("id")).get<int>()) + "\t";
    EXPECT_EQ(("\n" + lines).find(line_start), std::string::npos) << m.at("id");
  }
}

// Catches: a real build whose manifest and schema listing disagree (a built mutant the library
// does not hold, a left-out one it does, a left-out one without its reason), a listing without
// the pitfalls or the semantic wheats, or a library that does not load.
TEST(BuilderLibrary, TheRealBuildsManifestMatchesItsSchemaListing) {
  const fs::path variants = fs::path(TINYLLM_BUILD_DIR) / "variants";
  if (!fs::exists(variants / kManifestName))
    GTEST_SKIP() << "no schema library in this build (TINYLLM_BUILD_VARIANTS=OFF?)";
  const auto manifest = nlohmann::json::parse(base::read_whole_file(variants / kManifestName));
  const auto schema = nlohmann::json::parse(base::read_whole_file(variants / "schema.json"));
  for (const auto& m : manifest.at("mutants")) {
    const std::string id = m.at("id");
    const bool built = m.at("build") == "built";
    EXPECT_EQ(built, schema.at("mutants").contains(id)) << id;
    EXPECT_EQ(!built, m.contains("left_out_because")) << id;
  }
  EXPECT_GT(manifest.at("counts").at("built").get<int>(), 0);
  for (const char* id : {"s01", "s24", "w03", "w06"})
    EXPECT_TRUE(schema.at("mutants").contains(id)) << id;
  EXPECT_EQ(schema.at("mutants").at("s07"), 7);
  EXPECT_EQ(schema.at("mutants").at("w03"), tinyllm_schema::kFirstWheat + 3);
  // The binary wheats run on the builds oracle/wheats.cmake makes, named by the catalog's `build`.
  EXPECT_EQ(schema.at("binary_wheats"), (nlohmann::json{{"w01", "other-compiler"}, {"w02", "O0"}}));
  for (const auto& [id, build] : schema.at("binary_wheats").items())
    EXPECT_TRUE(fs::exists(variants / build.get<std::string>() / kVariantLibraryName)) << id;
  const Loaded library(variants / "schema" / kVariantLibraryName);
}

}  // namespace
}  // namespace tinyllm::builder
