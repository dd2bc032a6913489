"""Build the JupyterLite site: the lessons running in the browser, from any static host.

Why: a JupyterLite site needs no server, so a class of any size can use it at once (mybinder
allows 100 users per repository). The site holds the notebooks (each opening with a cell that
installs the project in the browser's Python), the documents they link to (the teacher's guide,
docs/teachers.md, and what it links to), this project as a pure wheel, and the wheels of
ipywidgets, anywidget and ipycanvas with their pure dependencies, served to the kernel by piplite.

    .venv/bin/python scripts/build_lite.py              # build/lite; Pyodide from its CDN
    .venv/bin/python scripts/build_lite.py --offline    # Pyodide inside the site: no CDN
    python -m http.server -d build/lite 8000            # then open http://127.0.0.1:8000/

--offline puts the Pyodide runtime in the site (from the npm package ``pyodide``) with the
pure-Python wheels the kernel needs (from PyPI, at the versions Pyodide's lock names), and
turns piplite's PyPI fallback off, so the site needs nothing but its own host. numpy,
matplotlib and pillow exist only as Pyodide builds on its CDN, so offline the boards use the
SVG renderer and plots are skipped with a note (widgets/lite.py).

Needs (pip install -e '.[test]'): jupyterlite-core, jupyterlite-pyodide-kernel, and the
network for the wheels (and for npm with --offline). Downloads are cached in build/lite-cache.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
NOTEBOOKS = ROOT / "notebooks"

# Python packages of the lessons, at the versions installed here: the site's front-end
# extensions come from this same environment, so kernel and page sides match.
LESSON_WHEELS = ("ipywidgets", "jupyterlab_widgets", "comm", "anywidget", "psygnal",
                 "ipycanvas")
# What the kernel installs at start (jupyterlite-pyodide-kernel's worker), with their
# dependencies: with --offline they must be in Pyodide's lock, with files beside it.
KERNEL_PACKAGES = ("micropip", "ipython", "jedi", "typing-extensions", "packaging")

SETUP_CELL = """\
# JupyterLite: Python runs in this browser tab and starts empty. This cell installs the
# lessons' packages (a few seconds); run it first. Elsewhere (Binder, JupyterLab) it is not here.
import piplite

await piplite.install("tabletop-classroom")
from widgets.lite import prepare

await prepare();"""
SETUP_CELL_JA = """\
# JupyterLite：Python はこのブラウザーのタブの中で動き、最初は空です。
# このセルがレッスンのパッケージを入れます（数秒）。最初に実行してください。
# Binder や JupyterLab にはこのセルはありません。
import piplite

await piplite.install("tabletop-classroom")
from widgets.lite import prepare

await prepare(lang="ja");"""
"""The setup cell of a Japanese twin (*.ja.ipynb): the same, told in Japanese (#30)."""


def log(text: str) -> None:
    print(f"[build_lite] {text}", flush=True)


def run(*args: str | Path, cwd: Path = ROOT) -> None:
    """Run a command; on failure stop with its output (the reason is usually in it)."""
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        sys.exit(f"[build_lite] failed: {' '.join(map(str, args))}\n"
                 f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


def pure_wheel(name: str, version: str, into: Path, cache: Path) -> Path:
    """The py3-none-any wheel of name==version from PyPI (cached)."""
    cache.mkdir(parents=True, exist_ok=True)
    normal = name.lower().replace("-", "_")
    found = [p for p in cache.glob("*.whl")
             if p.name.lower().startswith(f"{normal}-{version}-")]
    if not found:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--implementation", "py", "--abi", "none",
            "--platform", "any", "--python-version", "3.14", "-d", cache, f"{name}=={version}")
        found = [p for p in cache.glob("*.whl")
                 if p.name.lower().startswith(f"{normal}-{version}-")]
    if not found:
        sys.exit(f"[build_lite] no pure-Python wheel of {name}=={version} on the index")
    into.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy2(found[0], into / found[0].name))


def project_wheel(into: Path) -> Path:
    """This repository (boardlib + widgets) as a pure wheel."""
    into.mkdir(parents=True, exist_ok=True)
    before = set(into.glob("tabletop_classroom-*.whl"))
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", into, ROOT)
    made = sorted(set(into.glob("tabletop_classroom-*.whl")) - before) or sorted(
        into.glob("tabletop_classroom-*.whl"))
    return made[-1]


# A Markdown link or image, ``[text](target)``, or an HTML ``href``/``src``: the target.
LINK = re.compile(r"""\]\(\s*<?([^)\s>]+)|\b(?:href|src)=["']([^"']+)["']""")


def relative_links(text: str) -> list[str]:
    """The targets in ``text`` that name a file beside it: no scheme, no absolute path, not
    only a #fragment (``../docs/teachers.md#binder``, ``02_play.ipynb``)."""
    found = [a or b for a, b in LINK.findall(text)]
    return [t for t in found
            if not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", t) and not t.startswith(("#", "/"))]


def markdown_of(path: Path) -> str:
    """The text a reader sees as Markdown: a notebook's Markdown cells, or a .md file."""
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _target(source: Path, link: str) -> Path:
    """The file a relative link in ``source`` names (fragment and query dropped)."""
    path = urllib.parse.unquote(link.split("#")[0].split("?")[0])
    return Path(posixpath.normpath((source.parent / path).as_posix()))


def site_path(path: Path) -> Path:
    """Where a repository file goes in the site: notebooks/ is the site's top folder, so a
    lesson keeps its path (ambar_fossils/02_play.ipynb); any other file keeps its path in the
    repository (docs/teachers.md)."""
    path = path.resolve()
    return path.relative_to(NOTEBOOKS) if path.is_relative_to(NOTEBOOKS) else path.relative_to(ROOT)


def linked_documents() -> list[Path]:
    """The repository's files outside notebooks/ that the lessons link to, and those that
    these link to in turn (docs/teachers.md, then README.md, …): the site holds them all."""
    found: list[Path] = []
    todo = [p for p in sorted(NOTEBOOKS.rglob("*.ipynb")) if ".ipynb_checkpoints" not in p.parts]
    seen = set(todo)
    while todo:
        source = todo.pop(0)
        for link in relative_links(markdown_of(source)):
            target = _target(source, link).resolve()
            if target in seen or not target.is_file() or not target.is_relative_to(ROOT):
                continue  # a missing target is left for broken_links() to report
            seen.add(target)
            if not target.is_relative_to(NOTEBOOKS):
                found.append(target)
            if target.suffix in (".md", ".ipynb"):
                todo.append(target)
    return sorted(found)


def site_links(text: str, source: Path) -> str:
    """``text`` of the repository file ``source`` with each relative link that crosses the
    edge of notebooks/ (``../docs/teachers.md`` from notebooks/index.ipynb) pointing at the
    same file in the site (``docs/teachers.md``); other links are unchanged."""
    def moved(match: re.Match[str]) -> str:
        link = match.group(1) or match.group(2)
        if link not in relative_links(match.group(0)):
            return match.group(0)
        source_path, target = source.resolve(), _target(source.resolve(), link)
        if (not target.is_relative_to(ROOT)
                or target.is_relative_to(NOTEBOOKS) == source_path.is_relative_to(NOTEBOOKS)):
            return match.group(0)  # the same place relative to each other in the site
        fragment = link[len(link.split("#")[0]):]
        here = site_path(source).parent.as_posix()
        new = posixpath.relpath(site_path(target).as_posix(), here or ".") + fragment
        return match.group(0).replace(link, new, 1)

    return LINK.sub(moved, text)


def site_documents(into: Path) -> list[Path]:
    """Copies of linked_documents() at their site paths, their links pointed into the site."""
    written = []
    for source in linked_documents():
        target = into / site_path(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix == ".md":
            target.write_text(site_links(source.read_text(encoding="utf-8"), source),
                              encoding="utf-8")
        else:
            shutil.copy2(source, target)
        written.append(target)
    return written


def broken_links(contents: Path) -> list[str]:
    """Every relative link in the site's notebooks and .md files that does not name a file
    inside the site ("index.ipynb -> ../docs/teachers.md")."""
    contents = contents.resolve()
    broken = []
    for source in sorted([*contents.rglob("*.ipynb"), *contents.rglob("*.md")]):
        for link in relative_links(markdown_of(source)):
            target = _target(source, link)
            if not (target.is_relative_to(contents) and target.is_file()):
                broken.append(f"{source.relative_to(contents).as_posix()} -> {link}")
    return broken


def lesson_notebooks(into: Path) -> list[Path]:
    """Copies of the notebooks, each opening with the setup cell, their links pointed into
    the site (site_links); the originals unchanged."""
    written = []
    for source in sorted(NOTEBOOKS.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in source.parts:
            continue
        notebook = json.loads(source.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                if site_links(text, source) != text:
                    cell["source"] = site_links(text, source)
        notebook["cells"].insert(0, {
            "cell_type": "code", "execution_count": None, "id": "jupyterlite-setup",
            "metadata": {"tags": ["jupyterlite-setup"]}, "outputs": [],
            "source": SETUP_CELL_JA if source.name.endswith(".ja.ipynb") else SETUP_CELL,
        })
        target = into / source.relative_to(NOTEBOOKS)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
        written.append(target)
    return written


def pyodide_version() -> str:
    """The Pyodide release jupyterlite-pyodide-kernel is made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def offline_pyodide(lite_dir: Path, cache: Path) -> dict[str, object]:
    """Put Pyodide (npm ``pyodide``) in lite_dir/static/pyodide with the kernel's wheels.

    The npm package holds the runtime and pyodide-lock.json but no wheels. The kernel's
    pure-Python packages are fetched from PyPI at the lock's versions, and their lock entries
    rewritten to those files (PyPI's wheels are not byte-identical to Pyodide's). Entries
    whose file is not here are dropped, so a missing package (numpy) is refused at once
    instead of being fetched from a URL that does not answer.
    """
    version = pyodide_version()
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        log(f"npm pack pyodide@{version} (the runtime, ~6 MB)")
        if not shutil.which("npm"):
            sys.exit("[build_lite] --offline needs npm (apt-get install npm) for the runtime")
        run("npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", cache)
    target = lite_dir / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith("package/"):
                member.name = member.name[len("package/"):]
                archive.extract(member, target, filter="data")
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    wanted: list[str] = []
    todo = list(KERNEL_PACKAGES)
    while todo:  # the kernel's packages and everything they depend on in the lock
        name = todo.pop()
        if name in wanted:
            continue
        if name not in packages:
            sys.exit(f"[build_lite] {name} is not in Pyodide {version}'s lock")
        wanted.append(name)
        todo.extend(d.lower().replace("_", "-") for d in packages[name].get("depends", []))
    kept = {}
    for name in sorted(wanted):
        entry = dict(packages[name])
        if not entry["file_name"].endswith("-none-any.whl"):
            sys.exit(f"[build_lite] the kernel needs {name}, which is not pure Python")
        wheel = pure_wheel(name, entry["version"], target, cache / "wheels")
        entry["file_name"] = wheel.name
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
        kept[name] = entry
    dropped = len(packages) - len(kept)
    lock["packages"] = kept
    lock_path.write_text(json.dumps(lock, indent=1))
    log(f"Pyodide {version} in the site: {len(kept)} wheels in its lock, "
        f"{dropped} entries without a file dropped (numpy, matplotlib, pillow among them)")
    return {"disablePyPIFallback": True}


def build(output: Path, offline: bool) -> Path:
    """Assemble the lite dir (wheels, notebooks, settings) and run jupyter lite build."""
    started = time.monotonic()
    work = BUILD / "lite-src"
    cache = BUILD / "lite-cache"
    shutil.rmtree(work, ignore_errors=True)
    contents = work / "contents"
    wheels = work / "pypi"  # jupyterlite-pyodide-kernel's piplite index is made from this
    log("the project as a pure wheel")
    project_wheel(wheels)
    for name in LESSON_WHEELS:
        pure_wheel(name, importlib.metadata.version(name), wheels, cache / "wheels")
    notebooks = lesson_notebooks(contents)
    documents = site_documents(contents)
    broken = broken_links(contents)
    if broken:
        sys.exit("[build_lite] links that name no file in the site:\n  " + "\n  ".join(broken))
    log(f"{len(documents)} linked documents: "
        + ", ".join(site_path(p).as_posix() for p in linked_documents()))
    kernel_settings: dict[str, object] = {}
    if offline:
        kernel_settings.update(offline_pyodide(work, cache))
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Tabletop classroom (in the browser)",
        # Voila's preview button needs a Jupyter server, which a JupyterLite site has not.
        "disabledExtensions": ["@voila-dashboards/jupyterlab-preview"],
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings},
    }}
    (work / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    # Every cell kept in the page (lessons are short): a board far down the notebook is drawn
    # and its outputs are there to read and to test, as in the test suite's JupyterLab.
    # The teacher's guide and the other documents open as formatted text, not as source.
    overrides = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
                 "@jupyterlab/docmanager-extension:plugin": {
                     "defaultViewers": {"markdown": "Markdown Preview"}}}
    (work / "overrides.json").write_text(json.dumps(overrides, indent=1))
    shutil.rmtree(output, ignore_errors=True)
    log(f"jupyter lite build -> {output}")
    run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", work,
        "--contents", contents, "--output-dir", output, "--apps", "lab", "--no-sourcemaps",
        cwd=work)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"built {len(notebooks)} notebooks and {len(list(wheels.glob('*.whl')))} wheels in "
        f"{time.monotonic() - started:.0f} s: {size / 1e6:.0f} MB "
        f"({'Pyodide inside, no CDN' if offline else 'Pyodide from its CDN'})")
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline", action="store_true",
                        help="put the Pyodide runtime in the site (from npm): no CDN needed")
    parser.add_argument("--output", type=Path, default=BUILD / "lite",
                        help="where the site goes (default: build/lite)")
    args = parser.parse_args(argv)
    build(args.output.resolve(), args.offline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
