// A subcommand's command line: its usage text, its own options, the shared options it uses, --help,
// and how the shared options combine with the configuration file and the built-in defaults:
// defaults < file < command line.
#pragma once
#include <boost/program_options.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "config/config.hpp"

namespace tinyllm::runner {

// The shared options, as given on the command line (unset: the file's or the default value).
struct CommonOptions {
  std::string config_file;
  std::string output;
  std::optional<int> jobs;
  std::optional<std::uint64_t> seed;
  std::optional<double> threshold;
  std::string build_dir, source_dir, catalog;
  std::string isolation;
  std::string mutant_set;  // --mutants: "full" or "pitfalls"
  std::string validity;    // --validity: "per-test" or "strict"
  bool quiet = false;
};

// Which of the shared options a subcommand takes, so its --help lists only what it uses.
enum class SharedOptions {
  None,     // merge: reads stored grades only
  Catalog,  // list, gradescope-bundle: --config, --source-dir, --catalog
  Grading,  // grade, selfcheck, batch: those, --build-dir and how to grade (--jobs, --seed, ...)
};

class CommandLine {
 public:
  // `usage` is the head of the help: the usage line, what the command does, its exit statuses.
  CommandLine(std::string name, const std::string& usage, SharedOptions shared);
  CommandLine(const CommandLine&) = delete;  // the parser writes into this object's members
  CommandLine& operator=(const CommandLine&) = delete;

  // Returns where the command declares its own options (listed before the shared ones).
  boost::program_options::options_description_easy_init add_options() { return own_.add_options(); }

  // Declares the positional argument `name`: one value, or every remaining one into a vector.
  // When `missing` is given, parse throws it as a UsageError if the argument is left empty.
  template <typename T>
  void positional(const char* name, T& value, std::string missing = {}) {
    auto* semantic = boost::program_options::value(&value);
    constexpr bool many = !std::is_same_v<T, std::string>;
    if constexpr (many) semantic->multitoken();
    hidden_.add_options()(name, semantic);
    positional_.add(name, many ? -1 : 1);
    if (!missing.empty()) required_.emplace_back([&value] { return value.empty(); }, missing);
  }

  // Parses `args`. Returns false after printing the help for --help or -h (the command then
  // returns 0). Throws UsageError on a bad command line.
  bool parse(const Arguments& args);

  // The shared options as parsed.
  const CommonOptions& common() const { return common_; }

 private:
  std::string name_;
  SharedOptions shared_;
  CommonOptions common_;
  bool help_ = false;
  boost::program_options::options_description own_;
  boost::program_options::options_description hidden_;
  boost::program_options::positional_options_description positional_;
  std::vector<std::pair<std::function<bool()>, std::string>> required_;  // is it empty, message
};

// Returns the configuration: defaults, then the file (if any), then the command line. Throws
// UsageError for a value out of range.
Config resolve_config(const CommonOptions& o);

}  // namespace tinyllm::runner
