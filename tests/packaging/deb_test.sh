#!/usr/bin/env bash
# Installing qadvisor: `cmake --install` into a scratch prefix, then `cpack -G DEB` into a scratch
# directory, and the .deb's contents (binary, man page, completions) and control fields (Depends
# naming the package of every library the binary links, Maintainer, Homepage, Description).
#
# With QADVISOR_DEB_INSTALL_TEST=1, and as root, it also installs the .deb with apt-get, runs
# /usr/bin/qadvisor, finds the man page, removes the package and checks it is gone. It does that
# only when the system ends as it began: not when qadvisor is installed already, when a file the
# package holds exists already, or when apt-get would install any package besides qadvisor
# (a missing library). Then it says why and skips that part. .ci/run sets the variable.
# Usage: deb_test.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
qadvisor=$build/cli/qadvisor
tmp=$(mktemp -d)
chmod 755 "$tmp"  # apt-get reads the .deb as its _apt user
installed_by_us=0
cleanup() {
  if [[ $installed_by_us -eq 1 ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq -o DPkg::Lock::Timeout=300 qadvisor \
      >/dev/null 2>&1
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

version=$("$qadvisor" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)

# cmake --install: the four files, where the FHS and bash-completion and zsh look for them.
check "cmake --install" cmake --install "$build" --prefix "$tmp/prefix"
for f in bin/qadvisor share/man/man1/qadvisor.1 share/bash-completion/completions/qadvisor \
  share/zsh/site-functions/_qadvisor share/doc/qadvisor/copyright; do
  check "installed: $f" test -s "$tmp/prefix/$f"
done
check "the installed binary runs" "$tmp/prefix/bin/qadvisor" --version
check "the installed completion is the binary's" \
  cmp "$tmp/prefix/share/bash-completion/completions/qadvisor" <("$qadvisor" completion bash)

# cpack -G DEB, into the scratch directory (its staging tree too).
check "cpack -G DEB" cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/deb"
deb=$tmp/deb/qadvisor_${version}_${arch}.deb
check "the package is named qadvisor_${version}_${arch}.deb" test -s "$deb"

dpkg-deb -c "$deb" >"$tmp/contents" 2>&1
for f in ./usr/bin/qadvisor ./usr/share/man/man1/qadvisor.1 \
  ./usr/share/bash-completion/completions/qadvisor ./usr/share/zsh/site-functions/_qadvisor \
  ./usr/share/doc/qadvisor/copyright; do
  check "the package holds $f" grep -qE " $f\$" "$tmp/contents"
done
check "the binary is executable by all" grep -qE "^-rwxr-xr-x root/root .* ./usr/bin/qadvisor\$" \
  "$tmp/contents"
check "the package holds nothing else" \
  bash -c '! grep -vE " ./usr/(|bin/|bin/qadvisor|share/|share/(man|man/man1|bash-completion|bash-completion/completions|zsh|zsh/site-functions|doc|doc/qadvisor)/|share/man/man1/qadvisor.1|share/bash-completion/completions/qadvisor|share/zsh/site-functions/_qadvisor|share/doc/qadvisor/copyright|)$| \./$" "$1"' \
  _ "$tmp/contents"

dpkg-deb -I "$deb" >"$tmp/info"
field() { dpkg-deb -f "$deb" "$1"; }
check "Package" test "$(field Package)" = qadvisor
check "Version" test "$(field Version)" = "$version"
check "Architecture" test "$(field Architecture)" = "$arch"
check "Maintainer" grep -qE "^ Maintainer: .+ <.+@.+>$" "$tmp/info"
check "Homepage" grep -qE "^ Homepage: https://" "$tmp/info"
check "Description" grep -qE "^ Description: query and index advisor for MySQL and MariaDB$" "$tmp/info"
check "a long description" grep -qE "^  qadvisor reads slow-query logs" "$tmp/info"
check "  with every line indented" bash -c '! dpkg-deb -f "$1" Description | tail -n +2 | grep -q "^[^ ]"' \
  _ "$deb"
depends=$(field Depends)
dependency_names=$(tr ',' '\n' <<<"$depends" | awk '{print $1}')
depends_on() {  # depends_on NAME [prefix]: Depends names NAME (or a package whose name starts so)
  awk -v p="$1" -v prefix="${2:-}" '$0 == p || (prefix && index($0, p) == 1) {f = 1}
                                    END {exit !f}' <<<"$dependency_names" ||
    { echo "no $1 in Depends: $depends"; return 1; }
}
# Depends names the package of each library the binary links directly (its ELF NEEDED entries,
# as dpkg-shlibdeps reads them)…
needed_packages() {
  local lib path
  for lib in $(objdump -p "$qadvisor" | awk '$1 == "NEEDED" {print $2}'); do
    path=$(ldd "$qadvisor" | awk -v l="$lib" '$1 == l {print $3}')
    [[ -n $path ]] || continue
    dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null ||
      echo "unowned: $path"
  done | cut -d: -f1 | sort -u
}
for p in $(needed_packages); do
  check "Depends names $p" depends_on "$p"
done
# …among them the ones the build needs (CMakeLists.txt), by name, in case the list came out empty.
for p in libmysqlcppconn libfmt libxxhash zlib1g libzstd libstdc++6 libc6; do
  check "Depends names $p" depends_on "$p" prefix
done
echo "Depends: $depends"

# The install, only where it can be undone exactly.
install_test() {
  local files f
  if dpkg-query -W -f='${Status}' qadvisor 2>/dev/null | grep -q "ok installed"; then
    echo "skipped: apt-get install (a qadvisor package is installed already)"
    return 0
  fi
  files=$(awk '$1 ~ /^-/ {print substr($6, 2)}' "$tmp/contents")
  for f in $files; do
    if [[ -e $f ]]; then
      echo "skipped: apt-get install ($f exists already; removing the package would delete it)"
      return 0
    fi
  done
  apt-get install --simulate -o DPkg::Lock::Timeout=300 "$deb" >"$tmp/simulate" 2>&1 || {
    echo "FAILED: apt-get install --simulate"
    cat "$tmp/simulate"
    return 1
  }
  if grep "^Inst " "$tmp/simulate" | grep -qv "^Inst qadvisor "; then
    echo "skipped: apt-get install (it would also install other packages):"
    grep "^Inst " "$tmp/simulate"
    return 0
  fi
  installed_by_us=1
  check "apt-get install ./qadvisor_*.deb" \
    env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "$deb"
  check "/usr/bin/qadvisor --version" test "$(/usr/bin/qadvisor --version)" = "qadvisor $version"
  check "the man page is found" \
    bash -c '[[ $(man -w qadvisor 2>/dev/null) == /usr/share/man/man1/qadvisor.1* ]] ||
             test -s /usr/share/man/man1/qadvisor.1'
  check "the bash completion is in place" test -s /usr/share/bash-completion/completions/qadvisor
  check "apt-get remove qadvisor" \
    env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq -o DPkg::Lock::Timeout=300 qadvisor
  check "/usr/bin/qadvisor is gone" test ! -e /usr/bin/qadvisor
  check "the man page is gone" test ! -e /usr/share/man/man1/qadvisor.1
  # Nothing left for dpkg either (no conffiles, so remove leaves no "rc" entry; purge is a no-op).
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq -o DPkg::Lock::Timeout=300 qadvisor \
    >/dev/null 2>&1
  check "dpkg has no qadvisor installed, nor its configuration" bash -c \
    's=$(dpkg-query -W -f="\${Status}" qadvisor 2>/dev/null); [[ -z $s || $s == *not-installed ]]'
  installed_by_us=0
}
if [[ ${QADVISOR_DEB_INSTALL_TEST:-0} == 1 ]]; then
  if [[ $(id -u) -eq 0 ]]; then
    install_test || failed=$((failed + 1))
  else
    echo "skipped: apt-get install (QADVISOR_DEB_INSTALL_TEST=1 needs root)"
  fi
else
  echo "skipped: apt-get install (set QADVISOR_DEB_INSTALL_TEST=1, as root, to run it)"
fi

finish "deb package"
