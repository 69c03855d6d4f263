// The measure of `check` on work it has never seen: seven modules written from the contract alone
// (the headers, the module description, docs/contract-freedoms.md; tests/runner/fixtures/
// independent/README.md says how and what each is), each checked as a learner would check it. One
// workspace serves all seven (their headers are the same; only src/ is replaced): a copy of the
// checked reference's workspace, whose compiled course suite and differential shim they reuse.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "e2e_support.hpp"
#include "tinyllm/base/process.hpp"

namespace tinyllm::e2e {
namespace {

namespace fs = std::filesystem;

struct Checked {
  int status = 0;
  std::string output;
  nlohmann::json report;
  double seconds = 0;  // the check's wall time
};

const fs::path& workspace() {
  static const fs::path folder = fs::path(TINYLLM_TEST_WORK) / "independent-workspace";
  return folder;
}

// Checks fixture module `name` in the shared workspace, with `extra` arguments.
Checked check_module(const std::string& name, const std::vector<std::string>& extra = {}) {
  // Kept between the tests (each runs in a process of its own, one at a time: RESOURCE_LOCK).
  const fs::path& workspace = tinyllm::e2e::workspace();
  if (!fs::exists(workspace / "tinyllm-workspace.toml")) {
    fs::remove_all(workspace);
    copy_checked_reference_to(workspace);
  }
  // `correct`, then the files the module changes (a buggy module's folder holds only those).
  const fs::path fixtures =
      fs::path(TINYLLM_SOURCE_DIR) / "tests" / "runner" / "fixtures" / "independent";
  fs::remove_all(workspace / "src");
  for (const fs::path& layer : {fixtures / "correct", fixtures / name})
    fs::copy(layer, workspace, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  const fs::path out = fresh_folder("independent-" + name);
  Checked c;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> arguments = {"check", workspace.string(), "--quiet", "--output",
                                        out.string()};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  const Graded g = run_grader(arguments);
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  c.status = g.status;
  c.output = g.output;
  c.report = nlohmann::json::parse(std::ifstream(out / "check.json"));
  return c;
}

constexpr std::uint64_t kGradingSeed = 20261201;

// The course tests the report says failed with the grading seed.
std::set<std::string> reported_failing(const Checked& c) {
  std::set<std::string> failing;
  for (const auto& t : c.report["module"]["courseTests"])
    for (const auto& seed : t["failedSeeds"])
      if (seed.get<std::uint64_t>() == kGradingSeed) failing.insert(t["test"].get<std::string>());
  return failing;
}

// The course tests that fail on the checked module when each runs alone, in a process of its own,
// with the grading seed (a test still running after `limit` seconds fails): what `check` must
// report, whatever the others do. The suite and the module are the ones the check built.
std::set<std::string> failing_alone(const Checked& c, double limit) {
  const fs::path suite = workspace() / ".tinyllm" / "course-suite" / "suite";
  const fs::path library = workspace() / ".tinyllm" / "module";
  std::set<std::string> failing;
  for (const auto& t : c.report["module"]["courseTests"]) {
    const std::string test = t["test"];
    const base::ProcessResult alone = base::run_process(
        {"env", "RC_PARAMS=seed=" + std::to_string(kGradingSeed),
         "LD_LIBRARY_PATH=" + library.string(), suite.string(), "--gtest_filter=" + test},
        limit);
    if (alone.exit_code != 0) failing.insert(test);
  }
  return failing;
}

// Returns how many processes run something of the shared workspace (the check's suite or its
// driver's shims, which a run left behind would still hold).
int processes_of_the_workspace() {
  int count = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream cmdline(entry.path() / "cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    if (text.find(workspace().string() + "/.tinyllm/") != std::string::npos) ++count;
  }
  return count;
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

// Catches: a crash in one course test failing every test after it in the same process (29 of 36
// reported where 2 fail alone), each with a `reproduce:` line that passes when run; a crashed area
// of the differential check taking the others with it, or named as a pitfall.
TEST(IndependentModules, a_crash_fails_only_the_tests_it_happens_in) {
  const Checked c = check_module("crashes_in_checkpoint");
  std::cout << "[check] crashes_in_checkpoint: " << c.seconds << " s\n";
  ASSERT_EQ(c.status, 1) << c.output;
  const std::set<std::string> reported = reported_failing(c);
  EXPECT_FALSE(reported.empty()) << c.output;
  EXPECT_EQ(reported, failing_alone(c, 60)) << c.output;
  for (const auto& t : c.report["module"]["courseTests"]) {
    if (!t["passed"].get<bool>()) {
      EXPECT_NE(t["ending"].get<std::string>().find("SIGSEGV"), std::string::npos) << t;
    }
  }
  const auto checkpointed = std::find_if(
      c.report["module"]["differential"].begin(), c.report["module"]["differential"].end(),
      [](const auto& d) { return d["name"] == "checkpoint_sequential"; });
  ASSERT_NE(checkpointed, c.report["module"]["differential"].end());
  EXPECT_NE((*checkpointed)["ending"].get<std::string>().find("SIGSEGV"), std::string::npos);
  EXPECT_NE((*checkpointed)["call"].get<std::string>().find("dropout"), std::string::npos)
      << (*checkpointed)["call"];
  EXPECT_EQ(differing_areas(c), (std::vector<std::string>{"checkpoint_sequential"})) << c.output;
  EXPECT_TRUE(named_ids(c).empty()) << c.output;
}

// Catches: a module that hangs on every skipped step keeping `check` waiting the reference's
// limit for each run that reaches it (300 s by default: over 600 s in all), a hang that fails the
// tests after it, a timeout that does not say so, or a run left behind.
TEST(IndependentModules, a_hang_costs_one_bounded_wait_per_test_it_happens_in) {
  // The hostile suites' timeouts (2 s plus 1.5 times the reference's), to keep the test short.
  const Checked c = check_module("hangs_on_skipped_step", {"--config", hostile_config.string()});
  std::cout << "[check] hangs_on_skipped_step: " << c.seconds << " s\n";
  ASSERT_EQ(c.status, 1) << c.output;
  const std::set<std::string> reported = reported_failing(c);
  EXPECT_FALSE(reported.empty()) << c.output;
  EXPECT_EQ(reported, failing_alone(c, 3)) << c.output;
  for (const auto& t : c.report["module"]["courseTests"]) {
    if (!t["passed"].get<bool>()) {
      const std::string ending = t["ending"];
      ASSERT_TRUE(ending.starts_with("did not finish within ")) << t;
      EXPECT_LT(std::stod(ending.substr(std::string("did not finish within ").size())), 60) << t;
    }
  }
  EXPECT_TRUE(named_ids(c).empty()) << c.output;
  EXPECT_EQ(processes_of_the_workspace(), 0);
}

}  // namespace
}  // namespace tinyllm::e2e
