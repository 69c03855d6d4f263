// Reading the compiler's and the linker's text (GNU ld and lld both write "multiple definition of
// `X'" / "undefined reference to `X'" or "undefined symbol: X") and saying it in the contract's
// words. The raw text stays in the build's diagnostics; these lines come first.
#include "workspace/module_diagnostics.hpp"

#include <cxxabi.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

namespace tinyllm::runner {

namespace {

// The contract's functions (their names as contract_name gives them) and the workspace file
// `start` puts each in. checkpoint_schedule is the foundation's, not the module's.
const std::map<std::string, std::string>& contract_functions() {
  static const std::map<std::string, std::string> files = {
      {"cast", "src/cast.cpp"},
      {"Autocast::Autocast", "src/autocast.cpp"},
      {"Autocast::~Autocast", "src/autocast.cpp"},
      {"autocast_bf16", "src/autocast.cpp"},
      {"autocast_dtype", "src/autocast.cpp"},
      {"autocast_matmul", "src/autocast.cpp"},
      {"DynamicLossScaler::DynamicLossScaler", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::scale", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::step", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::loss_scale", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::good_steps", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::last_grad_norm", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::state_dict", "src/loss_scaler.cpp"},
      {"DynamicLossScaler::load_state_dict", "src/loss_scaler.cpp"},
      {"grad_accumulate", "src/accumulate.cpp"},
      {"train_step_mixed", "src/train_step.cpp"},
      {"checkpoint", "src/checkpoint.cpp"},
      {"checkpoint_sequential", "src/checkpoint.cpp"},
  };
  return files;
}

// The public header that declares a contract name.
std::string header_of(std::string_view name) {
  return name.rfind("checkpoint", 0) == 0 || name == "SegmentFn"
             ? "include/tinyllm/train/recompute.hpp"
             : "include/tinyllm/train/precision.hpp";
}

// Returns the workspace file an object or archive member mentioned in `text` was made from:
// "src/b.cpp", "the foundation (schedule.cpp)", or the name as written.
std::string origin(const std::string& object, const std::map<std::string, std::string>& sources) {
  for (const auto& [path, source] : sources)
    if (object == path ||
        std::filesystem::path(object).filename() == std::filesystem::path(path).filename())
      return source;
  static const std::regex member(R"(libtinyllm_foundation\.a\(([^)]+)\))");
  std::smatch m;
  if (std::regex_search(object, m, member)) return "the foundation (" + std::string(m[1]) + ")";
  return object;
}

// Returns the object files and archive members a linker line names.
std::vector<std::string> objects_in(const std::string& line) {
  static const std::regex object(
      R"(([^\s:;'`]*libtinyllm_foundation\.a\([^)]+\)|[^\s:;'`(]+\.o\b))");
  std::vector<std::string> found;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), object);
       it != std::sregex_iterator(); ++it)
    found.push_back((*it)[1]);
  return found;
}

std::string and_joined(const std::vector<std::string>& files) {
  return fmt::format("{}", fmt::join(files, " and "));
}

// Returns the contract's name of a demangled symbol: "tinyllm::train::DynamicLossScaler::step(
// tinyllm::optim::Optimizer&, ...)" -> "DynamicLossScaler::step".
std::string contract_name(std::string_view symbol) {
  // The qualified name ends at the parameter list's '(' (none for a variable).
  std::string name(symbol.substr(0, symbol.find('(')));
  for (std::string_view prefix : {"tinyllm::train::", "tinyllm::"})
    if (name.rfind(prefix, 0) == 0) {
      name.erase(0, prefix.size());
      break;
    }
  return name;
}

}  // namespace

std::string demangled(const std::string& symbol) {
  if (symbol.rfind("_Z", 0) != 0) return symbol;
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(
      abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? std::string(name.get()) : symbol;
}

std::vector<std::string> contract_check_problems(std::string_view output,
                                                 const std::filesystem::path& contract_check) {
  // Line number -> the contract name of the check it belongs to.
  std::map<int, std::string> names;
  {
    std::ifstream in(contract_check);
    std::string line, current;
    for (int number = 1; std::getline(in, line); ++number) {
      const auto at = line.find("// contract: ");
      if (at != std::string::npos) current = line.substr(at + 13);
      names[number] = current;
    }
  }
  const std::regex error_line(
      "(^|\\n)[^\\n]*" +
      std::regex_replace(contract_check.filename().string(), std::regex(R"([.])"), R"(\.)") +
      R"(:(\d+):(\d+:)? (fatal )?error: ([^\n]*))");
  std::vector<std::string> problems;
  std::set<std::string> named;
  const std::string text(output);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), error_line);
       it != std::sregex_iterator(); ++it) {
    const int line = std::stoi((*it)[2]);
    const std::string name = names.count(line) ? names[line] : "";
    if (name.empty() || !named.insert(name).second) continue;
    problems.push_back(fmt::format(
        "the workspace's {} changed the contract's declaration of {}: {} (keep the public "
        "declarations as `tinyllm-grade start` wrote them; only the private members are yours)",
        header_of(name), name, std::string((*it)[5])));
  }
  return problems;
}

std::vector<std::string> link_problems(std::string_view output,
                                       const std::map<std::string, std::string>& sources) {
  static const std::regex twice(R"(multiple definition of [`']([^']+)')");
  static const std::regex undefined(R"(undefined (reference to [`']([^']+)'|symbol: (.+)$))");
  std::vector<std::string> problems;
  std::set<std::string> said;
  const auto say = [&](std::string line) {
    if (said.insert(line).second) problems.push_back(std::move(line));
  };
  std::vector<std::string> lines;
  std::istringstream text{std::string(output)};
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (std::regex_search(lines[i], m, twice)) {
      const std::string name = contract_name(demangled(m[1]));
      // The duplicate is on this line (or the "in function" line before it), the first
      // definition after "; ".
      std::vector<std::string> objects;
      if (i > 0 && lines[i - 1].find("in function") != std::string::npos)
        objects = objects_in(lines[i - 1]);
      std::ranges::copy(objects_in(lines[i]), std::back_inserter(objects));
      std::vector<std::string> files, yours;  // yours: the files that are not the foundation's
      for (const std::string& o : objects) {
        const std::string file = origin(o, sources);
        if (std::ranges::find(files, file) != files.end()) continue;
        files.push_back(file);
        if (file.rfind("the foundation", 0) != 0) yours.push_back(file);
      }
      if (yours.size() < files.size())
        say(
            fmt::format("`{}` is defined in {}, but the foundation provides it (as the course's "
                        "earlier modules did): delete that definition and call the foundation's",
                        name, yours.empty() ? "your module" : and_joined(yours)));
      else
        say(fmt::format("`{}` is defined twice{}: keep one definition{}", name,
                        files.empty() ? "" : ": " + and_joined(files),
                        contract_functions().count(name) ? " (the contract's function)" : ""));
      continue;
    }
    if (std::regex_search(lines[i], m, undefined)) {
      const std::string symbol = demangled(m[2].matched ? std::string(m[2]) : std::string(m[3]));
      const std::string name = contract_name(symbol);
      const auto contract = contract_functions().find(name);
      if (contract != contract_functions().end())
        say(
            fmt::format("`{}` is not defined (or not with the contract's signature `{}`): define "
                        "it as {} declares it, in {} or another file of src/",
                        name, symbol, header_of(name), contract->second));
      else
        say(
            fmt::format("`{}` is used but not defined anywhere in the module or the foundation: "
                        "define it in src/ (the linker's message is below)",
                        symbol));
    }
  }
  return problems;
}

}  // namespace tinyllm::runner
