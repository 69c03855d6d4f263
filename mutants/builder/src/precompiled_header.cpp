// The prefix header of the module files' includes: its dependency scan (which keys the cache) and
// its precompiled form for g++ (.gch found beside the header) or clang++ (-include-pch).
#include "tinyllm/builder/precompiled_header.hpp"

#include <regex>
#include <set>
#include <sstream>

#include "run_tool.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/dependency_list.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::command_line;
using base::ContentHasher;
using base::read_whole_file;
using base::write_whole_file;
namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string all;
  for (const std::string& word : words) all += word + '\n';
  return all;
}

}  // namespace

CompilerKind compiler_kind(const std::string& compiler) {
  const base::ProcessResult result = run_tool({compiler, "--version"});
  if (result.exit_code != 0) return CompilerKind::Other;
  if (result.output.find("clang") != std::string::npos) return CompilerKind::Clang;
  if (result.output.find("Free Software Foundation") != std::string::npos) return CompilerKind::Gnu;
  return CompilerKind::Other;
}

std::string prefix_header_text(const std::vector<fs::path>& sources) {
  // Only lines that are an #include and nothing else; a conditional include stays in its file
  // (the header would then be compiled again there, which is slower but still correct).
  static const std::regex kInclude(R"(^[ \t]*#[ \t]*include[ \t]*([<"][^>"]+[>"])[ \t]*$)");
  static const std::regex kIf(R"(^[ \t]*#[ \t]*if)");
  static const std::regex kEndif(R"(^[ \t]*#[ \t]*endif)");
  std::set<std::string> seen;
  std::string text;
  for (const fs::path& source : sources) {
    std::istringstream lines(read_whole_file(source));
    int depth = 0;  // inside #if blocks, includes are left alone
    for (std::string line; std::getline(lines, line);) {
      std::smatch match;
      if (std::regex_search(line, kIf)) ++depth;
      if (std::regex_search(line, kEndif)) --depth;
      if (depth == 0 && std::regex_match(line, match, kInclude) && seen.insert(match[1]).second)
        text += "#include " + match[1].str() + "\n";
    }
  }
  return text;
}

PrecompiledHeader prepare_precompiled_header(const ReferenceCompile& reference,
                                             const std::vector<fs::path>& sources, bool build,
                                             const fs::path& cache_dir) {
  const std::vector<std::string> flags = stdin_compile_flags(reference);
  const std::string text = prefix_header_text(sources);

  // The dependency scan: every header the prefix reads, whose bytes key the cache.
  const std::string scan_key = ContentHasher().add(joined(flags)).add(text).hex();
  const fs::path scan_dir = cache_dir / ("scan-" + scan_key);
  write_whole_file(scan_dir / "prefix.hpp", text);
  std::vector<std::string> scan = flags;
  for (const char* part : {"-x", "c++", "-M", "-MF"}) scan.push_back(part);
  scan.push_back((scan_dir / "prefix.d").string());
  scan.push_back((scan_dir / "prefix.hpp").string());
  const base::ProcessResult scanned = run_tool(scan, reference.directory);
  if (scanned.exit_code != 0)
    throw BuildError("the includes of " + reference.source.parent_path().string() +
                     "'s module files cannot be found with the reference's flags:\n" +
                     scanned.output + "command: " + command_line(scan));

  PrecompiledHeader header;
  header.cache_entries.push_back(scan_dir.filename().string());
  ContentHasher key;
  key.add(joined(flags)).add(text);
  for (const fs::path& dependency :
       base::parse_dependencies(read_whole_file(scan_dir / "prefix.d"))) {
    const fs::path path = fs::weakly_canonical(reference.directory / dependency);
    if (path == fs::weakly_canonical(scan_dir / "prefix.hpp")) continue;
    header.headers.push_back(path);
    key.add(path.string()).add_file(path);
  }
  header.headers_key = key.hex();
  if (!build) {
    header.note = "precompiled header turned off";
    return header;
  }

  const CompilerKind kind = compiler_kind(reference.command.front());
  if (kind == CompilerKind::Other) {
    header.note = "no precompiled header: " + reference.command.front() +
                  " is neither g++ nor "
                  "clang++";
    return header;
  }
  const fs::path dir = cache_dir / header.headers_key;
  header.cache_entries.push_back(header.headers_key);
  const fs::path prefix = dir / "prefix.hpp";
  const fs::path compiled = dir / (kind == CompilerKind::Gnu ? "prefix.hpp.gch" : "prefix.hpp.pch");
  if (fs::exists(dir / "failed")) {
    header.note =
        "no precompiled header: building it failed before, see " + (dir / "failed").string();
    return header;
  }
  if (!fs::exists(compiled)) {
    write_whole_file(prefix, text);
    std::vector<std::string> command = flags;
    for (const char* part : {"-x", "c++-header", "-o"}) command.push_back(part);
    const fs::path temporary = compiled.string() + ".tmp";
    command.push_back(temporary.string());
    command.push_back(prefix.string());
    const base::ProcessResult built = run_tool(command, reference.directory);
    if (built.exit_code != 0) {
      write_whole_file(dir / "failed", command_line(command) + "\n" + built.output);
      header.note = "no precompiled header: building it failed, see " + (dir / "failed").string();
      return header;
    }
    fs::rename(temporary, compiled);
  }
  header.flags = kind == CompilerKind::Gnu
                     ? std::vector<std::string>{"-include", prefix.string()}
                     : std::vector<std::string>{"-include-pch", compiled.string()};
  return header;
}

}  // namespace tinyllm::builder
