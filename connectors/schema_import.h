// A server's schema into the same Catalog the DDL files build: each base table's SHOW CREATE
// TABLE read by qadvisor's own DDL parser (so both paths share one model and one set of
// resolution rules), then the server's statistics — table row estimates from
// information_schema.TABLES and index cardinalities from information_schema.STATISTICS.
#pragma once

#include <string>
#include <vector>

#include "analyzer/catalog.h"
#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors {

struct ImportOptions {
  std::vector<std::string> databases;  // empty: every database but the system ones
  bool statistics = true;
};

struct ImportSummary {
  // Indexes left out of the catalog, as "`db`.`table`.`index`": those named kIndexPrefix
  // (`qadv_…`, verify.h) are verify's own, left on the server by a run that was killed before
  // it could drop them. They are not the user's schema: read as part of it, they would change
  // the advice (a proposal looks already served) and the measurements.
  std::vector<std::string> ignored_indexes;
};

// Adds the tables to `catalog` (database defaults first, then tables). Tables the parser cannot
// read are reported in the catalog's issues, as for DDL files.
Result<ImportSummary> ImportSchema(Session& session, analyzer::Catalog& catalog,
                                   const ImportOptions& options);

}  // namespace qadvisor::connectors
