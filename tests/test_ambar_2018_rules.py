"""Ambar (2018): one or more tests per clause of docs/rules/ambar_2018.md."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from boardlib import CHANCE, TERMINAL, ambar_2018
from boardlib.ambar_2018.data import BLACK, CODES, COMPONENTS, FOX
from tests.helpers import described, do, play, refused

RULEBOOK_DECK = {"alchemy": 4, "traveller": 8, "village": 12, "trade": 12, "chants": 5,
                 "oracle": 8, "bandit": 10, "raid": 7}  # the rulebook's 'Components'


pos = described("ambar_2018")


def dealt(players=2):
    """A new game with every starting event card dealt (first outcome each time)."""
    state = ambar_2018.new_game(players=players, seed=1)
    while state.phase == 0:  # the deal
        state.apply_action(state.legal_actions()[0])
    return state


def finish_turn(state):
    """Play the rest of the turn: end the actions, pass in every window, first chance outcome."""
    active = state.active
    while state.active == active and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        elif state.phase == 9:
            state.apply_action("end")
        else:
            state.apply_action(state.legal_actions()[-1])  # pass / stop / new round
    return state


def seat(state, p):
    return state.snapshot()["seats"][p]


# ----- AB-1 components -----------------------------------------------------------------------
@pytest.mark.rule("AB-1.1")
def test_component_counts_match_the_rulebook():
    cards = COMPONENTS["cards"]["list"]
    for kind, count in RULEBOOK_DECK.items():
        assert sum(c.get("round1", 0) + c.get("round2", 0) for c in cards
                   if c["kind"] == kind) == count
    assert sum(e["count"] for e in COMPONENTS["events"]["list"]) == 23
    assert COMPONENTS["supplies"]["gems"] == {"Y": 40, "B": 15, "R": 10}
    for players in (2, 3, 4):
        state = ambar_2018.new_game(players=players, seed=0)
        assert state.inventory() == ambar_2018.COMPONENT_TOTALS
    assert ambar_2018.COMPONENT_TOTALS["journey cards"] == 66
    assert ambar_2018.COMPONENT_TOTALS["starting cards"] == 16
    assert ambar_2018.COMPONENT_TOTALS["soldiers"] == 15
    assert ambar_2018.COMPONENT_TOTALS["amber markers"] == 12


@pytest.mark.rule("AB-1.1")
def test_a_tampered_inventory_is_refused():
    data = ambar_2018.new_game(players=2).snapshot()
    data["hoard"]["Y"] += 1
    with pytest.raises(ValueError, match=r"AB-1\.1"):
        ambar_2018.from_snapshot(data)


RULEBOOK_GOLD_TOKENS = (57, {1, 3, 10})  # 'Components': "57 gold tokens worth 1, 3 or 10"


@pytest.mark.rule("AB-1.1")
def test_the_bank_is_a_placeholder_mix_of_the_rulebooks_57_gold_tokens():
    from boardlib.ambar_2018.data import BANK, BANK_TOKENS

    bank = COMPONENTS["bank"]
    count, worths = RULEBOOK_GOLD_TOKENS
    assert bank["provenance"] == "placeholder" and "PLACEHOLDER" in bank["note"]
    assert sum(BANK_TOKENS.values()) == count and set(BANK_TOKENS) == worths
    assert all(n > 0 for n in BANK_TOKENS.values())
    assert BANK == sum(worth * n for worth, n in BANK_TOKENS.items()) == bank["gold"]
    assert 10 * count >= BANK  # 57 tokens hold at most 570 gold
    assert ambar_2018.COMPONENT_TOTALS["gold"] == BANK
    # the note says which mix is assumed, and what an empty bank does
    mix = ", ".join(f"{n} x {worth}" for worth, n in sorted(BANK_TOKENS.items()))
    assert f"({mix} = {count} tokens, {BANK} gold)" in bank["note"]
    assert "bank is empty" in bank["note"]
    for players in (2, 3, 4):
        state = ambar_2018.new_game(players=players, seed=0)
        assert state.bank == BANK - 3 * players and sum(state.gold) == 3 * players


@pytest.mark.rule("AB-1.1", "AB-7.2")
def test_an_empty_bank_pays_only_what_it_holds_and_says_so():
    # 195 gold: 3 for Player 1, 190 for Player 2, 2 left in the bank; the gems are worth 4
    state = pos("phase: actions\nactions: 2\nline-up: TA TB V6\n"
                "player 1: village gems Y2 B1\nplayer 2: gold 190\nsupply: bank 2")
    events = do(state, "sell 1")
    assert state.gold == [5, 190] and state.bank == 0
    short = [e for e in events if e.kind == "bank_short"]
    assert [e.fields for e in short] == [{"gold": 2, "worth": 4, "card": "TA"}]
    assert "only 2 of the 4 gold" in short[0].sentence("en")
    assert "金貨4枚のうち" in short[0].sentence("ja")
    assert state.inventory() == ambar_2018.COMPONENT_TOTALS  # no coin created or lost
    # an empty bank: the sale still goes ahead, for nothing
    state = pos("phase: actions\nactions: 2\nline-up: TA TB V6\n"
                "player 1: village gems Y1\nplayer 2: gold 192\nsupply: bank 0")
    events = do(state, "sell 1")
    assert state.gold == [3, 192] and state.bank == 0 and state.village_gems[0] == [0, 0, 0]
    assert [e.fields["gold"] for e in events if e.kind in ("sell", "bank_short")] == [0, 0]
    # a bank that can pay in full says nothing more
    state = pos("phase: actions\nactions: 2\nline-up: TA TB V6\nplayer 1: village gems Y1")
    assert not [e for e in do(state, "sell 1") if e.kind == "bank_short"]


@pytest.mark.rule("AB-1.3")
def test_the_placeholder_note_names_every_placeholder_table_in_both_languages():
    from boardlib.ambar_2018.messages import MESSAGES

    placeholders = [key for key, table in COMPONENTS.items()
                    if isinstance(table, dict) and table.get("provenance") == "placeholder"]
    assert sorted(placeholders) == ["bank", "cards", "events", "forest"]
    note = ambar_2018.new_game(2).observation(0)["placeholder_values"]
    assert note == MESSAGES["en"]["placeholder_note"]
    for words in ("trade prices", "round-2 icons", "event counts",
                  "soldier costs", "forest site prices", "bank", "30 × 1, 15 × 3, 12 × 10",
                  "195 gold"):
        assert words in note, words
    japanese = MESSAGES["ja"]["placeholder_note"]
    for words in ("交易の値段", "第2ラウンドの印", "イベントの枚数", "兵士の数", "森の場所の値段",
                  "銀行", "1の金貨30枚", "計195"):
        assert words in japanese, words


@pytest.mark.rule("AB-1.2")
def test_two_to_four_players():
    for players in (1, 5, 0, "3", None, True):
        with pytest.raises(ValueError, match=r"AB-1\.2"):
            ambar_2018.new_game(players=players)


@pytest.mark.rule("AB-1.3")
def test_placeholders_are_labelled_and_agree_with_the_examples():
    assert COMPONENTS["cards"]["provenance"] == "placeholder"
    assert COMPONENTS["events"]["provenance"] == "placeholder"
    assert COMPONENTS["supplies"]["provenance"] == "rulebook"
    assert "placeholder" in ambar_2018.new_game(2).observation(0)["placeholder_values"]
    # starting alchemy, 1 marker: one yellow gem with one action
    state = pos("phase: actions\nactions: 1\nline-up: V6")
    assert [a for a in state.legal_actions() if a.kind == "make"] == ["make Y1"]
    # 3 explored forests: 3 yellow or 1 blue; upgraded: also 1 red
    state = pos("phase: actions\nactions: 1\nline-up: V6\nplayer 1: markers 3")
    assert [a for a in state.legal_actions() if a.kind == "make"] == ["make Y3", "make B1"]
    state = pos("phase: actions\nactions: 1\nline-up: V6\nplayer 1: markers 3, alchemy A2")
    makes = [a for a in state.legal_actions() if a.kind == "make"]
    assert makes == ["make Y3", "make B1", "make R1"]
    # the traveller example: 3 yellow, 2 blue, 1 red on the alchemy card, 5Y or 3B or 1R
    state = pos("phase: actions\nactions: 1\nline-up: V6\n"
                "player 1: traveller T3, village V8, alchemy gems Y3 B2 R1")
    carries = {a for a in state.legal_actions() if a.kind == "carry"}
    assert {"carry Y 3", "carry B 2", "carry R 1"} <= carries
    assert "carry B 2" in carries  # the example's move
    # villages of capacity 3 and 6 refuse red
    for village in ("SV", "V6"):
        state = pos(f"phase: actions\nactions: 1\nline-up: V6\n"
                    f"player 1: traveller T3, village {village}, alchemy gems R1")
        assert not [a for a in state.legal_actions() if a.kind == "carry"]


# ----- AB-2 set-up ---------------------------------------------------------------------------
@pytest.mark.rule("AB-2.1", "AB-2.2")
def test_starting_cards_and_goods():
    state = dealt(3)
    for p in range(3):
        s = seat(state, p)
        assert (s["alchemy"], s["traveller"], s["village"]) == ("SA", "ST", "SV")
        assert (s["gold"], s["soldiers"], s["markers"]) == (3, 3, 1)
        assert s["alchemy_gems"] == {"Y": 1}
        assert sum(state.event_hand[p]) == 1


@pytest.mark.rule("AB-2.2")
def test_starting_event_cards_are_chance_nodes_weighted_by_the_deck():
    state = ambar_2018.new_game(players=2)
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert outcomes["event FC"] == Fraction(3, 23) and outcomes["event CA"] == Fraction(2, 23)
    state.apply_action("event CA")
    assert dict(state.chance_outcomes())["event CA"] == Fraction(1, 22)


@pytest.mark.rule("AB-2.3")
def test_round_two_cards_laid_aside_with_the_red_demon():
    state = ambar_2018.new_game(players=2).snapshot()
    assert state["aside"] == {c["code"]: c["round2"] for c in COMPONENTS["cards"]["list"]
                              if c.get("round2")}
    assert "V10" not in state["deck"] and "BR" not in state["deck"]
    assert state["serpent"] == "place" and state["demon"] == "aside"
    assert state["treasure"] == {} and state["treasure_gold"] == 0


@pytest.mark.rule("AB-2.4")
def test_a_draw_is_weighted_by_the_cards_left():
    state = dealt(2)
    deck = state.snapshot()["deck"]
    total = sum(deck.values())
    assert total == 34
    assert dict(state.chance_outcomes()) == {f"card {c}": Fraction(n, total)
                                             for c, n in deck.items()}


@pytest.mark.rule("AB-2.5", "AB-3.1")
def test_seat_one_starts_and_turns_go_left_to_right():
    state = dealt(3)
    assert state.current_player() == CHANCE and state.active == 0  # the compulsory first card
    play(state, "card V6", "stop")
    # the others answer the journey in turn order (they hold Forest clearings)
    assert state.phase == 8 and state.current_player() == 1
    play(state, "pass")
    assert state.current_player() == 2
    play(state, "pass", "end")
    # no trade card: the upgrades, in turn order from the active player
    assert state.phase == 12 and state.current_player() == 0
    finish_turn(state)
    assert state.active == 1


# ----- AB-4 the journey ----------------------------------------------------------------------
@pytest.mark.rule("AB-4.1")
def test_a_week_ends_the_journey():
    state = pos("phase: journey\nline-up: V6 V6 TA TA T2 V8")
    play(state, "draw", "card TB")
    assert len(state.lineup) == 7 and state.phase != 2


@pytest.mark.rule("AB-4.1")
def test_a_full_line_up_cannot_draw():
    state = pos("phase: actions\nactions: 7\nline-up: V6 V6 TA TA T2 V8 TB")
    refused(state, "draw", "AB-4.1")


@pytest.mark.rule("AB-4.1", "AB-4.8")
def test_the_third_black_card_means_flight_and_one_action():
    state = pos("phase: journey\nline-up: BY V6 RD V6\nplayer 1: soldiers 0, gold 0,"
                " alchemy gems none")
    play(state, "draw", "card OR")
    assert state.fled and state.actions == 1


@pytest.mark.rule("AB-4.1")
def test_the_third_black_probability_is_exact_and_matches_simulation():
    state = pos("phase: journey\nline-up: BY CH V6\ndeck: OR:2 TA:1 V6:3")
    assert state.next_card_black_chance() == Fraction(2, 6)
    state.apply_action("draw")
    exact = sum(p for a, p in state.chance_outcomes() if BLACK[a.args[0]])
    assert exact == Fraction(2, 6) == state.next_card_black_chance()
    # simulation with a real shuffled deck, independent of the engine's weights
    rng = random.Random(5)
    deck = ["OR", "OR", "TA", "V6", "V6", "V6"]
    trials = 20_000
    hits = 0
    for _ in range(trials):
        rng.shuffle(deck)
        hits += deck[0] == "OR"
    sigma = (float(exact) * (1 - float(exact)) / trials) ** 0.5
    assert abs(hits / trials - float(exact)) < 4 * sigma
    # and the engine's own sampling agrees
    hits = sum(1 for _ in range(trials) if state.sample_chance(rng) == "card OR")
    assert abs(hits / trials - float(exact)) < 4 * sigma


@pytest.mark.rule("AB-4.2")
def test_the_oracle_look_and_stop_leaves_a_known_top_card():
    state = pos("phase: journey\nline-up: V6")
    play(state, "draw", "card OR")
    assert state.current_player() == CHANCE and state.phase == 5  # the look
    state.apply_action("peek BB")
    assert state.legal_actions() == ["reveal", "stop"]
    assert state.observation(0)["top"] == "BB" and state.observation(1)["top"] is None
    state.apply_action("stop")
    assert state.observation(0)["top"] == "BB" and state.observation(1)["top"] is None
    # the next card drawn, by anyone, is that card, with certainty
    finish_turn(state)
    assert state.active == 1 and state.chance_outcomes() == [("card BB", Fraction(1))]


@pytest.mark.rule("AB-4.2")
def test_the_oracle_reveal_puts_the_card_in_the_line_up():
    state = pos("phase: journey\nline-up: V6")
    play(state, "draw", "card OR", "peek TA", "reveal")
    assert [CODES[c] for c in state.lineup] == ["V6", "OR", "TA"]
    assert state.phase == 2 and state.top == -1


@pytest.mark.rule("AB-4.3")
def test_chants_fight_or_draw_on():
    state = pos("phase: journey\nline-up: V6")
    play(state, "draw", "card CH")
    assert state.legal_actions() == ["fight", "draw"]
    refused(state, "stop", "AB-4.1")
    refused(state, "pay", "AB-4.3")
    fought = play(state.clone(), "fight")
    # the Chants text discards only the soldier token: the card stays, a day and a black card,
    # and the player is free to stop (decision in docs/rules/ambar_2018.md)
    assert [CODES[c] for c in fought.lineup] == ["V6", "CH"] and fought.soldiers[0] == 2
    assert fought.black_count() == 1 and fought.legal_actions() == ["draw", "stop"]
    play(fought, "stop")
    assert fought.actions == 2
    play(state, "draw")
    assert state.current_player() == CHANCE


@pytest.mark.rule("AB-4.3")
def test_seventh_card_chants_as_second_black_card():
    base = "phase: journey\nline-up: BY V6 V6 V6 TA TA\nplayer 1: soldiers 0"
    state = pos(base)
    play(state, "draw", "card CH")
    assert state.legal_actions() == ["draw"]  # no soldier to fight
    play(state, "draw")
    safe = play(state.clone(), "card V6")
    assert not safe.fled and safe.actions == 7 and safe.discard[CODES.index("V6")] >= 1
    assert [CODES[c] for c in safe.lineup][-1] == "CH"
    black = play(state.clone(), "card RD")
    assert black.fled and black.actions == 1
    assert [CODES[c] for c in black.lineup][-2:] == ["CH", "RD"]  # the only 8-card line-up
    black.validate()
    assert ambar_2018.from_description(black.describe()).snapshot() == black.snapshot()
    # the first black card as the 7th card: the journey just ends
    state = pos("phase: journey\nline-up: V6 V6 V6 V6 TA TA")
    play(state, "draw", "card CH")
    assert state.actions == 7 and not state.fled


@pytest.mark.rule("AB-4.3", "AB-4.1")
@pytest.mark.parametrize("soldiers", [0, 2])
def test_a_chants_that_is_the_decks_last_card_ends_the_journey_with_soldiers_or_without(soldiers):
    """Issue #15's defect: with soldiers, 'fight' used to be forced and cost a soldier and a day."""
    state = pos("aside: none\nphase: journey\nline-up: V6 OR TA TA TB TB\ndeck: CH:1\n"
                f"player 1: soldiers {soldiers}\n")
    play(state, "draw", "card CH")
    assert state.phase not in (2, 4)  # neither journey nor danger: the journey is over
    assert state.actions == 7 and not state.fled and state.soldiers[0] == soldiers + 1
    assert [CODES[c] for c in state.lineup][-1] == "CH"
    # the same as the 7th card and the second black one: no card to draw, 7 days
    state = pos("aside: none\nphase: journey\nline-up: BY V6 TA TA TB TB\ndeck: CH:1\n"
                f"player 1: soldiers {soldiers}\n")
    play(state, "draw", "card CH")
    assert state.actions == 7 and not state.fled and state.soldiers[0] == soldiers + 1
    # and earlier in a journey: the Chants ends it at the cards drawn
    state = pos(f"aside: none\nphase: journey\nline-up: V6 TA\ndeck: CH:1\n"
                f"player 1: soldiers {soldiers}\n")
    play(state, "draw", "card CH")
    assert state.actions == 3 and state.soldiers[0] == soldiers


@pytest.mark.rule("AB-4.4", "AB-14.1")
def test_bandits_take_the_demanded_gem_then_the_treasure_card_gets_it():
    state = pos("phase: journey\nline-up: V6\nplayer 1: alchemy gems Y2 B1")
    play(state, "draw", "card BB")
    assert state.legal_actions() == ["fight", "pay"]
    play(state, "pay", "stop")
    assert state.alchemy_gems[0] == [2, 0, 0] and state.loot == [0, 1, 0]
    finish_turn(state)
    assert state.treasure == [0, 1, 0] and state.loot == [0, 0, 0]


@pytest.mark.rule("AB-4.4")
def test_bandits_next_most_valuable_gem_then_gold():
    from boardlib.ambar_2018.state import bandit_colour

    assert bandit_colour(2, [3, 1, 0], [0, 0, 0]) == 1  # red wanted: blue
    assert bandit_colour(2, [3, 0, 0], [0, 0, 0]) == 0  # then yellow
    assert bandit_colour(0, [0, 1, 0], [0, 0, 1]) == 1  # no yellow: the next one up
    assert bandit_colour(1, [0, 0, 0], [0, 0, 0]) == -1  # nothing: a gold coin
    state = pos("phase: journey\nline-up: V6\nplayer 1: alchemy gems none, soldiers 0")
    play(state, "draw", "card BY", "pay")
    assert state.gold[0] == 2 and state.loot_gold == 1


@pytest.mark.rule("AB-4.5")
def test_hold_ups_two_soldiers_or_one_gold():
    state = pos("phase: journey\nline-up: V6\nplayer 1: soldiers 2")
    play(state, "draw", "card RD")
    assert state.legal_actions() == ["fight", "pay"]
    fought = play(state.clone(), "fight")
    assert fought.soldiers[0] == 0 and fought.soldier_supply == state.soldier_supply + 2
    paid = play(state.clone(), "pay")
    assert paid.gold[0] == 2 and paid.loot_gold == 1
    state = pos("phase: journey\nline-up: V6\nplayer 1: soldiers 1")
    play(state, "draw", "card RD")
    assert state.legal_actions() == ["pay"]
    refused(state, "fight", "AB-4.7")


@pytest.mark.rule("AB-4.6")
def test_unable_to_pay_turns_the_card_over():
    state = pos("phase: journey\nline-up: V6 TA\n"
                "player 1: soldiers 1, gold 0, alchemy gems none")
    play(state, "draw", "card RD")
    assert state.turned == CODES.index("RD") and state.actions == 2 and not state.fled
    assert [CODES[c] for c in state.lineup] == ["V6", "TA"]


@pytest.mark.rule("AB-4.7")
def test_a_fought_danger_is_no_day_and_no_black_card():
    state = pos("phase: journey\nline-up: BY V6")
    play(state, "draw", "card BB", "fight")
    assert state.black_count() == 1 and len(state.lineup) == 2 and state.phase == 2
    # the third black card is never countered
    state = pos("phase: journey\nline-up: BY RD\nplayer 1: soldiers 3")
    play(state, "draw", "card BY")
    assert state.fled and "fight" not in state.legal_actions()


# ----- AB-5 rewards -------------------------------------------------------------------------
@pytest.mark.rule("AB-5.1", "AB-10.1")
def test_five_days_bring_the_serpent():
    state = pos("phase: journey\nline-up: V6 V6 TA TA")
    play(state, "draw", "card T2", "stop")
    assert state.serpent == 0 and state.actions == 5


@pytest.mark.rule("AB-5.2")
def test_six_days_draw_an_event_card():
    state = pos("phase: journey\nline-up: V6 V6 TA TA T2")
    play(state, "draw", "card TB", "stop")
    assert state.current_player() == CHANCE
    play(state, "event FX")
    assert state.event_hand[0][FOX] == 1


@pytest.mark.rule("AB-5.3")
def test_seven_days_bring_a_soldier_if_available():
    state = pos("phase: journey\nline-up: V6 V6 TA TA T2 TB")
    play(state, "draw", "card V8")
    assert state.soldiers[0] == 4
    state = pos("phase: journey\nline-up: V6 V6 TA TA T2 TB\n"
                "player 1: soldiers 12\nplayer 2: soldiers 3\nsupply: soldiers 0")
    play(state, "draw", "card V8")
    assert state.soldiers[0] == 12


@pytest.mark.rule("AB-5.4")
def test_no_rewards_when_fleeing():
    state = pos("phase: journey\nline-up: BY RD V6 V6 TA TA\nplayer 1: soldiers 0")
    play(state, "draw", "card OR")
    assert state.fled and state.serpent != 0 and state.soldiers[0] == 0
    assert state.current_player() != CHANCE


# ----- AB-6 actions --------------------------------------------------------------------------
@pytest.mark.rule("AB-6.1")
def test_one_action_per_day():
    state = pos("phase: journey\nline-up: V6 TA\nplayer 1: events FC")
    play(state, "draw", "card V8", "stop")
    assert state.actions == 3
    play(state, "make Y1", "make Y1", "make Y1")
    refused(state, "make Y1", "AB-6.1")
    assert state.alchemy_gems[0] == [4, 0, 0]


@pytest.mark.rule("AB-6.2")
def test_alchemy_makes_from_the_hoard_only():
    state = pos("phase: actions\nactions: 2\nline-up: V6\nplayer 1: markers 3\n"
                "hoard: Y2 B15 R10\nplayer 2: alchemy gems Y37")
    play(state, "make Y3")
    assert state.alchemy_gems[0][0] == 3 and state.hoard[0] == 0
    refused(state, "make Y3", "AB-6.2")


@pytest.mark.rule("AB-6.3")
def test_traveller_carries_one_colour_up_to_its_limit():
    state = pos("phase: actions\nactions: 2\nline-up: V6\nplayer 1: alchemy gems Y4 B2")
    assert {a for a in state.legal_actions() if a.kind == "carry"} == {
        "carry Y 1", "carry Y 2", "carry B 1"}
    refused(state, "carry Y 3", "AB-6.3")
    play(state, "carry Y 2")
    assert state.village_gems[0] == [2, 0, 0] and state.alchemy_gems[0] == [2, 2, 0]
    assert state.actions == 1


@pytest.mark.rule("AB-6.4")
def test_village_capacity_counts_every_gem():
    state = pos("phase: actions\nactions: 2\nline-up: V6\n"
                "player 1: alchemy gems Y4, village gems B2, traveller T3")
    assert {a for a in state.legal_actions() if a.kind == "carry"} == {"carry Y 1"}
    with pytest.raises(ValueError, match=r"AB-6\.4"):
        pos("player 1: village gems Y4")


@pytest.mark.rule("AB-6.5")
def test_discarding_an_event_card_gives_an_action():
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events FC")
    refused(state, "make Y1", "AB-6.1")
    refused(state, "discard FA", "AB-6.5")
    play(state, "discard FC")
    assert state.actions == 1 and state.event_discard[0] == 1 and len(state.lineup) == 1
    play(state, "make Y1")
    assert state.phase == 12  # nothing left to do: the action phase ended


@pytest.mark.rule("AB-6.6")
def test_selling_with_an_action_needs_two_trade_cards():
    state = pos("phase: actions\nactions: 2\nline-up: TA V6\nplayer 1: village gems Y2")
    refused(state, "sell 1", "AB-6.6")
    state = pos("phase: actions\nactions: 2\nline-up: TA TC\nplayer 1: village gems Y2 B1")
    play(state, "sell 2")
    assert state.gold[0] == 3 + 2 * 2 + 3 and state.actions == 1 and state.used == [False, True]


@pytest.mark.rule("AB-6.7", "AB-11.5")
def test_forest_clearings_and_recovering_the_starting_marker():
    state = pos("phase: actions\nactions: 2\nline-up: V6\nplayer 1: events FC FC")
    play(state, "play FC 2")
    assert state.markers[1] == 0
    state = pos("phase: actions\nactions: 2\nline-up: V6\nturn: 2\nplayer 1: markers 0")
    refused(state, "recover", "AB-6.7")
    state = pos("phase: actions\nactions: 2\nline-up: V6\nplayer 1: markers 0")
    assert not [a for a in state.legal_actions() if a.kind == "make"]
    play(state, "recover")
    assert state.markers[0] == 1 and state.actions == 1
    assert "make Y1" in state.legal_actions()


# ----- AB-7 trade ----------------------------------------------------------------------------
@pytest.mark.rule("AB-7.1")
def test_no_trade_card_no_trade():
    state = pos("phase: actions\nactions: 1\nline-up: V6\nplayer 1: village gems Y2")
    play(state, "end")
    assert state.phase == 12  # straight to the upgrades
    assert state.village_gems[0] == [2, 0, 0]


@pytest.mark.rule("AB-7.2", "AB-7.3")
def test_everyone_trades_in_turn_order_each_card_once():
    state = pos("players: 3\nphase: actions\nactions: 0\nline-up: TA TC\n"
                "player 1: village gems Y1\nplayer 2: village gems B1\nplayer 3: village gems Y2")
    play(state, "end")
    assert state.current_player() == 0 and state.legal_actions() == ["sell 1", "sell 2", "pass"]
    play(state, "sell 2")
    assert state.current_player() == 1 and state.legal_actions() == ["sell 1", "pass"]
    refused(state, "sell 2", "AB-7.2")
    play(state, "sell 1")
    assert state.gold[:2] == [3 + 2, 3 + 2]
    # both trade cards used: player 3 cannot trade; the sold gems are back in the hoard
    assert state.phase == 12 and state.village_gems[2] == [2, 0, 0]
    assert state.sold == [0, 0, 0] and state.hoard[1] == 15


# ----- AB-8 upgrades -------------------------------------------------------------------------
@pytest.mark.rule("AB-8.1", "AB-8.3", "AB-8.5")
def test_one_upgrade_a_better_card_gems_move():
    state = pos("phase: upgrade\ndecider: 1\nline-up: V6 A2 CH\n"
                "player 1: gold 9, alchemy gems Y2, village gems Y1\nplayer 2: gold 9")
    assert state.legal_actions() == ["buy 1", "buy 2", "forest", "soldier", "pass"]
    play(state, "buy 1")
    assert seat(state, 0)["village"] == "V6" and state.village_gems[0] == [1, 0, 0]
    assert state.discard[CODES.index("SV")] == 1 and state.gold[0] == 7
    assert state.current_player() == 1  # the next player; player 1 bought their one upgrade


@pytest.mark.rule("AB-8.3")
def test_a_worse_or_unaffordable_card_cannot_be_bought():
    state = pos("phase: upgrade\ndecider: 1\nline-up: T2 V8\n"
                "player 1: gold 2, traveller T3")
    refused(state, "buy 1", "AB-8.3")  # not better
    refused(state, "buy 2", "AB-8.3")  # 4 gold
    refused(state, "buy 3", "AB-8.3")  # no such card


@pytest.mark.rule("AB-8.2")
def test_forest_sites_one_after_the_other():
    state = pos("phase: upgrade\ndecider: 1\nline-up: V6\nplayer 1: gold 9")
    play(state, "forest")
    assert state.markers[0] == 2 and state.gold[0] == 9 - 3
    state = pos("phase: upgrade\ndecider: 1\nline-up: V6\nplayer 1: gold 9, markers 3")
    refused(state, "forest", "AB-8.2")


@pytest.mark.rule("AB-8.4")
def test_others_pay_one_more_and_buy_only_line_up_cards():
    state = pos("phase: upgrade\ndecider: 2\nline-up: V6\nplayer 2: gold 3")
    assert state.legal_actions() == ["buy 1", "pass"]
    refused(state, "forest", "AB-8.4")
    refused(state, "soldier", "AB-8.4")
    play(state, "buy 1")
    assert state.gold[1] == 0
    state = pos("phase: upgrade\ndecider: 2\nline-up: V6\nplayer 2: gold 2")
    refused(state, "buy 1", "AB-8.3")


@pytest.mark.rule("AB-8.6")
def test_hire_a_soldier_for_one_gold():
    state = pos("phase: upgrade\ndecider: 1\nline-up: CH")
    play(state, "soldier")
    assert state.soldiers[0] == 4 and state.gold[0] == 2


# ----- AB-9, AB-10 demons --------------------------------------------------------------------
@pytest.mark.rule("AB-9.1", "AB-10.2")
def test_the_serpent_goes_first_and_returns():
    state = pos("phase: upgrade\ndecider: 2\nline-up: V6\nserpent: player 2\nplayer 2: gold 0")
    play(state, "pass")
    assert state.active == 1 and [CODES[c] for c in state.lineup] == ["SERPENT"]
    assert state.black_count() == 1
    refused(state, "stop", "AB-9.1")
    play(state, "card V6", "stop")
    assert state.actions == 2  # the Serpent counts as a day
    play(state, "end")
    while state.active == 1:
        state.apply_action("pass")
    assert state.serpent == -1  # back in its hiding place


@pytest.mark.rule("AB-10.1")
def test_the_serpent_passes_to_the_latest_player():
    state = pos("phase: journey\nline-up: V6 V6 TA TA\nserpent: player 2")
    play(state, "draw", "card T2", "stop")
    assert state.serpent == 0


@pytest.mark.rule("AB-10.3", "AB-12.3")
def test_round_two_deck_and_the_red_demon():
    state = pos("phase: journey\nline-up: V6\ndeck: TA:1\n"
                "player 1: gold 5\nplayer 2: gold 5")
    aside = sum(state.aside) + sum(state.discard)
    play(state, "draw", "card TA")  # the last card: the journey ends
    finish_turn(state)
    # a tie goes to the first in turn order: Player 1, the game's starting player (AB-2.5),
    # even though Player 2 plays round 2's first turn
    assert state.demon == 0
    # the discards, the line-up (V6, TA) and the laid-aside cards, reshuffled
    assert sum(state.deck) == aside + 2 and sum(state.discard) == 0 and sum(state.aside) == 0
    assert state.active == 1 and state.phase == 3  # drawing the first card of round 2


@pytest.mark.rule("AB-10.4")
def test_the_red_demon_is_lured_by_more_gold():
    base = ("round: 2\nphase: upgrade\ndecider: 1\nline-up: V6\ndemon: player 1\n"
            "player 1: gold 5\nplayer 2: gold {gold}")
    state = finish_turn(pos(base.format(gold=5)))
    assert state.demon == 0  # a tie does not lure it
    state = finish_turn(pos(base.format(gold=6)))
    assert state.demon == 1 and [CODES[c] for c in state.lineup] == ["REDDEMON"]
    assert state.black_count() == 1


# ----- AB-11 events --------------------------------------------------------------------------
@pytest.mark.rule("AB-11.1")
def test_event_hands_are_hidden_from_others():
    state = pos("phase: journey\nline-up: V6\nplayer 1: events FC AM\nplayer 2: events FX")
    assert state.observation(0)["seats"][0]["event_hand"] == {"FC": 1, "AM": 1}
    assert state.observation(0)["seats"][1]["event_hand"] == 1
    assert state.observation(1)["seats"][0]["event_hand"] == 2
    assert state.observation(None)["event_deck"] == 20


@pytest.mark.rule("AB-11.2")
def test_others_answer_a_journey_with_any_time_events():
    state = pos("phase: journey\nline-up: V6\nplayer 2: events FC AM")
    play(state, "draw", "card TA", "stop")
    assert state.current_player() == 1 and state.legal_actions() == ["play FC 1", "pass"]
    refused(state, "play AM", "AB-11.2")
    play(state, "play FC 1")
    assert state.markers[0] == 0 and state.current_player() == 0 and state.phase == 9


@pytest.mark.rule("AB-11.2")
def test_being_asked_tells_nobody_what_you_hold():
    """Every seat holding an event card is asked, playable or not; a seat holding none is not."""
    for hand in ("AM", "FC"):  # an own-turn card only, or an 'any time' card
        state = pos(f"phase: journey\nline-up: V6\nplayer 2: events {hand}\nplayer 3: gold 3")
        play(state, "draw", "card TA", "stop")
        assert state.num_players == 3 and state.current_player() == 1  # asked either way
        assert ("play FC 1" in state.legal_actions()) == (hand == "FC")
        play(state, "pass")
        assert state.current_player() == 0 and state.phase == 9  # player 3 holds nothing


@pytest.mark.rule("AB-11.2", "AB-11.10")
def test_distractions_on_a_travelling_player():
    state = pos("phase: actions\nactions: 2\nline-up: V6\n"
                "player 1: alchemy gems Y2, events DI\nplayer 2: events DI")
    refused(state, "play DI", "AB-11.2")
    hoard = state.hoard[0]
    play(state, "carry Y 2")
    assert state.current_player() == 1 and state.legal_actions() == ["play DI", "pass"]
    play(state, "play DI")
    assert state.village_gems[0] == [0, 0, 0] and state.hoard[0] == hoard + 2 and state.phase == 9


@pytest.mark.rule("AB-11.3")
def test_the_event_deck_is_reshuffled_from_its_discards():
    state = pos("phase: journey\nline-up: V6 V6 TA TA T2\nevent deck: none\n"
                "event discard: FX:2 FC:1\nplayer 2: events FC:2 AM:3 FA:3 CA:2 LD:2 DI:2 FG:3 "
                "CO:3")
    play(state, "draw", "card TB", "stop")
    assert dict(state.chance_outcomes()) == {"event FC": Fraction(1, 3),
                                             "event FX": Fraction(2, 3)}


@pytest.mark.rule("AB-11.4", "AB-11.13")
def test_the_fox_needs_a_soldier():
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events FX, soldiers 0\n"
                "player 2: village gems Y2 B1")
    refused(state, "play FX 2", "AB-11.4")
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events FX\n"
                "player 2: village gems Y2 B1")
    play(state, "play FX 2")
    assert state.village_gems[1] == [1, 0, 0] and state.alchemy_gems[0] == [2, 1, 0]
    assert state.soldiers[0] == 2


@pytest.mark.rule("AB-11.6")
def test_amber_adds_a_marker_for_free():
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events AM, gold 0")
    play(state, "play AM")
    assert state.markers[0] == 2 and state.gold[0] == 0
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events AM, markers 3")
    refused(state, "play AM", "AB-11.6")


@pytest.mark.rule("AB-11.7")
def test_failed_alchemy_takes_the_two_most_valuable():
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events FA\n"
                "player 2: alchemy gems Y3 B1 R1")
    play(state, "play FA 2")
    assert state.alchemy_gems[1] == [3, 0, 0]


@pytest.mark.rule("AB-11.8")
def test_cheating_alchemy_swaps_for_more_valuable_gems():
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events CA, alchemy gems Y2\n"
                "player 2: alchemy gems Y1 R1")
    play(state, "play CA 2")
    assert state.alchemy_gems[0] == [1, 0, 1] and state.alchemy_gems[1] == [2, 0, 0]
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events CA, alchemy gems R2\n"
                "player 2: alchemy gems Y1 R1")
    refused(state, "play CA 2", "AB-11.8")


@pytest.mark.rule("AB-11.9")
def test_lakeside_discovery_follows_the_french_text():
    state = pos("phase: actions\nactions: 0\nline-up: V6\nplayer 1: events LD")
    play(state, "play LD")
    assert state.alchemy_gems[0] == [5, 0, 0]


@pytest.mark.rule("AB-11.11")
def test_fog_only_on_yellow_or_blue():
    state = pos("phase: actions\nactions: 2\nline-up: V6\n"
                "player 1: alchemy gems Y3, events FG\nplayer 2: events FG")
    play(state, "carry Y 2")
    play(state, "play FG")
    assert state.village_gems[0] == [0, 0, 0]
    state = pos("phase: actions\nactions: 2\nline-up: V6\n"
                "player 1: alchemy gems R1, traveller T3, village V8\nplayer 2: events FG")
    play(state, "carry R 1")
    assert state.current_player() == 1 and state.legal_actions() == ["pass"]  # no Fog on red
    play(state, "pass")
    assert state.village_gems[0] == [0, 0, 1] and state.phase == 9


@pytest.mark.rule("AB-11.12")
def test_company_moves_three_gems_for_free():
    state = pos("phase: actions\nactions: 0\nline-up: V6\n"
                "player 1: alchemy gems Y3 B1 R1, events CO")
    play(state, "play CO")
    assert state.village_gems[0] == [2, 1, 0] and state.alchemy_gems[0] == [1, 0, 1]
    assert state.actions == 0


# ----- AB-12 rounds --------------------------------------------------------------------------
@pytest.mark.rule("AB-12.1")
def test_the_deck_running_out_ends_the_journey():
    state = pos("phase: journey\nline-up: V6\ndeck: TA:1")
    play(state, "draw", "card TA")
    assert state.phase != 2 and state.actions == 2 and state.round == 1


@pytest.mark.rule("AB-12.2")
def test_fewer_than_seven_cards_left_the_player_chooses():
    state = pos("phase: upgrade\ndecider: 1\nline-up: V6\ndeck: TA:3\nplayer 1: gold 0\n"
                "player 2: gold 0")
    play(state, "pass")
    assert state.current_player() == 1 and state.legal_actions() == ["continue", "new round"]
    cards = sum(state.deck) + sum(state.discard) + sum(state.aside)
    kept = play(state.clone(), "continue")
    assert kept.round == 1 and kept.phase == 3
    early = play(state.clone(), "new round")
    assert early.round == 2 and sum(early.deck) == cards


@pytest.mark.rule("AB-12.4", "AB-13.1")
def test_the_game_ends_when_round_two_is_used_up():
    state = pos("round: 2\nphase: journey\nline-up: V6\ndeck: TA:1\ndemon: player 2\n"
                "player 1: gold 4\nplayer 2: gold 5")
    play(state, "draw", "card TA")  # the last card: the journey ends
    play(state, "end")
    while not state.is_terminal():
        state.apply_action("pass")
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.result().winners == (1,)
    refused(state, "draw", None)


@pytest.mark.rule("AB-13.2")
def test_ties_soldiers_then_event_cards_then_shared():
    state = pos("round: 2\nphase: over\nover: yes\nline-up: none\ndeck: none\ndemon: player 1\n"
                "player 1: gold 5, soldiers 2, events FC\nplayer 2: gold 5, soldiers 2\n"
                "player 3: gold 5, soldiers 1, events FC AM\nplayers: 3")
    result = state.result()
    assert result.ranking == ((0,), (1,), (2,))
    assert "event card" in result.explanation
    state = pos("round: 2\nphase: over\nover: yes\nline-up: none\ndeck: none\ndemon: player 1\n"
                "player 1: gold 5, soldiers 2\nplayer 2: gold 5, soldiers 2")
    assert state.result().winners == (0, 1)


@pytest.mark.rule("AB-14.1")
def test_the_treasure_is_never_claimed():
    state = pos("phase: actions\nactions: 0\nline-up: RD\nloot: gold 1\ntreasure: Y2 gold 3")
    play(state, "end")
    while state.active == 0:
        state.apply_action("pass")
    assert state.treasure == [2, 0, 0] and state.treasure_gold == 4
    assert json.loads(state.to_json())["position"]["treasure_gold"] == 4


@pytest.mark.rule("AB-4.2")
def test_an_oracle_on_the_seventh_day_shows_nothing():
    state = pos("phase: journey\nline-up: V6 V6 TA TA T2 TB")
    play(state, "draw", "card OR")
    assert state.phase != 5 and state.top == -1 and state.actions == 7


@pytest.mark.rule("AB-10.1", "AB-10.2")
def test_the_serpent_played_returns_to_its_place_until_another_player_catches_it():
    """ "At the end of this turn the Serpent returns to its hiding place … until another player
    catches its attention": 5 cards with the Serpent in one's own line-up do not earn it again."""
    state = pos("phase: journey\nline-up: SERPENT V6 V6 TA")
    play(state, "draw", "card T2", "stop")
    assert state.serpent == -2 and state.serpent_next == -1  # still in the line-up this turn
    assert state.actions == 5  # the Serpent still counts as a day
    finish_turn(state)
    assert [CODES[c] for c in state.lineup] == [] and state.serpent == -1  # back in its place
    other = play(state, "card V6", "draw", "card V6", "draw", "card TA", "draw", "card TB",
                 "draw", "card T2", "stop")
    assert other.serpent == 1  # another player catches its attention


@pytest.mark.rule("AB-12.2")
def test_no_choice_in_round_two():
    state = pos("round: 2\nphase: upgrade\ndecider: 1\nline-up: V6\ndeck: TA:3\ndemon: player 1\n"
                "player 1: gold 0\nplayer 2: gold 0")
    play(state, "pass")
    assert state.active == 1 and state.current_player() == CHANCE  # straight to the first card


# ----- the rules revisited (issue #15): each decision, with the rulebook's words ----------------
@pytest.mark.rule("AB-4.3")
def test_a_seventh_card_chants_that_is_the_second_black_card_cannot_be_fought():
    """ "you have to draw another card from the deck to see if you reach the maximum level of
    danger": the 7th-card case leaves no choice, soldiers or not."""
    state = pos("phase: journey\nline-up: BY V6 V6 V6 TA TA\nplayer 1: soldiers 3")
    play(state, "draw", "card CH")
    assert state.legal_actions() == ["draw"]
    refused(state, "fight", "AB-4.3")


@pytest.mark.rule("AB-4.6", "AB-4.7")
def test_with_a_soldier_but_nothing_to_pay_the_danger_is_fought_or_turned_over():
    """ "If you do not have anything you can use to pay off the bandit or the raiders you cannot
    continue. Turn over this card." A soldier fights; it does not pay off."""
    state = pos("phase: journey\nline-up: V6 TA\nplayer 1: gold 0, soldiers 1, alchemy gems none")
    play(state, "draw", "card BY")
    assert state.legal_actions() == ["fight", "stop"]
    turned = play(state.clone(), "stop")
    assert turned.actions == 2 and turned.turned == CODES.index("BY") and turned.soldiers[0] == 1
    fought = play(state.clone(), "fight")
    assert fought.soldiers[0] == 0 and fought.legal_actions() == ["draw", "stop"]
    raid = pos("phase: journey\nline-up: V6\nplayer 1: gold 0, soldiers 2")
    play(raid, "draw", "card RD")
    assert raid.legal_actions() == ["fight", "stop"]


@pytest.mark.rule("AB-5.4", "AB-10.1")
def test_demon_cards_count_as_days_for_the_rewards():
    """ "Demon cards also count towards your journey line-up": 5 cards with the Red Demon are a
    5th day, so the Serpent comes."""
    state = pos("round: 2\nphase: journey\nline-up: REDDEMON V6 TA TB\ndemon: player 1\n")
    play(state, "draw", "card T2", "stop")
    assert state.actions == 5 and state.serpent == 0


@pytest.mark.rule("AB-10.1")
def test_the_serpent_is_still_earned_in_round_two():
    """A reading, not something the text proves (docs/rules/ambar_2018.md, AB-10.1): no sentence
    retires the Serpent at round 2, and the rules that give it name no round."""
    state = pos("round: 2\nphase: journey\nline-up: V6 TA TB V6\ndemon: player 2\n")
    play(state, "draw", "card T2", "stop")
    assert state.serpent == 0


@pytest.mark.rule("AB-10.1", "AB-10.3")
def test_both_demons_can_chase_one_player_with_the_serpent_earned_in_round_one():
    """ "If this player is also chased by the serpent, they would have two black cards to start
    with" comes true without the Serpent being earned in round 2 at all: Player 1 earns it with
    round 1's last card and, the richest, is given the Red Demon at round 2's start. So that
    sentence does not prove the AB-10.1 reading; it holds under either."""
    state = pos("phase: journey\nline-up: V6 TA TB V6\ndeck: T2:1\n"
                "player 1: gold 9\nplayer 2: gold 3")
    play(state, "draw", "card T2")  # the 5th card, and round 1's last
    assert state.round == 1 and state.serpent == 0
    finish_turn(state)
    assert state.round == 2 and state.demon == 0 and state.serpent == 0
    finish_turn(state)  # Player 2 plays round 2's first turn
    assert state.active == 0 and [CODES[c] for c in state.lineup] == ["SERPENT", "REDDEMON"]


@pytest.mark.rule("AB-10.3", "AB-12.2")
def test_a_gold_tie_for_the_red_demon_goes_to_the_first_from_the_starting_player():
    """ "If there is a draw, the Red Demon is given to the first player in turn order": the
    turn order of the game, which begins with its starting player (Player 1, AB-2.5), not with
    whoever plays round 2's first turn (decided again in issue #31)."""
    state = pos("phase: choice\nline-up: none\nturn: 2\ndeck: TA:2\n"
                "player 1: gold 4\nplayer 2: gold 4")
    play(state, "new round")
    assert state.round == 2 and state.demon == 0  # Player 2 starts round 2; Player 1 is first
    # three players, Player 3 starts round 2, Players 2 and 3 tie: Player 2 comes first in
    # turn order from the starting player (counted from Player 3 it would be Player 3)
    state = pos("players: 3\nphase: choice\nline-up: none\nturn: 3\ndeck: TA:2\n"
                "player 1: gold 3\nplayer 2: gold 5\nplayer 3: gold 5")
    play(state, "new round")
    assert state.round == 2 and state.active == 2 and state.demon == 1
    # the same when round 1 ends with its last card drawn: Player 2 draws it, Player 3 starts
    # round 2, Players 1 and 3 tie: Player 1
    state = pos("players: 3\nphase: journey\nline-up: V6\nturn: 2\ndeck: TA:1\n"
                "player 1: gold 5\nplayer 2: gold 3\nplayer 3: gold 5")
    play(state, "draw", "card TA")
    finish_turn(state)
    assert state.round == 2 and state.active == 2 and state.demon == 0


@pytest.mark.rule("AB-4.4")
def test_bandits_take_a_more_valuable_gem_only_when_no_lesser_one_is_left():
    state = pos("phase: journey\nline-up: V6\nplayer 1: alchemy gems B1 R1, village gems B1")
    play(state, "draw", "card BY", "pay")
    assert state.alchemy_gems[0] == [0, 0, 1] and state.village_gems[0] == [0, 1, 0]
    assert state.loot == [0, 1, 0]  # blue, the least valuable above yellow, from the alchemy


@pytest.mark.rule("AB-6.7")
def test_an_empty_forest_must_be_recovered_with_the_first_action():
    """ "they must spend one action during their next turn to recover it" """
    state = pos("phase: actions\nactions: 2\nline-up: V6 TA\nplayer 1: markers 0, "
                "alchemy gems Y2")
    assert state.legal_actions() == ["recover"]
    refused(state, "end", "AB-6.7")
    refused(state, "carry Y 1", "AB-6.7")
    play(state, "recover")
    assert "carry Y 1" in state.legal_actions() and "end" in state.legal_actions()


def to_actions(state):
    """Play on to the active player's action phase: first chance outcomes, stop the journey
    as soon as possible, pass in every window."""
    while state.phase != 9:
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        elif "stop" in state.legal_actions():
            state.apply_action("stop")
        else:
            state.apply_action(state.legal_actions()[-1])
    return state


@pytest.mark.rule("AB-6.7", "AB-11.5")
def test_forest_clearings_in_the_victims_own_turn_is_recovered_in_their_next_turn():
    """ "If the player has only the starting marker, they must spend one action during their
    next turn to recover it": played in the victim's own turn (in the window after their
    journey), the forest stays empty for the rest of that turn and the recovery is forced in
    the victim's next turn, not in this one (decided again in issue #31)."""
    state = pos("phase: response\nturn: 1\ndecider: 2\nqueue: none\nactions: 2\n"
                "line-up: V6 TA\nplayer 1: alchemy gems Y2\nplayer 2: events FC")
    play(state, "play FC 1")
    assert state.markers[0] == 0 and state.recover_later
    assert state.phase == 9 and state.current_player() == 0 and state.actions == 2
    assert "recover" not in state.legal_actions()  # not in this turn ...
    assert not [a for a in state.legal_actions() if a.kind == "make"]  # ... and no amber
    refusal = refused(state, "recover", "AB-6.7")
    assert "next turn" in refusal.reason and "次の手番" in refusal.explain("ja")
    play(state, "carry Y 1", "end")  # carrying and ending are allowed: nothing is forced yet
    again = ambar_2018.from_json(state.to_json())
    assert again.recover_later == state.recover_later
    assert ambar_2018.from_description(state.describe()).snapshot() == state.snapshot()
    finish_turn(state)  # the rest of Player 1's turn
    assert state.active == 1 and not state.recover_later
    finish_turn(state)  # Player 2's turn
    to_actions(state)  # Player 1's next turn
    assert state.active == 0 and state.markers[0] == 0
    assert state.legal_actions() == ["recover"]  # now the first action must recover it
    refused(state, "end", "AB-6.7")
    play(state, "recover")
    assert state.markers[0] == 1


@pytest.mark.rule("AB-6.7", "AB-11.5")
def test_forest_clearings_in_another_players_turn_is_recovered_in_the_victims_next_turn():
    """Played on Player 2 during Player 1's turn, "their next turn" is Player 2's very next
    turn: its first action recovers the marker."""
    state = pos("phase: actions\nactions: 2\nline-up: V6\nplayer 1: events FC")
    play(state, "play FC 2")
    assert state.markers[1] == 0 and not state.recover_later
    play(state, "end")
    finish_turn(state)
    to_actions(state)
    assert state.active == 1 and state.legal_actions() == ["recover"]
    refused(state, "end", "AB-6.7")
    # the same when played in the window after Player 2's journey by Player 3 on Player 1
    state = pos("players: 3\nphase: response\nturn: 2\ndecider: 3\nqueue: none\nactions: 1\n"
                "line-up: V6\nplayer 3: events FC")
    play(state, "play FC 1")
    assert state.markers[0] == 0 and not state.recover_later


@pytest.mark.rule("AB-6.7")
def test_waiting_to_recover_is_only_for_the_active_players_empty_forest():
    with pytest.raises(ValueError, match=r"AB-6\.7"):
        pos("phase: actions\nactions: 2\nline-up: V6\nrecover later: yes")  # a marker is there
    with pytest.raises(ValueError, match=r"AB-6\.7"):
        pos("phase: journey\nline-up: V6\nrecover later: yes\nplayer 1: markers 0")
    state = pos("phase: actions\nactions: 2\nline-up: V6\nrecover later: yes\n"
                "player 1: markers 0, events AM")
    play(state, "play AM")  # Amber puts a marker back: nothing is left to wait for
    assert state.markers[0] == 1 and not state.recover_later
