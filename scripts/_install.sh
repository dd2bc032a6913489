# The install stage shared by start.sh and test.sh (sourced, not run): put the project and one
# of its extras into .venv, quietly. pip's output goes to .venv/install.log; the terminal gets
# one line per stage, and on failure the log's path and its last lines. A stamp (a hash of
# pyproject.toml, binder/requirements.txt and the Python version) skips the whole stage when
# nothing changed since the last successful install, so a second start is quick: the check
# starts Python once.
# Usage (from the repository root):  source scripts/_install.sh; install_into_venv lab

INSTALL_LOG=.venv/install.log

# Sets PYTHON_VERSION (e.g. 3.11.7), or stops: Python 3.10 or newer, as pyproject.toml says.
require_python() {
  if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 was not found: install Python 3.10 or newer first." >&2
    exit 1
  fi
  PYTHON_VERSION=$(python3 -c 'import platform, sys
print(platform.python_version()) if sys.version_info >= (3, 10) else sys.exit(1)') || {
    echo "Python 3.10 or newer is needed (python3 is $(python3 --version 2>&1))." >&2
    exit 1
  }
}

# What an install depends on: when this changes, install again.
install_fingerprint() {
  { cat pyproject.toml binder/requirements.txt; echo "$PYTHON_VERSION"; } | sha256sum \
    | cut -d' ' -f1
}

# True when .venv was made by this python3 (a changed python3 needs a new .venv).
venv_matches_python() {
  [ -x .venv/bin/python ] && grep -qxE "version(_info)? = $PYTHON_VERSION(\.final\.0)?" \
    .venv/pyvenv.cfg 2>/dev/null
}

# Stop with the log's path and tail: the terminal shows what went wrong without pip's flood.
install_failed() {
  echo "Failed: $1. The last lines of the install log ($PWD/$INSTALL_LOG):" >&2
  tail -n 25 "$INSTALL_LOG" >&2
  exit 1
}

# install_into_venv EXTRA: .venv holds the project with [EXTRA] (test implies lab and hub).
install_into_venv() {
  local extra=$1 fingerprint
  require_python
  fingerprint=$(install_fingerprint)
  if [ -f ".venv/installed-$extra" ] && [ "$(cat ".venv/installed-$extra")" = "$fingerprint" ] \
    && venv_matches_python; then
    echo "Packages: already installed in .venv (nothing changed since the last install)."
    return 0
  fi
  if ! venv_matches_python; then
    rm -rf .venv
    echo "Creating .venv with Python $PYTHON_VERSION ..."
    python3 -m venv .venv || {
      echo "Could not create .venv: on Debian or Ubuntu, install python3-venv first." >&2
      exit 1
    }
  else
    echo "Updating the existing .venv ..."
  fi
  rm -f .venv/installed-*  # a half-finished install must not look finished
  : >"$INSTALL_LOG"
  echo "Installing the packages (tabletop-classroom[$extra]; a few minutes the first time," \
    "needs the network). Log: $PWD/$INSTALL_LOG"
  .venv/bin/python -m pip install --upgrade pip >>"$INSTALL_LOG" 2>&1 \
    || install_failed "upgrading pip"
  .venv/bin/python -m pip install -e ".[$extra]" >>"$INSTALL_LOG" 2>&1 \
    || install_failed "installing tabletop-classroom[$extra]"
  echo "$fingerprint" >".venv/installed-$extra"
  if [ "$extra" = test ]; then  # the test extra includes the lab and hub extras
    echo "$fingerprint" >.venv/installed-lab
    echo "$fingerprint" >.venv/installed-hub
  fi
}
