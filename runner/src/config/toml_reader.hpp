// Reading a grading policy's TOML (config.cpp): each value by its type, and every mistake a
// UsageError that names the file, the line and the column, and says what was expected.
#pragma once
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "config/config.hpp"
#include "config/errors.hpp"

namespace tinyllm::runner::detail {

// Reads one file's values, turning every mistake into a UsageError at its position.
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const toml::node& node, const std::string& what) const {
    const auto& begin = node.source().begin;
    throw UsageError(fmt::format("{}:{}:{}: {}", file_, begin.line, begin.column, what));
  }

  SourcePosition position(const toml::node& node) const {
    return {file_, static_cast<int>(node.source().begin.line),
            static_cast<int>(node.source().begin.column)};
  }

  // Rejects keys of `table` not in `known`; `where` names the table in the message.
  void only_keys(const toml::table& table, const std::set<std::string>& known,
                 const std::string& where) const {
    for (const auto& entry : table) {
      const toml::key& key = entry.first;
      if (known.count(std::string(key.str())) == 0) {
        const auto& begin = key.source().begin;  // the key's own position, not its value's
        throw UsageError(fmt::format("{}:{}:{}: unknown key '{}' in {}; the keys there are: {}",
                                     file_, begin.line, begin.column, key.str(), where,
                                     fmt::join(known, ", ")));
      }
    }
  }

  double number(const toml::node& node, const std::string& key) const {
    if (auto v = node.value_exact<double>()) return *v;
    if (auto v = node.value_exact<std::int64_t>()) return static_cast<double>(*v);
    fail(node, fmt::format("'{}' must be a number, not {}", key, type_name(node)));
  }

  double positive(const toml::node& node, const std::string& key) const {
    double v = number(node, key);
    if (!(v > 0)) fail(node, fmt::format("'{}' must be greater than 0, not {}", key, v));
    return v;
  }

  std::int64_t integer(const toml::node& node, const std::string& key) const {
    if (auto v = node.value_exact<std::int64_t>()) return *v;
    fail(node, fmt::format("'{}' must be an integer, not {}", key, type_name(node)));
  }

  // A boolean; `meaning` says what true and false do, for the message when it is not one.
  bool boolean(const toml::node& node, const std::string& key, const std::string& meaning) const {
    if (auto v = node.value_exact<bool>()) return *v;
    fail(node, fmt::format("'{}' must be {}", key, meaning));
  }

  std::string string(const toml::node& node, const std::string& key) const {
    if (auto v = node.value_exact<std::string>()) return *v;
    fail(node, fmt::format("'{}' must be a string, not {}", key, type_name(node)));
  }

  const toml::table& table(const toml::node& node, const std::string& key) const {
    if (const auto* t = node.as_table()) return *t;
    fail(node, fmt::format("'{}' must be a table ([{}]), not {}", key, key, type_name(node)));
  }

  const toml::array& array(const toml::node& node, const std::string& key) const {
    if (const auto* a = node.as_array()) return *a;
    fail(node, fmt::format("'{}' must be an array, not {}", key, type_name(node)));
  }

  static std::string type_name(const toml::node& node) {
    using T = toml::node_type;
    static const std::map<T, const char*> names = {
        {T::string, "a string"},   {T::integer, "an integer"}, {T::floating_point, "a float"},
        {T::boolean, "a boolean"}, {T::array, "an array"},     {T::table, "a table"}};
    const auto found = names.find(node.type());
    return found != names.end() ? found->second : "a date or time";
  }

 private:
  std::string file_;
};

}  // namespace tinyllm::runner::detail
