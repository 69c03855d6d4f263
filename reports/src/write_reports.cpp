#include "tinyllm/reports/write_reports.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <ostream>
#include <set>
#include <stdexcept>

#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/gradescope_report.hpp"
#include "tinyllm/reports/html_report.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/junit_report.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/reference_output.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::reports {
namespace fs = std::filesystem;
namespace {

constexpr const char* kBundleInPackage =
    "node_modules/mutation-testing-elements/dist/mutation-test-elements.js";

// Returns the mutation-testing-elements bundle the options select: the file they name, else the
// one embedded at build time. Throws std::runtime_error with the fix when there is none.
std::string elements_bundle(const ReportOptions& options) {
  if (!options.elements_bundle.empty()) {
    std::ifstream file(options.elements_bundle, std::ios::binary);
    if (!file) {
      throw std::runtime_error(fmt::format(
          "HTML report: cannot read the mutation-testing-elements bundle {}: give the path of {} "
          "(scripts/install-deps.sh installs it), or leave the path out to use the bundle built "
          "into the grader.",
          options.elements_bundle.string(), kBundleInPackage));
    }
    return base::read_whole_file(options.elements_bundle);
  }
  const std::string_view embedded = embedded_elements_bundle();
  if (embedded.empty()) {
    throw std::runtime_error(fmt::format(
        "HTML report: this grader was built without the mutation-testing-elements bundle (no {} "
        "at configure time): run scripts/install-deps.sh, configure and build again, or leave "
        "html out of the formats.",
        kBundleInPackage));
  }
  return std::string(embedded);
}

std::string render_terminal(const GradeResult& reader, const GradeResult&,
                            const ReportOptions& options) {
  return render_terminal_report(reader, options.colour);
}
std::string render_json(const GradeResult& reader, const GradeResult&, const ReportOptions&) {
  return render_json_report(reader);
}
std::string render_html(const GradeResult& reader, const GradeResult&,
                        const ReportOptions& options) {
  return render_html_report(reader, elements_bundle(options));
}
std::string render_markdown(const GradeResult& reader, const GradeResult&, const ReportOptions&) {
  return render_markdown_report(reader);
}
std::string render_junit(const GradeResult& reader, const GradeResult&, const ReportOptions&) {
  return render_junit_report(reader);
}
std::string render_gradescope(const GradeResult& reader, const GradeResult& staff,
                              const ReportOptions&) {
  return render_gradescope_results(reader, staff);
}

const ReportWriter& writer_of(ReportFormat format) {
  return report_writers()[static_cast<std::size_t>(format)];
}

}  // namespace

const std::vector<ReportWriter>& report_writers() {
  static const std::vector<ReportWriter> table = {
      {ReportFormat::Terminal, "terminal", "", "terminal.txt", render_terminal, false},
      {ReportFormat::Json, "json", "", "mutation-report.json", render_json, false},
      {ReportFormat::Html, "html", "", "mutation-report.html", render_html, true},
      {ReportFormat::Markdown, "markdown", "md", "summary.md", render_markdown, false},
      {ReportFormat::Junit, "junit", "", "junit.xml", render_junit, false},
      {ReportFormat::Gradescope, "gradescope", "", "results.json", render_gradescope, false},
  };
  return table;
}

std::string report_format_names() {
  std::string names;
  for (const ReportWriter& writer : report_writers()) {
    if (!names.empty()) names += ", ";
    names += writer.name;
    if (!writer.alias.empty()) names += fmt::format(" (or {})", writer.alias);
  }
  return names;
}

ReportFormat parse_report_format(std::string_view name) {
  for (const ReportWriter& writer : report_writers()) {
    if (name == writer.name || (!writer.alias.empty() && name == writer.alias)) {
      return writer.format;
    }
  }
  throw std::invalid_argument(
      fmt::format("unknown report format '{}': use {}", name, report_format_names()));
}

std::string_view report_file_name(ReportFormat format) {
  return writer_of(format).file_name;
}

void check_report_options(const ReportOptions& options) {
  const auto needs_bundle = [](ReportFormat format) {
    return writer_of(format).needs_elements_bundle;
  };
  if (std::ranges::any_of(options.formats, needs_bundle)) elements_bundle(options);
}

std::vector<fs::path> write_reports(const GradeResult& grade, const ReportOptions& options) {
  const GradeResult staff = for_reader(grade, View::Staff);
  const GradeResult result = options.view == View::Staff ? staff : for_reader(grade, View::Learner);
  std::vector<fs::path> written;
  std::set<ReportFormat> done;
  for (ReportFormat format : options.formats) {
    if (!done.insert(format).second) continue;
    const ReportWriter& writer = writer_of(format);
    const std::string text = writer.render(result, staff, options);
    if (format == ReportFormat::Terminal && options.terminal != nullptr) {
      *options.terminal << text << std::flush;
      continue;
    }
    const fs::path path = options.output_folder / writer.file_name;
    base::write_whole_file(path, text);
    written.push_back(path);
  }
  if (auto full = write_reference_output(result, options.output_folder)) written.push_back(*full);
  return written;
}

}  // namespace tinyllm::reports
