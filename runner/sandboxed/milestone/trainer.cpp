#include "trainer.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "tinyllm/memory.hpp"
#include "tinyllm/optim.hpp"
#include "tinyllm/train/precision.hpp"
#include "tinyllm/train/recompute.hpp"

namespace tinyllm::milestone {
namespace {

// Token ids and next-token targets of `starts.size()` windows of the corpus part `bytes`.
train::Batch windows(const std::vector<unsigned char>& bytes,
                     const std::vector<std::size_t>& starts, std::size_t context) {
  std::vector<double> ids, targets;
  for (const std::size_t s : starts)
    for (std::size_t t = 0; t < context; ++t) {
      ids.push_back(bytes[s + t]);
      targets.push_back(bytes[s + t + 1]);
    }
  const Shape shape{starts.size(), context};
  return {Tensor::from(ids, shape), Tensor::from(targets, shape)};
}

// The batches of every step, drawn once from the plan's seed so both runs see the same data.
std::vector<train::Batch> training_batches(const Plan& plan, const Corpus& corpus) {
  Generator gen(plan.seed);
  const std::size_t span = corpus.train.size() - plan.model.context - 1;
  std::vector<train::Batch> batches;
  for (std::size_t step = 0; step < plan.steps; ++step) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < plan.batch; ++i)
      starts.push_back(static_cast<std::size_t>(gen.uniform() * static_cast<double>(span)));
    batches.push_back(windows(corpus.train, starts, plan.model.context));
  }
  return batches;
}

// The held-out windows: evenly spaced over the held-out part, the same for every evaluation.
train::Batch held_out_batch(const Plan& plan, const Corpus& corpus) {
  const std::size_t span = corpus.held_out.size() - plan.model.context - 1;
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < plan.eval_sequences; ++i)
    starts.push_back(span * i / plan.eval_sequences);
  return windows(corpus.held_out, starts, plan.model.context);
}

double evaluate(nn::Llama& model, const train::Batch& held_out) {
  NoGrad no_grad;
  return nn::cross_entropy(model(held_out.first), held_out.second).item();
}

// Forwards to the model, marking the bytes alive when a micro-batch's forward pass begins: the
// loss function then sees what the forward pass left held for backward.
class Measured : public nn::Module {
 public:
  explicit Measured(nn::Llama& model) : model_(model) {}
  Tensor forward(const Tensor& x) override {
    forward_start = memory::current_bytes();
    return model_(x);
  }
  std::vector<Tensor> parameters() override { return model_.parameters(); }
  std::size_t forward_start = 0;

 private:
  nn::Llama& model_;
};

using Clock = std::chrono::steady_clock;

template <class Step>
Run train(const std::string& name, const Plan& plan, const Corpus& corpus,
          const std::vector<train::Batch>& batches, nn::Llama& model, Step step,
          const std::function<void(const std::string&, std::size_t)>& progress) {
  Run run;
  run.name = name;
  const train::Batch held_out = held_out_batch(plan, corpus);
  run.held_out_step.push_back(0);  // where both runs start: the same initial weights
  run.held_out_loss.push_back(evaluate(model, held_out));
  double seconds = 0;
  for (std::size_t s = 0; s < batches.size(); ++s) {
    const auto start = Clock::now();
    model.zero_grad();
    const std::size_t before = memory::current_bytes();
    memory::reset_peak();
    std::size_t held = 0;
    const auto [loss, skipped] = step(batches[s], held);
    run.train_loss.push_back(loss);
    run.held_bytes.push_back(static_cast<double>(held));
    run.peak_bytes.push_back(static_cast<double>(memory::peak_bytes() - before));
    run.skipped_steps += skipped ? 1 : 0;
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    if ((s + 1) % plan.eval_every == 0 || s + 1 == batches.size()) {
      run.held_out_step.push_back(s + 1);
      run.held_out_loss.push_back(evaluate(model, held_out));
    }
    if (progress) progress(name, s + 1);
  }
  run.train_seconds = seconds;
  return run;
}

}  // namespace

Plan quick_plan() {
  Plan plan;
  plan.model.dim = 32;
  plan.model.heads = 2;
  plan.model.context = 32;
  plan.steps = 40;
  plan.eval_every = 5;
  plan.eval_sequences = 16;
  return plan;
}

Result run_milestone(const Plan& plan, const Corpus& corpus,
                     const std::function<void(const std::string&, std::size_t)>& progress) {
  plan.model.validate();
  if (plan.batch % plan.micro_batch != 0)
    throw std::invalid_argument("the batch must split into whole micro-batches");
  if (corpus.train.size() < plan.model.context + 2 ||
      corpus.held_out.size() < plan.model.context + 2)
    throw std::invalid_argument("the corpus is shorter than one context window");
  Result result;
  result.plan = plan;
  result.plan.model.hidden = plan.model.mlp_width();
  result.corpus_fingerprint = corpus.fingerprint;
  result.train_bytes = corpus.train.size();
  result.held_out_bytes = corpus.held_out.size();
  result.schedule = train::checkpoint_schedule(plan.model.layers, plan.budget);
  const auto batches = training_batches(plan, corpus);

  {  // float32, one batch per step: the L0.5 loop
    Generator init(plan.seed + 1);
    nn::Llama model(plan.model, init);
    for (const Tensor& p : model.parameters()) result.parameters += p.numel();
    optim::AdamW opt(model.parameters(), plan.lr);
    result.float32 = train(
        "float32", plan, corpus, batches, model,
        [&](const train::Batch& batch, std::size_t& held) {
          const std::size_t before = memory::current_bytes();
          const Tensor loss = nn::cross_entropy(model(batch.first), batch.second);
          held = memory::current_bytes() - before;
          loss.backward();
          opt.step();
          return std::pair{loss.item(), false};
        },
        progress);
  }
  {  // the capstone's way: bf16 autocast, accumulated micro-batches, checkpointed blocks
    Generator init(plan.seed + 1);
    nn::Llama model(plan.model, init);
    const std::size_t budget = plan.budget;
    model.run_blocks = [budget](nn::Sequential& blocks, const Tensor& x) {
      return train::checkpoint_sequential(blocks, x, budget);
    };
    Measured measured(model);
    optim::AdamW opt(model.parameters(), plan.lr);
    try {
      result.mixed = train(
          "mixed", plan, corpus, batches, model,
          [&](const train::Batch& batch, std::size_t& held) {
            std::vector<train::Batch> micro;
            for (std::size_t b = 0; b < plan.batch; b += plan.micro_batch)
              micro.emplace_back(slice_rows(batch.first, b, b + plan.micro_batch),
                                 slice_rows(batch.second, b, b + plan.micro_batch));
            const train::LossFn measured_loss = [&](const Tensor& logits, const Tensor& targets) {
              Tensor loss = nn::cross_entropy(logits, targets);
              held = std::max(held, memory::current_bytes() - measured.forward_start);
              return loss;
            };
            const auto step =
                train::train_step_mixed(measured, micro, measured_loss, opt, plan.precision);
            return std::pair{step.loss, step.skipped};
          },
          progress);
      const train::Batch& micro = batches.back();
      const auto held_by_forward = [&] {
        const std::size_t before = memory::current_bytes();
        const Tensor loss = nn::cross_entropy(model(slice_rows(micro.first, 0, plan.micro_batch)),
                                              slice_rows(micro.second, 0, plan.micro_batch));
        return static_cast<double>(memory::current_bytes() - before);
      };
      result.checkpointed_held = held_by_forward();
      model.run_blocks = nullptr;
      result.plain_held = held_by_forward();
    } catch (const std::exception& e) {
      result.error = std::string("the capstone's run stopped: ") + e.what();
    }
  }
  return result;
}

}  // namespace tinyllm::milestone
