// Reads and checks mutants/catalog.toml with toml++. Where each site sits is not in the file:
// site.cpp finds it from the marker comment in the source.
#include "tinyllm/catalog.hpp"

#include <map>
#include <regex>
#include <set>

#include "catalog_file.hpp"

namespace tinyllm::catalog {
using detail::required_string;
using detail::where;

std::vector<MutantInfo> load(const std::filesystem::path& catalog_file) {
  // The [[wheat]] entries are load_wheats's (wheats.cpp).
  const toml::table root = detail::parse_catalog(catalog_file);
  const auto* entries = root.get_as<toml::array>("mutant");
  if (!entries || entries->empty())
    throw CatalogError(catalog_file.string() + ": no [[mutant]] entries");
  static const std::set<std::string, std::less<>> known = {
      "id",        "title", "symptom",  "question",       "concept",
      "caught_by", "file",  "function", "coincides_with", "why"};
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
    m.id = required_string(*entry, "id", catalog_file, "mutant");
    if (!std::regex_match(m.id, std::regex("s[0-9]{2}")) || !ids.insert(m.id).second)
      throw CatalogError(where(catalog_file, entry->source()) + ": id \"" + m.id +
                         "\" must be unique and of the form sNN");
    m.title = required_string(*entry, "title", catalog_file, "mutant");
    m.symptom = required_string(*entry, "symptom", catalog_file, "mutant");
    m.hint_question = required_string(*entry, "question", catalog_file, "mutant");
    m.hint_concept = required_string(*entry, "concept", catalog_file, "mutant");
    m.file = required_string(*entry, "file", catalog_file, "mutant");
    m.function = required_string(*entry, "function", catalog_file, "mutant");
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

std::map<std::string, std::string> load_operator_families(
    const std::filesystem::path& catalog_file) {
  const toml::table root = detail::parse_catalog(catalog_file);
  std::map<std::string, std::string> kinds;
  const auto* families = root.get_as<toml::array>("operator_family");
  if (!families) return kinds;
  for (const auto& node : *families) {
    const auto* family = node.as_table();
    if (!family) throw CatalogError(where(catalog_file, node.source()) + ": expected a table");
    const std::string kind = required_string(*family, "kind", catalog_file, "operator_family");
    const auto* operators = family->get_as<toml::array>("operators");
    if (!operators || operators->empty())
      throw CatalogError(where(catalog_file, family->source()) +
                         ": an [[operator_family]] needs operators = [\"cxx_...\", ...]");
    for (const auto& op : *operators) {
      const auto* name = op.as_string();
      if (!name || !kinds.emplace(name->get(), kind).second)
        throw CatalogError(where(catalog_file, op.source()) +
                           ": each operator is a string named in one family only");
    }
  }
  return kinds;
}

}  // namespace tinyllm::catalog
