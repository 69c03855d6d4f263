// The measure of `check` on work it has never seen: five modules written from the contract alone
// (the headers, the module description, docs/contract-freedoms.md; tests/runner/fixtures/
// independent/README.md says how and what each is), each checked as a learner would check it. One
// workspace serves all five (their headers are the same; only src/ is replaced), so the course
// suite and the differential shim compile once.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"

namespace tinyllm::e2e {
namespace {

namespace fs = std::filesystem;

struct Checked {
  int status = 0;
  std::string output;
  nlohmann::json report;
};

// Checks fixture module `name` in the shared workspace.
Checked check_module(const std::string& name) {
  // Kept between the tests (each runs in a process of its own, one at a time: RESOURCE_LOCK):
  // what check builds there is keyed by content, so a later test reuses the compiled course suite.
  const fs::path workspace = fs::path(TINYLLM_TEST_WORK) / "independent-workspace";
  if (!fs::exists(workspace / "tinyllm-workspace.toml")) {
    fs::remove_all(workspace);
    const Graded g = run_grader({"start", workspace.string(), "--no-example-test"});
    if (g.status != 0) throw std::runtime_error("start failed: " + g.output);
  }
  // `correct`, then the files the module changes (a buggy module's folder holds only those).
  const fs::path fixtures =
      fs::path(TINYLLM_SOURCE_DIR) / "tests" / "runner" / "fixtures" / "independent";
  fs::remove_all(workspace / "src");
  for (const fs::path& layer : {fixtures / "correct", fixtures / name})
    fs::copy(layer, workspace, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  const fs::path out = fresh_folder("independent-" + name);
  Checked c;
  const Graded g = run_grader({"check", workspace.string(), "--quiet", "--output", out.string()});
  c.status = g.status;
  c.output = g.output;
  c.report = nlohmann::json::parse(std::ifstream(out / "check.json"));
  return c;
}

std::vector<std::string> named_ids(const Checked& c) {
  std::vector<std::string> ids;
  for (const auto& m : c.report["module"]["diagnosis"]["named"]) ids.push_back(m["id"]);
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::vector<std::string> differing_areas(const Checked& c) {
  std::vector<std::string> areas;
  for (const auto& d : c.report["module"]["differential"])
    if (!d["passed"].get<bool>()) areas.push_back(d["name"]);
  return areas;
}

// Catches: a check that fails a correct module for a design the contract leaves free (here: a
// scaler that keeps log2 of its scale, one leaf per distinct checkpoint input, its own autocast
// stack), e.g. by comparing bit for bit what the contract fixes only to rounding.
TEST(IndependentModules, a_correct_module_of_another_design_passes) {
  const Checked c = check_module("correct");
  EXPECT_EQ(c.status, 0) << c.output;
  EXPECT_EQ(c.report["module"]["verdict"], "PASS") << c.output;
  EXPECT_TRUE(differing_areas(c).empty()) << c.output;
}

// Catches: two bugs in different areas (a scaler that keeps the bad gradients after a skip, a
// checkpoint that leaves the generator where the rerun left it) not both named, or named without
// confidence because each fails one course test only.
TEST(IndependentModules, two_bugs_in_different_areas_are_both_named) {
  const Checked c = check_module("two_bugs");
  ASSERT_EQ(c.status, 1) << c.output;
  EXPECT_EQ(named_ids(c), (std::vector<std::string>{"s13", "s22"})) << c.output;
  EXPECT_TRUE(c.report["module"]["diagnosis"]["confident"].get<bool>());
}

// Catches: a bug outside the catalog (a bf16 cast that truncates) named with confidence because
// its failing course tests are exactly a pitfall's signature (s04's): behaviour must decide.
TEST(IndependentModules, a_bug_outside_the_catalog_is_named_as_no_mutant) {
  const Checked c = check_module("truncating_bf16");
  ASSERT_EQ(c.status, 1) << c.output;
  EXPECT_FALSE(c.report["module"]["diagnosis"]["confident"].get<bool>()) << c.output;
  EXPECT_TRUE(named_ids(c).empty()) << c.output;
  const auto unexplained = c.report["module"]["diagnosis"]["behaviour"]["unexplained"];
  EXPECT_NE(std::find(unexplained.begin(), unexplained.end(), "cast"), unexplained.end())
      << c.output;
  EXPECT_NE(c.output.find("A hint only"), std::string::npos) << c.output;
}

// Catches: a growth check off by one (grows after more than `interval` good steps) not named as
// the generated mutant it behaves exactly like: the reference with `>=` changed to `>` in the
// scaler's growth check.
TEST(IndependentModules, a_bug_a_generated_mutant_makes_is_named_as_that_mutant) {
  const Checked c = check_module("growth_off_by_one");
  ASSERT_EQ(c.status, 1) << c.output;
  const auto& named = c.report["module"]["diagnosis"]["named"];
  ASSERT_EQ(named.size(), 1u) << c.output;
  EXPECT_EQ(named[0]["kind"], "generated") << c.output;
  const std::string name = named[0]["name"];
  EXPECT_NE(name.find("loss_scaler.cpp"), std::string::npos) << name;
  EXPECT_NE(name.find("cxx_ge_to_gt"), std::string::npos) << name;
}

// Catches: a module whose only bug no course test sees (a growth of 4 applied as 2) passing check,
// or given a confident name.
TEST(IndependentModules, a_bug_only_the_differential_check_sees_fails_the_module) {
  const Checked c = check_module("differential_only");
  ASSERT_EQ(c.status, 1) << c.output;
  for (const auto& t : c.report["module"]["courseTests"])
    EXPECT_TRUE(t["passed"].get<bool>()) << t["test"];
  EXPECT_EQ(differing_areas(c), (std::vector<std::string>{"DynamicLossScaler"})) << c.output;
  EXPECT_FALSE(c.report["module"]["diagnosis"]["confident"].get<bool>()) << c.output;
}

}  // namespace
}  // namespace tinyllm::e2e
