// Code that runs before the libraries' constructors (suite_build/early_code.hpp), on small programs
// compiled here: the plain one passes, the .preinit_array and ifunc ones are named.
#include "suite_build/early_code.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "temp_folder.hpp"
#include "tinyllm/base/process.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;

// Compiles `source` into a program in a fresh folder; returns its path.
fs::path program(const std::string& name, const std::string& source) {
  static const tinyllm::base::testing::TempFolder root;  // removed when the process exits
  const fs::path folder = root.path() / name;
  fs::create_directories(folder);
  std::ofstream(folder / "main.cpp") << source;
  const auto built = base::run_process(
      {"c++", "-O1", (folder / "main.cpp").string(), "-o", (folder / "main").string()}, 120);
  EXPECT_EQ(built.exit_code, 0) << built.output;
  return folder / "main";
}

// Catches: an ordinary program refused (every suite would be INVALID), or a program that reads
// the environment before the libraries' constructors graded (the schema's key and token could be
// read before the library erases them).
TEST(EarlyCode, only_preinit_array_and_ifunc_resolvers_are_named) {
  EXPECT_EQ(early_code_problem(program("plain", R"(
#include <cstdio>
static int value = std::printf("static init runs after the libraries' constructors\n");
int main() { return value > 0 ? 0 : 1; })")),
            "");
  EXPECT_NE(early_code_problem(program("preinit", R"(
static void look(int, char**, char**) {}
__attribute__((section(".preinit_array"), used)) static void (*const early)(int, char**, char**) =
    look;
int main() { return 0; })"))
                .find("a function in .preinit_array"),
            std::string::npos);
  EXPECT_NE(early_code_problem(program("ifunc", R"(
extern "C" int implementation() { return 0; }
extern "C" int (*resolve())() { return implementation; }
extern "C" int chosen() __attribute__((ifunc("resolve")));
int main() { return chosen(); })"))
                .find("an ifunc resolver"),
            std::string::npos);
  EXPECT_EQ(early_code_problem("/etc/hostname"), "") << "not an ELF file: the run says so";
}

}  // namespace
}  // namespace tinyllm::runner
