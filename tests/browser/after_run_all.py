"""What some notebooks' pages must show right after Run All, beyond what every notebook must (no
error, every canvas drawn, the words read right, the checked outputs printed).

The sweep (``test_notebook_runs_in_jupyterlab``) makes these checks on its own run of the
notebook, so that no test runs a notebook again only to look at it: a check here only reads
the page (it may scroll and take a screenshot; it clicks nothing). Each returns its faults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tests.browser.conftest import SCREENSHOTS

if TYPE_CHECKING:
    from playwright.sync_api import Page


def the_watched_game_ends_with_a_winner(page: Page) -> list[str]:
    """Ambar (2018)'s play notebook: the watched game's last position, with its final gold,
    and who won."""
    final = page.locator(".jp-OutputArea-output svg, .jp-OutputArea-output img").last
    final.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "lab__ambar_2018__02_play__game_end.png"))
    shown = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    faults = [] if final.is_visible() else ["the watched game's last position is not shown"]
    return faults + ([] if " wins " in shown else ["no output says who won the watched game"])


def the_finished_game_shows_its_ranking(page: Page) -> list[str]:
    """Amber Route's play notebook: the game played to its end shows the final ranking."""
    result = page.locator(".boardlib-result").last
    result.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "lab__amber_route__02_play__final_scores.png"))
    said = result.inner_text()
    return [] if "Final ranking" in said else [f"the finished game shows no ranking: {said!r}"]


AFTER_RUN_ALL: dict[str, tuple[Callable[[Page], list[str]], ...]] = {
    "ambar_2018/02_play.ipynb": (the_watched_game_ends_with_a_winner,),
    "amber_route/02_play.ipynb": (the_finished_game_shows_its_ranking,),
}
"""Notebook (under notebooks/) -> the checks of its page after Run All."""


def after_run_all_faults(page: Page, notebook: str) -> list[str]:
    """The faults of ``notebook``'s own after-Run-All checks (none for most notebooks)."""
    return [f"{check.__name__}: {fault}" for check in AFTER_RUN_ALL.get(notebook, ())
            for fault in check(page)]
