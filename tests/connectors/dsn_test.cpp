// DSNs and option files: what each says, what wins, errors with a column, and no password in
// anything printed.
#include "connectors/dsn.h"

#include <catch2/catch.hpp>

namespace {
using namespace qadvisor::connectors;
}

TEST_CASE("dsn: the parts of a DSN", "[dsn]") {
  auto s =
      ParseDsn("mysql://app:s%40cret@db.internal:3307/shop?ssl-mode=REQUIRED&ssl-ca=/etc/ca.pem");
  REQUIRE(s.ok());
  CHECK(*s->user == "app");
  CHECK(*s->password == "s@cret");
  CHECK(*s->host == "db.internal");
  CHECK(*s->port == 3307);
  CHECK(*s->database == "shop");
  CHECK(s->options.at("ssl-mode") == "REQUIRED");
  CHECK(s->options.at("ssl-ca") == "/etc/ca.pem");

  s = ParseDsn("mysql://root@unix(/run/mysqld/mysqld.sock)/shop");
  REQUIRE(s.ok());
  CHECK(*s->socket == "/run/mysqld/mysqld.sock");
  CHECK(*s->database == "shop");
  CHECK_FALSE(s->password.has_value());

  s = ParseDsn("mysql://[::1]:3306");
  REQUIRE(s.ok());
  CHECK(*s->host == "::1");
  CHECK(*s->port == 3306);

  s = ParseDsn("mysql://reader@127.0.0.1/?socket=/tmp/x.sock");
  REQUIRE(s.ok());
  CHECK(*s->socket == "/tmp/x.sock");
  CHECK_FALSE(s->database.has_value());
}

TEST_CASE("dsn: errors say where", "[dsn]") {
  for (const char* bad : {"postgres://x", "mysql://u@h:99999/db", "mysql://u@h:port/db",
                          "mysql://u%zz@h/db", "mysql://u@h/db?novalue", "mysql://u@unix(/x"}) {
    INFO(bad);
    const auto s = ParseDsn(bad);
    REQUIRE_FALSE(s.ok());
    CHECK(s.status().message().find("column") != std::string::npos);
  }
}

TEST_CASE("dsn: option files, client groups only", "[dsn]") {
  std::vector<std::string> includes;
  const auto s = ParseOptionFile(R"(# ~/.my.cnf
[mysqld]
password = server-side-not-ours
[client]
user = "app"
password = 'pa ss'
port=3310
!includedir /etc/mysql/conf.d/
[mysql]
socket = /run/mysqld/mysqld.sock
)",
                                 "my.cnf", &includes);
  REQUIRE(s.ok());
  CHECK(*s->user == "app");
  CHECK(*s->password == "pa ss");
  CHECK(*s->port == 3310);
  CHECK(*s->socket == "/run/mysqld/mysqld.sock");
  CHECK(includes == std::vector<std::string>{"!includedir /etc/mysql/conf.d/"});
  const auto bad = ParseOptionFile("[client\nuser=x\n", "bad.cnf");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message().find("bad.cnf:1") != std::string::npos);
}

TEST_CASE("dsn: the first source wins, and no password is ever described", "[dsn]") {
  ConnectSpec spec = ParseDsn("mysql://app@db/shop").value();
  Merge(spec,
        ParseOptionFile("[client]\nuser=other\npassword=from-file\nport=3308\n", "f").value());
  ConnectSpec env;
  env.password = "from-env";
  Merge(spec, env);
  const ConnectOptions o = ToOptions(spec);
  CHECK(o.user == "app");
  CHECK(o.password == "from-file");
  CHECK(o.port == 3308);
  CHECK(o.host == "db");
  const std::string described = Describe(o);
  CHECK(described == "app@db:3308/shop");
  CHECK(described.find("from-file") == std::string::npos);
  CHECK(Describe(ToOptions(ConnectSpec{})) == "root@127.0.0.1:3306");
}
