// End-to-end tests of the course suite on a learner's module (course_on_module.hpp): compiled
// against the module's headers in a workspace, run in the sandbox on the module's library. The
// reference module passes it; a pitfall's module fails exactly that pitfall's signature, which the
// diagnosis names; a module that crashes, hangs, floods or forks gets a run problem saying so and
// leaves nothing behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "check/course_on_module.hpp"
#include "check/diagnosis.hpp"
#include "check/signatures.hpp"
#include "config/build_info.hpp"
#include "e2e_support.hpp"
#include "grading/variant_runs.hpp"
#include "mutant_set/catalog.hpp"
#include "sandbox/sandbox.hpp"
#include "tinyllm/base/process.hpp"

namespace fs = std::filesystem;

namespace tinyllm::runner {
namespace {

using e2e::source_dir;
const fs::path kBuild = e2e::build_dir;
// One folder for every test of this file: the compiled course suite is reused between them (the
// tests share a RESOURCE_LOCK, tests/runner/CMakeLists.txt).
const fs::path kWork = fs::path(TINYLLM_TEST_WORK) / "course_on_module";

// A workspace's module headers: the reference's (their layout is the reference library's).
fs::path workspace_include() {
  const fs::path include = kWork / "workspace" / "include";
  fs::create_directories(include / "tinyllm" / "train");
  for (const char* header : {"precision.hpp", "recompute.hpp"})
    fs::copy_file(source_dir / "oracle" / "include" / "tinyllm" / "train" / header,
                  include / "tinyllm" / "train" / header, fs::copy_options::overwrite_existing);
  return include;
}

// Puts `library` where a learner's module library goes, and returns the request for it.
CourseOnModuleRequest request_for(const fs::path& library) {
  CourseOnModuleRequest r;
  r.config.jobs = 2;
  r.toolchain = default_toolchain(source_dir, kBuild);
  std::string note;
  r.isolation = resolve_isolation(Isolation::Auto, note);
  r.source_dir = source_dir;
  r.build_dir = kBuild;
  r.workspace_include_dir = workspace_include();
  r.module_library = kWork / "module" / "libtinyllm_oracle.so";
  fs::create_directories(r.module_library.parent_path());
  fs::copy_file(library, r.module_library, fs::copy_options::overwrite_existing);
  r.work_dir = kWork / "course-suite";
  return r;
}

// Catches: the course suite compiled against the oracle's headers instead of the workspace's, the
// reference module failing a course test, a seed left out, or the compile redone for nothing.
TEST(CourseOnModule, reference_module_passes_every_course_test_with_every_seed) {
  const CourseOnModuleRequest r =
      request_for(kBuild / "variants" / "reference" / "libtinyllm_oracle.so");
  EXPECT_EQ(course_suite_toolchain(r).include_dirs.front(), r.workspace_include_dir);
  const CourseOnModule first = run_course_suite_on_module(r);
  ASSERT_TRUE(first.compiled) << first.compile_log;
  EXPECT_EQ(first.seeds, (std::vector<std::uint64_t>{r.config.seed, 1, 2}));
  EXPECT_GE(first.tests.size(), 20u);
  for (const auto& t : first.tests) EXPECT_TRUE(t.passed) << t.test << ": " << t.message;
  EXPECT_TRUE(first.problems.empty()) << first.problems.front().ending;
  const CourseOnModule again = run_course_suite_on_module(r);
  EXPECT_TRUE(again.reused_build);
  EXPECT_EQ(again.tests.size(), first.tests.size());
}

// Catches: a pitfall's module failing other tests than its recorded signature (the course suite
// on a module not the same as the yardstick's), or the diagnosis not naming it first.
TEST(CourseOnModule, pitfall_module_fails_its_signature_and_is_diagnosed) {
  const auto catalog = load_catalog(source_dir / "mutants" / "catalog.toml", source_dir);
  const Signatures signatures = load_signatures(kBuild, source_dir, catalog, Config{}.seed);
  ASSERT_EQ(signatures.signatures.size(), 24u) << signatures.note;
  for (const std::string id : {"s07", "s19", "s02"}) {
    const RunTarget pitfall = VariantRuns(kBuild).target(id);  // its token in the schema library
    CourseOnModuleRequest r = request_for(pitfall.library);
    r.environment = pitfall.environment;
    r.config.reference_seeds = {};  // the grading seed is the signatures'
    const CourseOnModule run = run_course_suite_on_module(r);
    ASSERT_TRUE(run.compiled) << run.compile_log;
    EXPECT_TRUE(run.problems.empty()) << id;
    const auto failing = failing_with_seed(run.tests, r.config.seed);
    const auto own = std::find_if(signatures.signatures.begin(), signatures.signatures.end(),
                                  [&](const Signature& s) { return s.mutant.id == id; });
    ASSERT_NE(own, signatures.signatures.end()) << id;
    EXPECT_EQ(failing, own->failing_tests) << id;
    for (const auto& t : run.tests) {
      if (t.passed) continue;
      EXPECT_FALSE(t.message.empty()) << t.test;
      EXPECT_NE(t.reproduce.find("--gtest_filter="), std::string::npos) << t.reproduce;
    }
    const auto d = match_signatures(failing, signatures.signatures);
    ASSERT_FALSE(d.matches.empty()) << id;
    EXPECT_EQ(d.matches.front().mutant.id, id);
    EXPECT_TRUE(d.close) << id;
  }
}

// Builds a module library whose `cast` misbehaves (fixtures/hostile_module/cast.cpp, mode
// `mode`), the rest of the module being the reference's objects and the foundation.
fs::path hostile_library(int mode) {
  const fs::path dir = kWork / "hostile" / std::to_string(mode);
  fs::create_directories(dir);
  std::vector<std::string> compile = {build_info::cxx_compiler};
  std::istringstream flags(build_info::module_cxx_flags);
  for (std::string flag; flags >> flag;) compile.push_back(flag);
  const fs::path object = dir / "cast.o";
  compile.insert(
      compile.end(),
      {"-DTLM_HOSTILE=" + std::to_string(mode), "-I" + (source_dir / "oracle" / "include").string(),
       "-c", (fs::path(TINYLLM_E2E_FIXTURES) / "hostile_module" / "cast.cpp").string(), "-o",
       object.string()});
  const base::ProcessResult compiled = base::run_process(compile, 300);
  EXPECT_EQ(compiled.exit_code, 0) << compiled.output;
  const fs::path library = dir / "libtinyllm_oracle.so";
  std::vector<std::string> link = {build_info::cxx_compiler, "-shared", "-o", library.string(),
                                   object.string()};
  // The reference module's other objects, as the oracle's build made them.
  std::istringstream sources(build_info::module_sources);
  for (std::string source; std::getline(sources, source, ';');)
    if (fs::path(source).filename() != "cast.cpp")
      link.push_back(
          (kBuild / "oracle" / "CMakeFiles" / "oracle_objects.dir" / (source + ".o")).string());
  link.insert(link.end(),
              {"-Wl,--whole-archive", (kBuild / "foundation" / "libtinyllm_foundation.a").string(),
               "-Wl,--no-whole-archive", "-Wl,--no-undefined", "-pthread"});
  const base::ProcessResult linked = base::run_process(link, 300);
  EXPECT_EQ(linked.exit_code, 0) << linked.output;
  return library;
}

// Catches: a module that crashes, hangs (with a grandchild escaping the process group), prints
// without end or forks in a loop taking the tests after the fault with it (each test that reaches
// the learner's `cast` must fail alone, with how its run ended), a failing test that does not say
// why, or a process left behind.
TEST(CourseOnModule, misbehaving_module_fails_the_tests_it_misbehaves_in_and_leaves_nothing) {
  struct Case {
    int mode;
    std::string ending;  // of every test that ended a run ("": any ending; forking is slow)
    // The bounded wait's constant: short, since each test the hang happens in waits it out; longer
    // after a fork loop, whose processes the machine is still reaping while the next tests run.
    double timeout_constant_seconds = 1;
  };
  for (const Case& c : {Case{1, "crashed with SIGSEGV"}, Case{2, "did not finish within "},
                        Case{3, "printed more than 1 MB"}, Case{4, "", 10}}) {
    CourseOnModuleRequest r = request_for(hostile_library(c.mode));
    r.config.reference_seeds = {};
    r.config.timeout_constant_seconds = c.timeout_constant_seconds;
    r.config.limits.output_mb = 1;
    const CourseOnModule run = run_course_suite_on_module(r);
    ASSERT_TRUE(run.compiled) << run.compile_log;
    EXPECT_TRUE(run.problems.empty()) << c.mode << ": " << run.problems[0].ending;
    // Whatever it did, some course test failed, each failing test says why, and the tests that
    // never call `cast` (the scaler's, the errors') pass.
    int failed = 0, ended = 0;
    for (const auto& t : run.tests) {
      if (t.passed) continue;
      ++failed;
      EXPECT_FALSE(t.message.empty()) << c.mode << " " << t.test;
      if (!t.ending.empty()) {
        ++ended;
        EXPECT_TRUE(t.ending.starts_with(c.ending)) << c.mode << " " << t.test << ": " << t.ending;
      }
    }
    EXPECT_GT(failed, 0) << c.mode;
    EXPECT_LT(failed, static_cast<int>(run.tests.size())) << c.mode;
    if (!c.ending.empty()) {
      EXPECT_GT(ended, 0) << c.mode;
    }
    // In plain mode without root the grader has no private uid to sweep: only a sandbox or root
    // is held to it.
    if (r.isolation != Isolation::Namespaces && geteuid() != 0) continue;
    EXPECT_EQ(e2e::processes_named("tlm-sleeper"), 0) << c.mode;
    EXPECT_EQ(e2e::processes_named("tlm-forked"), 0) << c.mode;
  }
}

}  // namespace
}  // namespace tinyllm::runner
