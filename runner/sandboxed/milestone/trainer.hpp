// MS-L11's two training runs of one small Llama from one seed: float32 with one batch per step
// (the foundation alone), and the capstone's way through the module (bf16 autocast, accumulated
// micro-batches, checkpointed blocks).
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tinyllm/llama.hpp"

namespace tinyllm::milestone {

// The data: a byte-level corpus from the licence texts every Debian system ships
// (/usr/share/common-licenses), read at run time, split into train and held-out parts the same way
// on every machine that has the same files.
struct Corpus {
  std::vector<unsigned char> train, held_out;
  std::uint64_t fingerprint = 0;  // FNV-1a of every byte read, to tell corpora apart in reports
};

// Reads every regular file (not symlinks, which name the same texts again) of `dir` in name order;
// of each, the first 90% of its bytes go to train and the rest to held-out, so both parts hold
// every licence's style. Throws std::runtime_error naming `dir` when it has no text or cannot be
// read, with a hint (Debian's base-files package ships it). corpus.cpp.
Corpus read_corpus(const std::filesystem::path& dir);

struct Plan {
  nn::LlamaConfig model;
  std::size_t steps = 150;
  std::size_t batch = 32;       // sequences per step (the float32 run's one batch)
  std::size_t micro_batch = 8;  // the capstone's --micro-batch
  std::size_t budget = 3;       // checkpoint_sequential's memory budget, in layers
  std::size_t eval_every = 10;  // steps between held-out losses (and after the last step)
  std::size_t eval_sequences = 32;
  double lr = 3e-3;
  std::uint64_t seed = 20261205;
  std::string precision = "bf16";
};

// Returns the quick plan (a smaller model, fewer steps) that CI runs; Plan{} is the full one.
Plan quick_plan();

struct Run {
  std::string name;                        // "float32" or "mixed"
  std::vector<double> train_loss;          // per step
  std::vector<std::size_t> held_out_step;  // when held-out loss was measured: 0, then after steps
  std::vector<double> held_out_loss;
  std::vector<double> held_bytes;  // per step: activation memory held before backward
  std::vector<double> peak_bytes;  // per step: the peak over the step, above its start
  std::size_t skipped_steps = 0;   // steps train_step_mixed reported skipped
  double train_seconds = 0;
};

struct Result {
  Plan plan;
  std::size_t parameters = 0;
  std::uint64_t corpus_fingerprint = 0;
  std::size_t train_bytes = 0, held_out_bytes = 0;
  std::vector<std::size_t> schedule;  // checkpoint_schedule(layers, budget)
  Run float32, mixed;
  // Checkpointing's own effect, after training: one forward pass of a micro-batch (float32, grad
  // on) with checkpointed blocks and with plain ones; the bytes each holds before backward.
  double checkpointed_held = 0, plain_held = 0;
  std::string error;  // what the module threw, when a run could not finish
};

// Trains both runs; `progress` is called after every step of each run with (run, step).
Result run_milestone(const Plan& plan, const Corpus& corpus,
                     const std::function<void(const std::string&, std::size_t)>& progress = {});

}  // namespace tinyllm::milestone
