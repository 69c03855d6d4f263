#include "tinyllm/reports/reference_output.hpp"

#include <fmt/format.h>

#include "text.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::reports {

std::string failure_output_excerpt(const ShownFailure& failure) {
  return detail::excerpt(failure.message, kExcerptHeadLines, kExcerptTailLines,
                         fmt::format("{} in the report folder", kReferenceOutputFile));
}

std::string render_reference_output(const GradeResult& result) {
  std::string out = fmt::format(
      "{}: the tests that fail on a correct implementation (the reference or a wheat), each with "
      "its whole output where the grading policy shows it.\n",
      result.suite_name);
  for (const InvalidTest& test : result.invalid_tests) {
    for (const ValidityFailure& failure : test.failures) {
      const ShownFailure shown = shown_failure(result, failure);
      out += fmt::format("\n== {} {} ==\n", test.test, shown.where);
      if (!shown.why_allowed.empty()) out += shown.why_allowed + "\n";
      out += shown.message;
      if (!shown.message.empty() && shown.message.back() != '\n') out += '\n';
      out += fmt::format("reproduce: {}\n", shown.reproduce);
    }
  }
  return out;
}

std::optional<std::filesystem::path> write_reference_output(const GradeResult& result,
                                                            const std::filesystem::path& folder) {
  if (result.invalid_tests.empty()) return std::nullopt;
  const std::filesystem::path path = folder / kReferenceOutputFile;
  base::write_whole_file(path, render_reference_output(result));
  return path;
}

}  // namespace tinyllm::reports
