// Views, triggers and stored routines: CREATE / ALTER / DROP VIEW with its query, and the
// headers of CREATE TRIGGER / PROCEDURE / FUNCTION (their bodies are kept as written).
#include "parser/grammar.h"

namespace qadvisor::parser::grammar {

// definer: DEFINER = user   (the user as written)
std::string_view StatementParser::ParseDefiner() {
  ExpectWord(K::kDefiner);
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
Statement* StatementParser::ParseView(ViewStatement* s) {
  if (!AcceptWord(K::kAlter)) {
    ExpectWord(K::kCreate);
    if (AcceptWord(K::kOr)) {
      ExpectWord(K::kReplace);
      s->or_replace = true;
    }
  }
  for (;;) {
    if (AcceptWord(K::kAlgorithm)) {
      Expect(TokenKind::kEq, "'=' after ALGORITHM");
      if (!PeekWord(K::kUndefined) && !PeekWord(K::kMerge) && !PeekWord(K::kTemptable)) {
        Fail("UNDEFINED, MERGE or TEMPTABLE");
      }
      s->algorithm = Text(Next());
    } else if (PeekWord(K::kDefiner)) {
      s->definer = ParseDefiner();
    } else if (AcceptWord(K::kSql)) {
      ExpectWord(K::kSecurity);
      if (!PeekWord(K::kDefiner) && !PeekWord(K::kInvoker)) Fail("DEFINER or INVOKER");
      s->sql_security = Text(Next());
    } else {
      break;
    }
  }
  ExpectWord(K::kView);
  if (s->kind == StatementKind::kCreateView) s->if_not_exists = AcceptIfNotExists();
  s->name = ParseName(2, "a view name");
  if (Peek().kind == TokenKind::kLParen) s->columns = ParseIdentList();
  ExpectWord(K::kAs);
  s->query = ParseQuery();
  if (AcceptWord(K::kWith)) {
    s->check_option = AcceptWord(K::kCascaded) ? CheckOption::kCascaded
                      : AcceptWord(K::kLocal)  ? CheckOption::kLocal
                                               : CheckOption::kPlain;
    ExpectWord(K::kCheck);
    ExpectWord(K::kOption);
  }
  return s;
}

// drop_view: DROP VIEW [IF EXISTS] name {, name} [RESTRICT | CASCADE]
Statement* StatementParser::ParseDropView() {
  auto* s = NewStatement<DropViewStatement>();
  ExpectWord(K::kDrop);
  ExpectWord(K::kView);
  s->if_exists = AcceptIfExists();
  std::vector<Name> views;
  do {
    views.push_back(ParseName(2, "a view name"));
  } while (Accept(TokenKind::kComma));
  s->views = Keep(views);
  if (PeekWord(K::kRestrict) || PeekWord(K::kCascade)) s->behavior = Text(Next());
  return s;
}

// The rest of the statement, as written: a trigger's or a routine's body. A `;` at its very
// end (`END;` under DELIMITER //) ends the statement, as anywhere else; it is not the body's.
std::string_view StatementParser::ParseBody(std::string_view what) {
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
Statement* StatementParser::ParseCreateTrigger() {
  auto* s = NewStatement<CreateTriggerStatement>();
  ExpectWord(K::kCreate);
  if (AcceptWord(K::kOr)) {
    ExpectWord(K::kReplace);
    s->or_replace = true;
  }
  if (PeekWord(K::kDefiner)) s->definer = ParseDefiner();
  ExpectWord(K::kTrigger);
  s->if_not_exists = AcceptIfNotExists();
  s->name = ParseName(2, "a trigger name");
  if (AcceptWord(K::kBefore)) {
    s->time = TriggerTime::kBefore;
  } else if (AcceptWord(K::kAfter)) {
    s->time = TriggerTime::kAfter;
  } else {
    Fail("BEFORE or AFTER");
  }
  s->event = AcceptWord(K::kInsert)   ? TriggerEvent::kInsert
             : AcceptWord(K::kUpdate) ? TriggerEvent::kUpdate
             : AcceptWord(K::kDelete) ? TriggerEvent::kDelete
                                      : (Fail("INSERT, UPDATE or DELETE"), TriggerEvent::kInsert);
  ExpectWord(K::kOn);
  s->table = ParseName(2, "a table name");
  ExpectWord(K::kFor);
  ExpectWord(K::kEach);
  ExpectWord(K::kRow);
  if (AcceptWord(K::kFollows)) {
    s->order = TriggerOrder::kFollows;
    s->other = ParseIdent("a trigger name");
  } else if (AcceptWord(K::kPrecedes)) {
    s->order = TriggerOrder::kPrecedes;
    s->other = ParseIdent("a trigger name");
  }
  s->body = ParseBody("the trigger's body");
  return s;
}

// create_routine: CREATE [OR REPLACE] [DEFINER = user] [AGGREGATE] {PROCEDURE | FUNCTION}
//   [IF NOT EXISTS] name ([param {, param}]) [RETURNS type] {characteristic} body
// param: [IN | OUT | INOUT] name type
Statement* StatementParser::ParseCreateRoutine() {
  auto* s = NewStatement<CreateRoutineStatement>();
  ExpectWord(K::kCreate);
  if (AcceptWord(K::kOr)) {
    ExpectWord(K::kReplace);
    s->or_replace = true;
  }
  if (PeekWord(K::kDefiner)) s->definer = ParseDefiner();
  s->aggregate = AcceptWord(K::kAggregate);
  if (AcceptWord(K::kProcedure)) {
    s->routine = RoutineKind::kProcedure;
  } else {
    ExpectWord(K::kFunction);
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
        p.mode = AcceptWord(K::kIn)      ? ParamMode::kIn
                 : AcceptWord(K::kOut)   ? ParamMode::kOut
                 : AcceptWord(K::kInout) ? ParamMode::kInOut
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
    ExpectWord(K::kReturns);
    s->has_returns = true;
    s->returns = ParseColumnType();
  }
  std::vector<std::string_view> characteristics;
  for (;;) {
    const size_t from = pos_;
    if (AcceptWord(K::kComment)) {
      if (Peek().kind != TokenKind::kString) Fail("a string after COMMENT");
      Next();
    } else if (AcceptWord(K::kLanguage)) {
      ExpectWord(K::kSql);
    } else if (PeekWord(K::kNot) && PeekWord(K::kDeterministic, 1)) {
      Next();
      Next();
    } else if (AcceptWord(K::kDeterministic)) {
    } else if (AcceptWord(K::kContains)) {
      ExpectWord(K::kSql);
    } else if (PeekWord(K::kNo) && PeekWord(K::kSql, 1)) {
      Next();
      Next();
    } else if (AcceptWord(K::kReads) || AcceptWord(K::kModifies)) {
      ExpectWord(K::kSql);
      ExpectWord(K::kData);
    } else if (PeekWord(K::kSql) && PeekWord(K::kSecurity, 1)) {
      Next();
      Next();
      if (!PeekWord(K::kDefiner) && !PeekWord(K::kInvoker)) Fail("DEFINER or INVOKER");
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
Statement* StatementParser::ParseDropRoutine(RoutineObject object) {
  auto* s = NewStatement<DropRoutineStatement>();
  ExpectWord(K::kDrop);
  Next();
  s->object = object;
  s->if_exists = AcceptIfExists();
  s->name = ParseName(2, "a name");
  return s;
}

}  // namespace qadvisor::parser::grammar
