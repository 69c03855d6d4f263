// Parsing the configuration file CMake generates for tinyllm-build-generated.
#include "tinyllm/builder/config.hpp"

#include <map>
#include <sstream>

#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/generator/generate.hpp"

namespace tinyllm::builder {
namespace {

std::vector<std::string> split_list(const std::string& value) {
  std::vector<std::string> items;
  std::istringstream in(value);
  for (std::string item; std::getline(in, item, ';');)
    if (!item.empty()) items.push_back(item);
  return items;
}

}  // namespace

BuildOptions parse_config(const std::string& text, const std::string& name) {
  std::map<std::string, std::string> values;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t equals = line.find('=');
    if (equals == std::string::npos)
      throw BuildError(name + ": the line '" + line + "' is not key=value");
    values[line.substr(0, equals)] = line.substr(equals + 1);
  }
  auto take = [&](const std::string& key) {
    const auto found = values.find(key);
    if (found == values.end())
      throw BuildError(name + " has no " + key + "= line: rerun cmake to regenerate it");
    std::string value = found->second;
    values.erase(found);
    return value;
  };

  BuildOptions options;
  options.source_root = take("source_root");
  options.compile_commands = take("compile_commands");
  for (const std::string& object : split_list(take("reference_objects")))
    options.reference_objects.push_back(object);
  options.link_command = split_list(take("link_command"));
  options.variants_dir = take("variants_dir");
  options.cache_dir = take("cache_dir");
  options.depfile = take("depfile");
  options.schema_dir = take("schema_dir");
  if (values.contains("catalog")) options.catalog = take("catalog");
  options.files =
      values.contains("files") ? split_list(take("files")) : generator::default_module_files();
  if (!values.empty())
    throw BuildError(name + ": unknown key " + values.begin()->first +
                     " (known: source_root, compile_commands, reference_objects, link_command, "
                     "variants_dir, cache_dir, depfile, schema_dir, files, catalog)");
  return options;
}

}  // namespace tinyllm::builder
