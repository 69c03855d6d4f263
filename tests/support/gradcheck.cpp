// The finite-difference gradient check: analytic gradients from one backward, numeric ones from two
// graph-free evaluations per element, compared element by element.
#include "gradcheck.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tinyllm::testing {
namespace {
// Returns sum(y * w) accumulated in double, the scalar whose derivative the check compares.
double weighted_sum(const Tensor& y, const std::vector<double>& w) {
  const auto values = y.values();
  double total = 0.0;
  for (std::size_t i = 0; i < values.size(); ++i) total += values[i] * w[i];
  return total;
}

std::vector<Tensor> float64_leaves(const std::vector<Tensor>& inputs, bool requires_grad) {
  std::vector<Tensor> leaves;
  for (const Tensor& x : inputs) {
    Tensor leaf = Tensor::from(x.values(), x.shape(), DType::f64);
    leaf.requires_grad_(requires_grad);
    leaves.push_back(leaf);
  }
  return leaves;
}
}  // namespace

std::string gradcheck(const TensorFn& f, const std::vector<Tensor>& inputs,
                      GradCheckOptions options) {
  std::ostringstream report;
  report.precision(17);
  const std::vector<Tensor> leaves = float64_leaves(inputs, true);
  const Tensor y = f(leaves);
  Generator gen(options.upstream_seed);
  const Tensor w = Tensor::uniform(y.shape(), -1.0, 1.0, gen, DType::f64);
  const std::vector<double> weights = w.values();
  y.backward(w);

  std::size_t mismatches = 0;
  double largest = 0.0;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (!leaves[i].has_grad()) {
      report << "input " << i << " " << shape_string(leaves[i].shape())
             << ": backward left no gradient\n";
      ++mismatches;
      continue;
    }
    const Tensor grad = leaves[i].grad();
    if (grad.shape() != leaves[i].shape() || grad.dtype() != DType::f64) {
      report << "input " << i << ": gradient is " << dtype_name(grad.dtype())
             << shape_string(grad.shape()) << ", expected f64" << shape_string(leaves[i].shape())
             << "\n";
      ++mismatches;
      continue;
    }
    const std::vector<double> analytic = grad.values();
    const std::vector<double> point = leaves[i].values();
    for (std::size_t j = 0; j < point.size(); ++j) {
      auto evaluate_at = [&](double delta) {
        NoGrad no_grad;
        std::vector<Tensor> shifted = float64_leaves(inputs, false);
        std::vector<double> values = point;
        values[j] += delta;
        shifted[i] = Tensor::from(values, leaves[i].shape(), DType::f64);
        return weighted_sum(f(shifted), weights);
      };
      const double numeric =
          (evaluate_at(options.step) - evaluate_at(-options.step)) / (2 * options.step);
      const double difference = std::abs(analytic[j] - numeric);
      largest = std::max(largest, difference);
      if (difference > options.tolerance * std::max(1.0, std::abs(numeric)) ||
          std::isnan(analytic[j])) {
        if (mismatches < 5)
          report << "input " << i << " " << shape_string(leaves[i].shape()) << " element " << j
                 << ": autograd " << analytic[j] << ", finite differences " << numeric << "\n";
        ++mismatches;
      }
    }
  }
  if (mismatches == 0) return "";
  report << mismatches << " mismatching elements; largest difference " << largest;
  return report.str();
}

}  // namespace tinyllm::testing
