// A throwaway repository folder for the catalog's tests.
#include "temp_tree.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace tinyllm::catalog::testing {

TempTree::TempTree() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  root_ = std::filesystem::temp_directory_path() /
          ("tinyllm_catalog_" + std::string(test->test_suite_name()) + "_" + test->name() + "_" +
           std::to_string(::getpid()));
  std::filesystem::remove_all(root_);
  std::filesystem::create_directories(root_);
}

TempTree::~TempTree() {
  std::error_code ignored;
  std::filesystem::remove_all(root_, ignored);
}

std::filesystem::path TempTree::write(const std::string& relative, const std::string& text) const {
  const auto path = root_ / relative;
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

MutantInfo entry(const std::string& id, const std::string& title, const std::string& file) {
  MutantInfo m;
  m.id = id;
  m.title = title;
  m.symptom = "a symptom";
  m.caught_by = {"Course.a_test"};
  m.file = file;
  m.function = "f";
  return m;
}

}  // namespace tinyllm::catalog::testing
