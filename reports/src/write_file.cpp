// Whole-file writes through a rename, which is atomic within one file system.
#include "write_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>
#include <system_error>

namespace tinyllm::reports::detail {
namespace fs = std::filesystem;

void write_whole_file(const fs::path& path, const std::string& text) {
  std::error_code error;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), error);
  if (error) {
    throw std::runtime_error(fmt::format("reports: cannot create the folder {}: {}",
                                         path.parent_path().string(), error.message()));
  }
  const fs::path temporary = fs::path(path).concat(".partial");
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file) {
      throw std::runtime_error(fmt::format(
          "reports: cannot write {}: check the output folder is writable and the disk not full.",
          temporary.string()));
    }
  }
  fs::rename(temporary, path, error);
  if (error) {
    throw std::runtime_error(fmt::format("reports: cannot rename {} to {}: {}", temporary.string(),
                                         path.string(), error.message()));
  }
}

}  // namespace tinyllm::reports::detail
