// The parse and field checks shared by load (the mutants) and load_wheats.
#include "catalog_file.hpp"

#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog::detail {

std::string where(const std::filesystem::path& file, const toml::source_region& region) {
  return file.string() + ":" + std::to_string(region.begin.line) + ":" +
         std::to_string(region.begin.column);
}

toml::table parse_catalog(const std::filesystem::path& catalog_file) {
  toml::table root;
  try {
    root = toml::parse_file(catalog_file.string());
  } catch (const toml::parse_error& e) {
    throw CatalogError(where(catalog_file, e.source()) + ": " + std::string(e.description()));
  }
  for (const auto& [key, node] : root)
    if (key != "mutant" && key != "wheat" && key != "operator_family")
      throw CatalogError(where(catalog_file, node.source()) + ": unknown key `" +
                         std::string(key.str()) +
                         "`; the catalog holds only [[mutant]], [[wheat]] and [[operator_family]] "
                         "entries");
  return root;
}

std::string required_string(const toml::table& entry, std::string_view key,
                            const std::filesystem::path& file, std::string_view table) {
  const auto* node = entry.get(key);
  if (!node)
    throw CatalogError(where(file, entry.source()) + ": this [[" + std::string(table) +
                       "]] has no `" + std::string(key) + "`; add it as a string");
  const auto* value = node->as_string();
  if (!value || value->get().empty())
    throw CatalogError(where(file, node->source()) + ": `" + std::string(key) +
                       "` must be a non-empty string");
  return value->get();
}

}  // namespace tinyllm::catalog::detail
