#!/usr/bin/env bash
# Installing (docs/architecture.md, "Installing"): `cmake --install` into a
# temporary prefix, then the installed command runs from a folder with no
# scenarios/ (it finds its own in PREFIX/share/battlecheck/scenarios), and
# `cpack` builds a Debian package holding the command and its docs.
# Usage: install_test.sh BUILD_DIR [--package]
set -euo pipefail
build="$(cd "$1" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cmake --install "${build}" --prefix "${tmp}/prefix" >"${tmp}/install.log"
bin="${tmp}/prefix/bin/battlecheck"
[ -x "${bin}" ] || fail "no ${bin}"
for f in share/doc/battlecheck/README.md share/doc/battlecheck/docs/architecture.md \
         share/doc/battlecheck/examples/engines/battle_engine.py share/battlecheck/scenarios/default.toml; do
  [ -f "${tmp}/prefix/${f}" ] || fail "not installed: ${f}"
done
mkdir "${tmp}/work" && cd "${tmp}/work"
"${bin}" check --scenario "${tmp}/prefix/share/battlecheck/scenarios/tiny.toml" --json >"${tmp}/tiny.json" || [ $? -eq 1 ] \
  || fail "check on an installed scenario"
grep -q '"states"' "${tmp}/tiny.json" || fail "no states in: $(head -c 300 "${tmp}/tiny.json")"
# A mutant with a scenario of its own: found beside the installed binary.
code=0
"${bin}" check --mutant costs-paid-again-on-replay >"${tmp}/mutant.txt" 2>"${tmp}/mutant.err" || code=$?
[ "${code}" = 1 ] || fail "check --mutant exited ${code}: $(cat "${tmp}/mutant.err")"
grep -q "${tmp}/prefix/share/battlecheck/scenarios/" "${tmp}/mutant.txt" "${tmp}/mutant.err" \
  || fail "the mutant's scenario was not read from the installed folder: $(head -5 "${tmp}/mutant.txt")"

if [ "${2:-}" = "--package" ]; then
  command -v dpkg-deb >/dev/null || { echo "no dpkg-deb: package not built"; exit 0; }
  (cd "${tmp}" && cpack --config "${build}/CPackConfig.cmake" -B "${tmp}/pkg" >"${tmp}/cpack.log" 2>&1) \
    || fail "cpack: $(tail -20 "${tmp}/cpack.log")"
  deb="$(ls "${tmp}"/pkg/*.deb)"
  dpkg-deb -c "${deb}" >"${tmp}/contents.txt"
  for f in ./usr/bin/battlecheck ./usr/share/doc/battlecheck/README.md ./usr/share/battlecheck/scenarios/default.toml; do
    grep -q " ${f}\$" "${tmp}/contents.txt" || fail "${f} not in $(basename "${deb}")"
  done
  echo "package: $(basename "${deb}"), $(dpkg-deb -f "${deb}" Depends)"
fi
echo "install: the installed command runs"
