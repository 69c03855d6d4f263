// Building learners' modules for real (tinyllm-grade start, then check's first step): the stubs,
// the reference, every pitfall written in as a learner would, and the mistakes a build must name
// in the contract's words. The builds share one object cache, so each file compiles once.
#include "workspace/module_build.hpp"

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "replace_in_file.hpp"
#include "workspace/workspace.hpp"
#include "workspace/workspace_writer.hpp"

namespace tinyllm::runner {
namespace {

const fs::path source_dir = TINYLLM_SOURCE_DIR;
const fs::path build_dir = TINYLLM_BUILD_DIR;
// In the build tree: the tests of one build share it, other builds have their own.
const fs::path scratch = TINYLLM_TEST_SCRATCH;

using testing::replace_in;

// Returns a new workspace `name` written as `start` writes it.
fs::path new_workspace(const std::string& name, const StartOptions& options = {}) {
  const fs::path dir = scratch / name;
  fs::remove_all(dir);
  write_workspace(dir, workspace_files(source_dir, options));
  return dir;
}

// Builds the workspace's module into its own .tinyllm/module, whose objects/ is one cache shared
// by every workspace of these tests (ctest may run them at once).
ModuleBuild build(const fs::path& workspace) {
  ModuleToolchain toolchain = default_module_toolchain(build_dir, source_dir);
  fs::create_directories(scratch / "shared-objects");
  const fs::path out = workspace / ".tinyllm" / "module";
  fs::create_directories(out);
  if (!fs::exists(out / "objects"))
    fs::create_directory_symlink(scratch / "shared-objects", out / "objects");
  return build_module(open_workspace(workspace), toolchain, out, 2);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& line : lines) all += line + "\n";
  return all;
}

// Catches stubs that do not compile against the generated headers or leave a contract function
// undefined, and a stub that does something instead of saying it is not implemented.
TEST(ModuleBuild, the_stub_workspace_builds_and_says_not_implemented) {
  const fs::path ws = new_workspace("stubs");
  const ModuleBuild first = build(ws);
  ASSERT_TRUE(first.ok) << joined(first.problems) << first.diagnostics;
  EXPECT_TRUE(fs::is_regular_file(first.library));
  void* library = dlopen(first.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(library, nullptr) << dlerror();
  // A member stub called with no object: the stub throws before it could touch one (the Itanium
  // ABI passes `this` as the first argument).
  using LossScale = double (*)(const void*);
  const auto loss_scale = reinterpret_cast<LossScale>(
      dlsym(library, "_ZNK7tinyllm5train17DynamicLossScaler10loss_scaleEv"));
  ASSERT_NE(loss_scale, nullptr);
  try {
    loss_scale(nullptr);
    ADD_FAILURE() << "the stub returned";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(
        e.what(),
        "not implemented: tinyllm::train::DynamicLossScaler::loss_scale (src/loss_scaler.cpp)");
  }
  // autocast_dtype is the one stub that answers ("no scope is open"): the foundation's matmul
  // calls it on every matmul, so a throw would fail every other part's tests too.
  using AutocastDtype = std::optional<std::string> (*)();
  const auto autocast_dtype =
      reinterpret_cast<AutocastDtype>(dlsym(library, "_ZN7tinyllm5train14autocast_dtypeB5cxx11Ev"));
  ASSERT_NE(autocast_dtype, nullptr);
  EXPECT_EQ(autocast_dtype(), std::nullopt);
  dlclose(library);

  // Catches a second check recompiling or relinking an unchanged module.
  const auto linked_at = fs::last_write_time(first.library);
  const ModuleBuild second = build(ws);
  ASSERT_TRUE(second.ok);
  EXPECT_EQ(fs::last_write_time(second.library), linked_at);
  EXPECT_LT(second.seconds, 2.0);
}

// Catches the reference module not building on its own against the foundation (something of the
// module left in the foundation, or an internal the workspace lacks).
TEST(ModuleBuild, the_reference_as_a_workspace_builds) {
  const ModuleBuild b = build(new_workspace("reference", {.from_reference = true, .pitfalls = {}}));
  EXPECT_TRUE(b.ok) << joined(b.problems) << b.diagnostics;
}

// Catches a changed public declaration passing (the learner changed the header and the source
// together, so the module alone compiles): the contract check names it.
TEST(ModuleBuild, a_changed_declaration_is_named) {
  const fs::path ws = new_workspace("changed-declaration");
  replace_in(ws / "include/tinyllm/train/precision.hpp",
             "bool step(optim::Optimizer& opt, const std::vector<Tensor>& params,",
             "bool step(optim::Optimizer& opt, std::vector<Tensor> params,");
  replace_in(ws / "src/loss_scaler.cpp", "const std::vector<Tensor>& /*params*/",
             "std::vector<Tensor> /*params*/");
  const ModuleBuild b = build(ws);
  EXPECT_FALSE(b.ok);
  EXPECT_NE(joined(b.problems)
                .find("changed the contract's declaration of "
                      "DynamicLossScaler::step"),
            std::string::npos)
      << joined(b.problems) << b.diagnostics;
}

// Catches a function defined twice, or one the foundation provides, reported as raw linker text
// only.
TEST(ModuleBuild, a_duplicate_definition_is_named_with_its_files) {
  const fs::path ws = new_workspace("twice");
  std::ofstream(ws / "src/extra.cpp")
      << "#include \"tinyllm/train/precision.hpp\"\n"
         "namespace tinyllm::train {\n"
         "Tensor cast(const Tensor& x, std::string_view) { return x; }\n"
         "}\n";
  const ModuleBuild twice = build(ws);
  EXPECT_FALSE(twice.ok);
  const std::string problems = joined(twice.problems);
  EXPECT_NE(problems.find("`cast` is defined twice"), std::string::npos) << problems;
  EXPECT_NE(problems.find("src/extra.cpp"), std::string::npos) << problems;
  EXPECT_NE(problems.find("src/cast.cpp"), std::string::npos) << problems;
  EXPECT_NE(twice.diagnostics.find("multiple definition"), std::string::npos) << "raw text kept";

  fs::remove(ws / "src/extra.cpp");
  std::ofstream(ws / "src/schedule.cpp")
      << "#include \"tinyllm/train/recompute.hpp\"\n"
         "namespace tinyllm::train {\n"
         "std::vector<std::size_t> checkpoint_schedule(std::size_t, std::size_t) { return {0}; }\n"
         "}\n";
  const ModuleBuild foundation = build(ws);
  EXPECT_FALSE(foundation.ok);
  EXPECT_NE(joined(foundation.problems)
                .find("`checkpoint_schedule` is defined in src/schedule.cpp, but the foundation "
                      "provides it"),
            std::string::npos)
      << joined(foundation.problems) << foundation.diagnostics;
}

// Catches a missing contract function (or one with another signature) passing the build, or
// named only by its mangled symbol; and a compile error reported without its file.
TEST(ModuleBuild, a_missing_function_and_a_compile_error_are_named) {
  const fs::path ws = new_workspace("missing");
  replace_in(ws / "src/accumulate.cpp", "const LossFn& /*loss_fn*/", "LossFn /*loss_fn*/");
  const ModuleBuild missing = build(ws);
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(joined(missing.problems)
                .find("`grad_accumulate` is not defined (or not with the "
                      "contract's signature"),
            std::string::npos)
      << joined(missing.problems) << missing.diagnostics;

  replace_in(ws / "src/cast.cpp", "throw std::logic_error", "throw std::logic_errror");
  const ModuleBuild broken = build(ws);
  EXPECT_FALSE(broken.ok);
  EXPECT_NE(joined(broken.problems).find("src/cast.cpp does not compile"), std::string::npos)
      << joined(broken.problems);
  EXPECT_NE(broken.diagnostics.find("src/cast.cpp:"), std::string::npos)
      << "the compiler's own message, the workspace's path relative";
}

// Runs `tinyllm-grade start ARGS` and returns its exit status and what it printed.
std::pair<int, std::string> run_start(const std::string& args) {
  std::string command = TINYLLM_GRADER;
  command.append(" start ").append(args).append(" 2>&1");
  FILE* pipe = popen(command.c_str(), "r");
  std::string output;
  char buffer[4096];
  while (const std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// Catches `start` overwriting a folder, accepting an unknown pitfall, or writing a partial
// workspace before it fails: exit 3 and nothing written.
TEST(StartCommand, refuses_with_exit_3_and_writes_nothing) {
  const fs::path dir = scratch / "start-command";
  fs::remove_all(dir);
  const auto [written, text] = run_start(dir.string());
  EXPECT_EQ(written, 0) << text;
  EXPECT_NE(text.find("tinyllm-grade check"), std::string::npos) << "says what to do next";
  EXPECT_NO_THROW(open_workspace(dir));
  const auto [again, refusal] = run_start(dir.string());
  EXPECT_EQ(again, 3);
  EXPECT_NE(refusal.find("not an empty folder"), std::string::npos) << refusal;

  const fs::path other = scratch / "start-unknown-pitfall";
  fs::remove_all(other);
  const auto [unknown, message] =
      run_start(other.string() + " --from-reference --pitfalls s07,s42");
  EXPECT_EQ(unknown, 3);
  EXPECT_NE(message.find("unknown pitfall \"s42\""), std::string::npos) << message;
  EXPECT_NE(message.find("s01,s02,"), std::string::npos) << "names the known ones: " << message;
  EXPECT_FALSE(fs::exists(other));
}

}  // namespace
}  // namespace tinyllm::runner
