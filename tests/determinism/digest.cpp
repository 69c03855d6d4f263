// Fixed workloads whose final weights are hashed: a small MLP with dropout trained for 50 float32
// AdamW steps from an explicit seed, and a tiny Llama (every language-model piece) trained for 6
// steps, 3 in float32 and 3 the capstone's way (bf16 autocast, accumulated micro-batches,
// checkpointed blocks). Each digest must be the same for every compiler and flag set the project
// supports (scripts/determinism.sh), and the same as the recorded one (ctest).
//
// Usage: tinyllm_digest [--expect HEX] [--expect-llama HEX]. Prints the seed and the digests; with
// --expect, exits 1 when a digest differs from the one given.
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

// Returns the digest of the Llama workload: vocab 11, width 8, 4 layers of 2 heads, context 6;
// batches of 4 sequences of random tokens; AdamW(lr 1e-2); cross-entropy.
std::uint64_t run_llama_workload() {
  Generator data_gen(kSeed + 3), init_gen(kSeed + 4);
  nn::LlamaConfig config;
  config.vocab = 11;
  config.dim = 8;
  config.layers = 4;
  config.heads = 2;
  config.context = 6;
  nn::Llama model(config, init_gen);
  optim::AdamW opt(model.parameters(), 1e-2);
  const auto tokens = [&](std::size_t rows) {
    std::vector<double> ids;
    for (std::size_t i = 0; i < rows * config.context; ++i)
      ids.push_back(static_cast<double>(data_gen.next_u64() % config.vocab));
    return Tensor::from(ids, {rows, config.context});
  };
  const train::LossFn loss = [](const Tensor& logits, const Tensor& targets) {
    return nn::cross_entropy(logits, targets);
  };
  for (int step = 0; step < 6; ++step) {
    const Tensor ids = tokens(4), targets = tokens(4);
    if (step < 3) {
      train::train_step_mixed(model, {{ids, targets}}, loss, opt);
      continue;
    }
    model.run_blocks = [](nn::Sequential& blocks, const Tensor& x) {
      return train::checkpoint_sequential(blocks, x, 3);
    };
    train::train_step_mixed(model,
                            {{slice_rows(ids, 0, 2), slice_rows(targets, 0, 2)},
                             {slice_rows(ids, 2, 4), slice_rows(targets, 2, 4)}},
                            loss, opt, "bf16");
  }
  return digest_of(model.parameters());
}

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// Returns whether `digest` is `expected` (or nothing was expected); says what to do when not.
bool matches(const char* name, const std::string& digest, const char* expected) {
  if (expected == nullptr || digest == expected) return true;
  std::printf(
      "the %s digest differs from the recorded %s: the oracle's numerics changed. If the "
      "change is intended, record the new digest in tests/determinism/CMakeLists.txt\n",
      name, expected);
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  const char* expected = nullptr;
  const char* expected_llama = nullptr;
  for (int i = 1; i < argc; i += 2) {
    const bool has_value = i + 1 < argc;
    if (has_value && std::strcmp(argv[i], "--expect") == 0) {
      expected = argv[i + 1];
    } else if (has_value && std::strcmp(argv[i], "--expect-llama") == 0) {
      expected_llama = argv[i + 1];
    } else {
      std::fprintf(stderr, "usage: %s [--expect HEX] [--expect-llama HEX]\n", argv[0]);
      return 2;
    }
  }
  const std::string digest = hex(run_workload()), llama = hex(run_llama_workload());
  std::printf("seed %llu, %d AdamW steps, float32\ndigest %s\nllama digest %s\n",
              static_cast<unsigned long long>(kSeed), kSteps, digest.c_str(), llama.c_str());
  const bool ok = matches("MLP", digest, expected);
  return ok && matches("Llama", llama, expected_llama) ? 0 : 1;
}
