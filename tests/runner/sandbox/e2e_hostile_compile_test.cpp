// End-to-end tests of suites and workspaces whose *compile* is hostile: it reads a file of the
// grading machine, a device, a huge file, or never ends. Each is stopped or refused with a message
// a learner understands, and nothing of a file outside the learner's reaches any output, in every
// isolation mode (a sandbox hides the file; in plain mode the include policy is the only wall).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "config/build_info.hpp"
#include "e2e_support.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

namespace {

constexpr const char* kSecretWord = "TLHSECRET7f3a";

// A file of the grading machine, holding the secret word, at `path` while the object lives.
struct SecretFile {
  fs::path path;
  explicit SecretFile(fs::path where) : path(std::move(where)) {
    std::ofstream(path) << "root:x:0:0:" << kSecretWord << ":/root:/bin/bash\n";
  }
  ~SecretFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

// Returns the files under `folder` whose bytes hold `word`.
std::vector<fs::path> files_holding(const fs::path& folder, const std::string& word) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.find(word) != std::string::npos) found.push_back(entry.path());
  }
  return found;
}

const std::vector<const char*> kBothModes = {"auto", "plain"};

}  // namespace

// Catches: a suite's compile quoting a file of the grading machine (a secret) back into the
// terminal report, summary.md or the JSON, as it did before the include policy (exit 2, the file's
// line in the compiler's diagnostics).
TEST(HostileCompile, a_suite_including_a_secret_file_is_refused_and_shows_nothing_of_it) {
  const SecretFile secret("/tmp/tinyllm-hostile-secret-suite.txt");
  for (const char* isolation : kBothModes) {
    fs::path output;
    const Graded g = grade("includes_a_secret",
                           {"--isolation", isolation, "--format", "terminal", "json", "markdown"},
                           hostile_config, &output);
    EXPECT_EQ(g.status, 2) << isolation << "\n" << g.output;
    EXPECT_NE(g.output.find("#include not allowed"), std::string::npos) << g.output;
    EXPECT_NE(g.output.find("secret_test.cpp:9"), std::string::npos) << g.output;
    EXPECT_EQ(g.output.find(kSecretWord), std::string::npos) << isolation << "\n" << g.output;
    EXPECT_TRUE(files_holding(output, kSecretWord).empty()) << isolation;
  }
}

// Catches: a workspace's module source or header that includes a file of the machine: the module
// build, the course suite compiled against its headers, or the differential shim quoting it.
TEST(HostileCompile, a_workspace_including_a_secret_file_is_refused_and_shows_nothing_of_it) {
  const SecretFile secret("/tmp/tinyllm-hostile-secret-workspace.txt");
  for (const char* where : {"src/cast.cpp", "include/tinyllm/train/precision.hpp"}) {
    const fs::path ws = fresh_folder("hostile-workspace") / "ws";
    ASSERT_EQ(run_grader({"start", ws.string(), "--from-reference", "--no-example-test"}).status,
              0);
    std::ofstream(ws / where, std::ios::app)
        << "\ninline const char* leaked_secret =\n#include \"" << secret.path.string() << "\"\n;\n";
    const fs::path out = fresh_folder("hostile-workspace-report");
    const Graded g = run_grader({"check", ws.string(), "--quiet", "--output", out.string()});
    EXPECT_EQ(g.status, 3) << where << "\n" << g.output;
    EXPECT_NE(g.output.find("#include not allowed"), std::string::npos) << where << g.output;
    EXPECT_EQ(g.output.find(kSecretWord), std::string::npos) << where << "\n" << g.output;
    EXPECT_TRUE(files_holding(out, kSecretWord).empty()) << where;
    EXPECT_TRUE(files_holding(ws, kSecretWord).empty()) << where << ": the workspace's caches";
  }
}

// Catches: an #include of the oracle's internals compiling when written as a path, relative to
// the suite's folder or absolute (the include path alone kept out only "oracle/src/...").
TEST(HostileCompile, the_oracles_internals_by_relative_or_absolute_path_are_refused) {
  const fs::path absolute = fresh_folder("hostile-internals-absolute");
  std::ofstream(absolute / "internals_test.cpp")
      << "#include <gtest/gtest.h>\n#include \"" << tinyllm::runner::build_info::source_dir
      << "/oracle/src/train/cast.cpp\"\nTEST(Hostile, tests_the_internals) { SUCCEED(); }\n";
  for (const char* isolation : kBothModes) {
    const Graded relative = grade("includes_internals_by_path", {"--isolation", isolation});
    EXPECT_EQ(relative.status, 2) << isolation << "\n" << relative.output;
    EXPECT_NE(relative.output.find("#include not allowed"), std::string::npos) << relative.output;
    const Graded by_path =
        run_grader({"grade", absolute.string(), "--quiet", "--isolation", isolation, "--output",
                    fresh_folder("hostile-internals-report").string()});
    EXPECT_EQ(by_path.status, 2) << isolation << "\n" << by_path.output;
    EXPECT_NE(by_path.output.find("#include not allowed"), std::string::npos) << by_path.output;
  }
}

// Catches: a compile that reads /dev/zero allocating without end (it reached a 12 GB limit set
// from outside): in a sandbox the device is not there to read; in plain mode the compile's memory
// limit stops it and says which limit, in words.
TEST(HostileCompile, including_dev_zero_stops_at_a_limit_that_says_so) {
  for (const char* isolation : kBothModes) {
    const Graded g = grade("includes_dev_zero", {"--isolation", isolation});
    EXPECT_EQ(g.status, 2) << isolation << "\n" << g.output;
    const bool refused = g.output.find("#include not allowed") != std::string::npos;
    const bool memory = g.output.find("the compiler used more than") != std::string::npos &&
                        g.output.find("MiB of memory") != std::string::npos;
    EXPECT_TRUE(std::string(isolation) == "plain" ? memory : refused) << isolation << g.output;
  }
}

// Catches: /dev/urandom or a 1 GB file read whole by the compiler in a sandbox, where the include
// policy refuses them before a byte is read.
TEST(HostileCompile, including_a_random_device_or_a_huge_file_is_refused_in_a_sandbox) {
  if (!namespaces_available()) GTEST_SKIP() << "needs a sandbox (bubblewrap)";
  const fs::path huge = "/tmp/tinyllm-hostile-huge.txt";
  { std::ofstream make(huge); }
  fs::resize_file(huge, 1ull << 30);  // sparse: no disk used
  for (const char* suite : {"includes_dev_urandom", "includes_a_huge_file"}) {
    const Graded g = grade(suite);
    EXPECT_EQ(g.status, 2) << suite << "\n" << g.output;
    EXPECT_NE(g.output.find("#include not allowed"), std::string::npos) << suite << g.output;
  }
  fs::remove(huge);
}

// Catches: a compile that never ends (an include cycle, a template or constexpr loop without
// end) hanging the grade instead of failing with the compiler's own limit, about the learner's
// own file.
TEST(HostileCompile, compiles_without_end_stop_at_the_compilers_limits) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"includes_itself", "nested"},
      {"instantiates_without_end", "instantiation"},
      {"loops_in_constexpr", "constexpr"}};
  for (const auto& [suite, said] : cases) {
    const Graded g = grade(suite);
    EXPECT_EQ(g.status, 2) << suite << "\n" << g.output;
    EXPECT_NE(g.output.find("the suite does not compile"), std::string::npos) << g.output;
    EXPECT_NE(g.output.find(said), std::string::npos) << suite << "\n" << g.output;
  }
}
