// Modules and the loss (the course's L0.3 and L0.4): Linear, ReLU, Tanh, Dropout, Sequential, mse.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "tinyllm/random.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm::nn {

class Module {
 public:
  virtual ~Module() = default;
  // Returns the module's output for input x (rows along dim 0).
  virtual Tensor forward(const Tensor& x) = 0;
  // Returns forward(x).
  Tensor operator()(const Tensor& x);
  // Returns its own parameters, then its children's, in a fixed order (Linear: weight, bias).
  virtual std::vector<Tensor> parameters();
  // Sets training mode (Dropout draws masks only in training mode); containers pass it on.
  virtual void train(bool on = true);
  bool training() const;
  // Drops every parameter's .grad.
  void zero_grad();

 private:
  bool training_ = true;
};

class Linear : public Module {
 public:
  // weight (out, in) and bias (out) drawn from U(-1/sqrt(in), 1/sqrt(in)) as PyTorch initialises
  // them: weight first, row-major, then bias. Both require grad.
  Linear(std::size_t in, std::size_t out, Generator& gen, bool bias = true,
         DType dtype = DType::f32);
  // Returns matmul(x, transpose(weight)) + bias for x (rows, in).
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;
  Tensor weight;  // (out, in)
  Tensor bias;    // (out); an empty handle when bias == false
};

class ReLU : public Module {
 public:
  Tensor forward(const Tensor& x) override;
};

class Tanh : public Module {
 public:
  Tensor forward(const Tensor& x) override;
};

class Dropout : public Module {
 public:
  // p in [0, 1], else std::invalid_argument. `gen` must outlive the module.
  Dropout(double p, Generator& gen);
  // Training mode: draws u = gen.uniform() per element (row-major); keeps x / (1 - p) where
  // u >= p, else 0. Eval mode: returns x and draws nothing.
  Tensor forward(const Tensor& x) override;
  double p() const { return p_; }

 private:
  double p_;
  Generator* gen_;
};

class Sequential : public Module {
 public:
  explicit Sequential(std::vector<std::shared_ptr<Module>> layers);
  // Returns the layers applied in order.
  Tensor forward(const Tensor& x) override;
  std::vector<Tensor> parameters() override;
  void train(bool on = true) override;
  std::size_t size() const;
  // Returns layer i; std::invalid_argument when i >= size().
  Module& operator[](std::size_t i);

 private:
  std::vector<std::shared_ptr<Module>> layers_;
};

// Returns mean((pred - target)^2); shapes must match exactly, else std::invalid_argument.
Tensor mse(const Tensor& pred, const Tensor& target);

}  // namespace tinyllm::nn
