// The hint ladder in the real catalog: every pitfall has its question and concept, no rung below
// the answer says what the title says, and every generator operator has a family (the second rung
// of a generated mutant's ladder).
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "tinyllm/catalog.hpp"
#include "tinyllm/generator/generate.hpp"

namespace tinyllm::catalog {
namespace {

const std::filesystem::path kCatalog =
    std::filesystem::path(TINYLLM_SOURCE_DIR) / "mutants" / "catalog.toml";

// Returns the lower-case words of `text` (letters and digits; "micro-batches" is two words).
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  return out;
}

// Returns a crude stem, so "batches" and "batch", "rounding" and "round" are the same word.
std::string stem(const std::string& word) {
  for (const std::string suffix : {"ing", "es", "ed", "s"}) {
    if (word.size() >= suffix.size() + 3 && word.ends_with(suffix))
      return word.substr(0, word.size() - suffix.size());
  }
  return word;
}

// The stems of the words of four letters or more: the words that carry meaning.
std::set<std::string> content(const std::string& text) {
  std::set<std::string> out;
  for (const std::string& word : words(text))
    if (word.size() >= 4) out.insert(stem(word));
  return out;
}

// Returns how many of the title's content words `rung` uses.
std::size_t shared_content(const std::string& title, const std::string& rung) {
  std::size_t shared = 0;
  const std::set<std::string> in_rung = content(rung);
  for (const std::string& word : content(title)) shared += in_rung.count(word);
  return shared;
}

// True when `rung` holds two consecutive words of `title` (any words: "the outer").
bool shares_a_phrase(const std::string& title, const std::string& rung) {
  const std::vector<std::string> t = words(title);
  const std::vector<std::string> r = words(rung);
  for (std::size_t i = 0; i + 1 < t.size(); ++i)
    for (std::size_t j = 0; j + 1 < r.size(); ++j)
      if (t[i] == r[j] && t[i + 1] == r[j + 1]) return true;
  return false;
}

// Catches: a pitfall added without its first two rungs, a question that is not a question.
TEST(HintLadder, every_pitfall_has_a_question_and_a_concept) {
  for (const MutantInfo& m : load(kCatalog)) {
    EXPECT_TRUE(m.hint_question.ends_with("?")) << m.id << ": " << m.hint_question;
    EXPECT_GE(words(m.hint_concept).size(), 8U) << m.id << ": a concept says the property";
  }
}

// Catches: a hint that gives the answer away. The question and the concept may use neither two of
// the title's content words nor two of its words in a row; the symptom (the module description's
// own words, kept as written) may not use a phrase of the title's content words nor half of them.
TEST(HintLadder, no_rung_below_the_answer_says_what_the_title_says) {
  for (const MutantInfo& m : load(kCatalog)) {
    for (const std::string& rung : {m.hint_question, m.hint_concept}) {
      EXPECT_LT(shared_content(m.title, rung), 2U) << m.id << ": \"" << rung << "\" vs the title";
      EXPECT_FALSE(shares_a_phrase(m.title, rung)) << m.id << ": \"" << rung << "\"";
    }
    std::string title_content;
    for (const std::string& word : words(m.title))
      if (word.size() >= 4) title_content += word + " ";
    std::string symptom_content;
    for (const std::string& word : words(m.symptom))
      if (word.size() >= 4) symptom_content += word + " ";
    EXPECT_FALSE(shares_a_phrase(title_content, symptom_content)) << m.id << ": " << m.symptom;
    EXPECT_LE(2 * shared_content(m.title, m.symptom), content(m.title).size())
        << m.id << ": " << m.symptom;
  }
}

// The checks above, on made-up rungs, so they cannot pass by checking nothing.
TEST(HintLadder, the_answer_check_flags_a_rung_that_names_the_bug) {
  const std::string title = "weighting micro-batches 1/k";
  EXPECT_EQ(shared_content(title, "Are the micro-batches weighted by 1/k?"), 3U);
  EXPECT_TRUE(shares_a_phrase(title, "stop weighting micro-batches"));
  EXPECT_EQ(shared_content(title, "What does each part's loss stand for?"), 0U);
  EXPECT_FALSE(shares_a_phrase(title, "What does each part's loss stand for?"));
}

// Catches: an operator the generator gained without a family (its second rung would be missing),
// or a family naming an operator the generator does not have.
TEST(HintLadder, every_generator_operator_has_exactly_one_family) {
  const std::map<std::string, std::string> families = load_operator_families(kCatalog);
  std::set<std::string> operators(generator::operator_names().begin(),
                                  generator::operator_names().end());
  for (const std::string& op : operators) EXPECT_TRUE(families.count(op)) << op;
  for (const auto& [op, kind] : families) {
    EXPECT_TRUE(operators.count(op)) << op << " is not a generator operator";
    EXPECT_FALSE(kind.empty());
  }
}

}  // namespace
}  // namespace tinyllm::catalog
