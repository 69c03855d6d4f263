// `tinyllm-grade diff DIR`: once the learner's module passes `check`, their code beside the
// reference's, file by file (the module description's `ol diff`).
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"
#include "workspace/module_diff.hpp"
#include "workspace/module_pass.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;

int run_diff_command(const Arguments& args) {
  std::string dir;
  CommandLine command(
      "diff",
      "Usage: tinyllm-grade diff DIR [options]\n\n"
      "Shows your module beside the reference's, file by file: each module header and\n"
      "source as a unified diff (`-` the reference's lines, `+` yours), then the files\n"
      "only you have. The reference is shown as a learner would have written it.\n"
      "Only once your module passes `tinyllm-grade check DIR` (its module half: the\n"
      "course suite and the differential check) and is unchanged since; an instructor\n"
      "can allow it at any time with [workspace] diff_before_pass = true in the\n"
      "configuration file.\n\n"
      "Exit status: 0 shown, 3 refused (the module has not passed) or a usage error.",
      SharedOptions::Catalog);
  command.positional("workspace", po::value(&dir), 1);
  if (!command.parse(args)) return 0;
  if (dir.empty())
    throw UsageError("which workspace? tinyllm-grade diff DIR (a folder made by `start`)");
  const GradingContext ctx = prepare_catalog_context(command.common());
  const Workspace workspace = open_workspace(dir);
  if (!ctx.config.diff_before_pass && !module_passes(workspace))
    throw UsageError(fmt::format(
        "{}: your module has not passed `check` as it is now, so the reference's code stays "
        "hidden: run `tinyllm-grade check {}` until its module half passes, then diff again "
        "(an instructor can allow it earlier: [workspace] diff_before_pass = true)",
        workspace.root.string(), dir));

  std::cout << "Your module beside the reference's (- the reference's lines, + yours):\n";
  for (const ModuleFileDiff& file : diff_module(workspace, ctx.source_dir)) {
    switch (file.comparison) {
      case FileComparison::Same:
        std::cout << fmt::format("\n{}: the same as the reference's\n", file.path);
        break;
      case FileComparison::Differs:
        std::cout << fmt::format("\n{}:\n{}", file.path, file.diff);
        break;
      case FileComparison::MissingInYours:
        std::cout << fmt::format("\n{}: missing in yours\n", file.path);
        break;
      case FileComparison::OnlyInYours:
        std::cout << fmt::format("\n{}: only in yours\n", file.path);
        break;
    }
  }
  return 0;
}

}  // namespace tinyllm::runner
