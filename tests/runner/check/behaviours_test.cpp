// Recording the known mutants' behaviour (check/behaviours.hpp) in a build folder of its own that
// borrows the real driver and shims: a mutant is recorded, a library that cannot load is left out
// and said so, an unchanged mutant is not run again (nor a failed one), a changed one is.
#include "check/behaviours.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "temp_folder.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace {

namespace fs = std::filesystem;
using tinyllm::runner::BehaviourRecording;
using tinyllm::runner::behaviours_file;
using tinyllm::runner::record_behaviours;

// Writes the scratch build's schema listing: s13 at `number` of the real schema library.
void list_s13_as(const fs::path& build, int number) {
  tinyllm::base::write_whole_file(
      build / "variants" / "schema.json",
      R"({"format": 3, "binary_wheats": {"w01": "broken"}, "mutants": {"s13": )" +
          std::to_string(number) + "}}");
}

// Fills `dir` as a scratch build: the real build's differential driver and shims, its schema
// library listed with s13 alone, and a binary wheat w01 whose library is none.
void fill_scratch_build(const fs::path& dir) {
  const fs::path real = TINYLLM_BUILD_DIR;
  fs::create_directories(dir / "differential");
  for (const char* file :
       {"tinyllm-differential", "libtinyllm_diff_reference.so", "libtinyllm_diff_variant.so"})
    fs::copy_file(real / "differential" / file, dir / "differential" / file);
  fs::create_directories(dir / "variants" / "schema");
  fs::copy_file(real / "variants" / "schema" / "libtinyllm_oracle.so",
                dir / "variants" / "schema" / "libtinyllm_oracle.so");
  list_s13_as(dir, 13);
  // A variant whose library is none: the driver cannot load it.
  tinyllm::base::write_whole_file(dir / "variants" / "broken" / "libtinyllm_oracle.so", "not ELF");
}

// Catches: a recorder that writes nothing for a mutant that differs, one that takes a mutant it
// could not run for one that behaves as the reference (it would be "named" nowhere, but counted),
// one that runs every mutant again on every build, and one that keeps a stale behaviour after the
// mutant's library changed.
TEST(Behaviours, records_leaves_out_and_reuses_by_library) {
  if (!fs::exists(fs::path(TINYLLM_BUILD_DIR) / "variants" / "schema"))
    GTEST_SKIP() << "the schema library is not built";
  const tinyllm::base::testing::TempFolder temp;  // removed however the test ends
  const fs::path& build = temp.path();
  fill_scratch_build(build);
  const BehaviourRecording first = record_behaviours(build, {"s13", "w01"}, 2);
  EXPECT_EQ(first.recorded, 2);
  EXPECT_EQ(first.reused, 0);
  ASSERT_EQ(first.failures.size(), 1u);
  EXPECT_EQ(first.failures[0].rfind("w01: ", 0), 0u) << first.failures[0];
  const std::string recorded = tinyllm::base::read_whole_file(behaviours_file(build));
  EXPECT_NE(recorded.find("mutant s13\ncase DynamicLossScaler "), std::string::npos);
  EXPECT_EQ(recorded.find("mutant w01"), std::string::npos);

  const BehaviourRecording again = record_behaviours(build, {"s13", "w01"}, 2);
  EXPECT_EQ(again.recorded, 0);
  EXPECT_EQ(again.reused, 2);
  EXPECT_EQ(again.failures, first.failures) << "a failed mutant is remembered, not rerun";
  EXPECT_EQ(tinyllm::base::read_whole_file(behaviours_file(build)), recorded);

  list_s13_as(build, 22);  // the schema rebuilt: "s13" now runs pitfall 22's change
  const BehaviourRecording changed = record_behaviours(build, {"s13", "w01"}, 2);
  EXPECT_EQ(changed.recorded, 1);
  EXPECT_EQ(changed.reused, 1);
  EXPECT_NE(tinyllm::base::read_whole_file(behaviours_file(build)), recorded);
}

}  // namespace
