// The recursive-descent parser. Each parse function carries its grammar line; the grammar
// follows MySQL's sql_yacc.yy in shape (expr / bool_pri / predicate / bit_expr / simple_expr)
// so that operator precedence and associativity come out as the server's.
//
// Errors inside a statement unwind with an internal exception, caught at the statement
// boundary and turned into a Diagnostic: no exception leaves this file.
#include "parser/parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>

#include "base/ascii.h"
#include "base/text.h"
#include "parser/keywords.h"
#include "parser/lexer.h"
#include "parser/splitter.h"

namespace qadvisor::parser {
namespace {

using namespace ast;  // NOLINT: this file builds the AST

struct Failure {
  uint32_t offset;  // in the statement
  std::string message;
};

// Words that end an expression or a select item: never an alias.
bool EndsItem(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "from",  "where",  "group",     "having",        "window", "order", "limit", "for",   "lock",
      "union", "except", "intersect", "into",          "on",     "using", "join",  "inner", "cross",
      "left",  "right",  "natural",   "straight_join", "as"};
  return IsOneOf(w, kWords);
}

// The first words of MySQL and MariaDB statements. A statement that starts with one of these but
// is not modelled is skipped with a note; one that starts with anything else is an error.
bool IsStatementKeyword(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "alter",    "analyze",  "backup",  "begin",  "binlog",   "cache",      "call",      "change",
      "check",    "checksum", "clone",   "commit", "create",   "deallocate", "declare",   "delete",
      "desc",     "describe", "do",      "drop",   "execute",  "explain",    "flush",     "get",
      "grant",    "handler",  "help",    "import", "insert",   "install",    "kill",      "load",
      "lock",     "optimize", "prepare", "purge",  "release",  "rename",     "repair",    "replace",
      "reset",    "resignal", "restart", "revoke", "rollback", "savepoint",  "set",       "show",
      "shutdown", "signal",   "start",   "stop",   "table",    "truncate",   "uninstall", "unlock",
      "update",   "use",      "values",  "xa"};
  return IsOneOf(w, kWords);
}

class StatementParser {
 public:
  StatementParser(std::string_view text, uint32_t base, Arena& arena, const ParseOptions& options)
      : text_(text), base_(base), arena_(arena) {
    Lexer lexer(text, LexerOptions{.ansi_quotes = options.ansi_quotes,
                                   .keep_comments = false,
                                   .version_comments = options.version_comments});
    tokens_.reserve(text.size() / 4 + 8);
    for (Token t = lexer.Next(); t.kind != TokenKind::kEnd; t = lexer.Next()) {
      if (t.kind == TokenKind::kComment) continue;
      if ((t.kind == TokenKind::kIllegal || t.kind == TokenKind::kUnterminated) && !bad_) {
        bad_ = t;  // reported only if the statement is one this parser models
      }
      tokens_.push_back(t);
    }
    end_ = {TokenKind::kEnd, static_cast<uint32_t>(text.size()), 0};
  }

  // statement: select_statement | other_statement
  Statement* ParseStatement() {
    const Token& first = Peek();
    const bool select = IsWord(first, "select") || first.kind == TokenKind::kLParen ||
                        IsWord(first, "table") || IsWord(first, "values");
    // MariaDB's DELETE HISTORY FROM t [BEFORE SYSTEM_TIME …] purges history: not modelled.
    const bool delete_history = PeekWord("history", 1) && PeekWord("from", 2);
    const bool dml = IsWord(first, "insert") || IsWord(first, "replace") ||
                     IsWord(first, "update") || (IsWord(first, "delete") && !delete_history) ||
                     IsWord(first, "with") || ModelledDdl();
    if (select || dml) {
      if (bad_) {
        throw Failure{bad_->offset, bad_->kind == TokenKind::kIllegal ? "unexpected character"
                                    : text_.substr(bad_->offset, 2) == "/*"
                                        ? "unterminated comment"
                                        : "unterminated quoted text"};
      }
      Statement* s = ParseModelled();
      if (Peek().kind == TokenKind::kSemicolon) Next();
      if (Peek().kind != TokenKind::kEnd) Fail("end of statement");
      s->span = Abs({0, static_cast<uint32_t>(text_.size())});
      return s;
    }
    if (first.kind != TokenKind::kIdentifier || !IsStatementKeyword(Text(first))) {
      Fail("a statement (SELECT, INSERT, UPDATE, CREATE, …)");
    }
    auto* s = arena_.New<UnsupportedStatement>();
    s->kind = StatementKind::kUnsupported;
    s->span = Abs({0, static_cast<uint32_t>(text_.size())});
    s->what = Text(first);
    s->head = Head();
    return s;
  }

  // modelled: query | [WITH …] (UPDATE … | DELETE …) | (INSERT | REPLACE) …
  // The DDL and session statements this parser models (the rest of CREATE, ALTER, DROP and SET
  // is recognised and skipped).
  bool ModelledDdl() const {
    if (ModelledObjectDdl()) return true;
    if (PeekWord("create")) {
      size_t i = 1;
      if (PeekWord("temporary", i)) return PeekWord("table", i + 1);
      if (PeekWord("unique", i) || PeekWord("fulltext", i) || PeekWord("spatial", i)) ++i;
      return PeekWord("table", i) || PeekWord("index", i) ||
             (i == 1 && (PeekWord("database", i) || PeekWord("schema", i)));
    }
    if (PeekWord("alter")) {
      size_t i = 1;
      if (PeekWord("online", i)) ++i;
      if (PeekWord("ignore", i)) ++i;
      return PeekWord("table", i);
    }
    if (PeekWord("drop")) {
      return PeekWord("table", 1) || PeekWord("index", 1) ||
             (PeekWord("temporary", 1) && PeekWord("table", 2));
    }
    if (PeekWord("use")) return true;
    if (PeekWord("rename")) return PeekWord("table", 1) || PeekWord("tables", 1);
    if (PeekWord("set")) {
      // SET TRANSACTION, PASSWORD, ROLE, DEFAULT ROLE, RESOURCE GROUP, STATEMENT … FOR are
      // other statements.
      size_t i = 1;
      if (PeekWord("global", i) || PeekWord("session", i) || PeekWord("local", i)) ++i;
      for (const char* w :
           {"transaction", "password", "role", "default", "resource", "statement"}) {
        if (PeekWord(w, i)) return false;
      }
      return true;
    }
    return false;
  }

  Statement* ParseModelled() {
    if (ModelledObjectDdl()) return ParseObjectDdl();
    if (PeekWord("insert") || PeekWord("replace")) return ParseInsert();
    if (PeekWord("create")) {
      if (PeekWord("database", 1) || PeekWord("schema", 1)) return ParseCreateDatabase();
      if (PeekWord("table", 1) || PeekWord("temporary", 1)) return ParseCreateTable();
      return ParseCreateIndex();
    }
    if (PeekWord("alter")) return ParseAlterTable();
    if (PeekWord("drop")) return PeekWord("index", 1) ? ParseDropIndex() : ParseDropTable();
    if (PeekWord("use")) return ParseUse();
    if (PeekWord("rename")) return ParseRenameTable();
    if (PeekWord("set")) return ParseSet();
    bool recursive = false;
    std::span<const Cte> with;
    const size_t before_with = pos_;
    if (PeekWord("with")) {
      Next();
      recursive = AcceptWord("recursive");
      with = ParseCtes();
    }
    if (PeekWord("update")) return ParseUpdate(recursive, with);
    if (PeekWord("delete")) return ParseDelete(recursive, with);
    pos_ = before_with;  // a query: it parses its own WITH
    auto* s = arena_.New<SelectStatement>();
    s->kind = StatementKind::kSelect;
    s->query = ParseQuery();
    return s;
  }

  // cte {, cte}   where cte: name [(col, …)] AS ( query )
  std::span<const Cte> ParseCtes() {
    std::vector<Cte> ctes;
    do {
      Cte cte{};
      cte.name = ParseIdent("a common table expression name");
      if (Peek().kind == TokenKind::kLParen) cte.columns = ParseIdentList();
      ExpectWord("as");
      Expect(TokenKind::kLParen, "'(' before the common table expression's query");
      cte.query = ParseQuery();
      Expect(TokenKind::kRParen, "')' after the common table expression's query");
      ctes.push_back(cte);
    } while (Accept(TokenKind::kComma));
    return Keep(ctes);
  }

  uint32_t ParseDmlOptions(std::initializer_list<std::pair<std::string_view, uint32_t>> allowed) {
    uint32_t options = 0;
    for (bool found = true; found;) {
      found = false;
      for (const auto& [word, bit] : allowed) {
        if (AcceptWord(word)) {
          options |= bit;
          found = true;
        }
      }
    }
    return options;
  }

  // assignment {, assignment}   where assignment: name = (expr | DEFAULT)
  std::span<const Assignment> ParseAssignments() {
    std::vector<Assignment> set;
    do {
      Assignment a{};
      a.column = ParseName(3, "a column name");
      if (!Accept(TokenKind::kEq) && !Accept(TokenKind::kAssign)) Fail("'=' after the column");
      a.value = ParseExpr();
      set.push_back(a);
    } while (Accept(TokenKind::kComma));
    return Keep(set);
  }

  // insert: (INSERT | REPLACE) [hint] [LOW_PRIORITY | DELAYED | HIGH_PRIORITY] [IGNORE] [INTO]
  //         name [PARTITION (p, …)] [(col, …)]
  //         (VALUES | VALUE) (row) {, (row)} | VALUES ROW(…) {, ROW(…)} | SET assignments
  //         | query
  //         [AS alias [(col, …)]] [ON DUPLICATE KEY UPDATE assignments]
  Statement* ParseInsert() {
    auto* s = arena_.New<InsertStatement>();
    s->kind = StatementKind::kInsert;
    s->replace = PeekWord("replace");
    Next();
    if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
    s->options = ParseDmlOptions({{"low_priority", kDmlLowPriority},
                                  {"delayed", kDmlDelayed},
                                  {"high_priority", kDmlHighPriority},
                                  {"ignore", kDmlIgnore}});
    s->into = AcceptWord("into");
    s->table = ParseName(2, "a table name");
    if (AcceptWord("partition")) s->partitions = ParseIdentList();
    if (Peek().kind == TokenKind::kLParen && !QueryAt(0)) {
      s->column_list = true;
      s->columns = ParseColumnNames();
    }
    if (PeekWord("values") || PeekWord("value")) {
      s->value_keyword = PeekWord("value");
      Next();
      s->row_keyword = PeekWord("row");
      std::vector<std::span<const Expr* const>> rows;
      do {
        if (s->row_keyword) ExpectWord("row");
        Expect(TokenKind::kLParen, "'(' before the row of values");
        std::vector<const Expr*> row;
        if (Peek().kind != TokenKind::kRParen) {
          do {
            row.push_back(ParseExpr());
          } while (Accept(TokenKind::kComma));
        }
        Expect(TokenKind::kRParen, "')' after the row of values");
        rows.push_back(Keep(row));
      } while (Accept(TokenKind::kComma));
      s->rows = Keep(rows);
    } else if (AcceptWord("set")) {
      s->set = ParseAssignments();
    } else if (PeekWord("select") || PeekWord("with") || QueryAt(0)) {
      s->query = ParseQuery();
    } else if (AcceptWord("table")) {
      s->source_table = ParseName(2, "a table name");
    } else {
      Fail("VALUES, SET or a query");
    }
    if (s->query == nullptr && s->source_table.parts.empty() &&
        AcceptWord("as")) {  // MySQL 8.0.19 row alias
      s->row_alias = ParseIdent("a row alias");
      if (Peek().kind == TokenKind::kLParen) s->row_alias_columns = ParseIdentList();
    }
    if (PeekWord("on") && PeekWord("duplicate", 1)) {
      Next();
      Next();
      ExpectWord("key");
      ExpectWord("update");
      s->on_duplicate = ParseAssignments();
    }
    s->returning = ParseReturning();
    return s;
  }

  // returning: [RETURNING select_item {, select_item}]   (MariaDB 10.5: INSERT, REPLACE and
  // single-table DELETE)
  std::span<const SelectItem> ParseReturning() {
    if (!AcceptWord("returning")) return {};
    std::vector<SelectItem> items;
    do {
      items.push_back(ParseSelectItem());
    } while (Accept(TokenKind::kComma));
    return Keep(items);
  }

  // --- CREATE TABLE ----------------------------------------------------------------------------
  // The text of tokens [from, pos_), as written.
  std::string_view TextFrom(size_t from) const {
    if (from >= pos_) return {};
    const Token& a = tokens_[from];
    const Token& b = tokens_[pos_ - 1];
    return text_.substr(a.offset, b.offset + b.length - a.offset);
  }

  // create_table: CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name
  //   ( LIKE name ) | LIKE name
  //   | [( element {, element} )] {table_option} [partitioning] [IGNORE | REPLACE] [AS] [query]
  Statement* ParseCreateTable() {
    auto* s = arena_.New<CreateTableStatement>();
    s->kind = StatementKind::kCreateTable;
    ExpectWord("create");
    s->temporary = AcceptWord("temporary");
    ExpectWord("table");
    if (PeekWord("if")) {
      Next();
      ExpectWord("not");
      ExpectWord("exists");
      s->if_not_exists = true;
    }
    s->table = ParseName(2, "a table name");
    if (AcceptWord("like")) {
      s->like = ParseName(2, "a table name after LIKE");
      return s;
    }
    if (Peek().kind == TokenKind::kLParen && PeekWord("like", 1)) {
      Next();
      Next();
      s->like = ParseName(2, "a table name after LIKE");
      s->like_parens = true;
      Expect(TokenKind::kRParen, "')' after LIKE name");
      return s;
    }
    if (Peek().kind == TokenKind::kLParen && !QueryAt(0)) {
      Next();
      s->has_elements = true;
      std::vector<ColumnDef> columns;
      std::vector<IndexDef> indexes;
      std::vector<PeriodDef> periods;
      do {
        if (StartsIndex()) {
          indexes.push_back(ParseIndexDef());
        } else if (PeekWord("period") && PeekWord("for", 1)) {
          periods.push_back(ParsePeriod());
        } else {
          columns.push_back(ParseColumnDef());
        }
      } while (Accept(TokenKind::kComma));
      Expect(TokenKind::kRParen, "')' after the table's columns and keys");
      s->columns = Keep(columns);
      s->indexes = Keep(indexes);
      s->periods = Keep(periods);
    }
    s->options = ParseTableOptions();
    if (PeekWord("partition")) {
      const size_t from = pos_;
      // The partitioning clause runs to the query or the end; kept as written.
      while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon &&
             !(PeekWord("as") || PeekWord("select") || PeekWord("ignore") ||
               (PeekWord("replace") && !PeekWord("partition", 1)))) {
        if (Peek().kind == TokenKind::kLParen) {
          SkipParenthesised();
          continue;
        }
        Next();
      }
      s->partitioning = TextFrom(from);
    }
    if (PeekWord("ignore") || PeekWord("replace")) s->duplicates = Text(Next());
    s->as_keyword = AcceptWord("as");
    if (PeekWord("select") || PeekWord("with") || QueryAt(0)) {
      s->query = ParseQuery();
    } else if (s->as_keyword || !s->duplicates.empty()) {
      Fail("a query");
    }
    // CREATE TABLE t [options] with no columns parses on both servers (sql_yacc.yy): it is
    // error 1113, "A table must have at least 1 column", when run, not a syntax error.
    return s;
  }

  // period: PERIOD FOR {SYSTEM_TIME | name} (start, end)   (MariaDB 10.3 / 10.4)
  PeriodDef ParsePeriod() {
    const uint32_t start = Start();
    ExpectWord("period");
    return ParsePeriodFor(start);
  }

  // FOR {SYSTEM_TIME | name} (start, end), of a period whose text begins at `start`
  PeriodDef ParsePeriodFor(uint32_t start) {
    PeriodDef p{};
    ExpectWord("for");
    p.name = ParseIdent("SYSTEM_TIME or a period name");
    Expect(TokenKind::kLParen, "'(' before the period's columns");
    p.start = ParseIdent("the period's start column");
    Expect(TokenKind::kComma, "',' between the period's columns");
    p.end = ParseIdent("the period's end column");
    Expect(TokenKind::kRParen, "')' after the period's columns");
    p.span = SpanFrom(start);
    return p;
  }

  // Whether the next element is a key or constraint rather than a column.
  bool StartsIndex() const {
    if (Peek().kind != TokenKind::kIdentifier) return false;
    for (const char* w : {"constraint", "primary", "unique", "index", "key", "fulltext", "spatial",
                          "foreign", "check"}) {
      if (PeekWord(w)) {
        // A column may be named like a non-reserved keyword: `index` is reserved, but a column
        // called `fulltext` or `spatial` must be quoted too, so these words always start keys.
        return true;
      }
    }
    return false;
  }

  // key_def: [CONSTRAINT [name]] (PRIMARY KEY | UNIQUE [INDEX | KEY] | INDEX | KEY
  //          | FULLTEXT [INDEX | KEY] | SPATIAL [INDEX | KEY]) [name] [USING type] (parts)
  //          {index_option}
  //        | [CONSTRAINT [name]] FOREIGN KEY [name] (cols) REFERENCES name (cols) [MATCH x]
  //          [ON DELETE action] [ON UPDATE action]
  //        | [CONSTRAINT [name]] CHECK (expr) [[NOT] ENFORCED]
  IndexDef ParseIndexDef() {
    const uint32_t start = Start();
    IndexDef d = ParseIndexDefBody();
    d.span = SpanFrom(start);
    return d;
  }

  IndexDef ParseIndexDefBody() {
    IndexDef d{};
    if (AcceptWord("constraint")) {
      d.constraint_keyword = true;
      if (IsIdentToken(Peek()) && !PeekWord("foreign") && !PeekWord("check")) {
        d.constraint = ParseIdent();
      }
    }
    if (AcceptWord("primary")) {
      ExpectWord("key");
      d.type = IndexType::kPrimary;
    } else if (AcceptWord("unique")) {
      d.type = IndexType::kUnique;
    } else if (AcceptWord("fulltext")) {
      d.type = IndexType::kFulltext;
    } else if (AcceptWord("spatial")) {
      d.type = IndexType::kSpatial;
    } else if (AcceptWord("foreign")) {
      ExpectWord("key");
      d.type = IndexType::kForeign;
    } else if (AcceptWord("check")) {
      d.type = IndexType::kCheck;
      Expect(TokenKind::kLParen, "'(' after CHECK");
      d.check = ParseExpr();
      Expect(TokenKind::kRParen, "')' after the CHECK condition");
      ParseEnforced(d.enforced);
      return d;
    } else {
      d.type = IndexType::kKey;
    }
    if (d.type != IndexType::kPrimary && d.type != IndexType::kForeign) {
      if (AcceptWord("index")) {
        d.index_keyword = true;
      } else if (AcceptWord("key")) {
        d.key_keyword = true;
      } else if (d.type == IndexType::kKey) {
        Fail("INDEX or KEY");
      }
    }
    d.if_not_exists = AcceptIfNotExists();
    if (IsIdentToken(Peek()) && !PeekWord("using") && !IsOldIndexType()) d.name = ParseIdent();
    if (AcceptWord("using") || AcceptOldIndexType()) d.using_type = Text(Next());
    d.parts = ParseKeyParts();
    if (d.type == IndexType::kForeign) {
      ExpectWord("references");
      d.ref_table = ParseName(2, "a table name after REFERENCES");
      if (Peek().kind == TokenKind::kLParen) d.ref_columns = ParseIdentList();
      if (AcceptWord("match")) d.match = Text(Next());
      while (PeekWord("on")) {
        Next();
        const bool del = AcceptWord("delete");
        if (!del) ExpectWord("update");
        (del ? d.on_delete : d.on_update) = ParseReferentialAction();
      }
      return d;
    }
    ParseIndexOptions(d);
    return d;
  }

  void ParseEnforced(std::string_view& enforced) {
    const size_t from = pos_;
    if (PeekWord("not") && PeekWord("enforced", 1)) {
      Next();
      Next();
    } else if (!AcceptWord("enforced")) {
      return;
    }
    enforced = TextFrom(from);
  }

  std::string_view ParseReferentialAction() {
    const size_t from = pos_;
    if (AcceptWord("restrict") || AcceptWord("cascade")) return TextFrom(from);
    if (AcceptWord("set")) {
      if (!AcceptWord("null")) ExpectWord("default");
      return TextFrom(from);
    }
    ExpectWord("no");
    ExpectWord("action");
    return TextFrom(from);
  }

  // TYPE {BTREE | HASH | RTREE}: the old spelling of USING type, which both servers still take
  // (sql_yacc.yy index_type_clause). TYPE alone, before a name or '(', is an index name.
  bool IsOldIndexType() const {
    return PeekWord("type") &&
           (PeekWord("btree", 1) || PeekWord("hash", 1) || PeekWord("rtree", 1));
  }
  bool AcceptOldIndexType() {
    if (!IsOldIndexType()) return false;
    Next();
    return true;
  }

  // ( part {, part} )   part: name [(length)] [ASC | DESC] | ( expr ) [ASC | DESC]
  std::span<const KeyPart> ParseKeyParts() {
    Expect(TokenKind::kLParen, "'(' before the key's columns");
    std::vector<KeyPart> parts;
    do {
      KeyPart p{};
      if (Accept(TokenKind::kLParen)) {
        p.expr = ParseExpr();
        Expect(TokenKind::kRParen, "')' after the key expression");
      } else {
        p.column = ParseIdent("a column name");
        if (Accept(TokenKind::kLParen)) {
          if (Peek().kind != TokenKind::kNumber) Fail("a prefix length");
          p.length = Text(Next());
          Expect(TokenKind::kRParen, "')' after the prefix length");
        }
      }
      p.direction = ParseDirection();
      parts.push_back(p);
    } while (Accept(TokenKind::kComma));
    Expect(TokenKind::kRParen, "')' after the key's columns");
    return Keep(parts);
  }

  // index_option: KEY_BLOCK_SIZE [=] n | USING type | WITH PARSER name | COMMENT 'text'
  //             | VISIBLE | INVISIBLE | IGNORED | NOT IGNORED
  void ParseIndexOptions(IndexDef& d) {
    for (;;) {
      if (AcceptWord("key_block_size")) {
        Accept(TokenKind::kEq);
        d.key_block_size = Text(Next());
      } else if (AcceptWord("using") || AcceptOldIndexType()) {
        d.using_type = Text(Next());
      } else if (PeekWord("with") && PeekWord("parser", 1)) {
        Next();
        Next();
        d.parser = ParseIdent("a parser name").raw;
      } else if (AcceptWord("comment")) {
        if (Peek().kind != TokenKind::kString) Fail("a string after COMMENT");
        d.comment = Text(Next());
      } else if (const std::optional<IndexVisibility> v = AcceptVisibility()) {
        d.visibility = *v;
      } else if (PeekWord("engine_attribute") || PeekWord("secondary_engine_attribute")) {
        const bool secondary = PeekWord("secondary_engine_attribute");
        (secondary ? d.secondary_engine_attribute : d.engine_attribute) = ParseEngineAttribute();
      } else {
        return;
      }
    }
  }

  // (ENGINE_ATTRIBUTE | SECONDARY_ENGINE_ATTRIBUTE) [=] 'string'   (MySQL 8.0.21): the string.
  std::string_view ParseEngineAttribute() {
    Next();
    Accept(TokenKind::kEq);
    if (Peek().kind != TokenKind::kString) Fail("a string for the engine attribute");
    return Text(Next());
  }

  // visibility: VISIBLE | INVISIBLE | IGNORED | NOT IGNORED   (nullopt: none of these next)
  std::optional<IndexVisibility> AcceptVisibility() {
    if (AcceptWord("visible")) return IndexVisibility::kVisible;
    if (AcceptWord("invisible")) return IndexVisibility::kInvisible;
    if (AcceptWord("ignored")) return IndexVisibility::kIgnored;
    if (!PeekWord("not") || !PeekWord("ignored", 1)) return std::nullopt;
    Next();
    Next();
    return IndexVisibility::kNotIgnored;
  }

  // column_def: name type {attribute}
  ColumnDef ParseColumnDef() {
    const uint32_t start = Start();
    ColumnDef c = ParseColumnDefBody();
    c.span = SpanFrom(start);
    return c;
  }

  ColumnDef ParseColumnDefBody() {
    ColumnDef c{};
    // field_ident: [[db.]table.]name | .name — both servers check the qualifier names this table
    // and drop it; so does the AST.
    Accept(TokenKind::kDot);
    c.name = ParseName(3, "a column name or a key definition").last();
    c.type = ParseColumnType();
    for (;;) {
      if (PeekWord("not") && PeekWord("null", 1)) {
        Next();
        Next();
        c.nullability = Nullability::kNotNull;
      } else if (AcceptWord("null")) {
        c.nullability = Nullability::kNull;
      } else if (AcceptWord("default")) {
        c.default_value = ParseDefault(&c.default_parens);
      } else if (PeekWord("on") && PeekWord("update", 1)) {
        Next();
        Next();
        c.on_update = ParseDefaultValue();
      } else if (AcceptWord("auto_increment")) {
        c.auto_increment = true;
      } else if (AcceptWord("unique")) {
        AcceptWord("key");
        c.unique = true;
      } else if (AcceptWord("primary")) {
        ExpectWord("key");
        c.primary_key = true;
      } else if (AcceptWord("key")) {
        c.primary_key = true;
      } else if (AcceptWord("comment")) {
        if (Peek().kind != TokenKind::kString) Fail("a string after COMMENT");
        c.comment = Text(Next());
      } else if (AcceptWord("collate")) {
        c.type.collation = ParseCharsetName();
      } else if (PeekWord("generated") || PeekWord("as")) {
        if (AcceptWord("generated")) {
          ExpectWord("always");
          c.generated_always = true;
        }
        ExpectWord("as");
        // MariaDB system versioning: AS ROW START | AS ROW END.
        if (PeekWord("row") && (PeekWord("start", 1) || PeekWord("end", 1))) {
          Next();
          c.row_boundary = Text(Next());
          continue;
        }
        Expect(TokenKind::kLParen, "'(' before the generated column's expression");
        c.generated = ParseExpr();
        Expect(TokenKind::kRParen, "')' after the generated column's expression");
        if (PeekWord("virtual") || PeekWord("stored") || PeekWord("persistent")) {
          c.storage = Text(Next());
        }
      } else if (AcceptWord("invisible")) {
        c.invisible = true;
      } else if (AcceptWord("visible")) {
      } else if (AcceptWord("column_format")) {
        c.column_format = Text(Next());
      } else if (AcceptWord("srid")) {
        c.srid = Text(Next());
      } else if (PeekWord("engine_attribute") || PeekWord("secondary_engine_attribute")) {
        const bool secondary = PeekWord("secondary_engine_attribute");
        (secondary ? c.secondary_engine_attribute : c.engine_attribute) = ParseEngineAttribute();
      } else if ((PeekWord("with") || PeekWord("without")) && PeekWord("system", 1) &&
                 PeekWord("versioning", 2)) {
        const size_t from = pos_;  // MariaDB: a column in or out of system versioning
        Next();
        Next();
        Next();
        c.versioning = TextFrom(from);
      } else if (PeekWord("serial") && PeekWord("default", 1) && PeekWord("value", 2)) {
        pos_ += 3;
        c.serial_default_value = true;
      } else if (PeekWord("storage") &&
                 (PeekWord("disk", 1) || PeekWord("memory", 1) || PeekWord("default", 1))) {
        Next();
        c.storage_media = Text(Next());
      } else if (PeekWord("check") || PeekWord("constraint")) {
        if (AcceptWord("constraint")) {
          c.check_constraint = true;
          if (!PeekWord("check")) c.check_name = ParseIdent("a constraint name");
        }
        ExpectWord("check");
        Expect(TokenKind::kLParen, "'(' after CHECK");
        c.check = ParseExpr();
        Expect(TokenKind::kRParen, "')' after the CHECK condition");
        std::string_view enforced;
        ParseEnforced(enforced);
      } else if (PeekWord("references")) {
        const size_t from = pos_;
        Next();
        ParseName(2, "a table name after REFERENCES");
        if (Peek().kind == TokenKind::kLParen) ParseIdentList();
        while (PeekWord("match") || PeekWord("on")) {
          if (AcceptWord("match")) {
            Next();
            continue;
          }
          Next();
          if (!AcceptWord("delete")) ExpectWord("update");
          if (AcceptWord("set")) {
            Next();  // NULL | DEFAULT
          } else if (AcceptWord("no")) {
            ExpectWord("action");
          } else {
            Next();  // RESTRICT | CASCADE
          }
        }
        c.references = TextFrom(from);
      } else {
        return c;
      }
    }
  }

  // After DEFAULT: (expr), with `*parens` set, or a default_value.
  const Expr* ParseDefault(bool* parens) {
    if (Peek().kind != TokenKind::kLParen) return ParseDefaultValue();
    Next();
    const Expr* e = ParseExpr();
    Expect(TokenKind::kRParen, "')' after the default expression");
    *parens = true;
    return e;
  }

  // default_value: [- | +] literal | CURRENT_TIMESTAMP[(n)] | NOW() | …  (not simple_expr: a
  // COLLATE after it belongs to the column)
  const Expr* ParseDefaultValue() {
    const uint32_t start = Start();
    if (Peek().kind == TokenKind::kMinus || Peek().kind == TokenKind::kPlus) {
      auto* u = NewExpr<Unary>(start);
      u->op = Next().kind == TokenKind::kMinus ? UnaryOp::kMinus : UnaryOp::kPlus;
      u->operand = ParsePrimary();
      return Finish(u);
    }
    return ParsePrimary();
  }

  // type: name [(length [, scale])] | ENUM ('v', …) | SET ('v', …)
  //       [UNSIGNED | SIGNED] [ZEROFILL] [BINARY] [CHARACTER SET x | CHARSET x] [COLLATE x]
  ColumnType ParseColumnType() {
    ColumnType t{};
    const Token& first = Peek();
    if (first.kind != TokenKind::kIdentifier) Fail("a column type");
    const size_t from = pos_;
    Next();
    // Types of two and three words (sql_yacc.yy type, nchar, nvarchar, varchar):
    // DOUBLE PRECISION, CHAR[ACTER] VARYING, NCHAR VARCHAR | VARYING, NATIONAL VARCHAR,
    // NATIONAL CHAR[ACTER] [VARYING], LONG VARCHAR | VARBINARY | CHAR[ACTER] VARYING.
    if (IsWord(first, "double")) {
      AcceptWord("precision");
    } else if (IsWord(first, "character") || IsWord(first, "char")) {
      AcceptWord("varying");
    } else if (IsWord(first, "nchar")) {
      if (!AcceptWord("varying")) AcceptWord("varchar");
    } else if (IsWord(first, "national")) {
      if (AcceptWord("char") || AcceptWord("character")) {
        AcceptWord("varying");
      } else if (!AcceptWord("varchar")) {
        Fail("CHAR, CHARACTER or VARCHAR after NATIONAL");
      }
    } else if (IsWord(first, "long")) {
      if ((PeekWord("char") || PeekWord("character")) && PeekWord("varying", 1)) {
        Next();
        Next();
      } else if (!AcceptWord("varchar")) {
        AcceptWord("varbinary");
      }
    }
    t.name = TextFrom(from);
    if (IsWord(first, "enum") || IsWord(first, "set")) {
      // The members are text_string: 'x', X'78', 0x78, b'1111000', 0b1111000. No introducer,
      // no N'x': neither server's grammar takes them here.
      Expect(TokenKind::kLParen, "'(' before the members");
      std::vector<std::string_view> values;
      do {
        const TokenKind k = Peek().kind;
        if (k != TokenKind::kString && k != TokenKind::kHexNumber && k != TokenKind::kBitNumber) {
          Fail("a quoted, hex or bit member");
        }
        values.push_back(Text(Next()));
      } while (Accept(TokenKind::kComma));
      Expect(TokenKind::kRParen, "')' after the members");
      t.values = Keep(values);
    } else if (Accept(TokenKind::kLParen)) {
      if (Peek().kind != TokenKind::kNumber) Fail("a length");
      t.length = Text(Next());
      if (Accept(TokenKind::kComma)) {
        if (Peek().kind != TokenKind::kNumber) Fail("a scale");
        t.scale = Text(Next());
      }
      Expect(TokenKind::kRParen, "')' after the length");
    }
    for (;;) {
      if (AcceptWord("unsigned")) {
        t.is_unsigned = true;
      } else if (AcceptWord("signed")) {
        t.is_signed = true;
      } else if (AcceptWord("zerofill")) {
        t.zerofill = true;
      } else if (AcceptWord("binary")) {
        t.binary = true;
      } else if (AcceptWord("charset")) {
        t.charset = ParseCharsetName();
      } else if (PeekWord("character") && PeekWord("set", 1)) {
        Next();
        Next();
        t.charset = ParseCharsetName();
      } else if (AcceptWord("collate")) {
        t.collation = ParseCharsetName();
      } else if (PeekWord("char") && PeekWord("set", 1)) {  // CHAR SET: CHARACTER SET
        Next();
        Next();
        t.charset = ParseCharsetName();
      } else if (PeekWord("ascii") || PeekWord("unicode") || PeekWord("byte")) {
        t.charset_shorthand = Text(Next());
      } else {
        return t;
      }
    }
  }

  // table_option {[,] table_option}: [DEFAULT] word {word} [=] value
  std::span<const TableOption> ParseTableOptions() {
    std::vector<TableOption> options;
    for (;;) {
      if (Peek().kind == TokenKind::kComma && !options.empty()) Next();
      // MariaDB's system-versioned tables (SHOW CREATE TABLE and mariadb-dump write it last):
      // kept as the option `WITH SYSTEM` `VERSIONING`.
      if (PeekWord("with") && PeekWord("system", 1) && PeekWord("versioning", 2)) {
        TableOption o{};
        const size_t from = pos_;
        Next();
        Next();
        o.name = TextFrom(from);
        const size_t value_from = pos_;
        Next();
        o.value = TextFrom(value_from);
        options.push_back(o);
        continue;
      }
      if (Peek().kind != TokenKind::kIdentifier || PeekWord("partition") || PeekWord("as") ||
          PeekWord("select") || PeekWord("with") || PeekWord("ignore") || PeekWord("replace")) {
        break;
      }
      options.push_back(ParseTableOption());
    }
    return Keep(options);
  }

  // table_option: [DEFAULT] name [=] value, where name is CHARACTER SET, DATA DIRECTORY, INDEX
  // DIRECTORY or one word, and value one token, a parenthesised list, or TABLESPACE's
  // `x STORAGE DISK`. Both kept as written.
  TableOption ParseTableOption() {
    TableOption o{};
    const size_t from = pos_;
    AcceptWord("default");
    if (((PeekWord("character") || PeekWord("char")) && PeekWord("set", 1)) ||
        (PeekWord("data") && PeekWord("directory", 1)) ||
        (PeekWord("index") && PeekWord("directory", 1))) {
      Next();
    }
    if (Peek().kind != TokenKind::kIdentifier) Fail("a table option");
    Next();
    o.name = TextFrom(from);
    o.equals = Accept(TokenKind::kEq);
    const size_t value_from = pos_;
    if (Peek().kind == TokenKind::kLParen) {
      SkipParenthesised();
    } else if (Peek().kind == TokenKind::kEnd) {
      Fail("a value for the table option");
    } else {
      Next();
      if (PeekWord("storage") && (PeekWord("disk", 1) || PeekWord("memory", 1))) {
        Next();
        Next();
      }
    }
    o.value = TextFrom(value_from);
    return o;
  }

  // Steps over the parenthesised group that opens at the current token, nested ones included.
  void SkipParenthesised() {
    const size_t close = MatchingParen(0);
    for (size_t i = 0; i <= close && Peek().kind != TokenKind::kEnd; ++i) Next();
  }

  // --- other DDL and session statements ------------------------------------------------------
  template <typename T>
  T* NewStatement() {
    T* s = arena_.New<T>();
    s->kind = T::kKind;
    return s;
  }

  // {ALGORITHM [=] x | LOCK [=] x}
  std::span<const TableOption> ParseAlgorithmLock() {
    std::vector<TableOption> options;
    while (PeekWord("algorithm") || PeekWord("lock")) {
      TableOption o{};
      o.name = Text(Next());
      o.equals = Accept(TokenKind::kEq);
      if (Peek().kind != TokenKind::kIdentifier) Fail("a value for " + Upper(o.name));
      o.value = Text(Next());
      options.push_back(o);
    }
    return Keep(options);
  }

  // create_index: CREATE [UNIQUE | FULLTEXT | SPATIAL] INDEX name [USING type] ON name (parts)
  //               {index_option} {ALGORITHM … | LOCK …}
  Statement* ParseCreateIndex() {
    auto* s = NewStatement<CreateIndexStatement>();
    ExpectWord("create");
    IndexDef& d = s->index;
    d.type = AcceptWord("unique")     ? IndexType::kUnique
             : AcceptWord("fulltext") ? IndexType::kFulltext
             : AcceptWord("spatial")  ? IndexType::kSpatial
                                      : IndexType::kKey;
    ExpectWord("index");
    d.index_keyword = true;
    s->if_not_exists = AcceptIfNotExists();
    d.name = ParseIdent("an index name");
    if (AcceptWord("using") || AcceptOldIndexType()) d.using_type = Text(Next());
    ExpectWord("on");
    s->table = ParseName(2, "a table name");
    d.parts = ParseKeyParts();
    ParseIndexOptions(d);
    s->algorithm_lock = ParseAlgorithmLock();
    return s;
  }

  // drop_index: DROP INDEX name ON name {ALGORITHM … | LOCK …}
  Statement* ParseDropIndex() {
    auto* s = NewStatement<DropIndexStatement>();
    ExpectWord("drop");
    ExpectWord("index");
    s->if_exists = AcceptIfExists();
    if (PeekWord("primary")) {
      s->index = MakeIdent(Next());
    } else {
      s->index = ParseIdent("an index name");
    }
    ExpectWord("on");
    s->table = ParseName(2, "a table name");
    s->algorithm_lock = ParseAlgorithmLock();
    return s;
  }

  // rename_table: RENAME {TABLE | TABLES} [IF EXISTS] name TO name {, name TO name}
  //               [WAIT n | NOWAIT]
  Statement* ParseRenameTable() {
    auto* s = NewStatement<RenameTableStatement>();
    ExpectWord("rename");
    s->tables_keyword = PeekWord("tables");
    Next();
    s->if_exists = AcceptIfExists();
    std::vector<RenamePair> pairs;
    do {
      RenamePair p{};
      p.from = ParseName(2, "a table name");
      ExpectWord("to");
      p.to = ParseName(2, "the new table name");
      pairs.push_back(p);
    } while (Accept(TokenKind::kComma));
    s->pairs = Keep(pairs);
    const size_t wait = pos_;
    if (AcceptWord("wait")) {
      if (Peek().kind != TokenKind::kNumber) Fail("a number of seconds after WAIT");
      Next();
      s->wait = TextFrom(wait);
    } else if (AcceptWord("nowait")) {
      s->wait = TextFrom(wait);
    }
    return s;
  }

  // drop_table: DROP [TEMPORARY] TABLE [IF EXISTS] name {, name} [RESTRICT | CASCADE]
  Statement* ParseDropTable() {
    auto* s = NewStatement<DropTableStatement>();
    ExpectWord("drop");
    s->temporary = AcceptWord("temporary");
    ExpectWord("table");
    s->if_exists = AcceptIfExists();
    std::vector<Name> tables;
    do {
      tables.push_back(ParseName(2, "a table name"));
    } while (Accept(TokenKind::kComma));
    s->tables = Keep(tables);
    if (PeekWord("restrict") || PeekWord("cascade")) s->behavior = Text(Next());
    return s;
  }

  bool AcceptIfExists() {
    if (!PeekWord("if") || !PeekWord("exists", 1)) return false;
    Next();
    Next();
    return true;
  }
  bool AcceptIfNotExists() {
    if (!PeekWord("if") || !PeekWord("not", 1) || !PeekWord("exists", 2)) return false;
    Next();
    Next();
    Next();
    return true;
  }

  // --- views, DROP DATABASE, triggers and routines -------------------------------------------

  // The index of the word naming the object of CREATE / ALTER / DROP, after the words that may
  // stand before it: OR REPLACE, ALGORITHM = x, DEFINER = user, SQL SECURITY x, AGGREGATE,
  // TEMPORARY, UNIQUE, … (0 when the statement is no CREATE, ALTER or DROP).
  size_t ObjectWordIndex(bool* or_replace = nullptr) const {
    if (!PeekWord("create") && !PeekWord("alter") && !PeekWord("drop")) return 0;
    size_t i = 1;
    while (Peek(i).kind == TokenKind::kIdentifier) {
      if (PeekWord("or", i) && PeekWord("replace", i + 1)) {
        if (or_replace != nullptr) *or_replace = true;
        i += 2;
      } else if ((PeekWord("algorithm", i) || PeekWord("definer", i)) &&
                 Peek(i + 1).kind == TokenKind::kEq) {
        i = SkipUser(i + 2);
      } else if (PeekWord("sql", i) && PeekWord("security", i + 1)) {
        i += 3;
      } else if (PeekWord("aggregate", i) || PeekWord("online", i) || PeekWord("offline", i) ||
                 PeekWord("ignore", i) || PeekWord("temporary", i) || PeekWord("unique", i) ||
                 PeekWord("fulltext", i) || PeekWord("spatial", i)) {
        ++i;
      } else {
        break;
      }
    }
    return i;
  }

  // After `DEFINER =` (or `ALGORITHM =`) at token i: the index past user[@host] |
  // CURRENT_USER[()] | CURRENT_ROLE | word. The lexer reads @host, @'host' and @`host` as one
  // user-variable token.
  size_t SkipUser(size_t i) const {
    if (Peek(i).kind == TokenKind::kEnd) return i;
    ++i;
    if (Peek(i).kind == TokenKind::kUserVariable) ++i;
    if (Peek(i).kind == TokenKind::kLParen && Peek(i + 1).kind == TokenKind::kRParen) i += 2;
    return i;
  }

  StatementHead Head() const {
    static constexpr std::pair<std::string_view, Verb> kVerbs[] = {{"create", Verb::kCreate},
                                                                   {"alter", Verb::kAlter},
                                                                   {"drop", Verb::kDrop},
                                                                   {"rename", Verb::kRename},
                                                                   {"truncate", Verb::kTruncate},
                                                                   {"grant", Verb::kGrant},
                                                                   {"revoke", Verb::kRevoke},
                                                                   {"show", Verb::kShow},
                                                                   {"set", Verb::kSet},
                                                                   {"lock", Verb::kLock},
                                                                   {"unlock", Verb::kUnlock},
                                                                   {"start", Verb::kStart},
                                                                   {"begin", Verb::kBegin},
                                                                   {"commit", Verb::kCommit},
                                                                   {"rollback", Verb::kRollback},
                                                                   {"savepoint", Verb::kSavepoint},
                                                                   {"release", Verb::kRelease},
                                                                   {"flush", Verb::kFlush},
                                                                   {"analyze", Verb::kAnalyze},
                                                                   {"optimize", Verb::kOptimize},
                                                                   {"check", Verb::kCheck},
                                                                   {"repair", Verb::kRepair},
                                                                   {"do", Verb::kDo},
                                                                   {"call", Verb::kCall},
                                                                   {"load", Verb::kLoad},
                                                                   {"handler", Verb::kHandler}};
    static constexpr std::pair<std::string_view, ObjectKind> kObjects[] = {
        {"table", ObjectKind::kTable},         {"index", ObjectKind::kIndex},
        {"database", ObjectKind::kDatabase},   {"schema", ObjectKind::kDatabase},
        {"view", ObjectKind::kView},           {"trigger", ObjectKind::kTrigger},
        {"procedure", ObjectKind::kProcedure}, {"function", ObjectKind::kFunction},
        {"event", ObjectKind::kEvent},         {"sequence", ObjectKind::kSequence},
        {"user", ObjectKind::kUser},           {"role", ObjectKind::kRole},
        {"server", ObjectKind::kServer},       {"tablespace", ObjectKind::kTablespace}};
    StatementHead head;
    for (const auto& [word, verb] : kVerbs) {
      if (PeekWord(word)) head.verb = verb;
    }
    if (head.verb != Verb::kCreate && head.verb != Verb::kAlter && head.verb != Verb::kDrop) {
      return head;
    }
    const size_t i = ObjectWordIndex(&head.or_replace);
    head.object = ObjectKind::kOther;
    for (const auto& [word, object] : kObjects) {
      if (PeekWord(word, i)) head.object = object;
    }
    return head;
  }

  // The statements of this section: views, DROP DATABASE, triggers, procedures and functions
  // (not a loadable function, CREATE FUNCTION f RETURNS type SONAME 'lib': no parentheses).
  bool ModelledObjectDdl() const {
    if (!PeekWord("create") && !PeekWord("alter") && !PeekWord("drop")) return false;
    const StatementHead head = Head();
    const size_t i = ObjectWordIndex();
    switch (head.object) {
      case ObjectKind::kView:
        return head.verb != Verb::kAlter || !head.or_replace;
      case ObjectKind::kDatabase:
        return head.verb == Verb::kDrop && i == 1;
      case ObjectKind::kTrigger:
      case ObjectKind::kProcedure:
        return head.verb == Verb::kCreate || (head.verb == Verb::kDrop && i == 1);
      case ObjectKind::kFunction: {
        if (head.verb == Verb::kDrop) return i == 1;
        if (head.verb != Verb::kCreate) return false;
        size_t j = i + 1;
        if (PeekWord("if", j) && PeekWord("not", j + 1) && PeekWord("exists", j + 2)) j += 3;
        j += Peek(j + 1).kind == TokenKind::kDot ? 3 : 1;  // name or db.name
        return Peek(j).kind == TokenKind::kLParen;
      }
      default:
        return false;
    }
  }

  Statement* ParseObjectDdl() {
    switch (Head().object) {
      case ObjectKind::kView:
        if (PeekWord("drop")) return ParseDropView();
        return PeekWord("alter") ? ParseView(NewStatement<AlterViewStatement>())
                                 : ParseView(NewStatement<CreateViewStatement>());
      case ObjectKind::kDatabase:
        return ParseDropDatabase();
      case ObjectKind::kTrigger:
        return PeekWord("drop") ? ParseDropRoutine(RoutineObject::kTrigger) : ParseCreateTrigger();
      case ObjectKind::kProcedure:
        return PeekWord("drop") ? ParseDropRoutine(RoutineObject::kProcedure)
                                : ParseCreateRoutine();
      default:
        return PeekWord("drop") ? ParseDropRoutine(RoutineObject::kFunction) : ParseCreateRoutine();
    }
  }

  // definer: DEFINER = user   (the user as written)
  std::string_view ParseDefiner() {
    ExpectWord("definer");
    Expect(TokenKind::kEq, "'=' after DEFINER");
    const size_t from = pos_;
    if (Peek().kind != TokenKind::kIdentifier && Peek().kind != TokenKind::kQuotedIdentifier &&
        Peek().kind != TokenKind::kString) {
      Fail("a user after DEFINER =");
    }
    pos_ = std::min(SkipUser(0) + pos_, tokens_.size());
    return TextFrom(from);
  }

  // view: [CREATE [OR REPLACE] | ALTER] [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x]
  //       VIEW [IF NOT EXISTS] name [(col, …)] AS query [WITH [CASCADED | LOCAL] CHECK OPTION]
  Statement* ParseView(ViewStatement* s) {
    if (!AcceptWord("alter")) {
      ExpectWord("create");
      if (AcceptWord("or")) {
        ExpectWord("replace");
        s->or_replace = true;
      }
    }
    for (;;) {
      if (AcceptWord("algorithm")) {
        Expect(TokenKind::kEq, "'=' after ALGORITHM");
        if (!PeekWord("undefined") && !PeekWord("merge") && !PeekWord("temptable")) {
          Fail("UNDEFINED, MERGE or TEMPTABLE");
        }
        s->algorithm = Text(Next());
      } else if (PeekWord("definer")) {
        s->definer = ParseDefiner();
      } else if (AcceptWord("sql")) {
        ExpectWord("security");
        if (!PeekWord("definer") && !PeekWord("invoker")) Fail("DEFINER or INVOKER");
        s->sql_security = Text(Next());
      } else {
        break;
      }
    }
    ExpectWord("view");
    if (s->kind == StatementKind::kCreateView) s->if_not_exists = AcceptIfNotExists();
    s->name = ParseName(2, "a view name");
    if (Peek().kind == TokenKind::kLParen) s->columns = ParseIdentList();
    ExpectWord("as");
    s->query = ParseQuery();
    if (AcceptWord("with")) {
      s->check_option = AcceptWord("cascaded") ? CheckOption::kCascaded
                        : AcceptWord("local")  ? CheckOption::kLocal
                                               : CheckOption::kPlain;
      ExpectWord("check");
      ExpectWord("option");
    }
    return s;
  }

  // drop_view: DROP VIEW [IF EXISTS] name {, name} [RESTRICT | CASCADE]
  Statement* ParseDropView() {
    auto* s = NewStatement<DropViewStatement>();
    ExpectWord("drop");
    ExpectWord("view");
    s->if_exists = AcceptIfExists();
    std::vector<Name> views;
    do {
      views.push_back(ParseName(2, "a view name"));
    } while (Accept(TokenKind::kComma));
    s->views = Keep(views);
    if (PeekWord("restrict") || PeekWord("cascade")) s->behavior = Text(Next());
    return s;
  }

  // drop_database: DROP {DATABASE | SCHEMA} [IF EXISTS] name
  Statement* ParseDropDatabase() {
    auto* s = NewStatement<DropDatabaseStatement>();
    ExpectWord("drop");
    s->schema_keyword = PeekWord("schema");
    Next();
    s->if_exists = AcceptIfExists();
    s->name = ParseIdent("a database name");
    return s;
  }

  // The rest of the statement, as written: a trigger's or a routine's body. A `;` at its very
  // end (`END;` under DELIMITER //) ends the statement, as anywhere else; it is not the body's.
  std::string_view ParseBody(std::string_view what) {
    size_t end = tokens_.size();
    if (end > pos_ && tokens_[end - 1].kind == TokenKind::kSemicolon) --end;
    if (end == pos_) Fail(what);
    const size_t from = pos_;
    pos_ = end;
    return TextFrom(from);
  }

  // create_trigger: CREATE [OR REPLACE] [DEFINER = user] TRIGGER [IF NOT EXISTS] name
  //   {BEFORE | AFTER} {INSERT | UPDATE | DELETE} ON name FOR EACH ROW
  //   [{FOLLOWS | PRECEDES} other] body
  Statement* ParseCreateTrigger() {
    auto* s = NewStatement<CreateTriggerStatement>();
    ExpectWord("create");
    if (AcceptWord("or")) {
      ExpectWord("replace");
      s->or_replace = true;
    }
    if (PeekWord("definer")) s->definer = ParseDefiner();
    ExpectWord("trigger");
    s->if_not_exists = AcceptIfNotExists();
    s->name = ParseName(2, "a trigger name");
    if (AcceptWord("before")) {
      s->time = TriggerTime::kBefore;
    } else if (AcceptWord("after")) {
      s->time = TriggerTime::kAfter;
    } else {
      Fail("BEFORE or AFTER");
    }
    s->event = AcceptWord("insert")   ? TriggerEvent::kInsert
               : AcceptWord("update") ? TriggerEvent::kUpdate
               : AcceptWord("delete") ? TriggerEvent::kDelete
                                      : (Fail("INSERT, UPDATE or DELETE"), TriggerEvent::kInsert);
    ExpectWord("on");
    s->table = ParseName(2, "a table name");
    ExpectWord("for");
    ExpectWord("each");
    ExpectWord("row");
    if (AcceptWord("follows")) {
      s->order = TriggerOrder::kFollows;
      s->other = ParseIdent("a trigger name");
    } else if (AcceptWord("precedes")) {
      s->order = TriggerOrder::kPrecedes;
      s->other = ParseIdent("a trigger name");
    }
    s->body = ParseBody("the trigger's body");
    return s;
  }

  // create_routine: CREATE [OR REPLACE] [DEFINER = user] [AGGREGATE] {PROCEDURE | FUNCTION}
  //   [IF NOT EXISTS] name ([param {, param}]) [RETURNS type] {characteristic} body
  // param: [IN | OUT | INOUT] name type
  Statement* ParseCreateRoutine() {
    auto* s = NewStatement<CreateRoutineStatement>();
    ExpectWord("create");
    if (AcceptWord("or")) {
      ExpectWord("replace");
      s->or_replace = true;
    }
    if (PeekWord("definer")) s->definer = ParseDefiner();
    s->aggregate = AcceptWord("aggregate");
    if (AcceptWord("procedure")) {
      s->routine = RoutineKind::kProcedure;
    } else {
      ExpectWord("function");
      s->routine = RoutineKind::kFunction;
    }
    s->if_not_exists = AcceptIfNotExists();
    s->name = ParseName(2, "a routine name");
    Expect(TokenKind::kLParen, "'(' before the parameters");
    std::vector<RoutineParam> params;
    if (Peek().kind != TokenKind::kRParen) {
      do {
        RoutineParam p{};
        if (s->routine == RoutineKind::kProcedure) {
          p.mode = AcceptWord("in")      ? ParamMode::kIn
                   : AcceptWord("out")   ? ParamMode::kOut
                   : AcceptWord("inout") ? ParamMode::kInOut
                                         : ParamMode::kNone;
        }
        p.name = ParseIdent("a parameter name");
        p.type = ParseColumnType();
        params.push_back(p);
      } while (Accept(TokenKind::kComma));
    }
    Expect(TokenKind::kRParen, "')' after the parameters");
    s->params = Keep(params);
    if (s->routine == RoutineKind::kFunction) {
      ExpectWord("returns");
      s->has_returns = true;
      s->returns = ParseColumnType();
    }
    std::vector<std::string_view> characteristics;
    for (;;) {
      const size_t from = pos_;
      if (AcceptWord("comment")) {
        if (Peek().kind != TokenKind::kString) Fail("a string after COMMENT");
        Next();
      } else if (AcceptWord("language")) {
        ExpectWord("sql");
      } else if (PeekWord("not") && PeekWord("deterministic", 1)) {
        Next();
        Next();
      } else if (AcceptWord("deterministic")) {
      } else if (AcceptWord("contains")) {
        ExpectWord("sql");
      } else if (PeekWord("no") && PeekWord("sql", 1)) {
        Next();
        Next();
      } else if (AcceptWord("reads") || AcceptWord("modifies")) {
        ExpectWord("sql");
        ExpectWord("data");
      } else if (PeekWord("sql") && PeekWord("security", 1)) {
        Next();
        Next();
        if (!PeekWord("definer") && !PeekWord("invoker")) Fail("DEFINER or INVOKER");
        Next();
      } else {
        break;
      }
      characteristics.push_back(TextFrom(from));
    }
    s->characteristics = Keep(characteristics);
    s->body = ParseBody("the routine's body");
    return s;
  }

  // drop_routine: DROP {TRIGGER | PROCEDURE | FUNCTION} [IF EXISTS] name
  Statement* ParseDropRoutine(RoutineObject object) {
    auto* s = NewStatement<DropRoutineStatement>();
    ExpectWord("drop");
    Next();
    s->object = object;
    s->if_exists = AcceptIfExists();
    s->name = ParseName(2, "a name");
    return s;
  }

  // create_database: CREATE {DATABASE | SCHEMA} [IF NOT EXISTS] name {database_option}
  Statement* ParseCreateDatabase() {
    auto* s = NewStatement<CreateDatabaseStatement>();
    ExpectWord("create");
    s->schema_keyword = PeekWord("schema");
    Next();
    s->if_not_exists = AcceptIfNotExists();
    s->name = ParseIdent("a database name");
    s->options = ParseTableOptions();
    return s;
  }

  Statement* ParseUse() {  // use: USE name
    auto* s = NewStatement<UseStatement>();
    ExpectWord("use");
    s->database = ParseIdent("a database name");
    return s;
  }

  // set: SET NAMES x [COLLATE y] [, set_variables] | SET {CHARACTER SET | CHARSET} x
  //      [, set_variables] | SET set_variables
  // (NAMES or CHARACTER SET first, then variables, is what connectors send: Rails' mysql2
  // adapter opens every connection with SET NAMES …, @@SESSION.sql_mode = …, ….)
  Statement* ParseSet() {
    auto* s = NewStatement<SetStatement>();
    ExpectWord("set");
    if (AcceptWord("names")) {
      s->names = true;
      s->value = ParseCharsetName();
      if (AcceptWord("collate")) s->collation = ParseCharsetName();
      if (!Accept(TokenKind::kComma)) return s;
      s->variables = ParseSetVariables();
      return s;
    }
    if (PeekWord("charset") ||
        ((PeekWord("character") || PeekWord("char")) && PeekWord("set", 1))) {
      const size_t from = pos_;
      if (!AcceptWord("charset")) {
        Next();
        Next();
      }
      s->charset = true;
      s->charset_word = TextFrom(from);
      s->value = ParseCharsetName();
      if (!Accept(TokenKind::kComma)) return s;
      s->variables = ParseSetVariables();
      return s;
    }
    s->variables = ParseSetVariables();
    return s;
  }

  // set_variables: [scope] target = expr {, [scope] target = expr}
  std::span<const SetVariable> ParseSetVariables() {
    std::vector<SetVariable> vars;
    do {
      SetVariable v{};
      for (const char* w : {"global", "session", "local", "persist", "persist_only"}) {
        if (PeekWord(w)) {
          v.scope = Text(Next());
          break;
        }
      }
      const uint32_t start = Start();
      if (Peek().kind == TokenKind::kUserVariable || Peek().kind == TokenKind::kSystemVariable) {
        v.target = ParseVariable();
      } else {
        auto* c = NewExpr<Column>(start);
        c->name = ParseName(2, "a variable name");
        v.target = Finish(c);
      }
      if (Accept(TokenKind::kAssign)) {
        v.assign_operator = true;
      } else {
        Expect(TokenKind::kEq, "'=' after the variable");
      }
      // ON and OFF are words, not expressions, on the right of SET.
      if (PeekWord("on") || PeekWord("off") || PeekWord("all")) {
        auto* c = NewExpr<Column>(Start());
        std::vector<Ident> parts{MakeIdent(Next())};
        c->name = Name{Keep(parts)};
        v.value = Finish(c);
      } else {
        v.value = ParseExpr();
      }
      vars.push_back(v);
    } while (Accept(TokenKind::kComma));
    return Keep(vars);
  }

  // alter_table: ALTER [ONLINE] [IGNORE] TABLE name action {, action} [partitioning]
  Statement* ParseAlterTable() {
    auto* s = NewStatement<AlterTableStatement>();
    ExpectWord("alter");
    s->online = AcceptWord("online");
    s->ignore = AcceptWord("ignore");
    ExpectWord("table");
    s->if_exists = AcceptIfExists();
    s->table = ParseName(2, "a table name");
    std::vector<AlterAction> actions;
    if (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon &&
        !PeekWord("partition")) {
      do {
        actions.push_back(ParseAlterAction());
        // Table options follow one another with or without commas (ENGINE=InnoDB
        // ROW_FORMAT=DYNAMIC, as SHOW CREATE TABLE writes them).
        while (actions.back().kind == AlterKind::kOption &&
               (PeekTableOption() || PeekCharsetOptionWithoutEq())) {
          actions.push_back(ParseAlterAction());
        }
      } while (Accept(TokenKind::kComma));
    }
    s->actions = Keep(actions);
    if (PeekWord("partition") || PeekWord("remove")) {
      const size_t from = pos_;
      while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon) Next();
      s->partitioning = TextFrom(from);
    }
    return s;
  }

  std::string_view ParsePosition() {  // [FIRST | AFTER col]
    const size_t from = pos_;
    if (AcceptWord("first")) return TextFrom(from);
    if (AcceptWord("after")) {
      ParseIdent("a column name after AFTER");
      return TextFrom(from);
    }
    return {};
  }

  AlterAction ParseAlterAction() {
    const uint32_t start = Start();
    AlterAction a = ParseAlterActionBody();
    a.span = SpanFrom(start);
    return a;
  }

  AlterAction ParseAlterActionBody() {
    AlterAction a{};
    const size_t from = pos_;
    if (AcceptWord("add")) {
      if (PeekWord("partition")) return OtherAction(from);
      if (PeekWord("system") && PeekWord("versioning", 1)) {
        Next();
        Next();
        a.kind = AlterKind::kAddSystemVersioning;
        return a;
      }
      if (PeekWord("period")) {  // ADD PERIOD [IF NOT EXISTS] FOR name (start, end)
        const uint32_t start = Start();
        Next();
        a.kind = AlterKind::kAddPeriod;
        a.if_exists = AcceptIfNotExists();
        a.period = ParsePeriodFor(start);
        return a;
      }
      if (StartsIndex()) {
        a.kind = AlterKind::kAddIndex;
        a.index = ParseIndexDef();
        return a;
      }
      a.column_keyword = AcceptWord("column");
      a.if_exists = AcceptIfNotExists();
      if (Peek().kind == TokenKind::kLParen) return OtherAction(from);  // ADD (col, col)
      a.kind = AlterKind::kAddColumn;
      a.column = ParseColumnDef();
      a.position = ParsePosition();
      return a;
    }
    if (AcceptWord("drop")) {
      if (PeekWord("primary") && PeekWord("key", 1)) {
        Next();
        Next();
        a.kind = AlterKind::kDropPrimaryKey;
        return a;
      }
      if (PeekWord("foreign") && PeekWord("key", 1)) {
        Next();
        Next();
        a.kind = AlterKind::kDropForeignKey;
        a.if_exists = AcceptIfExists();
        a.name = ParseIdent("a foreign key name");
        return a;
      }
      if (PeekWord("index") || PeekWord("key")) {
        a.kind = AlterKind::kDropIndex;
        a.key_keyword = PeekWord("key");
        Next();
        a.if_exists = AcceptIfExists();
        a.name = ParseIdent("an index name");
        return a;
      }
      if (PeekWord("check") || PeekWord("constraint")) {
        a.kind = AlterKind::kDropConstraint;
        a.setting = Text(Next());
        a.if_exists = AcceptIfExists();
        a.name = ParseIdent("a constraint name");
        return a;
      }
      if (PeekWord("partition")) return OtherAction(from);
      if (PeekWord("system") && PeekWord("versioning", 1)) {
        Next();
        Next();
        a.kind = AlterKind::kDropSystemVersioning;
        return a;
      }
      if (PeekWord("period") && (PeekWord("for", 1) || PeekWord("if", 1))) {
        Next();  // DROP PERIOD [IF EXISTS] FOR name
        a.kind = AlterKind::kDropPeriod;
        a.if_exists = AcceptIfExists();
        ExpectWord("for");
        a.period.name = ParseIdent("SYSTEM_TIME or a period name");
        return a;
      }
      a.kind = AlterKind::kDropColumn;
      a.column_keyword = AcceptWord("column");
      a.if_exists = AcceptIfExists();
      a.name = ParseIdent("a column name");
      // opt_restrict: parsed and ignored by both servers
      if (PeekWord("restrict") || PeekWord("cascade")) a.drop_behavior = Text(Next());
      return a;
    }
    if (AcceptWord("alter")) {
      if (PeekWord("index") || PeekWord("key")) {
        a.kind = AlterKind::kAlterIndex;
        a.key_keyword = PeekWord("key");
        Next();
        a.if_exists = AcceptIfExists();  // MariaDB 10.6
        a.name = ParseIdent("an index name");
        const std::optional<IndexVisibility> v = AcceptVisibility();
        if (!v) Fail("VISIBLE, INVISIBLE, IGNORED or NOT IGNORED");
        a.visibility = *v;
        return a;
      }
      if (PeekWord("constraint") || PeekWord("check")) return OtherAction(from);  // [NOT] ENFORCED
      a.kind = AlterKind::kAlterColumn;
      a.column_keyword = AcceptWord("column");
      a.name = ParseIdent("a column name");
      if (AcceptWord("drop")) {
        ExpectWord("default");
        a.setting = "DROP DEFAULT";
        return a;
      }
      ExpectWord("set");
      if (AcceptWord("visible")) {
        a.setting = "SET VISIBLE";
      } else if (AcceptWord("invisible")) {
        a.setting = "SET INVISIBLE";
      } else {
        ExpectWord("default");
        a.setting = "SET DEFAULT";
        a.default_value = ParseDefault(&a.default_parens);
      }
      return a;
    }
    if (AcceptWord("force")) {
      a.kind = AlterKind::kForce;
      return a;
    }
    if (AcceptWord("modify")) {
      a.kind = AlterKind::kModifyColumn;
      a.column_keyword = AcceptWord("column");
      a.if_exists = AcceptIfExists();
      a.column = ParseColumnDef();
      a.position = ParsePosition();
      return a;
    }
    if (AcceptWord("change")) {
      a.kind = AlterKind::kChangeColumn;
      a.column_keyword = AcceptWord("column");
      a.if_exists = AcceptIfExists();
      a.name = ParseIdent("a column name");
      a.column = ParseColumnDef();
      a.position = ParsePosition();
      return a;
    }
    if (AcceptWord("rename")) {
      if (AcceptWord("column")) {
        a.kind = AlterKind::kRenameColumn;
        a.if_exists = AcceptIfExists();
        a.name = ParseIdent("a column name");
        ExpectWord("to");
        a.new_name = ParseIdent("the new column name");
        return a;
      }
      if (PeekWord("index") || PeekWord("key")) {
        a.kind = AlterKind::kRenameIndex;
        a.key_keyword = PeekWord("key");
        Next();
        a.name = ParseIdent("an index name");
        ExpectWord("to");
        a.new_name = ParseIdent("the new index name");
        return a;
      }
      a.kind = AlterKind::kRenameTable;
      if (PeekWord("to") || PeekWord("as") || Peek().kind == TokenKind::kEq) {
        a.rename_word = Text(Next());  // RENAME = t: both servers take `=` for TO
      }
      a.table = ParseName(2, "the new table name");
      return a;
    }
    if (PeekWord("convert") && PeekWord("to", 1)) {
      Next();
      Next();
      a.kind = AlterKind::kConvertCharset;
      if (!AcceptWord("charset")) {
        if (!AcceptWord("char")) ExpectWord("character");  // CHAR SET: CHARACTER SET
        ExpectWord("set");
      }
      a.charset = ParseCharsetName();
      if (AcceptWord("collate")) a.collation = ParseCharsetName();
      return a;
    }
    // A table option (ENGINE=x, [DEFAULT] CHARSET=x, AUTO_INCREMENT=n, ALGORITHM=INPLACE, …),
    // else anything else up to the next action, kept as written.
    if (PeekTableOption()) {
      a.kind = AlterKind::kOption;
      a.option = ParseTableOption();
      return a;
    }
    return OtherAction(from);
  }

  // A table option written with `=`: ENGINE=x, [DEFAULT] CHARSET=x, DEFAULT CHARACTER SET=x, …
  bool PeekTableOption() const {
    return Peek().kind == TokenKind::kIdentifier &&
           (Peek(1).kind == TokenKind::kEq ||
            (PeekWord("default") && Peek(2).kind == TokenKind::kEq) ||
            (PeekWord("default") && PeekWord("character", 1) && Peek(3).kind == TokenKind::kEq) ||
            (PeekWord("default") && PeekWord("char", 1) && Peek(3).kind == TokenKind::kEq));
  }

  // [DEFAULT] {COLLATE | CHARSET | CHARACTER SET | CHAR SET} x, ENGINE x or TABLESPACE x
  // without `=`, after another table option (ALTER TABLE t DEFAULT CHARSET=x COLLATE y, as
  // phpMyAdmin writes it).
  bool PeekCharsetOptionWithoutEq() const {
    if ((PeekWord("engine") || PeekWord("tablespace")) && IsIdentToken(Peek(1))) return true;
    const size_t i = PeekWord("default") ? 1 : 0;
    if (PeekWord("collate", i) || PeekWord("charset", i)) {
      return IsIdentToken(Peek(i + 1)) || Peek(i + 1).kind == TokenKind::kString;
    }
    return (PeekWord("character", i) || PeekWord("char", i)) && PeekWord("set", i + 1);
  }

  // Any other action, up to the next comma at this level, kept as written.
  AlterAction OtherAction(size_t from) {
    pos_ = from;
    AlterAction a{};
    a.kind = AlterKind::kOther;
    while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon &&
           Peek().kind != TokenKind::kComma && !PeekWord("partition")) {
      if (Peek().kind == TokenKind::kLParen) {
        SkipParenthesised();
        continue;
      }
      Next();
    }
    if (pos_ == from) Fail("an ALTER TABLE action");
    a.text = TextFrom(from);
    return a;
  }

  // ( [col {, col}] ): columns of INSERT, where a reserved word after a dot is still a name.
  std::span<const Ident> ParseColumnNames() {
    Expect(TokenKind::kLParen, "'('");
    std::vector<Ident> cols;
    if (Peek().kind != TokenKind::kRParen) {
      do {
        Accept(TokenKind::kDot);  // .t.a: as in a column definition (simple_ident_q)
        Name n = ParseName(3, "a column name");
        cols.push_back(n.last());
      } while (Accept(TokenKind::kComma));
    }
    Expect(TokenKind::kRParen, "')' after the column names");
    return Keep(cols);
  }

  // update: UPDATE [hint] [LOW_PRIORITY] [IGNORE] table_ref {, table_ref} SET assignments
  //         [WHERE expr] [ORDER BY …] [LIMIT n]
  Statement* ParseUpdate(bool recursive, std::span<const Cte> with) {
    auto* s = arena_.New<UpdateStatement>();
    s->kind = StatementKind::kUpdate;
    s->recursive = recursive;
    s->with = with;
    ExpectWord("update");
    if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
    s->options = ParseDmlOptions({{"low_priority", kDmlLowPriority}, {"ignore", kDmlIgnore}});
    std::vector<const TableRef*> tables;
    do {
      tables.push_back(ParseTableRef());
    } while (Accept(TokenKind::kComma));
    s->tables = Keep(tables);
    if (tables.size() == 1 && tables[0]->kind == TableRefKind::kTable) s->portion = ParsePortion();
    ExpectWord("set");
    s->set = ParseAssignments();
    if (AcceptWord("where")) s->where = ParseExpr();
    ParseOrderAndLimit(s->order_by, s->limit);
    return s;
  }

  void ParseOrderAndLimit(std::span<const OrderItem>& order_by, const Expr*& limit) {
    if (PeekWord("order") && PeekWord("by", 1)) {
      Next();
      Next();
      order_by = ParseOrderList();
    }
    if (AcceptWord("limit")) limit = ParseLimitValue();
  }

  // delete: DELETE [hint] [LOW_PRIORITY] [QUICK] [IGNORE]
  //         ( FROM name [[AS] alias] [PARTITION (p, …)] [WHERE …] [ORDER BY …] [LIMIT n]
  //         | target {, target} FROM table_ref {, table_ref} [WHERE …]
  //         | FROM target {, target} USING table_ref {, table_ref} [WHERE …] )
  //         where target: name[.*]
  Statement* ParseDelete(bool recursive, std::span<const Cte> with) {
    auto* s = arena_.New<DeleteStatement>();
    s->kind = StatementKind::kDelete;
    s->recursive = recursive;
    s->with = with;
    ExpectWord("delete");
    if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
    s->options = ParseDmlOptions(
        {{"low_priority", kDmlLowPriority}, {"quick", kDmlQuick}, {"ignore", kDmlIgnore}});
    const bool from_first = AcceptWord("from");
    // Multi-table when a list of targets is followed by FROM (or, after FROM, by USING).
    const size_t mark = pos_;
    std::vector<Name> targets;
    std::vector<bool> stars;
    bool multi = false;
    if (IsIdentToken(Peek())) {
      for (;;) {
        targets.push_back(ParseDeleteTarget(&stars));
        if (!Accept(TokenKind::kComma)) break;
      }
      multi = from_first ? PeekWord("using") : PeekWord("from");
    }
    if (multi) {
      s->using_form = from_first;
      Next();  // FROM or USING
      s->targets = Keep(targets);
      std::vector<bool> kept(stars.begin(), stars.end());
      bool* flags = static_cast<bool*>(arena_.Allocate(kept.size(), alignof(bool)));
      for (size_t i = 0; i < kept.size(); ++i) flags[i] = kept[i];
      s->target_stars = std::span<const bool>(flags, kept.size());
      std::vector<const TableRef*> tables;
      do {
        tables.push_back(ParseTableRef());
      } while (Accept(TokenKind::kComma));
      s->tables = Keep(tables);
      if (AcceptWord("where")) s->where = ParseExpr();
      return s;
    }
    if (!from_first) Fail("'FROM' after DELETE");
    pos_ = mark;
    // The single table: name [[AS] alias] [PARTITION (p, …)], the alias first (delete_stmt).
    const uint32_t start = Start();
    auto* t = arena_.New<TableName>();
    t->kind = TableRefKind::kTable;
    t->name = ParseName(2, "a table name");
    t->alias_as = AcceptWord("as");
    if (IsIdentToken(Peek()) && !EndsItem(Text(Peek()))) {
      t->alias = ParseIdent();
    } else if (t->alias_as) {
      Fail("an alias after AS");
    }
    if (AcceptWord("partition")) t->partitions = ParseIdentList();
    t->span = SpanFrom(start);
    std::vector<const TableRef*> tables{t};
    s->tables = Keep(tables);
    s->portion = ParsePortion();
    if (AcceptWord("where")) s->where = ParseExpr();
    ParseOrderAndLimit(s->order_by, s->limit);
    s->returning = ParseReturning();
    return s;
  }

  // portion: [FOR PORTION OF period FROM bit_expr TO bit_expr]   (MariaDB, "Application-Time
  // Periods")
  Portion ParsePortion() {
    Portion p{};
    if (!PeekWord("for") || !PeekWord("portion", 1)) return p;
    Next();
    Next();
    ExpectWord("of");
    p.period = ParseIdent("a period name");
    ExpectWord("from");
    p.from = ParseBitExpr(0);
    ExpectWord("to");
    p.to = ParseBitExpr(0);
    return p;
  }

  Name ParseDeleteTarget(std::vector<bool>* stars) {
    std::vector<Ident> parts{ParseIdent("a table name")};
    bool star = false;
    while (Accept(TokenKind::kDot)) {
      if (Accept(TokenKind::kStar)) {
        star = true;
        break;
      }
      parts.push_back(MakeIdent(Next()));
    }
    stars->push_back(star);
    return Name{Keep(parts)};
  }

  // What an unmodelled statement is, for its note: "CREATE TABLE", "GRANT".
  // Where the statement's first token is, in the script: comments before it are not part of
  // the statement's position (they are part of its text, for the splitter).
  uint32_t FirstTokenOffset() const {
    return base_ + (tokens_.empty() ? 0 : static_cast<uint32_t>(tokens_.front().offset));
  }

  // The statement's kind for a note: its first word, and for CREATE / ALTER / DROP the kind of
  // object, past the clauses that may stand between them:
  //   CREATE [OR REPLACE] [ALGORITHM = x] [DEFINER = user] [SQL SECURITY x] VIEW …  → CREATE VIEW
  //   CREATE DEFINER = `u`@`h` AGGREGATE FUNCTION …                              → CREATE FUNCTION
  // A form of a kind this parser does model keeps its words (CREATE OR REPLACE TABLE, MariaDB),
  // so the note does not claim CREATE TABLE is unmodelled.
  std::string Describe() const {
    std::string what = Upper(Text(Peek()));
    if (PeekWord("show") && Peek(1).kind == TokenKind::kIdentifier) {
      return what + " " + Upper(Text(Peek(1)));
    }
    if (!PeekWord("create") && !PeekWord("alter") && !PeekWord("drop")) return what;
    size_t i = 1;
    std::string modifiers;  // the words skipped, for a modelled kind
    auto skip = [&](size_t n) {
      for (size_t k = 0; k < n; ++k) modifiers += " " + Upper(Text(Peek(i + k)));
      i += n;
    };
    while (Peek(i).kind == TokenKind::kIdentifier) {
      if (PeekWord("or", i) && PeekWord("replace", i + 1)) {
        skip(2);
      } else if ((PeekWord("algorithm", i) || PeekWord("definer", i)) &&
                 Peek(i + 1).kind == TokenKind::kEq) {
        // ALGORITHM = word; DEFINER = user[@host] | CURRENT_USER[()] | CURRENT_ROLE
        i += 2;
        if (Peek(i).kind != TokenKind::kEnd) ++i;
        if (Peek(i).kind == TokenKind::kUserVariable) ++i;  // the lexer reads @host, @'host'
        if (Peek(i).kind == TokenKind::kLParen && Peek(i + 1).kind == TokenKind::kRParen) i += 2;
      } else if (PeekWord("sql", i) && PeekWord("security", i + 1)) {
        i += 3;
      } else if (PeekWord("aggregate", i) || PeekWord("online", i) || PeekWord("offline", i) ||
                 PeekWord("ignore", i) || PeekWord("temporary", i) || PeekWord("unique", i) ||
                 PeekWord("fulltext", i) || PeekWord("spatial", i)) {
        skip(1);
      } else {
        break;
      }
    }
    if (Peek(i).kind != TokenKind::kIdentifier) return what;
    const bool modelled_kind = PeekWord("table", i) || PeekWord("index", i) ||
                               PeekWord("database", i) || PeekWord("schema", i);
    return what + (modelled_kind ? modifiers : "") + " " + Upper(Text(Peek(i)));
  }

 private:
  // --- tokens --------------------------------------------------------------------------------
  const Token& Peek(size_t ahead = 0) const {
    return pos_ + ahead < tokens_.size() ? tokens_[pos_ + ahead] : end_;
  }
  const Token& Next() {
    const Token& t = Peek();
    if (pos_ < tokens_.size()) ++pos_;
    return t;
  }
  // Tokens always lie inside the text: no bounds check (this is called for every keyword test).
  std::string_view Text(const Token& t) const { return {text_.data() + t.offset, t.length}; }
  bool IsWord(const Token& t, std::string_view lower) const {
    return t.kind == TokenKind::kIdentifier && EqualsIgnoreCase(Text(t), lower);
  }
  bool PeekWord(std::string_view lower, size_t ahead = 0) const {
    return IsWord(Peek(ahead), lower);
  }
  bool AcceptWord(std::string_view lower) {
    if (!PeekWord(lower)) return false;
    Next();
    return true;
  }
  void ExpectWord(std::string_view lower) {
    if (!AcceptWord(lower)) Fail(fmt::format("'{}'", Upper(lower)));
  }
  bool Accept(TokenKind kind) {
    if (Peek().kind != kind) return false;
    Next();
    return true;
  }
  void Expect(TokenKind kind, std::string_view what) {
    if (!Accept(kind)) Fail(what);
  }
  static std::string Upper(std::string_view s) { return base::UpperAscii(s); }

  [[noreturn]] void Fail(std::string_view expected) const {
    const Token& t = Peek();
    std::string found;
    if (t.kind == TokenKind::kEnd) {
      found = "end of statement";
    } else {
      std::string_view text = Text(t);
      if (text.size() > 30) text = text.substr(0, 30);
      found = fmt::format("'{}'", text);
    }
    throw Failure{t.offset, fmt::format("expected {}, found {}", expected, found)};
  }

  Span SpanFrom(uint32_t start) const {
    const uint32_t end = pos_ > 0 ? tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length : start;
    return Abs({start, end > start ? end - start : 0});
  }
  Span Abs(Span s) const { return {s.offset + base_, s.length}; }
  uint32_t Start() const { return Peek().offset; }

  struct DepthGuard {
    explicit DepthGuard(StatementParser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) {
        throw Failure{p_.Peek().offset, "expression nested too deeply"};
      }
    }
    ~DepthGuard() { --p_.depth_; }
    StatementParser& p_;
  };

  template <typename T>
  std::span<const T> Keep(const std::vector<T>& items) {
    return arena_.Copy(items);
  }

  // --- names ---------------------------------------------------------------------------------
  bool IsIdentToken(const Token& t) const {
    return t.kind == TokenKind::kQuotedIdentifier ||
           (t.kind == TokenKind::kIdentifier && (!IsReservedWord(Text(t)) || BeforeDotName(t)));
  }
  Ident MakeIdent(const Token& t) const { return Ident{Text(t), t.offset + base_}; }

  // A word written right before `.name` is a name, reserved or not: both servers' lexers skip
  // the keyword lookup there (sql_lex.cc: `if (start == get_ptr() && c == '.' && ident_map…`),
  // so default.t, trigger.num and select.desc are qualified names.
  bool BeforeDotName(const Token& t) const {
    const size_t dot = t.offset + t.length;
    if (dot + 1 >= text_.size() || text_[dot] != '.') return false;
    const unsigned char c = text_[dot + 1];
    return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
  }

  // ident: identifier | `quoted identifier`  (a reserved word needs quotes)
  Ident ParseIdent(std::string_view what = "an identifier") {
    if (!IsIdentToken(Peek())) Fail(what);
    return MakeIdent(Next());
  }

  // name: ident {. ident}  (after a dot any word is a name, reserved or not)
  Name ParseName(size_t max_parts, std::string_view what) {
    std::vector<Ident> parts{ParseIdent(what)};
    while (
        parts.size() < max_parts && Peek().kind == TokenKind::kDot &&
        (Peek(1).kind == TokenKind::kIdentifier || Peek(1).kind == TokenKind::kQuotedIdentifier)) {
      Next();
      parts.push_back(MakeIdent(Next()));
    }
    return Name{Keep(parts)};
  }

  std::span<const Ident> ParseIdentList() {  // ( ident {, ident} )
    Expect(TokenKind::kLParen, "'('");
    std::vector<Ident> ids;
    if (Peek().kind != TokenKind::kRParen) {
      do {
        ids.push_back(ParseIdent());
      } while (Accept(TokenKind::kComma));
    }
    Expect(TokenKind::kRParen, "')'");
    return Keep(ids);
  }

  // --- queries -------------------------------------------------------------------------------
  // query: [WITH [RECURSIVE] cte {, cte}] union_term [ORDER BY …] [LIMIT …] [locking]
  const Query* ParseQuery() {
    DepthGuard guard(*this);
    const uint32_t start = Start();
    auto* q = arena_.New<Query>();
    if (AcceptWord("with")) {
      q->recursive = AcceptWord("recursive");
      q->with = ParseCtes();
    }
    q->term = ParseUnionTerm();
    if (AcceptWord("order")) {
      ExpectWord("by");
      q->order_by = ParseOrderList();
    }
    ParseLimit(*q);
    ParseLocking(*q);
    if (PeekWord("into")) q->into = ParseInto();
    q->span = SpanFrom(start);
    return q;
  }

  // union_term: intersect_term {(UNION | EXCEPT) [ALL | DISTINCT] intersect_term}
  const QueryTerm* ParseUnionTerm() {
    const uint32_t start = Start();
    const QueryTerm* left = ParseIntersectTerm();
    while (PeekWord("union") || PeekWord("except")) {
      const SetOp op = PeekWord("union") ? SetOp::kUnion : SetOp::kExcept;
      Next();
      left = MakeSetOp(start, op, left, [this] { return ParseIntersectTerm(); });
    }
    return left;
  }

  // intersect_term: query_primary {INTERSECT [ALL | DISTINCT] query_primary}
  // (INTERSECT binds tighter than UNION and EXCEPT, as in MySQL 8.0.31 and MariaDB 10.4.)
  const QueryTerm* ParseIntersectTerm() {
    const uint32_t start = Start();
    const QueryTerm* left = ParseQueryPrimary();
    while (AcceptWord("intersect")) {
      left = MakeSetOp(start, SetOp::kIntersect, left, [this] { return ParseQueryPrimary(); });
    }
    return left;
  }

  template <typename F>
  const QueryTerm* MakeSetOp(uint32_t start, SetOp op, const QueryTerm* left, F right) {
    auto* set = arena_.New<SetOperation>();
    set->op = op;
    set->all = AcceptWord("all");
    if (!set->all) set->distinct_keyword = AcceptWord("distinct");
    // MySQL's lexer makes DISTINCTROW the DISTINCT token: UNION DISTINCTROW is UNION DISTINCT.
    if (!set->all && !set->distinct_keyword) set->distinct_keyword = AcceptWord("distinctrow");
    set->left = left;
    set->right = right();
    auto* term = arena_.New<QueryTerm>();
    term->set_op = set;
    term->span = SpanFrom(start);
    return term;
  }

  // query_primary: select_block | ( query ) | TABLE name | values_rows
  const QueryTerm* ParseQueryPrimary() {
    const uint32_t start = Start();
    auto* term = arena_.New<QueryTerm>();
    if (Accept(TokenKind::kLParen)) {
      term->parens = ParseQuery();
      Expect(TokenKind::kRParen, "')' after the parenthesised query");
    } else if (PeekWord("select")) {
      term->select = ParseSelect();
    } else if (AcceptWord("table")) {  // MySQL 8.0 15.2.16 "TABLE Statement"
      auto* t = arena_.New<TableName>();
      t->kind = TableRefKind::kTable;
      const uint32_t name_start = Start();
      t->name = ParseName(2, "a table name");
      t->span = SpanFrom(name_start);
      term->table = t;
    } else if (PeekWord("values")) {
      term->values = ParseValuesRows();
    } else {
      Fail("'SELECT' or '('");
    }
    term->span = SpanFrom(start);
    return term;
  }

  // values_rows: VALUES ROW(expr, …) {, ROW(expr, …)}   (MySQL 8.0 15.2.19 "VALUES Statement")
  //            | VALUES (expr, …) {, (expr, …)}       (MariaDB 10.3.3, table value constructor)
  const ValuesRows* ParseValuesRows() {
    ExpectWord("values");
    auto* v = arena_.New<ValuesRows>();
    v->row_keyword = PeekWord("row");
    std::vector<std::span<const Expr* const>> rows;
    do {
      if (v->row_keyword) ExpectWord("row");
      Expect(TokenKind::kLParen, v->row_keyword ? "'(' after ROW" : "'(' before the row of values");
      rows.push_back(ParseExprList());
      Expect(TokenKind::kRParen, "')' after the row of values");
    } while (Accept(TokenKind::kComma));
    v->rows = Keep(rows);
    return v;
  }

  // select_block: SELECT [hint] {modifier} item {, item} [FROM …] [WHERE expr]
  //               [GROUP BY … [WITH ROLLUP]] [HAVING expr] [WINDOW w AS (…) {, …}]
  const Select* ParseSelect() {
    const uint32_t start = Start();
    ExpectWord("select");
    auto* s = arena_.New<Select>();
    if (Peek().kind == TokenKind::kHint) s->hint = Text(Next());
    s->options = ParseSelectOptions();
    std::vector<SelectItem> items;
    do {
      items.push_back(ParseSelectItem());
    } while (Accept(TokenKind::kComma));
    s->items = Keep(items);
    if (PeekWord("into")) s->into = ParseInto();
    if (AcceptWord("from")) {
      if (AcceptWord("dual")) {
        s->from_dual = true;
      } else {
        std::vector<const TableRef*> from;
        do {
          from.push_back(ParseTableRef());
        } while (Accept(TokenKind::kComma));
        s->from = Keep(from);
      }
    }
    if (AcceptWord("where")) s->where = ParseExpr();
    if (AcceptWord("group")) {
      ExpectWord("by");
      std::vector<const Expr*> group;
      std::vector<Direction> directions;
      do {
        group.push_back(ParseExpr());
        directions.push_back(ParseDirection());
      } while (Accept(TokenKind::kComma));
      s->group_by = Keep(group);
      if (std::any_of(directions.begin(), directions.end(),
                      [](Direction d) { return d != Direction::kNone; })) {
        s->group_by_directions = Keep(directions);
      }
      if (PeekWord("with") && PeekWord("rollup", 1)) {
        Next();
        Next();
        s->with_rollup = true;
      }
    }
    if (AcceptWord("having")) s->having = ParseExpr();
    if (AcceptWord("window")) {
      std::vector<NamedWindow> windows;
      do {
        NamedWindow w{};
        w.name = ParseIdent("a window name");
        ExpectWord("as");
        w.spec = ParseWindowSpec();
        windows.push_back(w);
      } while (Accept(TokenKind::kComma));
      s->windows = Keep(windows);
    }
    s->span = SpanFrom(start);
    return s;
  }

  // into: INTO {@var | name} {, …} | INTO OUTFILE 'file' [export options] | INTO DUMPFILE 'file'
  // Kept as written: what matters to the advisor is the query, not where its rows go.
  std::string_view ParseInto() {
    const uint32_t start = Start();
    ExpectWord("into");
    if (AcceptWord("outfile") || AcceptWord("dumpfile")) {
      if (Peek().kind != TokenKind::kString) Fail("a file name string");
      Next();
      static constexpr std::string_view kEnds[] = {"from",   "where", "group",     "having",
                                                   "window", "order", "limit",     "for",
                                                   "lock",   "union", "intersect", "except"};
      const auto at_clause = [&] {
        return std::any_of(std::begin(kEnds), std::end(kEnds),
                           [&](std::string_view w) { return IsWord(Peek(), w); });
      };
      while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kRParen &&
             Peek().kind != TokenKind::kSemicolon && !at_clause()) {
        Next();
      }
    } else {
      do {
        const TokenKind k = Peek().kind;
        if (k != TokenKind::kUserVariable && k != TokenKind::kIdentifier &&
            k != TokenKind::kQuotedIdentifier) {
          Fail("a variable after INTO");
        }
        Next();
      } while (Accept(TokenKind::kComma));
    }
    const Span span = SpanFrom(start);
    return {text_.data() + (span.offset - base_), span.length};
  }

  uint32_t ParseSelectOptions() {
    static constexpr std::pair<std::string_view, uint32_t> kOptions[] = {
        {"all", kAll},
        {"distinct", kDistinct},
        {"distinctrow", kDistinctRow},
        {"high_priority", kHighPriority},
        {"straight_join", kStraightJoin},
        {"sql_small_result", kSqlSmallResult},
        {"sql_big_result", kSqlBigResult},
        {"sql_buffer_result", kSqlBufferResult},
        {"sql_no_cache", kSqlNoCache},
        {"sql_cache", kSqlCache},
        {"sql_calc_found_rows", kSqlCalcFoundRows},
    };
    uint32_t options = 0;
    for (bool found = true; found;) {
      found = false;
      for (const auto& [word, bit] : kOptions) {
        if (AcceptWord(word)) {
          options |= bit;
          found = true;
        }
      }
    }
    return options;
  }

  // item: * | name.* | expr [[AS] alias]
  SelectItem ParseSelectItem() {
    SelectItem item{};
    const uint32_t start = Start();
    if (Peek().kind == TokenKind::kStar) {
      Next();
      auto* star = arena_.New<Column>();
      star->kind = ExprKind::kColumn;
      star->star = true;
      star->span = SpanFrom(start);
      item.expr = star;
      return item;
    }
    item.expr = ParseExpr();
    if (AcceptWord("as")) {
      item.alias_as = true;
      if (Peek().kind == TokenKind::kString) {
        item.string_alias = Text(Next());
      } else {
        item.alias = ParseIdent("an alias");
      }
    } else if (Peek().kind == TokenKind::kString) {
      item.string_alias = Text(Next());
    } else if (IsIdentToken(Peek()) && !EndsItem(Text(Peek())) && !StandardOffsetAt(0)) {
      item.alias = MakeIdent(Next());
    }
    return item;
  }

  Direction ParseDirection() {
    if (AcceptWord("asc")) return Direction::kAsc;
    if (AcceptWord("desc")) return Direction::kDesc;
    return Direction::kNone;
  }

  std::span<const OrderItem> ParseOrderList() {
    std::vector<OrderItem> items;
    do {
      OrderItem item{};
      item.expr = ParseExpr();
      item.direction = ParseDirection();
      items.push_back(item);
    } while (Accept(TokenKind::kComma));
    return Keep(items);
  }

  // limit: LIMIT count | LIMIT offset, count | LIMIT count OFFSET offset | fetch_first
  void ParseLimit(Query& q) {
    if (PeekWord("offset") || PeekWord("fetch")) return ParseFetchFirst(q);
    if (!AcceptWord("limit")) return;
    const Expr* first = ParseLimitValue();
    if (Accept(TokenKind::kComma)) {
      q.offset = first;
      q.limit = ParseLimitValue();
    } else if (AcceptWord("offset")) {
      q.limit = first;
      q.offset = ParseLimitValue();
      q.offset_keyword = true;
    } else {
      q.limit = first;
    }
  }

  // fetch_first (MariaDB 10.6, the SQL standard's form of LIMIT):
  //   [OFFSET offset {ROW | ROWS}] [FETCH {FIRST | NEXT} [count] {ROW | ROWS} {ONLY | WITH TIES}]
  // WITH TIES needs an ORDER BY (ER_WITH_TIES_NEEDS_ORDER).
  void ParseFetchFirst(Query& q) {
    if (AcceptWord("offset")) {
      q.offset = ParseLimitValue();
      if (!PeekWord("row") && !PeekWord("rows")) Fail("'ROW' or 'ROWS' after OFFSET n");
      q.offset_rows = Text(Next());
    }
    if (!PeekWord("fetch")) return;
    const Token& fetch = Next();
    q.fetch = true;
    if (!PeekWord("first") && !PeekWord("next")) Fail("'FIRST' or 'NEXT' after FETCH");
    q.fetch_first = Text(Next());
    if (!PeekWord("row") && !PeekWord("rows")) q.limit = ParseLimitValue();
    if (!PeekWord("row") && !PeekWord("rows")) Fail("'ROW' or 'ROWS'");
    q.fetch_rows = Text(Next());
    if (AcceptWord("with")) {
      ExpectWord("ties");
      q.with_ties = true;
      if (q.order_by.empty()) {
        throw Failure{fetch.offset, "FETCH … WITH TIES needs ORDER BY"};
      }
    } else {
      ExpectWord("only");
    }
  }

  // OFFSET n ROW[S] at Peek(ahead): the standard offset clause, never a table alias.
  bool StandardOffsetAt(size_t ahead) const {
    if (!PeekWord("offset", ahead)) return false;
    const TokenKind k = Peek(ahead + 1).kind;
    const bool value = k == TokenKind::kNumber || k == TokenKind::kParam ||
                       k == TokenKind::kNamedParam || k == TokenKind::kUserVariable ||
                       k == TokenKind::kIdentifier;
    return value && (PeekWord("row", ahead + 2) || PeekWord("rows", ahead + 2));
  }

  const Expr* ParseLimitValue() {
    const Token& t = Peek();
    if (t.kind != TokenKind::kNumber && t.kind != TokenKind::kParam &&
        t.kind != TokenKind::kNamedParam && t.kind != TokenKind::kUserVariable &&
        t.kind != TokenKind::kIdentifier) {
      Fail("a number or a parameter after LIMIT");
    }
    return ParsePrimary();
  }

  // locking: locking_clause {locking_clause}   (MySQL 8.0 takes several, MariaDB one)
  void ParseLocking(Query& q) {
    LockingClause first{};
    if (!ParseLockingClause(first)) return;
    q.lock = first.mode;
    q.lock_of = first.of;
    q.lock_wait = first.wait;
    q.lock_wait_seconds = first.wait_seconds;
    std::vector<LockingClause> more;
    for (LockingClause next{}; ParseLockingClause(next); next = LockingClause{}) {
      more.push_back(next);
    }
    q.more_locks = Keep(more);
  }

  // locking_clause: FOR {UPDATE | SHARE} [OF t {, t}] [lock_wait] | LOCK IN SHARE MODE [lock_wait]
  // (MySQL 8.0 15.2.13.2; MariaDB 10.6 allows NOWAIT and SKIP LOCKED after LOCK IN SHARE MODE,
  // and WAIT n after either, "WAIT and NOWAIT".)
  bool ParseLockingClause(LockingClause& c) {
    if (PeekWord("lock") && PeekWord("in", 1)) {
      Next();
      Next();
      ExpectWord("share");
      ExpectWord("mode");
      c.mode = LockMode::kLockInShareMode;
      ParseLockWait(c);
      return true;
    }
    if (!AcceptWord("for")) return false;
    if (AcceptWord("update")) {
      c.mode = LockMode::kForUpdate;
    } else if (AcceptWord("share")) {
      c.mode = LockMode::kForShare;
    } else {
      Fail("'UPDATE' or 'SHARE' after FOR");
    }
    if (AcceptWord("of")) {
      std::vector<Ident> tables;
      do {
        tables.push_back(ParseIdent("a table name"));
      } while (Accept(TokenKind::kComma));
      c.of = Keep(tables);
    }
    ParseLockWait(c);
    return true;
  }

  // lock_wait: NOWAIT | SKIP LOCKED | WAIT n
  void ParseLockWait(LockingClause& c) {
    if (AcceptWord("nowait")) {
      c.wait = LockWait::kNoWait;
    } else if (PeekWord("skip") && PeekWord("locked", 1)) {
      Next();
      Next();
      c.wait = LockWait::kSkipLocked;
    } else if (PeekWord("wait") && Peek(1).kind == TokenKind::kNumber) {
      Next();
      c.wait_seconds = ParsePrimary();
    }
  }

  // --- FROM ------------------------------------------------------------------------------------
  // table_ref: table_factor {join_clause}
  const TableRef* ParseTableRef() {
    const uint32_t start = Start();
    return ParseJoins(start, ParseTableFactor());
  }

  // joins: {join_clause} after the table reference `left`, which began at `start`. The right
  // side of a join is a table factor, or a join itself when an ON or USING for this join comes
  // after the joins that follow: `a JOIN b JOIN c ON b.x = c.x ON a.y = b.y` is
  // a JOIN (b JOIN c ON …) ON … (MySQL 8.0 15.2.13.2: an ON binds to the innermost join still
  // open, as in sql_yacc.yy, where a conditionless join has the lowest precedence).
  const TableRef* ParseJoins(uint32_t start, const TableRef* left) {
    DepthGuard guard(*this);
    for (;;) {
      auto* join = arena_.New<Join>();
      join->kind = TableRefKind::kJoin;
      if (AcceptWord("straight_join")) {
        join->join = JoinKind::kStraight;
      } else if (PeekWord("join") || PeekWord("inner") || PeekWord("cross")) {
        join->join = PeekWord("cross") ? JoinKind::kCross : JoinKind::kInner;
        join->inner_keyword = PeekWord("inner");
        if (!PeekWord("join")) Next();
        ExpectWord("join");
      } else if (PeekWord("left") || PeekWord("right")) {
        join->join = PeekWord("left") ? JoinKind::kLeft : JoinKind::kRight;
        Next();
        join->inner_keyword = AcceptWord("outer");
        ExpectWord("join");
      } else if (AcceptWord("natural")) {
        join->join = JoinKind::kNaturalInner;
        if (AcceptWord("left"))
          join->join = JoinKind::kNaturalLeft;
        else if (AcceptWord("right"))
          join->join = JoinKind::kNaturalRight;
        else
          join->inner_keyword = AcceptWord("inner");
        if (join->join != JoinKind::kNaturalInner) join->inner_keyword = AcceptWord("outer");
        ExpectWord("join");
      } else {
        return left;
      }
      join->left = left;
      const uint32_t right_start = Start();
      join->right = ParseTableFactor();
      const bool natural = join->join == JoinKind::kNaturalInner ||
                           join->join == JoinKind::kNaturalLeft ||
                           join->join == JoinKind::kNaturalRight;
      if (!natural) {
        if (!PeekWord("on") && !PeekWord("using") && ConditionAfterJoins()) {
          join->right = ParseJoins(right_start, join->right);
        }
        if (AcceptWord("on")) {
          join->on = ParseExpr();
        } else if (PeekWord("using")) {
          Next();
          join->using_columns = ParseIdentList();
          join->has_using = true;
        } else if (join->join == JoinKind::kLeft || join->join == JoinKind::kRight) {
          Fail("'ON' or 'USING' after the joined table");
        }
      }
      join->span = SpanFrom(start);
      left = join;
    }
  }

  // Whether the joins that start here are followed by an ON or USING for the join just read,
  // which needs them as its right side. Counted over the tokens, not parsed: each JOIN (not a
  // NATURAL one) opens a join, each ON or USING closes the innermost one open; the clause ends
  // at a comma, a closing parenthesis or brace, or the next clause. Text in parentheses or
  // { OJ … } braces is skipped whole.
  bool ConditionAfterJoins() const {
    if (!PeekWord("join") && !PeekWord("inner") && !PeekWord("cross") && !PeekWord("left") &&
        !PeekWord("right") && !PeekWord("straight_join")) {
      return false;
    }
    static constexpr std::string_view kEnds[] = {
        "where",  "group",     "having", "window", "order", "limit",     "union",
        "except", "intersect", "lock",   "into",   "set",   "returning", "fetch"};
    int open = 1;
    int depth = 0;
    bool natural = false;
    for (size_t i = 0;; ++i) {
      const Token& t = Peek(i);
      if (t.kind == TokenKind::kEnd || t.kind == TokenKind::kSemicolon) return false;
      if (t.kind == TokenKind::kLParen || t.kind == TokenKind::kLBrace) ++depth;
      if ((t.kind == TokenKind::kRParen || t.kind == TokenKind::kRBrace) && depth-- == 0) {
        return false;
      }
      if (depth > 0 || t.kind != TokenKind::kIdentifier) {
        if (depth == 0 && t.kind == TokenKind::kComma) return false;
        continue;
      }
      const std::string_view w = Text(t);
      if (EqualsIgnoreCase(w, "natural")) {
        natural = true;
      } else if (EqualsIgnoreCase(w, "join") || EqualsIgnoreCase(w, "straight_join")) {
        if (!natural) ++open;
        natural = false;
      } else if (EqualsIgnoreCase(w, "on") && PeekWord("duplicate", i + 1)) {
        return false;  // INSERT … SELECT … ON DUPLICATE KEY UPDATE
      } else if (EqualsIgnoreCase(w, "on") || EqualsIgnoreCase(w, "using")) {
        if (--open == 0) return true;
      } else if (EqualsIgnoreCase(w, "for")) {
        // USE INDEX FOR JOIN (…) and FOR SYSTEM_TIME … belong to a table; FOR UPDATE ends.
        if (PeekWord("join", i + 1)) {
          ++i;
        } else if (!PeekWord("order", i + 1) && !PeekWord("group", i + 1) &&
                   !PeekWord("system_time", i + 1)) {
          return false;
        }
      } else if (IsOneOf(w, kEnds) && !(i > 0 && PeekWord("for", i - 1))) {
        return false;
      }
    }
  }

  // table_factor: name [PARTITION (p, …)] [[AS] alias] {index_hint}
  //             | [LATERAL] ( query ) [AS] alias [(col, …)]
  //             | ( table_ref {, table_ref} ) | { OJ table_ref }
  const TableRef* ParseTableFactor() {
    DepthGuard guard(*this);
    const uint32_t start = Start();
    const bool lateral = AcceptWord("lateral");
    // In FROM, `(VALUES (…` can only be MariaDB's table value constructor.
    if (Peek().kind == TokenKind::kLParen && (lateral || QueryAt(0) || PeekWord("values", 1))) {
      Next();
      auto* d = arena_.New<DerivedTable>();
      d->kind = TableRefKind::kDerived;
      d->lateral = lateral;
      d->query = ParseQuery();
      Expect(TokenKind::kRParen, "')' after the derived table's query");
      d->alias_as = AcceptWord("as");
      if (IsIdentToken(Peek())) {
        d->alias = ParseIdent();
      } else if (d->alias_as) {
        Fail("an alias after AS");
      }
      if (Peek().kind == TokenKind::kLParen) d->columns = ParseIdentList();
      d->span = SpanFrom(start);
      return d;
    }
    if (lateral) Fail("'(' after LATERAL");
    if (PeekWord("json_table") && Peek(1).kind == TokenKind::kLParen) return ParseJsonTable();
    if (Accept(TokenKind::kLBrace)) {  // { OJ table_ref }: ODBC's escape for an outer join
      auto* p = arena_.New<ParenTables>();
      p->kind = TableRefKind::kParens;
      p->odbc_escape = true;
      ExpectWord("oj");
      const TableRef* inner = ParseTableRef();
      p->items = arena_.Copy(std::vector<const TableRef*>{inner});
      Expect(TokenKind::kRBrace, "'}' after the { OJ … } join");
      p->span = SpanFrom(start);
      return p;
    }
    if (Accept(TokenKind::kLParen)) {
      auto* p = arena_.New<ParenTables>();
      p->kind = TableRefKind::kParens;
      std::vector<const TableRef*> items;
      do {
        items.push_back(ParseTableRef());
      } while (Accept(TokenKind::kComma));
      Expect(TokenKind::kRParen, "')' after the parenthesised tables");
      p->items = Keep(items);
      p->span = SpanFrom(start);
      return p;
    }
    auto* t = arena_.New<TableName>();
    t->kind = TableRefKind::kTable;
    t->name = ParseName(2, "a table name");
    if (AcceptWord("partition")) t->partitions = ParseIdentList();
    if (PeekWord("for") && PeekWord("system_time", 1)) t->system_time = ParseSystemTime();
    t->alias_as = AcceptWord("as");
    if (IsIdentToken(Peek()) && !EndsItem(Text(Peek())) && (t->alias_as || !StandardOffsetAt(0))) {
      t->alias = ParseIdent();
    } else if (t->alias_as) {
      Fail("an alias after AS");
    }
    std::vector<IndexHint> hints;
    while (PeekWord("use") || PeekWord("force") || PeekWord("ignore")) {
      IndexHint h{};
      h.action = PeekWord("use")     ? HintAction::kUse
                 : PeekWord("force") ? HintAction::kForce
                                     : HintAction::kIgnore;
      Next();
      if (AcceptWord("key")) {
        h.key_keyword = true;
      } else {
        ExpectWord("index");
      }
      if (AcceptWord("for")) {
        if (AcceptWord("join")) {
          h.scope = HintScope::kJoin;
        } else if (AcceptWord("order")) {
          ExpectWord("by");
          h.scope = HintScope::kOrderBy;
        } else {
          ExpectWord("group");
          ExpectWord("by");
          h.scope = HintScope::kGroupBy;
        }
      }
      h.indexes = ParseIndexNames();
      hints.push_back(h);
    }
    t->hints = Keep(hints);
    t->span = SpanFrom(start);
    return t;
  }

  // json_table: JSON_TABLE ( expr , path COLUMNS ( json_column {, json_column} ) ) [AS] alias
  // (MySQL 8.0 14.17.6: the alias is required, as for every derived table.)
  const TableRef* ParseJsonTable() {
    const uint32_t start = Start();
    auto* t = arena_.New<JsonTable>();
    t->kind = TableRefKind::kJsonTable;
    ExpectWord("json_table");
    Expect(TokenKind::kLParen, "'(' after JSON_TABLE");
    t->expr = ParseExpr();
    Expect(TokenKind::kComma, "',' before the JSON_TABLE path");
    t->path = ParseJsonPath();
    t->columns = ParseJsonColumns();
    Expect(TokenKind::kRParen, "')' after the JSON_TABLE columns");
    t->alias_as = AcceptWord("as");
    t->alias = ParseIdent("an alias for JSON_TABLE");
    t->span = SpanFrom(start);
    return t;
  }

  // The path of JSON_TABLE and its columns: a string literal.
  const Expr* ParseJsonPath() {
    if (Peek().kind != TokenKind::kString) Fail("a JSON path string");
    return ParsePrimary();
  }

  // COLUMNS ( json_column {, json_column} )
  // json_column: name FOR ORDINALITY
  //            | name type [EXISTS] PATH path [json_on_event ON EMPTY] [json_on_event ON ERROR]
  //            | NESTED [PATH] path COLUMNS ( … )
  std::span<const JsonTableColumn> ParseJsonColumns() {
    DepthGuard guard(*this);
    ExpectWord("columns");
    Expect(TokenKind::kLParen, "'(' after COLUMNS");
    std::vector<JsonTableColumn> columns;
    do {
      JsonTableColumn c{};
      if (AcceptWord("nested")) {
        c.kind = JsonColumnKind::kNested;
        c.path_keyword = AcceptWord("path");
        c.path = ParseJsonPath();
        c.nested = ParseJsonColumns();
        columns.push_back(c);
        continue;
      }
      c.name = ParseIdent("a column name");
      if (AcceptWord("for")) {
        ExpectWord("ordinality");
        c.kind = JsonColumnKind::kOrdinality;
        columns.push_back(c);
        continue;
      }
      c.type = ParseColumnType();
      c.kind = AcceptWord("exists") ? JsonColumnKind::kExists : JsonColumnKind::kPath;
      ExpectWord("path");
      c.path = ParseJsonPath();
      if (c.kind == JsonColumnKind::kPath) {
        // ON EMPTY and ON ERROR in either order (MySQL 8.0.20 deprecates ON ERROR first).
        for (int i = 0; i < 2; ++i) {
          if (!PeekWord("null") && !PeekWord("error") && !PeekWord("default")) break;
          JsonOnEvent event{};
          event.action = Text(Next());
          if (EqualsIgnoreCase(event.action, "default")) {
            if (Peek().kind != TokenKind::kString) Fail("a string after DEFAULT");
            event.default_value = ParsePrimary();
          }
          ExpectWord("on");
          if (AcceptWord("empty") && c.on_empty.action.empty()) {
            c.on_empty = event;
          } else if (AcceptWord("error") && c.on_error.action.empty()) {
            c.on_error = event;
          } else {
            Fail("'EMPTY' or 'ERROR' after ON");
          }
        }
      }
      columns.push_back(c);
    } while (Accept(TokenKind::kComma));
    Expect(TokenKind::kRParen, "')' after the columns");
    return Keep(columns);
  }

  // system_time: FOR SYSTEM_TIME {AS OF point | BETWEEN point AND point | FROM point TO point
  //                               | ALL}   (MariaDB, "System-Versioned Tables")
  SystemTime ParseSystemTime() {
    ExpectWord("for");
    ExpectWord("system_time");
    SystemTime st{};
    if (AcceptWord("all")) {
      st.kind = SystemTimeKind::kAll;
    } else if (AcceptWord("as")) {
      ExpectWord("of");
      st.kind = SystemTimeKind::kAsOf;
      st.start = ParseHistoryPoint();
    } else if (AcceptWord("between")) {
      st.kind = SystemTimeKind::kBetween;
      st.start = ParseHistoryPoint();
      ExpectWord("and");
      st.end = ParseHistoryPoint();
    } else if (AcceptWord("from")) {
      st.kind = SystemTimeKind::kFromTo;
      st.start = ParseHistoryPoint();
      ExpectWord("to");
      st.end = ParseHistoryPoint();
    } else {
      Fail("AS OF, BETWEEN, FROM or ALL after FOR SYSTEM_TIME");
    }
    return st;
  }

  // point: [TIMESTAMP | TRANSACTION] bit_expr   (AND ends it, as in BETWEEN)
  HistoryPoint ParseHistoryPoint() {
    HistoryPoint p{};
    if ((PeekWord("timestamp") && Peek(1).kind != TokenKind::kString) || PeekWord("transaction")) {
      p.unit = Text(Next());
    }
    p.value = ParseBitExpr(0);
    return p;
  }

  // ( [index_name {, index_name}] ): PRIMARY is a reserved word that names an index here.
  std::span<const Ident> ParseIndexNames() {
    Expect(TokenKind::kLParen, "'(' before the index names");
    std::vector<Ident> names;
    if (Peek().kind != TokenKind::kRParen) {
      do {
        if (PeekWord("primary")) {
          names.push_back(MakeIdent(Next()));
        } else {
          names.push_back(ParseIdent("an index name"));
        }
      } while (Accept(TokenKind::kComma));
    }
    Expect(TokenKind::kRParen, "')' after the index names");
    return Keep(names);
  }

  // sequence_value: {NEXT | PREVIOUS} VALUE FOR [db.]seq   (MariaDB 10.3, "Sequence Overview")
  const Expr* ParseSequenceValue() {
    auto* e = NewExpr<SequenceValue>(Start());
    e->next = PeekWord("next");
    Next();
    Next();
    Next();
    e->sequence = ParseName(2, "a sequence name");
    return Finish(e);
  }

  // Whether the parentheses opening at Peek(ahead) hold a query: `(SELECT …)`, `((SELECT …))`,
  // `((SELECT …) UNION (SELECT …))`, but not `((SELECT …) AS d JOIN t …)`, where the outer
  // parentheses hold tables, nor `((SELECT …) + 1)`, where they hold an expression.
  bool QueryAt(size_t ahead, int nesting = 0) const {
    if (Peek(ahead).kind != TokenKind::kLParen) return false;
    if (PeekWord("select", ahead + 1) || PeekWord("with", ahead + 1) ||
        TableOrValuesAt(ahead + 1)) {
      return true;
    }
    if (Peek(ahead + 1).kind != TokenKind::kLParen || nesting > 32 ||
        !QueryAt(ahead + 1, nesting + 1)) {
      return false;
    }
    const Token& after = Peek(MatchingParen(ahead + 1) + 1);
    return after.kind == TokenKind::kRParen || IsWord(after, "union") || IsWord(after, "except") ||
           IsWord(after, "intersect") || IsWord(after, "order") || IsWord(after, "limit");
  }

  // TABLE t or VALUES ROW(…) at Peek(ahead): a query inside parentheses. VALUES without ROW is
  // not taken here: `(VALUES(col))` is the function of ON DUPLICATE KEY UPDATE.
  bool TableOrValuesAt(size_t ahead) const {
    return PeekWord("table", ahead) || (PeekWord("values", ahead) && PeekWord("row", ahead + 1));
  }

  // The index (relative to the current token) of the ')' that closes the '(' at `ahead`.
  size_t MatchingParen(size_t ahead) const {
    int depth = 0;
    for (size_t i = ahead;; ++i) {
      const Token& t = Peek(i);
      if (t.kind == TokenKind::kEnd) return i;
      if (t.kind == TokenKind::kLParen) ++depth;
      if (t.kind == TokenKind::kRParen && --depth == 0) return i;
    }
  }

  // --- expressions -----------------------------------------------------------------------------
  template <typename T>
  T* NewExpr(uint32_t start) {
    T* e = arena_.New<T>();
    e->kind = T::kKind;
    e->span = Abs({start, 0});
    return e;
  }
  template <typename T>
  const T* Finish(T* e) {
    e->span = SpanFrom(e->span.offset - base_);
    return e;
  }

  const Binary* MakeBinary(uint32_t start, BinaryOp op, const Expr* l, const Expr* r,
                           Quantifier q = Quantifier::kNone) {
    auto* b = NewExpr<Binary>(start);
    b->op = op;
    b->left = l;
    b->right = r;
    b->quantifier = q;
    return Finish(b);
  }

  // expr: or_expr [:= expr]   (assignment to a user variable, lowest precedence)
  const Expr* ParseExpr() {
    DepthGuard guard(*this);
    const uint32_t start = Start();
    const Expr* left = ParseOr();
    if (Peek().kind == TokenKind::kAssign) {
      if (left->kind != ExprKind::kVariable) Fail("a user variable before ':='");
      Next();
      return MakeBinary(start, BinaryOp::kAssign, left, ParseExpr());
    }
    return left;
  }

  // or_expr: xor_expr {(OR | ||) xor_expr}
  const Expr* ParseOr() {
    const uint32_t start = Start();
    const Expr* left = ParseXor();
    while (PeekWord("or") || Peek().kind == TokenKind::kOrOr) {
      Next();
      left = MakeBinary(start, BinaryOp::kOr, left, ParseXor());
    }
    return left;
  }

  // xor_expr: and_expr {XOR and_expr}
  const Expr* ParseXor() {
    const uint32_t start = Start();
    const Expr* left = ParseAnd();
    while (AcceptWord("xor")) left = MakeBinary(start, BinaryOp::kXor, left, ParseAnd());
    return left;
  }

  // and_expr: not_expr {(AND | &&) not_expr}
  const Expr* ParseAnd() {
    const uint32_t start = Start();
    const Expr* left = ParseNot();
    while (PeekWord("and") || Peek().kind == TokenKind::kAndAnd) {
      Next();
      left = MakeBinary(start, BinaryOp::kAnd, left, ParseNot());
    }
    return left;
  }

  // not_expr: NOT not_expr | bool_pri
  const Expr* ParseNot() {
    if (PeekWord("not")) {
      DepthGuard guard(*this);
      const uint32_t start = Start();
      Next();
      auto* u = NewExpr<Unary>(start);
      u->op = UnaryOp::kNot;
      u->operand = ParseNot();
      return Finish(u);
    }
    return ParseBoolPri();
  }

  // bool_pri: predicate {IS [NOT] (NULL | TRUE | FALSE | UNKNOWN)
  //                     | comp_op predicate | comp_op (ANY | SOME | ALL) (query)}
  const Expr* ParseBoolPri() {
    const uint32_t start = Start();
    const Expr* left = ParsePredicate();
    for (;;) {
      if (PeekWord("is")) {
        Next();
        auto* is = NewExpr<Is>(start);
        is->operand = left;
        is->negated = AcceptWord("not");
        if (AcceptWord("null") || AcceptWord("\\N"))
          is->what = IsWhat::kNull;
        else if (AcceptWord("true"))
          is->what = IsWhat::kTrue;
        else if (AcceptWord("false"))
          is->what = IsWhat::kFalse;
        else if (AcceptWord("unknown"))
          is->what = IsWhat::kUnknown;
        else
          Fail("NULL, TRUE, FALSE or UNKNOWN after IS");
        left = Finish(is);
        continue;
      }
      BinaryOp op;
      switch (Peek().kind) {
        case TokenKind::kEq:
          op = BinaryOp::kEq;
          break;
        case TokenKind::kNullSafeEq:
          op = BinaryOp::kNullSafeEq;
          break;
        case TokenKind::kNotEq:
          op = BinaryOp::kNotEq;
          break;
        case TokenKind::kLt:
          op = BinaryOp::kLt;
          break;
        case TokenKind::kLe:
          op = BinaryOp::kLe;
          break;
        case TokenKind::kGt:
          op = BinaryOp::kGt;
          break;
        case TokenKind::kGe:
          op = BinaryOp::kGe;
          break;
        default:
          return left;
      }
      Next();
      Quantifier q = Quantifier::kNone;
      if (PeekWord("any") || PeekWord("some") || PeekWord("all")) {
        q = PeekWord("any")    ? Quantifier::kAny
            : PeekWord("some") ? Quantifier::kSome
                               : Quantifier::kAll;
        Next();
        const uint32_t sub_start = Start();
        Expect(TokenKind::kLParen, "'(' before the subquery");
        auto* sub = NewExpr<Subquery>(sub_start);
        sub->query = ParseQuery();
        Expect(TokenKind::kRParen, "')' after the subquery");
        left = MakeBinary(start, op, left, Finish(sub), q);
        continue;
      }
      left = MakeBinary(start, op, left, ParsePredicate());
    }
  }

  // predicate: bit_expr [NOT] IN (list | query) | bit_expr [NOT] BETWEEN bit_expr AND predicate
  //          | bit_expr [NOT] LIKE bit_expr [ESCAPE bit_expr] | bit_expr [NOT] (REGEXP | RLIKE)
  //            bit_expr | bit_expr SOUNDS LIKE bit_expr | bit_expr MEMBER [OF] (expr) | bit_expr
  const Expr* ParsePredicate() {
    const uint32_t start = Start();
    const Expr* left = ParseBitExpr(0);
    // NOT after an operand can only start NOT IN / BETWEEN / LIKE / REGEXP.
    const bool negated = AcceptWord("not");
    if (negated && !PeekWord("in") && !PeekWord("between") && !PeekWord("like") &&
        !PeekWord("regexp") && !PeekWord("rlike")) {
      Fail("IN, BETWEEN, LIKE or REGEXP after NOT");
    }
    if (AcceptWord("in")) {
      auto* in = NewExpr<In>(start);
      in->operand = left;
      in->negated = negated;
      Expect(TokenKind::kLParen, "'(' after IN");
      // IN ((SELECT …), 1): a parenthesised query followed by a comma is the list's first value.
      if (PeekWord("select") || PeekWord("with") || TableOrValuesAt(0) ||
          (QueryAt(0) && Peek(MatchingParen(0) + 1).kind != TokenKind::kComma)) {
        in->subquery = ParseQuery();
      } else {
        in->list = ParseExprList();
      }
      Expect(TokenKind::kRParen, "')' after the IN list");
      return Finish(in);
    }
    if (AcceptWord("between")) {
      auto* b = NewExpr<Between>(start);
      b->operand = left;
      b->negated = negated;
      b->low = ParseBitExpr(0);
      ExpectWord("and");
      b->high = ParsePredicate();
      return Finish(b);
    }
    if (AcceptWord("like")) {
      auto* l = NewExpr<Like>(start);
      l->operand = left;
      l->negated = negated;
      l->pattern = ParseBitExpr(0);
      if (AcceptWord("escape")) l->escape = ParseBitExpr(0);
      return Finish(l);
    }
    if (AcceptWord("regexp") || AcceptWord("rlike")) {
      return MakeBinary(start, negated ? BinaryOp::kNotRegexp : BinaryOp::kRegexp, left,
                        ParseBitExpr(0));
    }
    if (negated) Fail("IN, BETWEEN, LIKE or REGEXP after NOT");
    if (PeekWord("sounds") && PeekWord("like", 1)) {
      Next();
      Next();
      return MakeBinary(start, BinaryOp::kSoundsLike, left, ParseBitExpr(0));
    }
    if (PeekWord("member") && PeekWord("of", 1)) {
      Next();
      Next();
      Expect(TokenKind::kLParen, "'(' after MEMBER OF");
      const Expr* array = ParseExpr();
      Expect(TokenKind::kRParen, "')' after MEMBER OF (…");
      return MakeBinary(start, BinaryOp::kMemberOf, left, array);
    }
    return left;
  }

  // Binary operators of bit_expr, by precedence (higher binds tighter); all left-associative.
  struct BitOp {
    BinaryOp op;
    int precedence;
  };
  bool PeekBitOp(BitOp* out) const {
    const Token& t = Peek();
    switch (t.kind) {
      case TokenKind::kPipe:
        *out = {BinaryOp::kBitOr, 1};
        return true;
      case TokenKind::kAmpersand:
        *out = {BinaryOp::kBitAnd, 2};
        return true;
      case TokenKind::kShiftLeft:
        *out = {BinaryOp::kShiftLeft, 3};
        return true;
      case TokenKind::kShiftRight:
        *out = {BinaryOp::kShiftRight, 3};
        return true;
      case TokenKind::kPlus:
        *out = {BinaryOp::kAdd, 4};
        return true;
      case TokenKind::kMinus:
        *out = {BinaryOp::kSub, 4};
        return true;
      case TokenKind::kStar:
        *out = {BinaryOp::kMul, 5};
        return true;
      case TokenKind::kSlash:
        *out = {BinaryOp::kDiv, 5};
        return true;
      case TokenKind::kPercent:
        *out = {BinaryOp::kMod, 5};
        return true;
      case TokenKind::kCaret:
        *out = {BinaryOp::kBitXor, 6};
        return true;
      case TokenKind::kIdentifier:
        if (IsWord(t, "div")) {
          *out = {BinaryOp::kIntDiv, 5};
          return true;
        }
        if (IsWord(t, "mod")) {
          *out = {BinaryOp::kMod, 5};
          return true;
        }
        return false;
      default:
        return false;
    }
  }

  // bit_expr: simple_expr {op simple_expr}, op by precedence: | < & < << >> < + - < * / DIV
  //           % MOD < ^   (precedence climbing)
  const Expr* ParseBitExpr(int min_precedence) {
    const uint32_t start = Start();
    const Expr* left = ParseSimple();
    BitOp op;
    while (PeekBitOp(&op) && op.precedence > min_precedence) {
      DepthGuard guard(*this);
      Next();
      const Expr* right = ParseBitExpr(op.precedence);
      left = MakeBinary(start, op.op, left, right);
    }
    return left;
  }

  // simple_expr: (- | + | ~) simple_expr | ! simple_expr | BINARY simple_expr
  //            | primary {COLLATE ident}
  const Expr* ParseSimple() {
    DepthGuard guard(*this);
    const uint32_t start = Start();
    UnaryOp op;
    bool unary = true;
    switch (Peek().kind) {
      case TokenKind::kMinus:
        op = UnaryOp::kMinus;
        break;
      case TokenKind::kPlus:
        op = UnaryOp::kPlus;
        break;
      case TokenKind::kTilde:
        op = UnaryOp::kBitNot;
        break;
      case TokenKind::kBang:
        op = UnaryOp::kBang;
        break;
      default:
        unary = PeekWord("binary") && Peek(1).kind != TokenKind::kEnd &&
                Peek(1).kind != TokenKind::kComma && Peek(1).kind != TokenKind::kRParen;
        op = UnaryOp::kBinary;
    }
    if (unary) {
      Next();
      auto* u = NewExpr<Unary>(start);
      u->op = op;
      u->operand = ParseSimple();
      return Finish(u);
    }
    const Expr* e = ParsePrimary();
    while (AcceptWord("collate")) {
      auto* c = NewExpr<Collate>(start);
      c->operand = e;
      if (Peek().kind == TokenKind::kString) {
        const Token& t = Next();
        c->collation = MakeIdent(t);
      } else {
        c->collation = ParseIdent("a collation name");
      }
      e = Finish(c);
    }
    return e;
  }

  std::span<const Expr* const> ParseExprList() {
    std::vector<const Expr*> items;
    do {
      items.push_back(ParseExpr());
    } while (Accept(TokenKind::kComma));
    return Keep(items);
  }

  Literal* MakeLiteral(uint32_t start, LiteralKind kind, std::string_view prefix = {}) {
    auto* l = NewExpr<Literal>(start);
    l->literal = kind;
    l->prefix = prefix;
    return l;
  }

  // The literal tokens from `first` on, adjacent strings joined ('a' 'b' is one literal).
  const Literal* FinishString(Literal* l, const Token& first) {
    uint32_t end = first.offset + first.length;
    while (Peek().kind == TokenKind::kString) {
      const Token& more = Next();
      end = more.offset + more.length;
    }
    l->text = text_.substr(first.offset, end - first.offset);
    return Finish(l);
  }

  // primary: literal | param | variable | name | function_call | ( expr ) | ( expr, … )
  //        | ( query ) | EXISTS ( query ) | ROW ( expr, … ) | CASE … | CAST … | CONVERT …
  //        | INTERVAL expr unit | MATCH … AGAINST … | DEFAULT | DATE 'x' | name -> 'path'
  const Expr* ParsePrimary() {
    const uint32_t start = Start();
    const Token& t = Peek();
    switch (t.kind) {
      case TokenKind::kString: {
        Next();
        return FinishString((MakeLiteral(start, LiteralKind::kString)), t);
      }
      case TokenKind::kNationalString: {
        Next();
        auto* l = (MakeLiteral(start, LiteralKind::kString));
        return FinishString(l, t);
      }
      case TokenKind::kNumber:
      case TokenKind::kHexNumber:
      case TokenKind::kBitNumber: {
        Next();
        auto* l = (MakeLiteral(start, t.kind == TokenKind::kNumber      ? LiteralKind::kNumber
                                      : t.kind == TokenKind::kHexNumber ? LiteralKind::kHex
                                                                        : LiteralKind::kBit));
        l->text = Text(t);
        return Finish(l);
      }
      case TokenKind::kParam:
      case TokenKind::kNamedParam: {
        Next();
        auto* p = NewExpr<Param>(start);
        p->text = Text(t);
        return Finish(p);
      }
      case TokenKind::kUserVariable:
      case TokenKind::kSystemVariable: {
        const Expr* v = ParseVariable();
        // simple_expr: @var := expr (sql_yacc.yy): an assignment is an operand anywhere, and
        // its value runs as far as an expression does: 1 + @a := 2 + 3 adds @a := (2 + 3).
        if (t.kind == TokenKind::kUserVariable && Peek().kind == TokenKind::kAssign) {
          Next();
          return MakeBinary(start, BinaryOp::kAssign, v, ParseExpr());
        }
        return v;
      }
      case TokenKind::kLParen:
        return ParseParenthesised();
      case TokenKind::kLBrace:
        return ParseEscape();
      case TokenKind::kQuotedIdentifier:
        return ParseNameOrCall();
      case TokenKind::kIdentifier:
        break;
      default:
        Fail("an expression");
    }
    // Words: keywords that start expressions, then names and function calls.
    const std::string_view w = Text(t);
    if ((PeekWord("next") || PeekWord("previous")) && PeekWord("value", 1) && PeekWord("for", 2)) {
      return ParseSequenceValue();
    }
    const KeywordInfo kw = LookupKeyword(w);
    if (kw.keyword == Keyword::kNull || kw.keyword == Keyword::kTrue ||
        kw.keyword == Keyword::kFalse) {
      Next();
      auto* l = (MakeLiteral(start, kw.keyword == Keyword::kNull   ? LiteralKind::kNull
                                    : kw.keyword == Keyword::kTrue ? LiteralKind::kTrue
                                                                   : LiteralKind::kFalse));
      l->text = w;
      return Finish(l);
    }
    // _utf8mb4'text', _binary 0x0A: a character set introducer.
    if (w.size() > 1 && w[0] == '_' && IsCharsetName(w.substr(1)) &&
        (Peek(1).kind == TokenKind::kString || Peek(1).kind == TokenKind::kHexNumber ||
         Peek(1).kind == TokenKind::kBitNumber)) {
      Next();
      const Token& value = Next();
      auto* l = (MakeLiteral(start,
                             value.kind == TokenKind::kString      ? LiteralKind::kString
                             : value.kind == TokenKind::kHexNumber ? LiteralKind::kHex
                                                                   : LiteralKind::kBit,
                             w));
      if (value.kind == TokenKind::kString) return FinishString(l, value);
      l->text = Text(value);
      return Finish(l);
    }
    // DATE '2024-01-01', TIME '10:00', TIMESTAMP '…'
    if ((EqualsIgnoreCase(w, "date") || EqualsIgnoreCase(w, "time") ||
         EqualsIgnoreCase(w, "timestamp")) &&
        Peek(1).kind == TokenKind::kString) {
      Next();
      const Token& value = Next();
      auto* l = (MakeLiteral(start, LiteralKind::kTemporal, w));
      l->text = Text(value);
      return Finish(l);
    }
    if (EqualsIgnoreCase(w, "exists") && Peek(1).kind == TokenKind::kLParen) {
      Next();
      Next();
      auto* e = NewExpr<Exists>(start);
      e->query = ParseQuery();
      Expect(TokenKind::kRParen, "')' after the EXISTS subquery");
      return Finish(e);
    }
    if (EqualsIgnoreCase(w, "row") && Peek(1).kind == TokenKind::kLParen) {
      Next();
      Next();
      auto* r = NewExpr<Row>(start);
      r->row_keyword = true;
      r->items = ParseExprList();
      Expect(TokenKind::kRParen, "')' after the ROW items");
      return Finish(r);
    }
    if (EqualsIgnoreCase(w, "case")) return ParseCase();
    if (EqualsIgnoreCase(w, "cast") && Peek(1).kind == TokenKind::kLParen) return ParseCast(false);
    if (EqualsIgnoreCase(w, "convert") && Peek(1).kind == TokenKind::kLParen)
      return ParseCast(true);
    if (EqualsIgnoreCase(w, "interval") && !IntervalFunction()) {
      Next();
      auto* i = NewExpr<Interval>(start);
      i->value = ParseExpr();
      i->unit = ParseIntervalUnit();
      return Finish(i);
    }
    if (EqualsIgnoreCase(w, "match") &&
        (Peek(1).kind == TokenKind::kLParen || IsIdentToken(Peek(1)))) {
      return ParseMatch();
    }
    if (EqualsIgnoreCase(w, "default") && Peek(1).kind != TokenKind::kLParen) {
      Next();
      return Finish(NewExpr<Default>(start));
    }
    if (IsNoParensFunction(w) && Peek(1).kind != TokenKind::kLParen) {
      Next();
      auto* f = NewExpr<Function>(start);
      std::vector<Ident> name{MakeIdent(t)};
      f->name = Name{Keep(name)};
      f->form = CallForm::kNoParens;
      return Finish(f);
    }
    return ParseNameOrCall();
  }

  // escape: { ident expr }   (sql_yacc.yy simple_expr; ODBC's {d '…'}, {ts '…'}, {fn f(…)})
  const Expr* ParseEscape() {
    const uint32_t start = Start();
    Expect(TokenKind::kLBrace, "'{'");
    auto* e = NewExpr<Escape>(start);
    e->keyword = ParseIdent("an ODBC escape word (d, t, ts, fn, …) after '{'");
    e->expr = ParseExpr();
    Expect(TokenKind::kRBrace, "'}' to close the ODBC escape");
    return Finish(e);
  }

  static bool IsNoParensFunction(std::string_view w) {
    static constexpr std::string_view kWords[] = {
        "current_timestamp", "current_date", "current_time",  "localtime",    "localtimestamp",
        "utc_date",          "utc_time",     "utc_timestamp", "current_user", "current_role"};
    return IsOneOf(w, kWords);
  }

  // INTERVAL(N, N1, …) is a function; INTERVAL expr unit is an interval. After the closing
  // parenthesis of INTERVAL (…), a unit word tells them apart.
  bool IntervalFunction() const {
    if (Peek(1).kind != TokenKind::kLParen) return false;
    int depth = 0;
    for (size_t i = 1;; ++i) {
      const Token& t = Peek(i);
      if (t.kind == TokenKind::kEnd) return false;
      if (t.kind == TokenKind::kLParen) ++depth;
      // INTERVAL(n, n1, …) takes two or more arguments: a comma makes it the function, even
      // with a unit after it (INTERVAL INTERVAL(1, 0, 1) DAY).
      if (t.kind == TokenKind::kComma && depth == 1) return true;
      if (t.kind == TokenKind::kRParen && --depth == 0) return !IsIntervalUnit(Peek(i + 1));
    }
  }

  bool IsIntervalUnit(const Token& t) const {
    return t.kind == TokenKind::kIdentifier && IsOneOf(Text(t), kIntervalUnits);
  }

  static constexpr std::string_view kIntervalUnits[] = {
      "microsecond", "second", "minute", "hour", "day", "week", "month", "quarter", "year",
      "second_microsecond", "minute_microsecond", "minute_second", "hour_microsecond",
      "hour_second", "hour_minute", "day_microsecond", "day_second", "day_minute", "day_hour",
      "year_month",
      // ODBC's names, which both servers
      // take as synonyms (sql_yacc.yy)
      "sql_tsi_microsecond", "sql_tsi_second", "sql_tsi_minute", "sql_tsi_hour", "sql_tsi_day",
      "sql_tsi_week", "sql_tsi_month", "sql_tsi_quarter", "sql_tsi_year"};

  // @user_var | @@[scope.]system_var: the variable token alone
  const Expr* ParseVariable() {
    const uint32_t start = Start();
    const Token& t = Next();
    auto* v = NewExpr<Variable>(start);
    v->text = Text(t);
    v->system = t.kind == TokenKind::kSystemVariable;
    return Finish(v);
  }

  std::string_view ParseIntervalUnit() {
    if (!IsIntervalUnit(Peek())) Fail("an interval unit (DAY, HOUR, …)");
    return Text(Next());
  }

  // ( expr ) | ( expr, expr, … ) | ( query )
  const Expr* ParseParenthesised() {
    const uint32_t start = Start();
    if (QueryAt(0)) {
      Next();
      auto* sub = NewExpr<Subquery>(start);
      sub->query = ParseQuery();
      Expect(TokenKind::kRParen, "')' after the subquery");
      return Finish(sub);
    }
    Next();
    const Expr* first = ParseExpr();
    if (Accept(TokenKind::kComma)) {
      std::vector<const Expr*> items{first};
      do {
        items.push_back(ParseExpr());
      } while (Accept(TokenKind::kComma));
      Expect(TokenKind::kRParen, "')' after the row");
      auto* r = NewExpr<Row>(start);
      r->items = Keep(items);
      return Finish(r);
    }
    Expect(TokenKind::kRParen, "')'");
    return first;  // the printer puts parentheses back where precedence needs them
  }

  // name [-> 'path' | ->> 'path'] | name ( args ) [OVER …]
  const Expr* ParseNameOrCall() {
    const uint32_t start = Start();
    const Token& first = Peek();
    // A reserved word is a function name only right before '(' (IF(, LEFT(, REPLACE(, …).
    if (first.kind == TokenKind::kIdentifier && IsReservedWord(Text(first)) &&
        Peek(1).kind != TokenKind::kLParen && !BeforeDotName(first)) {
      // A reserved word that is often a column name (order, key, desc, …) gets a hint; a clause
      // keyword where an expression is missing (FROM, WHERE, …) does not.
      static constexpr std::string_view kClauseWords[] = {
          "from", "where",  "having", "limit",  "union", "except", "intersect", "on",      "using",
          "join", "select", "set",    "values", "into",  "and",    "or",        "xor",     "then",
          "else", "end",    "when",   "as",     "in",    "is",     "like",      "between", "not"};
      if (IsOneOf(Text(first), kClauseWords)) Fail("an expression");
      Fail(
          fmt::format("an expression ('{}' is a reserved word: quote it as `{}` to use it as a "
                      "name)",
                      Text(first), Text(first)));
    }
    if (Peek(1).kind == TokenKind::kLParen) return ParseCall(start);
    if (Peek(1).kind == TokenKind::kDot && Peek(2).kind != TokenKind::kStar &&
        Peek(3).kind == TokenKind::kLParen &&
        (first.kind == TokenKind::kQuotedIdentifier || first.kind == TokenKind::kIdentifier)) {
      return ParseCall(start);  // db.func(…)
    }
    auto* c = NewExpr<Column>(start);
    std::vector<Ident> parts{MakeIdent(Next())};
    while (Peek().kind == TokenKind::kDot && parts.size() < 3) {
      Next();
      if (Accept(TokenKind::kStar)) {
        c->star = true;
        break;
      }
      if (Peek().kind != TokenKind::kIdentifier && Peek().kind != TokenKind::kQuotedIdentifier) {
        Fail("a name after '.'");
      }
      parts.push_back(MakeIdent(Next()));
    }
    c->name = Name{Keep(parts)};
    const Expr* e = Finish(c);
    if (!c->star && (Peek().kind == TokenKind::kArrow || Peek().kind == TokenKind::kLongArrow)) {
      const BinaryOp op =
          Next().kind == TokenKind::kArrow ? BinaryOp::kJsonExtract : BinaryOp::kJsonUnquote;
      if (Peek().kind != TokenKind::kString) Fail("a JSON path string");
      e = MakeBinary(start, op, e, ParsePrimary());
    }
    return e;
  }

  // call: name ( [DISTINCT | ALL] [* | args] ) [OVER window]  and the special forms
  const Expr* ParseCall(uint32_t start) {
    auto* f = NewExpr<Function>(start);
    std::vector<Ident> name{MakeIdent(Next())};
    if (Accept(TokenKind::kDot)) name.push_back(MakeIdent(Next()));
    f->name = Name{Keep(name)};
    Expect(TokenKind::kLParen, "'('");
    const std::string_view fn = name.back().raw;
    if (name.size() == 1 && ParseSpecialForm(*f, fn)) {
      Expect(TokenKind::kRParen, fmt::format("')' to close {}(", Upper(fn)));
    } else {
      if (!ParseCallDistinct(*f)) AcceptWord("all");
      if (Peek().kind == TokenKind::kStar && Peek(1).kind == TokenKind::kRParen) {
        Next();
        f->star = true;
      } else if (Peek().kind != TokenKind::kRParen) {
        f->args = ParseExprList();
      }
      Expect(TokenKind::kRParen, fmt::format("')' to close {}(", Upper(fn)));
    }
    ParseNullTreatment(*f, fn);
    if (AcceptWord("over")) f->over = ParseOver();
    return Finish(f);
  }

  // call_distinct: (DISTINCT | DISTINCTROW) [ALL]   (DISTINCTROW is DISTINCT to the lexer,
  // and in_sum_expr takes an ALL after it: AVG(DISTINCT ALL a)). distinct_word keeps any
  // spelling other than DISTINCT.
  bool ParseCallDistinct(Function& f) {
    const size_t from = pos_;
    if (!AcceptWord("distinct") && !AcceptWord("distinctrow")) return false;
    AcceptWord("all");
    if (Peek().kind == TokenKind::kRParen) Fail("an expression after DISTINCT");
    f.distinct = true;
    if (pos_ - from > 1 || !IsWord(tokens_[from], "distinct")) f.distinct_word = TextFrom(from);
    return true;
  }

  // The functions whose arguments are not a plain list. Returns false for plain calls.
  bool ParseSpecialForm(Function& f, std::string_view fn) {
    if (EqualsIgnoreCase(fn, "trim")) {
      // TRIM([BOTH | LEADING | TRAILING] [remstr] FROM str) | TRIM([remstr FROM] str)
      f.form = CallForm::kTrim;
      if (PeekWord("both") || PeekWord("leading") || PeekWord("trailing"))
        f.modifier = Text(Next());
      std::vector<const Expr*> args;
      if (AcceptWord("from")) {
        args.push_back(ParseExpr());
      } else {
        args.push_back(ParseExpr());
        if (AcceptWord("from")) {
          args.push_back(ParseExpr());
        } else if (!f.modifier.empty()) {
          Fail("'FROM' in TRIM");
        } else {
          f.form = CallForm::kPlain;  // TRIM(str)
        }
      }
      f.args = Keep(args);
      return true;
    }
    if (EqualsIgnoreCase(fn, "substring") || EqualsIgnoreCase(fn, "substr")) {
      // SUBSTRING(str FROM pos [FOR len]) | SUBSTRING(str, pos[, len])
      std::vector<const Expr*> args{ParseExpr()};
      if (AcceptWord("from")) {
        f.form = CallForm::kSubstringFrom;
        args.push_back(ParseExpr());
        if (AcceptWord("for")) args.push_back(ParseExpr());
      } else {
        while (Accept(TokenKind::kComma)) args.push_back(ParseExpr());
      }
      f.args = Keep(args);
      return true;
    }
    if (EqualsIgnoreCase(fn, "extract")) {  // EXTRACT(unit FROM expr)
      f.form = CallForm::kExtract;
      f.modifier = ParseIntervalUnit();
      ExpectWord("from");
      std::vector<const Expr*> args{ParseExpr()};
      f.args = Keep(args);
      return true;
    }
    if (EqualsIgnoreCase(fn, "position")) {  // POSITION(substr IN str)
      f.form = CallForm::kPosition;
      std::vector<const Expr*> args{ParseBitExpr(0)};
      ExpectWord("in");
      args.push_back(ParseExpr());
      f.args = Keep(args);
      return true;
    }
    if (EqualsIgnoreCase(fn, "group_concat")) {
      // GROUP_CONCAT([DISTINCT] expr {, expr} [ORDER BY …] [SEPARATOR 'str'])
      f.form = CallForm::kGroupConcat;
      ParseCallDistinct(f);
      f.args = ParseExprList();
      if (PeekWord("order") && PeekWord("by", 1)) {
        Next();
        Next();
        f.order_by = ParseOrderList();
      }
      if (AcceptWord("separator")) {
        if (Peek().kind != TokenKind::kString) Fail("a string after SEPARATOR");
        f.separator = ParsePrimary();
      }
      ParseCallLimit(f);
      return true;
    }
    if (EqualsIgnoreCase(fn, "json_arrayagg")) {
      // JSON_ARRAYAGG([DISTINCT] expr [ORDER BY …] [LIMIT …]): MariaDB 10.5 takes the clauses
      // of GROUP_CONCAT but SEPARATOR; MySQL takes one expression.
      f.distinct = AcceptWord("distinct");
      f.args = ParseExprList();
      if (PeekWord("order") && PeekWord("by", 1)) {
        Next();
        Next();
        f.order_by = ParseOrderList();
      }
      ParseCallLimit(f);
      return true;
    }
    if (EqualsIgnoreCase(fn, "json_value")) {
      // JSON_VALUE(doc, path [RETURNING type] [on_empty] [on_error])   (MySQL 8.0.21)
      //   on_empty: (NULL | ERROR | DEFAULT literal) ON EMPTY; on_error: … ON ERROR
      f.form = CallForm::kJsonValue;
      std::vector<const Expr*> args{ParseExpr()};
      Expect(TokenKind::kComma, "',' and a JSON path in JSON_VALUE");
      args.push_back(ParseExpr());
      f.args = Keep(args);
      if (AcceptWord("returning")) f.returning = arena_.New<DataType>(ParseCastType());
      ParseJsonOn(f.on_empty, "empty");
      ParseJsonOn(f.on_error, "error");
      return true;
    }
    if (EqualsIgnoreCase(fn, "char")) {  // CHAR(n, … [USING charset])
      f.args = ParseExprList();
      if (AcceptWord("using")) {
        f.form = CallForm::kCharUsing;
        // BINARY is reserved but a character set here (CHAR(65 USING BINARY))
        f.modifier = PeekWord("binary") ? Text(Next()) : ParseIdent("a character set").raw;
      }
      return true;
    }
    return false;
  }

  // [LIMIT n | LIMIT offset, n | LIMIT n OFFSET offset] at the end of GROUP_CONCAT (MariaDB 10.3)
  void ParseCallLimit(Function& f) {
    if (!AcceptWord("limit")) return;
    const Expr* first = ParseLimitValue();
    if (Accept(TokenKind::kComma)) {
      f.offset = first;
      f.limit = ParseLimitValue();
    } else if (AcceptWord("offset")) {
      f.limit = first;
      f.offset = ParseLimitValue();
      f.offset_keyword = true;
    } else {
      f.limit = first;
    }
  }

  // (NULL | ERROR | DEFAULT signed_literal) ON {EMPTY | ERROR}, when the words after the
  // response are ON `when`; else nothing is consumed.
  void ParseJsonOn(JsonOn& on, std::string_view when) {
    const size_t from = pos_;
    JsonOn r{};
    if (AcceptWord("null")) {
      r.response = JsonResponse::kNull;
    } else if (AcceptWord("error")) {
      r.response = JsonResponse::kError;
    } else if (AcceptWord("default")) {
      r.response = JsonResponse::kDefault;
      const Token& value = Peek();
      r.value = ParseDefaultValue();
      const Expr* literal = r.value;
      if (literal->kind == ExprKind::kUnary) literal = literal->As<Unary>().operand;
      if (literal->kind != ExprKind::kLiteral) {
        throw Failure{value.offset, "expected a literal after DEFAULT in JSON_VALUE"};
      }
    } else {
      return;
    }
    if (!PeekWord("on") || !PeekWord(when, 1)) {
      pos_ = from;
      return;
    }
    Next();
    Next();
    on = r;
  }

  // FIRST_VALUE, LAST_VALUE, NTH_VALUE, LAG and LEAD take [FROM FIRST | FROM LAST] (NTH_VALUE
  // only) and [RESPECT NULLS | IGNORE NULLS] between their arguments and OVER, which they
  // then need (MySQL 8.0 14.20.1; the server parses IGNORE NULLS and FROM LAST, then refuses
  // them as not supported yet).
  void ParseNullTreatment(Function& f, std::string_view fn) {
    static constexpr std::string_view kWindowOnly[] = {"first_value", "last_value", "nth_value",
                                                       "lag", "lead"};
    if (f.name.parts.size() != 1 || !IsOneOf(fn, kWindowOnly)) return;
    if (EqualsIgnoreCase(fn, "nth_value") && PeekWord("from") &&
        (PeekWord("first", 1) || PeekWord("last", 1))) {
      Next();
      f.from_edge = PeekWord("first") ? FromEdge::kFirst : FromEdge::kLast;
      Next();
    }
    if ((PeekWord("respect") || PeekWord("ignore")) && PeekWord("nulls", 1)) {
      f.nulls = PeekWord("respect") ? NullTreatment::kRespectNulls : NullTreatment::kIgnoreNulls;
      Next();
      Next();
    }
    if ((f.from_edge != FromEdge::kNone || f.nulls != NullTreatment::kNone) && !PeekWord("over")) {
      Fail(fmt::format("OVER after {}(…)", Upper(fn)));
    }
  }

  // OVER name | OVER ( window_spec )
  const WindowSpec* ParseOver() {
    if (Peek().kind != TokenKind::kLParen) {
      auto* w = arena_.New<WindowSpec>();
      w->name = ParseIdent("a window name or '('");
      return w;
    }
    return ParseWindowSpec();
  }

  // window_spec: ( [name] [PARTITION BY exprs] [ORDER BY items] [frame] )
  const WindowSpec* ParseWindowSpec() {
    Expect(TokenKind::kLParen, "'(' before the window specification");
    auto* w = arena_.New<WindowSpec>();
    w->parenthesized = true;
    if (IsIdentToken(Peek()) && !PeekWord("partition") && !PeekWord("order") && !PeekWord("rows") &&
        !PeekWord("range") && !PeekWord("groups")) {
      w->name = ParseIdent();
    }
    if (PeekWord("partition") && PeekWord("by", 1)) {
      Next();
      Next();
      w->partition_by = ParseExprList();
    }
    if (AcceptWord("order")) {
      ExpectWord("by");
      w->order_by = ParseOrderList();
    }
    if (PeekWord("rows") || PeekWord("range") || PeekWord("groups")) {
      w->frame_unit = PeekWord("rows")    ? FrameUnit::kRows
                      : PeekWord("range") ? FrameUnit::kRange
                                          : FrameUnit::kGroups;
      Next();
      if (AcceptWord("between")) {
        w->frame_between = true;
        w->frame_start = ParseFrameBound();
        ExpectWord("and");
        w->frame_end = ParseFrameBound();
      } else {
        w->frame_start = ParseFrameBound();
      }
    }
    Expect(TokenKind::kRParen, "')' after the window specification");
    return w;
  }

  // bound: UNBOUNDED (PRECEDING | FOLLOWING) | CURRENT ROW | expr (PRECEDING | FOLLOWING)
  FrameBound ParseFrameBound() {
    FrameBound b{};
    if (AcceptWord("unbounded")) {
      if (AcceptWord("preceding")) {
        b.kind = BoundKind::kUnboundedPreceding;
      } else {
        ExpectWord("following");
        b.kind = BoundKind::kUnboundedFollowing;
      }
      return b;
    }
    if (AcceptWord("current")) {
      ExpectWord("row");
      b.kind = BoundKind::kCurrentRow;
      return b;
    }
    b.offset = ParseBitExpr(0);
    if (AcceptWord("preceding")) {
      b.kind = BoundKind::kPreceding;
    } else {
      ExpectWord("following");
      b.kind = BoundKind::kFollowing;
    }
    return b;
  }

  // case: CASE [operand] WHEN expr THEN expr {WHEN …} [ELSE expr] END
  const Expr* ParseCase() {
    const uint32_t start = Start();
    ExpectWord("case");
    auto* c = NewExpr<Case>(start);
    if (!PeekWord("when")) c->operand = ParseExpr();
    std::vector<When> whens;
    while (AcceptWord("when")) {
      When w{};
      w.condition = ParseExpr();
      ExpectWord("then");
      w.result = ParseExpr();
      whens.push_back(w);
    }
    if (whens.empty()) Fail("'WHEN' in CASE");
    c->whens = Keep(whens);
    if (AcceptWord("else")) c->otherwise = ParseExpr();
    ExpectWord("end");
    return Finish(c);
  }

  // CAST(expr AS type [ARRAY]) | CONVERT(expr, type) | CONVERT(expr USING charset)
  const Expr* ParseCast(bool convert) {
    const uint32_t start = Start();
    Next();
    Next();
    auto* c = NewExpr<Cast>(start);
    c->convert = convert;
    c->operand = ParseExpr();
    if (convert && AcceptWord("using")) {
      c->using_charset = ParseCharsetName();
    } else {
      if (convert) {
        Expect(TokenKind::kComma, "',' or 'USING' in CONVERT");
      } else {
        ExpectWord("as");
      }
      c->type = ParseCastType();
      if (!convert) c->array = AcceptWord("array");
    }
    Expect(TokenKind::kRParen, convert ? "')' to close CONVERT(" : "')' to close CAST(");
    return Finish(c);
  }

  std::string_view ParseCharsetName() {
    const Token& t = Peek();
    if (t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kQuotedIdentifier ||
        t.kind == TokenKind::kString) {
      return Text(Next());
    }
    Fail("a character set name");
  }

  // cast_type: BINARY[(n)] | CHAR[(n)] [charset] | NCHAR[(n)] | DATE | DATETIME[(n)] | TIME[(n)]
  //          | DECIMAL[(m[,d])] | SIGNED [INTEGER] | UNSIGNED [INTEGER] | JSON | DOUBLE
  //          | FLOAT[(n)] | REAL | YEAR | INTEGER | VARCHAR(n) (MariaDB)
  DataType ParseCastType() {
    DataType type{};
    const Token& t = Peek();
    if (t.kind != TokenKind::kIdentifier) Fail("a type");
    const std::string_view w = Text(t);
    static constexpr std::string_view kTypes[] = {
        "binary", "char",    "nchar",    "date",    "datetime",  "time",    "decimal",
        "dec",    "signed",  "unsigned", "json",    "double",    "float",   "real",
        "year",   "integer", "int",      "varchar", "character", "numeric", "national"};
    // The types MySQL lists, and any other name: MariaDB adds types (INET6, UUID, …) often.
    if (!IsOneOf(w, kTypes) && IsReservedWord(w)) Fail("a type (CHAR, SIGNED, DECIMAL, DATE, …)");
    Next();
    type.name = w;
    if (EqualsIgnoreCase(w, "signed") || EqualsIgnoreCase(w, "unsigned")) {
      type.is_unsigned = EqualsIgnoreCase(w, "unsigned");
      type.integer_suffix = AcceptWord("integer") || AcceptWord("int");
      return type;
    }
    if ((EqualsIgnoreCase(w, "double") && AcceptWord("precision")) ||
        (EqualsIgnoreCase(w, "national") && (AcceptWord("char") || AcceptWord("character")))) {
      type.name =
          text_.substr(t.offset, tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length - t.offset);
    } else if (EqualsIgnoreCase(w, "national")) {
      Fail("CHAR after NATIONAL");
    }
    if (Accept(TokenKind::kLParen)) {
      if (Peek().kind != TokenKind::kNumber) Fail("a length");
      type.length = Text(Next());
      if (Accept(TokenKind::kComma)) {
        if (Peek().kind != TokenKind::kNumber) Fail("a scale");
        type.scale = Text(Next());
      }
      Expect(TokenKind::kRParen, "')' after the length");
    }
    // A character type takes a charset and BINARY (a _bin collation), in either order:
    // CHAR(10) BINARY, CHAR CHARACTER SET x BINARY, CHAR BINARY CHARSET x (sql_yacc.yy
    // opt_charset_with_opt_binary; MariaDB's opt_binary).
    static constexpr std::string_view kCharacterTypes[] = {"char", "nchar", "national", "varchar",
                                                           "character"};
    if (!IsOneOf(w, kCharacterTypes)) return type;
    type.binary = AcceptWord("binary");
    if (AcceptWord("charset")) {
      type.charset = ParseCharsetName();
    } else if (PeekWord("character") && PeekWord("set", 1)) {
      Next();
      Next();
      type.charset = ParseCharsetName();
    }
    if (!type.binary) type.binary = AcceptWord("binary");
    return type;
  }

  // MATCH (col, …) AGAINST (expr [IN NATURAL LANGUAGE MODE [WITH QUERY EXPANSION]
  //                              | IN BOOLEAN MODE | WITH QUERY EXPANSION])
  // | MATCH col {, col} AGAINST (…)   (sql_yacc.yy ident_list_arg: the parentheses are optional)
  const Expr* ParseMatch() {
    const uint32_t start = Start();
    Next();
    auto* m = NewExpr<Match>(start);
    if (Accept(TokenKind::kLParen)) {
      m->columns = ParseExprList();
      Expect(TokenKind::kRParen, "')' after the MATCH columns");
    } else {
      m->bare_columns = true;
      std::vector<const Expr*> columns;
      do {
        auto* c = NewExpr<Column>(Start());
        c->name = ParseName(3, "a column name");
        columns.push_back(Finish(c));
      } while (Accept(TokenKind::kComma));
      m->columns = Keep(columns);
    }
    ExpectWord("against");
    Expect(TokenKind::kLParen, "'(' after AGAINST");
    m->against = ParseBitExpr(0);
    if (PeekWord("in") || PeekWord("with")) {
      const uint32_t from = Start();
      while (Peek().kind == TokenKind::kIdentifier) Next();
      m->modifier = text_.substr(from, tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length - from);
    }
    Expect(TokenKind::kRParen, "')' after AGAINST (…");
    return Finish(m);
  }

  std::string_view text_;
  uint32_t base_;
  Arena& arena_;
  std::vector<Token> tokens_;
  std::optional<Token> bad_;  // the first token the lexer could not make sense of
  Token end_;
  size_t pos_ = 0;
  int depth_ = 0;
};

// 1-based line and column of `offset`, inside the statement `st`, and the line with a caret under
// the column. Lines are counted from the statement's own position, which the splitter found:
// counting from the top of the script for every diagnostic made a script of many statements
// quadratic.
void Locate(std::string_view script, const StatementText& st, uint32_t offset, Diagnostic& d) {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(script.size()));
  uint32_t line = st.line;
  size_t line_start = st.offset - (st.column - 1);
  for (size_t i = st.offset; i < offset; ++i) {
    if (script[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  d.offset = offset;
  d.line = line;
  d.column = static_cast<uint32_t>(offset - line_start + 1);
  size_t line_end = script.find('\n', line_start);
  if (line_end == std::string_view::npos) line_end = script.size();
  std::string_view text = script.substr(line_start, line_end - line_start);
  size_t caret = offset - line_start;
  if (text.size() > 120) {  // keep long lines readable: a window around the caret
    const size_t from = caret > 60 ? caret - 60 : 0;
    text = text.substr(from, 120);
    caret -= from;
  }
  // Control bytes are written as \xNN (the excerpt goes to a terminal); the caret follows.
  const std::string before = base::Printable(text.substr(0, caret));
  d.excerpt =
      before + base::Printable(text.substr(caret)) + "\n" + std::string(before.size(), ' ') + "^";
}

// Whether an sql_mode value (a comma-separated list of modes) sets ANSI_QUOTES: the mode itself,
// or a combination mode that includes it (MySQL 8.0 7.1.11: ANSI; MariaDB also DB2, MAXDB,
// MSSQL, ORACLE, POSTGRESQL, as MySQL 5.7 had).
bool ModesHaveAnsiQuotes(std::string_view modes) {
  static constexpr std::string_view kModes[] = {"ansi_quotes", "ansi",   "db2",       "maxdb",
                                                "mssql",       "oracle", "postgresql"};
  while (!modes.empty()) {
    const size_t comma = modes.find(',');
    std::string_view mode = modes.substr(0, comma);
    while (!mode.empty() && (mode.front() == ' ' || mode.front() == '\t')) mode.remove_prefix(1);
    while (!mode.empty() && (mode.back() == ' ' || mode.back() == '\t')) mode.remove_suffix(1);
    if (IsOneOf(mode, kModes)) return true;
    if (comma == std::string_view::npos) break;
    modes.remove_prefix(comma + 1);
  }
  return false;
}

// Follows a script's own `SET sql_mode = …` so that the statements after it are lexed as the
// server would lex them: mysqldump --compatible=ansi and pg-style dumps write "double-quoted"
// identifiers after `/*!40101 SET SQL_MODE='ANSI' */`. Only the session's mode counts (not SET
// GLOBAL / PERSIST); a mode saved in a user variable (SET @OLD_SQL_MODE=@@SQL_MODE, as
// mysqldump writes) is restored from it; a value this cannot know leaves the mode as it was.
class SqlModeTracker {
 public:
  explicit SqlModeTracker(bool ansi_quotes) : initial_(ansi_quotes), ansi_quotes_(ansi_quotes) {}
  bool ansi_quotes() const { return ansi_quotes_; }

  void Apply(const ast::Statement& s) {
    if (s.kind != ast::StatementKind::kSet) return;
    for (const ast::SetVariable& v : s.As<ast::SetStatement>().variables) {
      if (v.target->kind == ast::ExprKind::kVariable && !v.target->As<ast::Variable>().system) {
        // SET @saved = @@sql_mode
        const std::string name = LowerAscii(v.target->As<ast::Variable>().text);
        if (IsSessionSqlMode(*v.value, {})) {
          saved_[name] = ansi_quotes_;
        } else {
          saved_.erase(name);
        }
        continue;
      }
      if (!IsSessionSqlMode(*v.target, v.scope)) continue;
      if (const std::optional<bool> ansi = Value(*v.value)) ansi_quotes_ = *ansi;
    }
  }

 private:
  // sql_mode, @@sql_mode, @@session.sql_mode, @@local.sql_mode, SESSION sql_mode.
  static bool IsSessionSqlMode(const ast::Expr& e, std::string_view scope) {
    if (!scope.empty() && !EqualsIgnoreCase(scope, "session") &&
        !EqualsIgnoreCase(scope, "local")) {
      return false;
    }
    if (e.kind == ast::ExprKind::kColumn) {
      const ast::Name& n = e.As<ast::Column>().name;
      if (n.parts.size() == 2) {
        const std::string first = n.parts[0].Value();
        if (!EqualsIgnoreCase(first, "session") && !EqualsIgnoreCase(first, "local")) return false;
      } else if (n.parts.size() != 1) {
        return false;
      }
      return EqualsIgnoreCase(n.last().Value(), "sql_mode");
    }
    if (e.kind != ast::ExprKind::kVariable || !e.As<ast::Variable>().system) return false;
    std::string_view text = e.As<ast::Variable>().text.substr(2);
    for (std::string_view prefix : {"session.", "local."}) {
      if (text.size() > prefix.size() && EqualsIgnoreCase(text.substr(0, prefix.size()), prefix)) {
        text.remove_prefix(prefix.size());
      }
    }
    return EqualsIgnoreCase(text, "sql_mode");
  }

  // Whether the value turns ANSI_QUOTES on or off; nullopt when it cannot be known here.
  std::optional<bool> Value(const ast::Expr& value) const {
    switch (value.kind) {
      case ast::ExprKind::kLiteral: {
        const auto& l = value.As<ast::Literal>();
        if (l.literal != ast::LiteralKind::kString || l.text.size() < 2) return std::nullopt;
        return ModesHaveAnsiQuotes(l.text.substr(1, l.text.size() - 2));
      }
      case ast::ExprKind::kColumn:  // SET sql_mode = ANSI, a mode written as a word
        if (value.As<ast::Column>().name.parts.size() != 1) return std::nullopt;
        return ModesHaveAnsiQuotes(value.As<ast::Column>().name.last().Value());
      case ast::ExprKind::kDefault:
        return initial_;
      case ast::ExprKind::kVariable: {
        if (value.As<ast::Variable>().system) return std::nullopt;
        const auto it = saved_.find(LowerAscii(value.As<ast::Variable>().text));
        if (it == saved_.end()) return std::nullopt;
        return it->second;
      }
      default:
        return std::nullopt;
    }
  }

  bool initial_;
  bool ansi_quotes_;
  std::map<std::string, bool> saved_;  // user variable (lower case, @ kept) → ANSI_QUOTES then
};

}  // namespace

ast::StatementHead ReadHead(std::string_view statement, const ParseOptions& options) {
  Arena arena;
  return StatementParser(statement, 0, arena, options).Head();
}

std::string Diagnostic::ToString() const {
  return fmt::format("{}:{}: {}: {}\n{}", line, column,
                     severity == Severity::kError ? "error" : "note", base::Printable(message),
                     excerpt);
}

bool ParseResult::ok() const {
  return std::none_of(diagnostics_.begin(), diagnostics_.end(),
                      [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

ParseResult Parse(std::string_view script, const ParseOptions& options) {
  ParseResult result;
  result.text_ = std::make_unique<std::string>(script);
  const std::string_view text = *result.text_;
  result.arena_.SetFirstBlock(text.size() * 16);  // about what the AST of a statement takes
  SqlModeTracker sql_mode(options.ansi_quotes);
  ParseOptions current = options;
  for (const StatementText& st : SplitStatements(text)) {
    const auto base = static_cast<uint32_t>(st.offset);
    try {
      current.ansi_quotes = sql_mode.ansi_quotes();
      StatementParser parser(st.text, base, result.arena_, current);
      const std::string what = parser.Describe();
      ast::Statement* s = parser.ParseStatement();
      s->line = st.line;
      s->column = st.column;
      if (const uint32_t first = parser.FirstTokenOffset();
          first > s->span.offset && first < s->span.end()) {
        const std::string_view skipped = text.substr(s->span.offset, first - s->span.offset);
        const size_t newline = skipped.rfind('\n');
        if (newline == std::string_view::npos) {
          s->column += static_cast<uint32_t>(skipped.size());
        } else {
          s->line += static_cast<uint32_t>(std::count(skipped.begin(), skipped.end(), '\n'));
          s->column = static_cast<uint32_t>(skipped.size() - newline);
        }
        s->span.length -= first - s->span.offset;
        s->span.offset = first;
      }
      if (s->kind == ast::StatementKind::kUnsupported) {
        Diagnostic d;
        d.severity = Severity::kNote;
        d.message = fmt::format("{} statements are not modelled yet; skipped", what);
        Locate(text, st, base, d);
        result.diagnostics_.push_back(std::move(d));
      }
      result.statements_.push_back(s);
      sql_mode.Apply(*s);
    } catch (const Failure& f) {
      Diagnostic d;
      d.message = f.message;
      Locate(text, st, base + f.offset, d);
      result.diagnostics_.push_back(std::move(d));
    }
  }
  return result;
}

}  // namespace qadvisor::parser
