#include "grading/grading_context.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

GradeRequest grade_request(const GradingContext& ctx, const fs::path& suite_dir,
                           const fs::path& work_dir) {
  GradeRequest request;
  request.config = ctx.config;
  request.mutants = ctx.mutants;
  request.wheats = ctx.wheats;
  if (ctx.generated) request.generated_counts = ctx.generated->counts;
  request.suite_dir = suite_dir;
  request.work_dir = work_dir;
  request.build_dir = ctx.build_dir;
  request.source_dir = ctx.source_dir;
  request.toolchain = ctx.toolchain;
  request.isolation = ctx.isolation;
  return request;
}

}  // namespace tinyllm::runner
