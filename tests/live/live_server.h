// What the live tests share: the private MariaDB that tests/live/run.sh starts for them and
// names in QADVISOR_LIVE_SOCKET.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <memory>

#include "connectors/session.h"

namespace qadvisor::live {

// Options that reach the private server; the test fails when run.sh did not start one.
inline connectors::ConnectOptions Options() {
  const char* socket = std::getenv("QADVISOR_LIVE_SOCKET");
  REQUIRE(socket != nullptr);  // tests/live/run.sh sets it
  connectors::ConnectOptions o;
  o.socket = socket;
  return o;
}

// A session to the private server; the test fails when none can be opened.
inline std::unique_ptr<connectors::Session> Connect() {
  auto session = connectors::Session::Connect(Options());
  REQUIRE(session.ok());
  return std::move(session).value();
}

}  // namespace qadvisor::live
