// The output of the runs where a test failed on a correct implementation (the reference, or a
// semantic wheat when the policy shows it). A suite can print without end (up to the output limit),
// so the reports a learner reads show an excerpt of each failure's output, and one file beside them
// in the report folder holds all of it. A binary wheat's output is never shown anywhere.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "tinyllm/reports/grade_result.hpp"
#include "tinyllm/reports/validity_report.hpp"

namespace tinyllm::reports {

// The file, in the report folder, that holds every shown failure's output in full.
inline constexpr std::string_view kReferenceOutputFile = "reference-output.txt";

// How much of a failure's output the terminal, Markdown and JUnit reports show.
inline constexpr std::size_t kExcerptHeadLines = 40;
inline constexpr std::size_t kExcerptTailLines = 40;

// Returns `failure.message` as the learner-facing reports show it: whole when it is short, else its
// first and last 40 lines and a line that names kReferenceOutputFile for the rest.
std::string failure_output_excerpt(const ShownFailure& failure);

// Returns the text of kReferenceOutputFile: each invalid test, and for each of its failures where
// it failed (shown_failure), the whole message the policy allows and the reproduce command.
std::string render_reference_output(const GradeResult& result);

// Writes kReferenceOutputFile into `folder` when the suite has invalid tests, and returns its path;
// returns nothing (and writes nothing) otherwise. Throws std::runtime_error naming the path when it
// cannot be written.
std::optional<std::filesystem::path> write_reference_output(const GradeResult& result,
                                                            const std::filesystem::path& folder);

}  // namespace tinyllm::reports
