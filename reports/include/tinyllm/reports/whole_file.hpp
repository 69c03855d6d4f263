// Reading and writing a file whole: a reader (a CI job, a resumed batch) never sees half a report,
// and a file that cannot be read is an error naming it, never an empty string.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::reports {

// Writes `text` to `path` through a temporary "<path>.partial" renamed over it, creating the
// folder when missing. Throws std::runtime_error naming the path and what to check.
void write_whole_file(const std::filesystem::path& path, const std::string& text);

// Returns the bytes of the file at `path`. Throws std::runtime_error naming the path when it
// cannot be opened or read.
std::string read_whole_file(const std::filesystem::path& path);

}  // namespace tinyllm::reports
