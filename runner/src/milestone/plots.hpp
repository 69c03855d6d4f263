// The milestone's pictures, drawn by gnuplot (Debian's gnuplot-nox): the loss curves and the memory
// of both runs as SVG and PNG, and milestone.html showing them beside the verdict and the figures.
#pragma once
#include <filesystem>
#include <string>

#include "milestone/verdict.hpp"

namespace tinyllm::runner::milestone {

struct Pictures {
  std::filesystem::path page;  // milestone.html
  std::string problem;         // why no picture was drawn (gnuplot missing or failing), with a hint
};

// Writes the data files, the gnuplot script (milestone.gp, which redraws them by hand), the
// pictures and the page into `folder`. `module` names what was trained ("the reference's module",
// a workspace). The page is written even when gnuplot cannot draw.
Pictures draw(const tinyllm::milestone::Result& result, const Verdict& verdict,
              const std::string& module, const std::filesystem::path& folder);

}  // namespace tinyllm::runner::milestone
