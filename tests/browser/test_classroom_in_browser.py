"""The classroom pages in Voila: each renders with no code and no error, and a click plays.

Voila serves classroom/ as a student opens it (``bash scripts/classroom.sh``). For each game
page: the board's canvas draws, no error output shows, no code is on the page, and a click on
a named target (with the board partly scrolled out of view) plays exactly that target's move,
read back from the status line's ``data-last-move``. The pages' own text (headings, how to play,
the start page's table and links) is at least 20 px at 1400×900, for a projector. axe-core
finds no critical or serious WCAG 2.1 A/AA violation on any page, the whole page audited (the
teacher's page with a class's plots on it: tests/browser/test_questions_in_browser.py).
Screenshots at 1400×900 go to test-artifacts/screenshots/classroom__*.png.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import axe, pages
from tests.browser.conftest import (
    ROOT,
    SCREENSHOTS,
    Server,
    voila_serving,
)
from tests.browser.japanese import japanese_faults
from tests.browser.test_in_browser import click_named
from tests.voila_client import SETTINGS, kernel_of
from widgets import BOARDS

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Page

VOILA_TIMEOUT = 90.0  # Voila runs the page's cells before it shows the board
# Code a student could see: an editor, a code cell's input, or the page's source text.
CODE_JS = """
() => document.querySelectorAll('.jp-CodeCell .jp-InputArea, .cm-editor').length
      + (document.body.innerText.includes('from widgets import') ? 1 : 0)
"""


PROJECTOR_PX = 20.0  # issue 31: body text at least 20 px at 1400×900, readable from the back
# Every visible text element of the page's own (markdown) cells: its tag, computed size, text.
TEXT_SIZES_JS = """
() => [...document.querySelectorAll(
    '.jp-MarkdownCell :is(h1, h2, h3, p, li, a, td, th, code)')]
  .filter(e => e.getBoundingClientRect().width > 0 && (e.innerText || '').trim())
  .map(e => ({tag: e.tagName.toLowerCase(), px: parseFloat(getComputedStyle(e).fontSize),
              text: e.innerText.trim().slice(0, 40)}))
"""


def small_text(page: Page, wanted: set[str]) -> tuple[list[dict[str, Any]], set[str]]:
    """The page's own text elements under PROJECTOR_PX, and which of ``wanted`` tags it has,
    once all of them are laid out (Voila shows a page's cells before it has laid them out: a
    measure taken too soon finds none); after VOILA_TIMEOUT, what there is."""
    def measured() -> list[dict[str, Any]] | None:
        found: list[dict[str, Any]] = page.evaluate(TEXT_SIZES_JS)
        return found if wanted <= {e["tag"] for e in found} else None

    try:
        found = pages.wait_until(measured, VOILA_TIMEOUT, f"the page's {sorted(wanted)} laid out")
    except AssertionError:
        found = page.evaluate(TEXT_SIZES_JS)
    return ([e for e in found if e["px"] < PROJECTOR_PX],
            {e["tag"] for e in found} & wanted)


def _script() -> Any:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import classroom_pages
    finally:
        sys.path.pop(0)
    return classroom_pages


@pytest.fixture(scope="module")
def classroom(jupyter_home: Path) -> Iterator[Server]:
    """Voila serving classroom/ the way scripts/classroom.sh does (its settings too)."""
    with voila_serving("classroom", jupyter_home / "voila-classroom", "voila-classroom.log",
                       (f"--Voila.config_file_paths={SETTINGS}",)) as (server, _env):
        yield server


def open_page(page: Page, server: Server, name: str) -> None:
    """Open classroom/<name>.ipynb in Voila and wait until its cells have run."""
    page.goto(server.url(f"voila/render/{name}.ipynb"), timeout=VOILA_TIMEOUT * 1000)


def twin_of(game: str, lang: str = "en") -> Any:
    """The page's board, built the same way here: same seed, seats and language, so it
    predicts what each click does in the page."""
    from widgets import Board

    script = _script()
    players, bots = script.seats(game)
    return Board(game, players=players, seed=script.SEED, bots=bots, controls=None, lang=lang)


def single_move_target(twin: Any) -> str:
    """A target on the board that plays one legal move of the student (no chooser)."""
    seat, seen = twin.state.current_player(), twin.seen()
    by_target: dict[str, list[str]] = {}
    for action in twin.state.legal_actions():
        target = twin.spec.target_of(action, seat, seen)
        if target:
            by_target.setdefault(target, []).append(str(action))
    single = [target for target, actions in by_target.items() if len(actions) == 1]
    assert single, f"no target plays exactly one move now: {by_target}"
    # a move that has only its target first (Amber Route's moves also have buttons)
    kinds = {target: by_target[target][0].partition(" ")[0] for target in single}
    return min(single, key=lambda target: kinds[target] in twin.spec.button_kinds)


def test_the_start_page_links_every_game(page: Page, classroom: Server) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        open_page(page, classroom, "index")
        links = pages.wait_until(
            lambda: page.eval_on_selector_all("a[href$='.ipynb']",
                                              "els => els.map(e => e.getAttribute('href'))"),
            VOILA_TIMEOUT, "the start page's links")
        assert {link.removesuffix(".ipynb") for link in links} >= set(BOARDS), links
        assert page.evaluate(CODE_JS) == 0, "the start page shows code"
        page.screenshot(path=str(SCREENSHOTS / "classroom__index.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 1400, (
            "the start page is wider than the screen")
        page.locator(f"a[href='{next(iter(BOARDS))}.ipynb']").first.click()
        pages.wait_until(lambda: pages.canvases(page), VOILA_TIMEOUT,
                         "the first game's board after following its link")
    finally:
        page.screenshot(path=str(SCREENSHOTS / "classroom__index__followed.png"))


def test_the_japanese_start_page_links_every_game_in_japanese(page: Page,
                                                            classroom: Server) -> None:
    """#30.2: the start page offers 日本語; the Japanese one links each game's Japanese page,
    reads in Japanese (no tofu, no English left), and its link opens that page's board."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        open_page(page, classroom, "index")
        pages.wait_until(lambda: page.locator("a[href='index.ja.ipynb']").count(), VOILA_TIMEOUT,
                         "the start page's 日本語 link")
        page.locator("a[href='index.ja.ipynb']").first.click()
        links = pages.wait_until(
            lambda: page.eval_on_selector_all("a[href$='.ja.ipynb']",
                                              "els => els.map(e => e.getAttribute('href'))"),
            VOILA_TIMEOUT, "the Japanese start page's links")
        assert set(links) == {f"{game}.ja.ipynb" for game in BOARDS}, links
        faults = japanese_faults(page)
        assert not faults, "classroom/index.ja.ipynb:\n" + "\n".join(faults)
        page.screenshot(path=str(SCREENSHOTS / "classroom__index.ja.png"))
        first = next(iter(BOARDS))
        page.locator(f"a[href='{first}.ja.ipynb']").first.click()
        pages.wait_until(lambda: pages.canvases(page), VOILA_TIMEOUT,
                         "the first game's Japanese board after following its link")
        assert page.url.endswith(f"{first}.ja.ipynb"), page.url
    finally:
        page.screenshot(path=str(SCREENSHOTS / "classroom__index.ja__followed.png"))


def test_the_start_page_is_readable_on_a_projector(page: Page, classroom: Server) -> None:
    """Paragraphs, table cells and links of the start page are at least 20 px (computed)."""
    open_page(page, classroom, "index")
    pages.wait_until(lambda: page.locator("a[href$='.ipynb']").count(), VOILA_TIMEOUT,
                     "the start page's links")
    small, tags = small_text(page, {"p", "a", "td"})
    assert tags == {"p", "a", "td"}, f"no paragraphs, links or table cells measured: {tags}"
    assert not small, f"text under {PROJECTOR_PX:.0f} px on the start page: {small}"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(BOARDS))
def test_a_game_page_renders_and_a_click_plays_that_move(page: Page, classroom: Server,
                                                         game: str, lang: str) -> None:
    """Each game's page in each language (#30.2: the Japanese page in Japanese throughout,
    no tofu, no English left)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = game if lang == "en" else f"{game}.{lang}"
    try:
        open_page(page, classroom, name)
        pages.wait_until(lambda: pages.canvases(page), VOILA_TIMEOUT, f"{game}'s board canvas")
        found = pages.wait_for_drawn_canvases(page, minimum=1)
        errors = pages.output_errors(page)
        assert not errors, f"{game}: error output:\n" + "\n---\n".join(errors)
        assert all(c.drawn for c in found), f"{game}: canvases stayed blank: {found}"
        assert page.evaluate(CODE_JS) == 0, f"{game}: the page shows code"
        controls = page.locator(".boardlib-new-game")
        assert controls.count() == 1, "no New game button: the seat and bot pickers are missing"
        odds = page.locator(".boardlib-odds-toggle")
        assert odds.count() == 1 and odds.is_visible() == bool(BOARDS[game].odds), (
            f"{game}: the Chances toggle should show exactly when the game has odds"
        )
        page.screenshot(path=str(SCREENSHOTS / f"classroom__{name}.png"))  # as first seen
        small, tags = small_text(page, {"h1", "p", "li", "a"})
        assert tags == {"h1", "p", "li", "a"} and not small, (
            f"{game}: the page's heading and how-to-play text under {PROJECTOR_PX:.0f} px: "
            f"{small} (measured {tags})")
        if lang == "ja":
            faults = japanese_faults(page)
            assert not faults, f"classroom/{name}.ipynb:\n" + "\n".join(faults)
        twin = twin_of(game, lang)
        if BOARDS[game].odds:  # the toggle opens the exact odds of the decision at hand
            odds.click()
            twin.set_show_odds(True)
            heading = twin._label("odds_heading")
            pages.wait_until(lambda: heading in page.locator(".boardlib-odds").inner_text(),
                             15.0, "the odds panel to open")
            page.screenshot(path=str(SCREENSHOTS / f"classroom__{name}__odds.png"))
            odds.click()
        click_named(page, twin, single_move_target(twin), 100, None)
        page.screenshot(path=str(SCREENSHOTS / f"classroom__{name}__after_click.png"))
        clip, lines = pages.narration_lines(page)
        cut = [line for line in lines if line[0] < clip - 1 < line[1] - 2]
        assert not cut, f"{game}: the narration box ends across a line of text: {cut}, {clip}"
        shown = [line for line in lines if line[1] <= clip + 1]
        assert len(shown) == min(len(lines), 3), (
            f"{game}: the narration shows {len(shown)} of {len(lines)} lines, not its heading "
            "and the newest two")
    finally:
        pages.screenshot(page, SCREENSHOTS / f"classroom__{name}__full.png")


@pytest.mark.parametrize("name", ["index", *BOARDS, "teacher", "index.ja",
                                  *(f"{game}.ja" for game in BOARDS)])
def test_every_classroom_page_passes_axe_core(page: Page, classroom: Server, name: str) -> None:
    """The whole page as Voila serves it, once its cells have run (#27.5)."""
    open_page(page, classroom, name)
    ready = {"index": "a[href$='.ipynb']", "index.ja": "a[href$='.ipynb']",
             "teacher": ".boardlib-teacher"}.get(name, ".boardlib-keys-list")
    pages.wait_until(lambda: page.locator(ready).count(), VOILA_TIMEOUT, f"the {name} page")
    if name.removesuffix(".ja") in BOARDS:
        pages.wait_for_drawn_canvases(page, minimum=1)
    found = axe.audit(page)
    axe.report(found, f"voila__{name}")
    faults = axe.serious(found)
    assert not faults, f"classroom/{name}.ipynb in Voila:\n" + "\n".join(faults)


def test_closing_a_game_page_shuts_its_kernel_down(browser: Any, classroom: Server) -> None:
    """A real tab closed: Voila's page sends its shutdown beacon, and the server takes it (the
    classroom settings give the page the cookie the beacon needs), so a class that reloads and
    closes tabs does not pile up kernels of about 60 MB each (#28)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        tab = context.new_page()
        open_page(tab, classroom, "amphipolis")
        pages.wait_until(lambda: pages.canvases(tab), VOILA_TIMEOUT, "the board")
        kernel = kernel_of(tab.content())
        assert f"Kernel shutdown: {kernel}" not in classroom.log.read_text()
        tab.close(run_before_unload=True)
        pages.wait_until(lambda: f"Kernel shutdown: {kernel}" in classroom.log.read_text(),
                         20.0, f"the closed tab's kernel {kernel} shut down")
        assert "403 POST /voila/api/shutdown" not in classroom.log.read_text()
    finally:
        context.close()
