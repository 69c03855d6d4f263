// Optimizers and clipping (the course's M10.2-M10.4), with PyTorch's formulas: the same run in
// PyTorch gives the same numbers to rounding. State (momentum, moments) has the parameter's dtype.
#pragma once
#include <cstddef>
#include <vector>

#include "tinyllm/tensor.hpp"

namespace tinyllm::optim {

class Optimizer {
 public:
  virtual ~Optimizer() = default;
  // Updates every parameter that has a grad; parameters without one are left alone.
  virtual void step() = 0;
  // Drops every parameter's .grad.
  void zero_grad();
  const std::vector<Tensor>& params() const;

 protected:
  // Each parameter must be a defined leaf (std::invalid_argument otherwise).
  explicit Optimizer(std::vector<Tensor> params);

 private:
  std::vector<Tensor> params_;
};

class SGD : public Optimizer {
 public:
  // g = grad + weight_decay * p; with momentum, buf = g on the first step, then
  // buf = momentum * buf + g, and g = buf; p -= lr * g. lr >= 0, momentum >= 0, weight_decay >= 0.
  SGD(std::vector<Tensor> params, double lr, double momentum = 0.0, double weight_decay = 0.0);
  void step() override;

 private:
  double lr_, momentum_, weight_decay_;
  std::vector<Tensor> momentum_buffers_;  // one per parameter, empty until its first step
};

class AdamW : public Optimizer {
 public:
  // Per step t (counted per parameter): p *= 1 - lr * weight_decay; m = b1 m + (1 - b1) g;
  // v = b2 v + (1 - b2) g^2; p -= (lr / (1 - b1^t)) * m / (sqrt(v) / sqrt(1 - b2^t) + eps).
  AdamW(std::vector<Tensor> params, double lr = 1e-3, double beta1 = 0.9, double beta2 = 0.999,
        double eps = 1e-8, double weight_decay = 0.01);
  void step() override;

 private:
  double lr_, beta1_, beta2_, eps_, weight_decay_;
  std::vector<Tensor> exp_avg_, exp_avg_sq_;
  std::vector<long> steps_;
};

// Scales every grad by max_norm / (norm + 1e-6) when that is below 1, where norm is the 2-norm of
// all grads together (squares summed in double, parameters in order, elements row-major).
// Returns the norm before clipping. max_norm must be positive.
double clip_grad_norm_(const std::vector<Tensor>& params, double max_norm);

}  // namespace tinyllm::optim
