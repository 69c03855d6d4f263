// Whole-file reads and atomic writes.
#include "tinyllm/builder/files.hpp"

#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "tinyllm/builder/build_error.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw BuildError("cannot read " + path.string() + ": check that it exists and is readable");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw BuildError("reading " + path.string() + " failed: is the disk healthy?");
  return bytes;
}

void write_file_atomically(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  // The thread id keeps two writers of the same file (parallel jobs) off each other's temporary.
  std::ostringstream suffix;
  suffix << ".tmp." << std::this_thread::get_id();
  const fs::path temporary = path.string() + suffix.str();
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!(out << bytes) || !out.flush())
      throw BuildError("cannot write " + temporary.string() + ": is the disk full or the folder " +
                       "read-only?");
  }
  fs::rename(temporary, path);
}

}  // namespace tinyllm::builder
