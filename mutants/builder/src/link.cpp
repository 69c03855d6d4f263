// The link of the schema library, redone only when an input's bytes changed.
#include "tinyllm/builder/link.hpp"

#include "run_tool.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;

std::vector<std::string> link_arguments(const std::vector<std::string>& link_command,
                                        const std::vector<fs::path>& objects,
                                        const fs::path& output) {
  std::vector<std::string> arguments = link_command;
  for (const std::string& part :
       {std::string("-shared"), std::string("-Wl,-soname,") + kVariantLibraryName,
        std::string("-Wl,--strip-debug"), std::string("-o")})
    arguments.push_back(part);
  arguments.push_back(output.string());
  for (const fs::path& object : objects) arguments.push_back(object.string());
  return arguments;
}

bool link_library(const BuildOptions& options, const std::string& variant,
                  const std::vector<fs::path>& objects) {
  base::ContentHasher key;
  for (const std::string& part : link_arguments(options.link_command, {}, "")) key.add(part);
  for (const fs::path& object : objects) key.add(base::ContentHasher().add_file(object).hex());
  const fs::path folder = options.variants_dir / variant;
  const fs::path library = folder / kVariantLibraryName;
  const fs::path stamp = options.cache_dir / "links" / variant;
  if (fs::exists(library) && fs::exists(stamp) && base::read_whole_file(stamp) == key.hex())
    return false;
  fs::create_directories(folder);
  fs::path temporary = library;
  temporary += ".tmp";
  const std::vector<std::string> arguments =
      link_arguments(options.link_command, objects, temporary);
  const base::ProcessResult result = run_tool(arguments);
  if (result.exit_code != 0)
    throw BuildError("linking the " + variant + " library failed:\n" + result.output +
                     "command: " + base::command_line(arguments));
  fs::rename(temporary, library);
  base::write_whole_file(stamp, key.hex());
  return true;
}

}  // namespace tinyllm::builder
