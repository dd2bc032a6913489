"""A JupyterHub on one machine with this project's environment (started by scripts/hub.sh).

Each student logs in with a name and the class password and gets a JupyterLab of their own
(``jupyterhub-singleuser`` from this repository's .venv, so the kernel has boardlib and the
boards) in a home folder of their own under the state folder, with their own copy of
notebooks/ and docs/, made on the first login and never written over afterwards.

For one trusted machine, a trial and the tests: every student's server runs as the one system
user that runs the hub (SimpleLocalProcessSpawner), so a student who runs code can read the
other homes. A school uses a spawner that separates them (SystemdSpawner, DockerSpawner,
KubeSpawner) and a real authenticator: docs/hub.md.

Settings, from the environment (scripts/hub.sh sets the first three from its options):
  HUB_IP, HUB_PORT   where students open the hub (default 127.0.0.1:8000)
  HUB_STATE_DIR      the hub's database, secrets, log and the students' homes (hub/state)
  HUB_PASSWORD       the class password, 8 characters or more (default: made once, kept in
                     <state>/password)
  HUB_PROXY          the configurable-http-proxy command (default: the one hub.sh installs)
  HUB_IDLE_MINUTES   a kernel idle this long is stopped, then its idle server (default 60)
  HUB_MAX_SERVERS    at most this many students' servers at once (default 40)
  BOARDLIB_CLASS_STORE  the class store every student's answers go to (default: one SQLite
                     file in <state>/class/, shared by everyone: docs/teachers.md)
<state>/students.txt, one name a line, if it exists: only those names may log in.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import socket
import tempfile
from pathlib import Path

c = get_config()  # noqa: F821 - traitlets provides it to a config file

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STATE = Path(os.environ.get("HUB_STATE_DIR") or ROOT / "hub" / "state").resolve()
HOMES = STATE / "homes"
COPIED = ("notebooks", "docs")  # a home mirrors the repository, so the lessons' links work
SKIPPED = (".ipynb_checkpoints", "__pycache__")  # and a developer's *.progress*.json files
IDLE = 60 * int(os.environ.get("HUB_IDLE_MINUTES") or 60)
# Kernels talk to their server over Unix sockets (IPC), not TCP ports: many kernels starting at
# once on one machine otherwise race for the same free port ("Address already in use"), and a
# socket file is the student's own. A socket's path must stay under 108 characters, so each
# student's Jupyter runtime folder (connection files, sockets) is a short one in /tmp.
RUNTIME = Path(tempfile.gettempdir()) / (
    f"tabletop-hub-{os.getuid()}-{hashlib.sha256(str(STATE).encode()).hexdigest()[:8]}")
# Every process of this hub carries the state folder in its environment: the test
# (tests/browser/test_hub_in_browser.py) finds what is left of a hub by it.
MARK = {"HUB_STATE_DIR": str(STATE)}

STATE.mkdir(parents=True, exist_ok=True)
STATE.chmod(0o700)  # the password, the secrets and the students' work
HOMES.mkdir(exist_ok=True)


def kept_secret(name: str, size: int) -> str:
    """A random secret made once and kept in the state folder (readable by this user only)."""
    path = STATE / name
    if not path.exists():
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(size) + "\n")
    return path.read_text().strip()


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now: for the hub's own internal traffic."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ----- where the hub listens, and its state ------------------------------------------------
c.JupyterHub.bind_url = (
    f"http://{os.environ.get('HUB_IP') or '127.0.0.1'}:{os.environ.get('HUB_PORT') or 8000}/")
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{free_port()}"  # the hub's API, for servers
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server
c.JupyterHub.cleanup_proxy = True
c.ConfigurableHTTPProxy.command = [
    os.environ.get("HUB_PROXY")
    or str(VENV / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.auth_token = kept_secret("proxy_token", 32)
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")

# ----- who may log in -----------------------------------------------------------------------
c.JupyterHub.authenticator_class = "shared-password"  # DummyAuthenticator's successor (5.3)
c.SharedPasswordAuthenticator.user_password = (
    os.environ.get("HUB_PASSWORD") or kept_secret("password", 9))
# Names that are safe as folder names: a letter or digit first, then letters, digits . _ -
c.Authenticator.username_pattern = r"^[a-z0-9][a-z0-9._-]{0,31}$"
students = STATE / "students.txt"
if students.exists():
    names = {line.strip().lower() for line in students.read_text().splitlines()}
    c.Authenticator.allowed_users = {n for n in names if n and not n.startswith("#")}
    c.Authenticator.allow_existing_users = False  # the file decides, also after a name leaves
else:
    c.Authenticator.allow_all = True  # anyone with the class password, under any name

# ----- each student's JupyterLab ------------------------------------------------------------
c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner: one system user for all
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [str(VENV / "bin" / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab/tree/notebooks/index.ipynb"  # the start page, as start.sh
c.Spawner.args = [
    # An idle kernel (no cell run for IDLE seconds, tab open or not) is stopped, then a
    # server without kernels or requests for IDLE seconds stops itself; the next visit
    # starts it again, the student's files untouched.
    f"--MappingKernelManager.cull_idle_timeout={IDLE}",
    "--MappingKernelManager.cull_interval=300",
    "--MappingKernelManager.cull_connected=True",
    f"--ServerApp.shutdown_no_activity_timeout={IDLE}",
    "--KernelManager.transport=ipc",
]
if os.geteuid() == 0:
    c.Spawner.args.append("--allow-root")  # containers and classroom VMs often run as root
c.Spawner.environment = {
    **MARK,
    "PATH": f"{VENV / 'bin'}:{os.environ.get('PATH') or '/usr/bin:/bin'}",  # a terminal's python
    "VIRTUAL_ENV": str(VENV),
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(RUNTIME / spawner.user.name),
    "BOARDLIB_CLASS_STORE": (os.environ.get("BOARDLIB_CLASS_STORE")
                             or f"sqlite:///{STATE / 'class' / 'classes.sqlite'}"),
    # numpy's maths on one core per kernel: a class's kernels share the machine's cores
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
}
(STATE / "class").mkdir(exist_ok=True)
c.Spawner.start_timeout = 120  # seconds: a class logging in at once on a small machine
c.Spawner.http_timeout = 90
c.JupyterHub.active_server_limit = int(os.environ.get("HUB_MAX_SERVERS") or 40)
c.JupyterHub.concurrent_spawn_limit = 20
# (Spawner.mem_limit and cpu_limit are not enforced by a local spawner: docs/hub.md.)

# JupyterLab without the "news?" question and update checks on a student's first visit.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
}


def copy_missing(source: Path, target: Path) -> None:
    """Copy every file of ``source`` that ``target`` lacks: a lesson added later arrives; a
    file the student has (changed or not) is never written over."""
    for folder, subfolders, files in os.walk(source):
        subfolders[:] = sorted(d for d in subfolders if d not in SKIPPED)
        into = target / Path(folder).relative_to(source)
        into.mkdir(parents=True, exist_ok=True)
        for name in files:
            if ".progress." in name or (into / name).exists():
                continue
            shutil.copy2(Path(folder) / name, into / name)


def prepare_home(spawner) -> None:  # spawner: a jupyterhub Spawner
    """Before a student's server starts: their home, with their own copy of the lessons."""
    home = Path(spawner.home_dir)
    if home.resolve().parent != HOMES:  # the name pattern above makes this impossible
        raise ValueError(f"refusing a home outside {HOMES}: {home}")
    for folder in (RUNTIME, RUNTIME / spawner.user.name):
        folder.mkdir(mode=0o700, exist_ok=True)
        if folder.is_symlink() or folder.stat().st_uid != os.getuid():  # /tmp is everyone's
            raise PermissionError(f"{folder} is not this user's own folder")
    for name in COPIED:
        copy_missing(ROOT / name, home / name)
    for rel, values in LAB_SETTINGS.items():
        path = home / ".jupyter" / "lab" / "user-settings" / rel
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))


c.Spawner.pre_spawn_hook = prepare_home
