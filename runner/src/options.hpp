// The options every grading subcommand shares, and how they combine with the configuration file
// and the built-in defaults: defaults < file < command line.
#pragma once
#include <boost/program_options.hpp>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "compile.hpp"
#include "config.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

struct CommonOptions {
  std::string config_file;
  std::string output;
  std::optional<int> jobs;
  std::optional<std::uint64_t> seed;
  std::optional<double> threshold;
  std::string build_dir, source_dir, catalog;
  std::string isolation;
  bool quiet = false;
};

// Returns the shared options' descriptions, writing into `o`.
boost::program_options::options_description common_options(CommonOptions& o);

// Everything a subcommand needs to grade: the resolved configuration, the oracle's folders, the
// catalog, the isolation the machine gives and the toolchain.
struct GradingContext {
  Config config;
  std::filesystem::path build_dir, source_dir, catalog;
  std::vector<reports::MutantInfo> mutants;
  Isolation isolation = Isolation::Plain;
  std::string isolation_note;  // why isolation is weaker than namespaces, when it is
  Toolchain toolchain;
};

// Returns the configuration: defaults, then the file (if any), then the command line.
Config resolve_config(const CommonOptions& o);

// Returns the context for grading; `with_sandbox` also probes the machine's isolation.
GradingContext prepare_context(const CommonOptions& o, bool with_sandbox);

// Parses `args` with `visible` options and `positional` names; returns the variables map.
// Throws UsageError with the subcommand's name on a bad command line.
boost::program_options::variables_map parse_command_line(
    const std::string& command, const std::vector<std::string>& args,
    const boost::program_options::options_description& visible,
    const boost::program_options::positional_options_description& positional);

// Returns true when stdout is a terminal (colour, progress).
bool stdout_is_terminal();
bool stderr_is_terminal();

}  // namespace tinyllm::runner
