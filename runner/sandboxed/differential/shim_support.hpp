// What the shim's scenarios (shim.cpp) share: the response they write, the name of an exception's
// type, and the models and micro-batches they read from a request. Included by shim.cpp alone,
// once per shim (each shim is one translation unit).
#pragma once
#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include "protocol.hpp"
#include "tinyllm/tinyllm.hpp"

namespace tinyllm_diff::shim {

using namespace tinyllm;
using tinyllm_diff::Line;
using tinyllm_diff::Words;

// The response being written.
struct Response {
  std::string text;
  void add(const std::string& label, const Line& words) {
    text += label + ": " + words.text() + "\n";
  }
  void add(const std::string& label, const std::string& word) { add(label, Line() << word); }
  void values(const std::string& label, const Tensor& t) { add(label, Line().reals(t.values())); }
  void grad(const std::string& label, const Tensor& t) {
    if (t.has_grad()) return values(label, t.grad());
    add(label, "no-gradient");
  }
};

inline DType dtype_named(const std::string& name) {
  if (name == "f32") return DType::f32;
  if (name == "f64") return DType::f64;
  throw std::invalid_argument("differential protocol: unknown tensor dtype " + name);
}

inline std::string optional_word(const std::optional<std::string>& s) {
  return s ? *s : "none";
}
inline std::string optional_real(const std::optional<double>& v) {
  return v ? tinyllm_diff::hex_of(*v) : "none";
}
inline std::optional<double> read_optional_real(Words& in) {
  const std::string w = in.word();
  if (w == "none") return std::nullopt;
  return tinyllm_diff::double_of_hex(w);
}

// The name of the exception in flight: its type, as the contract fixes it (messages are free).
inline std::string exception_type() {
  try {
    throw;
  } catch (const train::NonFiniteLossError&) {
    return "tinyllm::train::NonFiniteLossError";
  } catch (const std::invalid_argument&) {
    return "std::invalid_argument";
  } catch (const std::out_of_range&) {
    return "std::out_of_range";
  } catch (const std::length_error&) {
    return "std::length_error";
  } catch (const std::domain_error&) {
    return "std::domain_error";
  } catch (const std::logic_error&) {
    return "std::logic_error";
  } catch (const std::runtime_error&) {
    return "std::runtime_error";
  } catch (const std::bad_alloc&) {
    return "std::bad_alloc";
  } catch (const std::exception& e) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(
        abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &status), std::free);
    return status == 0 ? name.get() : typeid(e).name();
  } catch (...) {
    return "an exception that is not a std::exception";
  }
}

// An MLP as the course's generators build it (properties/generators.hpp): Linear layers from
// Generator(seed), Tanh or ReLU between them, Dropout(p) drawing from Generator(seed + 1).
struct Mlp {
  std::unique_ptr<Generator> dropout_rng;
  std::shared_ptr<nn::Sequential> model;
  std::vector<std::shared_ptr<nn::Module>> layers;  // the model's, in order
  std::vector<Generator*> rngs;
  DType dtype = DType::f32;
  std::size_t in = 0, out = 0;
};

// Reads "<f32|f64> <n> <width>*n <activation>*(n-2) <dropout p> <seed>" and builds it.
inline Mlp read_mlp(Words& in) {
  Mlp mlp;
  mlp.dtype = dtype_named(in.word());
  std::vector<std::size_t> widths(static_cast<std::size_t>(in.integer()));
  for (auto& w : widths) w = static_cast<std::size_t>(in.integer());
  std::vector<std::string> activations(widths.size() - 2);
  for (auto& a : activations) a = in.word();
  const double p = in.real();
  const std::uint64_t seed = in.unsigned64();
  mlp.dropout_rng = std::make_unique<Generator>(seed + 1);
  Generator init(seed);
  std::vector<std::shared_ptr<nn::Module>> layers;
  for (std::size_t i = 0; i + 1 < widths.size(); ++i) {
    layers.push_back(std::make_shared<nn::Linear>(widths[i], widths[i + 1], init, true, mlp.dtype));
    if (i + 2 == widths.size()) break;
    if (activations[i] == "tanh") layers.push_back(std::make_shared<nn::Tanh>());
    if (activations[i] == "relu") layers.push_back(std::make_shared<nn::ReLU>());
    if (p > 0) layers.push_back(std::make_shared<nn::Dropout>(p, *mlp.dropout_rng));
  }
  if (p > 0) mlp.rngs.push_back(mlp.dropout_rng.get());
  mlp.layers = layers;
  mlp.model = std::make_shared<nn::Sequential>(std::move(layers));
  mlp.in = widths.front();
  mlp.out = widths.back();
  return mlp;
}

// A layer that notes, on each call, whether it ran with grad mode on ('+', its graph recorded) or
// off ('-'): the contract fixes both for checkpointing (a checkpointed segment runs once without a
// graph and reruns with one during backward, the last segment runs once with one), so a learner's
// log must equal the reference's, and pitfalls s18 (the last segment checkpointed too) and s23 (a
// first pass that records its graph) show in it.
class Watched : public nn::Module {
 public:
  explicit Watched(std::shared_ptr<nn::Module> inner) : inner_(std::move(inner)) {}
  Tensor forward(const Tensor& x) override {
    log_ += is_grad_enabled() ? '+' : '-';
    return (*inner_)(x);
  }
  std::vector<Tensor> parameters() override { return inner_->parameters(); }
  void train(bool on = true) override {
    Module::train(on);
    inner_->train(on);
  }
  const std::string& log() const { return log_; }

 private:
  std::shared_ptr<nn::Module> inner_;
  std::string log_;
};

// Returns `model`'s layers each wrapped in a Watched, and the wrappers.
inline std::shared_ptr<nn::Sequential> watched(
    const std::vector<std::shared_ptr<nn::Module>>& layers,
    std::vector<std::shared_ptr<Watched>>& watchers) {
  std::vector<std::shared_ptr<nn::Module>> wrapped;
  for (const auto& layer : layers) {
    watchers.push_back(std::make_shared<Watched>(layer));
    wrapped.push_back(watchers.back());
  }
  return std::make_shared<nn::Sequential>(std::move(wrapped));
}

// Returns each watcher's log, space-separated: "-+ -+ +" (a layer without calls is "none").
inline Line logs_of(const std::vector<std::shared_ptr<Watched>>& watchers) {
  Line l;
  for (const auto& w : watchers) l << (w->log().empty() ? std::string("none") : w->log());
  return l;
}

// Reads "<count> {<rows> <target rows> <inputs> <targets>}*count" for a model of `mlp`'s widths.
inline std::vector<train::Batch> read_batches(Words& in, const Mlp& mlp) {
  std::vector<train::Batch> batches(static_cast<std::size_t>(in.integer()));
  for (auto& [x, y] : batches) {
    const auto rows = static_cast<std::size_t>(in.integer());
    const auto target_rows = static_cast<std::size_t>(in.integer());
    x = Tensor::from(in.reals(rows * mlp.in), {rows, mlp.in}, mlp.dtype);
    y = Tensor::from(in.reals(target_rows * mlp.out), {target_rows, mlp.out}, mlp.dtype);
  }
  return batches;
}

inline void parameters(Response& r, const std::string& label, nn::Module& model) {
  std::size_t i = 0;
  for (const Tensor& p : model.parameters()) r.values(label + std::to_string(i++), p);
}
inline void gradients(Response& r, const std::string& label, nn::Module& model) {
  std::size_t i = 0;
  for (const Tensor& p : model.parameters()) r.grad(label + std::to_string(i++), p);
}

}  // namespace tinyllm_diff::shim
