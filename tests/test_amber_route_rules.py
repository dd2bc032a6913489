"""Amber Route rule clauses (docs/rules/amber_route.md), one behaviour per test.

Positions come from ``from_description``; expected numbers come from the rulebook's
tables, never from the engine under test.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from boardlib import GAMES, amber_route
from boardlib.amber_route import from_description, new_game
from boardlib.amber_route.data import (
    CARD_KEEP,
    CARD_KIND,
    FIELD_TYPE,
    GRACE,
    LIGHT_TOKENS,
    TERRAIN,
)
from boardlib.protocol import CHANCE
from tests.helpers import described, do, refused

position = described("amber_route")


# ----- AR-1 components ----------------------------------------------------------------
@pytest.mark.rule("AR-1.1")
@pytest.mark.parametrize("version", ["advanced", "family"])
def test_every_component_is_accounted_for(version):
    state = new_game(players=4, seed=3, version=version)
    assert state.inventory() == {"amber": 40, "guards": 30, "light cards": 42,
                                 "darkness cards": 60}


@pytest.mark.rule("AR-1.1")
def test_an_empty_amber_pool_gives_nothing():
    state = position("""
        player 1: field 8, amber 1
        player 2: field 0, amber 1, secured 38
    """)
    assert state.amber_pool == 0
    events = do(state, "move 1")  # field 9 is a city
    assert [e.kind for e in events if e.kind.endswith("amber")] == ["no_amber"]
    assert state.amber[0] == 1


@pytest.mark.rule("AR-1.2")
@pytest.mark.parametrize("players", [0, 1, 5, 2.0, "2", None, True])
def test_two_to_four_players(players):
    with pytest.raises(ValueError, match=r"AR-1\.2"):
        new_game(players=players, seed=1)


@pytest.mark.rule("AR-1.3")
def test_the_placeholder_board_is_labelled():
    board = amber_route.COMPONENTS["board"]
    assert board["provenance"] == "placeholder" and "PLACEHOLDER" in board["reasoning"]
    fields = board["fields"]
    assert len(fields) == 26 and fields[0]["type"] == "shore" and fields[-1]["type"] == "castle"
    for table in ("light_cards", "darkness_cards"):
        assert amber_route.COMPONENTS[table]["provenance"] == "placeholder"
    assert "PLACEHOLDER" in new_game(seed=1).observation(0)["placeholder_data"]


@pytest.mark.rule("AR-1.4")
def test_light_cards_and_their_draws():
    kinds = amber_route.COMPONENTS["light_cards"]["kinds"]
    assert sum(copies for _, _, copies in kinds) == 42
    assert {value for _, value, _ in kinds} == {1, 2, 3}
    assert {letter for letter, _, _ in kinds} == set("MFSWA")
    state = position("""
        player 1: field 1, amber 1, hand F1
        player 2: field 0
    """)
    do(state, "buy cards")
    outcomes = dict(state.chance_outcomes())
    deck = {token: 0 for token in LIGHT_TOKENS}
    for letter, value, copies in kinds:
        deck[f"{letter}{value}"] += copies
    deck["F1"] -= 1  # the one in the hand
    assert outcomes == {f"card {t}": Fraction(n, 41) for t, n in deck.items() if n}


@pytest.mark.rule("AR-1.4", "AR-11.2")
def test_an_empty_light_deck_is_refilled_from_the_discards():
    discard = ("W3 W3 M3 M3 F3 F3 S3 S3 A3 A3 M1 M1 M2 M2 M2 F1 F1 F1 F2 S1 S1 S1 S2 S2 S2 "
               "W1 W1 W1 W2 W2 W2 A1 A1 A1 A1 A2 A2 A2 A2 F2")
    state = position(f"""
        player 1: field 1, amber 1
        player 2: field 0
        light deck:
        light discard: {discard}
        look: M1 F2
        queue: keep 0; end_turn
    """)
    assert state.current_player() == 0
    do(state, "keep M1")  # F2 goes back: the deck's only card, on top (AR-11.2)
    assert sum(state.light_deck) == 1 and state.observation(0)["light_top"] == "F2"
    do(state, "buy cards")
    assert [str(a) for a, _ in state.chance_outcomes()] == ["card F2"]
    events = do(state, "card F2")  # the deck is empty again: the discards are shuffled in
    assert "reshuffle_light" in [e.kind for e in events]
    assert state.is_chance_node() and sum(state.light_deck) == 40
    assert len(state.chance_outcomes()) > 1


@pytest.mark.rule("AR-1.5")
def test_sixty_darkness_cards():
    cards = amber_route.COMPONENTS["darkness_cards"]["cards"]
    assert len(cards) == 60
    assert sum(1 for c in cards if c["challenge"] == "grace") >= 4


@pytest.mark.rule("AR-1.6")
def test_each_die_is_a_chance_node_with_six_equal_faces():
    state = position("""
        player 1: field 3, hand S1
        player 2: field 0
        facing: D37
    """)
    do(state, "go")
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(f"die {v}", Fraction(1, 6)) for v in range(1, 7)]
    assert state.chance_weights() == [(f"die {v}", 1) for v in range(1, 7)]


# ----- AR-2 set-up ----------------------------------------------------------------------
@pytest.mark.rule("AR-2.1")
@pytest.mark.parametrize("version", ["advanced", "family"])
def test_common_setup(version):
    state = new_game(players=3, seed=5, version=version)
    assert state.guards == [3, 3, 3] and state.amber == [1, 1, 1] and state.field == [0, 0, 0]


@pytest.mark.rule("AR-2.2")
def test_advanced_setup():
    state = new_game(players=3, seed=5, version="advanced")
    assert [sum(h) for h in state.hand] == [3, 3, 3]
    assert all(CARD_KIND[g] == GRACE for g in state.grace)
    assert len(state.box) == 1 and CARD_KIND[state.box[0]] == GRACE
    assert not any(CARD_KIND[c] == GRACE for c in state.dark_deck)


@pytest.mark.rule("AR-2.3")
def test_family_setup():
    state = new_game(players=3, seed=5, version="family")
    assert [sum(h) for h in state.hand] == [5, 5, 5]
    assert state.grace == [-1, -1, -1] and state.box == []
    assert sum(1 for c in state.dark_deck if CARD_KIND[c] == GRACE) == 4


@pytest.mark.rule("AR-2.4")
def test_first_player_is_random_but_seeded():
    firsts = {new_game(players=4, seed=s).current_player() for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(players=4, seed=9).to_json() == new_game(players=4, seed=9).to_json()


# ----- AR-3 amber ------------------------------------------------------------------------
@pytest.mark.rule("AR-3.1", "AR-3.2")
def test_three_unsecured_amber_become_one_secured():
    state = position("""
        player 1: field 8, amber 2
        player 2: field 0
    """)
    pool = state.amber_pool
    events = do(state, "move 1")  # the city gives one amber
    assert "secure_amber" in [e.kind for e in events]
    assert (state.amber[0], state.secured[0]) == (0, 1)
    assert state.amber_pool == pool - 1 + 2  # one taken, two of the three put back


@pytest.mark.rule("AR-3.3", "AR-8.5")
def test_a_lost_monster_fight_takes_unsecured_amber_only():
    state = position("""
        player 1: field 10, guards 1, amber 1, secured 2
        player 2: field 0
        facing: D00
    """)
    do(state, "go", "die 1", "done", "die 6", "die 6")  # level I: two monster dice
    assert state.guards[0] == 0 and state.amber[0] == 0 and state.secured[0] == 2


@pytest.mark.rule("AR-8.5")
def test_without_unsecured_amber_two_light_cards_are_given():
    state = position("""
        player 1: field 10, guards 1, amber 0, secured 1, hand W1 W2 S3
        player 2: field 0
        facing: D00
    """)
    do(state, "go", "die 1", "done", "die 6", "die 6")
    assert state.current_player() == 0
    assert set(state.legal_actions()) == {"lose S3", "lose W1", "lose W2"}
    do(state, "lose W1", "lose W2")
    assert sum(state.hand[0]) == 1 and state.secured[0] == 1


# ----- AR-4 the turn ----------------------------------------------------------------------
@pytest.mark.rule("AR-4.1")
def test_advanced_turn_is_one_action_then_the_next_player():
    state = position("""
        version: advanced
        player 1: field 4, guards 3, amber 1, grace D56
        player 2: field 0
        player 3: field 0
    """)
    assert state.legal_actions() == ["recruit", "buy cards", "move 1", "move 2", "grace"]
    do(state, "recruit")
    assert state.current_player() == 1 and state.turn == 1


@pytest.mark.rule("AR-4.2")
def test_family_draw_phase_comes_first():
    state = new_game(players=2, seed=1, version="family")
    p = state.current_player()
    assert state.legal_actions() == ["draw card", "take guard"]
    refused(state, "move 1", "AR-4.2")
    do(state, "take guard")
    assert state.guards[p] == 4 and state.current_player() == p
    assert "move 1" in state.legal_actions()


@pytest.mark.rule("AR-4.3")
def test_family_has_no_grace_action():
    state = new_game(players=2, seed=1, version="family")
    do(state, "draw card")
    do(state, state.legal_actions()[0])
    assert "grace" not in state.legal_actions()
    refused(state, "grace", "AR-4.3")


# ----- AR-5 actions ---------------------------------------------------------------------
@pytest.mark.rule("AR-5.1")
def test_recruiting_one_guard_or_two_in_a_village():
    state = position("""
        player 1: field 4, guards 3
        player 2: field 5, guards 3
    """)
    do(state, "recruit")
    assert state.guards[0] == 4
    do(state, "recruit")  # player 2 stands in a village
    assert FIELD_TYPE[5] != TERRAIN and state.guards[1] == 5


@pytest.mark.rule("AR-5.2")
def test_at_most_six_guards():
    state = position("""
        player 1: field 4, guards 6
        player 2: field 5, guards 5
    """)
    assert "recruit" not in state.legal_actions()
    refused(state, "recruit", "AR-5.2")
    do(state, "move 1")  # a village: no guard above 6
    assert state.guards[0] == 6
    do(state, "recruit")  # 5 + 2 in a village, but only up to 6
    assert state.guards[1] == 6


@pytest.mark.rule("AR-5.3")
def test_drawing_light_cards_costs_one_unsecured_amber():
    state = position("""
        player 1: field 4, amber 1
        player 2: field 0, amber 0
    """)
    do(state, "buy cards", "card F1", "card M2")
    assert state.amber[0] == 0 and sum(state.hand[0]) == 2
    refused(state, "buy cards", "AR-5.3")


@pytest.mark.rule("AR-5.4")
def test_the_owner_discards_over_seven_cards():
    state = position("""
        player 1: field 4, amber 1, hand M1 M1 M2 F1 F3 S1 W2
        player 2: field 0
    """)
    do(state, "buy cards", "card A3")
    assert state.current_player() == 0 and state.queue[0].kind == "discard"
    refused(state, "card A1", "AR-5.4")
    do(state, "discard M1")
    assert sum(state.hand[0]) == 7 and state.is_chance_node()
    do(state, "card A3", "discard A3")
    assert sum(state.hand[0]) == 7 and state.current_player() == 1


@pytest.mark.rule("AR-5.5")
def test_moving_one_or_two_fields():
    state = position("""
        player 1: field 4, guards 2
        player 2: field 24, guards 0
    """)
    do(state, "move 2")
    assert state.field[0] == 6 and state.guards[0] == 1
    state = position("""
        player 1: field 24, guards 2
        player 2: field 4, guards 0
    """)
    refused(state, "move 2", "AR-5.5")  # one field from the castle
    state = position("""
        player 1: field 3, guards 0
        player 2: field 0
    """)
    error = refused(state, "move 2", "AR-5.5")
    assert "guard" in error.reason


@pytest.mark.rule("AR-5.6")
def test_fields_terrain_village_city():
    state = position("""
        player 1: field 0
        player 2: field 4, guards 3
        player 3: field 8, amber 0
    """)
    do(state, "move 1")
    assert state.queue[0].kind == "dark" and state.is_chance_node()
    do(state, "reveal D00", "go", "die 6", "done")  # a level II mountain monster
    while state.current_player() != 1:  # sixes: the fight ends whatever the guards (AR-8.5)
        state.apply_action(state.legal_actions()[-1])
    do(state, "move 1")  # village
    assert state.guards[1] == 4
    do(state, "move 1")  # city
    assert state.amber[2] == 1


@pytest.mark.rule("AR-5.7", "AR-5.8", "AR-5.9")
def test_divine_grace_once_dice_per_player_picked_in_turn():
    state = position("""
        version: advanced
        player 1: field 4, guards 3, amber 0, grace D56
        player 2: field 6, guards 3, amber 0
        player 3: field 2, guards 3, amber 0, grace D57
        to move: 1
    """)
    do(state, "grace")
    assert state.grace[0] == -1 and 56 in state.box
    do(state, "die 6", "die 4", "die 5")  # one die per player
    assert state.current_player() == 0
    assert state.legal_actions() == ["pick 4", "pick 5", "pick 6"]
    do(state, "pick 6")  # face 6: gain 1 amber
    assert state.amber[0] == 1 and state.current_player() == 1
    do(state, "pick 5")  # face 5: move 2 fields
    assert state.field[1] == 8
    assert state.legal_actions() == ["pick 4"]
    do(state, "pick 4")  # face 4: gain 1 guard
    assert state.guards[2] == 4
    assert state.current_player() == 1  # the grace card was the turn's one action
    again = position("""
        version: advanced
        player 1: field 4
        player 2: field 6
        box: D56 D57 D58 D59
    """)  # the grace card already played: it is in the box
    assert "grace" not in again.legal_actions()
    refused(again, "grace", "AR-5.7")


@pytest.mark.rule("AR-5.9")
def test_grace_gifts_by_face():
    faces = amber_route.COMPONENTS["grace_gifts"]["by_face"]
    assert faces == ["light1", "light2", "guard2", "guard1", "move2", "amber1"]
    state = position("""
        version: advanced
        player 1: field 4, guards 3, grace D56
        player 2: field 6, guards 3
    """)
    do(state, "grace", "die 3", "die 2", "pick 3")
    assert state.guards[0] == 5
    do(state, "pick 2")
    assert state.queue[0].kind == "light" and state.queue[1].kind == "light"


# ----- AR-6 darkness cards ------------------------------------------------------------
@pytest.mark.rule("AR-6.1")
def test_darkness_draw_is_uniform_over_the_deck():
    state = position("""
        player 1: field 0
        player 2: field 0
    """)
    do(state, "move 1")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 56 and {p for _, p in outcomes} == {Fraction(1, 56)}


@pytest.mark.rule("AR-6.2", "AR-11.2")
def test_lightning_used_at_once_hourglass_kept():
    state = position("""
        player 1: field 17, guards 2, amber 0
        player 2: field 0
        facing: D46
    """)  # a wasteland monster, lightning: 1 amber; level II on a monster field
    do(state, "go", "die 6", "done", "die 1", "die 1", "die 1", "die 6", "done", "die 1", "die 1",
       "die 1", "die 6", "done", "die 1", "die 1", "die 1", "die 6", "done", "reward guard")
    assert state.amber[0] == 2 and 46 in state.dark_discard and state.kept[0] == []
    state = position("""
        player 1: field 17, guards 2, amber 0
        player 2: field 0
        facing: D45
    """)  # hourglass: damage 3-6
    do(state, "go", "die 6", "done", "die 1", "die 1", "die 1", "die 6", "done", "die 1", "die 1",
       "die 1", "die 6", "done", "die 1", "die 1", "die 1", "die 6", "done")
    assert state.kept[0] == [45] and CARD_KEEP[45]


@pytest.mark.rule("AR-6.3")
def test_the_resolved_pile_becomes_the_new_deck():
    discard = " ".join(f"D{c:02d}" for c in range(56))
    state = position(f"""
        dark deck:
        dark discard: {discard}
        box: D56 D57
        player 1: field 0, grace D58
        player 2: field 0, grace D59
    """)
    events = do(state, "move 1")
    assert "reshuffle_dark" in [e.kind for e in events]
    assert len(state.chance_outcomes()) == 56 and state.dark_discard == []


@pytest.mark.rule("AR-6.4")
def test_levels_from_matching_symbols():
    # field 3: swamp, trap symbol
    levels = {}
    for card in ("D47", "D37", "D40"):  # wasteland ghost, swamp ghost, swamp trap
        state = position(f"""
            player 1: field 3
            player 2: field 0
            facing: {card}
        """)
        levels[card] = state.level
    assert levels == {"D47": 0, "D37": 1, "D40": 2}


@pytest.mark.rule("AR-6.5")
def test_family_grace_card_is_resolved_at_once():
    state = position("""
        version: family
        player 1: field 0
        player 2: field 0
        to move: 1
        queue: action 0; end_turn
    """)
    do(state, "move 1", "reveal D58")
    assert state.card == 58 and state.is_chance_node()
    do(state, "die 6", "die 1", "pick 6", "pick 1", "card M1")
    assert state.card == -1 and 58 in state.dark_discard
    assert state.current_player() == 1


# ----- AR-7 challenges in general ----------------------------------------------------
@pytest.mark.rule("AR-7.1")
def test_only_matching_cards_add_their_value_in_dice():
    state = position("""
        player 1: field 3, hand S2 A1 M3
        player 2: field 0
        facing: D37
    """)
    assert state.legal_actions() == ["play S2", "play A1", "go"]
    refused(state, "play M3", "AR-7.1")
    do(state, "play S2")
    assert state.dice_count == 3 and state.light_discard[LIGHT_TOKENS.index("S2")] == 1


@pytest.mark.rule("AR-7.2")
def test_guards_move_a_die_by_one_but_never_a_six():
    state = position("""
        player 1: field 3, guards 2
        player 2: field 0
        facing: D37
    """)
    do(state, "go", "die 6")
    assert "up 1" not in state.legal_actions() and "down 1" not in state.legal_actions()
    refused(state, "down 1", "AR-7.2")
    state = position("""
        player 1: field 3, guards 2
        player 2: field 0
        facing: D37
    """)
    do(state, "go", "die 1")
    refused(state, "down 1", "AR-7.2")
    do(state, "up 1", "up 1")
    assert state.dice == [3] and state.guards[0] == 0
    refused(state, "up 1", "AR-7.2")


@pytest.mark.rule("AR-7.3")
def test_one_amber_sets_a_die_to_anything():
    state = position("""
        player 1: field 3, guards 0, amber 1
        player 2: field 0
        facing: D37
    """)
    do(state, "go", "die 2", "set 1 6")
    assert state.dice == [6] and state.amber[0] == 0
    refused(state, "set 1 5", "AR-7.3")


@pytest.mark.rule("AR-7.4")
def test_no_more_than_five_dice():
    state = position("""
        player 1: field 3, hand S3 S2 A1
        player 2: field 0
        facing: D37
    """)
    do(state, "play S3")
    assert state.dice_count == 4 and "play S2" not in state.legal_actions()
    refused(state, "play S2", "AR-7.4")
    do(state, "play A1")
    assert state.dice_count == 5


# ----- AR-8 monsters ----------------------------------------------------------------
def _monster_round(version, card, field):
    state = position(f"""
        version: {version}
        player 1: field {field}, guards 6
        player 2: field 0
        facing: {card}
    """)
    do(state, "go", "die 1", "done")
    return state


@pytest.mark.rule("AR-8.1")
def test_advanced_monster_table():
    # field 10 (wasteland, ghost) with D00 (mountain monster): level I
    state = _monster_round("advanced", "D00", 10)
    assert (state.level, state.hp, len(state.other_dice)) == (0, 3, 2)
    do(state, "die 5", "die 4")  # damage on 5-6 only
    assert state.guards[0] == 5
    state = _monster_round("advanced", "D00", 17)  # mountains + monster symbol: level III
    assert (state.level, state.hp, len(state.other_dice)) == (2, 5, 4)
    do(state, "die 3", "die 3", "die 2", "die 6")  # damage on 3-6
    assert state.guards[0] == 3


@pytest.mark.rule("AR-8.2")
def test_family_monster_table():
    state = _monster_round("family", "D00", 10)
    assert (state.level, state.hp, len(state.other_dice)) == (0, 2, 1)
    state = _monster_round("family", "D00", 1)  # level III
    assert (state.hp, len(state.other_dice)) == (4, 3)
    do(state, "die 3", "die 2", "die 2")
    assert state.guards[0] == 5


@pytest.mark.rule("AR-8.3", "AR-8.4")
def test_the_same_dice_every_round():
    state = position("""
        version: advanced
        player 1: field 10, guards 6, hand W2
        player 2: field 0
        facing: D00
    """)
    do(state, "play W2", "go")
    assert len(state.dice) == 3
    do(state, "die 4", "die 1", "die 1", "done", "die 1", "die 1")
    assert state.hp == 2 and len(state.dice) == 3 and state.is_chance_node()


@pytest.mark.rule("AR-8.4", "AR-12.4")
def test_the_fight_round_is_counted_saved_and_checked():
    state = position("""
        version: advanced
        player 1: field 10, guards 6, hand W2
        player 2: field 0
        facing: D00
    """)
    assert state.snapshot()["round"] is None  # choosing support: no round has begun
    do(state, "play W2", "go")
    assert state.snapshot()["round"] == 1
    do(state, "die 4", "die 1", "die 1", "done", "die 1", "die 1")
    assert state.round == 2 and state.observation(1)["round"] == 2  # public
    assert "round: 2" in state.describe().splitlines()
    assert from_description(state.describe()).snapshot() == state.snapshot()
    assert state.clone().round == 2 and state.clone() == state
    other = state.clone()
    other.round = 3
    assert other != state
    save = state.to_json()
    assert json.loads(save)["position"]["round"] == 2
    assert amber_route.from_json(save).round == 2
    tampered = json.loads(save)
    tampered["position"]["round"] = 5
    with pytest.raises(ValueError, match="differs in 'round'"):
        amber_route.from_json(json.dumps(tampered))
    assert state.to_json() == save  # nothing changed
    snapshot = state.snapshot()
    for bad, problem in ((None, "must say which round"), (0, "'round' must be null"),
                         ("2", "'round' must be null"), (True, "'round' must be null"),
                         (1.5, "'round' must be null")):
        with pytest.raises(ValueError, match=problem):
            amber_route.from_snapshot({**snapshot, "round": bad})
    assert state.snapshot() == snapshot
    with pytest.raises(ValueError, match="no monster fight or player fight is under way"):
        amber_route.from_snapshot({**new_game(players=2, seed=1).snapshot(), "round": 1})
    start = json.loads(new_game(players=2, seed=1).to_json())
    start["start"]["round"] = 2
    with pytest.raises(ValueError, match="'round' is 2, but no monster fight"):
        amber_route.from_json(json.dumps(start))
    do(state, "die 6", "die 6", "die 6", "done")  # three hits: the monster's last two points
    assert state.hp == 0 and state.snapshot()["round"] is None
    rolling = ("player 1: field 10, guards 6\nplayer 2: field 0\nfacing: D00\ndice: 0\n"
               "queue: roll 0 0; modify 0 0 0; hit 0; end_turn\n")
    assert from_description(rolling).round == 1  # a described fight: round 1 by default
    assert from_description(rolling + "round: 3").round == 3
    with pytest.raises(ValueError, match="must say which round"):
        from_description(rolling + "round: none")


@pytest.mark.rule("AR-8.4")
def test_a_lost_fight_ends_its_rounds():
    state = position("""
        version: advanced
        player 1: field 10, guards 1, amber 1
        player 2: field 0
        facing: D00
    """)
    do(state, "go", "die 1", "done", "die 1", "die 1", "die 2", "done")
    assert state.round == 2
    events = do(state, "die 6", "die 1")
    assert "failed" in [e.kind for e in events] and state.snapshot()["round"] is None


@pytest.mark.rule("AR-8.5")
def test_monster_loses_at_zero_hit_points_player_at_zero_guards():
    state = position("""
        version: advanced
        player 1: field 10, guards 2, amber 2
        player 2: field 0
        facing: D00
    """)
    events = do(state, "go", "die 1", "done", "die 6", "die 6")
    assert "failed" in [e.kind for e in events] and state.amber[0] == 1


# ----- AR-9 ghosts -------------------------------------------------------------------
@pytest.mark.rule("AR-9.1")
@pytest.mark.parametrize(("version", "card", "need"), [
    ("advanced", "D47", 7), ("advanced", "D37", 11), ("advanced", "D40", None),
    ("family", "D47", 5), ("family", "D37", 9),
])
def test_ghost_needs(version, card, need):
    if need is None:
        return

    def escapes(dice):
        state = position(f"""
            version: {version}
            player 1: field 3, guards 0, hand S3 A1
            player 2: field 0
            facing: {card}
        """)
        do(state, *(["play S3"] if len(dice) >= 4 else []), *(["play A1"] if len(dice) in (2, 5)
                                                               else []), "go")
        events = do(state, *(f"die {v}" for v in dice), "done")
        return "overcome" in [e.kind for e in events]

    dice = 2 if need <= 12 else 5
    assert not escapes(_dice_summing(need - 1, dice))
    assert escapes(_dice_summing(need, dice))


def _dice_summing(total, count):
    dice = [1] * count
    i = 0
    while sum(dice) < total:
        if dice[i] == 6:
            i += 1
        dice[i] += 1
    return dice


@pytest.mark.rule("AR-9.2")
def test_ghost_punishment():
    state = position("""
        version: family
        player 1: field 3, guards 0, amber 1, hand M1 M2 F1 F2
        player 2: field 0
        facing: D37
    """)
    do(state, "go", "die 1", "done")
    assert state.legal_actions() == ["lose M1", "lose M2", "lose F1", "lose F2"]
    do(state, "lose M1", "lose M2", "lose F2")
    assert sum(state.hand[0]) == 1 and state.amber[0] == 1
    state = position("""
        version: family
        player 1: field 3, guards 0, amber 1, hand M1
        player 2: field 0
        facing: D37
    """)
    do(state, "go", "die 1", "done")
    assert sum(state.hand[0]) == 0 and state.amber[0] == 0  # all cards and one amber


# ----- AR-10 traps ----------------------------------------------------------------
@pytest.mark.rule("AR-10.1")
def test_trap_dice_must_match():
    for field, card, dice in ((4, "D25", 2), (3, "D25", 3), (3, "D40", 4)):
        state = position(f"""
            player 1: field {field}, guards 0
            player 2: field 0
            facing: {card}
        """)
        assert (state.level, state.dice_count) == (dice - 2, dice)
    state = position("""
        player 1: field 3, guards 0, hand A1
        player 2: field 0
        facing: D25
    """)  # a forest trap on a swamp field with a trap symbol: level II, 3 dice must match
    do(state, "play A1", "go")
    events = do(state, "die 2", "die 5", "die 2", "die 2", "done")
    assert "overcome" in [e.kind for e in events]


@pytest.mark.rule("AR-10.2")
def test_missed_turns_per_unmatched_die():
    state = position("""
        player 1: field 3, guards 0
        player 2: field 0
        facing: D40
    """)  # legendary: 4 dice
    do(state, "go", "die 3", "die 3", "die 1", "die 6", "done")
    assert state.missed[0] == 2  # four needed, two match: two turns missed


@pytest.mark.rule("AR-10.2")
def test_a_missed_turn_is_skipped():
    state = position("""
        player 1: field 3, missed 1
        player 2: field 4
        to move: 2
    """)
    events = do(state, "recruit")
    assert "miss_turn" in [e.kind for e in events]
    assert state.missed[0] == 0 and state.turn == 1 and state.current_player() == 1


# ----- AR-11 rewards ----------------------------------------------------------------
@pytest.mark.rule("AR-11.1")
def test_level_rewards():
    for card, amber, choice in (("D47", 1, False), ("D37", 1, True), ("D40", 2, True)):
        state = position(f"""
            player 1: field 3, guards 0, amber 0, hand A3
            player 2: field 0
            facing: {card}
        """)
        do(state, *(["play A3"] if CARD_KIND[int(card[1:])] == 1 else []), "go")
        while state.is_chance_node():
            do(state, "die 6")
        do(state, "done")
        assert state.amber[0] == amber
        assert (state.legal_actions() == ["reward guard", "reward light"]) == choice


@pytest.mark.rule("AR-11.3")
def test_kept_rewards_extra_die_damage_and_reroll():
    state = position("""
        player 1: field 3, guards 6, kept D33 D34 D39
        player 2: field 0
        facing: D28
    """)  # a swamp monster; kept: swamp extra die, damage 3-6, reroll 1
    assert state.legal_actions() == ["use D33", "use D34", "go"]
    do(state, "use D33", "use D34")
    assert state.dice_count == 2 and state.damage36
    do(state, "go", "die 3", "die 1")
    assert "reroll 2" in state.legal_actions()
    do(state, "reroll 2", "die 3", "done")
    assert state.kept[0] == [] and {33, 34, 39} <= set(state.dark_discard)
    assert state.hp == 4 - 2  # two dice hit on 3-6 (level II: 4 hit points)
    refused(state, "use D33", "AR-1.6")


# ----- AR-12 player fights (Advanced) -------------------------------------------
@pytest.mark.rule("AR-12.1")
def test_attack_only_on_the_same_field():
    state = position("""
        player 1: field 2, guards 3, hand F3 A1
        player 2: field 2
        player 3: field 3
        facing: D47
    """)
    do(state, "play F3", "play A1", "go", *["die 6"] * 5, "done", "reward guard", "card M1")
    assert state.legal_actions() == ["attack 2", "no attack"]
    refused(state, "attack 3", "AR-12.1")


@pytest.mark.rule("AR-12.2", "AR-12.5")
def test_loot_only_what_the_loser_has_and_cards_at_random():
    state = position("""
        player 1: field 2, guards 3, hand M1 F3 A1
        player 2: field 2, guards 0, amber 0, hand F1 F2 F3
        facing: D47
    """)
    do(state, "play F3", "play A1", "go", *["die 6"] * 5, "done", "reward guard", "card M1",
       "attack 2",
       "ready", "ready", "die 6", "die 1")
    assert state.legal_actions() == ["loot cards"]
    do(state, "loot cards")
    assert state.chance_outcomes() == [("steal F1", Fraction(1, 3)), ("steal F2", Fraction(1, 3)),
                                       ("steal F3", Fraction(1, 3))]
    do(state, "steal F3", "steal F1")
    assert sum(state.hand[1]) == 1 and state.hand[0][LIGHT_TOKENS.index("F3")] == 1


# ----- AR-14 the end ------------------------------------------------------------------
@pytest.mark.rule("AR-14.1", "AR-14.2", "AR-14.3")
def test_first_in_castle_then_one_more_turn_each_then_scores():
    state = position("""
        player 1: field 24, amber 2, secured 1, kept D03
        player 2: field 20, amber 1
        player 3: field 22, amber 0, secured 1
        to move: 1
    """)
    events = do(state, "move 1")
    assert "first_castle" in [e.kind for e in events] and state.first == 0
    assert state.finals == [1, 2]
    do(state, "recruit")  # player 2's last turn
    do(state, "recruit")  # player 3's last turn
    assert state.is_terminal()
    result = state.result()
    # player 1: 3 first + 6 secured + 1 kept + 2 unsecured = 12; player 2: 1; player 3: 6
    assert result.scores == ((12,), (1,), (6,))
    assert result.ranking == ((0,), (2,), (1,))
    assert "Player 1 wins" in result.explanation


@pytest.mark.rule("AR-14.3")
def test_equal_points_share_the_place():
    state = position("""
        player 1: field 24, amber 0
        player 2: field 20, amber 1, kept D03 D04
        to move: 1
    """)
    do(state, "move 1", "recruit")  # 3 for the castle against 1 amber + 2 kept rewards
    result = state.result()
    assert result.scores == ((3,), (3,)) and result.winners == (0, 1)
    assert "share the victory" in result.explanation


@pytest.mark.rule("AR-14.4")
def test_games_end_well_within_max_actions():
    longest = 0
    for seed in range(30):
        state = new_game(players=4, seed=seed, version="family")
        rng = random.Random(seed)
        while not state.is_terminal():
            action = (state.sample_chance(rng) if state.is_chance_node()
                      else rng.choice(state.legal_actions()))
            state.apply_action(action)
        longest = max(longest, len(state.history))
    assert longest < 5_000 < GAMES["amber_route"].max_actions


# ----- saves, descriptions, observation ---------------------------------------------
def test_observation_hides_other_hands_and_decks():
    state = new_game(players=2, seed=4)
    view = state.observation(0)
    assert isinstance(view["seats"][1]["hand"], int) and isinstance(view["seats"][0]["hand"], str)
    assert isinstance(view["light_deck"], int)
    json.dumps(view)


@pytest.mark.rule("AR-1.4")
def test_a_light_card_drawn_is_named_only_to_its_owner():
    state = new_game(players=2, seed=4)
    rng = random.Random(4)
    drawn = []
    while not drawn:
        action = (state.sample_chance(rng) if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        drawn = [e for e in state.apply_action(action) if e.kind == "draw_light"]
    event = drawn[0]
    owner, other = event.player, 1 - event.player
    card = amber_route.format_value("card", event.fields["card"], "en")  # e.g. "forest 2"
    assert card in event.sentence("en", viewer=owner) and card in event.sentence("en")
    assert event.sentence("en", viewer=other) == f"Player {owner + 1} draws a light card."
    assert "card" not in event.to_dict(other) and event.to_dict(owner)["card"]


def test_tampered_save_is_refused():
    state = new_game(players=2, seed=4)
    data = json.loads(state.to_json())
    data["position"]["seats"][0]["guards"] = 7
    with pytest.raises(ValueError):
        amber_route.from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["start"]["amber_pool"] = 5
    with pytest.raises(ValueError, match=r"AR-1\.1"):
        amber_route.from_json(json.dumps(data))


def test_description_round_trip_mid_challenge():
    state = position("""
        version: family
        names: Ann, Bob
        player 1: field 3, guards 2, amber 1, hand S1 S2 A1
        player 2: field 1
        facing: D37
    """)
    do(state, "play S1", "go", "die 3")
    again = from_description(state.describe())
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("version", ["advanced", "family"])
def test_description_round_trip_over_random_play(version):
    import random

    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(players=2 + seed % 3, seed=seed, version=version)
        for _ in range(rng.randrange(400)):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        assert from_description(state.describe()).snapshot() == state.snapshot()


@pytest.mark.parametrize(("field", "value"), [
    ("queue", ["prepare 0", "prepare 0", "end_turn"]),
    ("queue", ["roll 0 3", "modify 0 0 0", "ghost 0", "end_turn"]),
    ("queue", ["action 0"]),
    ("card", "D58"),
    ("dice", [7]),
    ("duel", [0, 1, 1]),
])
def test_positions_that_cannot_arise_are_refused(field, value):
    state = position("""
        player 1: field 3, hand S1
        player 2: field 0
        facing: D37
    """)
    data = state.snapshot()
    data[field] = value
    with pytest.raises(ValueError):
        amber_route.from_snapshot(data)


def test_the_documented_description_example():
    state = from_description(amber_route.__doc__.split("from_description('''")[1].split("'''")[0])
    assert state.version == 1 and state.field[0] == 3 and state.level == 1
    assert state.legal_actions() == ["play S1", "play S2", "play A1", "go"]


def test_every_queue_step_has_its_method_in_the_dispatch_tables():
    """Issue #32.5: the steps were dispatched by getattr("_do_" + kind), found by no grep; the
    tables are written out, and each step kind of STEP_WHO is served by the method named
    after it (a player's: actions and their effect; chance's: its effect; automatic: itself)."""
    from boardlib.amber_route.data import STEP_WHO
    from boardlib.amber_route.state import AmberRouteState as State

    for kind, who in STEP_WHO.items():
        if who == "p":
            assert State.ACTS[kind].__name__ == f"_acts_{kind}", kind
        if who in "pc":
            assert State.DO[kind].__name__ == f"_do_{kind}", kind
        else:
            assert State.AUTO[kind].__name__ == f"_auto_{kind}", kind
    assert set(State.DO) | set(State.AUTO) == set(STEP_WHO)
    assert set(State.SKIP) <= set(STEP_WHO)


def test_the_careful_bot_chooses_by_a_table_too():
    """Issue #32.5: the bot found its chooser by getattr("_" + kind); its table is written
    out, one chooser per step at which a player chooses, named after the step."""
    from boardlib.amber_route.bots import CarefulBot
    from boardlib.amber_route.data import STEP_WHO

    players_steps = {kind for kind, who in STEP_WHO.items() if who == "p"}
    assert set(CarefulBot.CHOOSERS) == players_steps
    for kind, chooser in CarefulBot.CHOOSERS.items():
        assert chooser.__name__ == f"_{kind}", kind


def test_a_step_is_read_by_name_and_saved_as_before():
    """Issue #32.5: a step has named fields, cannot change (steps are shared by clones and
    premade), and is still saved as its kind and numbers."""
    import dataclasses

    from boardlib.amber_route.data import Step, _step

    state = position("""
        player 1: field 10, guards 6
        player 2: field 0
        facing: D00
        dice: 0 0
        queue: roll 0 1; modify 0 0 0; hit 0; end_turn
    """)
    head = state.queue[0]
    assert (head.kind, head.player, head.a, head.b) == ("roll", 0, 1, -1)
    assert head == Step("roll", 0, 1) and _step("roll", 0, 1) is _step("roll", 0, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        head.player = 1
    assert state.snapshot()["queue"] == ["roll 0 1", "modify 0 0 0", "hit 0", "end_turn"]
    assert state.queue[1] == Step("modify", 0, 0, 0)


_EACH_FIELD_REFUSED = [
    (lambda d: d.update(version="expert"), "'version' must be one of 'advanced', 'family' "
                                           r"\(AR-4\.1\)"),
    (lambda d: d["seats"][0].update(kept="D01"), r"'seat 1 kept' holds only cards whose reward "
                                                 r"waits for later, not D01 \(AR-11\.2\)"),
    (lambda d: d["seats"][1].update(grace="D00"), r"'seat 2 grace' holds only grace cards, not "
                                                  r"D00 \(AR-2\.2\)"),
    (lambda d: d.update(look="S1 S2 S3"), r"'look' holds at most 2 light cards, not 3 "
                                          r"\(AR-11\.2\)"),
    (lambda d: d.update(dice=[1] * 6), r"'dice' must be a list of at most 5 items \(AR-7\.4\)"),
    (lambda d: d.update(queue=["prepare 0"]), "must end with the end of the turn"),
    (lambda d: d.update(queue=["hit 0", "end_turn"]), "must wait for a player or for chance"),
    (lambda d: d["seats"][0].update(field=26), "'seat 1 field' must be a whole number 0–25"),
    (lambda d: d.update(light_top_seen_by=2), "'light_top_seen_by' must be a whole number 0–1"),
]


@pytest.mark.rule("AR-4.1", "AR-11.2", "AR-2.2", "AR-7.4")
@pytest.mark.parametrize(("change", "message"), _EACH_FIELD_REFUSED)
def test_each_field_is_checked_by_its_own_codec(change, message):
    """Issue #32.2: a field's own bounds are its codec's (setup.SCHEMA), checked as it is
    loaded and named in the refusal; the rules that fields keep together are validate's."""
    assert CARD_KEEP[1] is False and CARD_KIND[0] != GRACE  # the cards the changes use
    data = new_game(players=2, seed=4).snapshot()
    change(data)
    with pytest.raises(ValueError, match=message):
        amber_route.from_snapshot(data)


def test_validate_checks_the_live_state_field_by_field_and_its_caches():
    """A state changed in place is checked like a loaded one (its snapshot by the schema),
    and the values kept for speed must agree with the fields they come from."""
    state = new_game(players=2, seed=4)
    state.validate()
    state.dice = [1] * 6
    with pytest.raises(ValueError, match=r"AR-7\.4"):
        state.validate()
    state = new_game(players=2, seed=4)
    state._actor = 1 - state._actor
    with pytest.raises(ValueError, match="player to move"):
        state.validate()
