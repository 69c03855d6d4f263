// The wheats (mutants/catalog.toml's [[wheat]]: the semantic ones in the schema library, the
// binary ones in variants/<build>/): each is what its catalog entry says, a correct implementation
// that differs from the reference exactly where its freedom (docs/contract-freedoms.md) allows and
// nowhere else. wheat_observe prints the facts; this test runs it on the reference and on each
// wheat and compares them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "grading/variant_runs.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/catalog.hpp"

namespace {
namespace fs = std::filesystem;
using tinyllm::catalog::WheatInfo;
using tinyllm::catalog::WheatKind;

// One run of wheat_observe: "<kind> <name>" -> the rest of its line.
using Facts = std::map<std::string, std::string>;

const tinyllm::runner::VariantRuns& runs() {
  static const tinyllm::runner::VariantRuns runs(TINYLLM_BUILD_DIR);
  return runs;
}

// The folder of the library `variant` runs on: the schema library's for a semantic wheat.
fs::path variant_dir(const std::string& variant) {
  return runs().target(variant).library.parent_path();
}

// The shell words that run a program on `variant`: its library's folder first on the loader's
// path (LD_LIBRARY_PATH overrides a RUNPATH) and, in the schema library, its token.
std::string on_variant(const std::string& variant) {
  std::string words = "env LD_LIBRARY_PATH=" + tinyllm::base::shell_quote(variant_dir(variant));
  for (const std::string& assignment : runs().target(variant).environment)
    words += " " + tinyllm::base::shell_quote(assignment);
  return words;
}

// Runs wheat_observe on `variant`.
Facts observe(const std::string& variant) {
  const std::string command =
      on_variant(variant) + " " + tinyllm::base::shell_quote(TINYLLM_OBSERVE) + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::string output;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) throw std::runtime_error(command + " failed:\n" + output);
  Facts facts;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find(' ');
    const auto second = line.find(' ', first + 1);
    facts[line.substr(0, second)] = second == std::string::npos ? "" : line.substr(second + 1);
  }
  return facts;
}

const Facts& reference() {
  static const Facts facts = observe("reference");
  return facts;
}

std::vector<WheatInfo> wheats() {
  return tinyllm::catalog::load_wheats(TINYLLM_CATALOG);
}

// Returns the facts whose key starts with `kind` ("error", "loss", "memory", "gradients").
Facts of_kind(const Facts& facts, const std::string& kind) {
  Facts selected;
  for (const auto& [key, value] : facts)
    if (key.starts_with(kind + " ")) selected[key] = value;
  return selected;
}

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Catches: a comparison that runs the reference twice because LD_LIBRARY_PATH did not reach the
// loader (every wheat would then look identical to the reference, and fine).
TEST(Wheats, each_run_maps_the_library_of_its_own_folder) {
  EXPECT_EQ(fs::path(reference().at("library mapped")).parent_path(),
            fs::canonical(variant_dir("reference")));
  for (const WheatInfo& w : wheats())
    EXPECT_EQ(fs::path(observe(w.id).at("library mapped")).parent_path(),
              fs::canonical(variant_dir(w.id)))
        << w.id;
}

// Catches: a wheat that uses a freedom the contract does not give (or a course test that demands
// more than the contract), and, through run_on_library.sh, a course_suite that would run the
// reference whatever LD_LIBRARY_PATH says.
TEST(Wheats, the_course_suite_passes_on_every_wheat) {
  for (const WheatInfo& w : wheats()) {
    const std::string command = on_variant(w.id) + " " +
                                tinyllm::base::shell_quote(TINYLLM_RUN_ON_LIBRARY) + " " +
                                tinyllm::base::shell_quote(variant_dir(w.id)) + " " +
                                tinyllm::base::shell_quote(TINYLLM_COURSE_SUITE) + " >/dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0) << w.id << " (" << w.title << "): " << command;
  }
}

// Catches: a binary wheat that is the reference's library itself (a copy, or a build the flags
// did not reach), which would let a test that fingerprints the library pass on it.
TEST(Wheats, binary_wheats_bytes_differ_from_the_references) {
  const std::string reference_bytes = file_bytes(variant_dir("reference") / "libtinyllm_oracle.so");
  ASSERT_FALSE(reference_bytes.empty());
  for (const WheatInfo& w : wheats()) {
    if (w.kind != WheatKind::Binary) continue;
    const std::string bytes = file_bytes(variant_dir(w.id) / "libtinyllm_oracle.so");
    ASSERT_FALSE(bytes.empty()) << w.id;
    EXPECT_NE(bytes, reference_bytes) << w.id << " (" << w.title << ") has the reference's bytes";
  }
}

// Catches: a binary wheat that behaves differently from the reference (the oracle's determinism
// across compilers and optimisation levels broken): then it is no wheat, and a test that fails
// on it would not be looking at the binary alone.
TEST(Wheats, binary_wheats_behave_as_the_reference) {
  Facts expected = reference();
  expected.erase("library mapped");
  for (const WheatInfo& w : wheats()) {
    if (w.kind != WheatKind::Binary) continue;
    Facts facts = observe(w.id);
    facts.erase("library mapped");
    EXPECT_EQ(facts, expected) << w.id << " (" << w.title << ")";
  }
}

// Catches: a w03 that leaves a message as the reference words it (a test pinning it would pass),
// changes an exception's type, or drops what the message states (the offending value, the key
// phrase: it rewords the frame, keeping the reference's text after "where: ", quotes aside).
TEST(Wheats, w03_words_every_error_differently_keeping_type_and_facts) {
  const Facts errors = of_kind(reference(), "error");
  const Facts wheat = observe("w03");
  ASSERT_GE(errors.size(), 20u);
  for (const auto& [key, value] : errors) {
    const std::string type = value.substr(0, value.find(' '));
    const std::string message = value.substr(value.find(' ') + 1);
    ASSERT_NE(type, "none") << key << " threw nothing on the reference";
    const std::string& changed = wheat.at(key);
    if (key.starts_with("error checkpoint_schedule.")) {
      // The schedule is the foundation's, below the module: w03 words the module's messages only.
      EXPECT_EQ(changed, value) << key;
      continue;
    }
    EXPECT_EQ(changed.substr(0, changed.find(' ')), type) << key;
    EXPECT_NE(changed, value) << key << ": w03 words it as the reference does";
    std::string facts = message.substr(message.find(": ") + 2);
    std::replace(facts.begin(), facts.end(), '"', '\'');
    EXPECT_NE(changed.find(facts), std::string::npos)
        << key << ": \"" << changed << "\" lost \"" << facts << "\"";
  }
  EXPECT_EQ(of_kind(wheat, "loss"), of_kind(reference(), "loss"));
  EXPECT_EQ(of_kind(wheat, "memory"), of_kind(reference(), "memory"));
  EXPECT_EQ(of_kind(wheat, "gradients"), of_kind(reference(), "gradients"));
}

// Catches: a w04 identical to the reference (its weights n_i * (1/N) must change the last bits
// where N is not a power of two), or one that changes more than the last bits, or changes them
// where N is a power of two (there 1/N is exact and both ways give the same doubles).
TEST(Wheats, w04_changes_only_last_bits_and_only_where_n_is_no_power_of_two) {
  const Facts wheat = observe("w04");
  for (const char* sizes : {"3+5", "4+4", "1+3+12", "16"})
    for (const std::string kind : {"loss ", "gradients "})
      EXPECT_EQ(wheat.at(kind + sizes), reference().at(kind + sizes)) << kind << sizes;
  int losses_differing = 0, gradients_differing = 0;
  for (const char* sizes :
       {"3+7", "1+2", "5+6", "2+3+4", "1+4", "2+5", "3+3+3", "6+7", "5+7", "9+3"}) {
    const std::string loss = std::string("loss ") + sizes;
    const double expected = std::strtod(reference().at(loss).c_str(), nullptr);
    const double got = std::strtod(wheat.at(loss).c_str(), nullptr);
    losses_differing += got != expected;
    EXPECT_LE(std::abs(got - expected), 4e-16 * std::abs(expected)) << loss;
    const std::string gradients = std::string("gradients ") + sizes;
    gradients_differing += wheat.at(gradients) != reference().at(gradients);
  }
  // Half the splits or so round differently: none at all would mean no change.
  EXPECT_GE(losses_differing, 2) << "w04 reports the reference's losses where N is no power of 2";
  EXPECT_GE(gradients_differing, 2) << "w04 gives the reference's gradients everywhere";
  EXPECT_EQ(wheat.at("gradients checkpointed"), reference().at("gradients checkpointed"));
  EXPECT_EQ(of_kind(wheat, "error"), of_kind(reference(), "error"));
  EXPECT_EQ(of_kind(wheat, "memory"), of_kind(reference(), "memory"));
}

// Catches: a w05 whose backward peaks at the reference's bytes (it must hold the extra copy of
// the upstream gradient, 32 x 16 floats, during the rerun) or that changes anything else: the
// forward's memory, the gradients, the losses, the errors.
TEST(Wheats, w05_peaks_higher_during_a_checkpointed_backward_and_nowhere_else) {
  const Facts wheat = observe("w05");
  const auto bytes = [](const Facts& facts, const std::string& key) {
    return std::stoull(facts.at(key));
  };
  EXPECT_GE(bytes(wheat, "memory backward_peak"),
            bytes(reference(), "memory backward_peak") + 32 * 16 * sizeof(float));
  EXPECT_EQ(wheat.at("memory held"), reference().at("memory held"));
  EXPECT_EQ(wheat.at("memory forward_peak"), reference().at("memory forward_peak"));
  EXPECT_EQ(of_kind(wheat, "gradients"), of_kind(reference(), "gradients"));
  EXPECT_EQ(of_kind(wheat, "loss"), of_kind(reference(), "loss"));
  EXPECT_EQ(of_kind(wheat, "error"), of_kind(reference(), "error"));
}

// Catches: a w06 that still sums a twice-passed tensor's slots afterwards (its checkpointed
// gradient must equal the plain one bit for bit in every case, where the reference's differs in
// some), one that counts such a tensor's gradient twice (s20: the values would differ, not the
// bits), or one that changes anything else.
TEST(Wheats, w06_sums_a_twice_passed_tensor_in_plain_order_and_changes_nothing_else) {
  const Facts wheat = observe("w06");
  EXPECT_GT(std::stoi(reference().at("twice differing")), 0)
      << "the reference's slots no longer sum differently from plain autograd: w06 varies nothing";
  EXPECT_EQ(wheat.at("twice differing"), "0");
  EXPECT_EQ(wheat.at("twice parameter"), reference().at("twice parameter"));
  EXPECT_EQ(wheat.at("twice distinct"), reference().at("twice distinct"));
  for (const char* kind : {"error", "loss", "memory", "gradients"})
    EXPECT_EQ(of_kind(wheat, kind), of_kind(reference(), kind)) << kind;
}

// Catches: a catalog wheat that this test file does not examine (a new semantic wheat needs its
// own test above: what it varies, and that it varies nothing else).
TEST(Wheats, every_semantic_wheat_of_the_catalog_has_its_test_here) {
  std::vector<std::string> semantic;
  for (const WheatInfo& w : wheats())
    if (w.kind == WheatKind::Semantic) semantic.push_back(w.id);
  EXPECT_EQ(semantic, (std::vector<std::string>{"w03", "w04", "w05", "w06"}));
}

}  // namespace
