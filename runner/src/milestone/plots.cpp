#include "milestone/plots.hpp"

#include <fmt/format.h>

#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner::milestone {
namespace fs = std::filesystem;
namespace {

constexpr double kMiB = 1024.0 * 1024.0;

std::string loss_data(const tinyllm::milestone::Run& f, const tinyllm::milestone::Run& m) {
  std::string text = "# step float32_train mixed_train\n";
  for (std::size_t i = 0; i < f.train_loss.size() || i < m.train_loss.size(); ++i)
    text += fmt::format("{} {} {}\n", i + 1,
                        i < f.train_loss.size() ? fmt::format("{:.6f}", f.train_loss[i]) : "NaN",
                        i < m.train_loss.size() ? fmt::format("{:.6f}", m.train_loss[i]) : "NaN");
  return text;
}

std::string held_out_data(const tinyllm::milestone::Run& f, const tinyllm::milestone::Run& m) {
  std::string text = "# step float32_held_out mixed_held_out\n";
  for (std::size_t i = 0; i < f.held_out_step.size(); ++i)
    text +=
        fmt::format("{} {:.6f} {}\n", f.held_out_step[i], f.held_out_loss[i],
                    i < m.held_out_loss.size() ? fmt::format("{:.6f}", m.held_out_loss[i]) : "NaN");
  return text;
}

std::string memory_data(const Verdict& v) {
  return fmt::format(
      "# measure without with (MiB): float32 / capstone, then plain / checkpointed blocks\n"
      "\"held before backward\" {:.3f} {:.3f}\n\"peak of a step\" {:.3f} {:.3f}\n"
      "\"one micro-batch held\" {:.3f} {:.3f}\n",
      v.float32_held / kMiB, v.mixed_held / kMiB, v.float32_peak / kMiB, v.mixed_peak / kMiB,
      v.plain_held / kMiB, v.checkpointed_held / kMiB);
}

// The gnuplot script: both pictures for one terminal (svg or pngcairo), into files of `extension`.
// The loss picture has two panels: the curves, and the held-out ratio against its 1.02 limit,
// which is where a run that parts from float32 shows it.
std::string script(const std::string& terminal, const std::string& extension) {
  return fmt::format(R"gp(reset
set terminal {0} size 900,640 font "Sans,12"{1}
set encoding utf8
set border 3 lc rgb "#555555"
set tics nomirror textcolor rgb "#333333"
set grid ytics lc rgb "#e0e0e0" lw 1 dt 1
set datafile missing "NaN"
set autoscale xfix
set output "loss.{2}"
set multiplot layout 2,1 margins 0.1,0.97,0.09,0.93 spacing 0,0.09
set title "MS-L11: cross-entropy per byte, float32 against the capstone's way"
set key top right box opaque samplen 3 spacing 1.1 font ",11"
set ylabel "loss (nats)"
unset xlabel
plot "loss.dat" using 1:2 with lines lw 1 lc rgb "#9ecae1" title "float32, train", \
     "loss.dat" using 1:3 with lines lw 1 lc rgb "#fdae6b" title "capstone, train", \
     "held_out.dat" using 1:2 with linespoints lw 3 pt 7 ps 0.9 lc rgb "#08519c" title "float32, held-out", \
     "held_out.dat" using 1:3 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#d94801" title "capstone, held-out"
set title "held-out loss, capstone / float32 (pass: the last at most 1.02)"
set ylabel "ratio"
set xlabel "step"
set key top right
set yrange [*<0.97:1.05<*]
plot "held_out.dat" using 1:($3/$2) with linespoints lw 2 pt 5 ps 0.8 lc rgb "#d94801" title "ratio", \
     1.02 with lines lw 1 dt 3 lc rgb "#c62828" title "1.02", \
     1.0 with lines lw 1 lc rgb "#999999" notitle
unset multiplot
set output "memory.{2}"
set size 1,1
set origin 0,0
set autoscale
set title "MS-L11: activation memory (MiB of tensor storage)"
unset xlabel
set ylabel "MiB"
set yrange [0:*]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key top center horizontal outside
plot "memory.dat" using 2:xtic(1) lc rgb "#08519c" title "float32 one batch / plain blocks", \
     "" using 0:2:(sprintf("%.1f", $2)) with labels offset -2.6,0.7 notitle, \
     "" using 3 lc rgb "#d94801" title "capstone / checkpointed blocks", \
     "" using 0:3:(sprintf("%.1f", $3)) with labels offset 2.6,0.7 notitle
unset output
)gp",
                     terminal, terminal == "svg" ? " dynamic background rgb \"white\"" : "",
                     extension);
}

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text)
    out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
  return out;
}

std::string page(const tinyllm::milestone::Result& r, const Verdict& v, const std::string& module,
                 const std::string& problem) {
  const auto row = [](const std::string& what, const std::string& f, const std::string& m,
                      const std::string& measure, bool ok) {
    return fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n", what,
                       f, m, ok ? "pass" : "fail", measure);
  };
  const auto mib = [](double bytes) { return fmt::format("{:.2f}", bytes / kMiB); };
  std::string reasons;
  for (const auto& reason : v.reasons) reasons += "<li>" + escape(reason) + "</li>\n";
  const auto& p = r.plan;
  return fmt::format(
      R"html(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MS-L11 {0}: {1}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; color: #222; }}
h1 .verdict {{ padding: 0.1em 0.4em; border-radius: 4px; color: white; }}
.PASS {{ background: #2e7d32; }} .FAIL {{ background: #c62828; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.35em 0.8em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
td.pass {{ color: #2e7d32; }} td.fail {{ color: #c62828; font-weight: bold; }}
img {{ width: 100%; border: 1px solid #eee; margin: 0.5rem 0 1.5rem; }}
.note {{ color: #555; }}
</style></head><body>
<h1>MS-L11 <span class="verdict {1}">{1}</span></h1>
<p>{2}: a Llama of {3} layers, width {4}, {5} heads, context {6} ({7} parameters), trained twice
for {8} steps of {9} byte sequences from seed {10}: in float32, one batch per step, and the
capstone's way ({11} autocast, micro-batches of {12} accumulated, blocks checkpointed on the
schedule of a {13}-layer budget).</p>
<ul>
{14}</ul>
<table>
<tr><th>measure</th><th>float32</th><th>capstone</th><th>pass when</th></tr>
{15}{16}{17}{21}<tr><td>steps per second</td><td>{18:.2f}</td><td>{19:.2f}</td><td></td></tr>
</table>
<p class="note">{20}</p>
<img src="loss.svg" alt="loss curves of both runs">
<img src="memory.svg" alt="activation memory of both runs">
<p class="note">Every number is in <a href="milestone.json">milestone.json</a>; the data files and
<code>milestone.gp</code> redraw the pictures with gnuplot.</p>
</body></html>
)html",
      escape(module), v.pass ? "PASS" : "FAIL", escape(module), p.model.layers, p.model.dim,
      p.model.heads, p.model.context, r.parameters, p.steps, p.batch, p.seed, p.precision,
      p.micro_batch, p.budget, reasons,
      row("held-out loss, last", fmt::format("{:.4f}", v.float32_loss),
          fmt::format("{:.4f}", v.mixed_loss),
          fmt::format("ratio {:.4f} &le; {:.2f}", v.loss_ratio, kLossRatioLimit), v.loss_ok),
      row("memory held before backward (MiB)", mib(v.float32_held), mib(v.mixed_held),
          fmt::format("{:.2f}&times; &le; {:.1f}&times;", v.held_ratio, kHeldRatioLimit),
          v.held_ok),
      row("peak of a step (MiB)", mib(v.float32_peak), mib(v.mixed_peak),
          fmt::format("{:.2f}&times; &lt; 1", v.peak_ratio), v.peak_ok),
      v.float32_steps_per_second, v.mixed_steps_per_second, problem.empty() ? "" : escape(problem),
      row("one micro-batch held, plain / checkpointed blocks (MiB)", mib(v.plain_held),
          mib(v.checkpointed_held), fmt::format("{:.2f}&times; &lt; 1", v.checkpoint_ratio),
          v.checkpoint_ok));
}

}  // namespace

Pictures draw(const tinyllm::milestone::Result& result, const Verdict& verdict,
              const std::string& module, const fs::path& folder) {
  Pictures pictures;
  fs::create_directories(folder);
  base::write_whole_file(folder / "loss.dat", loss_data(result.float32, result.mixed));
  base::write_whole_file(folder / "held_out.dat", held_out_data(result.float32, result.mixed));
  base::write_whole_file(folder / "memory.dat", memory_data(verdict));
  base::write_whole_file(folder / "milestone.gp", script("svg", "svg") + script("pngcairo", "png"));
  base::ProcessOptions options;
  options.directory = folder;
  options.timeout_seconds = 60;
  const auto run = base::run_process({"gnuplot", "milestone.gp"}, options);
  if (run.start_error != 0)
    pictures.problem =
        "no pictures: gnuplot is not installed (Debian's gnuplot-nox; "
        "scripts/install-deps.sh installs it)";
  else if (run.exit_code != 0)
    pictures.problem = "no pictures: gnuplot failed: " + run.output.substr(0, 400);
  pictures.page = folder / "milestone.html";
  base::write_whole_file(pictures.page, page(result, verdict, module, pictures.problem));
  return pictures;
}

}  // namespace tinyllm::runner::milestone
