// The optimizer-wrong-index findings of `qadvisor verify`, made from the measurements of
// connectors/index_choice.h: the message with both indexes' median time and rows read and the
// statistics beside the real counts, the fix most durable first (fresh statistics — measured,
// or to run — then the hint, or an index that removes the ambiguity), and the measurements as
// the finding's evidence (JSON `evidence`).
#pragma once

#include <string>
#include <string_view>

#include "connectors/index_choice.h"
#include "rules/finding.h"

namespace qadvisor::cli {

struct WrongIndexContext {
  bool mysql = false;            // the server is MySQL: its optimizer hint and histograms
  bool analyze_allowed = false;  // ANALYZE TABLE ran where the choice was wrong
  std::string file;              // where the class's sample is
  uint32_t line = 0;
  std::string proposal;  // "proposal #1 `idx_…`" when the advice has one for the class's table
};

// The finding for a choice another index beats (choice.Better() != nullptr).
rules::Finding WrongIndexFinding(const connectors::IndexChoice& choice,
                                 const WrongIndexContext& context);

}  // namespace qadvisor::cli
