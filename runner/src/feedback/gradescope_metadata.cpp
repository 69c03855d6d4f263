// Reads Gradescope's submission_metadata.json for the attempt (gradescope_metadata.hpp).
#include "feedback/gradescope_metadata.hpp"

#include <fmt/format.h>

#include <charconv>
#include <nlohmann/json.hpp>

#include "config/errors.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace {

using nlohmann::json;

// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// Reads `width` digits at `pos` into `out`; false when they are not all digits.
bool digits(std::string_view text, std::size_t pos, std::size_t width, int& out) {
  if (pos + width > text.size()) return false;
  const char* first = text.data() + pos;
  const auto [end, error] = std::from_chars(first, first + width, out);
  return error == std::errc() && end == first + width;
}

// True when this previous submission's results are a grade of this grader (not a failure of it).
bool graded_by_this_grader(const json& submission) {
  const json* node = &submission;
  for (const char* key : {"results", "extra_data", "tinyllm", "grader_failed"}) {
    if (!node->is_object() || !node->contains(key)) return false;
    node = &node->at(key);
  }
  return node->is_boolean() && !node->get<bool>();
}

}  // namespace

std::optional<std::int64_t> parse_iso8601(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!digits(text, 0, 4, year) || text.size() < 19 || text[4] != '-' ||
      !digits(text, 5, 2, month) || text[7] != '-' || !digits(text, 8, 2, day) ||
      (text[10] != 'T' && text[10] != ' ') || !digits(text, 11, 2, hour) || text[13] != ':' ||
      !digits(text, 14, 2, minute) || text[16] != ':' || !digits(text, 17, 2, second))
    return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
    return std::nullopt;
  std::size_t pos = 19;
  if (pos < text.size() && text[pos] == '.') {  // fractions of a second: not needed
    ++pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
  }
  int offset_seconds = 0, offset_hours = 0, offset_minutes = 0;
  if (pos < text.size() && !(text[pos] == 'Z' && pos + 1 == text.size())) {
    if ((text[pos] != '+' && text[pos] != '-') || text.size() != pos + 6 ||
        !digits(text, pos + 1, 2, offset_hours) || text[pos + 3] != ':' ||
        !digits(text, pos + 4, 2, offset_minutes))
      return std::nullopt;
    offset_seconds = (offset_hours * 3600 + offset_minutes * 60) * (text[pos] == '-' ? -1 : 1);
  }
  const std::int64_t days =
      days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  return days * 86400 + hour * 3600 + minute * 60 + second - offset_seconds;
}

Attempt read_gradescope_attempt(const std::filesystem::path& metadata_file) {
  const std::string file = metadata_file.string();
  json metadata;
  try {
    metadata = json::parse(base::read_whole_file(metadata_file));
  } catch (const std::exception& e) {
    throw UsageError(
        fmt::format("{}: cannot read Gradescope's submission metadata ({}); run_autograder passes "
                    "/autograder/submission_metadata.json",
                    file, e.what()));
  }
  const auto wrong = [&](std::string_view what) {
    return UsageError(fmt::format("{}: not Gradescope's submission metadata: {}", file, what));
  };
  if (!metadata.is_object()) throw wrong("the file holds no JSON object");
  Attempt attempt;
  attempt.number = 1;
  if (const auto previous = metadata.find("previous_submissions"); previous != metadata.end()) {
    if (!previous->is_array()) throw wrong("previous_submissions is not an array");
    for (const json& submission : *previous) attempt.number += graded_by_this_grader(submission);
  }
  const auto assignment = metadata.find("assignment");
  const auto created = metadata.find("created_at");
  if (assignment != metadata.end() && assignment->is_object() && created != metadata.end() &&
      created->is_string()) {
    const auto due = assignment->find("due_date");
    if (due != assignment->end() && due->is_string()) {
      const auto due_at = parse_iso8601(due->get<std::string>());
      const auto created_at = parse_iso8601(created->get<std::string>());
      if (!due_at)
        throw wrong(fmt::format("assignment.due_date \"{}\" is not an ISO 8601 time",
                                due->get<std::string>()));
      if (!created_at)
        throw wrong(
            fmt::format("created_at \"{}\" is not an ISO 8601 time", created->get<std::string>()));
      attempt.after_deadline = *created_at > *due_at;
    }
  }
  return attempt;
}

}  // namespace tinyllm::runner
