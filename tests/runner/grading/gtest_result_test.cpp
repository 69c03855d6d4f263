// Tests of reading GoogleTest's JSON result: which tests failed, and when a file is incomplete.
#include <gtest/gtest.h>

#include "grading/run_outcome.hpp"

using tinyllm::runner::parse_gtest_json;

namespace {
const char* two_tests = R"({"tests": 2, "failures": 1, "testsuites": [
  {"name": "A", "tests": 2, "testsuite": [
    {"name": "passes", "file": "a.cpp", "line": 3, "status": "RUN", "result": "COMPLETED"},
    {"name": "fails", "file": "a.cpp", "line": 9, "status": "RUN", "result": "COMPLETED",
     "failures": [{"failure": "a.cpp:10\nExpected equality", "type": ""}]}]}]})";
}

// Catches: blaming the wrong test, or losing the failing test's name, line or message.
TEST(GtestResult, failing_test_is_the_one_with_failures) {
  auto r = parse_gtest_json(two_tests);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_FALSE(r->tests[0].failed);
  EXPECT_TRUE(r->tests[1].failed);
  EXPECT_EQ(r->tests[1].name, "A.fails");
  EXPECT_EQ(r->tests[1].line, 9);
  EXPECT_NE(r->tests[1].message.find("Expected equality"), std::string::npos);
}

// Catches: a half-written result file (a run killed mid-write) read as a complete result, so a
// crashed mutant could survive.
TEST(GtestResult, truncated_file_is_not_a_result) {
  std::string text = two_tests;
  EXPECT_FALSE(parse_gtest_json(text.substr(0, text.size() / 2)));
  EXPECT_FALSE(parse_gtest_json(""));
}

// Catches: a result that lists fewer tests than it declares accepted as complete.
TEST(GtestResult, fewer_entries_than_declared_is_not_a_result) {
  EXPECT_FALSE(parse_gtest_json(R"({"tests": 3, "testsuites": [{"name": "A", "testsuite": [
    {"name": "only"}]}]})"));
}

// Catches: any JSON a suite wrote in the result's place read as a passing result.
TEST(GtestResult, json_of_another_shape_is_not_a_result) {
  EXPECT_FALSE(parse_gtest_json(R"({"passed": true})"));
  EXPECT_FALSE(parse_gtest_json(R"([1, 2, 3])"));
}
