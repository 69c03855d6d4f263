// A throwaway repository folder for the catalog's tests: files written under a fresh temporary
// root, removed when the test ends.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/catalog/mutant_info.hpp"

namespace tinyllm::catalog::testing {

class TempTree {
 public:
  TempTree();
  ~TempTree();
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::filesystem::path& root() const { return root_; }
  // Writes `text` to root()/relative, creating its folders; returns the full path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const;

 private:
  std::filesystem::path root_;
};

// Returns a catalog entry for mutant `id` titled `title` whose site file is `file`.
MutantInfo entry(const std::string& id, const std::string& title, const std::string& file);

// The file the tests' trees hold their guarded code in.
inline const std::string step_file = "oracle/src/train/step.cpp";

// Returns the problems a check found, one per line ("" for none): what the tests compare.
inline std::string all(const std::vector<std::string>& problems) {
  std::string text;
  for (const auto& p : problems) text += p + "\n";
  return text;
}

}  // namespace tinyllm::catalog::testing
