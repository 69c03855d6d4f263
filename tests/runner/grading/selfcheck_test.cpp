// Tests of the self-check's comparison with the catalog: a mutant that a named test does not kill
// is reported with both names; mutants killed by the same tests are reported as twins.
#include "grading/selfcheck.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace tinyllm::reports;
using tinyllm::runner::check_against_catalog;
using tinyllm::runner::write_kill_matrix;

namespace {
MutantResult mutant(const std::string& id, std::vector<std::string> caught_by,
                    std::vector<std::string> killed_by) {
  MutantResult m;
  m.mutant.id = id;
  m.mutant.title = "title of " + id;
  m.mutant.caught_by = std::move(caught_by);
  m.killed_by = std::move(killed_by);
  m.status = m.killed_by.empty() ? MutantStatus::Survived : MutantStatus::Killed;
  m.reason = m.killed_by.empty() ? "every test passed" : "tests failed";
  m.killed_by_failed_tests = !m.killed_by.empty();
  return m;
}

GradeResult course() {
  GradeResult r;
  r.verdict = Verdict::Fail;
  r.tests = {{"Course.a", "", 0}, {"Course.b", "", 0}};
  return r;
}
}  // namespace

TEST(Selfcheck, agreement_reports_nothing) {
  GradeResult r = course();
  r.mutants = {mutant("s01", {"Course.a"}, {"Course.a", "Course.b"})};
  EXPECT_TRUE(check_against_catalog(r).disagreements.empty());
}

TEST(Selfcheck, named_test_that_does_not_kill_is_reported_with_mutant_and_test) {
  GradeResult r = course();
  r.mutants = {mutant("s01", {"Course.a"}, {"Course.b"})};
  auto report = check_against_catalog(r);
  ASSERT_EQ(report.disagreements.size(), 1u);
  EXPECT_NE(report.disagreements[0].find("mutant s01"), std::string::npos);
  EXPECT_NE(report.disagreements[0].find("Course.a"), std::string::npos);
}

TEST(Selfcheck, catalog_naming_a_missing_test_is_reported) {
  GradeResult r = course();
  r.mutants = {mutant("s01", {"Course.zzz"}, {"Course.a"})};
  auto report = check_against_catalog(r);
  ASSERT_EQ(report.disagreements.size(), 1u);
  EXPECT_NE(report.disagreements[0].find("no such test"), std::string::npos);
}

TEST(Selfcheck, mutants_killed_by_the_same_tests_are_twins) {
  GradeResult r = course();
  r.mutants = {mutant("s01", {"Course.a"}, {"Course.a"}), mutant("s02", {"Course.a"}, {"Course.a"}),
               mutant("s03", {"Course.b"}, {"Course.b"})};
  auto report = check_against_catalog(r);
  ASSERT_EQ(report.twins.size(), 1u);
  EXPECT_EQ(report.twins[0], std::make_pair(std::string("s01"), std::string("s02")));
}

TEST(Selfcheck, kill_matrix_marks_each_killing_test) {
  GradeResult r = course();
  r.mutants = {mutant("s01", {}, {"Course.b"})};
  std::ostringstream out;
  write_kill_matrix(r, out);
  EXPECT_NE(out.str().find("Course.a  ."), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Course.b  X"), std::string::npos) << out.str();
}

// Catches: the matrix telling a failed test from a crash by searching the reason's words: a run
// that crashed during a test named "...failed..." drew 'X', and one whose tests failed drew 'C' if
// the reason were worded differently.
TEST(Selfcheck, kill_matrix_tells_a_crash_from_a_failed_test_by_how_it_was_killed) {
  GradeResult r = course();
  MutantResult crashed = mutant("s01", {}, {"Course.b"});
  crashed.killed_by_failed_tests = false;
  crashed.reason = "crashed with SIGSEGV during Course.b (the test failed to return)";
  MutantResult failed = mutant("s02", {}, {"Course.a"});
  failed.reason = "1 test: Course.a";
  r.mutants = {crashed, failed};
  std::ostringstream out;
  write_kill_matrix(r, out);
  EXPECT_NE(out.str().find("Course.a  .  X"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Course.b  C  ."), std::string::npos) << out.str();
}

// Catches: a NoCoverage mutant drawn as '.' (as if each test ran it and passed) in the kill
// matrix, and a catalog disagreement that blames the test rather than saying no test ran the code.
TEST(Selfcheck, kill_matrix_marks_no_coverage_mutants_apart) {
  GradeResult r = course();
  MutantResult unreached = mutant("s01", {"Course.a"}, {});
  unreached.status = MutantStatus::NoCoverage;
  unreached.reason = "no test runs its code";
  r.mutants = {unreached, mutant("s02", {}, {})};
  std::ostringstream out;
  write_kill_matrix(r, out);
  EXPECT_NE(out.str().find("Course.a  -  ."), std::string::npos) << out.str();
  const auto report = check_against_catalog(r);
  ASSERT_EQ(report.disagreements.size(), 1u);
  EXPECT_NE(report.disagreements[0].find("NoCoverage"), std::string::npos)
      << report.disagreements[0];
}
