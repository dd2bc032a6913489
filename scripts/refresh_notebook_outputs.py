"""Run notebooks top to bottom and store their outputs, minus live widgets.

Why: cells marked ``# NBVAL_CHECK_OUTPUT`` are compared with the stored outputs (as nbval
does, on the browser sweep's run of each notebook: tests/test_notebooks.py), and stored
board pictures (SVG) let a notebook be read without running it.
Widget views are dropped (they only work in a live kernel, and their model ids change
every run); a board's output keeps its SVG picture, so a notebook read without a kernel
still shows every board.

    .venv/bin/python scripts/refresh_notebook_outputs.py notebooks/**/*.ipynb
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def refresh(path: Path) -> float:
    """Execute ``path`` in place (from its own folder); return the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - start
    for cell in notebook.cells:
        if cell.cell_type == "code":
            kept = []
            for output in cell.outputs:
                data = output.get("data", {})
                if WIDGET_VIEW in data:
                    data.pop(WIDGET_VIEW)
                    if "image/svg+xml" not in data:
                        continue  # a widget with no picture of its own: nothing to keep
                kept.append(output)
            cell.outputs = kept
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    return elapsed


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {refresh(Path(name)):.1f} s")
