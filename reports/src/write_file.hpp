// Writing a report file whole: a reader (a CI job, a resumed batch) never sees half of one.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::reports::detail {

// Writes `text` to `path` through a temporary "<path>.partial" renamed over it, creating the
// folder when missing. Throws std::runtime_error naming the path and what to check.
void write_whole_file(const std::filesystem::path& path, const std::string& text);

}  // namespace tinyllm::reports::detail
