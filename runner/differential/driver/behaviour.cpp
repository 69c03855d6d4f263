// The behavioural diagnosis (behaviour.hpp).
#include "behaviour.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "compare.hpp"
#include "shims.hpp"

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

int line_count(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// The reference's and the learner's responses on the whole sample.
struct Sample {
  std::map<CaseKey, std::string> reference, learner;
};

Sample run_sample() {
  Sample sample;
  for (const Area& area : areas())
    for (int i = 0; i < kBehaviourCases; ++i) {
      const Case c = sample_case(area, i);
      sample.reference[{area.name, i}] = call_reference(c.request);
      sample.learner[{area.name, i}] = call_learner(c.request);
    }
  return sample;
}

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";  // ids and area names: letters, digits and '_' only
}

}  // namespace

Case sample_case(const Area& area, int index) {
  const rc::Random random(kBehaviourSeed + static_cast<std::uint64_t>(index));
  return area.cases()(random, index % 100).value();
}

void record_behaviour(const std::string& file, const std::string& id) {
  const Sample sample = run_sample();
  std::ostringstream out;
  out << header() << "\nmutant " << id << "\n";
  for (const auto& [key, response] : sample.learner) {
    if (response == sample.reference.at(key)) continue;
    out << "case " << key.first << " " << key.second << " " << line_count(response) << "\n"
        << response;
  }
  std::ofstream written(file, std::ios::binary);
  written << out.str();
  if (!written.flush()) throw std::runtime_error("cannot write " + file);
}

void diagnose_behaviour(const std::string& behaviours_file) {
  const std::vector<Mutant> mutants = read_behaviours(behaviours_file);
  const Sample sample = run_sample();
  std::set<CaseKey> differing;  // where the learner differs from the reference
  for (const auto& [key, response] : sample.learner)
    if (first_difference(response, sample.reference.at(key))) differing.insert(key);

  std::string areas_json = "[";
  for (const Area& area : areas()) {
    int count = 0;
    for (const CaseKey& key : differing) count += key.first == area.name;
    areas_json += std::string(areas_json.size() > 1 ? "," : "") + "{\"name\":" + quoted(area.name) +
                  ",\"cases\":" + std::to_string(kBehaviourCases) +
                  ",\"differing\":" + std::to_string(count) + "}";
  }
  areas_json += "]";

  std::string matches_json = "[";
  for (const Mutant& mutant : mutants) {
    // An area is explained when on every differing case the mutant answers as the learner. Where
    // it recorded nothing it answers as the reference, which the learner does not: most mutants
    // fail at their first differing case, without comparing a response.
    std::map<std::string, bool> explains;
    for (const CaseKey& key : differing) {
      auto [at, inserted] = explains.emplace(key.first, true);
      if (!at->second) continue;
      const auto its = mutant.differs.find(key);
      at->second =
          its != mutant.differs.end() && !first_difference(sample.learner.at(key), its->second);
    }
    std::string explained;
    for (const auto& [area, alike] : explains)
      if (alike) explained += std::string(explained.empty() ? "" : ",") + quoted(area);
    if (explained.empty()) continue;
    int conflicts = 0;
    for (const auto& [key, its] : mutant.differs)
      if (!differing.count(key) && sample.learner.count(key) &&
          first_difference(sample.learner.at(key), its))
        ++conflicts;
    matches_json += std::string(matches_json.size() > 1 ? "," : "") +
                    "{\"id\":" + quoted(mutant.id) + ",\"areas\":[" + explained +
                    "],\"conflicts\":" + std::to_string(conflicts) + "}";
  }
  matches_json += "]";
  ::testing::Test::RecordProperty("behaviour_areas", areas_json);
  ::testing::Test::RecordProperty("behaviour_matches", matches_json);
  ::testing::Test::RecordProperty("behaviour_mutants", std::to_string(mutants.size()));
}

}  // namespace tinyllm_diff
