// Reads and checks mutants/catalog.toml with toml++.
#include "catalog.hpp"

#include <fmt/format.h>

#include <regex>
#include <set>
#include <toml++/toml.h>

#include "errors.hpp"

namespace tinyllm::runner {
namespace {

[[noreturn]] void fail(const std::string& file, const toml::node& node, const std::string& what) {
  throw UsageError(fmt::format("{}:{}:{}: {}", file, node.source().begin.line,
                               node.source().begin.column, what));
}

std::string need_string(const std::string& file, const toml::table& entry, const char* key) {
  const toml::node* n = entry.get(key);
  if (n == nullptr) fail(file, entry, fmt::format("mutant entry has no '{}'", key));
  if (auto v = n->value_exact<std::string>()) return *v;
  fail(file, *n, fmt::format("'{}' must be a string", key));
}

}  // namespace

std::vector<reports::MutantInfo> load_catalog(const std::filesystem::path& path,
                                              const std::filesystem::path& source_dir) {
  const std::string file = path.string();
  if (!std::filesystem::is_regular_file(path))
    throw UsageError(fmt::format("{}: no mutant catalog there; pass --catalog FILE or "
                                 "--source-dir DIR (the repository holding mutants/catalog.toml)",
                                 file));
  toml::table root;
  try {
    root = toml::parse_file(file);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("{}:{}:{}: {}", file, e.source().begin.line,
                                 e.source().begin.column, e.description()));
  }
  for (const auto& [key, node] : root)
    if (key.str() != "mutant")
      fail(file, node, fmt::format("unknown key '{}': the catalog holds only [[mutant]] entries",
                                   key.str()));
  const toml::array* entries = root["mutant"].as_array();
  if (entries == nullptr || entries->empty())
    throw UsageError(fmt::format("{}: no [[mutant]] entries", file));

  static const std::regex id_pattern("s(0[1-9]|1[0-9]|2[0-4])");
  static const std::set<std::string> known = {"id",        "title", "symptom", "caught_by",
                                              "file",      "function", "lines"};
  std::vector<reports::MutantInfo> mutants;
  std::set<std::string> seen;
  for (const auto& node : *entries) {
    const toml::table* entry = node.as_table();
    if (entry == nullptr) fail(file, node, "each [[mutant]] must be a table");
    for (const auto& [key, value] : *entry)
      if (known.count(std::string(key.str())) == 0)
        fail(file, value, fmt::format("unknown key '{}' in a mutant entry", key.str()));
    reports::MutantInfo m;
    m.id = need_string(file, *entry, "id");
    if (!std::regex_match(m.id, id_pattern))
      fail(file, *entry->get("id"), fmt::format("mutant id '{}' is not one of s01..s24", m.id));
    if (!seen.insert(m.id).second)
      fail(file, *entry->get("id"), fmt::format("mutant id '{}' appears twice", m.id));
    m.title = need_string(file, *entry, "title");
    m.symptom = need_string(file, *entry, "symptom");
    m.file = need_string(file, *entry, "file");
    m.function = need_string(file, *entry, "function");
    if (!std::filesystem::is_regular_file(source_dir / m.file))
      fail(file, *entry->get("file"),
           fmt::format("mutant {}: source file '{}' does not exist under {}", m.id, m.file,
                       source_dir.string()));
    const toml::node* caught = entry->get("caught_by");
    if (caught == nullptr || !caught->is_array())
      fail(file, caught ? *caught : static_cast<const toml::node&>(*entry),
           fmt::format("mutant {}: 'caught_by' must be an array of test names", m.id));
    for (const auto& t : *caught->as_array()) {
      auto name = t.value_exact<std::string>();
      if (!name) fail(file, t, "'caught_by' entries must be strings");
      m.caught_by.push_back(*name);
    }
    const toml::node* lines = entry->get("lines");
    const toml::array* range = lines ? lines->as_array() : nullptr;
    if (range == nullptr || range->size() != 2 || !(*range)[0].is_integer() ||
        !(*range)[1].is_integer())
      fail(file, lines ? *lines : static_cast<const toml::node&>(*entry),
           fmt::format("mutant {}: 'lines' must be [first, last]", m.id));
    m.line_begin = static_cast<int>(*(*range)[0].value<std::int64_t>());
    m.line_end = static_cast<int>(*(*range)[1].value<std::int64_t>());
    if (m.line_begin < 1 || m.line_end < m.line_begin)
      fail(file, *lines, fmt::format("mutant {}: 'lines' must be [first, last] with 1 <= first "
                                     "<= last",
                                     m.id));
    mutants.push_back(std::move(m));
  }
  return mutants;
}

void apply_required(const Config& config, std::vector<reports::MutantInfo>& mutants) {
  if (!config.required) {
    for (auto& m : mutants) m.required = true;
    return;
  }
  for (auto& m : mutants) m.required = false;
  for (std::size_t i = 0; i < config.required->size(); ++i) {
    const std::string& id = (*config.required)[i];
    auto it = std::find_if(mutants.begin(), mutants.end(),
                           [&](const reports::MutantInfo& m) { return m.id == id; });
    if (it == mutants.end()) {
      std::string where = "--required";
      if (i < config.required_positions.size()) {
        const auto& p = config.required_positions[i];
        where = fmt::format("{}:{}:{}", p.file, p.line, p.column);
      }
      throw UsageError(fmt::format("{}: unknown mutant id '{}' in 'required': the catalog has "
                                   "s01..s24 (see `tinyllm-grade list`)",
                                   where, id));
    }
    it->required = true;
  }
}

}  // namespace tinyllm::runner
