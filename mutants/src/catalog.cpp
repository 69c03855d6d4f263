// Reads and checks mutants/catalog.toml with toml++. Where each site sits is not in the file:
// site.cpp finds it from the marker comment in the source.
#include "tinyllm/catalog.hpp"

#include <toml++/toml.h>

#include <regex>
#include <set>

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

std::vector<MutantInfo> load(const std::filesystem::path& catalog_file) {
  toml::table root;
  try {
    root = toml::parse_file(catalog_file.string());
  } catch (const toml::parse_error& e) {
    throw CatalogError(where(catalog_file, e.source()) + ": " + std::string(e.description()));
  }
  for (const auto& [key, node] : root)
    if (key != "mutant" && key != "wheat")  // [[wheat]]: catalog::load_wheats reads them
      throw CatalogError(where(catalog_file, node.source()) + ": unknown key `" +
                         std::string(key.str()) + "`; the catalog holds only [[mutant]] entries");
  const auto* entries = root.get_as<toml::array>("mutant");
  if (!entries || entries->empty())
    throw CatalogError(catalog_file.string() + ": no [[mutant]] entries");
  static const std::set<std::string, std::less<>> known = {
      "id", "title", "symptom", "caught_by", "file", "function", "coincides_with", "why"};
  std::vector<MutantInfo> mutants;
  std::set<std::string> ids;
  for (const auto& node : *entries) {
    const auto* entry = node.as_table();
    if (!entry) throw CatalogError(where(catalog_file, node.source()) + ": expected a table");
    for (const auto& [key, value] : *entry) {
      if (key.str() == "lines")
        throw CatalogError(where(catalog_file, value.source()) +
                           ": `lines` is no longer read: a site is found by its marker comment "
                           "\"// sNN: <title>\" in `file`; remove `lines`");
      if (!known.contains(key.str()))
        throw CatalogError(where(catalog_file, value.source()) + ": unknown key `" +
                           std::string(key.str()) + "`");
    }
    MutantInfo m;
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
    mutants.push_back(std::move(m));
  }
  return mutants;
}

}  // namespace tinyllm::catalog
