// `digest --merge`: digests written by `digest --format json` (one per host, say) read back and
// merged into one run, as if `digest` had read all their logs at once.
//
// Contract: counts, sums, minima, maxima, flags, first/last seen and database/user/host counts
// of the merged run are exactly those of a digest of the concatenated logs; so are the
// percentiles, since a distribution depends only on the multiset of its values
// (analyzer/distribution.h: exact up to 64 values, then a log histogram of buckets at most 3.1%
// wide, within 1.6%). The order of the inputs changes only which sample a tie goes to and the
// order of `files`. A file that cannot be read, is not JSON, is not a digest, holds a state of
// another format version or an inconsistent one, or was digested with other options
// (--group-by, --fold-digits, filters) than the first is an error naming it; nothing is merged.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/digest_runner.h"
#include "base/status.h"

namespace qadvisor::analyzer {

// The `state` object's `format` and `version` (docs/json-digest.md, "Merging"). The version
// changes whenever a reader of the previous one would rebuild a class wrongly.
inline constexpr std::string_view kDigestStateFormat = "qadvisor-digest-state";
inline constexpr int kDigestStateVersion = 2;  // 2: sum_squares, sampling

// Reads one digest JSON from `text`; `name` names it in messages and prefixes its files
// ("name:slow.log"), so that samples from two hosts' `/var/log/mysql/slow.log` stay apart.
Result<DigestRun> ReadDigestJson(std::string_view text, const std::string& name);

// Folds `from` into `into` (whose options must match: same grouping, folding and filters).
Status MergeRuns(DigestRun& into, const DigestRun& from);

// Reads every file (JSON digests, possibly compressed; "-" is standard input) and merges them.
Result<DigestRun> MergeDigestFiles(const std::vector<std::string>& paths);

// Whether `text` (the first bytes of an input) looks like JSON rather than a slow log: its first
// character other than white space is '{'.
bool LooksLikeJson(std::string_view text);

}  // namespace qadvisor::analyzer
