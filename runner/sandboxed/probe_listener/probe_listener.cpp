// The GoogleTest listener the grader links into every suite it compiles (runner/CMakeLists.txt
// compiles it with the suites' compiler and flags; compile.cpp puts it on their link line). It
// tells the schema library which test is running, so that the reach run records which tests
// reach which mutants' code (docs/mutants.md). It looks up the library's
// tinyllm_probe_test_started once, with dlsym, when the suite starts: against the reference
// library the function is not there and the listener is not registered; on the schema library
// every run has it, and only the reach run keeps the names it is given.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <string>

namespace {

using TestStarted = void (*)(const char*);

class ProbeListener : public ::testing::EmptyTestEventListener {
 public:
  explicit ProbeListener(TestStarted started) : started_(started) {}
  // "Suite.Test", the name the grader reads from GoogleTest's result file.
  void OnTestStart(const ::testing::TestInfo& info) override {
    const std::string name = std::string(info.test_suite_name()) + "." + info.name();
    started_(name.c_str());
  }
  // Code run between tests (fixtures' SetUpTestSuite, environments) belongs to no test.
  void OnTestEnd(const ::testing::TestInfo&) override { started_(""); }

 private:
  TestStarted started_;
};

// Runs before main: the libraries the suite links are loaded by then.
[[maybe_unused]] const bool registered = [] {
  const auto started =
      reinterpret_cast<TestStarted>(dlsym(RTLD_DEFAULT, "tinyllm_probe_test_started"));
  if (started != nullptr)
    ::testing::UnitTest::GetInstance()->listeners().Append(new ProbeListener(started));
  return true;
}();

}  // namespace
