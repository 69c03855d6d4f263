// The instructor's reviews of generated mutants, mutants/reviewed.toml: a generated mutant marked
// "equivalent" (it cannot change behaviour) or "excluded" (it may, but no learner should be held
// to it), by stable id and with a reason. The grader does not count a reviewed mutant.
#pragma once
#include <filesystem>
#include <map>
#include <string>

namespace tinyllm::runner {

struct Review {
  std::string verdict;  // "equivalent" or "excluded"
  std::string reason;
  int line = 0;  // where the entry starts in the file
};

// Returns the reviews by id; an absent file has none. Throws UsageError naming the file, line
// and column for a syntax error, an unknown key, an id not of the form g + 10 hex digits, an id
// reviewed twice, a verdict other than "equivalent" or "excluded", or an empty reason.
std::map<std::string, Review> load_reviews(const std::filesystem::path& path);

}  // namespace tinyllm::runner
