// The schema library against the libraries of their own that mutants had before it: the course
// suite must detect a mutant on one exactly when it detects it on the other. A sample of the
// generated mutants (one per operator, one per file and schema form) is built on its own by the
// real build's tool into a temporary folder; the 24 pitfalls have their own libraries anyway.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "temp_tree.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "token.hpp"

namespace {

namespace fs = std::filesystem;
const fs::path kBuild = TINYLLM_BUILD_DIR;

// The sample: the first mutant of each operator and of each (file, schema form) in the schema.
std::vector<std::string> sample(const nlohmann::json& manifest, const nlohmann::json& schema) {
  std::set<std::string> seen, ids;
  for (const auto& m : manifest.at("mutants")) {
    const std::string id = m.at("id");
    if (!schema.at("mutants").contains(id)) continue;
    const std::string by_operator = m.at("operator");
    const std::string by_form =
        m.at("file").get<std::string>() + " " + m.at("schema").at("form").get<std::string>();
    if (seen.insert(by_operator).second | seen.insert(by_form).second) ids.insert(id);
  }
  return {ids.begin(), ids.end()};
}

// Builds the sample's own libraries with the build's own configuration, into `variants`.
void build_own(const fs::path& folder, const fs::path& variants,
               const std::vector<std::string>& ids) {
  const fs::path builder = kBuild / "mutants" / "builder";
  std::istringstream conf(tinyllm::base::read_whole_file(builder / "generated-variants.conf"));
  std::string text, list;
  for (const std::string& id : ids) list += (list.empty() ? "" : ";") + id;
  for (std::string line; std::getline(conf, line);) {
    if (line.rfind("variants_dir=", 0) == 0) line = "variants_dir=" + variants.string();
    if (line.rfind("depfile=", 0) == 0) line = "depfile=" + (folder / "deps.d").string();
    text += line + "\n";
  }
  text += "own=" + list + "\n";
  tinyllm::base::write_whole_file(folder / "own.conf", text);
  const auto built =
      tinyllm::base::run_process({(builder / "tinyllm-build-generated").string(), "--config",
                                  (folder / "own.conf").string(), "--quiet", "--jobs", "2"},
                                 1800);
  ASSERT_EQ(built.exit_code, 0) << built.output;
}

// Whether the course suite detects the mutant run on `library` with `environment`.
bool detected(const fs::path& library, const std::vector<std::string>& environment,
              std::string& output) {
  std::vector<std::string> command = {"env", "RC_PARAMS=seed=20261201 noshrink=1",
                                      "LD_LIBRARY_PATH=" + library.parent_path().string()};
  command.insert(command.end(), environment.begin(), environment.end());
  command.push_back((kBuild / "properties" / "course_suite").string());
  const auto ran = tinyllm::base::run_process(command, 300);
  output = ran.output;
  return ran.exit_code != 0;
}

// Catches: a mutant placed in the schema library that is not the mutant its own library is (a
// switch on the wrong number, a scope written with another precedence, a pitfall guard not
// switched, a token the runtime does not find), seen as a different verdict of the course suite.
TEST(SchemaLibrary, the_course_suite_detects_a_mutant_in_it_exactly_when_on_its_own_library) {
  const fs::path variants = kBuild / "variants";
  if (!fs::exists(variants / "schema.json"))
    GTEST_SKIP() << "no schema library in this build (TINYLLM_GENERATED_MUTANTS=OFF?)";
  const auto manifest =
      nlohmann::json::parse(tinyllm::base::read_whole_file(variants / "generated.json"));
  const auto schema =
      nlohmann::json::parse(tinyllm::base::read_whole_file(variants / "schema.json"));
  const tinyllm::catalog::testing::TempTree folder;
  const fs::path own = folder.root() / "variants";
  const std::vector<std::string> generated = sample(manifest, schema);
  build_own(folder.root(), own, generated);

  std::vector<std::pair<std::string, fs::path>> cases;
  for (const std::string& id : generated) cases.emplace_back(id, own / id / "libtinyllm_oracle.so");
  for (const auto& [id, number] : schema.at("mutants").items())
    if (id[0] == 's') cases.emplace_back(id, variants / id / "libtinyllm_oracle.so");
  ASSERT_EQ(cases.size() - generated.size(), 24u) << "not every pitfall is in the schema";
  std::mt19937_64 random(std::random_device{}());
  const std::uint64_t key = random();
  std::mutex lock;
  std::size_t detected_count = 0;
  tinyllm::base::parallel_for(cases.size(), 2, [&](std::size_t i) {
    const auto& [id, library] = cases[i];
    const int number = schema.at("mutants").at(id).get<int>();
    char token[64];
    std::snprintf(token, sizeof token, "%s=%016llx", tinyllm_schema::kTokenVariable,
                  static_cast<unsigned long long>(tinyllm_schema::token(key, number)));
    char key_text[64];
    std::snprintf(key_text, sizeof key_text, "%s=%016llx", tinyllm_schema::kKeyVariable,
                  static_cast<unsigned long long>(key));
    std::string on_own, in_schema;
    const bool by_own = detected(library, {}, on_own);
    const bool by_schema =
        detected(variants / "schema" / "libtinyllm_oracle.so", {key_text, token}, in_schema);
    std::lock_guard guard(lock);
    detected_count += by_own ? 1 : 0;
    EXPECT_EQ(by_own, by_schema) << id << " (number " << number << ")\non its own library:\n"
                                 << on_own.substr(0, 2000) << "\nin the schema library:\n"
                                 << in_schema.substr(0, 2000);
  });
  // The control: the sample is not all survivors, which any broken switch would also give.
  EXPECT_GT(detected_count, cases.size() / 2);
}

// Catches: the schema library with a decoy token (the reference's runs) computing anything but
// the reference: the course suite must pass on it.
TEST(SchemaLibrary, with_a_decoy_token_it_is_the_reference) {
  const fs::path library = kBuild / "variants" / "schema" / "libtinyllm_oracle.so";
  if (!fs::exists(library)) GTEST_SKIP() << "no schema library in this build";
  const std::uint64_t key = std::random_device{}();
  char token[64], key_text[64];
  std::snprintf(token, sizeof token, "%s=%016llx", tinyllm_schema::kTokenVariable,
                static_cast<unsigned long long>(tinyllm_schema::token(key, 1ULL << 33)));
  std::snprintf(key_text, sizeof key_text, "%s=%016llx", tinyllm_schema::kKeyVariable,
                static_cast<unsigned long long>(key));
  std::string output;
  EXPECT_FALSE(detected(library, {key_text, token}, output)) << output;
}

}  // namespace
