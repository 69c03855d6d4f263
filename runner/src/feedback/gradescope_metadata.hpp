// Gradescope's submission_metadata.json, read for the attempt it makes of this submission.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include "feedback/feedback.hpp"

namespace tinyllm::runner {

// Returns the attempt of the submission described by Gradescope's metadata file: 1 + the previous
// submissions that hold a grade of this grader (their results.json's extra_data.tinyllm has
// grader_failed false), and after_deadline when its `created_at` is later than
// `assignment.due_date`. Throws UsageError naming the file when it cannot be read or is not
// Gradescope's metadata (a field of the wrong type, a date that is not ISO 8601).
Attempt read_gradescope_attempt(const std::filesystem::path& metadata_file);

// Returns the seconds since 1970-01-01T00:00:00Z of an ISO 8601 date and time as Gradescope
// writes them ("2026-12-05T14:22:32.365935-07:00"; "Z" or no offset means UTC), or nothing.
std::optional<std::int64_t> parse_iso8601(std::string_view text);

}  // namespace tinyllm::runner
