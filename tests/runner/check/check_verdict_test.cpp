// Tests of check's verdict rule: the module's half from its course tests, differential areas and
// runs; the whole from both halves.
#include <gtest/gtest.h>

#include "check/check.hpp"

using namespace tinyllm::reports;
using tinyllm::runner::check_verdict;
using tinyllm::runner::module_verdict;

namespace {
CheckResult passing_module() {
  CheckResult r;
  r.course_tests = {{"Course.a", true, {}, "", ""}, {"Course.b", true, {}, "", ""}};
  r.differential = {{"cast", true, true, 100, ""}};
  return r;
}
}  // namespace

// Catches: a module passed although a course test failed with one seed, a differential area
// disagreed, or a run ended abnormally (a crash during the differential check leaves no areas).
TEST(CheckVerdict, the_module_passes_only_when_everything_passed_and_ran_normally) {
  EXPECT_EQ(module_verdict(passing_module()), Verdict::Pass);
  CheckResult course = passing_module();
  course.course_tests[1] = {"Course.b", false, {1}, "failed with seed 1", ""};
  EXPECT_EQ(module_verdict(course), Verdict::Fail);
  CheckResult differential = passing_module();
  differential.differential[0].passed = false;
  EXPECT_EQ(module_verdict(differential), Verdict::Fail);
  CheckResult crashed = passing_module();
  crashed.differential.clear();
  crashed.run_problems = {{"the differential check", "crashed with SIGSEGV"}};
  EXPECT_EQ(module_verdict(crashed), Verdict::Fail);
}

// Catches: a module with no course test result (the listing crashed) passed as "nothing failed".
TEST(CheckVerdict, no_course_results_is_not_a_pass) {
  CheckResult none = passing_module();
  none.course_tests.clear();
  EXPECT_EQ(module_verdict(none), Verdict::Fail);
}

// Catches: good tests hiding a failing module, or a passing module hiding the tests' INVALID.
TEST(CheckVerdict, both_halves_make_the_verdict) {
  EXPECT_EQ(check_verdict(Verdict::Fail, Verdict::Pass), Verdict::Fail);
  EXPECT_EQ(check_verdict(Verdict::Pass, Verdict::Invalid), Verdict::Invalid);
  EXPECT_EQ(check_verdict(Verdict::Pass, Verdict::Fail), Verdict::Fail);
  EXPECT_EQ(check_verdict(Verdict::Pass, Verdict::Pass), Verdict::Pass);
  EXPECT_EQ(check_verdict(Verdict::Pass, std::nullopt), Verdict::Pass);
  EXPECT_EQ(check_verdict(Verdict::Fail, std::nullopt), Verdict::Fail);
}
