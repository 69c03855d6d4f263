// The differential check end to end: the driver in the sandbox, comparing the learner's shim
// (compiled here against oracle/include, the reference's headers, standing in for a workspace's)
// on a learner's library with the reference shim. The reference's own library passes every
// property; pitfall variants fail the property of their area with a readable counterexample; a
// module that crashes or hangs in an area fails that area alone, with how and on which call.
#include "check/differential.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>

#include "grading/variant_runs.hpp"

namespace {

namespace fs = std::filesystem;
using tinyllm::runner::DifferentialRequest;
using tinyllm::runner::DifferentialResult;

// One work folder in the build tree for every test (each runs in its own process under CTest):
// the learner's shim is compiled by the first and reused by the others (it depends on the headers,
// not on the library).
fs::path work_dir() {
  return fs::path(TINYLLM_BROKEN_MODULES) / "differential-work";
}

DifferentialRequest request_for(const fs::path& library) {
  DifferentialRequest r;
  r.include_dir = fs::path(TINYLLM_SOURCE_DIR) / "oracle" / "include";
  r.library = library;
  r.build_dir = TINYLLM_BUILD_DIR;
  r.source_dir = TINYLLM_SOURCE_DIR;
  r.work_dir = work_dir();
  return r;
}

// The request that runs the check on variant `id` ("reference", a pitfall or a wheat) as the
// learner's module: its library, and its token in the schema library.
DifferentialRequest request_for_variant(const std::string& id) {
  if (id == "reference")
    return request_for(fs::path(TINYLLM_BUILD_DIR) / "variants" / id / "libtinyllm_oracle.so");
  const tinyllm::runner::RunTarget target =
      tinyllm::runner::VariantRuns(TINYLLM_BUILD_DIR).target(id);
  DifferentialRequest request = request_for(target.library);
  request.environment = target.environment;
  return request;
}

bool variants_built() {
  return fs::exists(fs::path(TINYLLM_BUILD_DIR) / "variants" / "schema.json");
}

const tinyllm::reports::DifferentialCheck* find(const DifferentialResult& r,
                                                const std::string& name) {
  for (const auto& c : r.checks)
    if (c.name == name) return &c;
  return nullptr;
}

// Catches: a shim or driver that disagrees with itself (a protocol, visibility or interposition
// bug would make the reference differ from the reference), a property that runs fewer cases than
// promised, an exactness flag lost on the way to the report.
TEST(Differential, reference_passes_every_property) {
  const auto start = std::chrono::steady_clock::now();
  const DifferentialResult r = tinyllm::runner::run_differential(request_for_variant("reference"));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "[differential] on the reference: " << seconds << " s (shim "
            << (r.shim_cached ? "reused" : "compiled") << ")\n";
  ASSERT_FALSE(r.problem) << r.problem->ending;
  ASSERT_EQ(r.checks.size(), 7u);
  for (const auto& c : r.checks) {
    EXPECT_TRUE(c.passed) << c.name << ": " << c.counterexample;
    EXPECT_EQ(c.cases, 100) << c.name;
  }
  for (const char* exact : {"cast", "autocast_matmul", "checkpoint_sequential"})
    EXPECT_TRUE(find(r, exact) && find(r, exact)->exact) << exact;
  for (const char* tolerant :
       {"DynamicLossScaler", "grad_accumulate", "train_step_mixed", "checkpoint"})
    EXPECT_TRUE(find(r, tolerant) && !find(r, tolerant)->exact) << tolerant;
}

// Catches: shims the plain sandbox (no namespaces: the run's folders on the host, a private uid
// as root) cannot read or load, where the namespace sandbox (the default as root) can.
TEST(Differential, reference_passes_in_the_plain_sandbox_too) {
  auto request = request_for_variant("reference");
  request.isolation = tinyllm::runner::Isolation::Plain;
  const DifferentialResult r = tinyllm::runner::run_differential(request);
  ASSERT_FALSE(r.problem) << r.problem->ending;
  ASSERT_EQ(r.checks.size(), 7u);
  for (const auto& c : r.checks) EXPECT_TRUE(c.passed) << c.name << ": " << c.counterexample;
}

// Catches: the two modules' classes meeting in one image (a learner's Autocast or
// DynamicLossScaler layout used by the reference's code, or the reverse, through interposed or
// shared symbols): with private members of another size, that corrupts memory or results.
TEST(Differential, a_module_with_its_own_private_members_passes) {
  auto request = request_for(fs::path(TINYLLM_BROKEN_MODULES) / "differential-relayout" /
                             "libtinyllm_oracle.so");
  request.include_dir = TINYLLM_RELAYOUT_INCLUDE;
  request.work_dir = work_dir() / "relayout";
  const DifferentialResult r = tinyllm::runner::run_differential(request);
  ASSERT_FALSE(r.problem) << r.problem->ending;
  ASSERT_EQ(r.checks.size(), 7u);
  for (const auto& c : r.checks) EXPECT_TRUE(c.passed) << c.name << ": " << c.counterexample;
}

// Catches: a comparison bit for bit of what the contract leaves open (docs/contract-freedoms.md):
// each wheat is a correct module that uses one freedom, e.g. w06 sums the gradient of a tensor
// passed to checkpoint twice in another order than the reference, and must pass every property.
TEST(Differential, every_wheat_passes_every_property) {
  for (const char* wheat : {"w01", "w02", "w03", "w04", "w05", "w06"}) {
    if (!variants_built()) GTEST_SKIP() << "variants are not built";
    const DifferentialResult r = tinyllm::runner::run_differential(request_for_variant(wheat));
    ASSERT_FALSE(r.problem) << wheat << ": " << r.problem->ending;
    ASSERT_EQ(r.checks.size(), 7u) << wheat;
    for (const auto& c : r.checks)
      EXPECT_TRUE(c.passed) << wheat << ", " << c.name << ": " << c.counterexample;
  }
}

struct Pitfall {
  const char* id;
  const char* property;  // the property of its area, which must fail
  const char* passes;    // a property of another area, which must still pass
  const char* says;      // in the counterexample
};

void PrintTo(const Pitfall& p, std::ostream* os) {
  *os << p.id;
}

class DifferentialPitfall : public ::testing::TestWithParam<Pitfall> {};

// Catches: a property that misses its area's known bug, one that blames an unrelated area, and a
// counterexample that does not say in words what was called and what differs.
TEST_P(DifferentialPitfall, fails_its_property_with_a_readable_counterexample) {
  const Pitfall p = GetParam();
  if (!variants_built()) GTEST_SKIP() << "variants are not built";
  const DifferentialResult r = tinyllm::runner::run_differential(request_for_variant(p.id));
  ASSERT_FALSE(r.problem) << r.problem->ending;
  const auto* failing = find(r, p.property);
  ASSERT_NE(failing, nullptr);
  EXPECT_FALSE(failing->passed);
  EXPECT_NE(failing->counterexample.find(p.says), std::string::npos) << failing->counterexample;
  EXPECT_NE(failing->counterexample.find(": yours "), std::string::npos) << failing->counterexample;
  EXPECT_NE(failing->counterexample.find(", reference "), std::string::npos)
      << failing->counterexample;
  EXPECT_GE(failing->cases, 1);
  EXPECT_LE(failing->cases, 100);
  ASSERT_NE(find(r, p.passes), nullptr);
  EXPECT_TRUE(find(r, p.passes)->passed) << find(r, p.passes)->counterexample;
}

INSTANTIATE_TEST_SUITE_P(
    Pitfalls, DifferentialPitfall,
    ::testing::Values(Pitfall{"s01", "autocast_matmul", "cast", "under Autocast"},
                      Pitfall{"s02", "cast", "grad_accumulate", "backward"},
                      Pitfall{"s07", "grad_accumulate", "cast", "(to 1e-6 relative)"},
                      Pitfall{"s11", "DynamicLossScaler", "checkpoint", "step 1 "},
                      Pitfall{"s21", "checkpoint_sequential", "DynamicLossScaler", "dropout"}),
    [](const auto& info) { return std::string(info.param.id); });

fs::path broken(const std::string& kind) {
  return fs::path(TINYLLM_BROKEN_MODULES) / ("differential-" + kind) / "libtinyllm_oracle.so";
}

// Catches: a crash in one area ending the whole check (the other areas unjudged), a crashing
// module taken for a result (or for a grader failure), and a crashed area that does not say how
// its run ended and on which call. The module's `cast` aborts: the scaler's area never calls it.
TEST(Differential, a_crash_ends_only_the_areas_it_happens_in) {
  const DifferentialResult r = tinyllm::runner::run_differential(request_for(broken("crash")));
  EXPECT_FALSE(r.problem) << r.problem->ending;
  ASSERT_EQ(r.checks.size(), 7u);
  const auto* cast = find(r, "cast");
  ASSERT_NE(cast, nullptr);
  EXPECT_FALSE(cast->passed);
  EXPECT_EQ(cast->ending, "crashed with SIGABRT");
  EXPECT_TRUE(cast->call.starts_with("cast of ")) << cast->call;
  const auto* scaler = find(r, "DynamicLossScaler");
  ASSERT_NE(scaler, nullptr);
  EXPECT_TRUE(scaler->passed) << scaler->ending << scaler->counterexample;
}

// Catches: a hanging module that hangs the check (each run's limit must stop it), one hang that
// ends every area, or a timeout that does not say the limit and the reference's time.
TEST(Differential, a_hang_costs_one_bounded_wait_and_ends_only_its_area) {
  auto request = request_for(broken("hang"));
  request.timeout_factor = 1;
  request.timeout_constant_seconds = 2;
  const DifferentialResult r = tinyllm::runner::run_differential(request);
  EXPECT_FALSE(r.problem) << r.problem->ending;
  const auto* cast = find(r, "cast");
  ASSERT_NE(cast, nullptr);
  EXPECT_TRUE(cast->ending.starts_with("did not finish within ")) << cast->ending;
  EXPECT_NE(cast->ending.find("(the reference takes "), std::string::npos) << cast->ending;
  EXPECT_TRUE(cast->call.starts_with("cast of ")) << cast->call;
  ASSERT_NE(find(r, "DynamicLossScaler"), nullptr);
  EXPECT_TRUE(find(r, "DynamicLossScaler")->passed);
}

// Catches: a workspace whose headers do not declare what the shim calls read as a passing check,
// or as a grader error, instead of a problem that shows the compiler's messages.
TEST(Differential, a_shim_that_does_not_compile_is_a_run_problem_with_the_compilers_messages) {
  auto request = request_for_variant("reference");
  request.include_dir = work_dir() / "no-headers";
  fs::create_directories(request.include_dir);
  request.work_dir = work_dir() / "no-headers-work";
  const DifferentialResult r = tinyllm::runner::run_differential(request);
  ASSERT_TRUE(r.problem);
  EXPECT_NE(r.problem->ending.find("did not compile"), std::string::npos) << r.problem->ending;
  EXPECT_NE(r.problem->ending.find("precision.hpp"), std::string::npos) << r.problem->ending;
  EXPECT_TRUE(r.checks.empty());
}

// Catches: a broken JSON or a result without the driver's tests read as a passing check.
TEST(Differential, an_incomplete_result_is_not_a_pass) {
  EXPECT_FALSE(tinyllm::runner::parse_differential_json("not json"));
  EXPECT_FALSE(tinyllm::runner::parse_differential_json(R"({"testsuites": []})"));
}

}  // namespace
