// generate.hpp: each file parsed, its sites collected, then given text, positions and stable ids.
#include "tinyllm/generator/generate.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "sites.hpp"

namespace tinyllm::generator {
namespace {

// Returns the parsed unit of `file`. A file that does not compile is an error carrying the
// compiler's diagnostics, since mutants of a broken parse would be wrong.
clang::UnitHandle parse_module_file(CXIndex index, const GeneratorOptions& options,
                                    const std::string& file) {
  const std::filesystem::path path = options.root / file;
  if (!std::filesystem::is_regular_file(path))
    throw GeneratorError("no such file: " + path.string() + " (files are relative to the root " +
                         options.root.string() + "; pass --root or a correct path)");
  std::vector<std::string> arguments = {"-x", "c++", "-std=c++20"};
  for (const std::string& folder : options.include_dirs)
    arguments.push_back("-I" + (options.root / folder).string());
  arguments.insert(arguments.end(), options.extra_flags.begin(), options.extra_flags.end());
  std::vector<const char*> argv;
  for (const std::string& argument : arguments) argv.push_back(argument.c_str());

  CXTranslationUnit unit = nullptr;
  const CXErrorCode code =
      clang_parseTranslationUnit2(index, path.c_str(), argv.data(), static_cast<int>(argv.size()),
                                  nullptr, 0, CXTranslationUnit_None, &unit);
  if (code != CXError_Success || unit == nullptr)
    throw GeneratorError("libclang could not parse " + path.string() + " (CXErrorCode " +
                         std::to_string(code) + "); check that the file is readable C++");
  clang::UnitHandle handle(unit);

  std::string errors;
  for (unsigned i = 0; i < clang_getNumDiagnostics(unit); ++i) {
    CXDiagnostic diagnostic = clang_getDiagnostic(unit, i);
    if (clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error)
      errors +=
          "  " +
          clang::take(clang_formatDiagnostic(diagnostic, clang_defaultDiagnosticDisplayOptions())) +
          "\n";
    clang_disposeDiagnostic(diagnostic);
  }
  if (!errors.empty()) {
    std::string command = "clang++";
    for (const std::string& argument : arguments) command += " " + argument;
    throw GeneratorError(path.string() +
                         " does not compile, so no mutants are generated from it:\n" + errors +
                         "Flags used: " + command +
                         "\nFix the file, or pass the include folders it needs with --include.");
  }
  return handle;
}

// A source file's bytes and the line and column (both 1-based, columns in bytes) of an offset.
class SourceText {
 public:
  explicit SourceText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw GeneratorError("cannot read " + path.string());
    std::ostringstream buffer;
    buffer << in.rdbuf();
    bytes = buffer.str();
    for (std::size_t i = 0; i < bytes.size(); ++i)
      if (bytes[i] == '\n') line_starts_.push_back(i + 1);
  }

  SourcePosition position(std::size_t offset) const {
    const auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const std::size_t line_index = static_cast<std::size_t>(after - line_starts_.begin()) - 1;
    return {static_cast<int>(line_index + 1),
            static_cast<int>(offset - line_starts_[line_index] + 1), offset};
  }

  std::string bytes;

 private:
  std::vector<std::size_t> line_starts_ = {0};
};

// Returns `text` with every run of whitespace made one space (none at either end), so
// re-indenting a multi-line condition does not change a mutant's id.
std::string collapse_whitespace(const std::string& text) {
  std::istringstream words(text);
  std::string result;
  for (std::string word; words >> word;) result += (result.empty() ? "" : " ") + word;
  return result;
}

// Returns the id of `readable` (generate.hpp). Written out rather than std::hash, whose value may
// differ between standard libraries and releases: ids are stored in reviewed files.
std::string stable_id(const std::string& readable) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a 64-bit offset basis
  for (const unsigned char byte : readable) {
    hash ^= byte;
    hash *= 1099511628211ull;  // FNV-1a 64-bit prime
  }
  // SplitMix64's finalizer: FNV-1a barely mixes the last bytes, and keys differing only in the
  // occurrence digit would give ids that look alike.
  hash = (hash ^ (hash >> 30)) * 0xbf58476d1ce4e5b9ull;
  hash = (hash ^ (hash >> 27)) * 0x94d049bb133111ebull;
  hash ^= hash >> 31;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return "g" + std::string(hex, 10);
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
    m.original = source.bytes.substr(site.range.begin, site.range.end - site.range.begin);
    m.replacement = site.replacement;
    const std::string key_text = collapse_whitespace(m.original);
    m.occurrence = seen[{m.function, m.operator_name, key_text}]++;
    m.readable = file + "|" + m.function + "|" + m.operator_name + "|" + key_text + "|#" +
                 std::to_string(m.occurrence);
    m.id = stable_id(m.readable);
    m.start = source.position(site.range.begin);
    m.end = source.position(site.range.end);
    m.scope_start = source.position(site.scope.begin);
    m.scope_end = source.position(site.scope.end);
    m.form = site.form;
    mutants.push_back(std::move(m));
  }
  return mutants;
}

nlohmann::json position_json(const SourcePosition& p) {
  return {{"line", p.line}, {"column", p.column}, {"offset", p.offset}};
}

SourcePosition position_from_json(const nlohmann::json& p) {
  return {p.at("line").get<int>(), p.at("column").get<int>(), p.at("offset").get<std::size_t>()};
}

constexpr std::pair<SchemaForm, const char*> kFormNames[] = {
    {SchemaForm::Expression, "expression"},
    {SchemaForm::Condition, "condition"},
    {SchemaForm::ValueInitialized, "value_initialized"},
    {SchemaForm::Discarded, "discarded"}};

const char* schema_form_name(SchemaForm form) {
  for (const auto& [f, name] : kFormNames)
    if (f == form) return name;
  return "expression";
}

SchemaForm schema_form_of(const std::string& name) {
  for (const auto& [form, n] : kFormNames)
    if (name == n) return form;
  throw std::invalid_argument("unknown schema form \"" + name + "\"");
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
  static const std::vector<std::string> names = mutator_names();
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

nlohmann::json mutants_to_json(const std::vector<std::string>& files,
                               const std::vector<GeneratedMutant>& mutants) {
  nlohmann::json list = nlohmann::json::array();
  for (const GeneratedMutant& m : mutants) {
    list.push_back({{"id", m.id},
                    {"readable", m.readable},
                    {"file", m.file},
                    {"function", m.function},
                    {"operator", m.operator_name},
                    {"original", m.original},
                    {"replacement", m.replacement},
                    {"occurrence", m.occurrence},
                    {"start", position_json(m.start)},
                    {"end", position_json(m.end)}});
    list.back()["schema"] = {{"start", position_json(m.scope_start)},
                             {"end", position_json(m.scope_end)},
                             {"form", schema_form_name(m.form)}};
  }
  return {{"format", 1},
          {"positions", "1-based line and byte column; end is exclusive; offset is 0-based bytes"},
          {"files", files},
          {"mutants", list}};
}

std::vector<GeneratedMutant> mutants_from_json(const nlohmann::json& document) {
  std::vector<GeneratedMutant> mutants;
  for (const nlohmann::json& m : document.at("mutants")) {
    const auto text = [&](const char* key) { return m.at(key).get<std::string>(); };
    mutants.push_back({text("id"), text("readable"), text("file"), text("function"),
                       text("operator"), text("original"), text("replacement"),
                       m.at("occurrence").get<int>(), position_from_json(m.at("start")),
                       position_from_json(m.at("end")),
                       position_from_json(m.at("schema").at("start")),
                       position_from_json(m.at("schema").at("end")),
                       schema_form_of(m.at("schema").at("form").get<std::string>())});
  }
  return mutants;
}

}  // namespace tinyllm::generator
