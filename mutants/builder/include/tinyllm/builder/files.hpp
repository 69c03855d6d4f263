// Whole-file reads and writes for the build: a file another step reads is written to a temporary
// name and renamed, so an interrupted build never leaves half a file that looks finished.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::builder {

// Returns the bytes of the file at `path`; throws BuildError naming it when it cannot be read.
std::string read_file(const std::filesystem::path& path);

// Writes `bytes` to `path` (creating its folder) through a temporary file and a rename; throws
// BuildError naming it when it cannot be written.
void write_file_atomically(const std::filesystem::path& path, const std::string& bytes);

}  // namespace tinyllm::builder
