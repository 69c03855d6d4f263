// A recursive-descent reader: tokens are skipped, not parsed, but for the keywords that decide
// where a statement ends.
#include "tinyllm/catalog/statement.hpp"

#include <cctype>
#include <string>

namespace tinyllm::catalog::detail {
namespace {

// The text ends inside the statement, or a bracket closes that the statement did not open.
struct NoStatement {};

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

char closing_of(char open) {
  return open == '(' ? ')' : open == '[' ? ']' : '}';
}

class StatementReader {
 public:
  StatementReader(std::string_view source, std::size_t from) : text_(source), pos_(from) {}

  std::size_t statement() {
    skip_blank();
    if (at_end()) throw NoStatement{};
    if (text_[pos_] == '{') {
      skip_group();
      return pos_;
    }
    if (take_word("if")) {
      take_word("constexpr");
      expect_group('(');
      const std::size_t end = statement();
      if (!take_word("else")) return pos_ = end;
      return statement();
    }
    if (take_word("for") || take_word("while") || take_word("switch")) {
      expect_group('(');
      return statement();
    }
    if (take_word("do")) {
      statement();
      if (!take_word("while")) throw NoStatement{};
      expect_group('(');
      skip_blank();
      if (at_end() || text_[pos_] != ';') throw NoStatement{};
      return ++pos_;
    }
    // An expression or declaration: up to its `;`, brackets (lambda bodies, initialisers) whole.
    skip_through(';');
    return pos_;
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  bool at(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }

  // Skips whitespace, comments and preprocessor lines.
  void skip_blank() {
    while (!at_end()) {
      const char c = text_[pos_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else if (at("//") || c == '#') {
        pos_ = text_.find('\n', pos_);
        if (pos_ == std::string_view::npos) pos_ = text_.size();
      } else if (at("/*")) {
        const std::size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) throw NoStatement{};
        pos_ = end + 2;
      } else {
        return;
      }
    }
  }

  // Returns the identifier or keyword at pos_ (after blanks), or "" when none starts there.
  std::string_view peek_word() const {
    std::size_t end = pos_;
    while (end < text_.size() && is_word_char(text_[end])) ++end;
    if (end == pos_ || std::isdigit(static_cast<unsigned char>(text_[pos_]))) return {};
    return text_.substr(pos_, end - pos_);
  }

  // Skips blanks, then the keyword `word` if it comes next; returns whether it did.
  bool take_word(std::string_view word) {
    skip_blank();
    if (peek_word() != word) return false;
    pos_ += word.size();
    return true;
  }

  void expect_group(char open) {
    skip_blank();
    if (at_end() || text_[pos_] != open) throw NoStatement{};
    skip_group();
  }

  // At an opening bracket: skips through its matching closing bracket.
  void skip_group() { skip_through(closing_of(text_[pos_++])); }

  // Skips tokens up to and through the character `end` outside all brackets.
  void skip_through(char end) {
    for (;;) {
      skip_blank();
      if (at_end()) throw NoStatement{};
      if (text_[pos_] == end) {
        ++pos_;
        return;
      }
      skip_token();
    }
  }

  // Skips one token at pos_: a bracketed group, a literal, a word or number, or one punctuator.
  void skip_token() {
    const char c = text_[pos_];
    if (c == '(' || c == '[' || c == '{') return skip_group();
    if (c == ')' || c == ']' || c == '}') throw NoStatement{};
    if (c == '"' || c == '\'') return skip_quoted(c);
    const std::string_view word = peek_word();
    if (!word.empty()) {
      pos_ += word.size();
      const bool quote_follows = !at_end() && (text_[pos_] == '"' || text_[pos_] == '\'');
      if (quote_follows && word.back() == 'R' && text_[pos_] == '"') return skip_raw_string();
      if (quote_follows && (word == "u8" || word == "u" || word == "U" || word == "L"))
        return skip_quoted(text_[pos_]);
      return;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) return skip_number();
    ++pos_;
  }

  // A preprocessing number: digits, letters, '.', digit separators and exponent signs (1'000,
  // 0x1p-24, 1.5e+3f), so that a digit separator is not read as a character literal.
  void skip_number() {
    while (!at_end()) {
      const char c = text_[pos_];
      const char before = text_[pos_ - 1];
      const bool exponent_sign = (c == '+' || c == '-') &&
                                 (before == 'e' || before == 'E' || before == 'p' || before == 'P');
      if (!is_word_char(c) && c != '.' && c != '\'' && !exponent_sign) return;
      ++pos_;
    }
  }

  void skip_quoted(char quote) {
    for (++pos_; !at_end(); ++pos_) {
      if (text_[pos_] == '\\') {
        ++pos_;
      } else if (text_[pos_] == quote) {
        ++pos_;
        return;
      }
    }
    throw NoStatement{};
  }

  // At the '"' of R"delimiter( ... )delimiter".
  void skip_raw_string() {
    const std::size_t open = text_.find('(', pos_);
    if (open == std::string_view::npos) throw NoStatement{};
    const std::string closing = ")" + std::string(text_.substr(pos_ + 1, open - pos_ - 1)) + "\"";
    const std::size_t end = text_.find(closing, open + 1);
    if (end == std::string_view::npos) throw NoStatement{};
    pos_ = end + closing.size();
  }

  std::string_view text_;
  std::size_t pos_;
};

}  // namespace

std::optional<std::size_t> statement_end(std::string_view source, std::size_t from) {
  try {
    return StatementReader(source, from).statement();
  } catch (const NoStatement&) {
    return std::nullopt;
  }
}

}  // namespace tinyllm::catalog::detail
