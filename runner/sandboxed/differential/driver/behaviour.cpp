// The behavioural diagnosis (behaviour.hpp).
#include "behaviour.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "compare.hpp"

namespace tinyllm_diff {
namespace {

// The first line of every behaviour file: the format and the sample it was recorded on.
std::string header() {
  return "tinyllm-behaviours 1 seed " + std::to_string(kBehaviourSeed) + " cases " +
         std::to_string(kBehaviourCases);
}

using CaseKey = std::pair<std::string, int>;  // area, index

struct Mutant {
  std::string id;
  std::map<CaseKey, std::string> differs;  // the responses that are not the reference's
};

// Returns `file` when it names a path, else the first folder of LD_LIBRARY_PATH that holds it (the
// grader's sandbox copies the file beside the shims, which the driver finds the same way).
std::string located(const std::string& file) {
  if (file.find('/') != std::string::npos) return file;
  const char* path = std::getenv("LD_LIBRARY_PATH");
  std::istringstream folders(path ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');)
    if (!folder.empty() && std::ifstream(folder + "/" + file)) return folder + "/" + file;
  return file;
}

std::vector<Mutant> read_behaviours(const std::string& name) {
  const std::string file = located(name);
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the mutants' behaviours " + file);
  std::vector<Mutant> mutants;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    if (kind == "tinyllm-behaviours") {
      if (line != header())
        throw std::runtime_error("the mutants' behaviours in " + file + " were recorded on " +
                                 "another sample (\"" + line + "\"): rebuild the grader");
    } else if (kind == "mutant") {
      mutants.push_back({});
      words >> mutants.back().id;
    } else if (kind == "case" && !mutants.empty()) {
      std::string area;
      int index = 0, lines = 0;
      words >> area >> index >> lines;
      std::string response;
      for (int i = 0; i < lines && std::getline(in, line); ++i) response += line + "\n";
      mutants.back().differs[{area, index}] = std::move(response);
    } else if (!line.empty()) {
      throw std::runtime_error("the mutants' behaviours in " + file + " are malformed at \"" +
                               line + "\": rebuild the grader");
    }
  }
  return mutants;
}

}  // namespace

Case sample_case(const Area& area, int index) {
  const rc::Random random(kBehaviourSeed + static_cast<std::uint64_t>(index));
  return area.cases()(random, index % 100).value();
}

void record_behaviour(const std::string& file, const std::string& id) {
  std::map<CaseKey, std::string> differs;  // the file's order: by area name, then index
  for (const Area& area : areas())
    for (int i = 0; i < kBehaviourCases; ++i) {
      const Case c = sample_case(area, i);
      const std::string reference = call_reference(c.request);
      if (std::string learner = call_learner(c.request, c.scenario); learner != reference)
        differs[{area.name, i}] = std::move(learner);
    }
  std::ostringstream out;
  out << header() << "\nmutant " << id << "\n";
  for (const auto& [key, response] : differs)
    out << "case " << key.first << " " << key.second << " " << std::ranges::count(response, '\n')
        << "\n"
        << response;
  std::ofstream written(file, std::ios::binary);
  written << out.str();
  if (!written.flush()) throw std::runtime_error("cannot write " + file);
}

namespace {

// The test Behaviour.<area> (register_behaviour_tests).
void diagnose_area(const Area& area, const std::vector<Mutant>& mutants) {
  std::map<CaseKey, std::string> learner;
  std::set<CaseKey> differing;  // where the learner differs from the reference
  for (int i = 0; i < kBehaviourCases; ++i) {
    const Case c = sample_case(area, i);
    const std::string reference = call_reference(c.request);
    const CaseKey key{area.name, i};
    learner[key] = call_learner(c.request, c.scenario);
    if (first_difference(learner[key], reference)) differing.insert(key);
  }
  std::string matches = "[";
  for (const Mutant& mutant : mutants) {
    // Explained when on every differing case the mutant answers as the learner. Where it recorded
    // nothing it answers as the reference, which the learner does not: most mutants fail at their
    // first differing case, without comparing a response.
    const bool explains =
        !differing.empty() && std::ranges::all_of(differing, [&](const CaseKey& key) {
          const auto its = mutant.differs.find(key);
          return its != mutant.differs.end() && !first_difference(learner.at(key), its->second);
        });
    int conflicts = 0;
    for (const auto& [key, its] : mutant.differs)
      if (key.first == area.name && !differing.count(key) && first_difference(learner.at(key), its))
        ++conflicts;
    if (!explains && conflicts == 0) continue;
    // Ids are letters, digits and '_' only: nothing to escape.
    matches += std::string(matches.size() > 1 ? "," : "") + "{\"id\":\"" + mutant.id + "\"" +
               ",\"explains\":" + (explains ? "true" : "false") +
               ",\"conflicts\":" + std::to_string(conflicts) + "}";
  }
  ::testing::Test::RecordProperty("cases", std::to_string(kBehaviourCases));
  ::testing::Test::RecordProperty("differing", std::to_string(differing.size()));
  ::testing::Test::RecordProperty("mutants", std::to_string(mutants.size()));
  ::testing::Test::RecordProperty("matches", matches + "]");
}

class AreaTest : public ::testing::Test {
 public:
  AreaTest(const Area& area, std::shared_ptr<const std::vector<Mutant>> mutants)
      : area_(area), mutants_(std::move(mutants)) {}
  void TestBody() override { diagnose_area(area_, *mutants_); }

 private:
  const Area& area_;
  std::shared_ptr<const std::vector<Mutant>> mutants_;
};

}  // namespace

void register_behaviour_tests(const std::string& behaviours_file) {
  const auto mutants =
      std::make_shared<const std::vector<Mutant>>(read_behaviours(behaviours_file));
  for (const Area& area : areas())
    ::testing::RegisterTest(
        "Behaviour", area.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
        [&area, mutants]() -> ::testing::Test* { return new AreaTest(area, mutants); });
}

}  // namespace tinyllm_diff
