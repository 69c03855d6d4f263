// Reads the grading policy from TOML. Every key is checked: an unknown key, a wrong type or a value
// out of range is an error that names the file, the line and the column, and says what was
// expected.
#include "config/config.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
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

namespace fs = std::filesystem;
using detail::Reader;
using json = nlohmann::json;

// The one spelling of each isolation mode (in the enum's order), for [sandbox] isolation and
// --isolation.
constexpr const char* kIsolationNames[] = {"auto", "namespaces", "plain"};

// One key's value in a file: how to read it, its dotted name, and the file (paths are relative
// to it).
struct At {
  const Reader& in;
  const toml::node& node;
  const std::string& key;
  const fs::path& file;
};

// A key a file may set: its dotted name and type as docs/configuration.md's table writes them,
// how it is read and checked into a Config, and its value in to_json.
struct Key {
  std::string_view name;
  std::string_view type;
  std::function<void(const At& at, Config& c)> read;
  json (*value)(const Config& c);
};

fs::path relative_to(const At& at) {
  const fs::path p(at.in.string(at.node, at.key));
  return p.is_absolute() ? p : at.file.parent_path() / p;
}

std::uint64_t seed_at(const At& at, const toml::node& node) {
  const std::int64_t v = at.in.integer(node, at.key);
  if (v < 0) at.in.fail(node, fmt::format("'{}' must be 0 or more, not {}", at.key, v));
  return static_cast<std::uint64_t>(v);
}

// A key of a table of resource limits, [limits] (a run's) or [compile] (a compiler's): a number
// greater than 0 ...
template <ResourceLimits Config::*table, double ResourceLimits::*field>
Key positive_limit(std::string_view name) {
  return {name, "number > 0",
          [](const At& at, Config& c) { (c.*table).*field = at.in.positive(at.node, at.key); },
          [](const Config& c) -> json { return (c.*table).*field; }};
}

// ... or the number of processes, at least 1.
template <ResourceLimits Config::*table>
Key processes_limit(std::string_view name) {
  return {name, "integer ≥ 1",
          [](const At& at, Config& c) {
            const std::int64_t v = at.in.integer(at.node, at.key);
            if (v < 1) at.in.fail(at.node, fmt::format("'{}' must be at least 1", at.key));
            (c.*table).processes = static_cast<long>(v);
          },
          [](const Config& c) -> json { return (c.*table).processes; }};
}

// A key naming one of a few choices: `parse` returns it, or nothing for a name it does not know;
// `choices` says what they are, for the message.
template <typename T, typename Parse>
Key choice(std::string_view name, std::string_view type, T Config::*field, Parse parse,
           std::string_view choices, json (*value)(const Config& c)) {
  return {name, type,
          [=](const At& at, Config& c) {
            const std::string v = at.in.string(at.node, at.key);
            const auto parsed = parse(v);
            if (!parsed)
              at.in.fail(at.node, fmt::format("'{}' must be {}, not \"{}\"", at.key, choices, v));
            c.*field = *parsed;
          },
          value};
}

// A path, relative to the file when it is not absolute.
template <fs::path Config::*field>
Key path_key(std::string_view name) {
  return {name, "string", [](const At& at, Config& c) { c.*field = relative_to(at); },
          [](const Config& c) -> json { return (c.*field).string(); }};
}

using Limits = ResourceLimits;

// Every key, in docs/configuration.md's order; a test holds the docs' table to it.
const Key kKeys[] = {
    {"threshold", "number in [0, 1]",
     [](const At& at, Config& c) {
       c.threshold = at.in.number(at.node, at.key);
       if (!(c.threshold >= 0 && c.threshold <= 1))
         at.in.fail(at.node, fmt::format("'threshold' must be in [0, 1], not {}", c.threshold));
     },
     [](const Config& c) -> json { return c.threshold; }},
    choice("mutants", "`\"full\"`, `\"pitfalls\"`", &Config::mutant_set, parse_mutant_set,
           "\"full\" (the pitfalls and the generated mutants) or \"pitfalls\" (the pitfalls "
           "alone)",
           [](const Config& c) -> json { return reports::to_string(c.mutant_set); }),
    {"required", "`\"all\"` or array of pitfall ids",
     [](const At& at, Config& c) {
       c.required_positions.clear();
       if (auto all = at.node.value_exact<std::string>()) {
         if (*all != "all")
           at.in.fail(at.node,
                      fmt::format("'required' must be \"all\" or an array of mutant ids, not "
                                  "\"{}\"",
                                  *all));
         c.required.reset();
         return;
       }
       c.required.emplace();
       for (const auto& e : at.in.array(at.node, at.key)) {
         c.required->push_back(at.in.string(e, at.key));
         c.required_positions.push_back(at.in.position(e));
       }
     },
     [](const Config& c) -> json { return c.required ? json(*c.required) : json("all"); }},
    {"reveal", "`\"nothing\"`, `\"title\"`, `\"title_and_symptom\"`, `\"ladder\"`",
     [](const At& at, Config& c) {
       const std::string r = at.in.string(at.node, at.key);
       const auto reveal = reports::parse_reveal(r);
       if (!reveal && r != "ladder")
         at.in.fail(at.node,
                    fmt::format("'reveal' must be \"nothing\", \"title\", \"title_and_symptom\" "
                                "(the same for every attempt) or \"ladder\" (hints that rise "
                                "with attempts), not \"{}\"",
                                r));
       c.ladder = !reveal;
       if (reveal) c.reveal = *reveal;
     },
     [](const Config& c) -> json { return c.ladder ? json("ladder") : json(c.reveal); }},
    {"feedback.attempts_per_rung", "integer 1..100",
     [](const At& at, Config& c) {
       const std::int64_t k = at.in.integer(at.node, at.key);
       if (k < 1 || k > 100)
         at.in.fail(at.node,
                    "'feedback.attempts_per_rung' must be 1 to 100: how many attempts each "
                    "rung of the hint ladder lasts");
       c.attempts_per_rung = static_cast<int>(k);
     },
     [](const Config& c) -> json { return c.attempts_per_rung; }},
    choice(
        "gradescope.score", "`\"capped\"`, `\"mutants\"`, `\"verdict\"`", &Config::score_policy,
        [](const std::string& name) { return reports::parse_score_policy(name); },
        "\"capped\" (a point per detected mutant, kept below the threshold unless PASS), "
        "\"mutants\" (a point per detected mutant) or \"verdict\" (every point for a PASS, "
        "none otherwise)",
        [](const Config& c) -> json { return reports::score_policy_name(c.score_policy); }),
    choice("validity", "`\"per-test\"`, `\"strict\"`", &Config::validity, parse_validity,
           "\"per-test\" (invalid tests are dropped and the rest graded) or \"strict\" (any "
           "invalid test makes the grade INVALID)",
           [](const Config& c) -> json { return reports::to_string(c.validity); }),
    {"jobs", "integer ≥ 0",
     [](const At& at, Config& c) {
       const std::int64_t j = at.in.integer(at.node, at.key);
       if (j < 0) at.in.fail(at.node, "'jobs' must be 0 (every core) or more");
       c.jobs = static_cast<int>(j);
     },
     [](const Config& c) -> json { return c.jobs; }},
    {"seeds.grading", "integer ≥ 0", [](const At& at, Config& c) { c.seed = seed_at(at, at.node); },
     [](const Config& c) -> json { return c.seed; }},
    {"seeds.reference", "array of integers",
     [](const At& at, Config& c) {
       c.reference_seeds.clear();
       for (const auto& e : at.in.array(at.node, at.key))
         c.reference_seeds.push_back(seed_at(at, e));
     },
     [](const Config& c) -> json { return c.reference_seeds; }},
    {"timeout.factor", "number ≥ 1",
     [](const At& at, Config& c) {
       c.timeout_factor = at.in.number(at.node, at.key);
       if (c.timeout_factor < 1)
         at.in.fail(at.node, fmt::format("'timeout.factor' must be at least 1 (a variant gets at "
                                         "least the reference's time), not {}",
                                         c.timeout_factor));
     },
     [](const Config& c) -> json { return c.timeout_factor; }},
    {"timeout.constant_seconds", "number ≥ 0",
     [](const At& at, Config& c) {
       c.timeout_constant_seconds = at.in.number(at.node, at.key);
       if (c.timeout_constant_seconds < 0)
         at.in.fail(at.node, "'timeout.constant_seconds' must be 0 or more");
     },
     [](const Config& c) -> json { return c.timeout_constant_seconds; }},
    {"timeout.reference_seconds", "number > 0",
     [](const At& at, Config& c) { c.reference_timeout_seconds = at.in.positive(at.node, at.key); },
     [](const Config& c) -> json { return c.reference_timeout_seconds; }},
    positive_limit<&Config::limits, &Limits::cpu_seconds>("limits.cpu_seconds"),
    positive_limit<&Config::limits, &Limits::memory_mb>("limits.memory_mb"),
    processes_limit<&Config::limits>("limits.processes"),
    positive_limit<&Config::limits, &Limits::file_size_mb>("limits.file_size_mb"),
    positive_limit<&Config::limits, &Limits::output_mb>("limits.output_mb"),
    positive_limit<&Config::limits, &Limits::scratch_mb>("limits.scratch_mb"),
    {"compile.timeout_seconds", "number > 0",
     [](const At& at, Config& c) { c.compile_timeout_seconds = at.in.positive(at.node, at.key); },
     [](const Config& c) -> json { return c.compile_timeout_seconds; }},
    positive_limit<&Config::compile_limits, &Limits::cpu_seconds>("compile.cpu_seconds"),
    positive_limit<&Config::compile_limits, &Limits::memory_mb>("compile.memory_mb"),
    processes_limit<&Config::compile_limits>("compile.processes"),
    positive_limit<&Config::compile_limits, &Limits::file_size_mb>("compile.file_size_mb"),
    positive_limit<&Config::compile_limits, &Limits::output_mb>("compile.output_mb"),
    positive_limit<&Config::compile_limits, &Limits::scratch_mb>("compile.scratch_mb"),
    choice("sandbox.isolation", "`\"auto\"`, `\"namespaces\"`, `\"plain\"`", &Config::isolation,
           parse_isolation, "\"auto\", \"namespaces\" or \"plain\"",
           [](const Config& c) -> json { return isolation_name(c.isolation); }),
    {"reports.formats",
     "array of `terminal`, `json`, `html`, `markdown` (or `md`), `junit`, `gradescope`",
     [](const At& at, Config& c) {
       c.report_formats.clear();
       for (const auto& e : at.in.array(at.node, at.key)) {
         std::string f = at.in.string(e, at.key);
         try {
           reports::parse_report_format(f);  // the one list of formats, the same as --format's
         } catch (const std::invalid_argument& error) {
           at.in.fail(e, error.what());
         }
         c.report_formats.push_back(f);
       }
     },
     [](const Config& c) -> json { return c.report_formats; }},
    path_key<&Config::report_folder>("reports.folder"),
    path_key<&Config::elements_bundle>("reports.elements_bundle"),
    {"workspace.diff_before_pass", "boolean",
     [](const At& at, Config& c) {
       c.diff_before_pass = at.in.boolean(
           at.node, at.key, "false (diff only once the module passes check) or true (at any time)");
     },
     [](const Config& c) -> json { return c.diff_before_pass; }},
    path_key<&Config::build_dir>("paths.build"),
    path_key<&Config::source_dir>("paths.source"),
    path_key<&Config::catalog>("paths.catalog"),
};

// Returns the one of `values` that `name_of` names `name`, or nothing.
template <typename T, typename NameOf>
std::optional<T> named(std::string_view name, std::initializer_list<T> values, NameOf name_of) {
  for (const T v : values)
    if (name == name_of(v)) return v;
  return std::nullopt;
}

// A key's table ("limits" of "limits.cpu_seconds"; "" at the top level) and its name there.
std::pair<std::string, std::string> split_key(std::string_view name) {
  const auto dot = name.find('.');
  if (dot == std::string_view::npos) return {"", std::string(name)};
  return {std::string(name.substr(0, dot)), std::string(name.substr(dot + 1))};
}

}  // namespace

std::vector<std::pair<std::string, std::string>> config_keys() {
  std::vector<std::pair<std::string, std::string>> keys;
  for (const Key& k : kKeys) keys.emplace_back(k.name, k.type);
  return keys;
}

Config default_config() {
  return Config{};
}

std::optional<Isolation> parse_isolation(std::string_view name) {
  return named(name, {Isolation::Auto, Isolation::Namespaces, Isolation::Plain}, isolation_name);
}

std::optional<reports::MutantSet> parse_mutant_set(std::string_view name) {
  return named(name, {reports::MutantSet::Full, reports::MutantSet::PitfallsOnly},
               [](reports::MutantSet set) { return reports::to_string(set); });
}

std::optional<reports::Validity> parse_validity(std::string_view name) {
  return named(name, {reports::Validity::PerTest, reports::Validity::Strict},
               [](reports::Validity v) { return reports::to_string(v); });
}

const char* isolation_name(Isolation isolation) {
  return kIsolationNames[static_cast<int>(isolation)];
}

void to_json(nlohmann::json& out, const Config& c) {
  out = json::object();
  for (const Key& k : kKeys) out[std::string(k.name)] = k.value(c);
  json positions = json::array();
  for (const SourcePosition& p : c.required_positions)
    positions.push_back({{"file", p.file}, {"line", p.line}, {"column", p.column}});
  out["required_positions"] = positions;
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
  const Reader in(file);
  // Which keys each table may hold, from the one list.
  std::map<std::string, std::set<std::string>> known;
  for (const Key& k : kKeys) {
    const auto [table, key] = split_key(k.name);
    known[table].insert(key);
    if (!table.empty()) known[""].insert(table);
  }
  in.only_keys(root, known.at(""), "the top level");
  for (const auto& [table, keys] : known)
    if (!table.empty())
      if (const auto* n = root.get(table))
        in.only_keys(in.table(*n, table), keys, "[" + table + "]");
  for (const Key& k : kKeys) {
    const std::string name(k.name);
    if (const toml::node* n = root.at_path(name).node()) k.read(At{in, *n, name, path}, c);
  }
  return c;
}

int resolved_jobs(const Config& config) {
  return base::job_count(config.jobs);
}

}  // namespace tinyllm::runner
