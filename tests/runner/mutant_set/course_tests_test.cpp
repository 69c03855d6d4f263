// The course test catalog (mutant_set/course_tests.hpp) on the real course suite and catalog, and
// on a suite with a test that says nothing.
#include "mutant_set/course_tests.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "config/errors.hpp"
#include "mutant_set/catalog.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;

namespace {

const fs::path source = TINYLLM_SOURCE_DIR;

std::vector<CourseTest> real_course_tests() {
  return load_course_tests(source / "properties",
                           load_catalog(source / "mutants" / "catalog.toml", source));
}

const CourseTest& named(const std::vector<CourseTest>& tests, const std::string& name) {
  const auto it =
      std::find_if(tests.begin(), tests.end(), [&](const CourseTest& t) { return t.name == name; });
  if (it == tests.end()) throw std::runtime_error("no course test " + name);
  return *it;
}

}  // namespace

// Catches: a course test missed by the reader (a macro or a file pattern not matched), or a test
// listed twice.
TEST(CourseTests, lists_every_course_test_once_with_what_it_checks) {
  const auto tests = real_course_tests();
  // The module description's 20, eight CourseErrors and eight CourseContract tests.
  EXPECT_EQ(tests.size(), 36u);
  for (const CourseTest& t : tests) {
    EXPECT_FALSE(t.checks.empty()) << t.name;
    EXPECT_EQ(std::count_if(tests.begin(), tests.end(),
                            [&](const CourseTest& u) { return u.name == t.name; }),
              1)
        << t.name;
  }
  const CourseTest& matmul = named(tests, "Course.hand_example_bf16_matmul");
  EXPECT_EQ(matmul.file, "cast_test.cpp");
  EXPECT_NE(matmul.checks.find("2^-8"), std::string::npos) << matmul.checks;
}

// Catches: a kind decided from the wrong part of the declaration (a hand example that is a TEST
// called a test, a CourseErrors test called a test).
TEST(CourseTests, kinds_follow_the_name_the_suite_and_the_macro) {
  const auto tests = real_course_tests();
  EXPECT_EQ(named(tests, "Course.hand_example_bf16_matmul").kind, "hand example");
  EXPECT_EQ(named(tests, "Course.accumulation_equals_one_big_batch").kind, "property");
  EXPECT_EQ(named(tests, "CourseErrors.bad_micro_batches").kind, "bad input");
  EXPECT_EQ(named(tests, "Course.autocast_restores_matmul").kind, "test");
}

// Catches: a catalog's caught_by that names no course test (renamed on one side only), and
// pitfalls attached to the wrong test.
TEST(CourseTests, every_pitfall_is_caught_by_a_listed_test) {
  const auto mutants = load_catalog(source / "mutants" / "catalog.toml", source);
  const auto tests = load_course_tests(source / "properties", mutants);
  for (const auto& m : mutants) {
    for (const std::string& name : m.caught_by) {
      const CourseTest& test = named(tests, name);
      EXPECT_NE(std::find(test.catches.begin(), test.catches.end(), m.id), test.catches.end())
          << m.id << " " << name;
    }
  }
  EXPECT_EQ(named(tests, "Course.hand_example_bf16_matmul").catches,
            std::vector<std::string>{"s01"});
}

// Catches: a course test that says nothing listed with an empty description instead of refused
// where it is written.
TEST(CourseTests, a_test_without_a_comment_is_an_error_naming_its_line) {
  const fs::path suite = fs::path(TINYLLM_E2E_FIXTURES) / "course_tests_uncommented";
  try {
    load_course_tests(suite, {});
    FAIL() << "an uncommented course test was accepted";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("a_test.cpp:9"), std::string::npos) << message;
    EXPECT_NE(message.find("Course.uncommented"), std::string::npos) << message;
  }
  EXPECT_THROW(load_course_tests(fs::temp_directory_path() / "no-such-course-suite", {}),
               UsageError);
}
