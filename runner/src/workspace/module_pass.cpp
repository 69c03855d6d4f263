// The record of a passing module: one file holding the content hash of what passed.
#include "workspace/module_pass.hpp"

#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace {

fs::path record_path(const Workspace& workspace) {
  return workspace.work_dir() / "module-passed";
}

}  // namespace

std::string module_sources_hash(const Workspace& workspace) {
  return base::ContentHasher::of({"include", base::folder_hash(workspace.include_dir), "src",
                                  base::folder_hash(workspace.source_dir)});
}

void record_module_verdict(const Workspace& workspace, const std::string& hash, bool passed) {
  if (passed) {
    base::write_whole_file(record_path(workspace), hash + "\n");
  } else {
    std::error_code ignored;
    fs::remove(record_path(workspace), ignored);
  }
}

bool module_passes(const Workspace& workspace) {
  std::error_code error;
  if (!fs::is_regular_file(record_path(workspace), error)) return false;
  return base::read_whole_file(record_path(workspace)) == module_sources_hash(workspace) + "\n";
}

}  // namespace tinyllm::runner
