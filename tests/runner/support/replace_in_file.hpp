// Editing a file of a test's workspace: one piece of its text replaced. The test fails when the
// piece is not there, so an edit never silently does nothing.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::testing {

inline void replace_in(const std::filesystem::path& file, const std::string& from,
                       const std::string& to) {
  std::string text = base::read_whole_file(file);
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " not in " << file;
  text.replace(at, from.size(), to);
  base::write_whole_file(file, text);
}

}  // namespace tinyllm::testing
