// Reads and checks mutants/catalog.toml with toml++.
#include "tinyllm/catalog.hpp"

#include <toml++/toml.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace tinyllm::catalog {
namespace {
std::string where(const std::filesystem::path& file, const toml::source_region& region) {
  return file.string() + ":" + std::to_string(region.begin.line) + ":" +
         std::to_string(region.begin.column);
}

std::string required_string(const toml::table& entry, std::string_view key,
                            const std::filesystem::path& file) {
  const auto* node = entry.get(key);
  if (!node)
    throw CatalogError(where(file, entry.source()) + ": this [[mutant]] has no `" +
                       std::string(key) + "`; add it as a string");
  const auto* value = node->as_string();
  if (!value || value->get().empty())
    throw CatalogError(where(file, node->source()) + ": `" + std::string(key) +
                       "` must be a non-empty string");
  return value->get();
}
}  // namespace

std::vector<reports::MutantInfo> load(const std::filesystem::path& catalog_file) {
  toml::table root;
  try {
    root = toml::parse_file(catalog_file.string());
  } catch (const toml::parse_error& e) {
    throw CatalogError(where(catalog_file, e.source()) + ": " + std::string(e.description()));
  }
  for (const auto& [key, node] : root)
    if (key != "mutant")
      throw CatalogError(where(catalog_file, node.source()) + ": unknown key `" +
                         std::string(key.str()) + "`; the catalog holds only [[mutant]] entries");
  const auto* entries = root.get_as<toml::array>("mutant");
  if (!entries || entries->empty())
    throw CatalogError(catalog_file.string() + ": no [[mutant]] entries");
  static const std::set<std::string, std::less<>> known = {
      "id", "title", "symptom", "caught_by", "file", "function", "lines", "coincides_with", "why"};
  std::vector<reports::MutantInfo> mutants;
  std::set<std::string> ids;
  for (const auto& node : *entries) {
    const auto* entry = node.as_table();
    if (!entry) throw CatalogError(where(catalog_file, node.source()) + ": expected a table");
    for (const auto& [key, value] : *entry)
      if (!known.contains(key.str()))
        throw CatalogError(where(catalog_file, value.source()) + ": unknown key `" +
                           std::string(key.str()) + "`");
    reports::MutantInfo m;
    m.id = required_string(*entry, "id", catalog_file);
    if (!std::regex_match(m.id, std::regex("s[0-9]{2}")) || !ids.insert(m.id).second)
      throw CatalogError(where(catalog_file, entry->source()) + ": id \"" + m.id +
                         "\" must be unique and of the form sNN");
    m.title = required_string(*entry, "title", catalog_file);
    m.symptom = required_string(*entry, "symptom", catalog_file);
    m.file = required_string(*entry, "file", catalog_file);
    m.function = required_string(*entry, "function", catalog_file);
    const auto* caught = entry->get_as<toml::array>("caught_by");
    if (!caught || caught->empty())
      throw CatalogError(where(catalog_file, entry->source()) + ": " + m.id +
                         " needs caught_by = [\"Course.test_name\", ...]");
    for (const auto& test : *caught) {
      const auto* name = test.as_string();
      if (!name)
        throw CatalogError(where(catalog_file, test.source()) + ": caught_by holds test names");
      m.caught_by.push_back(name->get());
    }
    const auto* lines = entry->get_as<toml::array>("lines");
    const auto* begin = lines && lines->size() == 2 ? lines->get_as<int64_t>(0) : nullptr;
    const auto* end = lines && lines->size() == 2 ? lines->get_as<int64_t>(1) : nullptr;
    if (!begin || !end || begin->get() < 1 || end->get() < begin->get())
      throw CatalogError(where(catalog_file, entry->source()) + ": " + m.id +
                         " needs lines = [begin, end] with 1 <= begin <= end");
    m.line_begin = static_cast<int>(begin->get());
    m.line_end = static_cast<int>(end->get());
    mutants.push_back(std::move(m));
  }
  return mutants;
}

std::vector<std::string> check_sites(const std::vector<reports::MutantInfo>& mutants,
                                     const std::filesystem::path& repository_root) {
  std::vector<std::string> problems;
  std::map<int, const reports::MutantInfo*> by_number;
  for (const auto& m : mutants) {
    by_number[std::stoi(m.id.substr(1))] = &m;
    std::ifstream in(repository_root / m.file);
    if (!in) {
      problems.push_back(m.id + ": site file " + m.file + " does not exist");
      continue;
    }
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    if (m.line_end > static_cast<int>(lines.size())) {
      problems.push_back(m.id + ": lines " + std::to_string(m.line_begin) + "-" +
                         std::to_string(m.line_end) + " run past the end of " + m.file);
      continue;
    }
    const std::string expected = "// " + m.id + ": " + m.title;
    const std::string& first = lines[m.line_begin - 1];
    if (first.find(expected) == std::string::npos)
      problems.push_back(m.id + ": " + m.file + ":" + std::to_string(m.line_begin) +
                         " should hold the comment \"" + expected + "\" but reads \"" + first +
                         "\"; update `lines` in the catalog");
  }
  const std::regex call(R"(is_mutant\(([0-9]+)\))");
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(repository_root / "oracle" / "src")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".cpp") continue;
    const std::string relative =
        std::filesystem::relative(entry.path(), repository_root).generic_string();
    std::ifstream in(entry.path());
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      for (std::sregex_iterator it(line.begin(), line.end(), call), end; it != end; ++it) {
        const int id = std::stoi((*it)[1]);
        const auto found = by_number.find(id);
        if (found == by_number.end()) {
          problems.push_back(relative + ":" + std::to_string(number) + ": is_mutant(" +
                             std::to_string(id) + ") has no catalog entry");
          continue;
        }
        const auto& m = *found->second;
        if (m.file != relative || number < m.line_begin || number > m.line_end)
          problems.push_back(relative + ":" + std::to_string(number) + ": is_mutant(" +
                             std::to_string(id) + ") lies outside " + m.id + "'s site " + m.file +
                             ":" + std::to_string(m.line_begin) + "-" + std::to_string(m.line_end));
      }
    }
  }
  return problems;
}

}  // namespace tinyllm::catalog
