#include "tinyllm/base/whole_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace tinyllm::base {
namespace fs = std::filesystem;

std::string read_whole_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    throw std::runtime_error(fmt::format("cannot read {}: {}; check that it exists and is readable",
                                         path.string(), std::strerror(errno)));
  }
  // Sized once and read in one go, not a character at a time: a batch reads every variant library
  // (about 150 MB) on each start. A file that grows meanwhile, or reports no size (/proc), is read
  // on to its end.
  std::error_code size_error;
  const auto size = fs::file_size(path, size_error);
  std::string bytes(size_error ? 0 : size, '\0');
  file.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(file.gcount()));
  std::array<char, 1 << 16> block;
  while (file.read(block.data(), block.size()) || file.gcount() > 0)
    bytes.append(block.data(), static_cast<std::size_t>(file.gcount()));
  if (file.bad())
    throw std::runtime_error(
        fmt::format("error while reading {}: {}", path.string(), std::strerror(errno)));
  return bytes;
}

void write_whole_file(const fs::path& path, const std::string& text) {
  std::error_code error;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), error);
  if (error) {
    throw std::runtime_error(fmt::format("cannot create the folder {}: {}",
                                         path.parent_path().string(), error.message()));
  }
  // Two writers sharing one temporary could rename the other's half-written bytes into place. A
  // leftover is recognisable by its ".partial" (tests look for one).
  const fs::path temporary = fs::path(path).concat(fmt::format(
      ".{}-{:x}.partial", ::getpid(), std::hash<std::thread::id>{}(std::this_thread::get_id())));
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file) {
      fs::remove(temporary, error);
      throw std::runtime_error(
          fmt::format("cannot write {}: check the output folder is writable and the disk not full.",
                      temporary.string()));
    }
  }
  fs::rename(temporary, path, error);
  if (error) {
    const std::string reason = error.message();
    fs::remove(temporary, error);
    throw std::runtime_error(
        fmt::format("cannot rename {} to {}: {}", temporary.string(), path.string(), reason));
  }
}

}  // namespace tinyllm::base
