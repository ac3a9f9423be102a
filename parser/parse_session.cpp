// Session statements: USE and SET.
#include "parser/grammar.h"

namespace qadvisor::parser::grammar {

Statement* StatementParser::ParseUse() {  // use: USE name
  auto* s = NewStatement<UseStatement>();
  ExpectWord(K::kUse);
  s->database = ParseIdent("a database name");
  return s;
}

// set: SET NAMES x [COLLATE y] [, set_variables] | SET {CHARACTER SET | CHARSET} x
//      [, set_variables] | SET set_variables
// (NAMES or CHARACTER SET first, then variables, is what connectors send: Rails' mysql2
// adapter opens every connection with SET NAMES …, @@SESSION.sql_mode = …, ….)
Statement* StatementParser::ParseSet() {
  auto* s = NewStatement<SetStatement>();
  ExpectWord(K::kSet);
  if (AcceptWord(K::kNames)) {
    s->names = true;
    s->value = ParseCharsetName();
    if (AcceptWord(K::kCollate)) s->collation = ParseCharsetName();
    if (!Accept(TokenKind::kComma)) return s;
    s->variables = ParseSetVariables();
    return s;
  }
  if (PeekWord(K::kCharset) ||
      ((PeekWord(K::kCharacter) || PeekWord(K::kChar)) && PeekWord(K::kSet, 1))) {
    const size_t from = pos_;
    if (!AcceptWord(K::kCharset)) {
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
std::span<const SetVariable> StatementParser::ParseSetVariables() {
  std::vector<SetVariable> vars;
  do {
    SetVariable v{};
    for (const Keyword w : {K::kGlobal, K::kSession, K::kLocal, K::kPersist, K::kPersistOnly}) {
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
    if (PeekWord(K::kOn) || PeekWord(K::kOff) || PeekWord(K::kAll)) {
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

}  // namespace qadvisor::parser::grammar
