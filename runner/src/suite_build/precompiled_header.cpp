// The precompiled header of what every suite includes (precompiled_header.hpp).
#include "suite_build/precompiled_header.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "suite_build/compile.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

// What the build writes into suite_pch.flags: one line each for the compiler, each flag and each
// include folder (-I...), in the order runner/CMakeLists.txt compiled the header with.
std::vector<std::string> expected_flag_lines(const Toolchain& toolchain) {
  std::vector<std::string> lines = {toolchain.compiler};
  lines.insert(lines.end(), toolchain.cxx_flags.begin(), toolchain.cxx_flags.end());
  for (const auto& dir : toolchain.include_dirs) lines.push_back("-I" + dir.string());
  return lines;
}

std::vector<std::string> read_lines(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A preprocessor directive's name and first word ("define", "NDEBUG"), or "" when the line is
// none.
std::pair<std::string, std::string> directive(const std::string& line) {
  std::istringstream in(line);
  char hash = 0;
  if (!(in >> hash) || hash != '#') return {};
  std::string name, word;
  in >> name >> word;
  // "#define F(x) ..." names F.
  word = word.substr(0, word.find('('));
  return {name, word};
}

}  // namespace

std::vector<std::string> precompiled_header_flags(const fs::path& build_dir,
                                                  const Toolchain& toolchain) {
  const fs::path dir = build_dir / "suite-pch";
  const fs::path header = dir / "suite_pch.hpp";
  if (!fs::is_regular_file(header) ||
      read_lines(dir / "suite_pch.flags") != expected_flag_lines(toolchain))
    return {};
  if (fs::is_regular_file(dir / "suite_pch.hpp.gch")) return {"-include", header.string()};
  if (fs::is_regular_file(dir / "suite_pch.hpp.pch"))
    return {"-include-pch", (dir / "suite_pch.hpp.pch").string()};
  return {};
}

bool sets_macros_before_including(const std::string& text) {
  std::istringstream lines(text);
  std::string guard;  // the name of an #ifndef just read: a #define of it next is a guard
  bool macro_set = false;
  for (std::string line; std::getline(lines, line);) {
    const auto [name, word] = directive(line);
    if (name.empty()) continue;
    if (name == "include" && macro_set) return true;
    if ((name == "define" && word != guard) || name == "undef") macro_set = true;
    guard = name == "ifndef" ? word : "";
  }
  return false;
}

bool suite_may_use_precompiled_header(const fs::path& suite_dir,
                                      const std::vector<fs::path>& sources) {
  static const std::set<std::string> extensions = {".cpp", ".cc",  ".cxx", ".c",   ".h",  ".hpp",
                                                   ".hh",  ".hxx", ".ipp", ".inc", ".tpp"};
  std::vector<fs::path> files = sources;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(suite_dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file() && extensions.count(it->path().extension().string()))
      files.push_back(it->path());
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    // A file that cannot be read here is not judged: compiling without the header is always safe.
    if (!in || sets_macros_before_including(text.str())) return false;
  }
  return true;
}

}  // namespace tinyllm::runner
