"""Ambar (2018) in a real JupyterLab: a whole turn by named clicks, a lesson step, screenshots.

The generic check (tests/browser/test_in_browser.py) runs every notebook, and looks there at the
watched game's end (tests/browser/after_run_all.py); here the student's first turn of the play
notebook — the journey, the actions, the trade and an upgrade — is played by clicks on named
targets (and the buttons of moves that have none), with the board partly scrolled out of view,
and each move the page records is checked against a twin board built the same way in this
process. A board typed into a new cell needs its notebook open, not run. Screenshots (1400×900)
go to test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.browser import pages
from tests.browser.conftest import NOTEBOOKS_DIR, ROOT, SCREENSHOTS, Server, skip_or_fail
from tests.browser.test_in_browser import (
    FEEDBACK_JS,
    LAB_SCROLLER,
    click_named,
    notebook_twin,
    open_in_lab,
    run_notebook_in_lab,
    typed_board,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

PLAY = NOTEBOOKS_DIR / "ambar_2018" / "02_play.ipynb"
RULES = NOTEBOOKS_DIR / "ambar_2018" / "01_rules.ipynb"
SHOT = "lab__ambar_2018__02_play"


def twin_board():
    """The play notebook's board (``notebook_twin``)."""
    return notebook_twin("ambar_2018", PLAY)


def next_move(twin: Any) -> str:
    """The student's next move this turn: draw to four cards, then stop; pay or fight a
    danger; recover, sell, carry, make, then end; sell and buy where one may, else pass."""
    seat, seen = twin.state.current_player(), twin.seen()
    legal = [str(a) for a in twin.state.legal_actions()]
    phase = seen["phase"]
    if phase == "journey":
        return "draw" if "draw" in legal and len(seen["lineup"]) < 4 else "stop"
    if phase in ("danger", "oracle"):
        return next(a for a in legal if a in ("pay", "fight", "draw", "reveal", "stop"))
    wanted = {"actions": ("recover", "sell", "carry", "make"),
              "trade": ("sell",), "upgrade": ("buy", "soldier", "forest")}.get(phase, ())
    for kind in wanted:
        for action in legal:
            if action.split()[0] == kind and twin.spec.target_of(action, seat, seen):
                return action
    return "end" if phase == "actions" else legal[-1]


def press_button(page: Page, twin: Any, action: str) -> None:
    """Press the move button of ``action`` (found by its words) and play it on the twin."""
    words = twin.spec.action_words(action, twin.seen(), twin.lang)
    page.locator(".boardlib-moves button", has_text=words).first.click()
    twin.play(action)
    recorded = pages.wait_for_history(page, len(twin.state.history))
    assert recorded["move"] == action, (action, recorded)


def open_odds(page: Page) -> Any:
    """Switch the odds panel on, as a student does, and return it."""
    page.locator(".boardlib-odds-toggle").first.click()
    panel = page.locator(".boardlib-odds").first
    pages.wait_until(lambda: "chances" in panel.inner_text(), 10.0, "the odds panel to open")
    return panel


def test_ambar_2018_a_whole_turn_by_named_clicks(page: Page, lab: Server) -> None:
    """Journey (deck clicks, the Stop button), actions (the alchemy, the traveller, a trade
    card), trade and an upgrade: every click plays exactly the twin's move."""
    if not PLAY.exists():
        skip_or_fail(f"{PLAY.relative_to(ROOT)} does not exist yet")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    run_notebook_in_lab(page, lab, PLAY)
    twin = twin_board()
    phases: list[str] = []
    try:
        panel = open_odds(page)
        twin.set_show_odds(True)
        assert "Expected actions" in panel.inner_text()
        for _ in range(40):
            if not (twin.match.waiting_for_person() and twin.state.active == 0):
                break
            phase = twin.seen()["phase"]
            phases.append(phase)
            move = next_move(twin)
            seat, seen = twin.state.current_player(), twin.seen()
            target = twin.spec.target_of(move, seat, seen)
            if target is None:
                press_button(page, twin, move)
            else:
                offset = 60 if target == "deck" or target.startswith("lineup") else 200
                choices_before = len(twin.match.moves)
                point = twin.scene.center_of(target)
                pages.scroll_board_partly_out(page, LAB_SCROLLER, offset)
                pages.click_target(page, point)
                twin.click(*point)
                if twin._choices:  # several moves on one card: the chooser beside it
                    index = twin._choices.index(move)
                    page.locator(".boardlib-chooser button").nth(index + 1).click()
                    twin.choose(index)
                assert len(twin.match.moves) > choices_before
                recorded = pages.wait_for_history(page, len(twin.state.history))
                assert recorded["move"] == move, (target, move, recorded)
            if phase == "journey" and len(twin.seen()["lineup"]) == 3:
                pages.scroll_board_partly_out(page, LAB_SCROLLER, 300)  # the odds under it
                page.screenshot(path=str(SCREENSHOTS / f"{SHOT}__journey_odds.png"))
            if twin.seen()["phase"] == "actions" and not (SCREENSHOTS / f"{SHOT}__actions.png"
                                                         ).exists():
                pages.scroll_board_partly_out(page, LAB_SCROLLER, 0)
                page.screenshot(path=str(SCREENSHOTS / f"{SHOT}__actions.png"))
        assert {"journey", "actions", "trade", "upgrade"} <= set(phases), phases
        assert any(seat in twin.match.bots for seat, _ in twin.match.moves), "no bot has moved"
    finally:
        pages.scroll_board_partly_out(page, LAB_SCROLLER, 0)
        page.screenshot(path=str(SCREENSHOTS / f"{SHOT}__after_turn.png"))


def test_ambar_2018_hot_seat_shows_the_curtain(page: Page, lab: Server) -> None:
    """Two people at one screen: a curtain before each private view (a screenshot of it)."""
    run_notebook_in_lab(page, lab, PLAY)
    page.locator(".boardlib-setup-toggle").first.click()  # players, seed, seats: shown on demand
    seat_menu = page.locator(".widget-dropdown select").nth(2)  # Seat 2 (players, seed, seats…)
    seat_menu.select_option("person")
    page.locator(".widget-dropdown select").nth(3).select_option("person")
    page.locator("button", has_text="New game").first.click()
    pages.wait_until(lambda: page.locator(".boardlib-curtain").first.is_visible(), 10.0,
                     "the curtain button")
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 0)
    page.screenshot(path=str(SCREENSHOTS / f"{SHOT}__curtain.png"))
    assert "Pass the screen" in " ".join(pages.status_texts(page))


def test_ambar_2018_lesson_steps_wait_and_the_first_is_done_by_a_click(page: Page,
                                                                        lab: Server) -> None:
    from widgets import RuleStep

    run_notebook_in_lab(page, lab, RULES)
    feedback = page.evaluate(FEEDBACK_JS)
    assert feedback and all("Your move:" in text for text in feedback), feedback
    twin = RuleStep("ambar_2018", "draw").board
    try:
        click_named(page, twin, "deck", 40, LAB_SCROLLER)
        pages.wait_until(lambda: "✔" in page.evaluate(FEEDBACK_JS)[0], 10.0,
                         "the first step's feedback to show its tick")
    finally:
        page.screenshot(path=str(SCREENSHOTS / "lab__ambar_2018__01_rules__step_done.png"))


PEDLAR = ("phase: actions\nactions: 2\nline-up: T2 TA TB TC\n"
          "player 1: markers 3, village gems Y2\n")
"""Issue #33.8: the action phase with the Pedlar (a traveller) first and three traders."""


def test_ambar_2018_the_pedlar_clicked_in_the_actions_is_refused_as_no_trade_card(
        page: Page, lab: Server) -> None:
    """The Pedlar was refused with the sale's general condition ("needs two unused trade
    cards … and gems") though three traders were outlined and the village held two gems; a
    Market then sold. The refusal now names the card, and the sale on the Market plays."""

    open_in_lab(page, lab, PLAY)
    index, twin = typed_board(page, "ambar_2018", PEDLAR, {1: "cautious"}, None)
    start = pages.last_move(page, index)
    assert start is not None
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 20, index)  # a student scrolls to it
    point = twin.scene.center_of("lineup-0")
    pages.click_target(page, point, index)
    told = twin.click(*point)
    assert "Pedlar, is not a trade card" in told and twin.match.moves == []
    pages.wait_for_status(page, "is not a trade card", index)
    page.screenshot(path=str(SCREENSHOTS / "lab__ambar_2018__pedlar_refused.png"))
    point = twin.scene.center_of("lineup-2")
    pages.click_target(page, point, index)
    twin.click(*point)
    recorded = pages.wait_for_history(page, start["history"] + 1, index)
    assert recorded["move"] == "sell 3" == str(twin.match.moves[0][1]), recorded


FIVE_DAYS = "phase: journey\nline-up: TA TB TC T2 T3\nplayer 1: markers 3\n"
"""Issue #33.2: a journey of five days; stopping now earns the Serpent (AB-7.1)."""


def test_ambar_2018_the_serpent_earned_is_a_warning_and_never_a_tick(page: Page,
                                                                      lab: Server) -> None:
    """Issue #33.2: "✔ Five days or more: the Serpent chases Player 1 next turn" — a ✔ on bad
    news. Stopping after five days now tells it as a warning (⚠) in the header."""
    from widgets.overlays import HEADER_HEIGHT
    from widgets.scene import Text

    open_in_lab(page, lab, RULES)
    index, twin = typed_board(page, "ambar_2018", FIVE_DAYS, {1: "cautious"}, "moves")
    words = twin.spec.action_words("stop", twin.seen(), twin.lang)
    page.locator(".boardlib-moves").nth(index).locator("button", has_text=words).first.click()
    twin.play("stop")
    said = pages.wait_for_history(page, len(twin.state.history), index)
    assert said["move"] == "stop" and said["tone"] == "warning", said
    assert said["text"] == twin.status_text() and "the Serpent chases Player 1" in said["text"]
    header = [s.text for s in twin.scene.layer("marks") if isinstance(s, Text)
              and s.y < HEADER_HEIGHT and s.fill == "#ffffff"]
    assert header and header[0].startswith("⚠ Five days"), header
    assert not any("✔" in line for line in header), header
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 0, index)
    page.screenshot(path=str(SCREENSHOTS / "lab__ambar_2018__serpent_warning.png"))


UPGRADE = "phase: upgrade\ndecider: 1\nline-up: V6 T2\nplayer 1: gold 5\n"
"""Issue #33.7: the upgrade window with the Pedlar (a traveller) in the line-up."""


def test_ambar_2018_buying_the_pedlar_says_before_and_after_it_discards_the_traveller(
        page: Page, lab: Server) -> None:
    """Buying the Pedlar silently discarded the starting traveller. The header says before the
    click that a bought card replaces yours of its kind, and what happened says after the click
    on the card that the starting traveller is discarded."""

    open_in_lab(page, lab, RULES)
    index, twin = typed_board(page, "ambar_2018", UPGRADE, {1: "cautious"}, "moves")
    before = pages.last_move(page, index)
    assert before is not None and "replaces your card of its kind" in before["text"], before
    assert twin.spec.action_words("buy 2", twin.seen(), "en") == \
        "Buy the Pedlar (your Starting traveller is discarded)"  # its words in hint and menu
    pages.scroll_board_partly_out(page, LAB_SCROLLER, 20, index)
    point = twin.scene.center_of(twin.spec.target_of("buy 2", 0, twin.seen()))
    pages.click_target(page, point, index)
    twin.click(*point)
    recorded = pages.wait_for_history(page, len(twin.state.history), index)
    assert recorded["move"] == "buy 2", recorded
    narration = page.locator(".boardlib-narration").nth(index)
    pages.wait_until(lambda: "discarding the Starting traveller" in narration.inner_text(), 10.0,
                     "what happened to say the traveller is discarded")
    page.screenshot(path=str(SCREENSHOTS / "lab__ambar_2018__pedlar_bought.png"))
