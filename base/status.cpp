#include "base/status.h"

namespace qadvisor {

std::string Status::ToString() const {
  if (ok()) return "OK";
  return message_;
}

}  // namespace qadvisor
