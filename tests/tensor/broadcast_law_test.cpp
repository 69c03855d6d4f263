// Broadcasting laws checked against an independent index computation written here, on shapes and
// values RapidCheck chooses.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using course_gen::broadcast_shapes;
using course_gen::grid_tensor;
using course_gen::shapes;

// Returns the flat index into `shape` of the multi-index `index` of a result of rank >= its rank,
// reading stretched (size-1) dimensions at 0, as numpy's broadcasting does.
std::size_t source_offset(const Shape& shape, const std::vector<std::size_t>& index) {
  std::size_t offset = 0;
  const std::size_t lead = index.size() - shape.size();
  for (std::size_t d = 0; d < shape.size(); ++d)
    offset = offset * shape[d] + (shape[d] == 1 ? 0 : index[lead + d]);
  return offset;
}

// Returns a - b elementwise over the broadcast shape, computed index by index.
std::vector<double> reference_difference(const Tensor& a, const Tensor& b, const Shape& out) {
  const auto va = a.values(), vb = b.values();
  std::vector<double> result;
  std::vector<std::size_t> index(out.size(), 0);
  for (std::size_t i = 0; i < numel_of(out); ++i) {
    result.push_back(va[source_offset(a.shape(), index)] - vb[source_offset(b.shape(), index)]);
    for (std::size_t d = out.size(); d-- > 0;) {
      if (++index[d] < out[d]) break;
      index[d] = 0;
    }
  }
  return result;
}

// The broadcast result has numpy's shape and every element pairs the right operand elements
// (subtraction, so swapped operands also show).
RC_GTEST_PROP(BroadcastLaw, ElementsPairAsNumpyBroadcastingSays, ()) {
  const auto [sa, sb] = *broadcast_shapes();
  const Tensor a = *grid_tensor(sa, -4, 4), b = *grid_tensor(sb, -4, 4);
  const Tensor y = a - b;
  Shape out(std::max(sa.size(), sb.size()));
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t da = i + sa.size() >= out.size() ? sa[i + sa.size() - out.size()] : 1;
    const std::size_t db = i + sb.size() >= out.size() ? sb[i + sb.size() - out.size()] : 1;
    out[i] = std::max(da, db);
  }
  RC_ASSERT(y.shape() == out);
  RC_ASSERT(y.values() == reference_difference(a, b, out));
}

// Summing along every axis in turn gives the total (exact on the k / 256 grid in float64), and
// keepdim only changes the shape.
RC_GTEST_PROP(BroadcastLaw, SumAlongEachAxisThenTheRestIsTheTotal, ()) {
  const Shape shape = *shapes(1, 3, 4);
  const Tensor x = *grid_tensor(shape, -4, 4);
  const int axis =
      *rc::gen::inRange(-static_cast<int>(shape.size()), static_cast<int>(shape.size()));
  const Tensor reduced = sum(x, axis), kept = sum(x, axis, true);
  RC_ASSERT(reduced.ndim() == shape.size() - 1);
  RC_ASSERT(kept.ndim() == shape.size());
  RC_ASSERT(reduced.values() == kept.values());
  RC_ASSERT(sum(reduced).item() == sum(x).item());
}

}  // namespace
}  // namespace tinyllm
