// `tinyllm-grade start DIR`: writes a learner's workspace (workspace_writer.hpp).
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;

int run_start_command(const Arguments& args) {
  std::string dir, source_dir, pitfalls;
  bool from_reference = false, no_example_test = false;
  CommandLine command(
      "start",
      "Usage: tinyllm-grade start DIR [options]\n\n"
      "Writes a new workspace into DIR (new or empty) for the mixed-precision module: its two\n"
      "headers (include/tinyllm/train/: the public declarations are the contract's, the private\n"
      "members are yours), its six sources (src/: every function there throws \"not implemented\"\n"
      "until you write it), an example test (tests/) and a README. Everything else the module\n"
      "uses (tensor, autograd, layers, optimizers, rounding, checkpoint_schedule) comes from the\n"
      "oracle. The workflow:\n\n"
      "  tinyllm-grade start my-module    write the workspace\n"
      "  (edit my-module/src/*.cpp, add tests to my-module/tests/)\n"
      "  tinyllm-grade check my-module    build your module, run the course tests and the\n"
      "                                   differential check on it, grade your tests\n\n"
      "docs/workspace.md describes the workspace. Exit status: 0 written, 3 DIR exists and is not\n"
      "empty, or a bad option (nothing written).",
      SharedOptions::None);
  command.add_options()("source-dir", po::value(&source_dir)->value_name("DIR"),
                        "the repository (holds oracle/ and runner/workspace_template/)")(
      "from-reference", po::bool_switch(&from_reference),
      "for instructors and tests: the reference module instead of stubs, with the reference's "
      "headers")("pitfalls", po::value(&pitfalls)->value_name("LIST"),
                 "with --from-reference: write these pitfall mutants in, as a learner would have "
                 "(e.g. s07,s12; `tinyllm-grade list` names them)")(
      "no-example-test", po::bool_switch(&no_example_test), "leave tests/ empty");
  command.positional("dir", po::value(&dir), 1);
  if (!command.parse(args)) return 0;
  if (dir.empty()) throw UsageError("start needs the folder to write: tinyllm-grade start DIR");
  if (!pitfalls.empty() && !from_reference)
    throw UsageError("--pitfalls writes pitfalls into the reference module: add --from-reference");
  const std::filesystem::path source =
      std::filesystem::absolute(source_dir.empty() ? build_info::source_dir : source_dir);
  StartOptions options;
  options.from_reference = from_reference;
  options.example_test = !no_example_test;
  if (!pitfalls.empty()) options.pitfalls = parse_pitfall_list(pitfalls, source);
  write_workspace(dir, workspace_files(source, options));
  std::string what = "the module stubbed";
  if (from_reference)
    what = pitfalls.empty() ? "the reference module"
                            : "the reference module with pitfalls " + pitfalls;
  std::cout << fmt::format(
      "Wrote the workspace {} ({}).\nNext: edit {}/src/*.cpp (the contract is in "
      "{}/include/tinyllm/train/), then run `tinyllm-grade check {}`.\n",
      dir, what, dir, dir, dir);
  return 0;
}

}  // namespace tinyllm::runner
