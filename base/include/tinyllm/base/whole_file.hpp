// Reading and writing a file whole: a reader (a later build step, a CI job, a resumed batch) never
// sees half a file, and a file that cannot be read is an error naming it, never an empty string.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::base {

// Returns the bytes of the file at `path`. Throws std::runtime_error naming the path when it
// cannot be opened or read.
std::string read_whole_file(const std::filesystem::path& path);

// Returns once `text` is at `path`, written through a temporary "<path>.<pid>-<thread>.partial"
// renamed over it (one per process and thread, so parallel writers of one path never share it),
// creating the folder when missing. Throws std::runtime_error naming the path and what to check.
void write_whole_file(const std::filesystem::path& path, const std::string& text);

}  // namespace tinyllm::base
