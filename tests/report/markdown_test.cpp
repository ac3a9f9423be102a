// Markdown helpers shared by the reports: code spans that read back exactly as the text they
// hold (CommonMark 0.30 "Code spans"; GFM "Tables" for `\|`), escaped cells, fenced blocks.
#include "report/markdown.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/digest_runner.h"
#include "report/digest_report.h"

namespace qadvisor::report {
namespace {

TEST_CASE("MarkdownCode: the fence outgrows every backtick run, ends are padded when needed") {
  CHECK(MarkdownCode("select a from t") == "`select a from t`");
  // MySQL identifiers keep their backticks: the span's fence is two.
  CHECK(MarkdownCode("select `display-name`, `order` from t where `order` > ?") ==
        "``select `display-name`, `order` from t where `order` > ?``");
  CHECK(MarkdownCode("a `` b") == "```a `` b```");
  // Text that starts or ends with a backtick is padded, or it would join the fence.
  CHECK(MarkdownCode("`t`") == "`` `t` ``");
  CHECK(MarkdownCode("x `t`") == "`` x `t` ``");
  // Spaces at both ends would lose one each: padded so they do not.
  CHECK(MarkdownCode(" a ") == "`  a  `");
  CHECK(MarkdownCode(" a") == "` a`");
  CHECK(MarkdownCode("   ") == "`   `");  // all spaces: nothing is stripped
  // Outside a table a pipe is a pipe; line breaks and control bytes become spaces.
  CHECK(MarkdownCode("a|b") == "`a|b`");
  CHECK(MarkdownCode("a\r\nb\nc\td") == "`a b c d`");
}

TEST_CASE("MarkdownCodeCell: the same, with pipes escaped for GFM's cell split") {
  CHECK(MarkdownCodeCell("select `a|b` from t where x = 1 || y") ==
        "``select `a\\|b` from t where x = 1 \\|\\| y``");
  CHECK(MarkdownCodeCell("tag$meta") == "`tag$meta`");
  CHECK(MarkdownCodeCell("`") == "`` ` ``");
}

TEST_CASE("MarkdownCodeLinesCell: a span per non-blank line, joined by <br>") {
  CHECK(MarkdownCodeLinesCell("ALTER TABLE `t`\r\n  ADD INDEX `i` (`a|b`);\n\n   \n") ==
        "`` ALTER TABLE `t` ``<br>``  ADD INDEX `i` (`a\\|b`);``");
  CHECK(MarkdownCodeLinesCell("").empty());
  CHECK(MarkdownCodeLinesCell("\n \t\n").empty());
}

TEST_CASE("MarkdownCell: punctuation escaped, breaks as <br>") {
  CHECK(MarkdownCell("`a_b` | *c* <d> & [e]!#~\\") ==
        "\\`a\\_b\\` \\| \\*c\\* \\<d\\> \\& \\[e\\]\\!\\#\\~\\\\");
  CHECK(MarkdownCell("one\r\ntwo\nthree\rfour\tfive\x01") == "one<br>two<br>three<br>four five ");
}

TEST_CASE("MarkdownCodeBlock: no line of the text can close the block") {
  CHECK(MarkdownCodeBlock("SELECT 1;", "sql") == "```sql\nSELECT 1;\n```\n");
  CHECK(MarkdownCodeBlock("SELECT 1;\n", "sql") == "```sql\nSELECT 1;\n```\n");
  CHECK(MarkdownCodeBlock("SELECT '\n```\n';", "sql") == "````sql\nSELECT '\n```\n';\n````\n");
  CHECK(MarkdownCodeBlock("", "") == "```\n```\n");
}

TEST_CASE("Plural: one, many, none") {
  CHECK(Plural(1, "call", "calls") == "1 call");
  CHECK(Plural(0, "call", "calls") == "0 calls");
  CHECK(Plural(2, "query class", "query classes") == "2 query classes");
}

TEST_CASE("digest Markdown keeps backtick-quoted SQL and pipes as written") {
  analyzer::DigestRun run;
  run.files = {"slow|1.log"};
  const std::vector<parser::Attribute> attributes{{"Query_time", "1.5"}};
  parser::Event e;
  e.query = "select `display-name`, `order` from `tag$meta` where `order` > 5 and `a|b` = 1";
  e.attributes = attributes;
  run.digest.Add(e, 0);
  const std::string md = RenderDigestMarkdown(run, DigestReportOptions{});
  INFO(md);
  CHECK_THAT(md, Catch::Contains("| ``select `display-name`, `order` from tag$meta where `order` > "
                                 "? and `a\\|b` = ?`` |\n"));
  CHECK_THAT(md, !Catch::Contains("'order'"));
  CHECK_THAT(md, Catch::Contains("- **Files:** `slow|1.log`\n"));
  CHECK_THAT(md, Catch::Contains("- **Events:** 1 in 1 class (0 skipped)\n"));
  CHECK_THAT(md, Catch::Contains("## Top 1 query class by "));
  // The sample as written, in a block no line of it can close.
  CHECK_THAT(md, Catch::Contains("```sql\n" + std::string(e.query) + "\n```\n"));
  CHECK_THAT(RenderDigestText(run, DigestReportOptions{}),
             Catch::Contains("# Overall: 1 event, 1 unique, 0 skipped, 0 QPS, 0x concurrency\n"));
}

}  // namespace
}  // namespace qadvisor::report
