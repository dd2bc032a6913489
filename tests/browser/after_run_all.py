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
    """Amber Route's play notebook: the game played to its end shows the final ranking, and
    its narration tells the game's last moves (the board was opened on the finished game)."""
    result = page.locator(".boardlib-result").last
    result.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "lab__amber_route__02_play__final_scores.png"))
    said = result.inner_text()
    faults = [] if "Final ranking" in said else [f"the finished game shows no ranking: {said!r}"]
    story = page.locator(".boardlib-narration").last.inner_text().splitlines()
    if len(story) < 2 or "castle" not in " ".join(story[1:]):
        faults.append(f"the finished game's narration does not tell its last moves: {story!r}")
    return faults


REVEALED_JS = """
() => ({
  answers: document.querySelectorAll('.boardlib-revealed-answer').length,
  shown: [...document.querySelectorAll('.boardlib-revealed-answer')]
    .filter(e => e.getBoundingClientRect().height > 0).length,
  covers: [...document.querySelectorAll('.boardlib-hidden-note')]
    .filter(e => e.getBoundingClientRect().height > 0).length,
  questions: document.querySelectorAll('.boardlib-question').length,
  feedback: [...document.querySelectorAll('.boardlib-question .boardlib-question-feedback')]
    .map(e => e.innerText.trim()).filter(t => t),
})
"""


def nothing_is_answered_or_revealed(page: Page) -> list[str]:
    """A probability lesson after Run All (#26): every question waits for the student, with no
    feedback; every cell that computes an answer shows only its cover, its output hidden."""
    seen = page.evaluate(REVEALED_JS)
    first = page.locator(".boardlib-question").first
    if seen["questions"]:
        first.scroll_into_view_if_needed()
        where = page.url.split("/tree/")[-1].split("?")[0].replace("/", "__")
        page.screenshot(path=str(SCREENSHOTS / f"lab__{where}__question_waiting.png"))
    faults = [] if seen["questions"] >= 5 else [f"{seen['questions']} questions on the page"]
    if not seen["answers"] or seen["shown"] or seen["covers"] != seen["answers"]:
        faults.append(f"hidden answers after Run All: {seen}")
    return faults + [f"a question answered by Run All: {text}" for text in seen["feedback"]]


PROBABILITY_LESSONS = ("ambar_fossils/03_probability.ipynb", "ambar_2018/03_probability.ipynb",
                       "amber_route/03_probability.ipynb", "amphipolis/03_probability.ipynb",
                       "bots.ipynb")
AFTER_RUN_ALL: dict[str, tuple[Callable[[Page], list[str]], ...]] = {
    "ambar_2018/02_play.ipynb": (the_watched_game_ends_with_a_winner,),
    "amber_route/02_play.ipynb": (the_finished_game_shows_its_ranking,),
    **{lesson: (nothing_is_answered_or_revealed,) for lesson in PROBABILITY_LESSONS},
}
"""Notebook (under notebooks/) -> the checks of its page after Run All."""


def after_run_all_faults(page: Page, notebook: str) -> list[str]:
    """The faults of ``notebook``'s own after-Run-All checks (none for most notebooks)."""
    return [f"{check.__name__}: {fault}" for check in AFTER_RUN_ALL.get(notebook, ())
            for fault in check(page)]
