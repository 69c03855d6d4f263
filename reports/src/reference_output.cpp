// The reference failures' output: a bounded excerpt for the reports, the whole of it in one file.
#include "tinyllm/reports/reference_output.hpp"

#include <fmt/format.h>

#include "text.hpp"
#include "tinyllm/reports/whole_file.hpp"

namespace tinyllm::reports {

std::vector<ReferenceFailure> reference_failures(const GradeResult& result) {
  std::vector<ReferenceFailure> failures;
  for (const InvalidTest& t : result.invalid_tests)
    for (const ValidityFailure& f : t.failures)
      if (f.variant == "reference") failures.push_back({t.test, f.seed, f.message, f.reproduce});
  return failures;
}

std::string reference_output_excerpt(const ReferenceFailure& failure) {
  return detail::excerpt(failure.message, kExcerptHeadLines, kExcerptTailLines,
                         fmt::format("{} in the report folder", kReferenceOutputFile));
}

std::string render_reference_output(const GradeResult& result) {
  std::string out = fmt::format(
      "{}: the tests that fail on the reference implementation, each with its whole output.\n",
      result.suite_name);
  for (const ReferenceFailure& failure : reference_failures(result)) {
    out += fmt::format("\n== {} (RapidCheck seed {}) ==\n{}", failure.test, failure.seed,
                       failure.message);
    if (!failure.message.empty() && failure.message.back() != '\n') out += '\n';
    out += fmt::format("reproduce: {}\n", failure.reproduce);
  }
  return out;
}

std::optional<std::filesystem::path> write_reference_output(const GradeResult& result,
                                                            const std::filesystem::path& folder) {
  if (reference_failures(result).empty()) return std::nullopt;
  const std::filesystem::path path = folder / kReferenceOutputFile;
  write_whole_file(path, render_reference_output(result));
  return path;
}

}  // namespace tinyllm::reports
