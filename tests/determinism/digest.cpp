// A fixed float32 workload whose final weights are hashed: a small MLP with dropout trained for 50
// AdamW steps from an explicit seed. The digest must be the same for every compiler and flag set
// the project supports (scripts/determinism.sh), and the same as the recorded one (ctest).
//
// Usage: tinyllm_digest [--expect HEX]. Prints the seed and the digest; with --expect, exits 1
// when the digest differs from HEX.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "tinyllm/tinyllm.hpp"

namespace {
using namespace tinyllm;

constexpr std::uint64_t kSeed = 20261201;
constexpr int kSteps = 50;

// Returns the 64-bit FNV-1a hash of `bytes` continued from `hash`.
std::uint64_t fnv1a(std::uint64_t hash, const unsigned char* bytes, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

// Returns the FNV-1a hash of every parameter's float32 bytes, in parameter order.
std::uint64_t digest_of(const std::vector<Tensor>& params) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a's 64-bit offset basis
  for (const Tensor& p : params) {
    const auto data = p.data<float>();
    hash = fnv1a(hash, reinterpret_cast<const unsigned char*>(data.data()), data.size_bytes());
  }
  return hash;
}

// Returns the digest of the fixed workload: inputs (32, 8) ~ N(0, 1), targets tanh of a fixed
// random projection, model Linear(8, 16) ReLU Dropout(0.2) Linear(16, 4), mse, AdamW(lr 1e-2).
std::uint64_t run_workload() {
  Generator data_gen(kSeed), init_gen(kSeed + 1), dropout_gen(kSeed + 2);
  const Tensor x = Tensor::normal({32, 8}, 0.0, 1.0, data_gen);
  const Tensor projection = Tensor::uniform({8, 4}, -0.5, 0.5, data_gen);
  const Tensor y = tanh(matmul(x, projection));
  nn::Sequential model({std::make_shared<nn::Linear>(8, 16, init_gen), std::make_shared<nn::ReLU>(),
                        std::make_shared<nn::Dropout>(0.2, dropout_gen),
                        std::make_shared<nn::Linear>(16, 4, init_gen)});
  optim::AdamW opt(model.parameters(), 1e-2);
  for (int step = 0; step < kSteps; ++step) {
    opt.zero_grad();
    nn::mse(model(x), y).backward();
    opt.step();
  }
  return digest_of(model.parameters());
}
}  // namespace

int main(int argc, char** argv) {
  const bool expecting = argc == 3 && std::strcmp(argv[1], "--expect") == 0;
  if (argc != 1 && !expecting) {
    std::fprintf(stderr, "usage: %s [--expect HEX]\n", argv[0]);
    return 2;
  }
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(run_workload()));
  std::printf("seed %llu, %d AdamW steps, float32\ndigest %s\n",
              static_cast<unsigned long long>(kSeed), kSteps, digest);
  if (expecting && std::string(argv[2]) != digest) {
    std::printf(
        "the digest differs from the recorded %s: the oracle's numerics changed. If the "
        "change is intended, record the new digest in tests/determinism/CMakeLists.txt\n",
        argv[2]);
    return 1;
  }
  return 0;
}
