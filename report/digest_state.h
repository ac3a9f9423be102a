// The mergeable state of a digest: the `state` object of `digest --format json`
// (docs/json-digest.md, "Merging"). Everything `digest --merge` (analyzer/digest_merge.h) needs
// to rebuild every class exactly: each distribution's exact values or histogram, flags,
// first/last seen, database/user/host counts and the sample, for every class whatever --limit
// shows. analyzer/digest_merge.cpp reads what this writes; kDigestStateVersion is shared.
#pragma once

#include "analyzer/digest_merge.h"
#include "analyzer/digest_runner.h"
#include "report/json_writer.h"

namespace qadvisor::report {

// Writes `"state": {…}` into the object `w` is in: the top level, one compact line per class.
void WriteDigestState(const analyzer::DigestRun& run, JsonWriter& w);

}  // namespace qadvisor::report
