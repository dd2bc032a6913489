"""Session fixtures for the browser tests: one JupyterLab server and one Chromium for the run.

The notebooks are only proven to work when a real browser renders their widgets, so these
fixtures start the same servers a learner uses (JupyterLab, Voila) on 127.0.0.1 and drive
Debian's Chromium through Playwright. Under CI=true nothing here may skip: a missing browser
or notebook is a failure, so a green CI run always means the notebooks were clicked on.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.helpers import IN_CI

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = ROOT / "notebooks"
PLAY_NOTEBOOK = NOTEBOOKS_DIR / "ambar_fossils" / "02_play.ipynb"
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
ROOT_FLAG = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []  # containers
SERVER_START_TIMEOUT = 90.0  # seconds; a cold JupyterLab start takes ~3 s here

CHROMIUM_ARGS = [  # DESIGN.md: what Debian's Chromium needs in a headless container
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# JupyterLab user settings for the test server: no news/update toast covering the page, no
# autosave writing outputs into the repository's notebooks, and every cell kept in the DOM so
# that each output canvas can be inspected (the default windowing hides far-away cells).
LAB_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def skip_or_fail(reason: str) -> None:
    """Skip locally, but fail under CI, where a skipped browser test would hide a breakage."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: browser tests may not skip)", pytrace=False)
    pytest.skip(reason)


def notebook_paths() -> list[Path]:
    """Every notebook under notebooks/, in a stable order, checkpoints excluded."""
    return sorted(
        p for p in NOTEBOOKS_DIR.glob("**/*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )


def artifact_name(notebook: Path) -> str:
    """A file-name-safe name for a notebook: notebooks/a/b.ipynb -> a__b."""
    return "__".join(notebook.relative_to(NOTEBOOKS_DIR).with_suffix("").parts)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Under CI turn any skip in tests/browser into a failure (an empty parameter set too)."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, which is not allowed here: {report.longrepr}"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Server:
    """A running Jupyter server (JupyterLab or Voila) and how to reach it."""

    base_url: str
    token: str
    log: Path

    def url(self, path: str, **query: str) -> str:
        """A URL on this server with the token attached."""
        params = [f"{k}={v}" if v else k for k, v in query.items()]
        if self.token:
            params.append(f"token={self.token}")
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}/{path.lstrip('/')}" + (sep + "&".join(params) if params else "")

    def log_tail(self, lines: int = 40) -> str:
        """The end of the server log, for failure messages."""
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


def isolated_jupyter_env(home: Path) -> dict[str, str]:
    """Environment whose Jupyter config/data/runtime dirs are fresh, so ~/.jupyter can't leak in."""
    env = dict(os.environ)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_PATH", None)
    # A lesson's kept progress and the class store: never in the repository, never shared
    # with a developer's own (widgets/record.py, widgets/class_store.py).
    env["BOARDLIB_PROGRESS_DIR"] = str(home / "progress")
    env["BOARDLIB_CLASS_STORE"] = f"sqlite:///{home / 'classes.sqlite'}"
    return env


@dataclass
class ServerProcess:
    """Start a server command, wait until its URL answers, and stop it with its kernels."""

    args: list[str]
    env: dict[str, str]
    log: Path
    ready_url: str | None  # None: ready once the port accepts connections
    port: int
    proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Launch in its own process group so stopping it also stops the kernels it started."""
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                self.args, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"{self.args[2]} exited with {self.proc.returncode} before answering; "
                    f"log {self.log}:\n{self.log.read_text(errors='replace')[-3000:]}"
                )
            if self._answers():
                return
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"{self.args[2]} did not answer within {SERVER_START_TIMEOUT:.0f} s")

    def _answers(self) -> bool:
        """Whether the server is up (Voila has no cheap status URL: opening / runs a kernel)."""
        try:
            if self.ready_url is None:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2):
                    return True
            with urllib.request.urlopen(self.ready_url, timeout=5) as resp:
                return resp.status == 200
        except (urllib.error.URLError, OSError):
            return False

    def stop(self) -> None:
        """SIGTERM the group (the server shuts its kernels down), SIGKILL if it hangs."""
        if self.proc is None or self.proc.poll() is not None:
            return
        pgid = os.getpgid(self.proc.pid)
        os.killpg(pgid, 15)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(pgid, 9)
            self.proc.wait(timeout=5)
        # Anything left in the group (a stuck child) must not outlive the test session.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, 9)


@contextlib.contextmanager
def voila_serving(target: str, home: Path, log_name: str,
                  extra: tuple[str, ...] = ()) -> Iterator[tuple[Server, dict[str, str]]]:
    """Voila serving ``target`` (a notebook or a folder, from the repository's root) on a free
    port of 127.0.0.1 as a learner starts it (tracebacks shown), with its own Jupyter dirs,
    progress folder and class store under ``home``; stopped with its kernels afterwards."""
    port = free_port()
    env = isolated_jupyter_env(home)
    server = Server(f"http://127.0.0.1:{port}", "", ARTIFACTS / log_name)
    process = ServerProcess(
        args=[sys.executable, "-m", "voila", target, "--no-browser", f"--port={port}",
              "--Voila.ip=127.0.0.1", "--show_tracebacks=True", *extra],
        env=env, log=server.log, ready_url=None, port=port)
    try:
        process.start()
        yield server, env
    finally:
        process.stop()


@pytest.fixture(scope="session")
def jupyter_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Fresh Jupyter config/data/runtime dirs plus JupyterLab settings and workspaces."""
    home = tmp_path_factory.mktemp("jupyter-home")
    for rel, values in LAB_SETTINGS.items():
        path = home / "lab-settings" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    (home / "lab-workspaces").mkdir()
    return home


@pytest.fixture(scope="session")
def lab_server(jupyter_home: Path) -> Iterator[Server]:
    """One JupyterLab for the session, rooted at the repo, on a free port with a random token."""
    port, token = free_port(), secrets.token_hex(16)
    server = Server(f"http://127.0.0.1:{port}", token, ARTIFACTS / "jupyterlab.log")
    process = ServerProcess(
        args=[
            sys.executable, "-m", "jupyterlab",
            "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--port-retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={ROOT}",
            f"--LabApp.user_settings_dir={jupyter_home / 'lab-settings'}",
            f"--LabApp.workspaces_dir={jupyter_home / 'lab-workspaces'}",
            # JupyterLab checkpoints a notebook when it opens it: not inside the repository.
            f"--FileCheckpoints.checkpoint_dir={jupyter_home / 'checkpoints'}",
            # window.jupyterapp: the sweep reads the executed notebook back from the page
            # (pages.notebook_content), so no other test runs the notebooks again for it.
            "--LabApp.expose_app_in_browser=True",
            *ROOT_FLAG,
        ],
        env=isolated_jupyter_env(jupyter_home),
        log=server.log,
        ready_url=server.url("api/status"),
        port=port,
    )
    try:
        process.start()
        yield server
    finally:
        process.stop()


@pytest.fixture
def lab(lab_server: Server, page: Page) -> Iterator[Server]:
    """The session's JupyterLab, with the kernels this test started shut down afterwards."""
    from tests.browser.pages import shutdown_sessions

    try:
        yield lab_server
    finally:
        page.close()  # first, so the page does not ask the server for a new kernel
        shutdown_sessions(lab_server)


@pytest.fixture
def voila_server(jupyter_home: Path) -> Iterator[Server]:
    """Voila serving the play notebook, as a learner would start it (tracebacks shown)."""
    if not PLAY_NOTEBOOK.exists():
        skip_or_fail(f"{PLAY_NOTEBOOK.relative_to(ROOT)} does not exist yet")
    port = free_port()
    server = Server(f"http://127.0.0.1:{port}", "", ARTIFACTS / "voila.log")
    process = ServerProcess(
        args=[
            sys.executable, "-m", "voila", str(PLAY_NOTEBOOK.relative_to(ROOT)),
            "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--show_tracebacks=True",
        ],
        env=isolated_jupyter_env(jupyter_home / "voila"),
        log=server.log,
        ready_url=None,
        port=port,
    )
    try:
        process.start()
        yield server
    finally:
        process.stop()


def chromium_path() -> str:
    """Debian's Chromium (playwright install cannot download browsers on this machine).

    CHROMIUM_PATH overrides the search (and, pointed at nothing, shows what CI does without it).
    """
    override = os.environ.get("CHROMIUM_PATH")
    if override:
        if not Path(override).exists():
            skip_or_fail(f"CHROMIUM_PATH={override} does not exist")
        return override
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found and Path("/usr/bin/chromium").exists():
        found = "/usr/bin/chromium"
    if not found:
        skip_or_fail("Chromium not found: apt-get install -y chromium (scripts/test.sh does it)")
    return str(found)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("playwright is not installed (pip install -e '.[test]')")
    executable = chromium_path()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context and page per test, so no state leaks between notebooks."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})  # a classroom laptop
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()
