#!/usr/bin/env bash
# Installs what qadvisor needs to build and test on Debian 12, from Debian packages only.
# Idempotent: when everything is present it changes nothing and asks no network.
#   scripts/install-deps.sh          build and test dependencies
#   scripts/install-deps.sh --build  only what a release build and `cpack -G DEB` need (the
#                                    Dockerfile's build stage)
#   scripts/install-deps.sh --bench  also what bench/ compares against (percona-toolkit,
#                                    libpg-query-dev) and GNU time
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config make
  libfmt-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev libxxhash-dev
  zlib1g-dev libzstd-dev  # gzip- and zstd-compressed slow logs, read directly
  libmysqlcppconn-dev  # MySQL Connector/C++ 1.1: connectors/
  dpkg-dev file  # cpack -G DEB: dpkg-shlibdeps (which reads the binary with `file`) makes Depends
)
if [[ "${1:-}" != "--build" ]]; then
  packages+=(
    catch2 clang libclang-rt-14-dev clang-format python3
    chromium  # opens the HTML report in tests/cli/advise_html_test.sh and bench/html/
    mariadb-server mariadb-client  # the private server of the live tests (no service is started)
    zsh groff-base  # tests/cli/completion_test.sh: `zsh -n` the completion, groff the man page
  )
fi
if [[ "${1:-}" == "--bench" ]]; then
  packages+=(percona-toolkit time libpg-query-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  sudo=(sudo)
fi
echo "Installing: ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
