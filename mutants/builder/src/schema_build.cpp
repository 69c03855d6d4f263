// build_schema_library (build_steps.hpp).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "build_steps.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/schema_source.hpp"
#include "tinyllm/catalog.hpp"
#include "token.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::read_whole_file;
using base::write_whole_file;
namespace {

// Compiles that blame mutants by the compiler's error lines before a file's are all left out.
constexpr int kBlameRounds = 6;

// The lines of `file` the compiler reported an error on.
std::set<int> error_lines(const std::string& diagnostics, const fs::path& file) {
  std::set<int> lines;
  const std::regex error(
      "^" + std::regex_replace(file.string(), std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
      R"(:(\d+):\d+: (fatal )?error)");
  std::istringstream in(diagnostics);
  for (std::string line; std::getline(in, line);) {
    std::smatch match;
    if (std::regex_search(line, match, error)) lines.insert(std::stoi(match[1].str()));
  }
  return lines;
}

// The first error line of the diagnostics, for a reason a reader can follow.
std::string first_error(const std::string& diagnostics) {
  std::istringstream in(diagnostics);
  for (std::string line; std::getline(in, line);)
    if (line.find(" error: ") != std::string::npos) return line.substr(line.find(" error: ") + 8);
  return "the compiler gave no error line";
}

// The runtime's source: token.hpp in place of its #include, the highest number defined.
std::string runtime_source(const fs::path& schema_dir, int last) {
  const std::string token = read_whole_file(schema_dir / "token.hpp");
  std::string runtime = read_whole_file(schema_dir / "runtime.cpp");
  const std::string include = "#include \"token.hpp\"";
  const std::size_t at = runtime.find(include);
  if (at == std::string::npos)
    throw BuildError((schema_dir / "runtime.cpp").string() + " no longer includes token.hpp");
  runtime.replace(at, include.size(), "");
  return "#define TINYLLM_SCHEMA_LAST " + std::to_string(last) + "\n#line 1 \"" +
         (schema_dir / "token.hpp").string() + "\"\n" +
         std::regex_replace(token, std::regex("#pragma once"), "") + "\n#line 1 \"" +
         (schema_dir / "runtime.cpp").string() + "\"\n" + runtime;
}

// Links `objects` into options.variants_dir/schema/ (--strip-debug: a suite must not tell the
// libraries apart by their debug information), unless the library there was linked by the same
// command from objects with the same bytes; returns whether it linked.
bool link_library(const BuildOptions& options, const std::vector<fs::path>& objects) {
  const fs::path library = options.variants_dir / "schema" / kVariantLibraryName;
  fs::path temporary = library;
  temporary += ".tmp";
  std::vector<std::string> arguments = options.link_command;
  arguments.insert(arguments.end(), {"-shared", std::string("-Wl,-soname,") + kVariantLibraryName,
                                     "-Wl,--strip-debug", "-o"});
  base::ContentHasher key;
  for (const std::string& part : arguments) key.add(part);
  key.add("");  // the output's place: a library linked by an earlier build keeps its key
  for (const fs::path& object : objects) key.add(base::ContentHasher().add_file(object).hex());
  const fs::path stamp = options.cache_dir / "links" / "schema";
  if (fs::exists(library) && fs::exists(stamp) && read_whole_file(stamp) == key.hex()) return false;
  fs::create_directories(library.parent_path());
  arguments.push_back(temporary.string());
  for (const fs::path& object : objects) arguments.push_back(object.string());
  const base::ProcessResult result = run_tool(arguments);
  if (result.exit_code != 0)
    throw BuildError("linking the schema library failed:\n" + result.output +
                     "command: " + base::command_line(arguments));
  fs::rename(temporary, library);
  write_whole_file(stamp, key.hex());
  return true;
}

// One switched file composed and compiled: its object, and the mutants it could not hold.
struct ComposedFile {
  fs::path object;
  std::map<std::string, std::string> left_out;
  Compiles compiles;
};

// Composes `file` with `members` and compiles it; a mutant the compiler refuses in place (a
// constant expression needs its value, a type the switch cannot hold) is left out and the file
// composed again, at most kBlameRounds rounds.
ComposedFile compose_and_compile(const BuildOptions& options, const ModuleFile& file,
                                 const std::vector<SchemaMutant>& members,
                                 const std::string& prelude) {
  ComposedFile composed;
  const std::string text = read_whole_file(file.reference.source);
  std::map<std::string, std::string> excluded;
  std::optional<fs::path> object;
  SchemaSource source;
  for (int round = 0; !object; ++round) {
    source = schema_source(text, members, prelude, file.reference.source.string(), excluded);
    std::string diagnostics;
    object = try_compile_source(options, file, source.text, diagnostics, composed.compiles);
    if (object) break;
    if (source.placed.empty())
      throw BuildError("the schema of " + file.name +
                       " does not compile even without generated mutants:\n" + diagnostics);
    const std::set<int> lines = error_lines(diagnostics, file.reference.source);
    auto line_of = [&](std::size_t offset) {
      return static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n')) + 1;
    };
    std::vector<const SchemaMutant*> suspects;  // placed, their scope on an error's line
    for (const SchemaMutant& m : members) {
      if (std::ranges::find(source.placed, m.id) == source.placed.end()) continue;
      const auto first = lines.lower_bound(line_of(m.scope_begin));
      if (first != lines.end() && *first <= line_of(m.scope_end)) suspects.push_back(&m);
    }
    // The innermost suspects are blamed: a scope around a failing switch is not at fault, and
    // is blamed in the next round if the file still does not compile. Of mutants sharing a
    // scope, those of the expression form first: the only form whose two sides must have a
    // common type (the others cast both sides to bool or void, or take the reference's type).
    const std::string why = "the compiler refuses it in place: " + first_error(diagnostics);
    std::vector<const SchemaMutant*> innermost;
    for (const SchemaMutant* m : suspects)
      if (std::ranges::none_of(suspects, [&](const SchemaMutant* o) {
            return m->scope_begin <= o->scope_begin && o->scope_end <= m->scope_end &&
                   o->scope_end - o->scope_begin < m->scope_end - m->scope_begin;
          }))
        innermost.push_back(m);
    const bool any_expression = std::ranges::any_of(
        innermost, [](auto* m) { return m->form == generator::SchemaForm::Expression; });
    for (const SchemaMutant* m : innermost)
      if (round < kBlameRounds && (!any_expression || m->form == generator::SchemaForm::Expression))
        excluded[m->id] = why;
    if (suspects.empty() || round >= kBlameRounds)  // no mutant to blame: leave the file's out
      for (const std::string& id : source.placed)
        excluded[id] =
            "the file did not compile with it in place (" + first_error(diagnostics) + ")";
  }
  composed.object = *object;
  composed.left_out = source.left_out;
  return composed;
}

}  // namespace

SchemaOutcome build_schema_library(const BuildOptions& options,
                                   const std::vector<ModuleFile>& files,
                                   const std::vector<generator::GeneratedMutant>& mutants,
                                   Compiles& compiled) {
  SchemaOutcome outcome;
  if (files.empty()) return outcome;
  // The pitfalls and semantic wheats: their guards in the switched files ask the switch.
  std::map<std::string, int> number_of;
  std::map<std::string, std::string> binary_wheats;  // id -> its build's folder in variants/
  if (!options.catalog.empty()) {
    try {
      for (const catalog::MutantInfo& pitfall : catalog::load(options.catalog))
        number_of[pitfall.id] = std::stoi(pitfall.id.substr(1));
      for (const catalog::WheatInfo& wheat : catalog::load_wheats(options.catalog))
        if (wheat.kind == catalog::WheatKind::Semantic)
          number_of[wheat.id] = tinyllm_schema::kFirstWheat + std::stoi(wheat.id.substr(1));
        else
          binary_wheats[wheat.id] = wheat.build;
    } catch (const catalog::CatalogError& e) {
      throw BuildError(std::string("the schema library needs the catalog: ") + e.what());
    }
  }
  std::map<std::string, std::vector<SchemaMutant>> by_file;
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const generator::GeneratedMutant& m = mutants[i];
    by_file[m.file].push_back({m.id, tinyllm_schema::kFirstGenerated + static_cast<int>(i),
                               m.start.offset, m.end.offset, m.replacement, m.scope_start.offset,
                               m.scope_end.offset, m.form});
  }
  const int last = tinyllm_schema::kFirstGenerated - 1 + static_cast<int>(mutants.size());
  const std::string prelude = "#define TINYLLM_SCHEMA_FIRST_WHEAT " +
                              std::to_string(tinyllm_schema::kFirstWheat) + "\n" +
                              read_whole_file(options.schema_dir / "prelude.hpp");

  // The files compose and compile in parallel; their results are merged in file order.
  for (const ModuleFile& file : files) by_file[file.name];  // no insertion from the threads
  std::vector<ComposedFile> composed(files.size());
  base::parallel_for(
      files.size(), base::job_count(static_cast<int>(options.jobs)), [&](std::size_t i) {
        composed[i] = compose_and_compile(options, files[i], by_file[files[i].name], prelude);
      });
  std::map<fs::path, fs::path> replaced;
  for (std::size_t i = 0; i < files.size(); ++i) {
    replaced[fs::weakly_canonical(files[i].reference.object)] = composed[i].object;
    outcome.left_out.insert(composed[i].left_out.begin(), composed[i].left_out.end());
    compiled.used.insert(composed[i].compiles.used.begin(), composed[i].compiles.used.end());
    compiled.compiled += composed[i].compiles.compiled;
    for (const SchemaMutant& m : by_file[files[i].name])
      if (!composed[i].left_out.contains(m.id)) number_of[m.id] = m.number;
  }

  // The runtime, compiled as a module file's source (its flags), then the link.
  std::string diagnostics;
  const std::optional<fs::path> runtime = try_compile_source(
      options, files.front(), runtime_source(options.schema_dir, last), diagnostics, compiled);
  if (!runtime) throw BuildError("the schema runtime does not compile:\n" + diagnostics);
  std::vector<fs::path> objects;
  for (const fs::path& object : options.reference_objects) {
    const auto found = replaced.find(fs::weakly_canonical(object));
    objects.push_back(found == replaced.end() ? object : found->second);
  }
  objects.push_back(*runtime);
  outcome.linked = link_library(options, objects);
  const nlohmann::json listing = {
      {"format", 3}, {"mutants", number_of}, {"binary_wheats", binary_wheats}};
  const fs::path path = options.variants_dir / "schema.json";
  const std::string text = listing.dump(2) + "\n";
  if (!fs::exists(path) || read_whole_file(path) != text) {
    write_whole_file(path, text);
    outcome.written = true;
  }
  return outcome;
}

}  // namespace tinyllm::builder
