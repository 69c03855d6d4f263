// The escaping helpers: each test names the broken output the rule prevents.
#include "text.hpp"

#include <gtest/gtest.h>

namespace tinyllm::reports::detail {
namespace {

// Catches: a compiler's colour codes written raw into XML, which no XML parser accepts.
TEST(EscapeXml, AnsiColourCodesFromACompilerDoNotMakeTheXmlIllFormed) {
  EXPECT_EQ(escape_xml("\x1b[31merror\x1b[0m"), "\\x1b[31merror\\x1b[0m");
  EXPECT_EQ(escape_xml("tab\tand\nnewline"), "tab\tand\nnewline");
}

// Catches: invalid UTF-8 from a suite's output copied into XML, which makes the file unreadable.
TEST(EscapeXml, InvalidUtf8BecomesTheReplacementCharacter) {
  EXPECT_EQ(escape_xml("a\xff"
                       "b"),
            "a\xEF\xBF\xBD"
            "b");
}

// Catches: a test name or message opening an HTML/XML tag or ending an attribute early.
TEST(EscapeMarkup, AngleBracketsQuotesAndAmpersandsCannotOpenTagsOrEndAttributes) {
  EXPECT_EQ(escape_markup("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

// Catches: truncating by bytes, which splits a multi-byte character into invalid UTF-8.
TEST(Truncate, CutsByCodePointsSoAMultiByteCharacterIsNeverSplit) {
  EXPECT_EQ(truncate("ééééé", 5), "ééééé");
  EXPECT_EQ(truncate("éééééé", 5), "éé...");
  EXPECT_EQ(display_width("éé..."), 5U);
}

// Catches: a '|' or newline in a title splitting a Markdown table row.
TEST(MarkdownCell, APipeOrNewlineInATitleCannotSplitTheTableRow) {
  EXPECT_EQ(markdown_cell("a|b\nc"), "a\\|b c");
}

// Catches: a shortened list that hides how many names it left out.
TEST(JoinLimited, LongKillerListsSayHowManyWereLeftOut) {
  EXPECT_EQ(join_limited({"A.a", "B.b", "C.c", "D.d"}, 2), "A.a, B.b and 2 more");
  EXPECT_EQ(join_limited({"A.a", "B.b"}, 2), "A.a, B.b");
}

// Catches: a name cut in half at the column edge instead of counted among the rest.
TEST(JoinToWidth, KeepsWholeNamesAndCountsTheRestInsteadOfCuttingANameInHalf) {
  const std::vector<std::string> names = {"Alpha.one", "Beta.two", "Gamma.three"};
  EXPECT_EQ(join_to_width(names, 100), "Alpha.one, Beta.two, Gamma.three");
  EXPECT_EQ(join_to_width(names, 31), "Alpha.one, Beta.two and 1 more");
  EXPECT_EQ(join_to_width(names, 20), "Alpha.one and 2 more");
  EXPECT_EQ(join_to_width(names, 15), "A... and 2 more");
}

// Catches: a wrapped line wider than the width, or a word dropped at a line break.
TEST(Wrap, BreaksAtSpacesWithinTheWidthAndNeverDropsAWord) {
  EXPECT_EQ(wrap("one two three four", 9, "  "), "  one two\n  three\n  four\n");
  EXPECT_EQ(wrap("averyveryverylongword x", 5, ""), "averyveryverylongword\nx\n");
  EXPECT_EQ(wrap("", 5, ""), "");
}

// Catches: an excerpt that drops the first or last lines, miscounts what it left out, or does not
// say where the whole output is.
TEST(Excerpt, KeepsTheFirstAndLastLinesAndSaysHowManyAreInTheFullLog) {
  std::string text;
  for (int i = 1; i <= 10; ++i) text += "line " + std::to_string(i) + "\n";
  EXPECT_EQ(excerpt(text, 2, 3, "full.txt"),
            "line 1\nline 2\n[... 5 lines left out: the whole output is in full.txt ...]\n"
            "line 8\nline 9\nline 10\n");
}

// Catches: a short output changed by the excerpt (a lost last line without '\n', an added note).
TEST(Excerpt, TextWithinTheBoundsComesBackUnchanged) {
  EXPECT_EQ(excerpt("a\nb\nc", 2, 1, "full.txt"), "a\nb\nc");
  EXPECT_EQ(excerpt("", 2, 1, "full.txt"), "");
}

// Catches: one line of a megabyte (a suite printing without newlines) passing the line bound whole.
TEST(Excerpt, AVeryLongLineIsCutAndTheExcerptSaysWhereTheWholeOutputIs) {
  std::string output(100000, 'x');
  output += "\nend\n";
  const std::string shown = excerpt(output, 40, 40, "full.txt");
  EXPECT_LT(shown.size(), kExcerptLineWidth + 200);
  EXPECT_NE(shown.find("...\nend\n"), std::string::npos) << shown;
  EXPECT_NE(shown.find("full.txt"), std::string::npos);
}

}  // namespace
}  // namespace tinyllm::reports::detail
