// End to end: `tinyllm-grade start` and `check` on learners' workspaces: the stubs, the reference's
// own module, every pitfall as a learner would write it (the diagnosis must name it first), two
// pitfalls at once, a bug outside the catalog, hostile modules and broken workspaces.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "replace_in_file.hpp"

namespace tinyllm::e2e {
namespace {

namespace fs = std::filesystem;

struct Checked {
  int status = 0;
  std::string output;
  nlohmann::json report;  // check.json; null when none was written
};

Checked check(const fs::path& workspace, std::vector<std::string> extra = {}) {
  const fs::path out = fresh_folder("check-report");
  std::vector<std::string> args = {"check", workspace.string(), "--quiet", "--output",
                                   out.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  const Graded g = run_grader(args);
  Checked c{g.status, g.output, nullptr};
  if (std::ifstream in(out / "check.json"); in) c.report = nlohmann::json::parse(in);
  return c;
}

using testing::replace_in;

std::vector<std::string> failing_course_tests(const nlohmann::json& report) {
  std::vector<std::string> failing;
  for (const auto& t : report["module"]["courseTests"])
    if (!t["passed"].get<bool>()) failing.push_back(t["test"]);
  return failing;
}

// Catches: a `start` whose stubs do not build, or stubs that pass a course test (a learner would
// be told "done" for code they never wrote); and a confident diagnosis of a module that fails
// everything (no single pitfall explains that).
TEST(Check, stubs_build_and_fail_every_course_test_without_a_diagnosis) {
  const fs::path dir = fresh_folder("check-stubs") / "ws";
  ASSERT_EQ(run_grader({"start", dir.string()}).status, 0);
  const Checked c = check(dir);
  ASSERT_EQ(c.status, 1) << c.output;
  EXPECT_NE(c.output.find("not implemented"), std::string::npos) << c.output;
  for (const auto& t : c.report["module"]["courseTests"]) EXPECT_FALSE(t["passed"].get<bool>());
  EXPECT_FALSE(c.report["module"]["diagnosis"]["confident"].get<bool>()) << c.output;
  EXPECT_FALSE(c.report["tests"].is_null()) << "start writes an example test";
  const Graded diff = run_grader({"diff", dir.string()});
  EXPECT_EQ(diff.status, 3) << "a failing module sees no reference code: " << diff.output;
  EXPECT_NE(diff.output.find("has not passed `check`"), std::string::npos) << diff.output;
}

// Catches: a check that fails a correct module (the reference's own), by a course test, a
// differential area or a verdict that ignores the tests' PASS.
TEST(Check, the_reference_module_with_thorough_tests_passes_everything) {
  const fs::path dir = copy_of_checked_reference("check-reference");
  for (const auto& entry :
       fs::directory_iterator(fs::path(TINYLLM_SOURCE_DIR) / "examples" / "thorough"))
    fs::copy(entry.path(), dir / "tests" / entry.path().filename());
  const Checked c = check(dir);
  EXPECT_EQ(c.status, 0) << c.output;
  EXPECT_EQ(c.report["module"]["verdict"], "PASS");
  EXPECT_EQ(c.report["tests"]["verdict"], "PASS");
  for (const auto& d : c.report["module"]["differential"])
    EXPECT_TRUE(d["passed"].get<bool>()) << d.dump();
  EXPECT_NE(c.output.find("Verdict: PASS (module PASS, tests PASS)"), std::string::npos);
  // Catches: a passing module's record not kept, so `diff` stays refused after a PASS.
  const Graded diff = run_grader({"diff", dir.string()});
  EXPECT_EQ(diff.status, 0) << diff.output;
  EXPECT_NE(diff.output.find("src/cast.cpp: the same as the reference's"), std::string::npos)
      << diff.output;
}

// Catches: a diagnosis that loses one of two bugs behind the other: s07 (accumulation) and s13
// (the scaler) each behave alike in their own areas, so both are named.
TEST(Check, two_pitfalls_are_both_named) {
  const Checked c = check(copy_of_checked_reference("check-two", "s07,s13"));
  ASSERT_EQ(c.status, 1) << c.output;
  std::vector<std::string> named;
  for (const auto& m : c.report["module"]["diagnosis"]["named"]) named.push_back(m["id"]);
  std::sort(named.begin(), named.end());
  EXPECT_EQ(named, (std::vector<std::string>{"s07", "s13"})) << c.output;
  EXPECT_TRUE(c.report["module"]["diagnosis"]["confident"].get<bool>());
}

// Catches: a confident diagnosis of a bug the catalog does not have (fp16 rounded as bf16 in cast's
// backward): a wrong name said with confidence sends the learner after the wrong bug.
TEST(Check, a_bug_outside_the_catalog_gets_no_confident_wrong_name) {
  const fs::path dir = copy_of_checked_reference("check-outside");
  replace_in(dir / "src" / "loss_scaler.cpp", "state_.scale *= state_.growth;",
             "state_.scale *= state_.growth * state_.growth;");
  const Checked c = check(dir);
  ASSERT_EQ(c.status, 1) << c.output;
  EXPECT_FALSE(failing_course_tests(c.report).empty() &&
               c.report["module"]["differential"].empty());
  const auto& diagnosis = c.report["module"]["diagnosis"];
  if (diagnosis["confident"].get<bool>())
    ADD_FAILURE() << "confidently named " << diagnosis["named"][0]["id"] << "\n" << c.output;
}

// Catches: a module that hangs being waited for without end, or reported as passing.
// The spinning process renames itself, so that the count of those left over is its own, not the
// "suite" of another test running at the same time. It hangs in checkpoint_sequential, which
// few course tests call, since each test it hangs in costs a bounded wait.
TEST(Check, a_module_that_hangs_fails_with_a_problem_that_says_so) {
  const fs::path dir = copy_of_checked_reference("check-hang");
  const char* schedule =
      "const auto starts = checkpoint_schedule(layers.size(), mem_budget_layers);";
  replace_in(dir / "src" / "checkpoint.cpp", "#include", "#include <sys/prctl.h>\n#include");
  replace_in(
      dir / "src" / "checkpoint.cpp", schedule,
      std::string(schedule) +
          "\n  prctl(PR_SET_NAME, \"tlc-spinning\");\n  for (volatile int i = 0;;) i = i + 1;");
  const Checked c = check(dir, {"--config", hostile_config.string()});
  ASSERT_EQ(c.status, 1) << c.output;
  int hung = 0;
  for (const auto& t : c.report["module"]["courseTests"])
    hung += t["ending"].get<std::string>().starts_with("did not finish within ");
  EXPECT_GT(hung, 0) << c.output;
  for (const auto& d : c.report["module"]["differential"]) {
    if (d["name"] == "checkpoint_sequential") {
      EXPECT_TRUE(d["ending"].get<std::string>().starts_with("did not finish within ")) << d;
      EXPECT_TRUE(d["call"].get<std::string>().starts_with("checkpoint_sequential of ")) << d;
    }
  }
  EXPECT_EQ(processes_named("tlc-spinning"), 0);
}

// Catches: a broken workspace checked anyway, or refused without saying what is wrong: each is
// exit 3 with the fault named.
TEST(Check, broken_workspaces_are_refused_with_exit_3_and_the_fault_named) {
  const Checked not_one = check(fresh_folder("check-not-a-workspace"));
  EXPECT_EQ(not_one.status, 3);
  EXPECT_NE(not_one.output.find("tinyllm-grade start"), std::string::npos) << not_one.output;

  const fs::path missing = copy_of_checked_reference("check-missing");
  fs::remove(missing / "src" / "checkpoint.cpp");
  const Checked m = check(missing);
  EXPECT_EQ(m.status, 3);
  EXPECT_NE(m.output.find("checkpoint.cpp"), std::string::npos) << m.output;

  const fs::path twice = copy_of_checked_reference("check-twice");
  std::ofstream(twice / "src" / "again.cpp")
      << "#include \"tinyllm/train/precision.hpp\"\n"
         "namespace tinyllm::train {\nstd::optional<std::string> autocast_dtype() { return {}; "
         "}\n}\n";
  const Checked t = check(twice);
  EXPECT_EQ(t.status, 3);
  EXPECT_NE(t.output.find("autocast_dtype"), std::string::npos) << t.output;
  EXPECT_NE(t.output.find("twice"), std::string::npos) << t.output;

  const fs::path signature = copy_of_checked_reference("check-signature");
  replace_in(signature / "include" / "tinyllm" / "train" / "precision.hpp",
             "double loss_scale() const;", "float loss_scale() const;");
  replace_in(signature / "src" / "loss_scaler.cpp", "double DynamicLossScaler::loss_scale() const",
             "float DynamicLossScaler::loss_scale() const");
  const Checked s = check(signature);
  EXPECT_EQ(s.status, 3);
  EXPECT_NE(s.output.find("loss_scale"), std::string::npos) << s.output;
}

// Catches: the bundled example (examples/workspace-s07, EXPECTED.md) drifting from what it says:
// its module's diagnosis is s07, first and confident, and its own tests do not catch s07.
TEST(Check, the_bundled_example_gets_its_expected_diagnosis) {
  const fs::path copy = fresh_folder("check-example") / "ws";
  fs::copy(fs::path(TINYLLM_SOURCE_DIR) / "examples" / "workspace-s07", copy,
           fs::copy_options::recursive);
  take_checked_reference_builds(copy);
  const Checked c = check(copy, {"--mutants", "pitfalls"});
  ASSERT_EQ(c.status, 1) << c.output;
  const auto& diagnosis = c.report["module"]["diagnosis"];
  ASSERT_EQ(diagnosis["named"].size(), 1u) << c.output;
  EXPECT_EQ(diagnosis["named"][0]["id"], "s07") << c.output;
  EXPECT_TRUE(diagnosis["confident"].get<bool>());
  EXPECT_EQ(diagnosis["signatureHints"][0]["readTest"], "Course.hand_example_accumulation");
  EXPECT_EQ(c.report["tests"]["verdict"], "FAIL");
  EXPECT_NE(c.output.find("Verdict: FAIL (module FAIL, tests FAIL)"), std::string::npos);
}

}  // namespace
}  // namespace tinyllm::e2e
