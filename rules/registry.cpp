// The registry: every rule, sorted by id. Adding a rule is one file in rules/, one line here,
// its fixture in tests/fixtures/rules/<id>.sql and its generated page in docs/rules/<id>.md;
// tests/rules/registry_test.cpp checks all four are there.
#include "rules/rule.h"

namespace qadvisor::rules {

std::unique_ptr<Rule> MakeBackToTable(const RuleOptions& options);
std::unique_ptr<Rule> MakeCartesianJoin(const RuleOptions& options);
std::unique_ptr<Rule> MakeCharsetMismatchJoin(const RuleOptions& options);
std::unique_ptr<Rule> MakeDdlCopiesTable(const RuleOptions& options);
std::unique_ptr<Rule> MakeDdlRebuildsTable(const RuleOptions& options);
std::unique_ptr<Rule> MakeDeepOffset(const RuleOptions& options);
std::unique_ptr<Rule> MakeDmlWithoutWhere(const RuleOptions& options);
std::unique_ptr<Rule> MakeDropInUse(const RuleOptions& options);
std::unique_ptr<Rule> MakeFilesort(const RuleOptions& options);
std::unique_ptr<Rule> MakeFunctionOnColumn(const RuleOptions& options);
std::unique_ptr<Rule> MakeGroupByWithoutOrderBy(const RuleOptions& options);
std::unique_ptr<Rule> MakeImplicitConversion(const RuleOptions& options);
std::unique_ptr<Rule> MakeIndexKeyTooLong(const RuleOptions& options);
std::unique_ptr<Rule> MakeInsertWithoutColumns(const RuleOptions& options);
std::unique_ptr<Rule> MakeLeadingWildcard(const RuleOptions& options);
std::unique_ptr<Rule> MakeLeftmostPrefix(const RuleOptions& options);
std::unique_ptr<Rule> MakeMissingIndex(const RuleOptions& options);
std::unique_ptr<Rule> MakeMissingPrimaryKey(const RuleOptions& options);
std::unique_ptr<Rule> MakeMixedJoinSyntax(const RuleOptions& options);
std::unique_ptr<Rule> MakeMixedOrderDirection(const RuleOptions& options);
std::unique_ptr<Rule> MakeNarrowingTypeChange(const RuleOptions& options);
std::unique_ptr<Rule> MakeNotInNull(const RuleOptions& options);
std::unique_ptr<Rule> MakeNotNullWithoutDefault(const RuleOptions& options);
std::unique_ptr<Rule> MakeOptimizerWrongIndex(const RuleOptions& options);
std::unique_ptr<Rule> MakeOrAcrossColumns(const RuleOptions& options);
std::unique_ptr<Rule> MakeOrderByRand(const RuleOptions& options);
std::unique_ptr<Rule> MakeParseError(const RuleOptions& options);
std::unique_ptr<Rule> MakeRedundantIndex(const RuleOptions& options);
std::unique_ptr<Rule> MakeRenameInUse(const RuleOptions& options);
std::unique_ptr<Rule> MakeSchemaError(const RuleOptions& options);
std::unique_ptr<Rule> MakeSelectStar(const RuleOptions& options);
std::unique_ptr<Rule> MakeSqlCalcFoundRows(const RuleOptions& options);
std::unique_ptr<Rule> MakeTooManyIndexes(const RuleOptions& options);
std::unique_ptr<Rule> MakeUnknownColumn(const RuleOptions& options);
std::unique_ptr<Rule> MakeUnknownTable(const RuleOptions& options);
std::unique_ptr<Rule> MakeUnusedIndex(const RuleOptions& options);
std::unique_ptr<Rule> MakeUtf8mb3(const RuleOptions& options);

const std::vector<RuleEntry>& Registry() {
  static const std::vector<RuleEntry> entries = {
      {"back-to-table", MakeBackToTable},
      {"cartesian-join", MakeCartesianJoin},
      {"charset-mismatch-join", MakeCharsetMismatchJoin},
      {"ddl-copies-table", MakeDdlCopiesTable},
      {"ddl-rebuilds-table", MakeDdlRebuildsTable},
      {"deep-offset", MakeDeepOffset},
      {"dml-without-where", MakeDmlWithoutWhere},
      {"drop-in-use", MakeDropInUse},
      {"filesort", MakeFilesort},
      {"function-on-column", MakeFunctionOnColumn},
      {"group-by-without-order-by", MakeGroupByWithoutOrderBy},
      {"implicit-conversion", MakeImplicitConversion},
      {"index-key-too-long", MakeIndexKeyTooLong},
      {"insert-without-columns", MakeInsertWithoutColumns},
      {"leading-wildcard", MakeLeadingWildcard},
      {"leftmost-prefix", MakeLeftmostPrefix},
      {"missing-index", MakeMissingIndex},
      {"missing-primary-key", MakeMissingPrimaryKey},
      {"mixed-join-syntax", MakeMixedJoinSyntax},
      {"mixed-order-direction", MakeMixedOrderDirection},
      {"narrowing-type-change", MakeNarrowingTypeChange},
      {"not-in-null", MakeNotInNull},
      {"not-null-without-default", MakeNotNullWithoutDefault},
      {"optimizer-wrong-index", MakeOptimizerWrongIndex},
      {"or-across-columns", MakeOrAcrossColumns},
      {"order-by-rand", MakeOrderByRand},
      {"parse-error", MakeParseError},
      {"redundant-index", MakeRedundantIndex},
      {"rename-in-use", MakeRenameInUse},
      {"schema-error", MakeSchemaError},
      {"select-star", MakeSelectStar},
      {"sql-calc-found-rows", MakeSqlCalcFoundRows},
      {"too-many-indexes", MakeTooManyIndexes},
      {"unknown-column", MakeUnknownColumn},
      {"unknown-table", MakeUnknownTable},
      {"unused-index", MakeUnusedIndex},
      {"utf8mb3", MakeUtf8mb3},
  };
  return entries;
}

}  // namespace qadvisor::rules
