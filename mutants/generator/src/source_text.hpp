// A source file's bytes and the conversion from byte offsets to 1-based lines and columns.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::generator {

class SourceText {
 public:
  // Reads `path`; throws GeneratorError when it cannot.
  explicit SourceText(const std::filesystem::path& path);

  const std::string& bytes() const { return bytes_; }
  // Returns the line and column (both 1-based, columns in bytes) of byte `offset`.
  SourcePosition position(std::size_t offset) const;

 private:
  std::string bytes_;
  std::vector<std::size_t> line_starts_;
};

// Returns `text` with every run of whitespace made one space, so re-indenting a multi-line
// condition does not change a mutant's id.
std::string collapse_whitespace(const std::string& text);

}  // namespace tinyllm::generator
