"""The Binder environment, built from binder/ alone, installs and runs every notebook.

A learner's first contact is often the Binder link, and nothing else exercises binder/:
the suite's own .venv is installed from pyproject.toml extras, so a missing or clashing pin
in binder/requirements.txt would go unnoticed. This builds a fresh venv from a copy of the
repository the way repo2docker does (`pip install -r binder/requirements.txt` from the
repository root) and checks what is Binder's own: the lab extensions, the package installed
from the copy (not the editable source tree) with every file of boardlib/ and widgets/, and
every import of every notebook, run in a kernel of the venv. The notebooks themselves run
once in the suite, in the browser sweep (tests/test_notebooks.py says where and why); here
only when the venv's packages are not the suite's, version for version, since then that run
says nothing about this one. Needs the package index; takes a minute or two. Deselect
locally with `-m "not binder"`.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import IN_CI

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
NOTEBOOKS_DIR = ROOT / "notebooks"
INSTALL_TIMEOUT = 1200  # seconds; a cold pip cache downloads JupyterLab and friends
NOTEBOOK_TIMEOUT = 180  # seconds per cell (DESIGN.md: a notebook runs in seconds); a hang fails

# What repo2docker would not see or what belongs to this machine only.
NOT_IN_BINDER = shutil.ignore_patterns(
    ".git", ".venv", "venv", "test-artifacts", "__pycache__", "*.egg-info", "build", "dist",
    ".pytest_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints",
)

PACKAGES = ("boardlib", "widgets")  # what `pip install .` puts in the venv
INSTALLERS = {"pip", "setuptools", "wheel"}  # the venvs' own tools: no notebook imports them

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


def notebooks() -> list[Path]:
    """Every notebook under notebooks/, checkpoints excluded."""
    return sorted(
        p for p in NOTEBOOKS_DIR.glob("**/*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )


def notebook_params() -> list[Any]:
    """One parameter per notebook; a placeholder when there are none (fails under CI)."""
    found = notebooks()
    if not found:
        return [pytest.param(None, id="no-notebooks")]
    return [pytest.param(p.relative_to(ROOT), id=p.relative_to(NOTEBOOKS_DIR).as_posix())
            for p in found]


def notebook_imports(paths: list[Path]) -> list[str]:
    """Every import statement in the notebooks' code cells, once each, in a stable order."""
    found: set[str] = set()
    for path in paths:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                tree = ast.parse("".join(cell["source"]), filename=str(path))
                found |= {ast.unparse(node) for node in ast.walk(tree)
                          if isinstance(node, (ast.Import, ast.ImportFrom))}
    return sorted(found)


def normalized(name: str) -> str:
    """A distribution's name as pip compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def version_differences(binder: dict[str, str], suite: dict[str, str]) -> list[str]:
    """The Binder venv's distributions that the suite's environment lacks or has at another
    version (the installers aside): "numpy 2.4.6 (the suite: 2.4.5)"."""
    differ = []
    for name, version in sorted(binder.items()):
        if name not in INSTALLERS and suite.get(name) != version:
            differ.append(f"{name} {version} (the suite: {suite.get(name, 'none')})")
    return differ


def suite_versions() -> dict[str, str]:
    """The distributions of the environment this test runs in (the suite's .venv)."""
    return {normalized(d.metadata["Name"]): d.version for d in metadata.distributions()}


INSTALLED_FILES_CODE = f"""
import importlib, json, pathlib
files = []
for name in {PACKAGES!r}:
    top = pathlib.Path(importlib.import_module(name).__file__).parent
    files += [p.relative_to(top.parent).as_posix() for p in top.rglob("*")
              if p.is_file() and "__pycache__" not in p.parts]
print(json.dumps(files))
"""

VERSIONS_CODE = (
    "import json, re\nfrom importlib import metadata\n"
    "print(json.dumps({re.sub(r'[-_.]+', '-', d.metadata['Name']).lower(): d.version "
    "for d in metadata.distributions()}))"
)


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


def test_apt_txt_brings_a_font_for_the_japanese_lessons() -> None:
    """repo2docker installs the Debian packages binder/apt.txt names, one a line: the Japanese
    lessons' plots need a font with kana and kanji (widgets/figures.py, JAPANESE_FONTS), the
    one the suite's browser tests install too (scripts/test.sh). The image itself cannot be
    built here (no Docker engine): this checks what repo2docker will read."""
    packages = [line.strip() for line in (BINDER / "apt.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert "fonts-noto-cjk" in packages, packages


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


@pytest.fixture(scope="module")
def not_the_suites(binder_env: BinderEnv) -> list[str]:
    """The Binder venv's packages that are not the suite's (none: the same environment)."""
    listed = binder_env.run(binder_env.python, "-c", VERSIONS_CODE,
                            cwd=binder_env.repo.parent, timeout=120)
    assert listed.returncode == 0, listed.stderr[-3000:]
    return version_differences(json.loads(listed.stdout), suite_versions())


def test_the_installed_packages_hold_every_file_of_the_source(binder_env: BinderEnv) -> None:
    """`pip install .` copies only what pyproject.toml lists (package data: the games' JSON,
    py.typed); the suite's editable install reads the source tree, so a file left out shows
    only here."""
    result = binder_env.run(binder_env.python, "-c", INSTALLED_FILES_CODE,
                            cwd=binder_env.repo.parent, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    installed = set(json.loads(result.stdout))
    source = {p.relative_to(binder_env.repo).as_posix() for package in PACKAGES
              for p in (binder_env.repo / package).rglob("*")
              if p.is_file() and "__pycache__" not in p.parts}
    missing = sorted(source - installed)
    assert not missing, f"the Binder install lacks {len(missing)} files of the source: {missing}"


def test_every_import_of_the_notebooks_runs_in_a_binder_kernel(binder_env: BinderEnv) -> None:
    """One notebook of every import statement in the lessons, executed by a kernel of the
    venv (the package as installed, not the copy's source): the kernel starts, and each
    module and name a lesson imports is there."""
    imports = notebook_imports(notebooks())
    assert imports, "no imports found in the notebooks"
    probe = binder_env.repo.parent / "imports.ipynb"
    probe.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "imports",
                   "metadata": {}, "outputs": [], "source": "\n".join(imports)}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    result = binder_env.run(
        binder_env.python, "-m", "jupyter", "nbconvert", "--execute", "--to", "notebook",
        "--output=imports.executed", f"--ExecutePreprocessor.timeout={NOTEBOOK_TIMEOUT}",
        probe, cwd=probe.parent, timeout=3 * NOTEBOOK_TIMEOUT,
    )
    assert result.returncode == 0, (
        f"the notebooks' imports fail in a Binder kernel:\n{result.stderr[-6000:]}")


def test_the_version_check_names_each_package_not_the_suites() -> None:
    suite = {"numpy": "2.4.6", "ipywidgets": "8.1.9", "pip": "25.3"}
    assert version_differences({"numpy": "2.4.6", "pip": "24.0"}, suite) == []
    assert version_differences({"numpy": "2.4.5", "ipycanvas": "0.14.3", "pip": "1"}, suite) == [
        "ipycanvas 0.14.3 (the suite: none)", "numpy 2.4.5 (the suite: 2.4.6)"]
    assert normalized("JupyterLab_Widgets") == normalized("jupyterlab-widgets")


@pytest.mark.parametrize("notebook", notebook_params())
def test_notebook_runs_in_binder_environment(binder_env: BinderEnv, not_the_suites: list[str],
                                             notebook: Path | None) -> None:
    """Each notebook executes top to bottom in the Binder venv without an error: run here
    only when the venv's packages are not the suite's (then the browser sweep's run of the
    notebook, in the suite's environment, says nothing about this one)."""
    if notebook is None:
        message = f"no notebooks under {NOTEBOOKS_DIR.relative_to(ROOT)}/"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    if not not_the_suites:
        pytest.skip("the Binder venv has the suite's packages, each at the suite's version: "
                    "the browser sweep's run of the notebooks (tests/test_notebooks.py) is "
                    "theirs")
    out = binder_env.repo.parent / "executed"
    result = binder_env.run(
        binder_env.python, "-m", "jupyter", "nbconvert", "--execute", "--to", "notebook",
        f"--output-dir={out}", f"--ExecutePreprocessor.timeout={NOTEBOOK_TIMEOUT}",
        "--ExecutePreprocessor.kernel_name=python3", notebook,
        cwd=binder_env.repo, timeout=3 * NOTEBOOK_TIMEOUT,
    )
    assert result.returncode == 0, (
        f"{notebook} failed in the Binder environment, whose packages differ from the suite's "
        f"in {not_the_suites} (pip install took {binder_env.install_seconds:.0f} s):\n"
        f"{result.stderr[-6000:]}"
    )
