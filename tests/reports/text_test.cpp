// The escaping helpers: each test names the broken output the rule prevents.
#include "text.hpp"

#include <gtest/gtest.h>

namespace tinyllm::reports::detail {
namespace {

TEST(EscapeXml, AnsiColourCodesFromACompilerDoNotMakeTheXmlIllFormed) {
  EXPECT_EQ(escape_xml("\x1b[31merror\x1b[0m"), "\\x1b[31merror\\x1b[0m");
  EXPECT_EQ(escape_xml("tab\tand\nnewline"), "tab\tand\nnewline");
}

TEST(EscapeXml, InvalidUtf8BecomesTheReplacementCharacter) {
  EXPECT_EQ(escape_xml("a\xff"
                       "b"),
            "a\xEF\xBF\xBD"
            "b");
}

TEST(EscapeMarkup, AngleBracketsQuotesAndAmpersandsCannotOpenTagsOrEndAttributes) {
  EXPECT_EQ(escape_markup("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

TEST(Truncate, CutsByCodePointsSoAMultiByteCharacterIsNeverSplit) {
  EXPECT_EQ(truncate("ééééé", 5), "ééééé");
  EXPECT_EQ(truncate("éééééé", 5), "éé...");
  EXPECT_EQ(display_width("éé..."), 5U);
}

TEST(MarkdownCell, APipeOrNewlineInATitleCannotSplitTheTableRow) {
  EXPECT_EQ(markdown_cell("a|b\nc"), "a\\|b c");
}

TEST(JoinLimited, LongKillerListsSayHowManyWereLeftOut) {
  EXPECT_EQ(join_limited({"A.a", "B.b", "C.c", "D.d"}, 2), "A.a, B.b and 2 more");
  EXPECT_EQ(join_limited({"A.a", "B.b"}, 2), "A.a, B.b");
}

TEST(JoinToWidth, KeepsWholeNamesAndCountsTheRestInsteadOfCuttingANameInHalf) {
  const std::vector<std::string> names = {"Alpha.one", "Beta.two", "Gamma.three"};
  EXPECT_EQ(join_to_width(names, 100), "Alpha.one, Beta.two, Gamma.three");
  EXPECT_EQ(join_to_width(names, 31), "Alpha.one, Beta.two and 1 more");
  EXPECT_EQ(join_to_width(names, 20), "Alpha.one and 2 more");
  EXPECT_EQ(join_to_width(names, 15), "A... and 2 more");
}

TEST(Wrap, BreaksAtSpacesWithinTheWidthAndNeverDropsAWord) {
  EXPECT_EQ(wrap("one two three four", 9, "  "), "  one two\n  three\n  four\n");
  EXPECT_EQ(wrap("averyveryverylongword x", 5, ""), "averyveryverylongword\nx\n");
  EXPECT_EQ(wrap("", 5, ""), "");
}

}  // namespace
}  // namespace tinyllm::reports::detail
