// Renders a digest run as text (pt-query-digest's layout), JSON (docs/json-digest.md) or
// Markdown. Pure functions over the run; the caller writes the result where it wants.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "analyzer/digest_runner.h"
#include "analyzer/ranking.h"

namespace qadvisor::report {

struct DigestReportOptions {
  analyzer::OrderSpec order;  // names the order in the report
  analyzer::Ranking ranking;  // the order, resolved against the run's digest
  analyzer::LimitSpec limit;  // classes in the report
  size_t max_issues = 20;     // issues listed in text and Markdown (JSON lists all that were kept)
};
// Ranked by the old --order-by values (Query_time's sum, count, max or p95), `top` classes (0:
// all).
DigestReportOptions ReportOptionsFor(analyzer::OrderBy order, size_t top);

std::string RenderDigestText(const analyzer::DigestRun& run, const DigestReportOptions& options);
class JsonWriter;
// What a command built on the digest adds to its JSON (advise): its name, fields per class
// (after the digest's own), and top-level fields (after the digest's own).
struct DigestJsonExtension {
  std::string_view command = "digest";
  std::function<void(const analyzer::QueryClass&, JsonWriter&)> class_fields;
  std::function<void(JsonWriter&)> top_fields;
};
// Receives a report in pieces, in order.
using TextSink = std::function<void(std::string_view)>;
// The JSON report, handed to `sink` in pieces of about a MiB as it is written: a digest of
// thousands of classes is tens of MiB that need never be held whole.
void WriteDigestJson(const analyzer::DigestRun& run, const DigestReportOptions& options,
                     const TextSink& sink, const DigestJsonExtension& extension = {});
// The same JSON, as one string.
std::string RenderDigestJson(const analyzer::DigestRun& run, const DigestReportOptions& options,
                             const DigestJsonExtension& extension = {});
std::string RenderDigestMarkdown(const analyzer::DigestRun& run,
                                 const DigestReportOptions& options);

// Formatting shared by the renderers.
std::string FormatTimestamp(int64_t micros);       // "2024-05-01 10:00:00" (UTC as written)
std::string FormatDuration(int64_t micros);        // "11us", "2ms", "1.4s", "1363s"
std::string FormatCount(double value);             // "950", "1.53k", "2.1M"
std::string FormatMillionths(analyzer::Int128 v);  // exact decimal: "12.000345"
std::string OrderByName(analyzer::OrderBy order);

}  // namespace qadvisor::report
