// The module files' headers (module_headers.hpp): the compiler's dependency scan of their includes.
#include "tinyllm/builder/module_headers.hpp"

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

ModuleHeaders find_module_headers(const ReferenceCompile& reference,
                                  const std::vector<fs::path>& sources, const fs::path& cache_dir) {
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

  ModuleHeaders found;
  found.cache_entry = scan_dir.filename().string();
  ContentHasher key;
  key.add(joined(flags)).add(text);
  for (const fs::path& dependency :
       base::parse_dependencies(read_whole_file(scan_dir / "prefix.d"))) {
    const fs::path path = fs::weakly_canonical(reference.directory / dependency);
    if (path == fs::weakly_canonical(scan_dir / "prefix.hpp")) continue;
    found.headers.push_back(path);
    key.add(path.string()).add_file(path);
  }
  found.key = key.hex();
  return found;
}

}  // namespace tinyllm::builder
