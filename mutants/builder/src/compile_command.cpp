// compile_command.hpp, and the compiles of build_steps.hpp.
#include "tinyllm/builder/compile_command.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "build_steps.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/dependency_list.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/catalog/guards.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::ContentHasher;
using base::read_whole_file;
namespace {

// Returns `path` made absolute against `directory`, with . and .. resolved.
fs::path absolute_in(const fs::path& directory, const fs::path& path) {
  return fs::weakly_canonical(path.is_absolute() ? path : directory / path);
}

// Returns the -o value of `arguments`, or "" when there is none.
std::string output_of(const std::vector<std::string>& arguments) {
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "-o" && i + 1 < arguments.size()) return arguments[i + 1];
    if (arguments[i].starts_with("-o") && arguments[i].size() > 2) return arguments[i].substr(2);
  }
  return "";
}

std::string joined(const std::vector<std::string>& words) {
  std::string all;
  for (const std::string& word : words) all += word + '\n';
  return all;
}

// Returns the flags shared by every stdin compile of `reference`'s file: the command and the
// additions of stdin_compile_arguments, without input and output.
std::vector<std::string> stdin_compile_flags(const ReferenceCompile& reference) {
  std::vector<std::string> flags = reference.command;
  for (const char* flag : {"-g0", "-w", "-iquote"}) flags.push_back(flag);
  flags.push_back(reference.source.parent_path().string());
  return flags;
}

}  // namespace

// No timeout: a compile takes what it takes, and Ninja's user can interrupt.
base::ProcessResult run_tool(const std::vector<std::string>& arguments, const fs::path& directory,
                             const fs::path& input) {
  if (arguments.empty()) throw BuildError("run_process: no program to run");
  base::ProcessOptions options;
  options.directory = directory;
  options.input = input;
  base::ProcessResult result = base::run_process(arguments, options);
  if (result.start_error != 0)
    throw BuildError(
        "cannot start " + arguments[0] + ": " + std::strerror(result.start_error) +
        " (is it installed, and is the build folder's compile_commands.json current?)");
  return result;
}

std::vector<std::string> split_command_line(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else if (c == '\'') {
      const std::size_t close = line.find('\'', i + 1);
      if (close == std::string::npos)
        throw BuildError("unbalanced ' in the compile command: " + line);
      word += line.substr(i + 1, close - i - 1);
      i = close;
      in_word = true;
    } else if (c == '"') {
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        // Inside double quotes a backslash escapes only these characters.
        if (line[i] == '\\' && i + 1 < line.size() &&
            std::string("\"\\$`").find(line[i + 1]) != std::string::npos)
          ++i;
        word += line[i];
      }
      if (i >= line.size()) throw BuildError("unbalanced \" in the compile command: " + line);
      in_word = true;
    } else if (c == '\\' && i + 1 < line.size()) {
      word += line[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

ReferenceCompile find_reference_compile(const nlohmann::json& database, const fs::path& source,
                                        const std::vector<fs::path>& reference_objects) {
  std::set<fs::path> objects;
  for (const fs::path& object : reference_objects) objects.insert(fs::weakly_canonical(object));
  const fs::path wanted = fs::weakly_canonical(source);
  for (const nlohmann::json& entry : database) {
    const fs::path directory = entry.at("directory").get<std::string>();
    if (absolute_in(directory, entry.at("file").get<std::string>()) != wanted) continue;
    const std::vector<std::string> arguments =
        entry.contains("arguments") ? entry.at("arguments").get<std::vector<std::string>>()
                                    : split_command_line(entry.at("command").get<std::string>());
    const std::string output = output_of(arguments);
    if (output.empty() || !objects.contains(absolute_in(directory, output))) continue;

    ReferenceCompile reference{wanted, absolute_in(directory, output), directory, {}};
    static const std::set<std::string> kDropped = {"-c", "-MD", "-MMD"};
    static const std::set<std::string> kDroppedWithValue = {"-o", "-MT", "-MQ", "-MF"};
    for (std::size_t i = 0; i < arguments.size(); ++i) {
      const std::string& argument = arguments[i];
      if (kDroppedWithValue.contains(argument)) {
        ++i;
      } else if (kDropped.contains(argument) || (argument.starts_with("-o") && i > 0) ||
                 (i > 0 && !argument.starts_with("-") &&
                  absolute_in(directory, argument) == wanted)) {
        continue;
      } else {
        reference.command.push_back(argument);
      }
    }
    return reference;
  }
  throw BuildError("compile_commands.json has no command that compiles " + wanted.string() +
                   " into a reference object: is it a source of the oracle_objects library "
                   "(oracle/CMakeLists.txt)? Rerun cmake if you just added it.");
}

std::vector<std::string> stdin_compile_arguments(const ReferenceCompile& reference,
                                                 const fs::path& object,
                                                 const std::vector<std::string>& extra) {
  std::vector<std::string> arguments = stdin_compile_flags(reference);
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  for (const char* part : {"-x", "c++", "-c", "-o"}) arguments.push_back(part);
  arguments.push_back(object.string());
  arguments.push_back("-");
  return arguments;
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

ModuleHeaders find_module_headers(const ReferenceCompile& reference,
                                  const std::vector<fs::path>& sources, const fs::path& cache_dir) {
  const std::vector<std::string> flags = stdin_compile_flags(reference);
  const std::string text = prefix_header_text(sources);
  ContentHasher key;  // of the flags and the includes here, then of every header they read
  key.add(joined(flags)).add(text);
  const fs::path scan_dir = cache_dir / ("scan-" + key.hex());
  const fs::path prefix = scan_dir / "prefix.hpp";
  base::write_whole_file(prefix, text);
  std::vector<std::string> scan = flags;
  for (const char* part : {"-x", "c++", "-M", "-MF"}) scan.push_back(part);
  scan.push_back((scan_dir / "prefix.d").string());
  scan.push_back(prefix.string());
  const base::ProcessResult scanned = run_tool(scan, reference.directory);
  if (scanned.exit_code != 0)
    throw BuildError("the includes of " + reference.source.parent_path().string() +
                     "'s module files cannot be found with the reference's flags:\n" +
                     scanned.output + "command: " + base::command_line(scan));

  ModuleHeaders found;
  found.cache_entry = scan_dir.filename().string();
  for (const fs::path& dependency :
       base::parse_dependencies(read_whole_file(scan_dir / "prefix.d"))) {
    const fs::path path = fs::weakly_canonical(reference.directory / dependency);
    if (path == fs::weakly_canonical(prefix)) continue;
    found.headers.push_back(path);
    key.add(path.string()).add_file(path);
  }
  found.key = key.hex();
  return found;
}

std::vector<ModuleFile> prepare_module_files(const BuildOptions& options) {
  std::vector<std::string> names = options.files;
  for (const char* guard : {"is_mutant", "is_wheat"})
    for (const catalog::detail::GuardCall& call :
         catalog::detail::guard_calls(options.source_root, guard))
      if (call.file.ends_with(".cpp") &&
          std::find(names.begin(), names.end(), call.file) == names.end())
        names.push_back(call.file);
  const nlohmann::json database = nlohmann::json::parse(read_whole_file(options.compile_commands));
  std::vector<ModuleFile> files;
  for (const std::string& name : names)
    files.push_back(
        {name,
         find_reference_compile(database, options.source_root / name, options.reference_objects),
         {}});
  // One dependency scan per group of files with the same stdin flags (which include the folder).
  std::map<std::vector<std::string>, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < files.size(); ++i)
    groups[stdin_compile_flags(files[i].reference)].push_back(i);
  for (const auto& [flags, members] : groups) {
    std::vector<fs::path> sources;
    for (std::size_t i : members) sources.push_back(files[i].reference.source);
    const ModuleHeaders headers =
        find_module_headers(files[members.front()].reference, sources, options.cache_dir / "pch");
    for (std::size_t i : members) files[i].headers = headers;
  }
  return files;
}

std::optional<fs::path> try_compile_source(const BuildOptions& options, const ModuleFile& file,
                                           const std::string& source, std::string& diagnostics,
                                           Compiles& compiles) {
  // The object's key: a hash of everything that decides its bytes.
  ContentHasher hasher;
  hasher.add("object-1");
  for (const std::string& flag : stdin_compile_flags(file.reference)) hasher.add(flag);
  const std::string key = hasher.add(file.headers.key).add(source).hex();
  const fs::path object = options.cache_dir / "objects" / (key + ".o");
  if (!fs::exists(object)) {
    const fs::path work = options.cache_dir / "work";
    const fs::path input = work / (key + ".cpp");
    const fs::path temporary = work / (key + ".o");
    base::write_whole_file(input, source);
    const std::vector<std::string> arguments =
        stdin_compile_arguments(file.reference, temporary, {});
    const base::ProcessResult result = run_tool(arguments, file.reference.directory, input);
    if (result.exit_code != 0) {
      diagnostics = result.output + "command: " + base::command_line(arguments) + " < " +
                    input.string() + "\n";
      return std::nullopt;
    }
    fs::create_directories(object.parent_path());
    fs::rename(temporary, object);
    fs::remove(input);
    ++compiles.compiled;
  }
  compiles.used.insert(key + ".o");
  return object;
}

}  // namespace tinyllm::builder
