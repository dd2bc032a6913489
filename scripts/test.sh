#!/usr/bin/env bash
# Install everything the test suite needs (into .venv) and run all of it: lint, then pytest.
# Usage: bash scripts/test.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || { echo "Python 3.10 or newer is needed (python3 is $(python3 --version))." >&2; exit 1; }
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test]"

.venv/bin/ruff check .
.venv/bin/python -m pytest "$@"
