// Reads the grading policy from TOML. Every key is checked: an unknown key, a wrong type or a value
// out of range is an error that names the file, the line and the column.
#include "config/config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "config/errors.hpp"
#include "config/toml_reader.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/grade_result_json.hpp"
#include "tinyllm/reports/reveal.hpp"
#include "tinyllm/reports/write_reports.hpp"

namespace tinyllm::runner {
namespace {

using Reader = detail::TomlReader;

// The one spelling of each isolation mode, for [sandbox] isolation and --isolation.
constexpr std::pair<Isolation, const char*> kIsolationNames[] = {
    {Isolation::Auto, "auto"}, {Isolation::Namespaces, "namespaces"}, {Isolation::Plain, "plain"}};

std::filesystem::path relative_to(const std::filesystem::path& file, const std::string& value) {
  std::filesystem::path p(value);
  return p.is_absolute() ? p : file.parent_path() / p;
}

void read_seeds(const Reader& in, const toml::table& t, Config& c) {
  in.only_keys(t, {"grading", "reference"}, "[seeds]");
  auto unsigned_seed = [&](const toml::node& n, const std::string& key) {
    std::int64_t v = in.integer(n, key);
    if (v < 0) in.fail(n, fmt::format("'{}' must be 0 or more, not {}", key, v));
    return static_cast<std::uint64_t>(v);
  };
  if (const auto* n = t.get("grading")) c.seed = unsigned_seed(*n, "seeds.grading");
  if (const auto* n = t.get("reference")) {
    c.reference_seeds.clear();
    for (const auto& e : in.array(*n, "seeds.reference"))
      c.reference_seeds.push_back(unsigned_seed(e, "seeds.reference"));
  }
}

void read_timeout(const Reader& in, const toml::table& t, Config& c) {
  in.only_keys(t, {"factor", "constant_seconds", "reference_seconds"}, "[timeout]");
  if (const auto* n = t.get("factor")) {
    c.timeout_factor = in.number(*n, "timeout.factor");
    if (c.timeout_factor < 1)
      in.fail(*n, fmt::format("'timeout.factor' must be at least 1 (a variant gets at least the "
                              "reference's time), not {}",
                              c.timeout_factor));
  }
  if (const auto* n = t.get("constant_seconds")) {
    c.timeout_constant_seconds = in.number(*n, "timeout.constant_seconds");
    if (c.timeout_constant_seconds < 0) in.fail(*n, "'timeout.constant_seconds' must be 0 or more");
  }
  if (const auto* n = t.get("reference_seconds"))
    c.reference_timeout_seconds = in.positive(*n, "timeout.reference_seconds");
}

// Reads one table of resource limits: [limits] (a run's) or [compile] (a compiler's, which also
// has timeout_seconds).
void read_limits(const Reader& in, const toml::table& t, const std::string& table,
                 ResourceLimits& l, double* timeout_seconds) {
  std::set<std::string> keys = {"cpu_seconds",  "memory_mb", "processes",
                                "file_size_mb", "output_mb", "scratch_mb"};
  if (timeout_seconds != nullptr) keys.insert("timeout_seconds");
  in.only_keys(t, keys, "[" + table + "]");
  auto key = [&](const char* name) { return table + "." + name; };
  if (const auto* n = t.get("cpu_seconds")) l.cpu_seconds = in.positive(*n, key("cpu_seconds"));
  if (const auto* n = t.get("memory_mb")) l.memory_mb = in.positive(*n, key("memory_mb"));
  if (const auto* n = t.get("processes")) {
    l.processes = in.integer(*n, key("processes"));
    if (l.processes < 1) in.fail(*n, fmt::format("'{}' must be at least 1", key("processes")));
  }
  if (const auto* n = t.get("file_size_mb")) l.file_size_mb = in.positive(*n, key("file_size_mb"));
  if (const auto* n = t.get("output_mb")) l.output_mb = in.positive(*n, key("output_mb"));
  if (const auto* n = t.get("scratch_mb")) l.scratch_mb = in.positive(*n, key("scratch_mb"));
  if (const auto* n = t.get("timeout_seconds"); n != nullptr && timeout_seconds != nullptr)
    *timeout_seconds = in.positive(*n, key("timeout_seconds"));
}

nlohmann::json limits_json(const ResourceLimits& l) {
  return {{"cpu_seconds", l.cpu_seconds}, {"memory_mb", l.memory_mb},
          {"processes", l.processes},     {"file_size_mb", l.file_size_mb},
          {"output_mb", l.output_mb},     {"scratch_mb", l.scratch_mb}};
}

void read_reports(const Reader& in, const toml::table& t, const std::filesystem::path& file,
                  Config& c) {
  in.only_keys(t, {"formats", "folder", "elements_bundle"}, "[reports]");
  if (const auto* n = t.get("formats")) {
    c.report_formats.clear();
    for (const auto& e : in.array(*n, "reports.formats")) {
      std::string f = in.string(e, "reports.formats");
      try {
        reports::parse_report_format(f);  // the one list of formats, the same as --format's
      } catch (const std::invalid_argument& error) {
        in.fail(e, error.what());
      }
      c.report_formats.push_back(f);
    }
  }
  if (const auto* n = t.get("folder"))
    c.report_folder = relative_to(file, in.string(*n, "reports.folder"));
  if (const auto* n = t.get("elements_bundle"))
    c.elements_bundle = relative_to(file, in.string(*n, "reports.elements_bundle"));
}

void read_paths(const Reader& in, const toml::table& t, const std::filesystem::path& file,
                Config& c) {
  in.only_keys(t, {"build", "source", "catalog"}, "[paths]");
  if (const auto* n = t.get("build")) c.build_dir = relative_to(file, in.string(*n, "paths.build"));
  if (const auto* n = t.get("source"))
    c.source_dir = relative_to(file, in.string(*n, "paths.source"));
  if (const auto* n = t.get("catalog"))
    c.catalog = relative_to(file, in.string(*n, "paths.catalog"));
}

}  // namespace

Config default_config() {
  return Config{};
}

std::optional<Isolation> parse_isolation(std::string_view name) {
  for (const auto& [isolation, spelling] : kIsolationNames) {
    if (spelling == name) return isolation;
  }
  return std::nullopt;
}

std::optional<reports::MutantSet> parse_mutant_set(std::string_view name) {
  for (auto set : {reports::MutantSet::Full, reports::MutantSet::PitfallsOnly})
    if (name == reports::to_string(set)) return set;
  return std::nullopt;
}

std::optional<reports::Validity> parse_validity(std::string_view name) {
  for (auto v : {reports::Validity::PerTest, reports::Validity::Strict})
    if (name == reports::to_string(v)) return v;
  return std::nullopt;
}

const char* isolation_name(Isolation isolation) {
  for (const auto& [mode, name] : kIsolationNames) {
    if (mode == isolation) return name;
  }
  return "?";
}

void to_json(nlohmann::json& out, const Config& c) {
  nlohmann::json compile_json = limits_json(c.compile_limits);
  compile_json["timeout_seconds"] = c.compile_timeout_seconds;
  nlohmann::json positions = nlohmann::json::array();
  for (const SourcePosition& p : c.required_positions)
    positions.push_back({{"file", p.file}, {"line", p.line}, {"column", p.column}});
  out = {{"threshold", c.threshold},
         {"required", c.required ? nlohmann::json(*c.required) : nlohmann::json("all")},
         {"required_positions", positions},
         {"reveal", c.ladder ? nlohmann::json("ladder") : nlohmann::json(c.reveal)},
         {"attempts_per_rung", c.attempts_per_rung},
         {"gradescope_score", reports::score_policy_name(c.score_policy)},
         {"mutants", reports::to_string(c.mutant_set)},
         {"jobs", c.jobs},
         {"validity", reports::to_string(c.validity)},
         {"seed", c.seed},
         {"reference_seeds", c.reference_seeds},
         {"timeout_factor", c.timeout_factor},
         {"timeout_constant_seconds", c.timeout_constant_seconds},
         {"reference_timeout_seconds", c.reference_timeout_seconds},
         {"limits", limits_json(c.limits)},
         {"compile", compile_json},
         {"isolation", isolation_name(c.isolation)},
         {"report_formats", c.report_formats},
         {"report_folder", c.report_folder.string()},
         {"elements_bundle", c.elements_bundle.string()},
         {"build_dir", c.build_dir.string()},
         {"source_dir", c.source_dir.string()},
         {"catalog", c.catalog.string()},
         {"diff_before_pass", c.diff_before_pass}};
}

Config load_config(const std::filesystem::path& path, Config c) {
  const std::string file = path.string();
  if (!std::filesystem::is_regular_file(path))
    throw UsageError(
        fmt::format("{}: no such configuration file (see docs/configuration.md and "
                    "runner/grade.example.toml)",
                    file));
  toml::table root;
  try {
    root = toml::parse_file(file);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("{}:{}:{}: {}", file, e.source().begin.line,
                                 e.source().begin.column, e.description()));
  }
  Reader in(file);
  in.only_keys(
      root,
      {"threshold", "required", "reveal", "mutants", "validity", "jobs", "seeds", "timeout",
       "limits", "compile", "sandbox", "reports", "paths", "workspace", "feedback", "gradescope"},
      "the top level");
  if (const auto* n = root.get("threshold")) {
    c.threshold = in.number(*n, "threshold");
    if (!(c.threshold >= 0 && c.threshold <= 1))
      in.fail(*n, fmt::format("'threshold' must be in [0, 1], not {}", c.threshold));
  }
  if (const auto* n = root.get("required")) {
    if (auto all = n->value_exact<std::string>()) {
      if (*all != "all")
        in.fail(*n, fmt::format("'required' must be \"all\" or an array of mutant ids, not \"{}\"",
                                *all));
      c.required.reset();
      c.required_positions.clear();
    } else {
      c.required.emplace();
      c.required_positions.clear();
      for (const auto& e : in.array(*n, "required")) {
        c.required->push_back(in.string(e, "required"));
        c.required_positions.push_back(in.position(e));
      }
    }
  }
  if (const auto* n = root.get("reveal")) {
    const std::string r = in.string(*n, "reveal");
    const auto reveal = reports::parse_reveal(r);
    if (!reveal && r != "ladder")
      in.fail(*n, fmt::format("'reveal' must be \"nothing\", \"title\", \"title_and_symptom\" "
                              "(the same for every attempt) or \"ladder\" (hints that rise with "
                              "attempts), not \"{}\"",
                              r));
    c.ladder = !reveal;
    if (reveal) c.reveal = *reveal;
  }
  if (const auto* n = root.get("feedback")) {
    const auto& t = in.table(*n, "feedback");
    in.only_keys(t, {"attempts_per_rung"}, "[feedback]");
    if (const auto* a = t.get("attempts_per_rung")) {
      const std::int64_t k = in.integer(*a, "feedback.attempts_per_rung");
      if (k < 1 || k > 100)
        in.fail(*a,
                "'feedback.attempts_per_rung' must be 1 to 100: how many attempts each rung "
                "of the hint ladder lasts");
      c.attempts_per_rung = static_cast<int>(k);
    }
  }
  if (const auto* n = root.get("gradescope")) {
    const auto& t = in.table(*n, "gradescope");
    in.only_keys(t, {"score"}, "[gradescope]");
    if (const auto* v = t.get("score")) {
      const std::string name = in.string(*v, "gradescope.score");
      const auto policy = reports::parse_score_policy(name);
      if (!policy)
        in.fail(*v, fmt::format("'gradescope.score' must be \"capped\" (a point per detected "
                                "mutant, kept below the threshold unless PASS), \"mutants\" (a "
                                "point per detected mutant) or \"verdict\" (every point for a "
                                "PASS, none otherwise), not \"{}\"",
                                name));
      c.score_policy = *policy;
    }
  }
  if (const auto* n = root.get("mutants")) {
    const std::string v = in.string(*n, "mutants");
    const auto set = parse_mutant_set(v);
    if (!set)
      in.fail(*n, fmt::format("'mutants' must be \"full\" (the pitfalls and the generated mutants) "
                              "or \"pitfalls\" (the pitfalls alone), not \"{}\"",
                              v));
    c.mutant_set = *set;
  }
  if (const auto* n = root.get("validity")) {
    const std::string v = in.string(*n, "validity");
    const auto validity = parse_validity(v);
    if (!validity)
      in.fail(*n, fmt::format("'validity' must be \"per-test\" (invalid tests are dropped and the "
                              "rest graded) or \"strict\" (any invalid test makes the grade "
                              "INVALID), not \"{}\"",
                              v));
    c.validity = *validity;
  }
  if (const auto* n = root.get("jobs")) {
    std::int64_t j = in.integer(*n, "jobs");
    if (j < 0) in.fail(*n, "'jobs' must be 0 (every core) or more");
    c.jobs = static_cast<int>(j);
  }
  if (const auto* n = root.get("seeds")) read_seeds(in, in.table(*n, "seeds"), c);
  if (const auto* n = root.get("timeout")) read_timeout(in, in.table(*n, "timeout"), c);
  if (const auto* n = root.get("limits"))
    read_limits(in, in.table(*n, "limits"), "limits", c.limits, nullptr);
  if (const auto* n = root.get("compile"))
    read_limits(in, in.table(*n, "compile"), "compile", c.compile_limits,
                &c.compile_timeout_seconds);
  if (const auto* n = root.get("sandbox")) {
    const auto& t = in.table(*n, "sandbox");
    in.only_keys(t, {"isolation"}, "[sandbox]");
    if (const auto* i = t.get("isolation")) {
      const std::string v = in.string(*i, "sandbox.isolation");
      const auto isolation = parse_isolation(v);
      if (!isolation)
        in.fail(*i, fmt::format("'sandbox.isolation' must be \"auto\", \"namespaces\" or "
                                "\"plain\", not \"{}\"",
                                v));
      c.isolation = *isolation;
    }
  }
  if (const auto* n = root.get("reports")) read_reports(in, in.table(*n, "reports"), path, c);
  if (const auto* n = root.get("paths")) read_paths(in, in.table(*n, "paths"), path, c);
  if (const auto* n = root.get("workspace")) {
    const auto& t = in.table(*n, "workspace");
    in.only_keys(t, {"diff_before_pass"}, "[workspace]");
    if (const auto* d = t.get("diff_before_pass"))
      c.diff_before_pass =
          in.boolean(*d, "workspace.diff_before_pass",
                     "false (diff only once the module passes check) or true (at any time)");
  }
  return c;
}

int resolved_jobs(const Config& config) {
  return base::job_count(config.jobs);
}

}  // namespace tinyllm::runner
