// The one matmul dispatch point, and the plain product it wraps.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>

#include "tensor/impl.hpp"
#include "tinyllm/train/precision.hpp"

namespace tinyllm {
using detail::dispatch;
using detail::make_tensor;

namespace {
// The product's kernel. The contract fixes each output's sum: c[i][j] starts at zero and adds the
// rounded product T(a[i][p] * b[p][j]) for p = 0, 1, ..., k-1, in that order, in T. Any schedule
// that performs exactly those additions for every c[i][j] gives the same bits, so the kernel is
// free to choose which outputs it works on together and where it keeps their partial sums:
//  - it works on a tile of kTileRows x kTileCols outputs at a time, their partial sums in a local
//    array that the compiler keeps in registers and vectorises across the tile's columns (lanes
//    are different outputs, so no sum is split or reassociated);
//  - it walks p in blocks of kDepthBlock, storing each partial sum to c between blocks and loading
//    it back: a T stored and loaded is the same T, so the next block continues the same sum;
//  - within a depth block it walks the columns in panels of kPanelCols, and copies each panel of b
//    (kDepthBlock x kPanelCols, 32 KiB) into a buffer in the order the tiles read it, where it
//    stays in the L1 cache across all the rows. Copying moves values and changes none.
// No fused multiply-add: the project compiles with -ffp-contract=off, and T(x * y) names the
// rounding of the product.
constexpr std::size_t kTileRows = 4;
// Two 16-byte SSE2 vectors per tile row: 4 x 2 accumulator registers of the 16, leaving room for
// the row of b and the broadcast a[i][p].
template <class T>
constexpr std::size_t kTileCols = 32 / sizeof(T);
constexpr std::size_t kDepthBlock = 128;
template <class T>
constexpr std::size_t kPanelCols = 32 * 1024 / (kDepthBlock * sizeof(T));  // a 32 KiB panel of b

// acc[j] += T(av * brow[j]) for the tile's columns, the next term of each of their sums.
template <class T, std::size_t C>
inline void add_term(T (&acc)[C], T av, const T* brow) {
  for (std::size_t j = 0; j < C; ++j) acc[j] += T(av * brow[j]);
}

// Adds term p of every output of the tile: row r's a[r][p] is a[r * k]. The rows are unrolled at
// compile time (a fold over r...): GCC at -O2 does not unroll a loop over them, and with the row
// as a run-time index it keeps the accumulators in memory instead of registers.
template <class T, std::size_t R, std::size_t C, std::size_t... r>
inline void add_terms(T (&acc)[R][C], const T* a, std::size_t k, const T* brow,
                      std::index_sequence<r...>) {
  (add_term(acc[r], a[r * k], brow), ...);
}

// The operands in row-major order: a is (m, k), b is (k, n), c is (m, n) and holds each output's
// sum so far (zero before the first depth block).
template <class T>
struct Operands {
  const T* a;
  const T* b;
  T* c;
  std::size_t m, k, n;
};

// Continues the sums of the R x C outputs at row i, column j with the terms p in [p0, p1), in
// ascending order. Row p of b's columns [j, j + C) is read at bp + (p - p0) * ldb.
template <class T, std::size_t R, std::size_t C>
void tile(const Operands<T>& o, std::size_t i, std::size_t j, std::size_t p0, std::size_t p1,
          const T* bp, std::size_t ldb) {
  T* c = o.c + i * o.n + j;
  T acc[R][C];
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t jj = 0; jj < C; ++jj) acc[r][jj] = c[r * o.n + jj];
  const T* a = o.a + i * o.k + p0;
  for (std::size_t p = 0; p < p1 - p0; ++p)
    add_terms(acc, a + p, o.k, bp + p * ldb, std::make_index_sequence<R>{});
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t jj = 0; jj < C; ++jj) c[r * o.n + jj] = acc[r][jj];
}

// Copies b's rows [p0, p1) of the first `groups` groups of kTileCols columns from column j0 into
// `panel`, each group a contiguous (p1 - p0) x kTileCols block. The tiles then read b in order,
// and rows of b a power of two apart (n = 256) no longer crowd into a few sets of the L1 cache.
template <class T>
void pack_panel(const Operands<T>& o, std::size_t p0, std::size_t p1, std::size_t j0,
                std::size_t groups, T* panel) {
  constexpr std::size_t C = kTileCols<T>;
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t p = p0; p < p1; ++p)
      for (std::size_t jj = 0; jj < C; ++jj) *panel++ = o.b[p * o.n + j0 + g * C + jj];
}

// The tiles of R rows at row i across columns [j0, j1), whose full groups of kTileCols columns
// are packed in `panel`: full-width tiles, then the columns left over one at a time, read from b
// itself (the same sums, only narrower).
template <class T, std::size_t R>
void tile_row(const Operands<T>& o, std::size_t i, std::size_t j0, std::size_t j1, std::size_t p0,
              std::size_t p1, const T* panel) {
  constexpr std::size_t C = kTileCols<T>;
  const std::size_t groups = (j1 - j0) / C;
  for (std::size_t g = 0; g < groups; ++g)
    tile<T, R, C>(o, i, j0 + g * C, p0, p1, panel + g * (p1 - p0) * C, C);
  for (std::size_t j = j0 + groups * C; j < j1; ++j)
    tile<T, R, 1>(o, i, j, p0, p1, o.b + p0 * o.n + j, o.n);
}

// c += a @ b, each output's terms added in ascending p. c starts as zeros (make_tensor).
template <class T>
void multiply(const Operands<T>& o) {
  const auto panel = std::make_unique_for_overwrite<T[]>(std::min(o.k, kDepthBlock) *
                                                         std::min(o.n, kPanelCols<T>));
  for (std::size_t p0 = 0; p0 < o.k; p0 += kDepthBlock) {
    const std::size_t p1 = std::min(o.k, p0 + kDepthBlock);
    for (std::size_t j0 = 0; j0 < o.n; j0 += kPanelCols<T>) {
      const std::size_t j1 = std::min(o.n, j0 + kPanelCols<T>);
      pack_panel(o, p0, p1, j0, (j1 - j0) / kTileCols<T>, panel.get());
      std::size_t i = 0;
      for (; i + kTileRows <= o.m; i += kTileRows)
        tile_row<T, kTileRows>(o, i, j0, j1, p0, p1, panel.get());
      for (; i < o.m; ++i) tile_row<T, 1>(o, i, j0, j1, p0, p1, panel.get());  // rows left over
    }
  }
}
}  // namespace

Tensor matmul_plain(const Tensor& a, const Tensor& b) {
  if (!a.defined() || !b.defined())
    throw std::invalid_argument("matmul: an operand is an empty handle");
  if (a.ndim() != 2 || b.ndim() != 2 || a.shape()[1] != b.shape()[0])
    throw std::invalid_argument("matmul: needs (m, k) @ (k, n), got " + shape_string(a.shape()) +
                                " @ " + shape_string(b.shape()));
  const std::size_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  const DType dtype = detail::promote(a.dtype(), b.dtype());
  const Tensor wa = a.dtype() == dtype ? a : a.detach().to(dtype);
  const Tensor wb = b.dtype() == dtype ? b : b.detach().to(dtype);
  Tensor out = make_tensor({m, n}, dtype);
  dispatch(dtype, [&](auto zero) {
    using T = decltype(zero);
    multiply(Operands<T>{wa.impl()->storage->as<T>(), wb.impl()->storage->as<T>(),
                         out.impl()->storage->as<T>(), m, k, n});
  });
  return from_op(
      out, {a, b},
      [a, b](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // Y = A B: dA = dY B^T, dB = A^T dY
        return {matmul_plain(up, transpose(b)), matmul_plain(transpose(a), up)};
      },
      "matmul");
}

Tensor matmul(const Tensor& a, const Tensor& b) {
  if (const auto dtype = train::autocast_dtype()) return train::autocast_matmul(a, b, *dtype);
  return matmul_plain(a, b);
}

}  // namespace tinyllm
