// The reference failures' output: a bounded excerpt for the reports, the whole of it in one file.
#include "tinyllm/reports/reference_output.hpp"

#include <fmt/format.h>

#include "text.hpp"
#include "tinyllm/reports/whole_file.hpp"

namespace tinyllm::reports {

std::string reference_output_excerpt(const ReferenceFailure& failure) {
  return detail::excerpt(failure.message, kExcerptHeadLines, kExcerptTailLines,
                         fmt::format("{} in the report folder", kReferenceOutputFile));
}

std::string render_reference_output(const GradeResult& result) {
  std::string out = fmt::format(
      "{}: the tests that fail on the reference implementation, each with its whole output.\n",
      result.suite_name);
  for (const ReferenceFailure& failure : result.reference_failures) {
    out += fmt::format("\n== {} (RapidCheck seed {}) ==\n{}", failure.test, failure.seed,
                       failure.message);
    if (!failure.message.empty() && failure.message.back() != '\n') out += '\n';
    out += fmt::format("reproduce: {}\n", failure.reproduce);
  }
  return out;
}

std::optional<std::filesystem::path> write_reference_output(const GradeResult& result,
                                                            const std::filesystem::path& folder) {
  if (result.reference_failures.empty()) return std::nullopt;
  const std::filesystem::path path = folder / kReferenceOutputFile;
  write_whole_file(path, render_reference_output(result));
  return path;
}

}  // namespace tinyllm::reports
