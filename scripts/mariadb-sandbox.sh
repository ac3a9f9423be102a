#!/usr/bin/env bash
# A private MariaDB server for live tests and (later) `verify --sandbox`, as the current user:
# no system service, no root-only paths, loopback only.
#
#   scripts/mariadb-sandbox.sh start DIR [PORT]   initialise DIR/data, start mariadbd on
#                                                 DIR/mysqld.sock and 127.0.0.1:PORT (0: a free
#                                                 port), wait until it answers; prints the socket
#   scripts/mariadb-sandbox.sh stop DIR           stop it by its pid and wait for it to go
#
# The server's time zone is UTC, as in `verify --sandbox`: what tests write and read back does not
# depend on the machine's TZ.
# root gets an empty password (--auth-root-authentication-method=normal) so clients connect
# over the socket without the unix_socket plugin. Debian's package starts no service: this does.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?a directory}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

case $cmd in
  start)
    port=${3:-0}
    if [[ $port == 0 ]]; then
      port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fi
    # Its own tmpdir: a starting server deletes every #sql* file in its tmpdir, which in a shared
    # /tmp are the temporary tables of the other servers there (two test servers start at once).
    mkdir -p "$dir/tmp"
    if [[ ! -d $dir/data/mysql ]]; then
      mariadb-install-db --no-defaults --datadir="$dir/data" --user="$(id -un)" --tmpdir="$dir/tmp" \
        --auth-root-authentication-method=normal --skip-test-db >"$dir/install.log" 2>&1 ||
        { cat "$dir/install.log" >&2; exit 1; }
    fi
    mariadbd --no-defaults --datadir="$dir/data" --socket="$dir/mysqld.sock" --port="$port" \
      --bind-address=127.0.0.1 --pid-file="$dir/mysqld.pid" --log-error="$dir/error.log" \
      --user="$(id -un)" --tmpdir="$dir/tmp" --innodb-buffer-pool-size=128M --skip-name-resolve \
      --performance-schema=ON --default-time-zone=+00:00 >/dev/null 2>&1 &
    for _ in $(seq 300); do
      if mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e 'SELECT 1' >/dev/null 2>&1; then
        echo "$port" >"$dir/port"
        echo "$dir/mysqld.sock"
        exit 0
      fi
      sleep 0.1
    done
    echo "mariadb-sandbox: the server did not answer within 30 s; its log:" >&2
    tail -20 "$dir/error.log" >&2 || true
    exit 1
    ;;
  stop)
    [[ -f $dir/mysqld.pid ]] || exit 0
    pid=$(cat "$dir/mysqld.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 300); do
      kill -0 "$pid" 2>/dev/null || exit 0
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
    ;;
  *)
    echo "usage: mariadb-sandbox.sh start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
