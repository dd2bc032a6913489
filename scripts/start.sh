#!/usr/bin/env bash
# Install boardlib (into .venv) and watch a narrated game of Âmbar between bots.
# Usage: bash scripts/start.sh [--players N] [--seed N] [--bots greedy,human] [--lang ja]
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
if [ "$#" -eq 0 ]; then set -- --players 3 --seed 7 --bots greedy,random,random; fi
exec .venv/bin/python -m boardlib play ambar_fossils "$@"
