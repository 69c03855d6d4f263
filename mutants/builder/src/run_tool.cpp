// run_tool: base::run_process without a timeout (a compile takes what it takes; Ninja's user can
// interrupt), and BuildError for a program that is not there.
#include "run_tool.hpp"

#include <cstring>

#include "tinyllm/builder/build_error.hpp"

namespace tinyllm::builder {

base::ProcessResult run_tool(const std::vector<std::string>& arguments,
                             const std::filesystem::path& directory,
                             const std::filesystem::path& input) {
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

}  // namespace tinyllm::builder
