// Writes a Gradescope bundle, the way the grader's subcommand will, for check_gradescope_bundle.sh.
// Usage: write_gradescope_bundle <output folder> <repository root or ""> [config.toml]
#include <exception>
#include <iostream>

#include "batch/gradescope_bundle.hpp"

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr
        << "usage: write_gradescope_bundle <output folder> <repository root or \"\"> [config]\n";
    return 3;
  }
  try {
    tinyllm::runner::write_gradescope_bundle({argv[1], argv[2], argc == 4 ? argv[3] : ""});
  } catch (const std::exception& error) {
    std::cerr << "write_gradescope_bundle: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
