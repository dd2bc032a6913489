"""The rules revisited (docs/rules/amber_route.md, "Rules revisited"): each decision, tested."""

from __future__ import annotations

import random

import pytest

from boardlib import GAMES, amber_route
from tests.helpers import described, do, kinds, legal, refused

position = described("amber_route")


@pytest.mark.rule("AR-7.4")
def test_1_a_card_that_would_make_a_sixth_die_is_refused():
    state = position("""
        player 1: field 3, guards 2, hand S1 A2
        player 2: field 1
        facing: D40
    """)  # a legendary trap: 4 dice
    do(state, "play S1")
    assert state.dice_count == 5
    refused(state, "play A2", "AR-7.4")


@pytest.mark.rule("AR-5.5")
def test_2_move_two_is_refused_one_field_before_the_castle_and_move_one_arrives():
    state = position("""
        player 1: field 24, guards 3
        player 2: field 1
    """)
    assert "move 2" not in legal(state)
    refused(state, "move 2", "AR-5.5")
    assert "castle" in kinds(do(state, "move 1"))


@pytest.mark.rule("AR-5.6")
def test_3_passing_a_village_gives_no_guard_stopping_in_one_does():
    state = position("""
        player 1: field 4, guards 3
        player 2: field 1
    """)
    do(state, "move 2")  # over the village (5) to field 6: one guard paid, none gained
    assert state.guards[0] == 2
    other = position("""
        player 1: field 4, guards 3
        player 2: field 1
    """)
    do(other, "move 1")  # into the village
    assert other.guards[0] == 4


@pytest.mark.rule("AR-5.9")
def test_4_a_move_two_reward_follows_no_field():
    for field, lands, guards in ((3, 5, 4), (4, 6, 4)):  # a village, then a terrain field
        state = position(f"""
            player 1: field {field}, guards 3
            player 2: field 1
            level: 1
            queue: reward 0; card_reward 0 7; end_turn
        """)  # a level II challenge won; the card's reward: "move 2 fields forward"
        events = do(state, "reward guard")
        assert state.field[0] == lands and state.guards[0] == guards  # the level reward only
        assert "draw_dark" not in kinds(events) and not state.is_chance_node()


@pytest.mark.rule("AR-8.5")
def test_5_a_fight_begun_with_no_guard_goes_on_while_the_monster_misses():
    state = position("""
        version: advanced
        player 1: field 10, guards 0, amber 1
        player 2: field 0
        facing: D00
    """)  # a mountains monster on a wasteland field: level I, 3 hit points, 2 dice on 5–6
    events = do(state, "go", "die 4", "done", "die 1", "die 2")  # the monster misses
    assert "failed" not in kinds(events) and state.hp == 2 and state.is_chance_node()
    events = do(state, "die 5", "done", "die 6", "die 1")  # now it hits: no guard to take it
    assert "failed" in kinds(events) and state.amber[0] == 0


@pytest.mark.rule("AR-8.5")
def test_5_guards_reduced_to_zero_still_lose_the_fight():
    state = position("""
        version: advanced
        player 1: field 10, guards 1, amber 1
        player 2: field 0
        facing: D00
    """)
    events = do(state, "go", "die 1", "done", "die 6", "die 1")
    assert "failed" in kinds(events) and state.guards[0] == 0


@pytest.mark.rule("AR-7.3", "AR-8.4")
def test_6_amber_sets_the_players_own_die_in_a_fight_never_the_monsters():
    state = position("""
        version: advanced
        player 1: field 10, guards 2, amber 1
        player 2: field 0
        facing: D00
    """)
    do(state, "go", "die 1")
    assert "set 1 6" in legal(state)  # the player's own die, after his roll
    do(state, "set 1 6", "done", "die 6")  # the monster's first die: no choice follows it
    assert state.is_chance_node()


@pytest.mark.rule("AR-10.2", "AR-14.1")
def test_7_a_missed_turn_uses_up_the_final_turn():
    state = position("""
        player 1: field 24, guards 3
        player 2: field 3, missed 1
    """)
    events = do(state, "move 1")
    assert "miss_turn" in kinds(events) and state.is_terminal()


@pytest.mark.rule("AR-11.2")
def test_8_the_card_not_taken_stays_on_top_of_the_light_deck_known_only_to_the_looker():
    """ "Look at 2 top light cards and take 1 of them" moves only the card taken: the other
    stays on the deck, on top, and only the player who looked knows it (decided again in
    issue #31; before, it was discarded face up)."""
    state = position("""
        player 1: field 3
        player 2: field 1
        look: F2 M1
        queue: keep 0; end_turn
    """)
    deck = state.light_deck[:]
    events = do(state, "keep F2")
    assert state.hand[0][3 * 1 + 1] == 1 and state.light_discard[0] == 0  # not discarded
    assert state.light_deck[0] == deck[0] + 1 and state.light_top == 0  # M1, back on top
    assert state.observation(0)["light_top"] == "M1"  # the looker knows it ...
    assert state.observation(1)["light_top"] is None  # ... nobody else does
    assert state.observation(None)["light_top"] is None
    assert state.observation(1)["light_top_seen_by"] == 0  # everyone saw it go back
    kept = next(e for e in events if e.kind == "keep_light")
    told = kept.sentence("en", state.names, 1)
    assert "M1" not in told and "F2" not in told and "on top of the light deck" in told
    assert "山札の一番上" in kept.sentence("ja", state.names, 1)
    again = amber_route.from_json(state.to_json())
    assert again.light_top == 0 and again.light_top_seen_by == 0
    assert amber_route.from_description(state.describe()).snapshot() == state.snapshot()
    # Player 2's turn: the next light card drawn is that card, and Player 1 sees it drawn
    do(state, "buy cards")
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("card M1", 1)]
    refused(state, "card F1", "AR-11.2")
    drawn = next(e for e in do(state, "card M1") if e.kind == "draw_light")
    assert sorted(drawn.seen_by) == [0, 1]
    assert state.light_top == -1 and state.light_top_seen_by == -1  # unknown again
    assert len(state.chance_outcomes()) > 1


@pytest.mark.rule("AR-11.2")
def test_8_the_card_put_back_is_known_to_the_looker_alone_when_others_are_dealt_anew():
    state = position("""
        player 1: field 3
        player 2: field 1, hand S1 S2
        look: F2 M1
        queue: keep 0; end_turn
    """)
    do(state, "keep F2")
    info = GAMES["amber_route"]
    for seat in (0, 1):
        seen = state.observation(seat)
        tops = set()
        for seed in range(20):
            sample = info.resample(state, seat, random.Random(seed))
            sample.validate()
            assert sample.observation(seat) == seen
            assert sample.inventory() == state.inventory()
            tops.add(sample.light_top)
        if seat == 0:
            assert tops == {0}  # the looker's own knowledge: M1 stays on top
        else:
            assert len(tops) > 1  # for Player 2 any unseen card may be the one put back


@pytest.mark.rule("AR-3.3")
def test_9_amber_buys_cards_and_sets_dice_but_no_extra_die():
    state = position("""
        player 1: field 3, guards 0, amber 2, hand S1
        player 2: field 1
        facing: D37
    """)
    assert legal(state) == ["play S1", "go"]  # before the roll: cards only, no die for amber
    do(state, "go", "die 2")
    assert "set 1 6" in legal(state)
