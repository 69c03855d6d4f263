// The fixture project of the builder's tests.
#include "builder_fixture.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <fstream>

#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::builder::testing {
namespace fs = std::filesystem;

// C++ functions, not extern "C": the generator does not mutate inside an extern "C" block.
const char* const kModuleSource = R"(// The fixture's module file.
int shifted(int x) { return x + 0; }
bool above_one(int x) { return x >= 1; }
)";

namespace {

const char* const kOtherSource = R"(// The fixture's other source, never mutated.
int other_value() { return 42; }
)";

// The flags CMake would use; -MD/-MT/-MF and -o must be dropped by the builder.
std::string compile_command(const fs::path& root, const std::string& name, const char* define) {
  return std::string(TINYLLM_TEST_CXX) + " " + define + " -O2 -fPIC -std=c++20 -MD -MT obj/" +
         name + ".o -MF obj/" + name + ".o.d -o obj/" + name + ".o -c " +
         (root / "src" / name).string();
}

}  // namespace

FixtureProject::FixtureProject(const std::string& module_source, bool compile_now) {
  static std::atomic<int> count{0};
  root_ = fs::temp_directory_path() /
          ("tinyllm_builder_" + std::to_string(::getpid()) + "_" + std::to_string(count++));
  fs::remove_all(root_);
  base::write_whole_file(root_ / "src/module.cpp", module_source);
  base::write_whole_file(root_ / "src/other.cpp", kOtherSource);
  nlohmann::json database = nlohmann::json::array();
  for (const char* name : {"module.cpp", "other.cpp"}) {
    database.push_back({{"directory", (root_ / "build").string()},
                        {"command", compile_command(root_, name, "-DTINYLLM_MUTANT=0")},
                        {"file", (root_ / "src" / name).string()}});
    // A pitfall variant's command for the same file: not the reference's, so never chosen.
    std::string variant = compile_command(root_, name, "-DTINYLLM_MUTANT=3");
    variant.replace(variant.find("-o obj/"), 7, "-o obj/variant_");
    database.push_back({{"directory", (root_ / "build").string()},
                        {"command", variant},
                        {"file", (root_ / "src" / name).string()}});
  }
  base::write_whole_file(root_ / "build/compile_commands.json", database.dump(2));
  if (!compile_now) return;
  compile("module.cpp");
  compile("other.cpp");
  link_reference();
}

FixtureProject::~FixtureProject() {
  std::error_code ignored;
  fs::remove_all(root_, ignored);
}

void FixtureProject::compile(const std::string& name) const {
  fs::create_directories(root_ / "build/obj");
  base::ProcessOptions in_build;
  in_build.directory = root_ / "build";
  const base::ProcessResult compiled =
      base::run_process({"sh", "-c", compile_command(root_, name, "-DTINYLLM_MUTANT=0")}, in_build);
  ASSERT_EQ(compiled.exit_code, 0) << compiled.output;
}

void FixtureProject::link_reference() const {
  fs::create_directories(root_ / "build/variants/reference");
  base::ProcessOptions in_build;
  in_build.directory = root_ / "build";
  const base::ProcessResult linked =
      base::run_process({TINYLLM_TEST_CXX, "-shared", "-o", reference_library().string(),
                         "obj/module.cpp.o", "obj/other.cpp.o"},
                        in_build);
  ASSERT_EQ(linked.exit_code, 0) << linked.output;
}

BuildOptions FixtureProject::options() const {
  BuildOptions options;
  options.source_root = root_;
  options.files = {"src/module.cpp"};
  options.compile_commands = root_ / "build/compile_commands.json";
  options.reference_objects = {root_ / "build/obj/module.cpp.o", root_ / "build/obj/other.cpp.o"};
  options.link_command = {TINYLLM_TEST_CXX, "-fPIC", "-O2"};
  options.variants_dir = root_ / "build/variants";
  options.cache_dir = root_ / "build/cache";
  options.depfile = root_ / "build/generated.d";
  options.schema_dir = fs::path(TINYLLM_SOURCE_DIR) / "mutants/schema";
  options.jobs = 2;
  return options;
}

BuildSummary FixtureProject::build() const {
  return build_generated_variants(options());
}

void FixtureProject::rewrite(const std::string& name, const std::string& text) const {
  base::write_whole_file(root_ / "src" / name, text);
  compile(name);
  link_reference();
}

nlohmann::json FixtureProject::manifest() const {
  return nlohmann::json::parse(base::read_whole_file(root_ / "build/variants" / kManifestName));
}

nlohmann::json FixtureProject::mutant(const std::string& function, const std::string& original,
                                      const std::string& replacement) const {
  const nlohmann::json all = manifest();
  std::vector<nlohmann::json> found;
  for (const nlohmann::json& m : all.at("mutants"))
    if (m.at("function").get<std::string>().find(function) != std::string::npos &&
        m.at("original") == original && m.at("replacement") == replacement)
      found.push_back(m);
  EXPECT_EQ(found.size(), 1U) << function << ": " << original << " -> " << replacement << " in "
                              << all.dump(1);
  return found.empty() ? nlohmann::json::object() : found.front();
}

fs::path FixtureProject::schema_library() const {
  return root_ / "build/variants/schema" / kVariantLibraryName;
}

nlohmann::json FixtureProject::schema_listing() const {
  return nlohmann::json::parse(base::read_whole_file(root_ / "build/variants/schema.json"));
}

fs::path FixtureProject::reference_library() const {
  return root_ / "build/variants/reference" / kVariantLibraryName;
}

}  // namespace tinyllm::builder::testing
