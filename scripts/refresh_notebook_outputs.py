"""Run notebooks top to bottom and store their outputs, minus live widgets.

Why: cells marked ``# NBVAL_CHECK_OUTPUT`` are compared with the stored outputs (as nbval
does, on the browser sweep's run of each notebook: tests/test_notebooks.py), and stored
board pictures (SVG) let a notebook be read without running it.
Widget views are dropped (they only work in a live kernel, and their model ids change
every run); a board's output keeps its SVG picture, so a notebook read without a kernel
still shows every board. What a cell printed inside ``with lesson.after(…)`` (an answer
that waits for the student: widgets/ask.py) is not an output anyone sees before answering;
its text is kept in the cell's metadata (``boardlib.hidden_output``), where the teacher's
guide test finds the numbers the guide quotes (tests/test_teachers_guide.py).

    .venv/bin/python scripts/refresh_notebook_outputs.py notebooks/**/*.ipynb
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def captured_text(state: dict[str, Any], model_id: str) -> str:
    """The text printed into the Output widgets inside widget ``model_id`` (children first)."""
    model = state.get(model_id, {})
    inner = model.get("state", {})
    if model.get("model_name") == "OutputModel":
        return "".join("".join(out.get("text", "")) or "".join(
            out.get("data", {}).get("text/plain", "")) for out in inner.get("outputs", []))
    return "".join(captured_text(state, child.removeprefix("IPY_MODEL_"))
                   for child in inner.get("children", []))


def refresh(path: Path) -> float:
    """Execute ``path`` in place (from its own folder); return the seconds it took. The run
    keeps no progress of its own: a student's kept answers would reveal what waits for them."""
    os.environ["BOARDLIB_PROGRESS_DIR"] = tempfile.mkdtemp(prefix="refresh-progress-")
    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - start
    state = notebook.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for cell in notebook.cells:
        if cell.cell_type == "code":
            hidden = "".join(captured_text(state, output["data"][WIDGET_VIEW]["model_id"])
                             for output in cell.outputs
                             if WIDGET_VIEW in output.get("data", {})
                             and "lesson.after(" in cell.source)
            cell.metadata.pop("boardlib", None)
            if hidden:
                cell.metadata["boardlib"] = {"hidden_output": hidden}
            kept = []
            for output in cell.outputs:
                data = output.get("data", {})
                if WIDGET_VIEW in data:
                    data.pop(WIDGET_VIEW)
                    if "text/html" not in data:
                        continue  # a widget with no picture of its own: nothing to keep
                kept.append(output)
            cell.outputs = kept
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    return elapsed


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {refresh(Path(name)):.1f} s")
