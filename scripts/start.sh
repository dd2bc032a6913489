#!/usr/bin/env bash
# Install everything (into .venv) and open the notebooks in JupyterLab, at notebooks/index.ipynb.
# Usage: bash scripts/start.sh [extra jupyter lab options, e.g. --no-browser --port 8899]
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || { echo "Python 3.10 or newer is needed (python3 is $(python3 --version))." >&2; exit 1; }
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[lab]"
exec .venv/bin/jupyter lab notebooks/index.ipynb "$@"
