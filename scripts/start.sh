#!/usr/bin/env bash
# Install everything (into .venv) and open the notebooks in JupyterLab, at notebooks/index.ipynb.
# Usage: bash scripts/start.sh [jupyter lab options, e.g. --port 8899 or --no-browser]
# Works as root (passes --allow-root) and as a normal user. With a desktop it opens the browser;
# without one (no DISPLAY or WAYLAND_DISPLAY outside macOS, or --no-browser) it prints the one
# URL to open.
# The lab is rooted at the repository, so docs/ can be reached beside notebooks/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_install.sh

install_into_venv lab

# LabApp.default_url, not only ServerApp.default_url: JupyterLab sets the server's to its own "/lab".
index=/lab/tree/notebooks/index.ipynb
options=(--ServerApp.root_dir="$PWD" --ServerApp.default_url=$index --LabApp.default_url=$index)
if [ "$(id -u)" -eq 0 ]; then
  options+=(--allow-root)  # containers and classroom VMs often run as root
fi
headless=no
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "$(uname -s)" != Darwin ]; then
  headless=yes
  options+=(--no-browser)
fi
# A short token of our own, unless one is given (it then wins, being later on the line).
token=$(head -c 24 /dev/urandom | base64 | tr -d '+/=\n')
token=${token:0:16}  # (not `| head -c`: under pipefail a cut-off writer could fail the script)
for argument in "$@"; do
  case $argument in
    --no-browser | --ServerApp.open_browser=False) headless=yes ;;
    --IdentityProvider.token=* | --ServerApp.token=*) token=${argument#*=} ;;
  esac
done

server_log=.venv/jupyter.log
echo "Starting JupyterLab (its log: $PWD/$server_log) ..."
.venv/bin/jupyter lab "${options[@]}" --IdentityProvider.token="$token" "$@" \
  >"$server_log" 2>&1 </dev/null &
server=$!
trap 'kill -TERM "$server" 2>/dev/null; wait "$server"; echo "JupyterLab stopped."; exit 0' INT TERM

# The server writes its address (the port may differ from the one asked for if it was taken).
address=""
for _ in $(seq 600); do  # a minute at most
  address=$(grep -o -m1 'http://[^/ ]*:[0-9]*/' "$server_log" | tail -n1) && break
  if ! kill -0 "$server" 2>/dev/null; then
    echo "JupyterLab stopped before it was ready. The last lines of $PWD/$server_log:" >&2
    tail -n 25 "$server_log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$address" ]; then
  echo "JupyterLab gave no address within a minute; see $PWD/$server_log." >&2
  exit 1
fi
case $address in  # listening on every interface: name this machine, not 0.0.0.0
  http://0.0.0.0:* | "http://[::]:"*) address="http://$(hostname):${address##*:}" ;;
esac
url="${address}lab/tree/notebooks/index.ipynb${token:+?token=$token}"
if [ "$headless" = yes ]; then
  echo "JupyterLab is running. Open this address in a browser:"
else
  echo "JupyterLab is running and opens in your browser. If it does not, open:"
fi
echo
echo "    $url"
echo
echo "Stop it with Ctrl-C."
wait "$server"
