// The link phase: one library per built mutant, relinked only when an input's bytes changed.
#include "tinyllm/builder/link.hpp"

#include <map>
#include <set>

#include "run_tool.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/builder/progress.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::ContentHasher;

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

bool is_generated_id(const std::string& name) {
  return name.size() == 11 && name[0] == 'g' &&
         name.find_first_not_of("0123456789abcdef", 1) == std::string::npos;
}

LinkOutcome link_variants(const BuildOptions& options, const std::vector<MutantToLink>& mutants) {
  if (options.link_command.empty())
    throw BuildError("no link command: pass the compiler and the reference's link flags");
  // The bytes of every input, hashed once: a library is relinked only when one of them changed.
  std::map<fs::path, std::string> hash_of;
  for (const fs::path& object : options.reference_objects)
    hash_of[fs::weakly_canonical(object)] = ContentHasher().add_file(object).hex();
  ContentHasher command_hash;
  for (const std::string& part : link_arguments(options.link_command, {}, ""))
    command_hash.add(part);

  struct Link {
    const MutantToLink* mutant;
    std::vector<fs::path> objects;
    std::string key;
  };
  std::vector<Link> stale;
  const fs::path stamps = options.cache_dir / "links";
  for (const MutantToLink& mutant : mutants) {
    Link link{&mutant, {}, {}};
    ContentHasher key = command_hash;
    const fs::path replaced = fs::weakly_canonical(mutant.reference_object);
    bool found = false;
    for (const fs::path& object : options.reference_objects) {
      const bool is_replaced = fs::weakly_canonical(object) == replaced;
      found = found || is_replaced;
      link.objects.push_back(is_replaced ? mutant.object : object);
      key.add(is_replaced ? ContentHasher().add_file(mutant.object).hex()
                          : hash_of[fs::weakly_canonical(object)]);
    }
    if (!found)
      throw BuildError("mutant " + mutant.id + " replaces " + replaced.string() +
                       ", which is not one of the reference library's objects");
    link.key = key.hex();
    const fs::path library = options.variants_dir / mutant.id / kVariantLibraryName;
    const fs::path stamp = stamps / mutant.id;
    if (!fs::exists(library) || !fs::exists(stamp) || base::read_whole_file(stamp) != link.key)
      stale.push_back(std::move(link));
  }

  LinkOutcome outcome;
  if (!stale.empty()) {
    Progress progress(options.progress, "linking mutant libraries", stale.size());
    base::parallel_for(
        stale.size(), base::job_count(static_cast<int>(options.jobs)),
        [&](std::size_t i) {
          const Link& link = stale[i];
          const fs::path folder = options.variants_dir / link.mutant->id;
          const fs::path temporary = folder / (std::string(kVariantLibraryName) + ".tmp");
          fs::create_directories(folder);
          const std::vector<std::string> arguments =
              link_arguments(options.link_command, link.objects, temporary);
          const base::ProcessResult result = run_tool(arguments);
          if (result.exit_code != 0)
            throw BuildError("linking mutant " + link.mutant->id + " failed:\n" + result.output +
                             "command: " + base::command_line(arguments));
          fs::rename(temporary, folder / kVariantLibraryName);
          base::write_whole_file(stamps / link.mutant->id, link.key);
        },
        base::AfterError::Finish, [&](std::size_t) { progress.step(); });
    outcome.linked = stale.size();
  }

  std::set<std::string> wanted;
  for (const MutantToLink& mutant : mutants) wanted.insert(mutant.id);
  for (const fs::path& folder : {options.variants_dir, stamps}) {
    if (!fs::is_directory(folder)) continue;
    for (const auto& entry : fs::directory_iterator(folder)) {
      const std::string name = entry.path().filename().string();
      if (!is_generated_id(name) || wanted.contains(name)) continue;
      fs::remove_all(entry.path());
      if (folder == options.variants_dir) ++outcome.removed;
    }
  }
  return outcome;
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
  const fs::path temporary = folder / (std::string(kVariantLibraryName) + ".tmp");
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
