// The course test catalog (`tinyllm-grade tests`): each course test of properties/ with its kind,
// what it checks (the comment written above it) and the pitfalls the mutant catalog says it
// catches, for a learner to read before writing any code.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct CourseTest {
  std::string name;                  // "Course.hand_example_bf16_matmul"
  std::string file;                  // "cast_test.cpp", relative to the course suite's folder
  int line = 0;                      // of its TEST or RC_GTEST_PROP
  std::string kind;                  // "hand example", "property", "bad input" or "test"
  std::string checks;                // the comment above it, its lines joined by spaces
  std::vector<std::string> catches;  // ids of the catalog's mutants whose caught_by names it
};

// Returns the course tests of the folder `course_suite` (its *_test.cpp files in name order, the
// tests in file order), each with the pitfalls among `mutants` that name it in caught_by. Throws
// UsageError naming the file and line of a test with no comment above it (a course test says
// what it checks), or when the folder holds no course test.
std::vector<CourseTest> load_course_tests(const std::filesystem::path& course_suite,
                                          const std::vector<reports::MutantInfo>& mutants);

}  // namespace tinyllm::runner
