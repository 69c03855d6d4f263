// The milestone's data: a byte-level corpus from the licence texts every Debian system ships
// (/usr/share/common-licenses), read at run time, split into train and held-out parts the same way
// on every machine that has the same files.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tinyllm::milestone {

struct Corpus {
  std::vector<unsigned char> train, held_out;
  std::vector<std::string> files;  // the files read, in the order read
  std::uint64_t fingerprint = 0;   // FNV-1a of every byte read, to tell corpora apart in reports
};

// Reads every regular file (not symlinks, which name the same texts again) of `dir` in name order;
// of each, the first 90% of its bytes go to train and the rest to held-out, so both parts hold
// every licence's style. Throws std::runtime_error naming `dir` when it has no text or cannot be
// read, with a hint (Debian's base-files package ships it).
Corpus read_corpus(const std::filesystem::path& dir);

}  // namespace tinyllm::milestone
