// The class batch: resumable by content hash, sharded by index, progress on a stream.
#include "batch/class_batch.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/reports/class_report.hpp"
#include "tinyllm/reports/grade_result_json.hpp"

namespace tinyllm::runner {
namespace fs = std::filesystem;
using reports::GradeResult;
namespace {

constexpr const char* kGradeFile = "grade.json";
// The format of grade.json: a file of another version is not read (its learner is graded again).
constexpr int kGradeFileVersion = 1;
constexpr const char* kErrorFile = "error.txt";
constexpr const char* kAttemptsFile = "attempts.json";

struct StoredGrade {
  std::string hash;
  std::string fingerprint;
  GradeResult grade;
};

// Returns the stored grade of a learner, or nothing when there is none or it cannot be read (a
// half-written file from a killed run, or one another version of the grader wrote, is regraded,
// not fatal).
std::optional<StoredGrade> load_stored(const fs::path& path) {
  if (!fs::is_regular_file(path)) return std::nullopt;
  try {
    const nlohmann::json stored = nlohmann::json::parse(base::read_whole_file(path));
    if (stored.at("version") != kGradeFileVersion) return std::nullopt;
    return StoredGrade{stored.at("content_hash"), stored.at("grading_fingerprint"),
                       stored.at("grade").get<GradeResult>()};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Returns the content hashes of a learner's graded submissions, oldest first (none when the file
// is missing or unreadable: the learner starts at attempt 1).
std::vector<std::string> load_attempts(const fs::path& path) {
  if (!fs::is_regular_file(path)) return {};
  try {
    const nlohmann::json attempts = nlohmann::json::parse(base::read_whole_file(path));
    if (attempts.at("version") != 1) return {};
    return attempts.at("submissions").get<std::vector<std::string>>();
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace

std::pair<int, int> parse_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  try {
    if (slash != std::string::npos) {
      std::size_t used_k = 0;
      std::size_t used_n = 0;
      const int k = std::stoi(text.substr(0, slash), &used_k);
      const int n = std::stoi(text.substr(slash + 1), &used_n);
      if (used_k == slash && used_n == text.size() - slash - 1 && n >= 1 && k >= 1 && k <= n)
        return {k, n};
    }
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(fmt::format(
      "--shard '{}' is not K/N with 1 <= K <= N: e.g. --shard 2/4 grades the second quarter",
      text));
}

std::vector<fs::path> shard_suites(const fs::path& suites_folder, int shard_index,
                                   int shard_count) {
  if (shard_count < 1 || shard_index < 1 || shard_index > shard_count)
    throw std::invalid_argument(
        fmt::format("shard {}/{}: need 1 <= K <= N", shard_index, shard_count));
  if (!fs::is_directory(suites_folder))
    throw std::invalid_argument(
        fmt::format("{} is not a folder: pass a folder with one subfolder per learner's suite",
                    suites_folder.string()));
  std::vector<fs::path> all;
  for (const auto& entry : fs::directory_iterator(suites_folder))
    if (entry.is_directory()) all.push_back(entry.path());
  std::sort(all.begin(), all.end());
  std::vector<fs::path> mine;
  for (std::size_t i = shard_index - 1; i < all.size(); i += shard_count) mine.push_back(all[i]);
  return mine;
}

std::string batch_progress_line(int done, int total, int reused, int graded, double elapsed_seconds,
                                int bar_width) {
  const int filled = total == 0 ? bar_width : done * bar_width / total;
  std::string line = fmt::format("[{}{}] {}/{} suites", std::string(filled, '#'),
                                 std::string(bar_width - filled, '.'), done, total);
  if (reused > 0) line += fmt::format(", {} reused", reused);
  if (graded > 0 && done < total)
    line +=
        fmt::format(", about {} left", format_duration(elapsed_seconds / graded * (total - done)));
  return line;
}

BatchOutcome run_batch(const BatchOptions& options, const GradeFunction& grade,
                       std::ostream& progress) {
  const std::vector<fs::path> suites =
      shard_suites(options.suites_folder, options.shard_index, options.shard_count);
  BatchOutcome outcome;
  const auto start = std::chrono::steady_clock::now();
  const int total = static_cast<int>(suites.size());
  for (int i = 0; i < total; ++i) {
    const fs::path& suite = suites[i];
    const std::string learner = suite.filename().string();
    const fs::path learner_out = options.output_folder / learner;
    const auto draw_bar = [&](int done) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      options.progress_line->set_batch(
          batch_progress_line(done, total, outcome.reused, outcome.graded, elapsed, 30));
    };
    if (options.progress_line)
      draw_bar(i);  // the grade of this suite shows its phase and runs beside it
    else
      progress << fmt::format("[{}/{}] {}\n", i + 1, total, learner);
    try {
      const std::string hash = base::folder_hash(suite);
      const std::optional<StoredGrade> stored = load_stored(learner_out / kGradeFile);
      if (stored && stored->hash == hash && stored->fingerprint == options.grading_fingerprint) {
        outcome.results.push_back(stored->grade);
        ++outcome.reused;
      } else {
        // A changed suite is the learner's next submission; an unchanged one keeps its attempt.
        std::vector<std::string> submissions = load_attempts(learner_out / kAttemptsFile);
        if (submissions.empty() || submissions.back() != hash) submissions.push_back(hash);
        const Attempt attempt{static_cast<int>(submissions.size()), options.after_deadline};
        GradeResult result = grade(suite, attempt);
        fs::create_directories(learner_out);
        base::write_whole_file(
            learner_out / kAttemptsFile,
            nlohmann::json{{"version", 1}, {"submissions", submissions}}.dump(1) + "\n");
        reports::ReportOptions report_options;
        report_options.output_folder = learner_out;
        report_options.elements_bundle = options.elements_bundle;
        for (reports::ReportFormat format : options.formats) {
          if (format != reports::ReportFormat::Terminal) report_options.formats.push_back(format);
        }
        reports::write_reports(result, report_options);
        // grade.json last: its presence means the learner's reports are complete.
        const nlohmann::json stored_grade = {{"version", kGradeFileVersion},
                                             {"content_hash", hash},
                                             {"grading_fingerprint", options.grading_fingerprint},
                                             {"grade", result}};
        base::write_whole_file(
            learner_out / kGradeFile,
            stored_grade.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        fs::remove(learner_out / kErrorFile);
        outcome.results.push_back(std::move(result));
        ++outcome.graded;
      }
    } catch (const std::exception& error) {
      outcome.errors.push_back(fmt::format("{}: {}", learner, error.what()));
      try {
        base::write_whole_file(learner_out / kErrorFile, std::string(error.what()) + "\n");
      } catch (const std::exception&) {
        // The error is in the outcome already; a second failure to write must not stop the batch.
      }
    }
    if (options.progress_line) draw_bar(i + 1);
  }
  if (options.progress_line) options.progress_line->finish(true);
  if (options.write_class_report)
    reports::write_class_reports(outcome.results, options.output_folder);
  return outcome;
}

std::vector<GradeResult> merge_batches(const std::vector<fs::path>& shard_folders,
                                       const fs::path& output_folder,
                                       const fs::path& suites_folder) {
  std::map<std::string, StoredGrade> by_learner;
  for (const fs::path& shard : shard_folders) {
    if (!fs::is_directory(shard))
      throw std::runtime_error(fmt::format(
          "{} is not a folder: pass the --output folders of the batch shards", shard.string()));
    std::vector<fs::path> learners;
    for (const auto& entry : fs::directory_iterator(shard))
      if (entry.is_directory() && fs::is_regular_file(entry.path() / kGradeFile))
        learners.push_back(entry.path());
    std::sort(learners.begin(), learners.end());
    for (const fs::path& learner : learners) {
      const std::optional<StoredGrade> stored = load_stored(learner / kGradeFile);
      if (!stored)
        throw std::runtime_error(
            fmt::format("{} is not a stored grade of this version of tinyllm-grade: rerun that "
                        "shard",
                        (learner / kGradeFile).string()));
      const std::string name = learner.filename().string();
      const auto [it, inserted] = by_learner.emplace(name, *stored);
      if (!inserted && !reports::same_grade(it->second.grade, stored->grade))
        throw std::runtime_error(fmt::format(
            "learner '{}' has two different grades (in {} and another shard): shards of "
            "different runs were mixed; rerun the batch for that learner",
            name, shard.string()));
    }
  }
  std::vector<GradeResult> results;
  if (suites_folder.empty()) {
    for (auto& [name, stored] : by_learner) results.push_back(std::move(stored.grade));
  } else {
    std::vector<std::string> missing;
    for (const fs::path& suite : shard_suites(suites_folder, 1, 1)) {
      const std::string name = suite.filename().string();
      const auto it = by_learner.find(name);
      if (it == by_learner.end())
        missing.push_back(name + " (no grade)");
      else if (it->second.hash != base::folder_hash(suite))
        missing.push_back(name + " (its suite changed since it was graded)");
      else
        results.push_back(std::move(it->second.grade));
    }
    if (!missing.empty())
      throw std::runtime_error(fmt::format(
          "{} of the class in {} not graded as it is now: {}; run the batch (or the failed "
          "shards) again, then merge",
          missing.size(), suites_folder.string(), fmt::join(missing, ", ")));
  }
  reports::write_class_reports(results, output_folder);
  return results;
}

}  // namespace tinyllm::runner
