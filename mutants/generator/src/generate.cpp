// Generates the mutants of a list of files: parse each, collect its sites, then give each site
// its text, positions and stable id (occurrences counted in source order within a function).
#include "tinyllm/generator/generate.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "clang_helpers.hpp"
#include "literal_sites.hpp"
#include "operator_sites.hpp"
#include "parse.hpp"
#include "source_text.hpp"
#include "stable_id.hpp"
#include "statement_sites.hpp"
#include "walk.hpp"

namespace tinyllm::generator {
namespace {

clang::UnitHandle parse_module_file(CXIndex index, const GeneratorOptions& options,
                                    const std::string& file) {
  const std::filesystem::path path = options.root / file;
  if (!std::filesystem::is_regular_file(path))
    throw GeneratorError("no such file: " + path.string() + " (files are relative to the root " +
                         options.root.string() + "; pass --root or a correct path)");
  std::vector<std::string> flags;
  for (const std::string& folder : options.include_dirs)
    flags.push_back("-I" + (options.root / folder).string());
  flags.insert(flags.end(), options.extra_flags.begin(), options.extra_flags.end());
  return parse_file(index, path, flags);
}

std::vector<GeneratedMutant> mutants_of_file(CXIndex index, const GeneratorOptions& options,
                                             const std::string& file) {
  const clang::UnitHandle unit = parse_module_file(index, options, file);
  const SourceText source(options.root / file);
  std::vector<Site> sites = collect_sites(unit.get());
  std::stable_sort(sites.begin(), sites.end(), [](const Site& a, const Site& b) {
    return std::tie(a.range.begin, a.range.end) < std::tie(b.range.begin, b.range.end);
  });

  std::map<std::tuple<std::string, std::string, std::string>, int> seen;
  std::vector<GeneratedMutant> mutants;
  for (const Site& site : sites) {
    GeneratedMutant m;
    m.file = file;
    m.function = site.function;
    m.operator_name = site.operator_name;
    m.original = source.bytes().substr(site.range.begin, site.range.end - site.range.begin);
    m.replacement = site.replacement;
    const std::string key_text = collapse_whitespace(m.original);
    m.occurrence = seen[{m.function, m.operator_name, key_text}]++;
    const MutantKey key{file, m.function, m.operator_name, key_text, m.occurrence};
    m.id = stable_id(key);
    m.readable = readable_key(key);
    m.start = source.position(site.range.begin);
    m.end = source.position(site.range.end);
    m.scope_start = source.position(site.scope.begin);
    m.scope_end = source.position(site.scope.end);
    m.form = site.form;
    mutants.push_back(std::move(m));
  }
  return mutants;
}

}  // namespace

const std::vector<std::string>& default_module_files() {
  static const std::vector<std::string> files = {
      "oracle/src/train/cast.cpp",        "oracle/src/train/autocast.cpp",
      "oracle/src/train/loss_scaler.cpp", "oracle/src/train/accumulate.cpp",
      "oracle/src/train/train_step.cpp",  "oracle/src/train/checkpoint.cpp"};
  return files;
}

const std::vector<std::string>& operator_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = operator_mutator_names();
    for (auto& name : literal_mutator_names()) all.push_back(name);
    for (auto& name : statement_mutator_names()) all.push_back(name);
    return all;
  }();
  return names;
}

std::vector<GeneratedMutant> generate_mutants(const GeneratorOptions& options) {
  const clang::IndexHandle index(clang_createIndex(/*excludeDeclarationsFromPCH=*/0,
                                                   /*displayDiagnostics=*/0));
  std::vector<GeneratedMutant> all;
  std::set<std::string> ids;
  for (const std::string& file : options.files) {
    for (GeneratedMutant& m : mutants_of_file(index.get(), options, file)) {
      // Distinct keys colliding in 40 bits is an internal error worth stopping for.
      if (!ids.insert(m.id).second)
        throw GeneratorError("two mutants share the id " + m.id + " (" + m.readable +
                             "): report this; the id scheme needs more digits");
      all.push_back(std::move(m));
    }
  }
  return all;
}

}  // namespace tinyllm::generator
