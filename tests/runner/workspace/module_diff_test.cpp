// `diff`'s parts: the record of a passing module (module_pass.hpp) and the comparison with the
// reference module (module_diff.hpp), on workspaces `start` writes, without compiling.
#include "workspace/module_diff.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "replace_in_file.hpp"
#include "temp_folder.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "workspace/module_pass.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {
namespace {

const fs::path repository = TINYLLM_SOURCE_DIR;

Workspace reference_workspace(const std::string& name) {
  static const tinyllm::base::testing::TempFolder root;  // removed when the process exits
  const fs::path dir = root.path() / (name + "-" + std::to_string(std::random_device{}()));
  fs::remove_all(dir);
  StartOptions options;
  options.from_reference = true;
  write_workspace(dir / "ws", workspace_files(repository, options));
  return open_workspace(dir / "ws");
}

const ModuleFileDiff& file(const std::vector<ModuleFileDiff>& files, const std::string& path) {
  const auto it = std::find_if(files.begin(), files.end(),
                               [&](const ModuleFileDiff& f) { return f.path == path; });
  if (it == files.end()) throw std::runtime_error("no file " + path + " in the diff");
  return *it;
}

// Catches: a record that outlives a change to the module (diff shown for code that never
// passed), or a failed check that leaves an earlier pass standing.
TEST(ModulePass, a_pass_holds_only_for_the_module_that_passed) {
  const Workspace ws = reference_workspace("pass");
  EXPECT_FALSE(module_passes(ws)) << "never checked";
  record_module_verdict(ws, module_sources_hash(ws), true);
  EXPECT_TRUE(module_passes(ws));
  testing::replace_in(ws.source_dir / "cast.cpp", "namespace", "namespace  ");
  EXPECT_FALSE(module_passes(ws)) << "changed since it passed";
  record_module_verdict(ws, module_sources_hash(ws), true);
  record_module_verdict(ws, module_sources_hash(ws), false);
  EXPECT_FALSE(module_passes(ws)) << "the last check failed";
}

// Catches: the reference shown with its pitfall guards (not as a learner writes it), a changed
// line not shown as `-` reference / `+` yours, and a missing or extra file left out.
TEST(ModuleDiff, shows_each_file_as_the_same_changed_missing_or_only_yours) {
  const Workspace ws = reference_workspace("diff");
  const auto same = diff_module(ws, repository);
  EXPECT_EQ(file(same, "src/cast.cpp").comparison, FileComparison::Same);
  EXPECT_EQ(file(same, "src/checkpoint.cpp").comparison, FileComparison::Same);

  testing::replace_in(ws.source_dir / "accumulate.cpp", "namespace tinyllm",
                      "// mine\nnamespace tinyllm");
  fs::remove(ws.source_dir / "errors.cpp");
  base::write_whole_file(ws.source_dir / "helpers.cpp", "// a file of my own\n");
  const auto changed = diff_module(ws, repository);
  const ModuleFileDiff& accumulate = file(changed, "src/accumulate.cpp");
  ASSERT_EQ(accumulate.comparison, FileComparison::Differs);
  EXPECT_NE(accumulate.diff.find("--- reference/src/accumulate.cpp"), std::string::npos);
  EXPECT_NE(accumulate.diff.find("+// mine"), std::string::npos) << accumulate.diff;
  EXPECT_EQ(file(changed, "src/errors.cpp").comparison, FileComparison::MissingInYours);
  EXPECT_EQ(file(changed, "src/helpers.cpp").comparison, FileComparison::OnlyInYours);
  EXPECT_EQ(file(changed, "src/cast.cpp").comparison, FileComparison::Same);
}

}  // namespace
}  // namespace tinyllm::runner
