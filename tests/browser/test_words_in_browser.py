"""Numbers and words as a student reads them in JupyterLab (issue #33, items 9 and 10).

Item 9: the Amber Route odds panel said "Play M1: 2 dice 8% (1/12)" above a line counting
"35 of the 36 ways" (the guards-and-amber column's count). Every odds table on the rules and
play pages is read from the DOM here, and each row's sentence is checked against the numbers
shown in that row's columns: every count it states must give the column it names, in the
percentage and fraction shown. The same position's table is also computed in this process (the
spec's ``odds()`` on a twin board), so the page is not checked only against itself.

Item 10: counted nouns ("1 dice", "1 light cards (hidden)", "hit(s)", "loses all 0 of them"),
a die's change without its words ("Guard: die 1 4 → 5"), "You will roll 2 dice" after the roll,
an event card shown only as "LD", a long fraction (24549368/28629151) without its value beside
it, and an exact value just outside its own simulated 95% band with no word about it. These are
looked for in the rendered output of every notebook of Ambar (2018), Amber Route and
Amphipolis, each run once in this file: the output areas' text (HTML widgets, printed output,
SVG pictures) and the texts each board's canvas was drawn with (a canvas's pixels carry no
text, so the kernel's renderers are asked, in a cell typed into the notebook as a student
would). The checks are plain functions; the unit tests after them feed them the old faulty
phrases (they must be caught) and correct ones (they must pass), with no browser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import pages
from tests.browser.conftest import NOTEBOOKS_DIR, ROOT, Server
from tests.browser.test_in_browser import (
    LAB_SCROLLER,
    click_named,
    notebook_twin,
    run_notebook_in_lab,
)
from tests.browser.words import (
    arrow_faults,
    band_faults,
    check_panel,
    counted_noun_faults,
    die_choices,
    fraction_faults,
    odds_row_faults,
    press,
    rule_steps,
    scene_faults,
    several_dice_rows,
    shot,
    text_faults,
    wait_for_panel,
    word_faults,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

RULES = NOTEBOOKS_DIR / "amber_route" / "01_rules.ipynb"
PLAY = NOTEBOOKS_DIR / "amber_route" / "02_play.ipynb"

# ===== the checks against the old faults (no browser) ===========================================
OLD_PHRASES = [  # issue #33.10's examples and the labels they came from
    "Play no card: 1 dice",
    "1 light cards (hidden)",
    "Player 2 has too few light cards and loses all 0 of them.",
    "The game is over: Player 1 wins with 1 points.",
    "2 hit(s) now (1 hit points would be left)",
    "Player 1: 1 action(s) left — make gems (alchemy)",
    "Move 1 field(s) to field 1",
    "1 amber marker(s)",
    "2 dice, need 9, 1 guard(s), 0 amber: 5/12 = 15/36 ≈ 0.417",
    "need 3 of 3, 0 guard, 0 amber: exact 0.028",
    "1 guards: 0.050  (+0.000)",
    "1 pts",
    "Ready with 1 dice",
    "1 dice against 1–3: highest against highest, ties to the defender.",
    "Play M2 (+1 dice → 3)",
    "Each round, each of your 1 die hits on 4–6",
    "3 player(s), 8 covered",
    "Fight: Player 1 1 dice vs Player 2 1 dice",
]
GOOD_PHRASES = [
    "Play no card: 1 die", "Play F2: 3 dice", "1 light card (hidden)", "0 light cards (hidden)",
    "Player 2 has no light card left to lose.", "The game is over: Player 1 wins with 1 point.",
    "1 hit now (2 hit points would be left)", "Player 1: 0 actions left", "Move 1 field to field 1",
    "Player 1 gains 2 guard markers and now has 4.", "Round 1 of 2", "Player 1 ★", "die 1",
    "field 2 · level 1 card", "Darkness deck 59", "Of the 6 ways 1 die can fall, 0 reach 9",
    "2 dice, need 9, 1 guard, 0 amber: 5/12", "kept: D40 · unsecured amber 2", "+1 die in swamp",
    "a 1-card (3 dice)", "hold at (level scores 0–0): 21", "Player 1 picks the die showing 1",
    "3 guards: 0.456", "day 5: Serpent · day 6: event card", "1 pt", "Ready with 2 dice",
    "Play M2 (+1 die → 3)", "Each round you roll 1 die, hitting on 4–6",
    "The dice show 6, 3, 1.", "Level II (difficult): 1 of its 2 symbols match this field",
    "turn 3 player 2", "card 4 points", "5 cards left", "3 players, 8 covered",
    "5 D6 dice • 4 player tokens • 42 light cards", "Fight: Player 1 (1 die) vs Player 2 (2 dice)",
]


@pytest.mark.parametrize("phrase", OLD_PHRASES)
def test_the_old_counted_nouns_are_caught(phrase: str) -> None:
    assert counted_noun_faults(phrase), phrase


@pytest.mark.parametrize("phrase", GOOD_PHRASES)
def test_correct_counted_nouns_pass(phrase: str) -> None:
    assert not text_faults(phrase), text_faults(phrase)


def test_a_die_changed_by_numbers_alone_is_caught() -> None:
    assert arrow_faults("Guard: die 1 4 → 5")
    assert arrow_faults("Amber: die 2 3 → 6 (hits)")
    assert arrow_faults("Guard: 4 → 5")
    for good in ("Guard: raise die 1 from 4 to 5", "Amber: set die 2 from 3 to 6",
                 "unsecured amber ●, 3 → 1 secured ■", "The route: sea shore → castle",
                 "Player 1: move 1 → recruit", "Play M2 (+2 dice → 3)"):
        assert not arrow_faults(good), good


def test_a_long_fraction_without_its_value_is_caught() -> None:
    old = "the rulebook's monster (Family II, 3 dice, 3 guards): 24549368/28629151"
    assert fraction_faults(old)
    assert fraction_faults("its chance: 24549368/28629151 ≈ 0.123")  # a wrong value beside it
    for good in ("the rulebook's monster (Family II, 3 dice, 3 guards): 85.7% = 24549368/28629151",
                 "expected turns left: 31293049609/2896546814 ≈ 10.804",
                 "    1                422617/1028790           422617/1028790   0.4108",
                 "next black 13/31 = 0.419", "1/12"):
        assert not fraction_faults(good), good


OLD_BANDS = ("next card black: exact 0.419, simulated 0.387 ± 0.031 (95%)\n"
             "expected actions after drawing: exact 5.400, simulated 5.543 ± 0.126 (95%)\n")


def test_an_exact_value_outside_its_band_without_a_word_is_caught() -> None:
    next_cell = {"outputs": [], "text": "The best stopping rule\nFor each number of days …"}
    assert len(band_faults([{"outputs": [OLD_BANDS], "text": ""}, next_cell])) == 2
    now = OLD_BANDS + ("the exact value is just outside the 95% band: a 95% band misses about "
                       "1 time in 20\n")
    assert not band_faults([{"outputs": [now], "text": ""}, next_cell])
    said_below = {"outputs": [], "text": "a 95% band misses the true value about 1 time in 20"}
    assert not band_faults([{"outputs": [OLD_BANDS], "text": ""}, said_below])
    inside = [  # the lessons' other forms: a table, "exactly", "exact: p ≈ v%"
        "dice guards   exact     simulated ± 95%   inside\n  2    0      0.083      0.084 ± 0.009"
        "     True\n",
        "hold at 20 wins: exactly 0.4316 (first 0.4764, second 0.3867)\n"
        "simulated: 0.438 ± 0.031 (95%) over 1000 games\n",
        "exact: 1/3 ≈ 33.33%\nsimulated: 33.55% ± 2.07%\n",
        "mosaics            -4.15 ± 0.78           12%\n",  # no exact value: nothing to compare
    ]
    assert not band_faults([{"outputs": inside, "text": ""}])
    outside = "dice guards   exact     simulated ± 95%\n  2    0      0.083      0.104 ± 0.009\n"
    assert band_faults([{"outputs": [outside], "text": ""}])
    assert band_faults([{"outputs": ["exact: 1/3 ≈ 33.33%\nsimulated: 40.00% ± 2.07%\n"],
                         "text": ""}])


def test_an_old_board_text_is_caught() -> None:
    title = "Amber Route: Player 1: change dice with guards or amber (click a die), then Done."
    old = ["Ghost: the dice must reach 9 (lose 3 cards if not)", "You will roll 2 dice",
           "Sum now 8 of 9: not yet ✘"]
    assert scene_faults(title, old)
    now = ["Ghost: the dice must reach 9 (lose 3 cards if not)", "Rolled 2 dice: 4, 4 (sum 8)",
           "Sum now 8 of 9: not yet ✘"]
    assert not scene_faults(title, now)
    assert not scene_faults(title, ["You will roll 1 die"])  # before the roll
    ambar = "Ambar (2018): Player 1: 1 action left"
    assert scene_faults(ambar, ["events:", "LD", "Cream = a safe day"])
    assert not scene_faults(ambar, ["events:", "LD", "Event cards: LD Lakeside Discovery"])


def _row(choice: str, why: str, *cells: tuple[str, str]) -> dict[str, Any]:
    return {"choice": choice, "why": why, "cells": [{"text": t, "title": v} for t, v in cells]}


GHOST_HEADINGS = ["dice alone", "+ your 2 guards", "+ guards and 1 amber"]


def test_an_old_odds_sentence_is_caught() -> None:
    """The issue's own rows: the sentence gave the last column's count under the first's."""
    old = [
        _row("Play M1: 2 dice", "Reach 11 with 2 dice: 35 of the 36 ways the dice can fall; a "
             "guard adds a pip, an amber makes a die a 6.", ("8% (1/12)", "1/12"),
             ("28% (5/18)", "5/18"), ("97% (35/36)", "35/36")),
        _row("Play M1 + A3: 5 dice", "Reach 11 with 5 dice: 7755 of the 7776 ways the dice can "
             "fall; a guard adds a pip, an amber makes a die a 6.", ("97% (209/216)", "209/216"),
             ("99%", "965/972"), ("100% (1)", "1")),
        # counts in the new form, but under the wrong columns
        _row("Play A1: 2 dice", "Of the 36 ways 2 dice can fall, 32 reach 11 with the dice "
             "alone, 10 with your guards added and 3 with guards and amber (…).",
             ("8% (1/12)", "1/12"), ("28% (5/18)", "5/18"), ("89% (8/9)", "8/9")),
        _row("Play A1: 2 dice", "Of the 36 ways 2 dice can fall, 3 reach 11 with the dice "  # 5%
             "alone, 10 with your guards added and 32 with guards and amber (…).",
             ("5% (1/12)", "1/12"), ("28% (5/18)", "5/18"), ("89% (8/9)", "8/9")),
    ]
    for row in old:
        assert odds_row_faults(GHOST_HEADINGS, row), row["why"]
    duel = ["they add 0", "they add 1", "they add 2"]
    assert odds_row_faults(duel, _row(  # the defender's dice said 1 over columns of 1, 2, 3
        "Ready with 2 dice", "2 dice against 1: highest against highest, ties to the defender.",
        ("79%", "2053/2592"), ("36% (235/648)", "235/648"), ("12%", "615649/5038848")))
    now = _row("Play A1: 2 dice", "Of the 36 ways 2 dice can fall, 3 reach 11 with the dice "
               "alone, 10 with your guards added and 32 with guards and amber (a guard adds a "
               "pip, an amber makes a die a 6).", ("8% (1/12)", "1/12"), ("28% (5/18)", "5/18"),
               ("89% (8/9)", "8/9"))
    assert not odds_row_faults(GHOST_HEADINGS, now)
    assert not odds_row_faults(duel, _row(
        "Ready with 2 dice", "2 dice against 1–3 dice: highest against highest, ties to the "
        "defender.", ("79%", "2053/2592"), ("36% (235/648)", "235/648"),
        ("12%", "615649/5038848")))



# ===== the browser tests ========================================================================
def test_amber_route_rules_odds_sentences_agree_with_their_columns(page: Page,
                                                                   lab: Server) -> None:
    """#33.9 on the rules page: every lesson step's odds table (moves, the monster, the ghost,
    the trap with 4 and 5 dice, the duel, the Family fight) read from the DOM — each sentence
    states its columns' numbers, and the table is the twin step's; then the duel step's own
    move (attack), after which the attacker's table counts the defender's added cards. The
    page's words (#33.10) are checked too, so this notebook runs once in this file."""
    from widgets import RuleStep

    steps = rule_steps(RULES)
    run_notebook_in_lab(page, lab, RULES)
    assert page.locator(".boardlib-odds").count() == len(steps), steps
    faults: list[str] = []
    checked = several = 0
    for index, name in enumerate(steps):
        tables = check_panel(page, index, RuleStep("amber_route", name).board, f"step {name}",
                             faults)
        checked += sum(len(table["rows"]) for table in tables)
        several += several_dice_rows(tables)
    assert checked >= 15 and several >= 3, (checked, several)  # ghost: 2 dice, trap: 4 and 5
    shot(page, steps.index("trap"), "lab__amber_route__01_rules__odds_trap.png")
    duel = steps.index("duel")
    twin = RuleStep("amber_route", "duel").board
    press(page, duel, twin, "attack 2")  # the step's move: now the attacker adds cards
    wait_for_panel(page, duel, twin)
    tables = check_panel(page, duel, twin, "the duel step after the attack", faults)
    assert tables and tables[0]["headings"] == ["they add 0", "they add 1", "they add 2"]
    shot(page, duel, "lab__amber_route__01_rules__odds_duel.png")
    die_choices(page, steps.index("ghost_guard"), RuleStep("amber_route", "ghost_guard").board)
    faults += word_faults(page)  # the page as it is now: the chooser and the duel's story too
    assert not faults, f"{RULES.relative_to(ROOT)}:\n" + "\n".join(faults)


def test_amber_route_play_odds_sentences_agree_with_their_columns(page: Page,
                                                                  lab: Server) -> None:
    """#33.9 in a game: the odds button pressed, the grace dice picked and a move of two
    fields clicked on the board, to the issue's own ghost (level II, 11 to reach; 2 dice 8%,
    5 dice 97%): each table read from the DOM agrees with its sentences and with the twin."""
    run_notebook_in_lab(page, lab, PLAY)
    twin = notebook_twin("amber_route", PLAY, players=3)
    page.locator(".boardlib-odds-toggle").first.click()
    twin.set_show_odds(True)
    pages.wait_until(lambda: "What are my chances?" in page.locator(".boardlib-odds").first
                     .inner_text(), 10.0, "the odds panel to open")
    tables_seen: list[dict[str, Any]] = []
    faults: list[str] = []
    for _ in range(6):
        step = twin.state.queue[0].kind if twin.state.queue else "over"
        wait_for_panel(page, 0, twin)
        tables_seen += check_panel(page, 0, twin, f"the play board at {step}", faults)
        if step == "prepare":
            break
        assert twin.match.waiting_for_person(), twin.status_text()
        legal = [str(a) for a in twin.state.legal_actions()]
        action = "move 2" if "move 2" in legal else legal[0]  # the grace dice, then 2 fields
        target = twin.spec.target_of(action, twin.state.current_player(), twin.seen())
        assert target, action
        click_named(page, twin, target, 40, LAB_SCROLLER)
    assert step == "prepare", "no challenge was reached"
    ghost = tables_seen[-1]
    assert ghost["headings"][0] == "dice alone" and several_dice_rows([ghost]) >= 2, ghost
    shot(page, 0, "lab__amber_route__02_play__odds_ghost.png")
    faults += word_faults(page)
    assert not faults, f"{PLAY.relative_to(ROOT)}:\n" + "\n".join(faults)
