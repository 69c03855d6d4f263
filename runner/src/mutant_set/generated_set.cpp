// Reads the generated set: the manifest, the yardstick and the reviews (see generated_set.hpp).
#include "mutant_set/generated_set.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "config/errors.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kHowToBuild =
    "build them with `ninja -C {} tinyllm-grader`, or grade the pitfalls alone with "
    "--mutants pitfalls";

// Collapses whitespace runs to one space and shortens long text, for a one-line title.
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.size() > 60) out = out.substr(0, 57) + "...";
  return out;
}

reports::MutantInfo info_of(const json& m) {
  reports::MutantInfo info;
  info.kind = reports::MutantKind::Generated;
  info.id = m.at("id").get<std::string>();
  info.file = m.at("file").get<std::string>();
  info.function = m.at("function").get<std::string>();
  info.operator_name = m.at("operator").get<std::string>();
  info.original = m.at("original").get<std::string>();
  info.replacement = m.at("replacement").get<std::string>();
  info.line_begin = m.at("start").at("line").get<int>();
  info.column_begin = m.at("start").at("column").get<int>();
  info.line_end = m.at("end").at("line").get<int>();
  info.column_end = m.at("end").at("column").get<int>();
  info.title = generated_title(info.original, info.replacement, info.operator_name);
  info.required = false;
  return info;
}

// Reads the yardstick into the built mutants; it must have been made from this manifest.
void read_course_suite(const fs::path& build_dir, GeneratedSet& set) {
  const fs::path path = course_suite_results_path(build_dir);
  const std::string rebuild = fmt::format(fmt::runtime(kHowToBuild), build_dir.string());
  const auto results = read_course_suite_results(build_dir);
  if (!results)
    throw UsageError(fmt::format(
        "{}: missing: the course suite's results on the generated mutants are not built; {}. "
        "Nothing was graded.",
        path.string(), rebuild));
  if (results->manifest_hash != generated_manifest_hash(build_dir))
    throw UsageError(fmt::format("{}: made from another build of the generated mutants; {}",
                                 path.string(), rebuild));
  std::map<std::string, CourseSuiteResult> by_id;
  for (const CourseSuiteRecord& r : results->mutants) by_id[r.id] = r.result;
  for (GeneratedEntry& m : set.mutants) {
    if (m.build != "built") continue;
    const auto found = by_id.find(m.info.id);
    if (found == by_id.end())
      throw UsageError(
          fmt::format("{}: has no result for {}; {}", path.string(), m.info.id, rebuild));
    m.course = found->second;
    m.info.caught_by = found->second.killed_by;
  }
}

}  // namespace

fs::path generated_manifest_path(const fs::path& build_dir) {
  return build_dir / "variants" / "generated.json";
}

std::string generated_manifest_hash(const fs::path& build_dir) {
  return base::ContentHasher::of({base::read_whole_file(generated_manifest_path(build_dir))});
}

bool counted(const GeneratedEntry& m) {
  return m.build == "built" && !m.review && m.course && reports::detected(m.course->status);
}

bool unanswered(const GeneratedEntry& m) {
  return m.build == "built" && !m.review && m.course && !reports::detected(m.course->status);
}

std::string generated_title(const std::string& original, const std::string& replacement,
                            const std::string& operator_name) {
  if (replacement.empty() || replacement == ";")
    return fmt::format("`{}` removed ({})", one_line(original), operator_name);
  return fmt::format("`{}` replaced by `{}` ({})", one_line(original), one_line(replacement),
                     operator_name);
}

GeneratedSet load_generated_set(const fs::path& build_dir, const fs::path& source_dir,
                                bool with_course_suite) {
  const fs::path path = generated_manifest_path(build_dir);
  if (!fs::is_regular_file(path))
    throw UsageError(
        fmt::format("{}: missing: the generated mutants are not built; {}. Nothing was graded.",
                    path.string(), fmt::format(fmt::runtime(kHowToBuild), build_dir.string())));
  GeneratedSet set;
  try {
    const json doc = json::parse(base::read_whole_file(path));
    std::map<std::string, Review> reviews = load_reviews(source_dir / "mutants" / "reviewed.toml");
    for (const json& m : doc.at("mutants")) {
      if (doc.at("format") != 2)
        throw json::other_error::create(501, "format " + doc.at("format").dump() + " is not 2",
                                        nullptr);
      GeneratedEntry entry{info_of(m), m.at("build").get<std::string>(),
                           m.value("left_out_because", std::string()), std::nullopt, std::nullopt};
      if (entry.build != "built" && entry.build != "left_out")
        throw json::other_error::create(501, "unknown build '" + entry.build + "'", nullptr);
      if (auto r = reviews.find(entry.info.id); r != reviews.end()) {
        entry.review = r->second;
        reviews.erase(r);
      }
      set.mutants.push_back(std::move(entry));
    }
    for (const auto& [id, review] : reviews) set.stale_reviews.push_back(id);
  } catch (const json::exception& e) {
    throw UsageError(fmt::format("{}: not a file the build wrote ({}); rebuild: {}", path.string(),
                                 e.what(),
                                 fmt::format(fmt::runtime(kHowToBuild), build_dir.string())));
  }
  if (with_course_suite) read_course_suite(build_dir, set);
  reports::GeneratedCounts& c = set.counts;
  for (const GeneratedEntry& m : set.mutants) {
    ++c.raw;
    if (m.build != "built") {
      ++c.left_out;
      continue;
    }
    if (m.review) ++c.reviewed;
    if (unanswered(m)) ++c.course_undetected;
    if (counted(m)) ++c.counted;
  }
  return set;
}

std::vector<reports::MutantInfo> counted_mutants(const GeneratedSet& set) {
  std::vector<reports::MutantInfo> out;
  for (const GeneratedEntry& m : set.mutants)
    if (counted(m)) out.push_back(m.info);
  return out;
}

}  // namespace tinyllm::runner
