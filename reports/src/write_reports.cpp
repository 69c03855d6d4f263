// The dispatcher the grader calls: one file per format, each written whole or not at all.
#include "tinyllm/reports/write_reports.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <ostream>
#include <set>
#include <stdexcept>
#include <system_error>

#include "tinyllm/reports/gradescope_report.hpp"
#include "tinyllm/reports/html_report.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/junit_report.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/terminal_report.hpp"
#include "write_file.hpp"

namespace tinyllm::reports {
namespace fs = std::filesystem;
namespace {

constexpr ReportFormat kAllFormats[] = {ReportFormat::Terminal, ReportFormat::Json,
                                        ReportFormat::Html,     ReportFormat::Markdown,
                                        ReportFormat::Junit,    ReportFormat::Gradescope};

std::string read_bundle(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    throw std::runtime_error(fmt::format(
        "HTML report: cannot read the mutation-testing-elements bundle {}: pass the path of "
        "node_modules/mutation-testing-elements/dist/mutation-test-elements.js.",
        path.string()));
  }
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

std::string render(ReportFormat format, const GradeResult& result, const ReportOptions& options) {
  switch (format) {
    case ReportFormat::Terminal:
      return render_terminal_report(result, options.colour);
    case ReportFormat::Json:
      return render_json_report(result);
    case ReportFormat::Html:
      return options.elements_bundle.empty()
                 ? render_html_report(result, embedded_elements_bundle())
                 : render_html_report(result, read_bundle(options.elements_bundle));
    case ReportFormat::Markdown:
      return render_markdown_report(result);
    case ReportFormat::Junit:
      return render_junit_report(result);
    case ReportFormat::Gradescope:
      return render_gradescope_results(result);
  }
  return "";
}

}  // namespace

std::string_view report_format_name(ReportFormat format) {
  switch (format) {
    case ReportFormat::Terminal:
      return "terminal";
    case ReportFormat::Json:
      return "json";
    case ReportFormat::Html:
      return "html";
    case ReportFormat::Markdown:
      return "markdown";
    case ReportFormat::Junit:
      return "junit";
    case ReportFormat::Gradescope:
      return "gradescope";
  }
  return "?";
}

ReportFormat parse_report_format(std::string_view name) {
  if (name == "md") return ReportFormat::Markdown;
  for (ReportFormat format : kAllFormats) {
    if (report_format_name(format) == name) return format;
  }
  throw std::invalid_argument(fmt::format(
      "unknown report format '{}': use terminal, json, html, markdown (or md), junit or "
      "gradescope",
      name));
}

std::string_view report_file_name(ReportFormat format) {
  switch (format) {
    case ReportFormat::Terminal:
      return "terminal.txt";
    case ReportFormat::Json:
      return "mutation-report.json";
    case ReportFormat::Html:
      return "mutation-report.html";
    case ReportFormat::Markdown:
      return "summary.md";
    case ReportFormat::Junit:
      return "junit.xml";
    case ReportFormat::Gradescope:
      return "results.json";
  }
  return "report";
}

std::vector<fs::path> write_reports(const GradeResult& result, const ReportOptions& options) {
  std::vector<fs::path> written;
  std::set<ReportFormat> done;
  for (ReportFormat format : options.formats) {
    if (!done.insert(format).second) continue;
    const std::string text = render(format, result, options);
    if (format == ReportFormat::Terminal && options.terminal != nullptr) {
      *options.terminal << text << std::flush;
      continue;
    }
    const fs::path path = options.output_folder / report_file_name(format);
    detail::write_whole_file(path, text);
    written.push_back(path);
  }
  // The reports show an excerpt of a reference failure's output; this file holds all of it.
  if (auto full = write_reference_output(result, options.output_folder)) written.push_back(*full);
  return written;
}

}  // namespace tinyllm::reports
