// Helpers shared by the datagen_*.cpp files (not part of connectors' API; see datagen.h).
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"
#include "connectors/session.h"

namespace qadvisor::connectors::datagen_internal {

// The value of a session variable, to restore it afterwards (CreateSchema and LoadRows set
// variables for their statements and put the user's values back).
[[nodiscard]] Result<std::string> SessionVariable(Session& session, std::string_view name);

}  // namespace qadvisor::connectors::datagen_internal
