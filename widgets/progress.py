"""A progress bar for long runs in a notebook (tournaments), made of plain ipywidgets.

``bar = ProgressBar("games")``; display it; pass ``bar.update`` as the ``progress``
callback of ``boardlib.tournament.run`` (called as ``update(done, total)``). No tqdm.
"""

from __future__ import annotations

import time

import ipywidgets as w


class ProgressBar(w.HBox):
    """An ``IntProgress`` with a label "12/40 games, 3 s" beside it."""

    def __init__(self, unit: str = "games") -> None:
        self.unit = unit
        self.bar = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="320px"))
        self.label = w.Label(f"0 {unit}")
        self._started = time.perf_counter()
        super().__init__([self.bar, self.label])

    def update(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` and the seconds since the bar was made."""
        self.bar.max = max(1, total)
        self.bar.value = done
        seconds = time.perf_counter() - self._started
        self.label.value = f"{done}/{total} {self.unit}, {seconds:.0f} s"
