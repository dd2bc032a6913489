"""The Binder environment, built from binder/ alone, installs and runs every notebook.

A learner's first contact is often the Binder link, and nothing else exercises binder/:
the suite's own .venv is installed from pyproject.toml extras, so a missing or clashing pin
in binder/requirements.txt would go unnoticed. This builds a fresh venv from a copy of the
repository the way repo2docker does (`pip install -r binder/requirements.txt` from the
repository root) and executes each notebook headless in it. Needs the package index; takes
a minute or two. Deselect locally with `-m "not binder"`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
NOTEBOOKS_DIR = ROOT / "notebooks"
IN_CI = os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}
INSTALL_TIMEOUT = 1200  # seconds; a cold pip cache downloads JupyterLab and friends
NOTEBOOK_TIMEOUT = 180  # seconds per cell (DESIGN.md: a notebook runs in seconds); a hang fails

# What repo2docker would not see or what belongs to this machine only.
NOT_IN_BINDER = shutil.ignore_patterns(
    ".git", ".venv", "venv", "test-artifacts", "__pycache__", "*.egg-info", "build", "dist",
    ".pytest_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints",
)

pytestmark = pytest.mark.binder


@dataclass(frozen=True)
class BinderEnv:
    """A venv built only from binder/, next to a copy of the repository."""

    repo: Path
    python: Path
    env: dict[str, str]
    install_seconds: float

    def run(self, *args: str | Path, cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
        """Run a command of the venv; the output is kept for the failure message."""
        return subprocess.run(
            [str(a) for a in args], cwd=cwd, env=self.env, capture_output=True, text=True,
            timeout=timeout, check=False,
        )


def clean_env(home: Path, venv: Path) -> dict[str, str]:
    """An environment that can't reach the suite's .venv or the user's Jupyter config."""
    env = {
        k: v for k, v in os.environ.items()
        if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH", "CONDA_PREFIX"}
    }
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
        ("MPLCONFIGDIR", "matplotlib"),
    ]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def base_python() -> str:
    """The interpreter behind the running one (so the new venv is not nested in .venv)."""
    return getattr(sys, "_base_executable", None) or sys.executable


def notebook_params() -> list[Any]:
    """One parameter per notebook; a placeholder when there are none (fails under CI)."""
    found = sorted(
        p for p in NOTEBOOKS_DIR.glob("**/*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    if not found:
        return [pytest.param(None, id="no-notebooks")]
    return [pytest.param(p.relative_to(ROOT), id=p.relative_to(NOTEBOOKS_DIR).as_posix())
            for p in found]


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderEnv]:
    """Copy the repository, make a venv, pip install -r binder/requirements.txt in the copy."""
    assert (BINDER / "requirements.txt").is_file(), "binder/requirements.txt is missing"
    work = tmp_path_factory.mktemp("binder")
    repo = work / "repo"
    shutil.copytree(ROOT, repo, ignore=NOT_IN_BINDER)
    venv = work / "venv"
    subprocess.run([base_python(), "-m", "venv", str(venv)], check=True, timeout=120)
    env = clean_env(work / "home", venv)
    python = venv / "bin" / "python"
    started = time.monotonic()
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
        cwd=repo, env=env, capture_output=True, text=True, timeout=INSTALL_TIMEOUT, check=False,
    )
    seconds = time.monotonic() - started
    assert install.returncode == 0, (
        f"pip install -r binder/requirements.txt failed:\n{install.stdout[-3000:]}\n"
        f"{install.stderr[-5000:]}"
    )
    yield BinderEnv(repo=repo, python=python, env=env, install_seconds=seconds)


def test_runtime_txt_pins_a_supported_python() -> None:
    """repo2docker reads python-X.Y from binder/runtime.txt; it must satisfy requires-python."""
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert match, f"binder/runtime.txt should read like python-3.11, not {runtime!r}"
    assert int(match.group(1)) >= 10, "the project needs Python 3.10 or newer"


def test_binder_environment_has_the_lab_and_the_packages(binder_env: BinderEnv) -> None:
    """The packages import from the venv (not the source tree) and the lab extensions are on."""
    outside = binder_env.repo.parent  # not the repo copy, so `import boardlib` can't use it
    code = (
        "import boardlib, widgets, ipycanvas, ipywidgets, matplotlib, voila, jupyterlab\n"
        "from widgets.ambar_fossils import view\n"
        "print(boardlib.__file__)"
    )
    result = binder_env.run(binder_env.python, "-c", code, cwd=outside, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    assert str(binder_env.python.parents[1]) in result.stdout, (
        f"boardlib imported from {result.stdout.strip()}, not from the Binder venv"
    )
    extensions = binder_env.run(
        binder_env.python, "-m", "jupyter", "labextension", "list", cwd=outside, timeout=120
    )
    listing = re.sub(r"\x1b\[[0-9;]*m", "", extensions.stdout + extensions.stderr)  # colours
    for name in ("@jupyter-widgets/jupyterlab-manager", "ipycanvas"):
        assert re.search(rf"{re.escape(name)} v\S+ enabled\s+OK", listing), (
            f"lab extension {name} is not enabled and OK in the Binder env:\n{listing}"
        )


@pytest.mark.parametrize("notebook", notebook_params())
def test_notebook_runs_in_binder_environment(binder_env: BinderEnv, notebook: Path | None) -> None:
    """Each notebook executes top to bottom in the Binder venv without an error."""
    if notebook is None:
        message = f"no notebooks under {NOTEBOOKS_DIR.relative_to(ROOT)}/"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    out = binder_env.repo.parent / "executed"
    result = binder_env.run(
        binder_env.python, "-m", "jupyter", "nbconvert", "--execute", "--to", "notebook",
        f"--output-dir={out}", f"--ExecutePreprocessor.timeout={NOTEBOOK_TIMEOUT}",
        "--ExecutePreprocessor.kernel_name=python3", notebook,
        cwd=binder_env.repo, timeout=3 * NOTEBOOK_TIMEOUT,
    )
    assert result.returncode == 0, (
        f"{notebook} failed in the Binder environment "
        f"(pip install took {binder_env.install_seconds:.0f} s):\n{result.stderr[-6000:]}"
    )
