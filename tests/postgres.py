"""A real, throw-away PostgreSQL server for the class store's tests and benchmark.

Why a real server: the class store's promise (thirty students at once, each answer once) is
about what the database does under contention, which no fake shows. ``start()`` finds
Debian's ``initdb``/``pg_ctl`` (/usr/lib/postgresql/*/bin, or on PATH), makes a data folder
in a temp folder, starts the server on a free port of 127.0.0.1 (socket in the same folder)
and waits until it answers; ``stop()`` stops it (``pg_ctl stop -m fast``) and removes the
folder. PostgreSQL refuses to run as root, so as root the server runs as an unprivileged
user (``boardlib-pg``, made if missing, else ``nobody``).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

USER = "boardlib-pg"
READY_SECONDS = 30.0
INSTALL_HINT = ("PostgreSQL is not installed: apt-get install postgresql (Debian/Ubuntu), "
                "or put initdb and pg_ctl on PATH; bash scripts/test.sh installs it.")


class NoPostgres(RuntimeError):
    """No PostgreSQL server programs on this machine."""


@dataclass(frozen=True)
class Server:
    """A running throw-away server: connect with ``url``."""

    folder: Path
    bin: Path
    port: int
    user: str
    as_user: tuple[str, ...]  # the command prefix that runs a program as ``user``

    @property
    def url(self) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.folder / "data"


def find_bin() -> Path:
    """The folder holding initdb and pg_ctl: the newest Debian version first, then PATH."""
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda path: int(Path(path).parent.parent.name)
                      if Path(path).parent.parent.name.isdigit() else 0)
    if versions:
        return Path(versions[-1]).parent
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    raise NoPostgres(INSTALL_HINT)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def server_user() -> tuple[str, tuple[str, ...]]:
    """Who runs the server and how: ourselves, or as root an unprivileged user."""
    if os.geteuid() != 0:
        return pwd.getpwuid(os.geteuid()).pw_name, ()
    user = USER
    try:
        pwd.getpwnam(user)
    except KeyError:
        made = subprocess.run(["useradd", "--system", "--no-create-home",
                               "--shell", "/usr/sbin/nologin", user], capture_output=True)
        if made.returncode != 0:
            user = "nobody"
    return user, ("runuser", "-u", user, "--")


def start(durable: bool = False) -> Server:
    """A running server, ready for connections; stop it with ``stop``. Not ``durable``, it
    skips fsync (a test's data need not outlive a power cut); the benchmark measures with it."""
    bin_folder = find_bin()
    user, as_user = server_user()
    folder = Path(tempfile.mkdtemp(prefix="boardlib-pg-"))
    server = Server(folder, bin_folder, free_port(), user, as_user)
    try:
        if as_user:
            shutil.chown(folder, user)
        _run(server, "initdb", "-D", str(server.data), "-U", user, "--auth=trust",
             "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync")
        options = (f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1 "
                   f"-c max_connections=100 -c fsync={'on' if durable else 'off'}")
        _run(server, "pg_ctl", "-D", str(server.data), "-l", str(folder / "server.log"),
             "-o", options, "-w", "-t", str(int(READY_SECONDS)), "start")
        wait_ready(server)
    except BaseException:
        stop(server)
        raise
    return server


def wait_ready(server: Server) -> None:
    """Until pg_isready says yes (pg_ctl -w mostly has), at most READY_SECONDS."""
    deadline = time.monotonic() + READY_SECONDS
    while True:
        ready = subprocess.run([str(server.bin / "pg_isready"), "-h", "127.0.0.1", "-p",
                                str(server.port), "-U", server.user], capture_output=True)
        if ready.returncode == 0:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"PostgreSQL did not get ready in {READY_SECONDS:.0f} s: "
                               f"{log_tail(server)}")
        time.sleep(0.2)


def stop(server: Server) -> None:
    """Stop the server (if it runs) and remove its folder: called even after failures."""
    if (server.data / "postmaster.pid").exists():
        subprocess.run([*server.as_user, str(server.bin / "pg_ctl"), "-D", str(server.data),
                        "stop", "-m", "fast", "-w"], capture_output=True, timeout=60)
    shutil.rmtree(server.folder, ignore_errors=True)


def log_tail(server: Server) -> str:
    log = server.folder / "server.log"
    return log.read_text(errors="replace")[-2000:] if log.exists() else "(no server log)"


def _run(server: Server, program: str, *args: str) -> None:
    done = subprocess.run([*server.as_user, str(server.bin / program), *args],
                          capture_output=True, text=True, cwd=server.folder, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()} "
                           f"{log_tail(server)}")
