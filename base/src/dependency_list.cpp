#include "tinyllm/base/dependency_list.hpp"

namespace tinyllm::base {

std::vector<std::filesystem::path> parse_dependencies(const std::string& text) {
  std::vector<std::filesystem::path> paths;
  std::string word;
  bool after_target = false;
  auto finish = [&] {
    if (!word.empty()) {
      if (after_target) paths.push_back(word);
      if (word.back() == ':') after_target = true;
    }
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '\\' && (next == '\n' || next == '\r')) {
      finish();
      ++i;
    } else if ((c == '\\' && (next == ' ' || next == '#')) || (c == '$' && next == '$')) {
      word += next;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      finish();
    } else {
      word += c;
    }
  }
  finish();
  return paths;
}

}  // namespace tinyllm::base
