// Assembling a workspace's files from the repository (workspace_writer.hpp).
#include "workspace/workspace_writer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <ranges>
#include <sstream>

#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "workspace/learner_headers.hpp"
#include "workspace/variant_sites.hpp"
#include "workspace/workspace.hpp"

namespace tinyllm::runner {

namespace {

std::string read_repository_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw UsageError(
        fmt::format("cannot read {}: is --source-dir the tinyllm repository?", path.string()));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::vector<std::string> split_list(std::string_view list, char separator) {
  std::vector<std::string> pieces;
  for (const auto piece : std::views::split(list, separator))
    if (!piece.empty()) pieces.emplace_back(piece.begin(), piece.end());
  return pieces;
}

std::set<int> parse_pitfall_list(std::string_view list, const fs::path& source_dir) {
  std::set<int> known;
  for (const std::string& source : split_list(build_info::module_sources, ';'))
    for (int id : pitfall_sites(read_repository_file(source_dir / "oracle" / source)))
      known.insert(id);
  std::set<int> ids;
  for (const std::string& name : split_list(list, ',')) {
    int id = -1;
    if (name.size() >= 2 && name[0] == 's' &&
        name.find_first_not_of("0123456789", 1) == std::string::npos)
      id = std::stoi(name.substr(1));
    if (!known.count(id))
      throw UsageError(
          fmt::format("--pitfalls: unknown pitfall \"{}\"; the module's pitfalls are s{:02}", name,
                      fmt::join(known, ",s")));
    ids.insert(id);
  }
  return ids;
}

std::map<fs::path, std::string> workspace_files(const fs::path& source_dir,
                                                const StartOptions& options) {
  const fs::path templates = source_dir / "runner" / "workspace_template";
  const fs::path oracle = source_dir / "oracle";
  std::map<fs::path, std::string> files;
  files[workspace_marker] = std::string(workspace_marker_text);
  files["README.md"] = read_repository_file(templates / "README.md");
  // What `check` writes inside the workspace: its builds and caches, and its report by default.
  files[".gitignore"] = ".tinyllm/\ncheck-report/\n";
  for (const std::string& header : split_list(build_info::module_headers, ';')) {
    // include/tinyllm/train/X.hpp in the oracle is include/tinyllm/train/X.hpp in the workspace.
    const std::string text = read_repository_file(oracle / header);
    files[header] = options.from_reference ? text : without_private_members(text);
  }
  if (options.from_reference) {
    for (const char* list : {build_info::module_sources, build_info::module_private_headers})
      for (const std::string& file : split_list(list, ';'))
        files[fs::path("src") / fs::path(file).filename()] =
            workspace_module_file(read_repository_file(oracle / file), options.pitfalls);
  } else {
    for (std::string_view source : workspace_required_sources)
      files[fs::path("src") / source] = read_repository_file(templates / "src" / source);
  }
  if (options.example_test)
    files["tests/example_test.cpp"] =
        read_repository_file(templates / "tests" / "example_test.cpp");
  return files;
}

void write_workspace(const fs::path& dir, const std::map<fs::path, std::string>& files) {
  if (fs::exists(dir) && !(fs::is_directory(dir) && fs::is_empty(dir)))
    throw UsageError(
        fmt::format("{} exists and is not an empty folder: `start` writes a new "
                    "workspace only into a new or empty folder; give another one",
                    dir.string()));
  fs::create_directories(dir / "tests");
  for (const auto& [path, text] : files) {
    fs::create_directories((dir / path).parent_path());
    std::ofstream out(dir / path, std::ios::binary);
    out << text;
    if (!out.flush()) throw UsageError(fmt::format("cannot write {}", (dir / path).string()));
  }
}

}  // namespace tinyllm::runner
