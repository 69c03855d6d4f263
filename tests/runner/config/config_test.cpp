// Tests of the configuration: defaults, the file overriding them, and each mistake reported at its
// file, line and column.
#include "config/config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "cli/options.hpp"
#include "config/errors.hpp"
#include "mutant_set/catalog.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::runner;

namespace {

// Writes `text` as <name>.toml in a folder of this process's, removed when the test ends.
fs::path write_file(const std::string& name, const std::string& text) {
  static const tinyllm::base::testing::TempFolder folder;
  fs::path p = folder.path() / (name + ".toml");
  std::ofstream(p) << text;
  return p;
}

std::string error_of(const std::string& name, const std::string& text) {
  try {
    load_config(write_file(name, text), default_config());
  } catch (const UsageError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

// Catches: a default that drifts from the issue's policy (threshold 0.80, every mutant required,
// timeout 1.5 x + 5 s, two extra reference seeds).
TEST(Config, defaults_are_the_issues_policy) {
  Config c = default_config();
  EXPECT_DOUBLE_EQ(c.threshold, 0.80);
  EXPECT_FALSE(c.required.has_value());  // every mutant
  EXPECT_DOUBLE_EQ(c.timeout_factor, 1.5);
  EXPECT_DOUBLE_EQ(c.timeout_constant_seconds, 5.0);
  EXPECT_EQ(c.reference_seeds.size(), 2u);
  EXPECT_EQ(c.validity, tinyllm::reports::Validity::PerTest);
}

// Catches: the validity key ignored, or a misspelt policy silently read as the default.
TEST(Config, validity_is_per_test_or_strict) {
  EXPECT_EQ(load_config(write_file("strict", "validity = \"strict\"\n"), default_config()).validity,
            tinyllm::reports::Validity::Strict);
  const std::string e = error_of("validity", "validity = \"lenient\"\n");
  EXPECT_NE(e.find(":1:"), std::string::npos) << e;
  EXPECT_NE(e.find("\"per-test\""), std::string::npos) << e;
  EXPECT_NE(e.find("\"lenient\""), std::string::npos) << e;
  for (auto v : {tinyllm::reports::Validity::PerTest, tinyllm::reports::Validity::Strict})
    EXPECT_EQ(parse_validity(tinyllm::reports::to_string(v)), v);
  EXPECT_FALSE(parse_validity("lenient"));
}

// Catches: a file that resets the keys it does not name to zero instead of keeping the defaults, or
// an integer refused where a number is expected.
TEST(Config, file_overrides_only_the_keys_it_names) {
  Config c = load_config(write_file("override",
                                    "threshold = 0.5\n[timeout]\nfactor = 3\n"
                                    "[limits]\nprocesses = 9\n"
                                    "[reports]\nformats = [\"json\"]\n"),
                         default_config());
  EXPECT_DOUBLE_EQ(c.threshold, 0.5);
  EXPECT_DOUBLE_EQ(c.timeout_factor, 3.0);  // an integer is accepted where a number is expected
  EXPECT_DOUBLE_EQ(c.timeout_constant_seconds, 5.0);
  EXPECT_EQ(c.limits.processes, 9);
  EXPECT_DOUBLE_EQ(c.limits.memory_mb, default_config().limits.memory_mb);
  EXPECT_EQ(c.report_formats, std::vector<std::string>{"json"});
}

// Catches: a misspelt key silently ignored, or reported without the line and column to fix.
TEST(Config, unknown_key_names_its_line_and_column) {
  std::string e = error_of("unknown", "threshold = 0.8\n[timeout]\n  factr = 2\n");
  EXPECT_NE(e.find(":3:3: unknown key 'factr' in [timeout]"), std::string::npos) << e;
}

// Catches: a value of the wrong type accepted, or an error that does not say which type was
// expected.
TEST(Config, wrong_type_names_the_key_and_both_types) {
  std::string e = error_of("type", "reveal = 3\n");
  EXPECT_NE(e.find(":1:10: 'reveal' must be a string, not an integer"), std::string::npos) << e;
}

// Catches: a threshold above 1 or below 0 accepted (a grade nobody can pass or everyone passes), or
// 1.0 itself refused.
TEST(Config, threshold_outside_zero_one_is_rejected) {
  EXPECT_NE(error_of("high", "threshold = 1.01\n").find("must be in [0, 1]"), std::string::npos);
  EXPECT_NE(error_of("low", "threshold = -0.1\n").find("must be in [0, 1]"), std::string::npos);
  EXPECT_EQ(error_of("edge", "threshold = 1.0\n"), "no error");
}

// Catches: a TOML syntax error reported without its position.
TEST(Config, syntax_error_names_line_and_column) {
  std::string e = error_of("syntax", "threshold = = 0.8\n");
  EXPECT_NE(e.find(":1:"), std::string::npos) << e;
}

// Catches: an unknown reveal level or report format accepted and then ignored.
TEST(Config, unknown_reveal_level_and_report_format_are_rejected) {
  EXPECT_NE(error_of("reveal", "reveal = \"everything\"\n").find("'reveal' must be"),
            std::string::npos);
  EXPECT_NE(error_of("format", "[reports]\nformats = [\"pdf\"]\n").find("unknown report format"),
            std::string::npos);
}

// Catches: `md` accepted by --format but rejected in reports.formats (or the reverse): both read
// the one table of formats.
TEST(Config, report_formats_take_the_same_names_as_the_command_line) {
  Config c =
      load_config(write_file("md", "[reports]\nformats = [\"md\", \"markdown\", \"html\"]\n"),
                  default_config());
  EXPECT_EQ(c.report_formats, (std::vector<std::string>{"md", "markdown", "html"}));
  const std::string e = error_of("bogus", "[reports]\nformats = [\"json\", \"bogus\"]\n");
  EXPECT_NE(e.find(":2:20: unknown report format 'bogus': use terminal, json, html, markdown (or "
                   "md), junit, gradescope"),
            std::string::npos)
      << e;
}

// Catches: the isolation mode spelled differently in [sandbox] and in --isolation.
TEST(Config, isolation_names_round_trip_through_their_one_parser) {
  for (Isolation i : {Isolation::Auto, Isolation::Namespaces, Isolation::Plain})
    EXPECT_EQ(parse_isolation(isolation_name(i)), i);
  EXPECT_EQ(parse_isolation("none"), std::nullopt);
  Config c =
      load_config(write_file("plain", "[sandbox]\nisolation = \"plain\"\n"), default_config());
  EXPECT_EQ(c.isolation, Isolation::Plain);
}

// Catches: a reports.elements_bundle path taken relative to the working folder, not the file.
TEST(Config, elements_bundle_is_relative_to_the_configuration_file) {
  const fs::path file = write_file("bundle", "[reports]\nelements_bundle = \"js/elements.js\"\n");
  EXPECT_EQ(load_config(file, default_config()).elements_bundle,
            file.parent_path() / "js" / "elements.js");
}

// Catches: a required list naming a mutant that does not exist accepted, so the requirement
// silently checks nothing.
TEST(Config, unknown_required_mutant_is_reported_at_its_position) {
  Config c =
      load_config(write_file("required", "required = [\"s01\",\n  \"s42\"]\n"), default_config());
  auto mutants =
      load_catalog(fs::path(TINYLLM_SOURCE_DIR) / "mutants" / "catalog.toml", TINYLLM_SOURCE_DIR);
  try {
    apply_required(c, mutants);
    FAIL() << "s42 was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find(":2:3: unknown mutant id 's42'"), std::string::npos)
        << e.what();
  }
}

// Catches: a required list that marks more (or fewer) mutants than it names.
TEST(Config, required_list_marks_only_those_mutants) {
  Config c = load_config(write_file("subset", "required = [\"s07\"]\n"), default_config());
  auto mutants =
      load_catalog(fs::path(TINYLLM_SOURCE_DIR) / "mutants" / "catalog.toml", TINYLLM_SOURCE_DIR);
  apply_required(c, mutants);
  for (const auto& m : mutants) EXPECT_EQ(m.required, m.id == "s07") << m.id;
}

// Catches: runner/grade.example.toml documenting a value the code no longer uses by default (every
// key it sets is compared, through to_json; its relative folder is resolved against the file).
TEST(Config, example_file_documents_exactly_the_defaults) {
  const fs::path file = fs::path(TINYLLM_SOURCE_DIR) / "runner" / "grade.example.toml";
  Config example = load_config(file, default_config());
  const Config d = default_config();
  EXPECT_EQ(example.report_folder, file.parent_path() / d.report_folder);
  example.report_folder = d.report_folder;
  EXPECT_EQ(nlohmann::json(example).dump(2), nlohmann::json(d).dump(2));
}

namespace {

// The rows of docs/configuration.md's table of keys: each key and its type, in order.
std::vector<std::pair<std::string, std::string>> documented_keys() {
  std::ifstream in(fs::path(TINYLLM_SOURCE_DIR) / "docs" / "configuration.md");
  std::vector<std::pair<std::string, std::string>> rows;
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line == "| key | type | default | meaning |") in_table = true;
    if (!in_table || line.rfind("| `", 0) != 0) {
      if (in_table && line.empty()) break;
      continue;
    }
    const auto second = line.find(" | ", 2);
    const auto third = line.find(" | ", second + 3);
    const std::string key = line.substr(2, second - 2);
    rows.emplace_back(key.substr(1, key.size() - 2), line.substr(second + 3, third - second - 3));
  }
  return rows;
}

}  // namespace

// Catches: a key added to (or removed from) the configuration without its row in
// docs/configuration.md, or a row whose type says otherwise than the key reads.
TEST(Config, docs_table_lists_every_key_with_its_type) {
  EXPECT_EQ(documented_keys(), config_keys());
}

// Catches: a speed-up made grading policy again: reach, the fork server and narrowed runs are how
// the grader works, not keys a file may set (an unknown key is an error that names the allowed).
TEST(Config, speed_ups_are_not_configuration_keys) {
  for (const char* key : {"reach", "fork_server", "narrow_runs", "schemata"})
    EXPECT_THROW(load_config(write_file(key, std::string(key) + " = false\n"), default_config()),
                 UsageError)
        << key;
}

// Catches: the instructor's permission for `diff` before a pass not read (or on by default), a
// value that is not a boolean accepted, or the key left out of the grading fingerprint's JSON.
TEST(Config, diff_before_pass_is_a_boolean_off_by_default) {
  EXPECT_FALSE(default_config().diff_before_pass);
  EXPECT_TRUE(
      load_config(write_file("diff", "[workspace]\ndiff_before_pass = true\n"), default_config())
          .diff_before_pass);
  EXPECT_NE(error_of("diff_text", "[workspace]\ndiff_before_pass = \"yes\"\n")
                .find("'workspace.diff_before_pass' must be false"),
            std::string::npos);
  EXPECT_NE(error_of("diff_key", "[workspace]\ndiff = true\n").find("diff"), std::string::npos);
  nlohmann::json json = default_config();
  EXPECT_EQ(json.at("workspace.diff_before_pass"), false);
}

// Catches: "ladder" refused or read as a fixed level, attempts per rung unchecked, or a misspelt
// score policy silently read as the default.
TEST(Config, the_ladder_its_pace_and_the_gradescope_score_policy) {
  const Config c = load_config(write_file("ladder",
                                          "reveal = \"ladder\"\n[feedback]\nattempts_per_rung = "
                                          "2\n[gradescope]\nscore = \"verdict\"\n"),
                               default_config());
  EXPECT_TRUE(c.ladder);
  EXPECT_EQ(c.attempts_per_rung, 2);
  EXPECT_EQ(c.score_policy, tinyllm::reports::ScorePolicy::Verdict);
  EXPECT_FALSE(default_config().ladder);
  EXPECT_EQ(default_config().score_policy, tinyllm::reports::ScorePolicy::Capped);
  std::string e = error_of("rung0", "[feedback]\nattempts_per_rung = 0\n");
  EXPECT_NE(e.find(":2:"), std::string::npos) << e;
  EXPECT_NE(e.find("1 to 100"), std::string::npos) << e;
  e = error_of("policy", "[gradescope]\nscore = \"points\"\n");
  EXPECT_NE(e.find("\"points\""), std::string::npos) << e;
  EXPECT_NE(e.find("\"capped\""), std::string::npos) << e;
  e = error_of("reveal", "reveal = \"hints\"\n");
  EXPECT_NE(e.find("\"ladder\""), std::string::npos) << e;
}
