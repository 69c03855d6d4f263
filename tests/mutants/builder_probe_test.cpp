// The probe library on the builder's fixture project: the reference with a recording call at each
// probe site. It must behave exactly as the reference (a probe that changed a result would make
// reach unsound and grades differ), and record the first hit of each site per test.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "builder_fixture.hpp"
#include "loaded_library.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/probe_library.hpp"

namespace tinyllm::builder {
namespace {

using testing::FixtureProject;
namespace fs = std::filesystem;

// Unbraced if/else bodies, a switch, a constexpr function evaluated at compile time (a probe
// there must stay valid in constant evaluation), and __FILE__ / __LINE__ (which the probe build
// must leave as the reference's). The pitfall marker s01 sits before a statement in a block.
const char* const kProbeModule = R"(// The probe fixture's module file.
#include <cstring>
constexpr int tripled(int x) { return x * 3; }
constexpr int kTripled = tripled(2);
int branch(int x) {
  if (x > 0) return x + 10;
  else return x - 10;
}
int switched(int x) {
  switch (x) {
    case 1: return x * 7;
    default: return x + 100;
  }
}
int line_here() { return __LINE__; }
bool file_here() { return std::strstr(__FILE__, "module.cpp") != nullptr; }
int guarded(int x) {
  int y = x;
  // s01: doubling the input
  y = y * 2;
  return y + tripled(1);
}
int tripled_constant() { return kTripled; }
)";

const char* const kCatalog = R"([[mutant]]
id = "s01"
title = "doubling the input"
symptom = "the input is doubled"
question = "which behaviour would a test of this check?"
concept = "the contract fixes this behaviour; a test should pin it down"
caught_by = ["Fixture.doubles"]
file = "src/module.cpp"
function = "guarded"
)";

using Loaded = testing::LoadedLibrary;

// Builds the fixture with the probe library (and the catalog's pitfall s01).
struct ProbeProject {
  ProbeProject() : project(kProbeModule) {
    base::write_whole_file(project.root() / "catalog.toml", kCatalog);
    BuildOptions options = project.options();
    options.probe_dir = fs::path(TINYLLM_SOURCE_DIR) / "mutants/probe";
    options.catalog = project.root() / "catalog.toml";
    summary = build_generated_variants(options);
    sites =
        nlohmann::json::parse(base::read_whole_file(project.root() / "build/variants/probe.json"));
  }
  fs::path library() const {
    return project.root() / "build/variants" / kProbeVariant / kVariantLibraryName;
  }
  // Returns the index of the site at `line` of the module file, or -1.
  int site_at(int line) const {
    for (std::size_t k = 0; k < sites.at("sites").size(); ++k)
      if (sites["sites"][k].at("line") == line) return static_cast<int>(k);
    return -1;
  }
  FixtureProject project;
  BuildSummary summary;
  nlohmann::json sites;
};

// One build for every test (it compiles each mutant of the fixture); a test that loads the probe
// library loads its own copy, so its probe state starts fresh.
class BuilderProbe : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { probe_ = new ProbeProject; }
  static void TearDownTestSuite() {
    delete probe_;
    probe_ = nullptr;
  }
  static const ProbeProject& probe() { return *probe_; }
  // Returns a copy of the probe library under a name of its own.
  static fs::path fresh_copy(const std::string& name) {
    const fs::path copy = probe_->project.root() / "copies" / name / kVariantLibraryName;
    fs::create_directories(copy.parent_path());
    fs::copy_file(probe_->library(), copy, fs::copy_options::overwrite_existing);
    return copy;
  }

 private:
  static ProbeProject* probe_;
};
ProbeProject* BuilderProbe::probe_ = nullptr;

// Returns the lines of the file at `path` (none when it does not exist).
std::multiset<std::string> lines_of(const fs::path& path) {
  std::multiset<std::string> lines;
  if (!fs::exists(path)) return lines;
  std::istringstream in(base::read_whole_file(path));
  for (std::string line; std::getline(in, line);) lines.insert(line);
  return lines;
}

// Catches: a probe call that changes a result (inserted where it alters what an unbraced if or a
// case controls), moves __LINE__ or renames __FILE__, or breaks constant evaluation (kTripled
// would not compile).
TEST_F(BuilderProbe, ProbeLibraryBehavesAsTheReference) {
  const ProbeProject& probe = BuilderProbe::probe();
  ASSERT_GT(probe.summary.probe_sites, 0u);
  EXPECT_TRUE(probe.summary.probe_linked);
  const Loaded reference(probe.project.reference_library());
  const Loaded instrumented(fresh_copy("behaves"));
  for (const char* name : {"_Z6branchi", "_Z8switchedi", "_Z7guardedi"})
    for (int x : {-3, 0, 1, 2, 5})
      EXPECT_EQ(reference.function<int(int)>(name)(x), instrumented.function<int(int)>(name)(x))
          << name << "(" << x << ")";
  EXPECT_EQ(instrumented.function<int()>("_Z9line_herev")(), 15);
  EXPECT_EQ(instrumented.function<int()>("_Z16tripled_constantv")(), 6);
  EXPECT_TRUE(instrumented.function<bool()>("_Z9file_herev")());
  EXPECT_FALSE(reference.has("tinyllm_probe_test_started"));
  EXPECT_TRUE(instrumented.has("tinyllm_probe_test_started"));
}

// Catches: pitfall sites left out of probe.json (their mutants would never be NoCoverage, or
// always be), and generated mutants attached to the wrong statement.
TEST_F(BuilderProbe, SitesListPitfallsAndGeneratedMutants) {
  const ProbeProject& probe = BuilderProbe::probe();
  const int pitfall = probe.site_at(20);  // y = y * 2; after the marker on line 19
  ASSERT_GE(pitfall, 0) << probe.sites.dump(1);
  const nlohmann::json& ids = probe.sites["sites"][pitfall]["mutants"];
  EXPECT_NE(std::find(ids.begin(), ids.end(), "s01"), ids.end()) << ids.dump();
  const nlohmann::json plus = probe.project.mutant("branch", "+", "-");
  ASSERT_TRUE(plus.contains("probe")) << plus.dump();
  EXPECT_EQ(plus["probe"]["line"], 6);
  EXPECT_EQ(plus["probe"]["column"], 3);
  const int if_site = probe.site_at(6);
  ASSERT_GE(if_site, 0);
  const nlohmann::json& at_if = probe.sites["sites"][if_site]["mutants"];
  EXPECT_NE(std::find(at_if.begin(), at_if.end(), plus.at("id")), at_if.end());
}

// Catches: a runtime that records every hit (the file grows with the work done), records nothing
// for a hit before any test, or does not tell tests apart.
TEST_F(BuilderProbe, RecordsTheFirstHitOfEachSitePerTest) {
  const ProbeProject& probe = BuilderProbe::probe();
  const fs::path record = probe.project.root() / "probe-record.txt";
  ASSERT_EQ(setenv("TINYLLM_PROBE_FILE", record.c_str(), 1), 0);
  {
    const Loaded instrumented(fresh_copy("records"));
    auto* switched = instrumented.function<int(int)>("_Z8switchedi");
    auto* started = instrumented.function<void(const char*)>("tinyllm_probe_test_started");
    switched(1);
    switched(1);
    started("Suite.first");
    switched(1);
    switched(1);
    started("Suite.second");
    switched(4);
  }
  unsetenv("TINYLLM_PROBE_FILE");
  const std::string switch_site = std::to_string(probe.site_at(10));
  const std::string case_one = std::to_string(probe.site_at(11));
  const std::string fallback = std::to_string(probe.site_at(12));
  ASSERT_NE(case_one, "-1");
  ASSERT_NE(fallback, "-1");
  std::multiset<std::string> expected = {case_one + "\t", case_one + "\tSuite.first",
                                         fallback + "\tSuite.second"};
  if (switch_site != "-1")  // the switch statement is a site when a mutant is in its condition
    expected.insert(
        {switch_site + "\t", switch_site + "\tSuite.first", switch_site + "\tSuite.second"});
  EXPECT_EQ(lines_of(record), expected);
}

// Catches: a runtime that writes somewhere (or crashes) when TINYLLM_PROBE_FILE is not set, as
// in every run but the probe run.
TEST_F(BuilderProbe, WritesNothingWithoutTheVariable) {
  const ProbeProject& probe = BuilderProbe::probe();
  unsetenv("TINYLLM_PROBE_FILE");
  const fs::path folder = probe.project.root() / "quiet";
  fs::create_directories(folder);
  const fs::path before = fs::current_path();
  fs::current_path(folder);
  {
    const Loaded instrumented(fresh_copy("quiet"));
    EXPECT_EQ(instrumented.function<int(int)>("_Z6branchi")(3), 13);
  }
  fs::current_path(before);
  EXPECT_TRUE(fs::is_empty(folder));
}

// Catches: a rebuild that recompiles or relinks the probe library when nothing changed.
TEST_F(BuilderProbe, UnchangedRebuildReusesTheProbeLibrary) {
  const ProbeProject& probe = BuilderProbe::probe();
  BuildOptions options = probe.project.options();
  options.probe_dir = fs::path(TINYLLM_SOURCE_DIR) / "mutants/probe";
  options.catalog = probe.project.root() / "catalog.toml";
  const BuildSummary again = build_generated_variants(options);
  EXPECT_EQ(again.compiled, 0u);
  EXPECT_FALSE(again.probe_linked);
  EXPECT_EQ(again.probe_sites, probe.summary.probe_sites);
}

// Catches: insertions that add a line (every later __LINE__ and diagnostic would move) or that
// land anywhere but at the sites' offsets.
TEST_F(BuilderProbe, InstrumentedSourceInsertsOnTheSameLine) {
  const std::string text = "int f(int a) {\n  int b = a;\n  return b + 1;\n}\n";
  std::vector<ProbeSite> sites = {{"m.cpp", {2, 3, text.find("int b")}, {"g1"}},
                                  {"other.cpp", {1, 1, 0}, {"g2"}},
                                  {"m.cpp", {3, 3, text.find("return")}, {"g3"}}};
  const std::string out = instrumented_source(text, sites, "m.cpp", "// prelude", "/x/m.cpp");
  EXPECT_EQ(out,
            "// prelude\n#line 1 \"/x/m.cpp\"\nint f(int a) {\n  ::tinyllm_probe::at(0); int b "
            "= a;\n  ::tinyllm_probe::at(2); return b + 1;\n}\n");
}

}  // namespace
}  // namespace tinyllm::builder
