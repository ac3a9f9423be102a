# What the live shell tests share, on top of tests/lib.sh: a scratch directory `tmp` with a
# directory `server` for a private MariaDB (scripts/mariadb-sandbox.sh), TMPDIR inside it (where
# `verify --sandbox` puts its sandboxes, so a test can check they are gone), and on exit the
# server stopped and everything removed. Source it with `src` set to the source tree.
tmp=$(mktemp -d)
server=$tmp/server
export TMPDIR=$tmp/tmp
mkdir -p "$TMPDIR"
live_cleanup() {
  bash "$src/scripts/mariadb-sandbox.sh" stop "$server" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap live_cleanup EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
