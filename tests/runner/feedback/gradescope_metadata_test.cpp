// Gradescope's submission_metadata.json read for the attempt (feedback/gradescope_metadata.hpp).
#include "feedback/gradescope_metadata.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "config/errors.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;

// A submission_metadata.json in the temporary folder, removed at the end of the statement that
// reads it.
struct MetadataFile {
  fs::path path;
  MetadataFile(const std::string& name, const std::string& text)
      : path(fs::temp_directory_path() / ("tinyllm-metadata-" + name + ".json")) {
    std::ofstream(path) << text;
  }
  ~MetadataFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
  operator const fs::path&() const { return path; }  // NOLINT: read where a path is taken
};

MetadataFile metadata(const std::string& name, const std::string& text) {
  return {name, text};
}

constexpr const char* kGraded =
    R"({"submission_time": "2026-12-01T10:00:00-08:00", "score": 3.0,
        "results": {"score": 3, "extra_data": {"tinyllm": {"grader_failed": false}}}})";
constexpr const char* kGraderFailed =
    R"({"submission_time": "2026-12-02T10:00:00-08:00", "score": 0.0,
        "results": {"score": 0, "extra_data": {"tinyllm": {"grader_failed": true}}}})";
constexpr const char* kOtherAutograder =
    R"({"submission_time": "2026-12-02T11:00:00-08:00", "score": 0.0, "results": {"score": 0}})";

// Catches: a submission the grader failed on (or another autograder's) counted as an attempt, or
// the current submission not counted.
TEST(GradescopeMetadata, the_attempt_counts_this_graders_grades_only) {
  const std::string text = fmt::format(R"({{"created_at": "2026-12-03T10:00:00-08:00",
      "assignment": {{"due_date": "2026-12-10T23:59:00.000000-08:00"}},
      "previous_submissions": [{},{},{},{}]}})",
                                       kGraded, kGraderFailed, kOtherAutograder, kGraded);
  const Attempt attempt = read_gradescope_attempt(metadata("count", text));
  EXPECT_EQ(attempt.number, 3);
  EXPECT_FALSE(attempt.after_deadline);
  EXPECT_EQ(read_gradescope_attempt(metadata("first", R"({"previous_submissions": []})")).number,
            1);
}

// Catches: time zones ignored (a submission at 23:30 in California is after a due date of 23:59
// in New York), or a missing due date taken as passed.
TEST(GradescopeMetadata, after_the_due_date_compares_instants_across_time_zones) {
  const auto late = [](const std::string& created, const std::string& due) {
    return read_gradescope_attempt(metadata("late", R"({"created_at": ")" + created +
                                                        R"(", "assignment": {"due_date": ")" + due +
                                                        R"("}})"))
        .after_deadline;
  };
  EXPECT_TRUE(late("2026-12-10T23:30:00-08:00", "2026-12-10T23:59:00-05:00"));
  EXPECT_FALSE(late("2026-12-10T20:30:00-08:00", "2026-12-10T23:59:00.5-05:00"));
  EXPECT_TRUE(late("2026-12-11T00:00:01Z", "2026-12-10T23:59:59.999999+00:00"));
  EXPECT_FALSE(read_gradescope_attempt(metadata("nodue", R"({"created_at": "2026-12-11T00:00:00Z",
      "assignment": {"due_date": null}})"))
                   .after_deadline);
}

// Catches: a date parser that accepts garbage or gets the epoch wrong.
TEST(GradescopeMetadata, iso8601_times_are_parsed_exactly_and_garbage_is_refused) {
  EXPECT_EQ(parse_iso8601("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(parse_iso8601("2000-03-01T00:00:00+01:00"), 951865200);
  EXPECT_EQ(parse_iso8601("2018-07-01T14:22:32.365935-07:00"), 1530480152);
  for (const char* bad : {"", "2018-07-01", "2018-13-01T00:00:00Z", "2018-07-01T14:22:32+7",
                          "yesterday", "2018-07-01T14:22:32Zjunk"}) {
    EXPECT_FALSE(parse_iso8601(bad)) << bad;
  }
}

// Catches: an unreadable or foreign file graded as a first attempt instead of refused with a
// message that names it.
TEST(GradescopeMetadata, a_file_that_is_not_the_metadata_is_refused_by_name) {
  EXPECT_THROW(read_gradescope_attempt(metadata("broken", "{not json")), UsageError);
  try {
    read_gradescope_attempt(metadata("array", R"({"previous_submissions": 3})"));
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("previous_submissions"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("tinyllm-metadata-array"), std::string::npos);
  }
  EXPECT_THROW(read_gradescope_attempt(metadata("date", R"({"created_at": "now",
      "assignment": {"due_date": "2026-12-10T23:59:00Z"}})")),
               UsageError);
}

}  // namespace
}  // namespace tinyllm::runner
