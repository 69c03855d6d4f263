// A throwaway repository folder for the catalog's tests: files written under a fresh temporary
// root, removed when the test ends.
#pragma once
#include <filesystem>
#include <string>

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

}  // namespace tinyllm::catalog::testing
