// Reading compile_commands.json and rewriting a reference command for a stdin compile.
#include "tinyllm/builder/compile_command.hpp"

#include <set>

#include "tinyllm/builder/build_error.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
namespace {

// Returns `path` made absolute against `directory`, with . and .. resolved.
fs::path absolute_in(const fs::path& directory, const fs::path& path) {
  return fs::weakly_canonical(path.is_absolute() ? path : directory / path);
}

std::vector<std::string> arguments_of(const nlohmann::json& entry) {
  if (entry.contains("arguments")) return entry.at("arguments").get<std::vector<std::string>>();
  return split_command_line(entry.at("command").get<std::string>());
}

// Returns the -o value of `arguments`, or "" when there is none.
std::string output_of(const std::vector<std::string>& arguments) {
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "-o" && i + 1 < arguments.size()) return arguments[i + 1];
    if (arguments[i].starts_with("-o") && arguments[i].size() > 2) return arguments[i].substr(2);
  }
  return "";
}

}  // namespace

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
    const std::vector<std::string> arguments = arguments_of(entry);
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

std::vector<std::string> stdin_compile_flags(const ReferenceCompile& reference) {
  std::vector<std::string> flags = reference.command;
  for (const char* flag : {"-g0", "-w", "-iquote"}) flags.push_back(flag);
  flags.push_back(reference.source.parent_path().string());
  return flags;
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

}  // namespace tinyllm::builder
