// A source file's bytes and line/column positions.
#include "source_text.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "tinyllm/generator/generate.hpp"

namespace tinyllm::generator {

SourceText::SourceText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw GeneratorError("cannot read " + path.string());
  std::ostringstream buffer;
  buffer << in.rdbuf();
  bytes_ = buffer.str();
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < bytes_.size(); ++i)
    if (bytes_[i] == '\n') line_starts_.push_back(i + 1);
}

SourcePosition SourceText::position(std::size_t offset) const {
  const auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const std::size_t line_index = static_cast<std::size_t>(after - line_starts_.begin()) - 1;
  return {static_cast<int>(line_index + 1), static_cast<int>(offset - line_starts_[line_index] + 1),
          offset};
}

std::string collapse_whitespace(const std::string& text) {
  std::string result;
  bool in_space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      in_space = true;
      continue;
    }
    if (in_space && !result.empty()) result += ' ';
    in_space = false;
    result += c;
  }
  return result;
}

}  // namespace tinyllm::generator
