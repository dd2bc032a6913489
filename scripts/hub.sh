#!/usr/bin/env bash
# A JupyterHub on this machine: every student logs in with a name and the class password and
# gets a JupyterLab of their own, with their own copy of the lessons (hub/jupyterhub_config.py;
# docs/hub.md). Installs what it needs like start.sh (the hub extra into .venv, and
# configurable-http-proxy from npm into .venv/hub-proxy, never globally), then runs the hub on
# 127.0.0.1 and prints its address and the class password. Works as root and as a normal user.
# For one trusted machine (a trial, a workshop, the tests): every student's server runs as the
# user running this script. A school's hub separates them: docs/hub.md.
# Usage: bash scripts/hub.sh [--port 8000] [--ip 127.0.0.1] [--state hub/state] [--no-install]
#                            [more jupyterhub options, e.g. --log-level=DEBUG]
#   --ip 0.0.0.0   lets other machines of the network open it
#   --state DIR    the hub's database, secrets, log and the students' homes (kept between runs)
#   --no-install   use .venv as it is (the test suite's, installed by scripts/test.sh)
# The class password: $HUB_PASSWORD (8 characters or more), or one made once and kept in the
# state folder. Only some names may log in: list them in <state>/students.txt, one a line.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_install.sh

port=8000
ip=127.0.0.1
state=hub/state
install=yes
hub_options=()
while [ $# -gt 0 ]; do
  case $1 in
    --port | --ip | --state)
      [ $# -ge 2 ] || { echo "$1 needs a value." >&2; exit 2; }
      declare "${1#--}=$2"
      shift 2
      ;;
    --port=* | --ip=* | --state=*)
      option=${1%%=*}
      declare "${option#--}=${1#*=}"
      shift
      ;;
    --no-install) install=no; shift ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) hub_options+=("$1"); shift ;;
  esac
done
case $port in '' | *[!0-9]*) echo "--port must be a number, not '$port'." >&2; exit 2 ;; esac
mkdir -p "$state"
state=$(cd "$state" && pwd)

if [ "$install" = yes ]; then
  install_into_venv hub
elif [ ! -x .venv/bin/jupyterhub ]; then
  echo "--no-install, but .venv has no jupyterhub: run without --no-install once." >&2
  exit 1
fi

# configurable-http-proxy (the hub's front door) from npm, into .venv/hub-proxy (git-ignored).
proxy=.venv/hub-proxy/node_modules/.bin/configurable-http-proxy
if [ -x "$proxy" ] && "$proxy" --version >/dev/null 2>&1; then
  echo "Proxy: configurable-http-proxy $("$proxy" --version) already in .venv/hub-proxy."
else
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm was not found: install Node.js 18 or newer with npm (Debian: apt-get install npm)." \
      >&2
    exit 1
  fi
  echo "Installing configurable-http-proxy 5 from npm into .venv/hub-proxy" \
    "(log: $PWD/$INSTALL_LOG) ..."
  npm install --prefix .venv/hub-proxy --no-audit --no-fund --loglevel=error \
    configurable-http-proxy@5 >>"$INSTALL_LOG" 2>&1 \
    || install_failed "installing configurable-http-proxy with npm"
fi

case $ip in 0.0.0.0 | "::" | "") probe=127.0.0.1 ;; *) probe=$ip ;; esac
if (exec 3<>"/dev/tcp/$probe/$port") 2>/dev/null; then
  echo "Port $port is taken (something answers on $probe:$port): choose another with --port." >&2
  exit 1
fi

# Every process of this hub (proxy, students' servers, kernels) carries HUB_STATE_DIR.
export HUB_IP=$ip HUB_PORT=$port HUB_STATE_DIR=$state HUB_PROXY=$PWD/$proxy
hub_log=$state/jupyterhub.log
echo "Starting JupyterHub (its log: $hub_log) ..."
# The hub ignores the terminal's hangup (inherited): closing the terminal reaches this script,
# which stops the hub properly (below) rather than leaving the students' servers behind.
trap '' HUP
.venv/bin/jupyterhub -f hub/jupyterhub_config.py ${hub_options[@]+"${hub_options[@]}"} \
  >"$hub_log" 2>&1 </dev/null &
hub=$!

# The hub stops every student's server and the proxy when it is told to stop (SIGTERM); a
# hub that hangs is killed after 60 seconds. Run on every way out of this script: Ctrl-C,
# SIGTERM, a closed terminal, an error.
stop_hub() {
  set +e
  trap '' INT TERM HUP
  kill -0 "$hub" 2>/dev/null || return 0
  kill -TERM "$hub" 2>/dev/null
  echo "Stopping JupyterHub and every student's server ..."
  for _ in $(seq 600); do
    kill -0 "$hub" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$hub" 2>/dev/null; then
    kill -KILL "$hub" 2>/dev/null
    echo "JupyterHub did not stop within a minute: killed (see $hub_log)." >&2
  fi
  wait "$hub" 2>/dev/null
  echo "JupyterHub stopped."
}
trap stop_hub EXIT
trap 'exit 0' INT TERM HUP
trap 'exit 1' PIPE

ready=no
for _ in $(seq 1200); do  # two minutes at most
  if grep -q "JupyterHub is now running" "$hub_log"; then
    ready=yes
    break
  fi
  if ! kill -0 "$hub" 2>/dev/null; then
    echo "JupyterHub stopped before it was ready. The last lines of $hub_log:" >&2
    tail -n 25 "$hub_log" >&2
    exit 1
  fi
  sleep 0.1
done
if grep -q "EADDRINUSE" "$hub_log"; then  # the proxy says so, and runs on without its port
  echo "Port $port was taken as the hub started: choose another with --port." >&2
  exit 1
fi
if [ "$ready" = no ]; then
  echo "JupyterHub was not ready within two minutes; see $hub_log." >&2
  exit 1
fi
case $ip in  # listening on every interface: name this machine, not 0.0.0.0
  0.0.0.0 | "::" | "") host=$(hostname) ;;
  *:*) host="[$ip]" ;;
  *) host=$ip ;;
esac
if [ -n "${HUB_PASSWORD:-}" ]; then
  password="the one in \$HUB_PASSWORD"
else
  password=$(cat "$state/password")
fi
if [ -f "$state/students.txt" ]; then
  who="a name listed in $state/students.txt"
else
  who="any name (a letter or digit first, then letters, digits . _ -)"
fi
echo "JupyterHub is running. Students open:"
echo
echo "    http://$host:$port/"
echo
echo "and log in with $who and the class password: $password"
echo "Each student's files: $state/homes/<name>/ (their own copy of notebooks/ and docs/)."
echo "Other machines need --ip 0.0.0.0 and this machine's name. Stop with Ctrl-C."
wait "$hub" || {
  status=$?
  echo "JupyterHub stopped (exit status $status). The last lines of $hub_log:" >&2
  tail -n 25 "$hub_log" >&2
  exit "$status"
}
