#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "trainer.hpp"

namespace tinyllm::milestone {

Corpus read_corpus(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  std::vector<fs::path> paths;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
    if (it->is_regular_file() && !it->is_symlink()) paths.push_back(it->path());
  if (error || paths.empty())
    throw std::runtime_error("the corpus folder " + dir.string() +
                             " has no files to read (Debian's base-files package ships the "
                             "licence texts there; pass another folder of text with --corpus)");
  std::sort(paths.begin(), paths.end());
  Corpus corpus;
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const fs::path& path : paths) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                           std::istreambuf_iterator<char>());
    if (!in.eof() && in.fail()) throw std::runtime_error("cannot read " + path.string());
    for (unsigned char b : bytes) hash = (hash ^ b) * 0x100000001b3ULL;
    const std::size_t cut = bytes.size() * 9 / 10;
    corpus.train.insert(corpus.train.end(), bytes.begin(), bytes.begin() + cut);
    corpus.held_out.insert(corpus.held_out.end(), bytes.begin() + cut, bytes.end());
  }
  corpus.fingerprint = hash;
  return corpus;
}

}  // namespace tinyllm::milestone
