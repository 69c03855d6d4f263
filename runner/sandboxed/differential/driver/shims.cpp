// Loading the shims (shims.hpp).
#include "shims.hpp"

#include <dlfcn.h>

#include <iostream>
#include <stdexcept>

namespace tinyllm_diff {
namespace {

using Call = const char* (*)(const char*);
Call reference_call = nullptr;
Call learner_call = nullptr;
bool tracing = false;

Call load(const std::string& path, const char* which) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw std::runtime_error(std::string("cannot load the ") + which + " shim: " + dlerror());
  auto call = reinterpret_cast<Call>(dlsym(handle, "tinyllm_diff_call"));
  if (!call)
    throw std::runtime_error(std::string("the ") + which +
                             " shim has no tinyllm_diff_call: " + dlerror());
  return call;
}

}  // namespace

void load_shims(const std::string& reference, const std::string& learner) {
  reference_call = load(reference, "reference");
  learner_call = load(learner, "learner's");
}

std::string call_reference(const std::string& request) {
  return reference_call(request.c_str());
}
std::string call_learner(const std::string& request, const std::string& scenario) {
  if (tracing) std::cout << "[call] " << scenario << std::endl;
  return learner_call(request.c_str());
}

void trace_learner_calls(bool on) {
  tracing = on;
}

}  // namespace tinyllm_diff
