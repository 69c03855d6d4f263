// A shared library loaded for the length of a test (RTLD_LOCAL: its state, the schema library's
// record included, is its own), for the builder tests that call into the libraries they built.
#pragma once
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <filesystem>

namespace tinyllm::builder::testing {

class LoadedLibrary {
 public:
  explicit LoadedLibrary(const std::filesystem::path& path)
      : handle_(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    EXPECT_NE(handle_, nullptr) << path << ": " << dlerror();
  }
  ~LoadedLibrary() {
    if (handle_ != nullptr) dlclose(handle_);
  }
  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

  // Returns the function `name` (a mangled name for C++), failing the test when it is missing.
  template <typename Function>
  Function* function(const char* name) const {
    void* symbol = handle_ == nullptr ? nullptr : dlsym(handle_, name);
    EXPECT_NE(symbol, nullptr) << name;
    return reinterpret_cast<Function*>(symbol);
  }
  // Returns whether the library defines `name`.
  bool has(const char* name) const { return handle_ != nullptr && dlsym(handle_, name); }

 private:
  void* handle_;
};

}  // namespace tinyllm::builder::testing
