// Reading the course tests and their comments from properties/: the suite's own style (one
// TEST or RC_GTEST_PROP per test at the start of a line, its `//` comment right above it).
#include "mutant_set/course_tests.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "config/errors.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace fs = std::filesystem;

namespace {

// Returns the kind of the course test `name` declared with `macro` ("TEST" or "RC_GTEST_PROP"):
// a hand example (its name says so), a property (RapidCheck), a bad input (suite CourseErrors),
// or a test.
std::string course_test_kind(const std::string& macro, const std::string& name) {
  if (name.rfind("CourseErrors.", 0) == 0) return "bad input";
  if (name.find(".hand_example_") != std::string::npos) return "hand example";
  if (macro == "RC_GTEST_PROP") return "property";
  return "test";
}

// Returns the tests declared in one file, in order.
std::vector<CourseTest> tests_in(const fs::path& path, const std::string& file) {
  static const std::regex declaration(R"(^(TEST|RC_GTEST_PROP)\((\w+), (\w+)[,)])");
  static const std::regex comment_line(R"(^\s*// ?(.*)$)");
  std::vector<CourseTest> tests;
  std::vector<std::string> comment;  // the `//` lines since the last other line
  std::istringstream in(base::read_whole_file(path));
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    std::smatch m;
    if (std::regex_search(text, m, comment_line)) {
      comment.push_back(m[1]);
      continue;
    }
    if (std::regex_search(text, m, declaration)) {
      CourseTest test;
      test.name = fmt::format("{}.{}", m[2].str(), m[3].str());
      test.file = file;
      test.line = line;
      test.kind = course_test_kind(m[1], test.name);
      for (const std::string& part : comment)
        test.checks += (test.checks.empty() || part.empty() ? "" : " ") + part;
      if (test.checks.empty())
        throw UsageError(fmt::format(
            "{}:{}: the course test {} has no comment above it; write what it checks there "
            "(one `//` paragraph right above its {})",
            path.string(), line, test.name, m[1].str()));
      tests.push_back(std::move(test));
    }
    comment.clear();
  }
  return tests;
}

}  // namespace

std::vector<CourseTest> load_course_tests(const fs::path& course_suite,
                                          const std::vector<reports::MutantInfo>& mutants) {
  std::vector<fs::path> files;
  if (fs::is_directory(course_suite)) {
    for (const auto& entry : fs::directory_iterator(course_suite)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_regular_file() && name.size() > 9 && name.ends_with("_test.cpp"))
        files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<CourseTest> tests;
  for (const fs::path& path : files)
    std::ranges::move(tests_in(path, path.filename().string()), std::back_inserter(tests));
  if (tests.empty())
    throw UsageError(fmt::format(
        "{}: no course test (no *_test.cpp with a TEST or RC_GTEST_PROP); pass --source-dir "
        "with the tinyllm repository",
        course_suite.string()));
  for (CourseTest& test : tests)
    for (const reports::MutantInfo& m : mutants)
      if (std::ranges::find(m.caught_by, test.name) != m.caught_by.end())
        test.catches.push_back(m.id);
  return tests;
}

}  // namespace tinyllm::runner
