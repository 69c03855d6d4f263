// The generator on the real module files: enough mutants to make the 0.80 threshold decide, and
// every mutant's text and positions exactly where the file has them.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "tinyllm/generator/generate.hpp"

namespace tinyllm::generator {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Returns the byte offset of 1-based (line, column) in `text`.
std::size_t offset_of(const std::string& text, int line, int column) {
  std::size_t offset = 0;
  for (int l = 1; l < line; ++l) offset = text.find('\n', offset) + 1;
  return offset + static_cast<std::size_t>(column - 1);
}

// Catches: the operator set shrinking (a walk that skips bodies), positions that do not point at
// the replaced text (an off-by-one column, an end taken inclusive), duplicate ids.
TEST(GeneratorModule, ManyMutantsEachAtItsText) {
  GeneratorOptions options;
  options.root = TINYLLM_SOURCE_DIR;
  options.files = default_module_files();
  const auto mutants = generate_mutants(options);
  EXPECT_GT(mutants.size(), 150u);
  std::set<std::string> ids;
  std::set<std::string> files;
  for (const auto& m : mutants) {
    const std::string text = read(options.root / m.file);
    const std::size_t start = offset_of(text, m.start.line, m.start.column);
    const std::size_t end = offset_of(text, m.end.line, m.end.column);
    EXPECT_EQ(start, m.start.offset) << m.readable;
    EXPECT_EQ(end, m.end.offset) << m.readable;
    EXPECT_EQ(text.substr(start, end - start), m.original) << m.readable;
    EXPECT_NE(m.original, m.replacement) << m.readable;
    EXPECT_TRUE(ids.insert(m.id).second) << "duplicate id " << m.id << " " << m.readable;
    files.insert(m.file);
  }
  EXPECT_EQ(files.size(), default_module_files().size());
}

}  // namespace
}  // namespace tinyllm::generator
