// The differential check's wire format between the driver and a shim (shim.cpp): plain text, so
// that no C++ type of either module crosses the boundary. A request is whitespace-separated words,
// the operation's name first; floating-point values travel as the 16 hex digits of their double's
// bits, so every value (NaN payloads, -0, subnormals) arrives exactly. A response is lines
// "label: word word ...", in the order the shim computed them; a label that starts with '~' is a
// result the contract fixes only to a tolerance, every other label must match bit for bit. An
// exception ends the response with "error: <its type>". Header-only, standard library only: the
// driver and both shims include it.
#pragma once
#include <bit>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tinyllm_diff {

// Returns the 16 hex digits of `value`'s bits.
inline std::string hex_of(double value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(value)));
  return text;
}

// Returns the double whose bits `hex` spells; std::invalid_argument when it is not 16 hex digits.
inline double double_of_hex(const std::string& hex) {
  if (hex.size() != 16 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw std::invalid_argument("differential protocol: '" + hex + "' is not 16 hex digits");
  return std::bit_cast<double>(static_cast<std::uint64_t>(std::stoull(hex, nullptr, 16)));
}

// Reads a request word by word; a missing or malformed word is std::invalid_argument (a driver
// bug, reported as such, never mistaken for the module's answer).
class Words {
 public:
  explicit Words(const std::string& text) : in_(text) {}
  std::string word() {
    std::string w;
    if (!(in_ >> w)) throw std::invalid_argument("differential protocol: request ended early");
    return w;
  }
  double real() { return double_of_hex(word()); }
  long integer() { return std::stol(word()); }
  std::uint64_t unsigned64() { return std::stoull(word()); }
  std::vector<double> reals(std::size_t n) {
    std::vector<double> v(n);
    for (auto& x : v) x = real();
    return v;
  }

 private:
  std::istringstream in_;
};

// Writes requests and responses: words separated by single spaces.
class Line {
 public:
  Line& operator<<(const std::string& w) {
    if (!text_.empty()) text_ += ' ';
    text_ += w;
    return *this;
  }
  Line& operator<<(std::integral auto n) { return *this << std::to_string(n); }
  Line& real(double v) { return *this << hex_of(v); }
  // `v` when `given`, else "none": a request's optional value.
  Line& real_or_none(double v, bool given) { return given ? real(v) : *this << "none"; }
  Line& reals(const std::vector<double>& v) {
    for (double x : v) real(x);
    return *this;
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

}  // namespace tinyllm_diff
