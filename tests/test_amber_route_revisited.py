"""The rules revisited (docs/rules/amber_route.md, "Rules revisited"): each decision, tested."""

from __future__ import annotations

import pytest

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
    assert state.challenge_dice == 5
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
        assert state.pos[0] == lands and state.guards[0] == guards  # the level reward only
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
def test_8_the_card_not_taken_is_discarded_face_up():
    state = position("""
        player 1: field 3
        player 2: field 1
        look: F2 M1
        queue: keep 0; end_turn
    """)
    do(state, "keep F2")
    assert state.hand[0][3 * 1 + 1] == 1 and state.light_discard[0] == 1  # M1 face up


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
