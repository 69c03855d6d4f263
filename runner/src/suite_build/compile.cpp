// Compiles the suite as one translation unit (or, when that fails, each source to an object in
// parallel), then links once. The executable has no RPATH: runs choose the oracle library
// (reference or variant) with LD_LIBRARY_PATH alone.
#include "suite_build/compile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include "config/build_info.hpp"
#include "suite_build/early_code.hpp"
#include "suite_build/precompiled_header.hpp"
#include "suite_build/suite_objects.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/process.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::vector<fs::path> paths_in(const char* list, const fs::path& source_dir) {
  std::vector<fs::path> paths;
  std::istringstream in(list);
  for (std::string entry; std::getline(in, entry, ';');) paths.push_back(source_dir / entry);
  return paths;
}

}  // namespace

// The lists are runner/CMakeLists.txt's, which precompiles the suites' header with them. The
// repository root is deliberately absent, so `#include "oracle/src/..."` does not compile.
std::vector<fs::path> learner_includes(const fs::path& source_dir) {
  return paths_in(build_info::learner_includes, source_dir);
}

std::vector<fs::path> learner_include_dirs(const fs::path& source_dir) {
  return paths_in(build_info::learner_include_dirs, source_dir);
}

Toolchain default_toolchain(const fs::path& source_dir, const fs::path& build_dir) {
  Toolchain t;
  t.compiler = build_info::cxx_compiler;
  t.cxx_flags = split_words(build_info::suite_cxx_flags);
  t.include_dirs = learner_include_dirs(source_dir);
  t.includable = learner_includes(source_dir);
  t.reference_library_dir = build_dir / "variants" / "reference";
  // The probe listener first: an object, always linked; it tells the schema library which test
  // runs, for the reach run (probe_listener/probe_listener.cpp).
  t.link_libraries = {build_info::probe_listener_object};
  for (std::string& library : split_words(build_info::suite_link_libraries))
    t.link_libraries.push_back(std::move(library));
  t.precompiled_header = precompiled_header_flags(build_dir, t);
  return t;
}

std::vector<fs::path> suite_sources(const fs::path& suite_dir) {
  std::vector<fs::path> sources;
  for (const auto& entry : fs::recursive_directory_iterator(suite_dir)) {
    const auto ext = entry.path().extension();
    if (entry.is_regular_file() && (ext == ".cpp" || ext == ".cc" || ext == ".cxx"))
      sources.push_back(entry.path());
  }
  std::sort(sources.begin(), sources.end());
  return sources;
}

namespace {

// The compiler's command for one translation unit, with the suite's flags and include path.
std::vector<std::string> compile_command(const Toolchain& toolchain, const fs::path& suite_dir,
                                         const fs::path& source, const fs::path& object,
                                         bool precompiled) {
  std::vector<std::string> argv = {toolchain.compiler};
  std::ranges::copy(toolchain.cxx_flags, std::back_inserter(argv));
  if (precompiled) std::ranges::copy(toolchain.precompiled_header, std::back_inserter(argv));
  argv.insert(argv.end(), {"-iquote", suite_dir.string()});
  for (const auto& dir : toolchain.include_dirs) argv.push_back("-I" + dir.string());
  argv.insert(argv.end(), {"-c", source.string(), "-o", object.string()});
  return argv;
}

// The folders of the precompiled header's files the toolchain's flags name.
std::vector<fs::path> precompiled_header_dirs(const Toolchain& toolchain) {
  std::vector<fs::path> dirs;
  for (const std::string& flag : toolchain.precompiled_header)
    if (fs::path p(flag); p.is_absolute() && fs::exists(p)) dirs.push_back(p.parent_path());
  return dirs;
}

// What a suite's compile may read and include: its folder, the includable headers, the precompiled
// header, and the objects folder (where its one-unit source is written); the linker also reads the
// reference library and the objects it links.
CompilerCall suite_call(const Toolchain& toolchain, const fs::path& suite_dir,
                        const fs::path& object_dir, std::vector<std::string> argv) {
  CompilerCall call;
  call.argv = std::move(argv);
  call.readable = {suite_dir};
  std::ranges::copy(toolchain.includable, std::back_inserter(call.readable));
  std::ranges::copy(precompiled_header_dirs(toolchain), std::back_inserter(call.readable));
  call.readable.push_back(toolchain.reference_library_dir);
  for (const std::string& library : toolchain.link_libraries)
    if (fs::path p(library); p.is_absolute() && fs::exists(p)) call.readable.push_back(p);
  call.output_dir = object_dir.parent_path();
  return call;
}

IncludePolicy suite_policy(const Toolchain& toolchain, const fs::path& suite_dir,
                           const fs::path& object_dir) {
  IncludePolicy policy;
  policy.folders = {suite_dir, object_dir};
  for (const fs::path& p : toolchain.includable)
    (fs::is_directory(p) ? policy.folders : policy.files).push_back(p);
  std::ranges::copy(precompiled_header_dirs(toolchain), std::back_inserter(policy.folders));
  policy.learner_folders = {suite_dir};
  std::ranges::copy(toolchain.learner_folders, std::back_inserter(policy.learner_folders));
  policy.allowed_in_words = toolchain.includable_in_words;
  return policy;
}

// Whether `path` can be written inside #include "...": no quote, newline or backslash (whose
// meaning there is the compiler's choice).
bool includable(const fs::path& path) {
  return path.string().find_first_of("\"\n\\") == std::string::npos;
}

// The path by which a unit includes a source, and by which the compiler then names it.
fs::path included_path(const fs::path& source) {
  return fs::absolute(source).lexically_normal();
}

// Writes one translation unit that includes each of `sources` by its absolute path, so __FILE__
// (and with it GoogleTest's file and line of each test) and every diagnostic still name the
// learner's own file.
fs::path write_unit_source(const std::vector<fs::path>& sources, const fs::path& unit) {
  std::string text =
      "// Generated by tinyllm-grade: suite files compiled as one translation unit.\n";
  for (const auto& source : sources)
    text += fmt::format("#include \"{}\"\n", included_path(source).string());
  std::ofstream(unit, std::ios::binary | std::ios::trunc) << text;
  return unit;
}

bool link_suite(const Toolchain& toolchain, const fs::path& suite_dir,
                const std::vector<fs::path>& objects, const fs::path& object_dir,
                const fs::path& executable, std::string* diagnostics) {
  std::vector<std::string> argv = {toolchain.compiler};
  for (const auto& o : objects) argv.push_back(o.string());
  // The library is always a dependency, even of a suite that calls none of it: its constructor
  // must run (and erase the run's key and token, variant_runs.hpp) before any code of the suite.
  argv.insert(argv.end(),
              {"-o", executable.string(), "-L" + toolchain.reference_library_dir.string(),
               "-Wl,--no-as-needed", "-ltinyllm_oracle", "-Wl,--as-needed"});
  std::ranges::copy(toolchain.link_libraries, std::back_inserter(argv));
  const CompilerResult linked =
      call_compiler(toolchain.sandbox, suite_call(toolchain, suite_dir, object_dir, argv));
  *diagnostics += linked.messages;
  return linked.ok;
}

// Compiles each group of sources as one translation unit (a group of one is its source itself),
// `jobs` at a time, and links them into `executable`. Sets *refused when the include policy
// refused a unit or the program runs code early (early_code.hpp): its message alone is kept, and
// no other attempt is worth making.
bool compile_units(const Toolchain& toolchain, const fs::path& suite_dir,
                   const std::vector<std::vector<fs::path>>& units, bool precompiled,
                   const fs::path& object_dir, int jobs, const fs::path& executable,
                   std::string* diagnostics, bool* refused) {
  std::vector<fs::path> objects(units.size());
  std::vector<CompilerResult> results(units.size());
  const IncludePolicy policy = suite_policy(toolchain, suite_dir, object_dir);
  base::parallel_for(units.size(), jobs, [&](std::size_t i) {
    fs::path source = units[i].front();
    if (units[i].size() > 1)
      source = write_unit_source(units[i], object_dir / fmt::format("unit-{}.cpp", i));
    objects[i] = object_dir / fmt::format("{}-{}.o", i, source.stem().string());
    CompilerCall call =
        suite_call(toolchain, suite_dir, object_dir,
                   compile_command(toolchain, suite_dir, source, objects[i], precompiled));
    call.policy = policy;
    call.dependency_file = objects[i].string() + ".d";
    results[i] = call_compiler(toolchain.sandbox, call);
  });
  if (const auto r = std::ranges::find_if(results, &CompilerResult::refused); r != results.end()) {
    *refused = true;
    *diagnostics = r->messages;
    return false;
  }
  bool compiled = true;
  for (const CompilerResult& r : results) {
    *diagnostics += r.messages;
    compiled = r.ok && compiled;
  }
  if (!compiled || !link_suite(toolchain, suite_dir, objects, object_dir, executable, diagnostics))
    return false;
  // Like a refused include, no other way of compiling it changes that.
  const std::string early = early_code_problem(executable);
  if (early.empty()) return true;
  *refused = true;
  *diagnostics = early;
  return false;
}

// Splits `sources` after one unit of them all failed: each source that the errors point into
// ("FILE:LINE:COL: error: redefinition of ...", the later of two files that define a name) alone,
// the others still as one unit. Returns nothing when that leaves no two files in one unit.
std::vector<std::vector<fs::path>> regroup(const std::vector<fs::path>& sources,
                                           const std::string& diagnostics) {
  std::vector<fs::path> rest;
  std::vector<std::vector<fs::path>> units;
  std::istringstream lines(diagnostics);
  std::vector<std::string> error_lines;
  for (std::string line; std::getline(lines, line);)
    if (line.find(": error:") != std::string::npos) error_lines.push_back(line);
  for (const auto& source : sources) {
    const std::string prefix = included_path(source).string() + ":";
    const bool clashes = std::any_of(error_lines.begin(), error_lines.end(),
                                     [&](const auto& l) { return l.rfind(prefix, 0) == 0; });
    if (clashes)
      units.push_back({source});
    else
      rest.push_back(source);
  }
  if (units.empty() || rest.size() < 2) return {};  // else it is file by file, the next step
  units.insert(units.begin(), rest);
  return units;
}

}  // namespace

SuiteBuild compile_suite(const Toolchain& toolchain, const fs::path& suite_dir,
                         const std::vector<fs::path>& sources, const fs::path& out_dir, int jobs) {
  const auto start = std::chrono::steady_clock::now();
  SuiteBuild build;
  if (sources.empty()) {
    build.diagnostics = fmt::format(
        "{}: no .cpp files: a suite is a folder of GoogleTest .cpp "
        "files that include <tinyllm/tinyllm.hpp>",
        suite_dir.string());
    return build;
  }
  const fs::path object_dir = out_dir / "objects";
  fs::create_directories(object_dir);
  build.executable = out_dir / "suite";
  fs::remove(build.executable);
  // Most of a grade's time is the compiler reading GoogleTest, RapidCheck and the oracle's headers,
  // once per translation unit: so the files are compiled as one unit. Two valid files may define
  // the same names (anonymous namespaces, static helpers), which one unit rejects: then the files
  // the errors point into are compiled alone and the rest still as one unit, and if that fails
  // too, file by file, whose diagnostics alone are kept, so a suite that does not compile is told
  // about its own files.
  // The precompiled header of GoogleTest, RapidCheck and the oracle's header spares most of that
  // reading (every object is byte for byte the one without it). A suite must never fail because
  // of it: when the steps fail with it, they are all taken again without it, whose diagnostics
  // alone are kept.
  std::string printed;
  bool refused = false;
  auto attempt = [&](const std::vector<std::vector<fs::path>>& units, bool precompiled) {
    printed.clear();
    build.units = static_cast<int>(units.size());
    build.ok = compile_units(toolchain, suite_dir, units, precompiled, object_dir, jobs,
                             build.executable, &printed, &refused);
  };
  auto compile_steps = [&](bool precompiled) {
    build.ok = false;
    build.precompiled_header = precompiled;
    if (sources.size() > 1 && std::all_of(sources.begin(), sources.end(), [](const fs::path& s) {
          return includable(included_path(s));
        })) {
      attempt({sources}, precompiled);
      if (!build.ok && !refused) {
        const auto units = regroup(sources, printed);
        if (!units.empty()) attempt(units, precompiled);
      }
    }
    if (!build.ok && !refused) {
      std::vector<std::vector<fs::path>> file_by_file;
      for (const auto& source : sources) file_by_file.push_back({source});
      attempt(file_by_file, precompiled);
    }
  };
  const bool precompiled =
      !toolchain.precompiled_header.empty() && suite_may_use_precompiled_header(suite_dir, sources);
  compile_steps(precompiled);
  if (!build.ok && precompiled && !refused) compile_steps(false);
  build.diagnostics = printed;
  if (build.ok)
    fs::permissions(build.executable, fs::perms::owner_all | fs::perms::group_read |
                                          fs::perms::group_exec | fs::perms::others_read |
                                          fs::perms::others_exec);
  else
    build.executable.clear();
  build.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return build;
}

}  // namespace tinyllm::runner
