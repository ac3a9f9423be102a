// Schema statements: CREATE/ALTER/DROP/RENAME of tables, indexes and databases,
// column definitions, types, keys and table options.
#include "parser/grammar.h"

namespace qadvisor::parser::grammar {

// create_table: CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name
//   ( LIKE name ) | LIKE name
//   | [( element {, element} )] {table_option} [partitioning] [IGNORE | REPLACE] [AS] [query]
Statement* StatementParser::ParseCreateTable() {
  auto* s = arena_.New<CreateTableStatement>();
  s->kind = StatementKind::kCreateTable;
  ExpectWord(K::kCreate);
  s->temporary = AcceptWord(K::kTemporary);
  ExpectWord(K::kTable);
  if (PeekWord(K::kIf)) {
    Next();
    ExpectWord(K::kNot);
    ExpectWord(K::kExists);
    s->if_not_exists = true;
  }
  s->table = ParseName(2, "a table name");
  if (AcceptWord(K::kLike)) {
    s->like = ParseName(2, "a table name after LIKE");
    return s;
  }
  if (Peek().kind == TokenKind::kLParen && PeekWord(K::kLike, 1)) {
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
      } else if (PeekWord(K::kPeriod) && PeekWord(K::kFor, 1)) {
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
  if (PeekWord(K::kPartition)) {
    const size_t from = pos_;
    // The partitioning clause runs to the query or the end; kept as written.
    while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon &&
           !(PeekWord(K::kAs) || PeekWord(K::kSelect) || PeekWord(K::kIgnore) ||
             (PeekWord(K::kReplace) && !PeekWord(K::kPartition, 1)))) {
      if (Peek().kind == TokenKind::kLParen) {
        SkipParenthesised();
        continue;
      }
      Next();
    }
    s->partitioning = TextFrom(from);
  }
  if (PeekWord(K::kIgnore) || PeekWord(K::kReplace)) s->duplicates = Text(Next());
  s->as_keyword = AcceptWord(K::kAs);
  if (PeekWord(K::kSelect) || PeekWord(K::kWith) || QueryAt(0)) {
    s->query = ParseQuery();
  } else if (s->as_keyword || !s->duplicates.empty()) {
    Fail("a query");
  }
  // CREATE TABLE t [options] with no columns parses on both servers (sql_yacc.yy): it is
  // error 1113, "A table must have at least 1 column", when run, not a syntax error.
  return s;
}

// period: PERIOD FOR {SYSTEM_TIME | name} (start, end)   (MariaDB 10.3 / 10.4)
PeriodDef StatementParser::ParsePeriod() {
  const uint32_t start = Start();
  ExpectWord(K::kPeriod);
  return ParsePeriodFor(start);
}

// FOR {SYSTEM_TIME | name} (start, end), of a period whose text begins at `start`
PeriodDef StatementParser::ParsePeriodFor(uint32_t start) {
  PeriodDef p{};
  ExpectWord(K::kFor);
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
bool StatementParser::StartsIndex() const {
  if (Peek().kind != TokenKind::kIdentifier) return false;
  for (const Keyword w : {K::kConstraint, K::kPrimary, K::kUnique, K::kIndex, K::kKey, K::kFulltext,
                          K::kSpatial, K::kForeign, K::kCheck}) {
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
IndexDef StatementParser::ParseIndexDef() {
  const uint32_t start = Start();
  IndexDef d = ParseIndexDefBody();
  d.span = SpanFrom(start);
  return d;
}

IndexDef StatementParser::ParseIndexDefBody() {
  IndexDef d{};
  if (AcceptWord(K::kConstraint)) {
    d.constraint_keyword = true;
    if (IsIdentToken(Peek()) && !PeekWord(K::kForeign) && !PeekWord(K::kCheck)) {
      d.constraint = ParseIdent();
    }
  }
  if (AcceptWord(K::kPrimary)) {
    ExpectWord(K::kKey);
    d.type = IndexType::kPrimary;
  } else if (AcceptWord(K::kUnique)) {
    d.type = IndexType::kUnique;
  } else if (AcceptWord(K::kFulltext)) {
    d.type = IndexType::kFulltext;
  } else if (AcceptWord(K::kSpatial)) {
    d.type = IndexType::kSpatial;
  } else if (AcceptWord(K::kForeign)) {
    ExpectWord(K::kKey);
    d.type = IndexType::kForeign;
  } else if (AcceptWord(K::kCheck)) {
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
    if (AcceptWord(K::kIndex)) {
      d.index_keyword = true;
    } else if (AcceptWord(K::kKey)) {
      d.key_keyword = true;
    } else if (d.type == IndexType::kKey) {
      Fail("INDEX or KEY");
    }
  }
  d.if_not_exists = AcceptIfNotExists();
  if (IsIdentToken(Peek()) && !PeekWord(K::kUsing) && !IsOldIndexType()) d.name = ParseIdent();
  if (AcceptWord(K::kUsing) || AcceptOldIndexType()) d.using_type = Text(Next());
  d.parts = ParseKeyParts();
  if (d.type == IndexType::kForeign) {
    ExpectWord(K::kReferences);
    d.ref_table = ParseName(2, "a table name after REFERENCES");
    if (Peek().kind == TokenKind::kLParen) d.ref_columns = ParseIdentList();
    if (AcceptWord(K::kMatch)) d.match = Text(Next());
    while (PeekWord(K::kOn)) {
      Next();
      const bool del = AcceptWord(K::kDelete);
      if (!del) ExpectWord(K::kUpdate);
      (del ? d.on_delete : d.on_update) = ParseReferentialAction();
    }
    return d;
  }
  ParseIndexOptions(d);
  return d;
}

void StatementParser::ParseEnforced(std::string_view& enforced) {
  const size_t from = pos_;
  if (PeekWord(K::kNot) && PeekWord(K::kEnforced, 1)) {
    Next();
    Next();
  } else if (!AcceptWord(K::kEnforced)) {
    return;
  }
  enforced = TextFrom(from);
}

std::string_view StatementParser::ParseReferentialAction() {
  const size_t from = pos_;
  if (AcceptWord(K::kRestrict) || AcceptWord(K::kCascade)) return TextFrom(from);
  if (AcceptWord(K::kSet)) {
    if (!AcceptWord(K::kNull)) ExpectWord(K::kDefault);
    return TextFrom(from);
  }
  ExpectWord(K::kNo);
  ExpectWord(K::kAction);
  return TextFrom(from);
}

// TYPE {BTREE | HASH | RTREE}: the old spelling of USING type, which both servers still take
// (sql_yacc.yy index_type_clause). TYPE alone, before a name or '(', is an index name.
bool StatementParser::IsOldIndexType() const {
  return PeekWord(K::kType) &&
         (PeekWord(K::kBtree, 1) || PeekWord(K::kHash, 1) || PeekWord(K::kRtree, 1));
}

bool StatementParser::AcceptOldIndexType() {
  if (!IsOldIndexType()) return false;
  Next();
  return true;
}

// ( part {, part} )   part: name [(length)] [ASC | DESC] | ( expr ) [ASC | DESC]
std::span<const KeyPart> StatementParser::ParseKeyParts() {
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
void StatementParser::ParseIndexOptions(IndexDef& d) {
  for (;;) {
    if (AcceptWord(K::kKeyBlockSize)) {
      Accept(TokenKind::kEq);
      d.key_block_size = Text(Next());
    } else if (AcceptWord(K::kUsing) || AcceptOldIndexType()) {
      d.using_type = Text(Next());
    } else if (PeekWord(K::kWith) && PeekWord(K::kParser, 1)) {
      Next();
      Next();
      d.parser = ParseIdent("a parser name").raw;
    } else if (AcceptWord(K::kComment)) {
      if (Peek().kind != TokenKind::kString) Fail("a string after COMMENT");
      d.comment = Text(Next());
    } else if (const std::optional<IndexVisibility> v = AcceptVisibility()) {
      d.visibility = *v;
    } else if (PeekWord(K::kEngineAttribute) || PeekWord(K::kSecondaryEngineAttribute)) {
      const bool secondary = PeekWord(K::kSecondaryEngineAttribute);
      (secondary ? d.secondary_engine_attribute : d.engine_attribute) = ParseEngineAttribute();
    } else {
      return;
    }
  }
}

// (ENGINE_ATTRIBUTE | SECONDARY_ENGINE_ATTRIBUTE) [=] 'string'   (MySQL 8.0.21): the string.
std::string_view StatementParser::ParseEngineAttribute() {
  Next();
  Accept(TokenKind::kEq);
  if (Peek().kind != TokenKind::kString) Fail("a string for the engine attribute");
  return Text(Next());
}

// visibility: VISIBLE | INVISIBLE | IGNORED | NOT IGNORED   (nullopt: none of these next)
std::optional<IndexVisibility> StatementParser::AcceptVisibility() {
  if (AcceptWord(K::kVisible)) return IndexVisibility::kVisible;
  if (AcceptWord(K::kInvisible)) return IndexVisibility::kInvisible;
  if (AcceptWord(K::kIgnored)) return IndexVisibility::kIgnored;
  if (!PeekWord(K::kNot) || !PeekWord(K::kIgnored, 1)) return std::nullopt;
  Next();
  Next();
  return IndexVisibility::kNotIgnored;
}

// column_def: name type {attribute}
ColumnDef StatementParser::ParseColumnDef() {
  const uint32_t start = Start();
  ColumnDef c = ParseColumnDefBody();
  c.span = SpanFrom(start);
  return c;
}

ColumnDef StatementParser::ParseColumnDefBody() {
  ColumnDef c{};
  // field_ident: [[db.]table.]name | .name — both servers check the qualifier names this table
  // and drop it; so does the AST.
  Accept(TokenKind::kDot);
  c.name = ParseName(3, "a column name or a key definition").last();
  c.type = ParseColumnType();
  for (;;) {
    if (PeekWord(K::kNot) && PeekWord(K::kNull, 1)) {
      Next();
      Next();
      c.nullability = Nullability::kNotNull;
    } else if (AcceptWord(K::kNull)) {
      c.nullability = Nullability::kNull;
    } else if (AcceptWord(K::kDefault)) {
      c.default_value = ParseDefault(&c.default_parens);
    } else if (PeekWord(K::kOn) && PeekWord(K::kUpdate, 1)) {
      Next();
      Next();
      c.on_update = ParseDefaultValue();
    } else if (AcceptWord(K::kAutoIncrement)) {
      c.auto_increment = true;
    } else if (AcceptWord(K::kUnique)) {
      AcceptWord(K::kKey);
      c.unique = true;
    } else if (AcceptWord(K::kPrimary)) {
      ExpectWord(K::kKey);
      c.primary_key = true;
    } else if (AcceptWord(K::kKey)) {
      c.primary_key = true;
    } else if (AcceptWord(K::kComment)) {
      if (Peek().kind != TokenKind::kString) Fail("a string after COMMENT");
      c.comment = Text(Next());
    } else if (AcceptWord(K::kCollate)) {
      c.type.collation = ParseCharsetName();
    } else if (PeekWord(K::kGenerated) || PeekWord(K::kAs)) {
      if (AcceptWord(K::kGenerated)) {
        ExpectWord(K::kAlways);
        c.generated_always = true;
      }
      ExpectWord(K::kAs);
      // MariaDB system versioning: AS ROW START | AS ROW END.
      if (PeekWord(K::kRow) && (PeekWord(K::kStart, 1) || PeekWord(K::kEnd, 1))) {
        Next();
        c.row_boundary = Text(Next());
        continue;
      }
      Expect(TokenKind::kLParen, "'(' before the generated column's expression");
      c.generated = ParseExpr();
      Expect(TokenKind::kRParen, "')' after the generated column's expression");
      if (PeekWord(K::kVirtual) || PeekWord(K::kStored) || PeekWord(K::kPersistent)) {
        c.storage = Text(Next());
      }
    } else if (AcceptWord(K::kInvisible)) {
      c.invisible = true;
    } else if (AcceptWord(K::kVisible)) {
    } else if (AcceptWord(K::kColumnFormat)) {
      c.column_format = Text(Next());
    } else if (AcceptWord(K::kSrid)) {
      c.srid = Text(Next());
    } else if (PeekWord(K::kEngineAttribute) || PeekWord(K::kSecondaryEngineAttribute)) {
      const bool secondary = PeekWord(K::kSecondaryEngineAttribute);
      (secondary ? c.secondary_engine_attribute : c.engine_attribute) = ParseEngineAttribute();
    } else if ((PeekWord(K::kWith) || PeekWord(K::kWithout)) && PeekWord(K::kSystem, 1) &&
               PeekWord(K::kVersioning, 2)) {
      const size_t from = pos_;  // MariaDB: a column in or out of system versioning
      Next();
      Next();
      Next();
      c.versioning = TextFrom(from);
    } else if (PeekWord(K::kSerial) && PeekWord(K::kDefault, 1) && PeekWord(K::kValue, 2)) {
      pos_ += 3;
      c.serial_default_value = true;
    } else if (PeekWord(K::kStorage) &&
               (PeekWord(K::kDisk, 1) || PeekWord(K::kMemory, 1) || PeekWord(K::kDefault, 1))) {
      Next();
      c.storage_media = Text(Next());
    } else if (PeekWord(K::kCheck) || PeekWord(K::kConstraint)) {
      if (AcceptWord(K::kConstraint)) {
        c.check_constraint = true;
        if (!PeekWord(K::kCheck)) c.check_name = ParseIdent("a constraint name");
      }
      ExpectWord(K::kCheck);
      Expect(TokenKind::kLParen, "'(' after CHECK");
      c.check = ParseExpr();
      Expect(TokenKind::kRParen, "')' after the CHECK condition");
      std::string_view enforced;
      ParseEnforced(enforced);
    } else if (PeekWord(K::kReferences)) {
      const size_t from = pos_;
      Next();
      ParseName(2, "a table name after REFERENCES");
      if (Peek().kind == TokenKind::kLParen) ParseIdentList();
      while (PeekWord(K::kMatch) || PeekWord(K::kOn)) {
        if (AcceptWord(K::kMatch)) {
          Next();
          continue;
        }
        Next();
        if (!AcceptWord(K::kDelete)) ExpectWord(K::kUpdate);
        if (AcceptWord(K::kSet)) {
          Next();  // NULL | DEFAULT
        } else if (AcceptWord(K::kNo)) {
          ExpectWord(K::kAction);
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
const Expr* StatementParser::ParseDefault(bool* parens) {
  if (Peek().kind != TokenKind::kLParen) return ParseDefaultValue();
  Next();
  const Expr* e = ParseExpr();
  Expect(TokenKind::kRParen, "')' after the default expression");
  *parens = true;
  return e;
}

// default_value: [- | +] literal | CURRENT_TIMESTAMP[(n)] | NOW() | …  (not simple_expr: a
// COLLATE after it belongs to the column)
const Expr* StatementParser::ParseDefaultValue() {
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
ColumnType StatementParser::ParseColumnType() {
  ColumnType t{};
  const Token& first = Peek();
  if (first.kind != TokenKind::kIdentifier) Fail("a column type");
  const size_t from = pos_;
  Next();
  // Types of two and three words (sql_yacc.yy type, nchar, nvarchar, varchar):
  // DOUBLE PRECISION, CHAR[ACTER] VARYING, NCHAR VARCHAR | VARYING, NATIONAL VARCHAR,
  // NATIONAL CHAR[ACTER] [VARYING], LONG VARCHAR | VARBINARY | CHAR[ACTER] VARYING.
  if (IsWord(first, K::kDouble)) {
    AcceptWord(K::kPrecision);
  } else if (IsWord(first, K::kCharacter) || IsWord(first, K::kChar)) {
    AcceptWord(K::kVarying);
  } else if (IsWord(first, K::kNchar)) {
    if (!AcceptWord(K::kVarying)) AcceptWord(K::kVarchar);
  } else if (IsWord(first, K::kNational)) {
    if (AcceptWord(K::kChar) || AcceptWord(K::kCharacter)) {
      AcceptWord(K::kVarying);
    } else if (!AcceptWord(K::kVarchar)) {
      Fail("CHAR, CHARACTER or VARCHAR after NATIONAL");
    }
  } else if (IsWord(first, K::kLong)) {
    if ((PeekWord(K::kChar) || PeekWord(K::kCharacter)) && PeekWord(K::kVarying, 1)) {
      Next();
      Next();
    } else if (!AcceptWord(K::kVarchar)) {
      AcceptWord(K::kVarbinary);
    }
  }
  t.name = TextFrom(from);
  if (IsWord(first, K::kEnum) || IsWord(first, K::kSet)) {
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
    if (AcceptWord(K::kUnsigned)) {
      t.is_unsigned = true;
    } else if (AcceptWord(K::kSigned)) {
      t.is_signed = true;
    } else if (AcceptWord(K::kZerofill)) {
      t.zerofill = true;
    } else if (AcceptWord(K::kBinary)) {
      t.binary = true;
    } else if (AcceptWord(K::kCharset)) {
      t.charset = ParseCharsetName();
    } else if (PeekWord(K::kCharacter) && PeekWord(K::kSet, 1)) {
      Next();
      Next();
      t.charset = ParseCharsetName();
    } else if (AcceptWord(K::kCollate)) {
      t.collation = ParseCharsetName();
    } else if (PeekWord(K::kChar) && PeekWord(K::kSet, 1)) {  // CHAR SET: CHARACTER SET
      Next();
      Next();
      t.charset = ParseCharsetName();
    } else if (PeekWord(K::kAscii) || PeekWord(K::kUnicode) || PeekWord(K::kByte)) {
      t.charset_shorthand = Text(Next());
    } else {
      return t;
    }
  }
}

// table_option {[,] table_option}: [DEFAULT] word {word} [=] value
std::span<const TableOption> StatementParser::ParseTableOptions() {
  std::vector<TableOption> options;
  for (;;) {
    if (Peek().kind == TokenKind::kComma && !options.empty()) Next();
    // MariaDB's system-versioned tables (SHOW CREATE TABLE and mariadb-dump write it last):
    // kept as the option `WITH SYSTEM` `VERSIONING`.
    if (PeekWord(K::kWith) && PeekWord(K::kSystem, 1) && PeekWord(K::kVersioning, 2)) {
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
    if (Peek().kind != TokenKind::kIdentifier || PeekWord(K::kPartition) || PeekWord(K::kAs) ||
        PeekWord(K::kSelect) || PeekWord(K::kWith) || PeekWord(K::kIgnore) ||
        PeekWord(K::kReplace)) {
      break;
    }
    options.push_back(ParseTableOption());
  }
  return Keep(options);
}

// table_option: [DEFAULT] name [=] value, where name is CHARACTER SET, DATA DIRECTORY, INDEX
// DIRECTORY or one word, and value one token, a parenthesised list, or TABLESPACE's
// `x STORAGE DISK`. Both kept as written.
TableOption StatementParser::ParseTableOption() {
  TableOption o{};
  const size_t from = pos_;
  AcceptWord(K::kDefault);
  if (((PeekWord(K::kCharacter) || PeekWord(K::kChar)) && PeekWord(K::kSet, 1)) ||
      (PeekWord(K::kData) && PeekWord(K::kDirectory, 1)) ||
      (PeekWord(K::kIndex) && PeekWord(K::kDirectory, 1))) {
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
    if (PeekWord(K::kStorage) && (PeekWord(K::kDisk, 1) || PeekWord(K::kMemory, 1))) {
      Next();
      Next();
    }
  }
  o.value = TextFrom(value_from);
  return o;
}

// Steps over the parenthesised group that opens at the current token, nested ones included.
void StatementParser::SkipParenthesised() {
  const size_t close = MatchingParen(0);
  for (size_t i = 0; i <= close && Peek().kind != TokenKind::kEnd; ++i) Next();
}

// {ALGORITHM [=] x | LOCK [=] x}
std::span<const TableOption> StatementParser::ParseAlgorithmLock() {
  std::vector<TableOption> options;
  while (PeekWord(K::kAlgorithm) || PeekWord(K::kLock)) {
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
Statement* StatementParser::ParseCreateIndex() {
  auto* s = NewStatement<CreateIndexStatement>();
  ExpectWord(K::kCreate);
  IndexDef& d = s->index;
  d.type = AcceptWord(K::kUnique)     ? IndexType::kUnique
           : AcceptWord(K::kFulltext) ? IndexType::kFulltext
           : AcceptWord(K::kSpatial)  ? IndexType::kSpatial
                                      : IndexType::kKey;
  ExpectWord(K::kIndex);
  d.index_keyword = true;
  s->if_not_exists = AcceptIfNotExists();
  d.name = ParseIdent("an index name");
  if (AcceptWord(K::kUsing) || AcceptOldIndexType()) d.using_type = Text(Next());
  ExpectWord(K::kOn);
  s->table = ParseName(2, "a table name");
  d.parts = ParseKeyParts();
  ParseIndexOptions(d);
  s->algorithm_lock = ParseAlgorithmLock();
  return s;
}

// drop_index: DROP INDEX name ON name {ALGORITHM … | LOCK …}
Statement* StatementParser::ParseDropIndex() {
  auto* s = NewStatement<DropIndexStatement>();
  ExpectWord(K::kDrop);
  ExpectWord(K::kIndex);
  s->if_exists = AcceptIfExists();
  if (PeekWord(K::kPrimary)) {
    s->index = MakeIdent(Next());
  } else {
    s->index = ParseIdent("an index name");
  }
  ExpectWord(K::kOn);
  s->table = ParseName(2, "a table name");
  s->algorithm_lock = ParseAlgorithmLock();
  return s;
}

// rename_table: RENAME {TABLE | TABLES} [IF EXISTS] name TO name {, name TO name}
//               [WAIT n | NOWAIT]
Statement* StatementParser::ParseRenameTable() {
  auto* s = NewStatement<RenameTableStatement>();
  ExpectWord(K::kRename);
  s->tables_keyword = PeekWord(K::kTables);
  Next();
  s->if_exists = AcceptIfExists();
  std::vector<RenamePair> pairs;
  do {
    RenamePair p{};
    p.from = ParseName(2, "a table name");
    ExpectWord(K::kTo);
    p.to = ParseName(2, "the new table name");
    pairs.push_back(p);
  } while (Accept(TokenKind::kComma));
  s->pairs = Keep(pairs);
  const size_t wait = pos_;
  if (AcceptWord(K::kWait)) {
    if (Peek().kind != TokenKind::kNumber) Fail("a number of seconds after WAIT");
    Next();
    s->wait = TextFrom(wait);
  } else if (AcceptWord(K::kNowait)) {
    s->wait = TextFrom(wait);
  }
  return s;
}

// drop_table: DROP [TEMPORARY] TABLE [IF EXISTS] name {, name} [RESTRICT | CASCADE]
Statement* StatementParser::ParseDropTable() {
  auto* s = NewStatement<DropTableStatement>();
  ExpectWord(K::kDrop);
  s->temporary = AcceptWord(K::kTemporary);
  ExpectWord(K::kTable);
  s->if_exists = AcceptIfExists();
  std::vector<Name> tables;
  do {
    tables.push_back(ParseName(2, "a table name"));
  } while (Accept(TokenKind::kComma));
  s->tables = Keep(tables);
  if (PeekWord(K::kRestrict) || PeekWord(K::kCascade)) s->behavior = Text(Next());
  return s;
}

bool StatementParser::AcceptIfExists() {
  if (!PeekWord(K::kIf) || !PeekWord(K::kExists, 1)) return false;
  Next();
  Next();
  return true;
}

bool StatementParser::AcceptIfNotExists() {
  if (!PeekWord(K::kIf) || !PeekWord(K::kNot, 1) || !PeekWord(K::kExists, 2)) return false;
  Next();
  Next();
  Next();
  return true;
}

// drop_database: DROP {DATABASE | SCHEMA} [IF EXISTS] name
Statement* StatementParser::ParseDropDatabase() {
  auto* s = NewStatement<DropDatabaseStatement>();
  ExpectWord(K::kDrop);
  s->schema_keyword = PeekWord(K::kSchema);
  Next();
  s->if_exists = AcceptIfExists();
  s->name = ParseIdent("a database name");
  return s;
}

// create_database: CREATE {DATABASE | SCHEMA} [IF NOT EXISTS] name {database_option}
Statement* StatementParser::ParseCreateDatabase() {
  auto* s = NewStatement<CreateDatabaseStatement>();
  ExpectWord(K::kCreate);
  s->schema_keyword = PeekWord(K::kSchema);
  Next();
  s->if_not_exists = AcceptIfNotExists();
  s->name = ParseIdent("a database name");
  s->options = ParseTableOptions();
  return s;
}

// alter_table: ALTER [ONLINE] [IGNORE] TABLE name action {, action} [partitioning]
Statement* StatementParser::ParseAlterTable() {
  auto* s = NewStatement<AlterTableStatement>();
  ExpectWord(K::kAlter);
  s->online = AcceptWord(K::kOnline);
  s->ignore = AcceptWord(K::kIgnore);
  ExpectWord(K::kTable);
  s->if_exists = AcceptIfExists();
  s->table = ParseName(2, "a table name");
  std::vector<AlterAction> actions;
  if (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon &&
      !PeekWord(K::kPartition)) {
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
  if (PeekWord(K::kPartition) || PeekWord(K::kRemove)) {
    const size_t from = pos_;
    while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon) Next();
    s->partitioning = TextFrom(from);
  }
  return s;
}

void StatementParser::ParsePosition(AlterAction& a) {  // [FIRST | AFTER col]
  const size_t from = pos_;
  if (AcceptWord(K::kFirst)) {
    a.first = true;
  } else if (AcceptWord(K::kAfter)) {
    a.after = ParseIdent("a column name after AFTER");
  } else {
    return;
  }
  a.position = TextFrom(from);
}

AlterAction StatementParser::ParseAlterAction() {
  const uint32_t start = Start();
  AlterAction a = ParseAlterActionBody();
  a.span = SpanFrom(start);
  return a;
}

AlterAction StatementParser::ParseAlterActionBody() {
  AlterAction a{};
  const size_t from = pos_;
  if (AcceptWord(K::kAdd)) {
    if (PeekWord(K::kPartition)) return OtherAction(from);
    if (PeekWord(K::kSystem) && PeekWord(K::kVersioning, 1)) {
      Next();
      Next();
      a.kind = AlterKind::kAddSystemVersioning;
      return a;
    }
    if (PeekWord(K::kPeriod)) {  // ADD PERIOD [IF NOT EXISTS] FOR name (start, end)
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
    a.column_keyword = AcceptWord(K::kColumn);
    a.if_exists = AcceptIfNotExists();
    if (Peek().kind == TokenKind::kLParen) return OtherAction(from);  // ADD (col, col)
    a.kind = AlterKind::kAddColumn;
    a.column = ParseColumnDef();
    ParsePosition(a);
    return a;
  }
  if (AcceptWord(K::kDrop)) {
    if (PeekWord(K::kPrimary) && PeekWord(K::kKey, 1)) {
      Next();
      Next();
      a.kind = AlterKind::kDropPrimaryKey;
      return a;
    }
    if (PeekWord(K::kForeign) && PeekWord(K::kKey, 1)) {
      Next();
      Next();
      a.kind = AlterKind::kDropForeignKey;
      a.if_exists = AcceptIfExists();
      a.name = ParseIdent("a foreign key name");
      return a;
    }
    if (PeekWord(K::kIndex) || PeekWord(K::kKey)) {
      a.kind = AlterKind::kDropIndex;
      a.key_keyword = PeekWord(K::kKey);
      Next();
      a.if_exists = AcceptIfExists();
      a.name = ParseIdent("an index name");
      return a;
    }
    if (PeekWord(K::kCheck) || PeekWord(K::kConstraint)) {
      a.kind = AlterKind::kDropConstraint;
      a.setting = Text(Next());
      a.if_exists = AcceptIfExists();
      a.name = ParseIdent("a constraint name");
      return a;
    }
    if (PeekWord(K::kPartition)) return OtherAction(from);
    if (PeekWord(K::kSystem) && PeekWord(K::kVersioning, 1)) {
      Next();
      Next();
      a.kind = AlterKind::kDropSystemVersioning;
      return a;
    }
    if (PeekWord(K::kPeriod) && (PeekWord(K::kFor, 1) || PeekWord(K::kIf, 1))) {
      Next();  // DROP PERIOD [IF EXISTS] FOR name
      a.kind = AlterKind::kDropPeriod;
      a.if_exists = AcceptIfExists();
      ExpectWord(K::kFor);
      a.period.name = ParseIdent("SYSTEM_TIME or a period name");
      return a;
    }
    a.kind = AlterKind::kDropColumn;
    a.column_keyword = AcceptWord(K::kColumn);
    a.if_exists = AcceptIfExists();
    a.name = ParseIdent("a column name");
    // opt_restrict: parsed and ignored by both servers
    if (PeekWord(K::kRestrict) || PeekWord(K::kCascade)) a.drop_behavior = Text(Next());
    return a;
  }
  if (AcceptWord(K::kAlter)) {
    if (PeekWord(K::kIndex) || PeekWord(K::kKey)) {
      a.kind = AlterKind::kAlterIndex;
      a.key_keyword = PeekWord(K::kKey);
      Next();
      a.if_exists = AcceptIfExists();  // MariaDB 10.6
      a.name = ParseIdent("an index name");
      const std::optional<IndexVisibility> v = AcceptVisibility();
      if (!v) Fail("VISIBLE, INVISIBLE, IGNORED or NOT IGNORED");
      a.visibility = *v;
      return a;
    }
    if (PeekWord(K::kConstraint) || PeekWord(K::kCheck))
      return OtherAction(from);  // [NOT] ENFORCED
    a.kind = AlterKind::kAlterColumn;
    a.column_keyword = AcceptWord(K::kColumn);
    a.name = ParseIdent("a column name");
    if (AcceptWord(K::kDrop)) {
      ExpectWord(K::kDefault);
      a.setting = "DROP DEFAULT";
      return a;
    }
    ExpectWord(K::kSet);
    if (AcceptWord(K::kVisible)) {
      a.setting = "SET VISIBLE";
    } else if (AcceptWord(K::kInvisible)) {
      a.setting = "SET INVISIBLE";
    } else {
      ExpectWord(K::kDefault);
      a.setting = "SET DEFAULT";
      a.default_value = ParseDefault(&a.default_parens);
    }
    return a;
  }
  if (AcceptWord(K::kForce)) {
    a.kind = AlterKind::kForce;
    return a;
  }
  if (AcceptWord(K::kModify)) {
    a.kind = AlterKind::kModifyColumn;
    a.column_keyword = AcceptWord(K::kColumn);
    a.if_exists = AcceptIfExists();
    a.column = ParseColumnDef();
    ParsePosition(a);
    return a;
  }
  if (AcceptWord(K::kChange)) {
    a.kind = AlterKind::kChangeColumn;
    a.column_keyword = AcceptWord(K::kColumn);
    a.if_exists = AcceptIfExists();
    a.name = ParseIdent("a column name");
    a.column = ParseColumnDef();
    ParsePosition(a);
    return a;
  }
  if (AcceptWord(K::kRename)) {
    if (AcceptWord(K::kColumn)) {
      a.kind = AlterKind::kRenameColumn;
      a.if_exists = AcceptIfExists();
      a.name = ParseIdent("a column name");
      ExpectWord(K::kTo);
      a.new_name = ParseIdent("the new column name");
      return a;
    }
    if (PeekWord(K::kIndex) || PeekWord(K::kKey)) {
      a.kind = AlterKind::kRenameIndex;
      a.key_keyword = PeekWord(K::kKey);
      Next();
      a.name = ParseIdent("an index name");
      ExpectWord(K::kTo);
      a.new_name = ParseIdent("the new index name");
      return a;
    }
    a.kind = AlterKind::kRenameTable;
    if (PeekWord(K::kTo) || PeekWord(K::kAs) || Peek().kind == TokenKind::kEq) {
      a.rename_word = Text(Next());  // RENAME = t: both servers take `=` for TO
    }
    a.table = ParseName(2, "the new table name");
    return a;
  }
  if (PeekWord(K::kConvert) && PeekWord(K::kTo, 1)) {
    Next();
    Next();
    a.kind = AlterKind::kConvertCharset;
    if (!AcceptWord(K::kCharset)) {
      if (!AcceptWord(K::kChar)) ExpectWord(K::kCharacter);  // CHAR SET: CHARACTER SET
      ExpectWord(K::kSet);
    }
    a.charset = ParseCharsetName();
    if (AcceptWord(K::kCollate)) a.collation = ParseCharsetName();
    return a;
  }
  // A table option (ENGINE=x, [DEFAULT] CHARSET=x, AUTO_INCREMENT=n, ALGORITHM=INPLACE, …),
  // else anything else up to the next action, kept as written.
  if (PeekTableOption() || PeekCharsetOptionWithoutEq()) {
    a.kind = AlterKind::kOption;
    a.option = ParseTableOption();
    return a;
  }
  return OtherAction(from);
}

// A table option written with `=`: ENGINE=x, [DEFAULT] CHARSET=x, DEFAULT CHARACTER SET=x, …
bool StatementParser::PeekTableOption() const {
  return Peek().kind == TokenKind::kIdentifier &&
         (Peek(1).kind == TokenKind::kEq ||
          (PeekWord(K::kDefault) && Peek(2).kind == TokenKind::kEq) ||
          (PeekWord(K::kDefault) && PeekWord(K::kCharacter, 1) && Peek(3).kind == TokenKind::kEq) ||
          (PeekWord(K::kDefault) && PeekWord(K::kChar, 1) && Peek(3).kind == TokenKind::kEq));
}

// [DEFAULT] {COLLATE | CHARSET | CHARACTER SET | CHAR SET} x, ENGINE x or TABLESPACE x
// without `=`, after another table option (ALTER TABLE t DEFAULT CHARSET=x COLLATE y, as
// phpMyAdmin writes it).
bool StatementParser::PeekCharsetOptionWithoutEq() const {
  if ((PeekWord(K::kEngine) || PeekWord(K::kTablespace)) && IsIdentToken(Peek(1))) return true;
  const size_t i = PeekWord(K::kDefault) ? 1 : 0;
  if (PeekWord(K::kCollate, i) || PeekWord(K::kCharset, i)) {  // a name, 'name' or DEFAULT
    return IsIdentToken(Peek(i + 1)) || Peek(i + 1).kind == TokenKind::kString ||
           PeekWord(K::kDefault, i + 1);
  }
  return (PeekWord(K::kCharacter, i) || PeekWord(K::kChar, i)) && PeekWord(K::kSet, i + 1);
}

// Any other action, up to the next comma at this level, kept as written.
AlterAction StatementParser::OtherAction(size_t from) {
  pos_ = from;
  AlterAction a{};
  a.kind = AlterKind::kOther;
  while (Peek().kind != TokenKind::kEnd && Peek().kind != TokenKind::kSemicolon &&
         Peek().kind != TokenKind::kComma && !PeekWord(K::kPartition)) {
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
std::span<const Ident> StatementParser::ParseColumnNames() {
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

}  // namespace qadvisor::parser::grammar
