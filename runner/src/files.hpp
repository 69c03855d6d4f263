// Reading files whole, the one way the runner does it.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::runner {

// Returns the bytes of the file at `path`. Throws std::runtime_error naming the path and the
// system's reason when it cannot be read (a missing file is an error, never an empty text).
std::string read_file(const std::filesystem::path& path);

}  // namespace tinyllm::runner
