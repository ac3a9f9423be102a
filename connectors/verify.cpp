// Before/after verification of index proposals (see verify.h).
#include "connectors/verify.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "analyzer/query_model.h"
#include "base/ascii.h"
#include "connectors/explain.h"
#include "connectors/measure.h"
#include "connectors/safe_query.h"
#include "connectors/write_probe.h"
#include "parser/keywords.h"

namespace qadvisor::connectors {
namespace {

using analyzer::MeasuredPlan;
using analyzer::QueryVerification;
using analyzer::Verdict;

// The name an index is created under: the prefix and the proposal's name, within MySQL's 64
// characters.
std::string VerifyIndexName(const analyzer::IndexProposal& proposal) {
  std::string name = std::string(kIndexPrefix) + proposal.name;
  if (name.size() > 64) name.resize(64);
  return name;
}

// How one query of one proposal is measured.
struct Job {
  QueryVerification* result;
  std::string database;
  std::vector<std::string> aliases;  // the names the query gives the proposal's table
};

// The names the statement gives `table` (an alias, else the table name), from our own binder.
std::vector<std::string> AliasesOf(std::string_view sql, const analyzer::Catalog& catalog,
                                   const analyzer::Table& table, std::string_view database,
                                   const parser::ParseOptions& options) {
  std::vector<std::string> aliases;
  const parser::ParseResult parsed = parser::Parse(sql, options);
  if (parsed.statements().size() != 1) return aliases;
  const analyzer::QueryModel model =
      analyzer::Bind(*parsed.statements().front(), catalog, database, parsed.text());
  for (const analyzer::QueryBlock& block : model.blocks) {
    for (const analyzer::TableUse& use : block.tables) {
      if (use.table == &table &&
          std::find(aliases.begin(), aliases.end(), use.alias) == aliases.end()) {
        aliases.push_back(use.alias);
      }
    }
  }
  if (aliases.empty()) aliases.push_back(table.name);
  return aliases;
}

// A write class of the workload, parsed once.
struct WriteClass {
  std::string id;
  const ClassSample* sample = nullptr;
  parser::ParseResult parsed;
  std::string_view kind;  // INSERT, REPLACE, UPDATE, DELETE
};

// The samples that are one INSERT, REPLACE, UPDATE or DELETE, heaviest first.
std::vector<WriteClass> WriteClasses(const std::map<std::string, ClassSample>& samples,
                                     const parser::ParseOptions& options) {
  using parser::ast::StatementKind;
  std::vector<WriteClass> out;
  for (const auto& [id, sample] : samples) {
    parser::ParseResult parsed = parser::Parse(sample.query, options);
    if (parsed.statements().size() != 1) continue;
    const parser::ast::Statement& st = *parsed.statements().front();
    std::string_view kind;
    if (st.kind == StatementKind::kInsert) {
      kind = st.As<parser::ast::InsertStatement>().replace ? "REPLACE" : "INSERT";
    } else if (st.kind == StatementKind::kUpdate) {
      kind = "UPDATE";
    } else if (st.kind == StatementKind::kDelete) {
      kind = "DELETE";
    } else {
      continue;
    }
    out.push_back({id, &sample, std::move(parsed), kind});
  }
  std::stable_sort(out.begin(), out.end(), [](const WriteClass& a, const WriteClass& b) {
    return a.sample->weight > b.sample->weight;
  });
  return out;
}

// How one write of one proposal is timed: its entry in VerifyOutcome::writes, and where it runs.
struct WriteJob {
  size_t result = 0;
  std::string database;
};

// Which end of a range a digest's value is: `col > ?`, `? < col` and BETWEEN's first are the
// lower bound, `col < ?` and BETWEEN's second the upper one.
enum class Bound : uint8_t { kPoint, kLower, kUpper };

// The bound the value at `at` (3 bytes long) in `text` is, from the operator beside it.
Bound BoundAt(std::string_view text, size_t at, const analyzer::Predicate& p) {
  if (p.op != analyzer::PredicateOp::kRange) return Bound::kPoint;
  const std::string_view before = base::TrimTrailingSpace(text.substr(0, at));
  const std::string_view after = base::TrimLeadingSpace(text.substr(at + 3));
  if (before.ends_with('>') || before.ends_with(">=")) return Bound::kLower;
  if (before.ends_with('<') || before.ends_with("<=")) return Bound::kUpper;
  if (after.starts_with('<')) return Bound::kLower;
  if (after.starts_with('>')) return Bound::kUpper;
  if (before.size() >= 3 && parser::EqualsIgnoreCase(before.substr(before.size() - 3), "AND")) {
    return Bound::kUpper;  // BETWEEN … AND ?
  }
  return Bound::kLower;  // BETWEEN ?
}

// A value of `column`'s type for a `?` that the predicate `p` compares it with; nullopt: the
// generic '1' serves (a number or string compared for equality, anything unknown). A range's
// two ends differ (a month of dates, 1 to 1000), so `BETWEEN ? AND ?` is not an empty range.
std::optional<std::string_view> TypedValue(const analyzer::Column& column,
                                           const analyzer::Predicate& p, Bound bound) {
  using analyzer::Blocker;
  using analyzer::TypeFamily;
  const bool upper = bound == Bound::kUpper;
  if (p.blocker == Blocker::kFunction) {
    if (parser::EqualsIgnoreCase(p.function, "DATE"))
      return upper ? "'2024-02-01'" : "'2024-01-01'";
    return std::nullopt;
  }
  const std::string& type = column.type;
  switch (column.family) {
    case TypeFamily::kTemporal:
      if (type == "date") return upper ? "'2024-02-01'" : "'2024-01-01'";
      if (type == "datetime" || type == "timestamp") {
        return upper ? "'2024-02-01 00:00:00'" : "'2024-01-01 00:00:00'";
      }
      if (type == "time") return upper ? "'13:00:00'" : "'12:00:00'";
      if (type == "year") return upper ? "2025" : "2024";
      return std::nullopt;
    case TypeFamily::kBit:
      return upper ? "7" : "1";
    case TypeFamily::kOther:
      if (type == "uuid") return "'00000000-0000-0000-0000-000000000001'";
      if (type == "inet6") return "'::1'";
      if (type == "inet4") return "'0.0.0.1'";
      return std::nullopt;
    default:
      if (upper) return "'1000'";
      return std::nullopt;
  }
}

}  // namespace

std::string FillDigest(std::string_view digest, const analyzer::Catalog& catalog,
                       std::string_view database, const parser::ParseOptions& options) {
  std::vector<size_t> generic;
  std::string filled = FillPlaceholders(digest, &generic);
  if (generic.empty()) return filled;
  const parser::ParseResult parsed = parser::Parse(filled, options);
  if (parsed.statements().size() != 1) return filled;
  const analyzer::QueryModel model =
      analyzer::Bind(*parsed.statements().front(), catalog, database, parsed.text());
  // For each generic value, the innermost predicate around it whose column it is not part of.
  std::vector<std::pair<size_t, std::string_view>> typed;  // offset, value
  for (const size_t at : generic) {
    const analyzer::Predicate* best = nullptr;
    for (const analyzer::QueryBlock& block : model.blocks) {
      for (const analyzer::Predicate& p : block.predicates) {
        const auto inside = [&](parser::ast::Span s) { return s.offset <= at && at < s.end(); };
        if (p.column.column == nullptr || !inside(p.span) || inside(p.column.span)) continue;
        if (p.value == analyzer::ValueKind::kColumn ||
            p.value == analyzer::ValueKind::kOuterColumn) {
          continue;
        }
        if (best == nullptr || p.span.length < best->span.length) best = &p;
      }
    }
    if (best == nullptr) continue;
    const Bound bound = BoundAt(filled, at, *best);
    if (const auto value = TypedValue(*best->column.column, *best, bound)) {
      typed.emplace_back(at, *value);
    }
  }
  for (auto it = typed.rbegin(); it != typed.rend(); ++it) {
    filled.replace(it->first, 3, it->second);  // the generic '1'
  }
  return filled;
}

std::string AddIndexStatement(const analyzer::IndexProposal& proposal, std::string_view name) {
  std::string parts;
  for (size_t i = 0; i < proposal.columns.size(); ++i) {
    if (!parts.empty()) parts += ", ";
    parts += analyzer::QuoteIdentifier(proposal.columns[i]);
    if (i < proposal.prefix_lengths.size() && proposal.prefix_lengths[i] > 0) {
      parts += fmt::format("({})", proposal.prefix_lengths[i]);
    }
    if (i < proposal.descending.size() && proposal.descending[i]) parts += " DESC";
  }
  return fmt::format("ALTER TABLE {} ADD INDEX {} ({}), ALGORITHM=INPLACE, LOCK=NONE",
                     analyzer::QuoteTableName(*proposal.table), analyzer::QuoteIdentifier(name),
                     parts);
}

namespace {

// Whether the table is read the same way in both: then only noise tells their times apart.
bool SamePlan(const MeasuredPlan& a, const MeasuredPlan& b) {
  return a.access_type == b.access_type && a.key == b.key && a.rows_read == b.rows_read &&
         a.using_filesort == b.using_filesort && a.using_temporary == b.using_temporary &&
         a.using_index == b.using_index;
}

}  // namespace

Verdict Judge(const MeasuredPlan& before, const MeasuredPlan& after, bool new_index_used) {
  if (!new_index_used && SamePlan(before, after)) return Verdict::kNoChange;
  if (after.timed_out && !before.timed_out) return Verdict::kHurts;
  if (before.timed_out && !after.timed_out) return Verdict::kHelps;
  // Timings less than half a millisecond apart are noise on a busy machine: then the plan decides.
  constexpr double kNoiseMs = 0.5;
  constexpr double kFactor = 1.2;
  if (std::abs(before.median_ms - after.median_ms) >= kNoiseMs) {
    if (after.median_ms * kFactor <= before.median_ms) return Verdict::kHelps;
    if (before.median_ms * kFactor <= after.median_ms) return Verdict::kHurts;
    return Verdict::kNoChange;
  }
  const bool better_plan = after.rows * 2 <= before.rows ||
                           (before.using_filesort && !after.using_filesort) ||
                           (before.using_temporary && !after.using_temporary) ||
                           (!before.using_index && after.using_index);
  return new_index_used && better_plan ? Verdict::kHelps : Verdict::kNoChange;
}

VerifyOutcome Verify(Session& session, const analyzer::Catalog& catalog,
                     const analyzer::Advice& advice,
                     const std::map<std::string, ClassSample>& samples,
                     const VerifyOptions& options) {
  VerifyOutcome out;
  if (!options.allow_ddl) {
    out.status = Status(StatusCode::kInvalidArgument,
                        "verify creates and drops indexes: allow it with --allow-ddl, or "
                        "measure in a private server with --sandbox");
    return out;
  }
  // Plain reads, whatever the server's default: under SERIALIZABLE a SELECT in a transaction
  // takes shared locks. On MySQL the session limit backs up the per-statement hint.
  if (Status s = session.Execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
      !s.ok()) {
    out.status = s;
    return out;
  }
  if (!session.mariadb()) {
    (void)session.Execute(fmt::format("SET SESSION max_execution_time = {}",
                                      static_cast<long>(options.time_limit_seconds * 1000)));
  }
  std::vector<WriteClass> write_classes;
  if (!options.allow_writes) {
    out.writes_not_run =
        "the workload's writes run only in the sandbox, or on a server with --allow-writes";
  } else if (!session.mariadb()) {
    out.writes_not_run =
        "MySQL has no time limit for INSERT, UPDATE or DELETE (max_execution_time covers SELECT "
        "only): writes are measured on MariaDB only";
  } else {
    write_classes = WriteClasses(samples, options.parse);
    // A write waiting for another session's row lock gives up within the time limit too.
    (void)session.Execute(
        fmt::format("SET SESSION innodb_lock_wait_timeout = {}",
                    std::max(1L, static_cast<long>(std::ceil(options.time_limit_seconds)))));
  }
  const MeasureOptions measure{options.runs, options.time_limit_seconds, options.interrupted};
  const auto interrupted = [&] {
    return options.interrupted != nullptr && options.interrupted->load();
  };
  const auto progress = [&](std::string_view step) {
    if (options.progress) options.progress(step);
  };
  // The DROP statement of the index that exists right now, if any.
  std::optional<std::string> pending_drop;
  const auto lost = [&](const Status& why, std::string_view doing) {
    out.status = Status(
        StatusCode::kIoError,
        fmt::format("the connection to the server was lost while {}: {}", doing, why.message()));
  };
  // A write's timing; not ok (out.status says why) when no more may run on the session.
  const auto time_write = [&](const WriteJob& job) -> Result<WriteTiming> {
    Result<WriteTiming> t =
        TimeWrite(session, job.database, out.writes[job.result].statement, options.runs,
                  options.time_limit_seconds, options.interrupted, options.parse);
    if (!t.ok()) {
      if (session.connection_lost()) {
        lost(t.status(), "timing a write");
      } else {
        out.status = Status(StatusCode::kIoError, t.status().message());
      }
    }
    return t;
  };

  for (size_t p = 0; p < advice.proposals.size() && out.status.ok(); ++p) {
    const analyzer::IndexProposal& proposal = advice.proposals[p];
    const std::string name = VerifyIndexName(proposal);
    const std::string ddl = AddIndexStatement(proposal, name);
    const std::string drop =
        fmt::format("ALTER TABLE {} DROP INDEX {}", analyzer::QuoteTableName(*proposal.table),
                    analyzer::QuoteIdentifier(name));
    const std::string where =
        fmt::format("proposal {}/{} ({})", p + 1, advice.proposals.size(), proposal.table->name);
    const size_t first = out.queries.size();
    const auto unmeasured = options.unmeasured_tables.find(fmt::format(
        "{}.{}",
        proposal.table->database.empty() ? options.default_database : proposal.table->database,
        proposal.table->name));
    std::vector<Job> jobs;
    for (size_t c = 0; c < proposal.query_classes.size() && c < options.max_queries_per_proposal;
         ++c) {
      QueryVerification& q = out.queries.emplace_back();
      q.proposal = p;
      q.ddl = ddl;
      q.index_name = name;
      q.query_class = proposal.query_classes[c];
      if (unmeasured != options.unmeasured_tables.end()) {
        q.note = "not measured: " + unmeasured->second;
        continue;
      }
      const auto sample = samples.find(q.query_class);
      if (sample == samples.end() || sample->second.query.empty()) {
        q.note = "no sample statement for this class";
        continue;
      }
      // A digest text (performance_schema) has `?` for its values; a real sample has none.
      std::string database = proposal.table->database;
      if (database.empty()) database = options.default_database;
      if (database.empty()) database = sample->second.database;
      const std::string text = FillDigest(sample->second.query, catalog, database, options.parse);
      const bool filled = text != sample->second.query;
      Result<RunnableQuery> runnable = ToReadOnlySelect(text, options.parse);
      if (!runnable.ok()) {
        q.note = "not run: " + runnable.status().message();
        continue;
      }
      q.statement = runnable->sql;
      q.rewritten_from = runnable->rewritten_from;
      if (filled) q.note = "parameters filled in for the digest's `?`";
      if (!proposal.replaces.empty()) {
        std::string kept;
        for (const std::string& r : proposal.replaces) kept += (kept.empty() ? "" : ", ") + r;
        if (!q.note.empty()) q.note += "; ";
        q.note += "measured beside " + kept + ", which the proposal drops";
      }
      jobs.push_back({nullptr, database,
                      AliasesOf(q.statement, catalog, *proposal.table, database, options.parse)});
    }
    // Pointers into out.queries only now that it no longer grows for this proposal.
    for (size_t i = first, j = 0; i < out.queries.size(); ++i) {
      if (!out.queries[i].statement.empty()) jobs[j++].result = &out.queries[i];
    }

    // The heaviest writes of the table, checked on the server before any runs.
    std::vector<WriteJob> write_jobs;
    size_t listed = 0;
    for (const WriteClass& w : write_classes) {
      if (listed == options.max_queries_per_proposal) break;
      std::string database = proposal.table->database;
      if (database.empty()) database = options.default_database;
      if (database.empty()) database = w.sample->database;
      const std::vector<WrittenTable> written =
          WrittenTables(*w.parsed.statements().front(), catalog, database);
      if (std::none_of(written.begin(), written.end(),
                       [&](const WrittenTable& t) { return t.table == proposal.table; })) {
        continue;
      }
      ++listed;
      analyzer::WriteVerification& wv = out.writes.emplace_back();
      wv.proposal = p;
      wv.index_name = name;
      wv.query_class = w.id;
      wv.kind = w.kind;
      Result<RunnableWrite> runnable = ToWrite(w.sample->query, options.parse);
      if (unmeasured != options.unmeasured_tables.end()) {
        wv.note = "not measured: " + unmeasured->second;
      } else if (FillPlaceholders(w.sample->query) != w.sample->query) {
        wv.note = "not measured: its sample is a digest text, with no values to write";
      } else if (!runnable.ok()) {
        wv.note = "not measured: " + runnable.status().message();
      } else {
        Result<std::string> refused = WriteRefusal(session, written, *runnable, database);
        if (!refused.ok()) {
          if (session.connection_lost()) {
            lost(refused.status(), "checking the tables a write changes");
            break;
          }
          wv.note = "not measured: checking its tables: " + refused.status().message();
        } else if (!refused->empty()) {
          wv.note = "not measured: " + *refused;
        } else {
          wv.statement = runnable->sql;
          if (!proposal.replaces.empty()) {
            std::string kept;
            for (const std::string& r : proposal.replaces) kept += (kept.empty() ? "" : ", ") + r;
            wv.note = "measured beside " + kept +
                      ", which the proposal drops: the index's real cost is lower";
          }
        }
      }
      if (!wv.statement.empty()) write_jobs.push_back({out.writes.size() - 1, database});
    }
    if (!out.status.ok()) break;
    if (jobs.empty() && write_jobs.empty()) continue;

    // Before.
    std::vector<Job*> measured;
    for (Job& job : jobs) {
      if (interrupted()) break;
      progress(fmt::format("{}: class {} before", where, job.result->query_class));
      Result<MeasuredPlan> m =
          MeasureSelect(session, job.database, job.result->statement, job.aliases, name, measure);
      if (!m.ok()) {
        if (session.connection_lost()) {
          lost(m.status(), "measuring before the index");
          break;
        }
        job.result->note = "before: " + m.status().message();
        continue;
      }
      job.result->before = std::move(m).value();
      measured.push_back(&job);
    }
    if (interrupted() || !out.status.ok()) break;
    std::vector<const WriteJob*> writes_measured;
    for (const WriteJob& job : write_jobs) {
      if (interrupted()) break;
      analyzer::WriteVerification& wv = out.writes[job.result];
      progress(fmt::format("{}: write class {} before", where, wv.query_class));
      Result<WriteTiming> t = time_write(job);
      if (!t.ok()) break;
      if (!t->error.empty()) {
        wv.note = "not measured: " + t->error;
        continue;
      }
      wv.rows_affected = t->rows_affected;
      wv.before_ms = t->median_ms;
      wv.runs = t->runs;
      if (t->timed_out) {
        wv.timed_out = true;
        wv.note = "reached the time limit before the index: not run after it";
        continue;
      }
      writes_measured.push_back(&job);
    }
    if (interrupted() || !out.status.ok()) break;
    if (measured.empty() && writes_measured.empty()) continue;

    // The index.
    progress(fmt::format("{}: creating {}", where, name));
    const std::string& use =
        !measured.empty() ? measured.front()->database : writes_measured.front()->database;
    if (!use.empty()) (void)session.Execute("USE " + analyzer::QuoteIdentifier(use));
    Status created = session.Execute(ddl);
    if (!created.ok() && !session.connection_lost()) {
      // A server that cannot build this index online builds it the ordinary way.
      const std::string plain = ddl.substr(0, ddl.rfind(", ALGORITHM="));
      created = session.Execute(plain);
      if (created.ok()) {
        for (size_t i = first; i < out.queries.size(); ++i) out.queries[i].ddl = plain;
      }
    }
    if (!created.ok()) {
      if (session.connection_lost()) {
        // Whether the ALTER finished before the connection went is unknown: say so.
        pending_drop = drop;
        lost(created, "creating an index");
        break;
      }
      for (Job* job : measured)
        job->result->note = "the index could not be created: " + created.message();
      for (const WriteJob* job : writes_measured) {
        out.writes[job->result].note = "the index could not be created: " + created.message();
      }
      continue;
    }
    pending_drop = drop;

    // After.
    for (Job* job : measured) {
      if (interrupted()) break;
      progress(fmt::format("{}: class {} after", where, job->result->query_class));
      Result<MeasuredPlan> m = MeasureSelect(session, job->database, job->result->statement,
                                             job->aliases, name, measure);
      if (!m.ok()) {
        if (session.connection_lost()) {
          lost(m.status(), "measuring after the index");
          break;
        }
        job->result->note = "after: " + m.status().message();
        continue;
      }
      QueryVerification& q = *job->result;
      q.after = std::move(m).value();
      q.speedup = q.after.median_ms > 0 ? q.before.median_ms / q.after.median_ms : 0;
      q.verdict = Judge(q.before, q.after, q.after.key == name);
      if (q.after.key != name) {
        if (!q.note.empty()) q.note += "; ";
        q.note += "the optimizer did not choose the new index for this table";
      }
    }
    if (!out.status.ok()) break;
    for (const WriteJob* job : writes_measured) {
      if (interrupted()) break;
      analyzer::WriteVerification& wv = out.writes[job->result];
      progress(fmt::format("{}: write class {} after", where, wv.query_class));
      Result<WriteTiming> t = time_write(*job);
      if (!t.ok()) break;
      if (!t->error.empty()) {
        wv.note = "not measured after the index: " + t->error;
      } else if (t->timed_out) {
        wv.timed_out = true;
        wv.after_ms = t->median_ms;
      } else {
        wv.after_ms = t->median_ms;
        wv.runs = std::min(wv.runs, t->runs);
      }
    }
    if (!out.status.ok()) break;

    progress(fmt::format("{}: dropping {}", where, name));
    const Status dropped = session.Execute(*pending_drop);
    if (!dropped.ok()) {
      if (session.connection_lost()) {
        lost(dropped, "dropping an index");
      } else {
        out.status = Status(StatusCode::kIoError,
                            fmt::format("could not drop {}: {}", name, dropped.message()));
      }
      break;
    }
    pending_drop.reset();
    if (interrupted()) break;
  }

  if (interrupted() && out.status.ok()) {
    out.status = Status(StatusCode::kInvalidArgument, "interrupted");
  }
  // Whatever stopped the run, the index that exists now is dropped — or handed to the user.
  if (pending_drop) {
    if (session.connection_lost() || !session.Execute(*pending_drop).ok()) {
      out.left_to_clean.push_back(*pending_drop + ";");
    }
  }
  return out;
}

bool IsVerifyIndexName(std::string_view name) {
  return name.size() >= kIndexPrefix.size() &&
         parser::EqualsIgnoreCase(name.substr(0, kIndexPrefix.size()), kIndexPrefix);
}

Result<std::vector<std::string>> CleanupIndexes(Session& session,
                                                const std::vector<std::string>& databases) {
  std::string sql =
      "SELECT DISTINCT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME FROM information_schema.STATISTICS "
      "WHERE INDEX_NAME LIKE " +
      SqlString(std::string(kIndexPrefix) + "%");
  // LIKE's `_` matches any character: compare the prefix exactly too.
  sql +=
      fmt::format(" AND LEFT(INDEX_NAME, {}) = {}", kIndexPrefix.size(), SqlString(kIndexPrefix));
  if (databases.empty()) {
    sql +=
        " AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', "
        "'sys')";
  } else {
    std::string list;
    for (const std::string& db : databases) list += (list.empty() ? "" : ", ") + SqlString(db);
    sql += " AND TABLE_SCHEMA IN (" + list + ")";
  }
  sql += " ORDER BY 1, 2, 3";
  QADVISOR_ASSIGN_OR_RETURN(Session::Rows rows, session.Query(sql));
  std::vector<std::string> ran;
  for (const std::vector<std::string>& row : rows.values) {
    const std::string drop =
        fmt::format("ALTER TABLE {}.{} DROP INDEX {}", analyzer::QuoteIdentifier(row[0]),
                    analyzer::QuoteIdentifier(row[1]), analyzer::QuoteIdentifier(row[2]));
    QADVISOR_RETURN_IF_ERROR(session.Execute(drop));
    ran.push_back(drop + ";");
  }
  return ran;
}

}  // namespace qadvisor::connectors
