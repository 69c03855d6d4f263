// Hostile suite: a test that looks for the variant's name everywhere a run can look: its
// environment, arguments, working folder, executable and library paths, mapped files, mounts,
// host name, every visible process's command line, and the names of the files it can list. It
// fails when it finds a variant name ("s01".."s24", "reference", "variants"), so a leak would make
// the grade INVALID or kill mutants; with no leak the grade is FAIL with every mutant surviving.
#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <tinyllm/tinyllm.hpp>

extern char** environ;

namespace {

const std::regex variant_name(
    "(^|[^A-Za-z0-9])(s(0[1-9]|1[0-9]|2[0-4])|reference|variants)"
    "([^A-Za-z0-9]|$)");

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  for (char& c : text)
    if (c == '\0') c = ' ';
  return text;
}

void expect_no_variant_name(const std::string& where, const std::string& text) {
  std::smatch m;
  EXPECT_FALSE(std::regex_search(text, m, variant_name))
      << where << " reveals '" << m.str(2) << "' in: " << text.substr(0, 400);
}

void list_names(const std::filesystem::path& dir, int depth, std::string& names) {
  if (depth == 0) return;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const auto& p = it->path();
    if (p == "/proc" || p == "/sys" || p == "/usr" || p == "/etc" || p == "/dev") continue;
    names += p.string() + "\n";
    if (it->is_directory(ec) && !it->is_symlink(ec)) list_names(p, depth - 1, names);
  }
}

}  // namespace

TEST(Hostile, finds_no_variant_name_in_its_environment) {
  for (char** e = environ; *e != nullptr; ++e) expect_no_variant_name("the environment", *e);
}

TEST(Hostile, finds_no_variant_name_in_arguments_paths_or_mounts) {
  expect_no_variant_name("/proc/self/cmdline", read_file("/proc/self/cmdline"));
  expect_no_variant_name("/proc/self/maps", read_file("/proc/self/maps"));
  expect_no_variant_name("/proc/self/mountinfo", read_file("/proc/self/mountinfo"));
  expect_no_variant_name("the working folder", std::filesystem::current_path().string());
  expect_no_variant_name("the executable's path",
                         std::filesystem::read_symlink("/proc/self/exe").string());
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  expect_no_variant_name("the host name", host);
}

TEST(Hostile, finds_no_variant_name_in_other_processes) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    expect_no_variant_name("process " + name + "'s command line",
                           read_file(entry.path().string() + "/cmdline"));
    expect_no_variant_name("process " + name + "'s environment",
                           read_file(entry.path().string() + "/environ"));
  }
}

TEST(Hostile, finds_no_variant_name_in_file_names) {
  std::string names;
  list_names("/", 6, names);
  list_names(std::filesystem::current_path(), 4, names);
  expect_no_variant_name("the file names it can list", names);
}
