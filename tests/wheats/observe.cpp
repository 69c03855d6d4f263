// wheat_observe: prints what the module does where the wheats may differ from the reference, one
// fact per line "<kind> <name> <value>", so that wheats_test can run it on the reference and on
// each wheat (LD_LIBRARY_PATH to its library's folder) and compare: the library it runs on, every
// error the module throws (its type and message), the loss grad_accumulate reports for several
// splits, and its gradient, the memory and gradients of a checkpointed forward and backward, and
// the gradient of a tensor passed to checkpoint twice.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <tinyllm/tinyllm.hpp>
#include <vector>

namespace {
using tinyllm::Tensor;
namespace train = tinyllm::train;

// The path of the libtinyllm_oracle.so this process has mapped, from /proc/self/maps.
std::string mapped_library() {
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    const auto slash = line.find('/');
    if (slash != std::string::npos && line.ends_with("/libtinyllm_oracle.so"))
      return line.substr(slash);
  }
  return "none";
}

// Prints "error <name> <type> <message>" for what `call` throws ("error <name> none -" if nothing).
void error(const std::string& name, const std::function<void()>& call) {
  std::string type = "none", message = "-";
  try {
    call();
  } catch (const train::NonFiniteLossError& e) {
    type = "NonFiniteLossError", message = e.what();
  } catch (const std::invalid_argument& e) {
    type = "invalid_argument", message = e.what();
  } catch (const std::logic_error& e) {
    type = "logic_error", message = e.what();
  } catch (const std::exception& e) {
    type = "exception", message = e.what();
  }
  std::cout << "error " << name << ' ' << type << ' ' << message << '\n';
}

// Every throw of oracle/src/train/*.cpp, each provoked once.
void errors() {
  tinyllm::Generator init(1);
  auto model = std::make_shared<tinyllm::nn::Linear>(2, 1, init);
  tinyllm::optim::SGD opt(model->parameters(), 0.1);
  const Tensor x = Tensor::from({1, 2}, {1, 2});
  const Tensor y = Tensor::from({3}, {1, 1});
  const std::vector<train::Batch> one = {{x, y}};
  error("grad_accumulate.empty", [&] { train::grad_accumulate(*model, {}, tinyllm::nn::mse); });
  error("grad_accumulate.no_rows_dimension", [&] {
    train::grad_accumulate(*model, {{Tensor(), y}}, tinyllm::nn::mse);
  });
  error("grad_accumulate.rows_differ", [&] {
    train::grad_accumulate(*model, {{Tensor::zeros({3, 2}), Tensor::zeros({4, 1})}},
                           tinyllm::nn::mse);
  });
  error("grad_accumulate.no_rows", [&] {
    train::grad_accumulate(*model, {{Tensor::zeros({0, 2}), Tensor::zeros({0, 1})}},
                           tinyllm::nn::mse);
  });
  error("cast.unknown_dtype", [&] { train::cast(x, "fp8"); });
  error("cast.empty_operand", [&] { train::cast(Tensor(), "bf16"); });
  error("Autocast.unknown_dtype", [] { train::Autocast a("float16"); });
  error("train_step_mixed.unknown_precision",
        [&] { train::train_step_mixed(*model, one, tinyllm::nn::mse, opt, "fp64"); });
  error("train_step_mixed.clip", [&] {
    train::train_step_mixed(*model, one, tinyllm::nn::mse, opt, "fp32", nullptr, -1.0);
  });
  error("train_step_mixed.non_finite_loss", [&] {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    train::train_step_mixed(*model, {{x, Tensor::from({nan}, {1, 1})}}, tinyllm::nn::mse, opt);
  });
  error("DynamicLossScaler.scale", [] { train::DynamicLossScaler s(0.0); });
  error("DynamicLossScaler.growth", [] { train::DynamicLossScaler s(8.0, 1.0); });
  error("DynamicLossScaler.backoff", [] { train::DynamicLossScaler s(8.0, 2.0, 1.5); });
  error("DynamicLossScaler.interval", [] { train::DynamicLossScaler s(8.0, 2.0, 0.5, 0); });
  error("DynamicLossScaler.load_state_dict", [] {
    train::DynamicLossScaler s;
    s.load_state_dict(train::ScalerState{8.0, 2.0, 0.5, 3, -1});
  });
  error("checkpoint_schedule.budget", [] { train::checkpoint_schedule(6, 3); });
  error("checkpoint_schedule.zero_layers", [] { train::checkpoint_schedule(0, 4); });
  const train::SegmentFn same = [](const std::vector<Tensor>& in) { return in[0] * 2.0; };
  error("checkpoint.empty_input", [&] { train::checkpoint(same, {Tensor()}); });
  error("checkpoint.null_generator", [&] { train::checkpoint(same, {x}, {}, {nullptr}); });
  error("checkpoint.empty_output",
        [&] { train::checkpoint([](const std::vector<Tensor>&) { return Tensor(); }, {x}); });
  error("checkpoint.rerun_differs", [&] {
    int calls = 0;
    const Tensor leaf = Tensor::from({1, 2}, {1, 2}).requires_grad_();
    const train::SegmentFn changing = [&calls](const std::vector<Tensor>& in) {
      return ++calls == 1 ? in[0] * 2.0 : tinyllm::sum(in[0]);
    };
    tinyllm::sum(train::checkpoint(changing, {leaf})).backward();
  });
}

// Returns an FNV-1a hash of the bits of `values`: equal hashes, equal values bit for bit.
std::uint64_t bits_hash(const std::vector<double>& values) {
  std::uint64_t hash = 1469598103934665603ull;
  for (double v : values) {
    unsigned char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    for (unsigned char b : bytes) hash = (hash ^ b) * 1099511628211ull;
  }
  return hash;
}

// Prints "loss <sizes> <the reported loss in hexadecimal>" for grad_accumulate on micro-batches of
// `sizes` rows (fixed data, a float64 Linear(3, 2): its 53-bit losses keep the last bits that the
// ways of weighting round differently), and "gradients <sizes> <hash of the weight's gradient>".
void accumulated(const std::vector<std::size_t>& sizes) {
  const auto f64 = tinyllm::DType::f64;
  tinyllm::Generator gen(7);
  tinyllm::nn::Linear model(3, 2, gen, true, f64);
  std::vector<train::Batch> micro;
  std::string name;
  for (std::size_t rows : sizes) {
    micro.push_back(
        {Tensor::uniform({rows, 3}, -1, 1, gen, f64), Tensor::uniform({rows, 2}, -1, 1, gen, f64)});
    name += (name.empty() ? "" : "+") + std::to_string(rows);
  }
  char text[64];
  std::snprintf(text, sizeof text, "%a", train::grad_accumulate(model, micro, tinyllm::nn::mse));
  std::cout << "loss " << name << ' ' << text << '\n';
  std::cout << "gradients " << name << ' ' << std::hex << bits_hash(model.weight.grad().values())
            << std::dec << '\n';
}

// Prints the bytes a checkpointed MLP holds after forward and peaks at during forward and during
// backward, and a hash of its parameters' gradients: 4 Linear-Tanh pairs of width 16 on 32 rows,
// on the smallest budget of 8 layers (5: a checkpointed segment of 4 layers, then the last 4).
void checkpointed_memory() {
  tinyllm::Generator gen(11);
  std::vector<std::shared_ptr<tinyllm::nn::Module>> layers;
  for (int i = 0; i < 4; ++i) {
    layers.push_back(std::make_shared<tinyllm::nn::Linear>(16, 16, gen));
    layers.push_back(std::make_shared<tinyllm::nn::Tanh>());
  }
  tinyllm::nn::Sequential model(layers);
  const Tensor x = Tensor::uniform({32, 16}, -1, 1, gen);
  const std::size_t base = tinyllm::memory::current_bytes();
  tinyllm::memory::reset_peak();
  const Tensor loss = tinyllm::sum(train::checkpoint_sequential(model, x, 5));
  const std::size_t held = tinyllm::memory::current_bytes() - base;
  const std::size_t forward_peak = tinyllm::memory::peak_bytes() - base;
  tinyllm::memory::reset_peak();
  loss.backward();
  const std::size_t backward_peak = tinyllm::memory::peak_bytes() - base;
  std::vector<double> grads;
  for (const Tensor& p : model.parameters())
    for (double g : p.grad().values()) grads.push_back(g);
  std::cout << "memory held " << held << '\n'
            << "memory forward_peak " << forward_peak << '\n'
            << "memory backward_peak " << backward_peak << '\n'
            << "gradients checkpointed " << std::hex << bits_hash(grads) << std::dec << '\n';
}

// Prints, over 300 seeded cases of fn(a, b) = matmul(a, w) * b + tanh(a) on 3x3 float32 values,
// in how many a checkpointed fn(a, a) gives `a` a gradient that differs in its bits from the plain
// run's ("twice differing"), and hashes of the gradients that must not change: the parameter's
// with the same tensor twice, and a's and b's with distinct tensors.
void checkpointed_twice() {
  tinyllm::Generator gen(13);
  const train::SegmentFn fn = [](const std::vector<Tensor>& in) {
    return tinyllm::matmul(in[0], in[2]) * in[1] + tinyllm::tanh(in[0]);
  };
  int differing = 0;
  std::vector<double> parameter_grads, distinct_grads;
  for (int i = 0; i < 300; ++i) {
    const Tensor a = Tensor::uniform({3, 3}, -2, 2, gen).requires_grad_();
    const Tensor w = Tensor::uniform({3, 3}, -2, 2, gen).requires_grad_();
    const Tensor a_plain = a.detach().requires_grad_();
    tinyllm::sum(train::checkpoint(
                     [&](const std::vector<Tensor>& in) {
                       return fn({in[0], in[1], w});
                     },
                     {a, a}, {w}))
        .backward();
    tinyllm::sum(fn({a_plain, a_plain, w.detach()})).backward();
    differing += a.grad().values() != a_plain.grad().values();
    for (double g : w.grad().values()) parameter_grads.push_back(g);
    const Tensor c = a.detach().requires_grad_(), d = a.detach().requires_grad_();
    tinyllm::sum(train::checkpoint(
                     [&](const std::vector<Tensor>& in) {
                       return fn({in[0], in[1], w.detach()});
                     },
                     {c, d}))
        .backward();
    for (double g : c.grad().values()) distinct_grads.push_back(g);
    for (double g : d.grad().values()) distinct_grads.push_back(g);
  }
  std::cout << "twice differing " << differing << '\n'
            << "twice parameter " << std::hex << bits_hash(parameter_grads) << '\n'
            << "twice distinct " << bits_hash(distinct_grads) << std::dec << '\n';
}

}  // namespace

int main() {
  std::cout << "library mapped " << mapped_library() << '\n';
  errors();
  for (const auto& sizes : std::vector<std::vector<std::size_t>>{{3, 7},
                                                                 {1, 2},
                                                                 {5, 6},
                                                                 {2, 3, 4},
                                                                 {1, 4},
                                                                 {2, 5},
                                                                 {3, 3, 3},
                                                                 {6, 7},
                                                                 {5, 7},
                                                                 {9, 3},
                                                                 {3, 5},
                                                                 {4, 4},
                                                                 {1, 3, 12},
                                                                 {16}})
    accumulated(sizes);
  checkpointed_memory();
  checkpointed_twice();
}
