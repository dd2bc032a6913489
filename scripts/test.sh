#!/usr/bin/env bash
# Install everything the test suite needs (into .venv, plus Debian's Chromium for the browser
# tests) and run all of it: lint, then pytest (unit tests, the browser tests — where every
# notebook runs, once, and is checked as nbval did: tests/test_notebooks.py — and the Binder
# build). Screenshots, server logs and the executed notebooks land in test-artifacts/.
# Usage: bash scripts/test.sh [--fast] [extra pytest arguments]
#   --fast: for developers between commits — ruff, mypy and the unit, rule and conformance
#   tests, without the notebooks, the browser, Binder and the tests marked slow (a few
#   minutes); CI runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."

fast=false
if [ "${1-}" = "--fast" ]; then
  fast=true
  shift
fi

source scripts/_install.sh

install_into_venv test

workers=$(( $(nproc 2>/dev/null || echo 1) > 1 ? 2 : 1 ))
if $fast; then
  echo "Running ruff, mypy, then the fast tests ..."
  .venv/bin/ruff check .
  .venv/bin/mypy boardlib widgets
  BOARDLIB_CONFORMANCE_GAMES=200 exec .venv/bin/python -m pytest -n "$workers" --dist loadfile \
    -m "not slow and not binder" \
    --ignore=tests/browser tests "$@"
fi

# The browser tests drive Debian's Chromium (`playwright install` cannot download browsers
# everywhere); fonts-noto-cjk so the Japanese notebooks render; npm brings the Pyodide runtime
# for the offline JupyterLite site. Skipped when already there.
missing=()
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium fonts-noto-cjk)
fi
if ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi
# valgrind counts the engines' instructions per game (benchmarks/compare_instructions.py)
if ! command -v valgrind >/dev/null 2>&1; then
  missing+=(valgrind)
fi
# a real PostgreSQL server for the class store's tests (tests/postgres.py starts a throw-away one)
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
    && ! command -v initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    as_root=(none)
  fi
  if [ "${as_root[*]-}" = none ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "${missing[*]} missing and cannot be installed here (needs apt-get and root or sudo):" \
      "the tests that need them (browser, PostgreSQL) will skip (and fail under CI=true)." >&2
  else
    echo "Installing Debian's ${missing[*]} with apt-get (log: $PWD/$INSTALL_LOG) ..."
    { "${as_root[@]}" apt-get update -qq \
      && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq "${missing[@]}"; } >>"$INSTALL_LOG" 2>&1 \
      || install_failed "installing ${missing[*]} with apt-get"
  fi
fi

rm -rf test-artifacts  # screenshots and logs of this run only
trap 'if [ -d test-artifacts ]; then echo "Screenshots and logs: $PWD/test-artifacts/"; fi' EXIT

echo "Running ruff, then pytest ..."
.venv/bin/ruff check .
.venv/bin/mypy boardlib widgets
# Two workers (one on a single core, pytest-xdist): the browser tests run as one unit on one
# worker while the other takes the rest file by file (tests/conftest.py). Pass -n 0 to run
# everything in one process.
.venv/bin/python -m pytest -n "$workers" --dist loadfile "$@"
