// How two responses are compared (compare.hpp): entry by entry, in the order the shims wrote them.
#include "compare.hpp"

#include <charconv>
#include <cmath>
#include <sstream>
#include <utility>

#include "protocol.hpp"

namespace tinyllm_diff {
namespace {

struct Entry {
  std::string label;
  std::vector<std::string> words;
};

std::vector<Entry> entries(const std::string& response) {
  std::vector<Entry> out;
  std::istringstream lines(response);
  for (std::string line; std::getline(lines, line);) {
    const auto colon = line.find(": ");
    Entry e{line.substr(0, colon), {}};
    std::istringstream words(colon == std::string::npos ? "" : line.substr(colon + 2));
    for (std::string w; words >> w;) e.words.push_back(w);
    out.push_back(std::move(e));
  }
  return out;
}

bool is_real(const std::string& w) {
  return w.size() == 16 && w.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A word as a learner reads it: a value in decimal, anything else as it is.
std::string readable(const std::string& w) {
  return is_real(w) ? decimal(double_of_hex(w)) : w;
}

// Returns "[a, b]": at most `most` items, each as `text` writes it, then "...".
template <class T, class Text>
std::string bracketed(const std::vector<T>& items, std::size_t most, Text text) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size() && i < most; ++i)
    out += (i ? ", " : "") + text(items[i]);
  return out + (items.size() > most ? ", ...]" : "]");
}

std::string readable(const std::vector<std::string>& words) {
  if (words.size() == 1) return readable(words[0]);
  return bracketed(words, 8, [](const std::string& w) { return readable(w); });
}

bool same_word(const std::string& yours, const std::string& reference, bool tolerant) {
  if (yours == reference) return true;
  if (!tolerant || !is_real(yours) || !is_real(reference)) return false;
  const double y = double_of_hex(yours), r = double_of_hex(reference);
  if (std::isnan(y) || std::isnan(r)) return std::isnan(y) && std::isnan(r);
  if (std::isinf(y) || std::isinf(r)) return y == r;
  return std::abs(y - r) <= kTolerance * (1 + std::abs(r));
}

std::string entry_text(const Entry& e) {
  return e.label + " " + readable(e.words);
}

std::string name(const Entry& e) {
  return e.label[0] == '~' ? e.label.substr(1) : e.label;
}

}  // namespace

std::string decimal(double value) {
  if (std::isnan(value)) return "nan";
  char text[64];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

std::string decimals(const std::vector<double>& values, std::size_t most) {
  return bracketed(values, most, decimal);
}

std::optional<std::string> first_difference(const std::string& yours,
                                            const std::string& reference) {
  const auto y = entries(yours), r = entries(reference);
  for (std::size_t i = 0; i < y.size() || i < r.size(); ++i) {
    if (i >= y.size())
      return "yours gives no " + name(r[i]) + " (reference " + readable(r[i].words) + ")";
    if (i >= r.size()) return "yours gives " + entry_text(y[i]) + ", the reference nothing more";
    if (y[i].label != r[i].label)
      return "yours gives " + entry_text(y[i]) + " where the reference gives " + entry_text(r[i]);
    const bool tolerant = r[i].label[0] == '~';
    const auto& yw = y[i].words;
    const auto& rw = r[i].words;
    const std::string what = name(r[i]) + (tolerant ? " (to 1e-6 relative)" : "");
    if (yw.size() != rw.size())
      return what + ": yours " + readable(yw) + ", reference " + readable(rw);
    for (std::size_t k = 0; k < yw.size(); ++k) {
      if (same_word(yw[k], rw[k], tolerant)) continue;
      if (yw.size() == 1)
        return what + ": yours " + readable(yw[k]) + ", reference " + readable(rw[k]);
      return name(r[i]) + "[" + std::to_string(k) + "]" + (tolerant ? " (to 1e-6 relative)" : "") +
             ": yours " + readable(yw[k]) + ", reference " + readable(rw[k]) +
             " (all of it: yours " + readable(yw) + ", reference " + readable(rw) + ")";
    }
  }
  return std::nullopt;
}

}  // namespace tinyllm_diff
