// Writes two batch shards over a class made of the report fixtures (a fake grader returns each
// fixture), for check_merge_subcommand.sh: <folder>/class_suites, <folder>/shard1, <folder>/shard2.
// Usage: write_batch_shards <output folder>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "batch/class_batch.hpp"
#include "fixtures.hpp"

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  using tinyllm::reports::GradeResult;
  if (argc != 2) {
    std::cerr << "usage: write_batch_shards <output folder>\n";
    return 3;
  }
  try {
    const fs::path suites = fs::path(argv[1]) / "class_suites";
    std::map<std::string, GradeResult> by_name;
    for (auto [name, result] : tinyllm::reports::fixtures::named_fixtures()) {
      fs::create_directories(suites / name);
      std::ofstream(suites / name / "test.cpp") << "// " << name << "\n";
      result.suite_name = name;
      by_name[name] = result;
    }
    for (int shard = 1; shard <= 2; ++shard) {
      tinyllm::runner::BatchOptions batch;
      batch.suites_folder = suites;
      batch.output_folder = fs::path(argv[1]) / ("shard" + std::to_string(shard));
      batch.shard_index = shard;
      batch.shard_count = 2;
      batch.formats = {tinyllm::reports::ReportFormat::Json};
      std::ostringstream progress;
      tinyllm::runner::run_batch(
          batch,
          [&](const fs::path& suite, const tinyllm::runner::Attempt&) {
            return by_name.at(suite.filename().string());
          },
          progress);
    }
  } catch (const std::exception& error) {
    std::cerr << "write_batch_shards: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
