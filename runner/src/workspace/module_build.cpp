// The learner's module build: compile (cached by content hash), contract check, link. Only the
// workspace's files and the foundation go in: nothing of the reference's module.
#include "workspace/module_build.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <set>
#include <thread>

#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/process.hpp"
#include "workspace/module_diagnostics.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {

namespace {

// One translation unit to compile: its source, the name the diagnostics give it, its include
// folders and where its object goes.
struct Unit {
  fs::path source;
  std::string name;  // "src/cast.cpp", or "the contract check"
  std::vector<fs::path> include_dirs;
  fs::path object;
};

// Returns the hash of every header the workspace's module may include: any file under include/
// and src/ that is not a .cpp.
std::string headers_hash(const Workspace& w) {
  base::ContentHasher hasher;
  for (const fs::path& dir : {w.include_dir, w.source_dir}) {
    if (!fs::is_directory(dir)) continue;
    std::set<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
      if (entry.is_regular_file() && entry.path().extension() != ".cpp") files.insert(entry.path());
    for (const fs::path& f : files) hasher.add(f.lexically_relative(w.root).string()).add_file(f);
  }
  return hasher.hex();
}

// What a module's compile may read and include: the workspace (its headers and sources), the
// foundation's headers, the contract check; the linker also reads the foundation's archive.
CompilerCall module_call(const Workspace& w, const ModuleToolchain& toolchain,
                         const fs::path& out_dir, std::vector<std::string> argv) {
  CompilerCall call;
  call.argv = std::move(argv);
  call.readable = {w.root, toolchain.foundation_include_dir, toolchain.foundation_archive,
                   toolchain.contract_check_source};
  call.output_dir = out_dir;
  return call;
}

CompilerResult compile(const Unit& unit, const Workspace& w, const ModuleToolchain& toolchain,
                       const fs::path& out_dir) {
  if (fs::is_regular_file(unit.object)) return {true, ""};  // its hash is its inputs: reuse it
  std::vector<std::string> argv{toolchain.compiler};
  argv.insert(argv.end(), toolchain.flags.begin(), toolchain.flags.end());
  for (const fs::path& dir : unit.include_dirs) argv.push_back("-I" + dir.string());
  // Two checks of one workspace may compile the same object at once: each writes its own file
  // and renames it (same bytes either way).
  const fs::path partial =
      unit.object.string() + "." + std::to_string(getpid()) + "." +
      std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id())) + ".partial";
  argv.insert(argv.end(), {"-c", unit.source.string(), "-o", partial.string()});
  CompilerCall call = module_call(w, toolchain, out_dir, argv);
  IncludePolicy policy;
  policy.folders = unit.include_dirs;
  policy.folders.push_back(w.root);
  policy.files = {toolchain.contract_check_source};
  policy.learner_folders = {w.root};
  policy.allowed_in_words =
      "a module may include its own files, the foundation's headers (<tinyllm/...>) and the "
      "standard library";
  call.policy = policy;
  call.dependency_file = partial.string() + ".d";
  const CompilerResult r = call_compiler(toolchain.sandbox, call);
  std::error_code ignored;
  fs::remove(call.dependency_file, ignored);
  if (r.ok)
    fs::rename(partial, unit.object);
  else
    fs::remove(partial, ignored);
  return r;
}

// Returns `text` with the workspace's absolute path taken out of file names.
std::string relative_paths(std::string text, const fs::path& root) {
  const std::string prefix = root.string() + "/";
  for (std::size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at))
    text.erase(at, prefix.size());
  return text;
}

// Links the compiled `units` and the whole foundation into out_dir/libtinyllm_oracle.so, unless
// the library there was linked from the same objects and foundation (its .key file).
void link(const std::vector<Unit>& units, const Workspace& w, const ModuleToolchain& toolchain,
          const fs::path& out_dir, const std::map<std::string, std::string>& sources,
          ModuleBuild& build) {
  const fs::path library = out_dir / "libtinyllm_oracle.so";
  base::ContentHasher link_key;
  for (const Unit& u : units) link_key.add(u.object.filename().string());
  link_key.add(toolchain.foundation_archive.string());
  link_key.add(std::to_string(fs::file_size(toolchain.foundation_archive)));
  link_key.add(
      std::to_string(fs::last_write_time(toolchain.foundation_archive).time_since_epoch().count()));
  const fs::path key_file = out_dir / "libtinyllm_oracle.so.key";
  std::string stored_key;
  if (std::ifstream in(key_file); in) std::getline(in, stored_key);
  if (stored_key != link_key.hex() || !fs::is_regular_file(library)) {
    fs::remove(key_file);
    const fs::path partial =
        out_dir / ("libtinyllm_oracle.so." + std::to_string(getpid()) + ".partial");
    std::vector<std::string> argv{toolchain.compiler, "-shared", "-o", partial.string()};
    for (const Unit& u : units) argv.push_back(u.object.string());
    argv.insert(argv.end(),
                {"-Wl,--whole-archive", toolchain.foundation_archive.string(),
                 "-Wl,--no-whole-archive", "-Wl,--no-undefined", "-Wl,--strip-debug", "-pthread"});
    const CompilerResult r =
        call_compiler(toolchain.sandbox, module_call(w, toolchain, out_dir, argv));
    build.diagnostics += relative_paths(r.messages, w.root);
    if (!r.ok) {
      fs::remove(partial);
      build.problems = link_problems(r.messages, sources);
      if (build.problems.empty())
        build.problems.push_back("the module does not link (the linker's messages are below)");
      return;
    }
    fs::rename(partial, library);
    std::ofstream(key_file) << link_key.hex() << "\n";
  }
  build.ok = true;
  build.library = library;
}

}  // namespace

ModuleToolchain default_module_toolchain(const fs::path& build_dir, const fs::path& source_dir) {
  ModuleToolchain t;
  t.compiler = build_info::cxx_compiler;
  t.flags = split_list(build_info::module_cxx_flags, ' ');
  t.foundation_include_dir = build_dir / "foundation" / "include";
  t.foundation_archive = build_dir / "foundation" / "libtinyllm_foundation.a";
  t.contract_check_source = source_dir / "runner" / "workspace_template" / "contract_check.cpp";
  return t;
}

ModuleBuild build_module(const Workspace& workspace, const ModuleToolchain& toolchain,
                         const fs::path& out_dir, int jobs) {
  const auto started = std::chrono::steady_clock::now();
  for (const fs::path& needed : {toolchain.foundation_archive, toolchain.foundation_include_dir,
                                 toolchain.contract_check_source})
    if (!fs::exists(needed))
      throw UsageError(
          fmt::format("{} is missing: build the oracle first (ninja -C BUILD "
                      "tinyllm-grade), or give --build-dir / --source-dir",
                      needed.string()));
  const fs::path objects = out_dir / "objects";
  fs::create_directories(objects);

  // What every object depends on besides its own source.
  base::ContentHasher common;
  common.add(toolchain.compiler);
  for (const std::string& flag : toolchain.flags) common.add(flag);
  common.add(headers_hash(workspace)).add(base::folder_hash(toolchain.foundation_include_dir));
  const std::string common_hash = common.hex();
  const auto object_for = [&](const fs::path& source, const std::string& name) {
    base::ContentHasher h;
    h.add(common_hash).add(name).add_file(source);
    return objects / (source.stem().string() + "-" + h.hex() + ".o");
  };

  std::vector<Unit> units;
  for (const fs::path& source : workspace.module_sources) {
    const std::string name = source.lexically_relative(workspace.root).string();
    units.push_back(
        {source,
         name,
         {workspace.include_dir, workspace.source_dir, toolchain.foundation_include_dir},
         object_for(source, name)});
  }
  // The contract check sees the public headers only, as the course suite does.
  units.push_back({toolchain.contract_check_source,
                   "the contract check",
                   {workspace.include_dir, toolchain.foundation_include_dir},
                   object_for(toolchain.contract_check_source, "contract_check.cpp")});
  std::vector<CompilerResult> compiled(units.size());
  if (jobs <= 0) jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  base::parallel_for(units.size(), jobs, [&](std::size_t i) {
    compiled[i] = compile(units[i], workspace, toolchain, out_dir);
  });

  ModuleBuild build;
  std::map<std::string, std::string> sources;  // object path -> workspace source, for the linker
  for (std::size_t i = 0; i < units.size(); ++i) {
    build.diagnostics += relative_paths(compiled[i].messages, workspace.root);
    sources[units[i].object.string()] = units[i].name;
    if (compiled[i].ok) continue;
    if (i + 1 == units.size()) {
      const auto changed = contract_check_problems(compiled[i].messages, units[i].source);
      build.problems.insert(build.problems.end(), changed.begin(), changed.end());
      if (changed.empty())
        build.problems.push_back(
            "the workspace's headers do not compile on their own (the compiler's messages are "
            "below): they may include the standard library, <tinyllm/...> and files under "
            "include/ only, as everything that uses the module sees include/ and not src/");
    } else {
      build.problems.push_back(
          fmt::format("{} does not compile (the compiler's messages are below)", units[i].name));
    }
  }

  if (build.problems.empty()) link(units, workspace, toolchain, out_dir, sources, build);
  build.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return build;
}

}  // namespace tinyllm::runner
