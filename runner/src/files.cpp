// Reads files whole, failing loudly (see files.hpp).
#include "files.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace tinyllm::runner {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::runtime_error(
        fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  if (file.bad())
    throw std::runtime_error(
        fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  return bytes;
}

}  // namespace tinyllm::runner
