#!/usr/bin/env bash
# Classroom mode: the games as pages with no code (Voila), one per board, and a start page.
# Installs what it needs into .venv like start.sh, then serves classroom/ with Voila and prints
# the start page's address. Every open page runs its own kernel (about 60 MB each).
# Usage: bash scripts/classroom.sh [voila options, e.g. --port 8866 or --Voila.ip=0.0.0.0]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_install.sh

install_into_venv lab

# the classroom server's settings: a limit on open pages, culling of forgotten kernels, closed
# tabs' kernels shut down (scripts/classroom_server/voila.py; docs/teachers.md has the numbers)
options=(--no-browser "--Voila.config_file_paths=$PWD/scripts/classroom_server")
given=" $* "
case $given in *" --port"* | *" --Voila.port"*) ;; *) options+=(--port=8866) ;; esac
case $given in *" --Voila.ip"* | *" --ip"*) ;; *) options+=(--Voila.ip=127.0.0.1) ;; esac
server_log=.venv/voila.log
echo "Starting Voila on classroom/ (its log: $PWD/$server_log) ..."
.venv/bin/voila classroom "${options[@]}" "$@" \
  >"$server_log" 2>&1 </dev/null &
server=$!
trap 'kill -TERM "$server" 2>/dev/null; wait "$server"; echo "Voila stopped."; exit 0' INT TERM

address=""
for _ in $(seq 600); do  # a minute at most
  address=$(grep -o -m1 'http://[^/ ]*:[0-9]*/' "$server_log" | tail -n1) && break
  if ! kill -0 "$server" 2>/dev/null; then
    echo "Voila stopped before it was ready. The last lines of $PWD/$server_log:" >&2
    tail -n 25 "$server_log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$address" ]; then
  echo "Voila gave no address within a minute; see $PWD/$server_log." >&2
  exit 1
fi
case $address in  # listening on every interface: name this machine, not 0.0.0.0
  http://0.0.0.0:* | "http://[::]:"*) address="http://$(hostname):${address##*:}" ;;
esac
echo "Classroom pages are being served. Open the start page in a browser:"
echo
echo "    ${address}voila/render/index.ipynb"
echo "    ${address}voila/render/index.ja.ipynb   (日本語)"
echo
echo "Students on other machines need --Voila.ip=0.0.0.0 and this machine's name. Stop with Ctrl-C."
wait "$server"
