"""Ambar (2018)'s board spec on the generic board: targets, refusals, hidden hands, placeholders,
the odds panel against a simulation, and bots that decide from their own seat's view."""

from __future__ import annotations

import itertools
import json
import random
import time
from fractions import Fraction

import pytest

from boardlib import ambar_2018 as ab
from boardlib.ambar_2018.odds import (
    Worth,
    choices,
    deck_of,
    draw,
    next_black,
    simulate,
    stop_value,
    stopping_rule,
)
from widgets import Board
from widgets.ambar_2018.spec import SPEC, action_words, odds, status, target_of
from widgets.ambar_2018.view import view
from widgets.controller import BoardController
from widgets.scene import Text, text_width
from widgets.spec import ViewContext

Z = 3.29  # two-sided 99.9%: a seeded check that fails only if the numbers are wrong

JOURNEY = ("phase: journey\nline-up: V6 BY TA\ndrawn: 3\n"
           "player 1: gold 30, alchemy gems Y3, events CO\nplayer 2: events FC AM\n")
"""A journey in progress: three days, one black card, the whole rest of the round-1 deck."""


def board_at(description: str, **options) -> BoardController:
    """The board's controller at a described position (the tests of what a click decides)."""
    return BoardController("ambar_2018", state=ab.from_description(description), **options)


def texts(scene) -> list[str]:
    return [s.text for s in scene.shapes if isinstance(s, Text)]


# ----- what a click does ------------------------------------------------------------------------
def test_the_deck_draws_and_a_line_up_card_is_bought_in_the_upgrade_phase():
    board = board_at(JOURNEY, bots={1: "cautious"})
    board.click(*board.scene.center_of("deck"))
    assert board.match.moves == [(0, "draw")]
    board = board_at("phase: upgrade\ndecider: 1\nline-up: V6 T2\nplayer 1: gold 5\n",
                     bots={1: "cautious"})
    board.click(*board.scene.center_of("lineup-1"))
    assert board.match.moves[0] == (0, "buy 2")


def test_own_cards_offer_their_moves_and_anothers_cards_are_refused():
    board = board_at("phase: actions\nactions: 3\nline-up: V6 TA TB\n"
                     "player 1: markers 3, alchemy gems Y2\n", bots={1: "cautious"})
    board.click(*board.scene.center_of("alchemy-0"))
    assert board.choices == ["make Y3", "make B1"]  # the starting alchemy with 3 markers
    board.choose(1)
    assert board.match.moves[-1] == (0, "make B1") and board.state.actions == 2
    before = board.state.to_json()
    message = board.click(*board.scene.center_of("alchemy-1"))
    assert "Player 2's cards" in message and board.state.to_json() == before
    board.click(*board.scene.center_of("traveller-0"))
    assert board.choices == ["carry Y 1", "carry Y 2", "carry B 1"]


def test_a_danger_is_fought_or_paid_on_its_card_and_stop_is_a_button():
    state = ab.from_description("phase: journey\nline-up: V6\ndrawn: 1\n"
                                "player 1: alchemy gems Y2\n")
    state.apply_action("draw")
    state.apply_action("card BY")
    seen = state.observation(0)
    assert target_of("fight", 0, seen) == target_of("pay", 0, seen) == "lineup-1"
    assert target_of("stop", 0, seen) is None and target_of("end", 0, seen) is None
    assert "Bandits (yellow)" in status(seen, ["Ann", "Bo"], "en")


def test_moves_are_said_in_words_in_both_languages():
    seen = ab.from_description("phase: trade\ndecider: 1\nline-up: TB\n"
                               "player 1: village gems Y2\n").observation(0)
    assert action_words("sell 1", seen, "en") == "Sell on the Market"
    assert action_words("sell 1", seen, "ja") == "市場で売る"
    assert action_words("make Y2", seen, "en") == "Make 2 yellow"
    assert action_words("play FC 2", seen, "en") == "Play Forest clearings on Player 2"
    assert action_words("stop", seen, "ja") == "旅を終える"


# ----- what the view shows ----------------------------------------------------------------------
def test_every_placeholder_number_is_marked_and_the_legend_says_so():
    state = ab.from_description("phase: upgrade\ndecider: 1\nline-up: V6 T2 TA A2\n")
    words = texts(view(state.observation(0), ViewContext(viewer=0)))
    assert "Y1* B2* R4*" in words  # the trade card's prices
    assert "cost 2*" in words and "holds 6*, no R" in words
    assert any(w.startswith("* placeholder value") for w in words)
    japanese = texts(view(state.observation(0), ViewContext(viewer=0, lang="ja")))
    assert any(w.startswith("* 仮の値") for w in japanese)


def _deck_texts(scene):
    """The texts drawn on the journey deck, top to bottom, and the deck's box."""
    deck = next(s for s in scene.shapes if getattr(s, "id", None) == "deck")
    inside = [s for s in scene.shapes if isinstance(s, Text)
              and deck.x <= s.x <= deck.x + deck.w and deck.y <= s.y <= deck.y + deck.h]
    return sorted(inside, key=lambda s: s.y), deck


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("description", [JOURNEY, "phase: oracle\nline-up: V6 OR\ndrawn: 2\n"
                                         "top: TA known by 1\n",
                                         "phase: oracle\nline-up: V6 OR\ndrawn: 2\n"
                                         "top: BY known by 1\n"])
def test_the_deck_counts_say_they_come_from_the_placeholder_split(lang, description):
    """Which cards are round-1 or round-2 cards is a placeholder (AB-2.3), so are the deck's
    cream and black counts: said beside them, inside the deck, overlapping nothing."""
    scene = view(ab.from_description(description).observation(0), ViewContext(viewer=0,
                                                                               lang=lang))
    shown, deck = _deck_texts(scene)
    words = [s.text for s in shown]
    split = next(k for k, w in enumerate(words) if "☾" in w or "黒" in w)
    assert words[split].endswith("*")  # the legend's placeholder mark
    assert words[split + 1] == {"en": "placeholder split", "ja": "ラウンド分けは仮"}[lang]
    for a, b in itertools.pairwise(shown):  # one line under the other, none too wide
        assert a.y + a.size / 2 <= b.y - b.size / 2 + 1, (a.text, b.text)
    for s in shown:
        assert text_width(s.text, s.size) <= deck.w - 2, s.text  # the board's estimate
        assert deck.y <= s.y - s.size / 2 and s.y + s.size / 2 <= deck.y + deck.h, s.text


def test_the_odds_panel_says_its_counts_rest_on_the_placeholder_split():
    seen = ab.from_description(JOURNEY).observation(0)
    assert "round 1 or round 2 is a placeholder" in odds(seen, "en").note
    assert "仮" in odds(seen, "ja").note and "第1・第2ラウンド" in odds(seen, "ja").note


def test_danger_days_and_rewards_are_on_screen():
    words = texts(view(ab.from_description(JOURNEY).observation(0), ViewContext(viewer=0)))
    assert "Danger 1/3" in words and "Days: 3" in words
    assert "day 5: Serpent · day 6: event card · day 7: soldier" in words
    assert "Red Demon: set aside (round 2)" in words


def test_a_forest_emptied_in_its_owners_turn_says_it_is_recovered_next_turn():
    """AB-6.7: a Forest clearings played in the victim's own turn is recovered in their next."""
    later = ab.from_description("phase: actions\nactions: 2\nline-up: V6\nrecover later: yes\n"
                                "player 1: markers 0\n")
    now = ab.from_description("phase: actions\nactions: 2\nline-up: V6\nplayer 1: markers 0\n")
    assert "no marker: recover it next turn" in texts(view(later.observation(0),
                                                           ViewContext(viewer=0)))
    assert "no marker: recover it" in texts(view(now.observation(0), ViewContext(viewer=0)))
    assert "マーカーなし：次の手番に回収" in texts(view(later.observation(0),
                                                   ViewContext(viewer=0, lang="ja")))


def test_a_seat_sees_its_own_event_cards_and_only_the_count_of_others():
    state = ab.from_description(JOURNEY)
    mine = view(state.observation(0), ViewContext(viewer=0))
    assert "event-0-CO" in mine.ids() and not any(i.startswith("event-1") for i in mine.ids())
    assert "2 event cards, hidden" in texts(mine)
    public = view(state.observation(None), ViewContext())
    assert not any(i.startswith("event-") for i in public.ids())


def test_two_people_at_one_screen_pass_it_behind_the_curtain():
    board = board_at(JOURNEY)
    assert board.curtained() and board.viewer is None
    assert "event-0-CO" not in board.scene.ids()
    board.unveil()
    assert board.viewer == 0 and "event-0-CO" in board.scene.ids()
    board.play("stop")
    while not board.match.waiting_for_person():
        board.match.step()
    if board.state.current_player() == 1:  # Player 2 answers the journey: the curtain again
        assert board.curtained() and "event-0-CO" not in board.scene.ids()


# ----- the odds panel -------------------------------------------------------------------------
def test_the_odds_are_exact_fractions_of_the_cards_left():
    seen = ab.from_description(JOURNEY).observation(0)
    deck = deck_of(seen["deck"])
    table = odds(seen, "en")
    assert table is not None and [r.choice for r in table.rows] == ["Draw a card",
                                                                  "Stop the journey"]
    drawing, stopping = table.rows
    assert drawing.chances[0] == next_black(deck) == ab.from_description(
        JOURNEY).next_card_black_chance()
    assert drawing.chances[1] == 0  # one black card out: the next cannot be the third
    assert stopping.chances == (0, 0, 3)
    assert "black; a black card would not end the journey yet" in drawing.why
    assert table.numbers == ("chance", "chance", "mean")


def test_with_two_black_cards_out_the_next_black_is_the_third():
    state = ab.from_description("phase: journey\nline-up: V6 BY RD TA\ndrawn: 4\n"
                                "deck: TA:3 OR:1 V6:2\naside: none\n")
    table = odds(state.observation(0), "en")
    drawing, stopping = table.rows
    assert drawing.chances[:2] == (Fraction(1, 6), Fraction(1, 6))
    # exact: 5/6 the 5th day (worth 5), else flee (1); from 5 days, with 5 cards left
    # (1 black), one more card is 6 days + an event card against 5: draw again
    assert drawing.chances[2] == draw(4, 2, (5, 0, 1, 0), Worth())
    assert drawing.best and stopping.chances[2] == 4


@pytest.mark.parametrize("description", [
    JOURNEY,
    "phase: journey\nline-up: V6 CH TA TA\ndrawn: 4\nplayer 1: gold 40, alchemy gems Y9\n",
    "phase: journey\nline-up: SERPENT V6 TA TB TB\ndrawn: 4\nserpent: line-up\n"
    "player 1: gold 40, alchemy gems Y9\ndeck: TA:2 CH:2 OR:2 BY:1\naside: none\n",
])
def test_the_odds_agree_with_a_simulation_through_the_engine(description):
    state = ab.from_description(description)
    seen = state.observation(0)
    drawing = next(c for c in choices(seen) if c.move == "draw")
    n = 2000
    black, flee, value, error = simulate(state, "draw", n, random.Random(7))
    for exact, seen_rate in ((drawing.black, black), (drawing.flee, flee)):
        p = float(exact)
        assert abs(seen_rate - p) <= Z * max((p * (1 - p) / n) ** 0.5, 1 / n), (exact, seen_rate)
    assert 0 < error < 0.1
    assert abs(value - float(drawing.value)) <= Z * error, (drawing.value, value, error)


def test_the_panel_reads_only_what_the_seat_may_see():
    base = ab.from_description(JOURNEY)
    other = ab.from_description(JOURNEY.replace("player 2: events FC AM",
                                                "player 2: events CA FX"))
    assert base.observation(0) != other.observation(1)
    assert odds(base.observation(0), "en") == odds(other.observation(0), "en")
    seen = base.observation(0)
    assert odds(seen, "ja") == odds(json.loads(json.dumps(seen)), "ja")
    # a card only another seat looked at (an Oracle's) changes nothing for this seat
    peeked = ab.from_description(JOURNEY + "top: TA known by 2\n")
    assert odds(peeked.observation(0), "en") == odds(base.observation(0), "en")
    mine = ab.from_description(JOURNEY + "top: RD known by 1\n")
    assert odds(mine.observation(0), "en").rows[0].chances[0] == 1


def test_the_panel_speaks_the_language_and_is_quick():
    board = Board("ambar_2018", state=ab.from_description(JOURNEY), bots={1: "cautious"},
                  show_odds=True)  # the widget: its panel
    assert "Expected actions" in board.odds_panel.value
    board.set_language("ja")
    assert "アクションの期待値" in board.odds_panel.value
    start = time.perf_counter()
    for state in _journey_positions(20):
        seen = state.observation(state.active)
        odds(seen, "en")
    per_position = (time.perf_counter() - start) / 20
    assert per_position < 0.5, per_position  # a click stays well within the targets


def _journey_positions(count: int) -> list[ab.Ambar2018State]:
    """Journey decisions met in seeded games (fresh decks each time: no cache to lean on)."""
    rng = random.Random(11)
    found = []
    bot = ab.CautiousBot()
    while len(found) < count:
        state = ab.new_game(players=rng.choice([2, 3, 4]), seed=rng.randrange(1000))
        for _ in range(rng.randrange(400)):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else bot.choose(state, rng))
        if not state.is_terminal() and state.phase == 2 and state.drawn:
            found.append(state)
    return found


def test_the_stopping_rule_stops_sooner_with_more_black_cards():
    deck = deck_of(ab.new_game(players=2).observation(0)["deck"])
    rule = stopping_rule(deck)
    for days in range(1, 7):
        drawn = [rule[days, b] == "draw" for b in range(min(days, 2) + 1)]
        assert drawn == sorted(drawn, reverse=True), (days, drawn)  # draw … then stop
    assert rule[1, 0] == "draw" and rule[6, 2] == "stop"
    assert stop_value(6, Worth()) == 7 and stop_value(6, Worth(events_left=False)) == 6


# ----- bots and hints decide from the seat's own view -------------------------------------------
def _twins(seed: int) -> list[tuple[ab.Ambar2018State, ab.Ambar2018State]]:
    """Pairs of positions that look the same to the seat to move: the others' event cards
    swapped for different ones (the deck has no order to differ in, AB-2.4)."""
    rng = random.Random(seed)
    pairs = []
    bot = ab.CautiousBot()
    while len(pairs) < 40:
        state = ab.new_game(players=3, seed=rng.randrange(1000))
        for _ in range(rng.randrange(300)):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else bot.choose(state, rng))
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        twin = state.clone()
        for p, hand in enumerate(twin.event_hand):
            if p != seat and sum(hand):
                n = sum(hand)
                twin.event_hand[p] = [0] * len(hand)
                twin.event_hand[p][rng.randrange(len(hand))] = n  # as many cards, others
        if twin.event_hand != state.event_hand:
            twin.event_deck = list(reversed(state.event_deck))  # as many cards, others
            twin.validate()
            assert state.observation(seat) == twin.observation(seat)
            pairs.append((state, twin))
    return pairs


@pytest.mark.parametrize("name", ["cautious", "random"])
def test_a_bot_decides_the_same_in_positions_that_look_the_same_to_it(name):
    for state, twin in _twins(3):
        bot = ab.BOTS[name]()
        assert bot.choose(state.clone(), random.Random(1)) == \
            bot.choose(twin.clone(), random.Random(1)), (name, state.describe())


def test_the_hint_is_the_same_in_positions_that_look_the_same_to_the_seat():
    checked = 0
    for state, twin in _twins(5)[:15]:
        seat = state.current_player()
        hints = []
        for position in (state, twin):
            board = BoardController("ambar_2018", state=position,
                                    bots={p: "cautious" for p in range(3) if p != seat})
            if not board.match.waiting_for_person():
                break
            hints.append(board.hint())
        if len(hints) == 2:
            assert hints[0] == hints[1]
            checked += 1
    assert checked


def test_the_spec_is_registered_with_its_own_hint_bot():
    assert SPEC.hint_bot in ab.BOTS and SPEC.odds is odds


def test_the_odds_of_a_danger_follow_the_rules_revisited():
    """A fought Chants stays (a day, a black card); a danger turned over counts for nothing."""
    chants = ab.from_description("phase: danger\nline-up: V6 CH\ndrawn: 2\n").observation(0)
    by_move = {c.move: c.value for c in choices(chants)}
    assert set(by_move) == {"fight", "draw"}
    deck = deck_of(chants["deck"])
    from boardlib.ambar_2018.odds import decide
    assert by_move["fight"] == decide(2, 1, deck, Worth())  # then free to stop or draw
    broke = ab.from_description("phase: journey\nline-up: V6 TA\ndrawn: 2\n"
                                "player 1: gold 0, soldiers 1, alchemy gems none\n")
    broke.apply_action("draw")
    broke.apply_action("card BY")
    values = {c.move: c.value for c in choices(broke.observation(0))}
    assert values["stop"] == 2  # the bandit turned over: two days count


def test_the_cautious_bot_is_judged_by_the_exact_rule():
    from boardlib.ambar_2018.odds import compare_bot

    report = compare_bot(ab.CautiousBot(), games=2, players=2, seed=3)
    assert report.decisions > 20 and report.agreed <= report.decisions
    assert report.too_soon + report.too_late == report.decisions - report.agreed
    assert report.lost >= 0 and (report.lost > 0) == (report.agreed < report.decisions)


@pytest.mark.parametrize("seed", range(12))
def test_a_last_move_tag_never_lands_on_another_turns_line_up_card(seed):
    """A line-up position names another card once the turn moves on: no tag for those moves."""
    board = board_at("phase: upgrade\ndecider: 1\nline-up: V6 T2\nplayer 1: gold 5\n",
                     bots={1: "cautious"}, seed=seed)
    board.click(*board.scene.center_of("lineup-1"))  # buy the Pedlar; Player 2's turn follows
    assert board.match.moves[0] == (0, "buy 2")
    tags = board.last_move_tags(board.seen(), set(board.scene.ids()))
    assert not any(target.startswith("lineup-") for target in tags), tags
    assert set(SPEC.untagged) == {"buy", "sell", "fight", "pay"}


def test_the_panel_says_what_the_probability_lesson_says():
    """notebooks/ambar_2018/03_probability.ipynb's prepared position: 13 of the 31 cards left
    are black, and drawing is worth 5.400 actions against 3 for stopping."""
    lesson = ab.from_description("phase: journey\nline-up: V6 BY TA\ndrawn: 3\n"
                                 "player 1: gold 30, alchemy gems Y6\n")
    drawing, stopping = odds(lesson.observation(0), "en").rows
    assert drawing.chances[0] == Fraction(13, 31) and f"{float(drawing.chances[2]):.3f}" == "5.400"
    assert drawing.best and stopping.chances[2] == 3


def test_a_traveller_clicked_in_the_actions_is_refused_as_no_trade_card_and_a_trader_sells():
    """Issue #33.8: the Pedlar (a traveller) clicked in the actions was refused with the sale's
    general condition, though two trade cards and the village's gems were there."""
    board = board_at("phase: actions\nactions: 2\nline-up: T2 TA TB TC\n"
                     "player 1: markers 3, village gems Y2\n", bots={1: "cautious"})
    before, gold = board.state.to_json(), board.state.gold[0]
    message = board.click(*board.scene.center_of("lineup-0"))
    assert "Pedlar, is not a trade card" in message and "AB-6.6" in message
    assert board.state.to_json() == before and board.match.moves == []
    board.click(*board.scene.center_of("lineup-2"))
    assert board.match.moves == [(0, "sell 3")]
    assert board.state.gold[0] - gold == 2  # the Market buys yellow at 1
    message = board.click(*board.scene.center_of("lineup-1"))
    assert "no gems to sell" in message


def test_the_reason_a_sale_is_refused_names_what_is_missing_in_both_languages():
    state = ab.from_description("phase: actions\nactions: 2\nline-up: T2 TA BY\n"
                                "player 1: markers 3, village gems Y2\n")
    assert "Pedlar" in state.why_illegal("sell 1")
    assert "two unused trade cards" in state.why_illegal("sell 2")  # one trade card only
    refusal = state.check_action("sell 1")
    assert refusal is not None and refusal.rule == "AB-6.6"
    assert "1枚目の行商人は交易カードではありません" in refusal.explain("ja")


def test_buying_a_card_says_before_and_after_which_card_of_yours_it_discards():
    """Issue #33.7: buying the Pedlar discarded the starting traveller without a word."""
    state = ab.from_description("phase: upgrade\ndecider: 1\nline-up: V6 T2\nplayer 1: gold 5\n")
    seen = state.observation(0)
    assert action_words("buy 2", seen, "en") == \
        "Buy the Pedlar (your Starting traveller is discarded)"
    assert "初期の旅人は捨て札" in action_words("buy 2", seen, "ja")
    assert "replaces your card of its kind" in status(seen, ["Player 1", "Player 2"], "en")
    told = " ".join(e.sentence() for e in state.apply_action("buy 2"))
    assert "discarding the Starting traveller" in told, told


@pytest.mark.parametrize(("position", "said"), [
    ("phase: upgrade\ndecider: 1\nline-up: V6 T2\nplayer 1: gold 5\n", "buys no upgrade"),
    ("phase: trade\ndecider: 1\nline-up: TA TB\nplayer 1: village gems Y2\n", "sells no gems"),
])
def test_a_pass_says_what_is_passed_up(position, said):
    """Issue #33.7: "Player 2 passes" said not what was passed."""
    state = ab.from_description(position)
    told = " ".join(e.sentence() for e in state.apply_action("pass"))
    assert said in told, told
    assert "パス：" in " ".join(e.sentence("ja") for e in
                               ab.from_description(position).apply_action("pass"))
