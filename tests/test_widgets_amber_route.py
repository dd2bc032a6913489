"""Amber Route's board spec on the generic board: targets, hidden hands, the placeholder mark,
die choices told before they are made, and the odds panel against the engine itself."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from itertools import product

import pytest

from boardlib import amber_route as ar
from boardlib.amber_route import odds as exact
from boardlib.amber_route.bots import CarefulBot
from boardlib.bots import RandomBot
from tests.helpers import do
from widgets import Board, RuleStep
from widgets.amber_route.lessons import GHOST_EXAMPLE, MONSTER_EXAMPLE, TRAP_ROLLED
from widgets.amber_route.odds_panel import odds
from widgets.amber_route.spec import SPEC, action_words, target_of
from widgets.controller import BoardController
from widgets.pictures import picture
from widgets.scene import Text
from widgets.spec import ViewContext

Z = 3.29  # two-sided 99.9%: a seeded check that fails only if the odds are wrong


def board_at(description: str, **options) -> BoardController:
    """The board's controller at a described position, a careful bot in seat 2 unless told."""
    options.setdefault("bots", {1: "careful"})
    return BoardController("amber_route", state=ar.from_description(description), **options)


def widget_at(description: str, **options) -> Board:
    """The same as a widget (for the tests of what its panels show)."""
    options.setdefault("bots", {1: "careful"})
    return Board("amber_route", state=ar.from_description(description), **options)


def texts(scene) -> list[str]:
    return [s.text for s in scene.shapes if isinstance(s, Text)]


def random_state(seed: int) -> ar.AmberRouteState:
    rng = random.Random(seed)
    state = ar.new_game(players=rng.choice((2, 3, 4)), seed=seed,
                        version=rng.choice(("advanced", "family")))
    bot = RandomBot()
    for _ in range(rng.randrange(300)):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else bot.choose(state, rng))
    return state


def resampled(state: ar.AmberRouteState, seat: int, rng: random.Random) -> ar.AmberRouteState:
    """The same position as ``seat`` sees it, with every other hand dealt again from the cards
    ``seat`` cannot see (their hands and the light deck)."""
    data = state.snapshot()
    others = [q for q in range(state.num_players) if q != seat]
    pool = data["light_deck"].split()
    top, knower = data["light_top"], data["light_top_seen_by"]  # put back after a look
    if top is not None and knower == seat:
        pool.remove(top)  # seat knows it: it stays on top
    pool += [t for q in others for t in data["seats"][q]["hand"].split()]
    rng.shuffle(pool)
    for q in others:
        size = len(data["seats"][q]["hand"].split())
        data["seats"][q]["hand"], pool = " ".join(pool[:size]), pool[size:]
    if top is not None and knower != seat:
        data["light_top"] = pool[0]  # another seat knows it: any card seat cannot see
    elif top is not None:
        pool.append(top)
    data["light_deck"] = " ".join(pool)
    return ar.from_snapshot(data)


# ----- clicks -----
def test_a_field_click_moves_there_and_a_field_out_of_reach_is_refused_with_the_rule():
    start = "version: advanced\nplayer 1: field 4, guards 3\nplayer 2: field 0\n"
    board = board_at(start)
    before = board.state.to_json()
    message = board.click(*board.scene.center_of("field-8"))
    assert "AR-5.5" in message and board.state.to_json() == before
    board.click(*board.scene.center_of("field-6"))
    assert board.match.moves[0] == (0, "move 2")
    other = board_at(start)
    other.click(*other.scene.center_of("field-5"))
    assert other.match.moves[0] == (0, "move 1") and other.state.guards[0] == 4  # village


def test_a_card_click_plays_it_and_a_die_click_offers_the_changes_with_their_effect():
    board = board_at(GHOST_EXAMPLE)
    board.click(*board.scene.center_of("card-0-S1"))
    assert board.match.moves == [(0, "play S1")]
    rolled = board_at(TRAP_ROLLED)
    rolled.click(*rolled.scene.center_of("die-2"))  # the 3: up, down, six sets
    assert rolled.match.moves == [] and "up 3" in rolled.choices and "set 3 1" in rolled.choices
    words = action_words("set 3 1", rolled.seen(), "en")
    assert words == "Amber: set die 3 from 3 to 1 — 3 alike of 4: not yet ✘"


def test_every_move_has_a_click_target_or_a_button_and_targets_are_in_the_scene():
    for seed in range(30):
        state = random_state(seed)
        if state.is_chance_node() or state.is_terminal():
            continue
        seat = state.current_player()
        seen = state.observation(seat)
        scene = SPEC.view(seen, ViewContext(viewer=seat))
        for action in state.legal_actions():
            target = target_of(action, seat, seen)
            if target is not None:
                assert target in scene.ids(), (str(action), target)


# ----- hidden information -----
def test_a_seat_sees_its_own_cards_and_only_the_count_of_the_others():
    board = board_at("version: family\nplayer 1: field 3, hand S1 F2\n"
                     "player 2: field 1, hand M3 W1 W2\nfacing: D37\n")
    ids = board.scene.ids()
    assert "card-0-S1" in ids and not any(i.startswith("card-1-") for i in ids)
    shown = " ".join(texts(board.scene))
    assert "3 light cards (hidden)" in shown and "M3" not in shown
    public = SPEC.view(board.state.observation(None), ViewContext())
    assert not any(i.startswith("card-") for i in public.ids())


def test_two_people_get_the_curtain_and_the_looked_at_cards_stay_with_the_looker():
    board = BoardController("amber_route", seed=2)
    assert board.curtained() and "Pass the screen" in board.status_text()
    assert not any(i.startswith("card-") for i in board.scene.ids())
    board.unveil()
    seat = board.state.current_player()
    assert any(i.startswith(f"card-{seat}-") for i in board.scene.ids())
    state = ar.from_description("version: advanced\nplayer 1: field 3\nplayer 2: field 1\n"
                                "look: F2 M1\nqueue: keep 0; end_turn\n")
    assert sorted(state.observation(0)["look"].split()) == ["F2", "M1"]
    assert state.observation(1)["look"] == 2 and state.observation(None)["look"] == 2


@pytest.mark.parametrize("seed", range(12))
def test_bots_and_the_hint_decide_only_from_what_their_seat_sees(seed):
    state = random_state(seed)
    if state.is_chance_node() or state.is_terminal():
        return
    seat = state.current_player()
    other = resampled(state, seat, random.Random(seed))
    assert other.observation(seat) == state.observation(seat)
    for bot in (CarefulBot(), RandomBot()):
        assert (str(bot.choose(state.clone(), random.Random(1)))
                == str(bot.choose(other.clone(), random.Random(1))))
    bots = {q: "careful" for q in range(state.num_players) if q != seat}
    # the resampled position has no history: nor has this one (a board tells a history's last
    # moves, which are not what this test compares)
    a = BoardController("amber_route", state=ar.from_snapshot(state.snapshot()), bots=bots)
    b = BoardController("amber_route", state=other, bots=bots)
    if a.match.waiting_for_person():
        assert a.hint() == b.hint()
        assert a.odds() == b.odds()
        assert a.scene == b.scene


def test_the_placeholder_mark_is_on_screen_in_both_languages():
    for lang, words in (("en", "PLACEHOLDER"), ("ja", "仮のボード")):
        board = board_at(MONSTER_EXAMPLE, lang=lang)
        shown = " ".join(texts(board.scene))
        assert words in shown and ("placeholder card" in shown or "仮のカード" in shown)


def test_the_challenge_panel_says_the_level_and_why():
    board = board_at(MONSTER_EXAMPLE)
    shown = texts(board.scene)
    assert any("Level II (difficult): 1 of its 2 symbols" in t for t in shown)
    assert any("terrain forest ✔" in t and "symbol monster ✘" in t for t in shown)
    assert any("3 of 3 hit points left" in t for t in shown)
    assert any("2 guards ⚡" in t for t in shown)


def test_the_panel_shows_the_fight_round_beside_the_hit_points_in_both_languages():
    def rounds(board_or_scene) -> list[str]:
        scene = getattr(board_or_scene, "scene", board_or_scene)
        return [t for t in texts(scene) if t.startswith(("Round", "第")) or "ラウンド" in t]

    for lang, second in (("en", "Round 2"), ("ja", "第2ラウンド")):
        board = board_at(MONSTER_EXAMPLE, lang=lang)
        assert rounds(board) == []  # choosing support: the fight has not begun
        state = ar.from_description(MONSTER_EXAMPLE)
        do(state, "play F2", "go", "die 5", "die 6", "die 2", "done", "die 4", "die 1")
        board = BoardController("amber_route", state=state, bots={1: "careful"}, lang=lang,
                                seed=3)
        assert board.state.round == 2 and board.state.current_player() == 0
        assert rounds(board) == [second]
        shown = texts(board.scene)  # on the line under the hit points
        above = shown[shown.index(second) - 1]
        assert above.startswith(("Monster: 1 of 3", "怪物：体力3のうち残り1"))
        after = ar.from_description(MONSTER_EXAMPLE)
        do(after, "play F2", "go", "die 5", "die 6", "die 2", "done", "die 4", "die 1", "die 4",
           "die 1", "die 2", "done")  # the rulebook's second round fells the monster
        assert after.legal_actions() == ["reward guard", "reward light"]
        assert rounds(picture(after, lang=lang)) == []
        duel = ar.from_description(DUEL_START)
        do(duel, "play F2", "go", "die 6", "die 6", "die 6", "done", "reward guard", "card S1",
           "attack 2", "add M1", "ready", "add W1", "add W2")
        assert rounds(picture(duel, lang=lang)) == []  # the duel's cards: no round yet
        do(duel, "ready")
        assert rounds(picture(duel, lang=lang)) == [second.replace("2", "1")]
        do(duel, "die 6", "die 5", "die 4", "die 3", "die 2")
        assert rounds(picture(duel, lang=lang)) == [second]


DUEL_START = ("version: advanced\nplayer 1: field 2, guards 3, amber 1, hand M1 M2 M3 F2\n"
              "player 2: field 2, guards 4, amber 2, hand W1 W2 S3\nfacing: D47\n")
"""AR-12.7: player 1 escapes a level II ghost on a field player 2 shares, then attacks."""


# ----- the odds panel -----
def test_ghost_odds_are_the_count_of_rolls_that_reach_the_sum():
    for need, dice, guards, amber in product((5, 9, 12), (1, 2, 3), (0, 2), (0, 1)):
        count = sum(1 for roll in product(range(1, 7), repeat=dice)
                    if exact.ghost_total(roll, guards, amber) >= need)
        assert exact.ghost_escape(need, dice, guards, amber) == Fraction(count, 6 ** dice)
    assert exact.ghost_escape(9, 2) == Fraction(10, 36)  # 9 or more on two dice


def _reachable(state, memo, depth=0) -> bool:
    """Whether some sequence of the engine's own legal die changes overcomes the challenge."""
    key = state.to_json()
    if key in memo:
        return memo[key]
    found = False
    for action in state.legal_actions():
        if action.kind == "reroll" or action.kind == "reroll2":
            continue
        trial = state.clone()
        events = trial.apply_action(action)
        if action.kind == "done":
            found = any(e.kind == "overcome" for e in events)
        elif depth < 6:
            found = _reachable(trial, memo, depth + 1)
        if found:
            break
    memo[key] = found
    return found


@pytest.mark.slow  # up to 22 s a position: left out of scripts/test.sh --fast
@pytest.mark.parametrize(("position", "play"), [
    ("version: family\nplayer 1: field 3, guards 2, amber 1, hand S1\nplayer 2: field 1\n"
     "facing: D37\n", "play S1"),  # a level II ghost, 9 with 2 dice
    ("version: advanced\nplayer 1: field 7, guards 2, amber 1, hand F1\nplayer 2: field 1\n"
     "facing: D25\n", "play F1"),  # a legendary trap: 4 alike from 5 dice
])
def test_challenge_odds_agree_with_the_engine_played_out(position, play):
    state = ar.from_description(position)
    seen = state.observation(0)
    row = next(r for r in odds(seen, "en").rows if r.choice.startswith("Play S1")
               or r.choice.startswith("Play F1"))
    rng = random.Random(7)
    n, wins = 400, 0
    for _ in range(n):
        trial = state.clone()
        trial.apply_action(play)
        trial.apply_action("go")
        while trial.is_chance_node():
            trial.apply_action(trial.sample_chance(rng))
        wins += _reachable(trial, {})
    p = float(row.chances[-1])
    assert abs(wins / n - p) <= Z * max((p * (1 - p) / n) ** 0.5, 1 / n), (wins / n, p)


WHY_COLUMNS = {  # the why-line's count for each column, in the columns' order
    "en": r"(\d+) (?:reach \d+|show \d+ dice alike) with the dice alone, (\d+) with your guards "
          r"added and (\d+) with guards and amber",
    "ja": r"ダイスだけで(\d+)通り、護衛を足して(\d+)通り、護衛と琥珀で(\d+)通り",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("position", [
    "version: family\nplayer 1: field 3, guards 2, amber 1, hand S1 S2 A3\nplayer 2: field 1\n"
    "facing: D37\n",  # a level II ghost
    "version: advanced\nplayer 1: field 7, guards 2, amber 1, hand F1 F2\nplayer 2: field 1\n"
    "facing: D25\n",  # a legendary trap
])
def test_each_why_line_counts_the_rolls_of_every_column_it_names(position, lang):
    """Issue #33.9: under "Play M1: 2 dice 8% (1/12)" the line said "35 of the 36 ways" (the
    guards-and-amber column's count). Each line now names every column with its own count."""
    table = odds(ar.from_description(position).observation(0), lang)
    assert table is not None and len(table.rows) >= 2
    for row in table.rows:
        found = re.search(WHY_COLUMNS[lang], row.why)
        assert found, row.why
        dice = re.search(r"(\d+) di(?:c)?e|ダイス(\d+)個", row.choice)
        assert dice, row.choice
        total = 6 ** int(dice.group(1) or dice.group(2))
        assert [int(n) for n in found.groups()] == [c * total for c in row.chances], row.why
        assert f"{total}" in row.why


def test_monster_odds_agree_with_fights_played_by_the_engine():
    state = ar.from_description(MONSTER_EXAMPLE)
    table = odds(state.observation(0), "en")
    row = next(r for r in table.rows if "F2" in r.choice)
    assert row.best and row.chances[0] == exact.monster_win(3, 3, 3, 2, 4)
    rng = random.Random(3)
    n, wins = 1500, 0
    for _ in range(n):
        trial = state.clone()
        trial.apply_action("play F2")
        trial.apply_action("go")
        while trial.queue and trial.queue[0].kind in ("roll", "modify", "hit", "mon_hit"):
            if trial.is_chance_node():
                trial.apply_action(trial.sample_chance(rng))
            elif trial.queue[0].kind == "modify":
                events = trial.apply_action("done")
                if any(e.kind == "overcome" for e in events):
                    wins += 1
                    break
                if any(e.kind == "failed" for e in events):
                    break
            else:
                break
    p = float(row.chances[0])
    assert abs(wins / n - p) <= Z * (p * (1 - p) / n) ** 0.5, (wins / n, p)


def test_duel_odds_agree_with_duels_played_by_the_engine():
    rng = random.Random(5)
    n, wins = 1500, 0
    for _ in range(n):
        a, d = [rng.randint(1, 6) for _ in range(2)], [rng.randint(1, 6) for _ in range(3)]
        hp = [2, 3]
        while hp[0] and hp[1]:
            to_a, to_d = ar.duel_damage(a[:hp[0]], d[:hp[1]])
            hp = [max(0, hp[0] - to_a), max(0, hp[1] - to_d)]
            a, d = [rng.randint(1, 6) for _ in range(hp[0])], [rng.randint(1, 6)
                                                              for _ in range(hp[1])]
        wins += hp[1] == 0
    p = float(exact.duel_win(2, 3))
    assert abs(wins / n - p) <= Z * (p * (1 - p) / n) ** 0.5


def test_the_panel_never_changes_when_only_another_seats_hidden_cards_change():
    state = ar.from_description(GHOST_EXAMPLE.replace("player 2: field 1",
                                                      "player 2: field 1, hand M1 M2"))
    other = ar.from_description(GHOST_EXAMPLE.replace("player 2: field 1",
                                                      "player 2: field 1, hand W3 A3"))
    assert odds(state.observation(0), "en") == odds(other.observation(0), "en")
    seen = state.observation(0)
    assert odds(seen, "en") == odds(json.loads(json.dumps(seen)), "en")


def test_the_panel_marks_the_best_choice_says_why_and_speaks_the_language():
    board = widget_at(GHOST_EXAMPLE, show_odds=True)
    table = board.odds()
    assert [r.choice for r in table.rows][:2] == ["Play no card: 1 die", "Play S1: 2 dice"]
    assert sum(r.best for r in table.rows) == 1 and table.rows[-1].best
    assert "10 reach 9 with the dice alone" in table.rows[1].why
    assert "+ your 3 guards" in board.odds_panel.value
    board.set_language("ja")
    assert "ダイスだけ" in board.odds_panel.value and "護衛" in board.odds_panel.value


def test_a_lesson_step_shows_the_odds_and_waits_for_the_student():
    step = RuleStep("amber_route", "ghost")
    assert "What are my chances?" in step.board.odds_panel.value
    assert not step.board.curtained() and step.board.state.history == []


@pytest.mark.parametrize("seed", range(6))
def test_move_odds_are_the_engines_own_darkness_draw(seed):
    """The levels the panel gives for a move are those of the engine's chance node there."""
    state = random_state(seed + 100)
    while not (state.queue and state.queue[0].kind == "action"):
        if state.is_terminal():
            return
        rng = random.Random(seed)
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else RandomBot().choose(state, rng))
    seat = state.current_player()
    table = odds(state.observation(seat), "en")
    for row in table.rows if table else ():
        trial = state.clone()
        trial.apply_action(f"move {row.choice.split()[1]}")
        assert trial.is_chance_node()
        field = trial.field[seat]
        levels = [Fraction(0)] * 3
        for action, p in trial.chance_outcomes():
            card = action.args[0]
            if ar.data.CARD_KIND[card] != ar.data.GRACE:
                levels[ar.data.CARD_LEVEL[card][field]] += p
        assert tuple(levels) == row.chances


def test_a_button_label_that_tells_the_position_follows_it():
    board = widget_at(GHOST_EXAMPLE)
    assert [b.description for b in board.move_buttons.children] == ["Go: roll 1 die"]
    board.play("play S1")
    assert [b.description for b in board.move_buttons.children] == ["Go: roll 2 dice"]


def test_the_panel_gives_the_probability_lessons_number_for_the_rulebooks_monster():
    """notebooks/amber_route/03_probability.ipynb prints 24549368/28629151 for this very
    position (the rulebook's Family monster, 3 dice and 3 guards): the panel says the same."""
    fight = ar.from_description("""version: family
        player 1: field 2, guards 3, amber 1
        player 2: field 1
        facing: D17
        dice count: 3
    """)
    table = odds(fight.observation(0), "en")
    assert table is not None
    assert table.rows[0].chances == (Fraction(24549368, 28629151),)
    assert "3 dice" in table.rows[0].choice


def _best_sum(faces: tuple[int, ...], guards: int) -> int:
    """The highest sum ``guards`` can make of ``faces``, one guard one pip on one die (AR-7.2),
    spent die by die: a second way of counting, for the test below."""
    dice = list(faces)
    for _ in range(guards):
        lowest = min(range(len(dice)), key=lambda i: dice[i])
        if dice[lowest] == 6:
            break
        dice[lowest] += 1
    return sum(dice)


@pytest.mark.rule("AR-13.5")
@pytest.mark.parametrize(("a", "d", "ga", "gd"), [(1, 1, 0, 0), (2, 3, 1, 0), (2, 2, 3, 2),
                                                  (1, 2, 6, 1), (3, 1, 0, 6), (2, 2, 12, 12)])
def test_family_fight_odds_spend_both_sides_guards_as_well_as_they_can(a, d, ga, gd):
    wins = sum(_best_sum(x, ga) > _best_sum(y, gd)
               for x in product(range(1, 7), repeat=a) for y in product(range(1, 7), repeat=d))
    assert exact.contest_win(a, d, ga, gd) == Fraction(wins, 6 ** (a + d))


@pytest.mark.rule("AR-13.5")
def test_the_family_fight_panel_counts_the_guards_of_both_fighters():
    state = ar.from_description("""
        version: family
        player 1: field 2, guards 3, amber 1, hand F1 F2 F3 A1
        player 2: field 2, guards 1, amber 2, hand F1 F2 A2
        facing: D47
    """)
    do(state, "play F1", "go", "die 6", "die 5", "done", "reward guard", "card M1")
    table = odds(state.observation(0), "en")  # may attack player 2 (1 guard); has 4 guards now
    assert table is not None and state.guards == [4, 1]
    first = table.rows[0]
    assert first.chances == tuple(exact.contest_win(2, e + 1, 4, 1) for e in range(3))
    assert "attacker 4, defender 1" in first.why
    assert first.chances[0] > exact.contest_win(2, 1)  # guards help the attacker


GRACE_PICKED = ("version: advanced\nplayer 1: field 2\nplayer 2: field 2\nplayer 3: field 0\n"
                "dice: 1 3 5\nqueue: pick 1; pick 2; pick 0; grace_done 1 0; end_turn\n")
"""Player 2's divine grace: Players 2 and 3 (bots) pick before Player 1."""


def test_a_board_opening_on_a_pick_says_which_dice_the_bots_took():
    """Issue #33.7: the game opened on "pick a grace die" after both bots had chosen, with no
    word of what they took; the header now says it before asking, and so does a restart."""
    state = ar.from_description(GRACE_PICKED)
    board = BoardController("amber_route", state=state, bots={1: "careful", 2: "careful"})
    picks = [e.sentence("en", board.state.names) for e in board.match.log if e.kind == "pick"]
    assert len(picks) == 2 and all(p.startswith(("Player 2 picks", "Player 3 picks"))
                                   for p in picks), picks
    header = board.status_text()
    assert header.startswith(picks[0]) and picks[1] in header, header
    assert header.endswith("Player 1: pick a grace die (click it).")
    board.play(next(str(a) for a in board.state.legal_actions()))
    board.restart_from(state)
    assert board.status_text() == header


SWAMP_GHOST = ("version: family\nplayer 1: field 3, guards 3, amber 1, hand S1 F2 M1 M1 S2\n"
               "player 2: field 1\nfacing: D37\n")
"""A swamp ghost (D37) faced on a swamp with two swamp cards to play, S1 before S2."""


def test_a_card_played_into_a_challenge_leaves_its_slot_and_the_others_stay_put():
    """Issue #33.6: a played card vanished and the cards after it slid left, so the next click
    where a card had been hit nothing. The slot stays, drawn empty, until the challenge ends."""
    board = BoardController("amber_route", state=ar.from_description(SWAMP_GHOST),
                            bots={1: "careful"})
    before = board.scene.center_of("card-0-S2")
    board.play("play S1")
    assert "card-0-S1" not in board.scene.ids()
    assert board.scene.center_of("card-0-S2") == before
    assert "played" in texts_of(board.scene)
    board.click(*before)  # where S2 was before S1 was played
    assert [str(m) for _, m in board.match.moves] == ["play S1", "play S2"]


def texts_of(scene) -> list[str]:
    return [shape.text for shape in scene.shapes if isinstance(shape, Text)]
