// Reading mutants/catalog.toml with toml++: what the mutants' and the wheats' readers share (the
// parse, the top-level keys, and errors that name the file, line and column).
#pragma once
#include <toml++/toml.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace tinyllm::catalog::detail {

// Returns "file:line:column" of `region`, the prefix of every error about a place in the file.
std::string where(const std::filesystem::path& file, const toml::source_region& region);

// Returns the parsed catalog file. Throws CatalogError naming the file, line and column when it is
// not TOML, or when it holds a top-level key other than the [[mutant]] and [[wheat]] arrays.
toml::table parse_catalog(const std::filesystem::path& catalog_file);

// Returns the non-empty string `key` of `entry`, one of the file's [[`table`]] entries. Throws
// CatalogError naming the entry when the key is missing, or the key when it is not such a string.
std::string required_string(const toml::table& entry, std::string_view key,
                            const std::filesystem::path& file, std::string_view table);

}  // namespace tinyllm::catalog::detail
