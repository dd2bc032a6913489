"""The notebooks as files: every rule clause is taught, nothing stale is stored in them, and
what one run of a notebook must give (``executed_faults``).

Where the suite runs the notebooks, each once per environment that matters (issue #32.6):

- JupyterLab in Chromium: ``test_notebook_runs_in_jupyterlab`` (tests/browser/test_in_browser.py)
  runs every notebook once, Run All in a fresh kernel of the suite's .venv. That one run is
  read three ways: the page (no error shown, every canvas drawn, the words a student reads:
  tests/browser/words.py; what some notebooks must show after Run All:
  tests/browser/after_run_all.py), and the executed notebook read back from JupyterLab (saved
  as test-artifacts/executed/*.ipynb), on which ``executed_faults`` below makes nbval's checks:
  every code cell ran, none raised, and each cell marked ``NBVAL_CHECK_OUTPUT`` printed what
  is stored. So nbval is not in the default run: it ran every notebook again in a kernel of
  the same .venv to check the same things. Without a browser it still runs them kernel-side:
  ``pytest -n0 --nbval-lax --nbval-current-env notebooks``.
- The other browser tests run again only the notebook whose own board they click, since a
  click changes it (a fresh board per test); a board typed into a new cell needs the notebook
  open, not run (``open_in_lab``).
- Voila (the play notebook as its page) and JupyterLite (three lessons in Pyodide, offline):
  other front ends and another Python, each once (tests/browser/).
- Binder (tests/test_binder.py) builds its environment from binder/ alone and checks what
  differs there: the install, the lab extensions, every import of every notebook in its kernel.
  Its packages are the suite's, version for version, so the sweep's run is theirs; only if
  they differ are the notebooks run there as well.
- The tests here and tests/test_teachers_guide.py read the stored notebooks; they run nothing.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from boardlib import GAMES
from tests.conformance import clause_ids
from widgets import BOARDS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _rules_notebooks() -> list[tuple[str, str]]:
    """(game, file) of every rules notebook, in ``GAMES`` order: ``notebooks/<game>/01_rules.ipynb``
    and its translations (``01_rules.ja.ipynb``). A game with a board (``widgets.BOARDS``) needs
    one, so its ``01_rules.ipynb`` is listed even when missing; Pig has neither board nor notebooks.
    """
    found = []
    for game in GAMES:
        names = sorted(p.name for p in (NOTEBOOKS / game).glob("01_rules*.ipynb"))
        if game in BOARDS and "01_rules.ipynb" not in names:
            names.insert(0, "01_rules.ipynb")
        found += [(game, name) for name in names]
    return found


RULES = _rules_notebooks()


def _text(path: Path) -> str:
    return "\n".join("".join(cell["source"]) for cell in json.loads(path.read_text())["cells"])


# ===== one run of a notebook, checked as nbval --nbval-lax checked it ===========================
CHECK_OUTPUT = "NBVAL_CHECK_OUTPUT"  # the one nbval marker the lessons use
NOT_COMPARED = frozenset({  # nbval's skip_compare: what differs between two good runs
    "metadata", "traceback", "prompt_number", "output_type", "name", "execution_count",
    "application/vnd.jupyter.widget-view+json",  # a widget's model id is random
    "image/png", "image/jpeg",  # pixels of a plot (nbval compares them only under nbdime)
})
BACKSPACE = re.compile(r"[^\n]\x08")  # a character and the backspace after it
CARRIAGE_RETURN = re.compile(r"^.*\r(?=[^\n])", re.MULTILINE)


def joined(value: Any) -> Any:
    """A notebook's multi-line string, stored as a list of lines or as one string."""
    return "".join(value) if isinstance(value, list) else value


def as_printed(text: str) -> str:
    """A stream as a terminal leaves it: backspaces and carriage returns applied (nbval)."""
    while (shorter := BACKSPACE.sub("", text)) != text:
        text = shorter
    return CARRIAGE_RETURN.sub("", text)


def compared_outputs(outputs: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """A cell's outputs as nbval compares them: each stream's text joined over the cell (how it
    was cut into messages varies), each other output's fields and data by MIME type, in order,
    without what varies from run to run (``NOT_COMPARED``)."""
    streams: dict[str, str] = {}
    fields: dict[str, list[Any]] = defaultdict(list)
    for output in outputs:
        if output["output_type"] == "stream":
            streams[output["name"]] = streams.get(output["name"], "") + joined(output["text"])
            continue
        for key, value in output.items():
            if key == "data":
                for mime, data in value.items():
                    if mime not in NOT_COMPARED:
                        fields[mime].append(joined(data))
            elif key not in NOT_COMPARED:
                fields[key].append(joined(value))
    for name, text in streams.items():
        fields[name].append(as_printed(text))
    return dict(fields)


def _cell_name(number: int, cell: dict[str, Any]) -> str:
    """"cell 6 (print(odds))": its number and its first line that is not the marker."""
    lines = [line for line in joined(cell["source"]).splitlines()
             if line.strip() and CHECK_OUTPUT not in line]
    return f"cell {number} ({lines[0].strip()[:60] if lines else 'empty'})"


def _difference(stored: dict[str, list[Any]], run: dict[str, list[Any]]) -> str:
    """The first field where a run's outputs differ from the stored ones, as a short diff."""
    for key in sorted(set(stored) | set(run)):
        if stored.get(key) != run.get(key):
            lines = difflib.unified_diff(
                "\n".join(map(str, stored.get(key, []))).splitlines(),
                "\n".join(map(str, run.get(key, []))).splitlines(),
                "stored", "this run", lineterm="", n=1)
            return f"{key}:\n" + "\n".join(list(lines)[:20])
    return ""


def executed_faults(stored: dict[str, Any], executed: dict[str, Any]) -> list[str]:
    """What one run of a notebook (``executed``, the same notebook with this run's outputs)
    got wrong, as nbval --nbval-lax judged it: a code cell that did not run, an error raised,
    a cell marked NBVAL_CHECK_OUTPUT whose outputs are not the stored ones."""
    cells, ran = stored["cells"], executed["cells"]
    if [c["cell_type"] for c in cells] != [c["cell_type"] for c in ran]:
        return [f"the run has {len(ran)} cells, the stored notebook {len(cells)}"]
    faults = []
    for number, (old, new) in enumerate(zip(cells, ran)):
        source = joined(new["source"])
        if new["cell_type"] != "code" or not source.strip():
            continue
        name = _cell_name(number, new)
        errors = [o for o in new.get("outputs", []) if o["output_type"] == "error"]
        if errors:
            faults += [f"{name} raised {e['ename']}: {e['evalue']}" for e in errors]
        elif new.get("execution_count") is None:
            faults.append(f"{name} did not run")
        elif CHECK_OUTPUT in source and (
                difference := _difference(compared_outputs(old["outputs"]),
                                          compared_outputs(new.get("outputs", [])))):
            faults.append(f"{name} is marked {CHECK_OUTPUT} and printed other than the "
                          f"stored output (re-run scripts/refresh_notebook_outputs.py if "
                          f"that is right): {difference}")
    return faults


@pytest.mark.parametrize(("game", "name"), RULES)
def test_the_rules_notebook_reaches_every_clause(game, name):
    path = NOTEBOOKS / game / name
    if not path.exists():
        pytest.fail(f"{path} is missing")
    clauses = clause_ids(GAMES[game])
    prefixes = "|".join(sorted({re.escape(c.split("-")[0]) for c in clauses}))  # AF, AM, …
    taught = set(re.findall(rf"(?:{prefixes})-\d+\.\d+", _text(path)))
    missing = clauses - taught
    assert not missing, f"{name} never reaches {sorted(missing)}"


@pytest.mark.parametrize("path", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_notebooks_store_no_widget_state_and_stay_small(path):
    notebook = json.loads(path.read_text())
    assert "widgets" not in notebook["metadata"]
    assert path.stat().st_size < 1_000_000
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {})


@pytest.mark.parametrize("path", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_checked_cells_have_stored_outputs_to_compare(path):
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "code" and "NBVAL_CHECK_OUTPUT" in "".join(cell["source"]):
            assert cell["outputs"], f"a checked cell has nothing stored: {cell['source'][:2]}"


def test_notebook_links_point_at_notebooks_that_exist():
    for path in ALL:
        for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", _text(path)):
            assert (path.parent / link).exists(), f"{path.name} links to missing {link}"


def test_the_journey_odds_lesson_says_its_counts_come_from_the_placeholder_split():
    """Ambar (2018)'s round-1/round-2 split of the journey deck is a placeholder, and with it the
    lesson's exact odds ("next black 13/31", printed once the student has predicted it): the
    text beside them says so."""
    cells = json.loads((NOTEBOOKS / "ambar_2018" / "03_probability.ipynb").read_text())["cells"]
    odds = next(k for k, cell in enumerate(cells) if "next black" in "".join(cell["source"]))
    beside = "".join(cells[odds + 1]["source"])
    assert cells[odds + 1]["cell_type"] == "markdown"
    assert "placeholder" in beside and "next black" in beside and "round 2" in beside
    assert "placeholder round split" in "".join(cells[odds]["source"])
    # the number itself waits for the student's prediction (#26): printed, but hidden till then
    hidden = cells[odds].get("metadata", {}).get("boardlib", {}).get("hidden_output", "")
    assert "next black 13/31" in hidden and "13/31" not in beside


@pytest.mark.parametrize("path", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_the_only_nbval_marker_is_the_one_the_sweep_honours(path):
    """The sweep checks a run as nbval --nbval-lax did, for NBVAL_CHECK_OUTPUT alone: another
    marker (NBVAL_SKIP, NBVAL_RAISES_EXCEPTION, a cell tag) would be silently ignored."""
    for cell in json.loads(path.read_text())["cells"]:
        others = set(re.findall(r"NBVAL_[A-Z_]+", joined(cell["source"]))) - {CHECK_OUTPUT}
        tags = [t for t in cell.get("metadata", {}).get("tags", []) if t.startswith("nbval")]
        assert not others and not tags, f"{path.name}: {sorted(others) + tags}"


@pytest.mark.parametrize("path", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_every_stored_output_has_the_run_that_made_it(path):
    """nbval's "Unrun reference cell has outputs": stored outputs with no execution count are
    left over from something else; and the stored notebook, taken as a run, has no fault."""
    notebook = json.loads(path.read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and cell["outputs"]:
            assert cell["execution_count"] is not None, joined(cell["source"])[:80]
    assert executed_faults(notebook, notebook) == []


def _notebook(*cells: dict[str, Any]) -> dict[str, Any]:
    return {"cells": [{"cell_type": "markdown", "source": ["# A lesson"]}, *cells]}


def _code(source: str, *outputs: dict[str, Any], count: int | None = 1) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "execution_count": count,
            "outputs": list(outputs)}


def _stdout(text: str | list[str]) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def _shown(plain: str, view: str) -> dict[str, Any]:
    return {"output_type": "display_data", "metadata": {"x": view},
            "data": {"text/plain": plain,
                     "application/vnd.jupyter.widget-view+json": {"model_id": view}}}


CHECKED = "# NBVAL_CHECK_OUTPUT\nprint(odds)\nboard"
STORED = _notebook(_code(CHECKED, _stdout(["draw LS: ", "21/128\n"]), _shown("Board()", "a1")),
                   _code("board", _shown("Board()", "b2")), _code("print(seed)", _stdout("7\n")))


def test_a_run_that_prints_the_stored_outputs_has_no_fault():
    """Streams cut otherwise, another widget id and metadata, an unchecked cell that prints
    something else, other counts: as nbval, none of it is a fault."""
    run = _notebook(_code(CHECKED, _stdout("draw LS: 2"), _stdout("1/128\n"),
                          _shown("Board()", "ff"), count=4),
                    _code("board", _shown("Board(seed=2)", "b2"), count=5),
                    _code("print(seed)", _stdout("8\n"), count=6))
    assert executed_faults(STORED, run) == []


def test_a_checked_cell_that_prints_otherwise_is_a_fault_that_shows_both():
    run = _notebook(_code(CHECKED, _stdout("draw LS: 22/128\n"), _shown("Board()", "a1")),
                    _code("board", _shown("Board()", "b2")), _code("print(seed)", _stdout("7\n")))
    (fault,) = executed_faults(STORED, run)
    assert fault.startswith("cell 1 (print(odds)) is marked NBVAL_CHECK_OUTPUT")
    assert "-draw LS: 21/128" in fault and "+draw LS: 22/128" in fault


def test_a_checked_cell_that_shows_more_or_less_than_is_stored_is_a_fault():
    picture = {"output_type": "display_data", "metadata": {}, "data": {"image/svg+xml": "<svg/>"}}
    more = _code(CHECKED, _stdout("draw LS: 21/128\n"), _shown("Board()", "a1"), picture)
    less = _code(CHECKED, _stdout("draw LS: 21/128\n"))
    for cell, missing in ((more, "image/svg+xml"), (less, "text/plain")):
        (fault,) = executed_faults(STORED, _notebook(cell, *STORED["cells"][2:]))
        assert f": {missing}:\n--- stored" in fault, fault


def test_an_error_and_a_cell_left_unrun_are_faults_even_unchecked():
    error = {"output_type": "error", "ename": "NameError", "evalue": "name 'board' is not "
             "defined", "traceback": ["…"]}
    run = _notebook(STORED["cells"][1], _code("board", error), _code("print(seed)", count=None))
    assert executed_faults(STORED, run) == [
        "cell 2 (board) raised NameError: name 'board' is not defined",
        "cell 3 (print(seed)) did not run"]


def test_a_run_of_another_notebook_is_one_fault():
    assert executed_faults(STORED, _notebook(_code(CHECKED))) == [
        "the run has 2 cells, the stored notebook 4"]


def test_streams_are_compared_as_a_terminal_shows_them():
    assert compared_outputs([_stdout("10%\r50%\r100%\n"), _stdout(["a", "x\b\n"])]) == {
        "stdout": ["100%\na\n"]}
