// The mergeable state of a digest: the `state` object of `digest --format json`
// (docs/json-digest.md, "Merging"). Everything `digest --merge` (analyzer/digest_merge.h) needs
// to rebuild every class exactly: each distribution's exact values or histogram, flags,
// first/last seen, database/user/host counts and the sample, for every class whatever --limit
// shows. analyzer/digest_merge.cpp reads what this writes; kDigestStateVersion is shared.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "analyzer/digest_merge.h"
#include "analyzer/digest_runner.h"
#include "report/json_writer.h"

namespace qadvisor::report {

// Each class's state, one compact JSON object per class, ordered by class id (so the same
// digest always writes the same bytes). Apart from WriteDigestState so that a report can have
// it computed on another thread while it writes everything else: on a log of thousands of
// classes it is a third of the report's time.
std::vector<std::string> DigestClassStates(const analyzer::Digest& digest);

// Writes `"state": {…}` into the object `w` is in: the top level, one line per class, the
// classes being `class_states` (DigestClassStates of the run's digest). `after_class`, if set,
// is called after each class (to hand what `w` wrote so far on).
void WriteDigestState(const analyzer::DigestRun& run, JsonWriter& w,
                      const std::vector<std::string>& class_states,
                      const std::function<void()>& after_class = {});

}  // namespace qadvisor::report
