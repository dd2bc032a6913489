"""The rulebook's worked examples for Amber Route, replayed move by move (AR-8.6, AR-9.3,
AR-10.3, AR-12.7, AR-13.6), plus the player-fight comparison example (AR-12.3).

Positions are built with ``from_description``; every die is fed as the chance outcome the
example reports, so each test follows the rulebook's narrative step by step.
"""

from __future__ import annotations

import pytest

from boardlib.amber_route import duel_damage
from boardlib.protocol import CHANCE
from tests.helpers import described, do, kinds

position = described("amber_route")


@pytest.mark.rule("AR-8.6", "AR-8.2", "AR-8.3", "AR-8.4", "AR-11.1", "AR-11.2", "AR-6.4")
def test_monster_fight_example():
    # Family: a forest monster (D17, reward: two guard markers) on forest field 2, whose
    # second symbol is a ghost: one symbol matches, a difficult (level II) challenge.
    state = position("""
        version: family
        player 1: field 2, guards 3, amber 0, hand F1 A1
        player 2: field 0
        facing: D17
    """)
    assert state.level == 1 and state.hp == 3
    assert state.round == 0  # support is chosen before the fight's first round
    do(state, "play F1", "play A1", "go")  # support 2: 1 + 2 = 3 dice
    assert state.is_chance_node() and len(state.dice) == 3
    assert state.round == 1  # "the first round"
    do(state, "die 5", "die 6", "die 2", "done")  # two hits on 4-6
    assert state.hp == 1
    assert len(state.other_dice) == 2  # the monster's strength is 2
    assert state.round == 1  # the monster's attack is still the first round
    do(state, "die 4", "die 1")  # one die on 4-6: one guard lost
    assert state.guards[0] == 2
    assert len(state.dice) == 3  # the same three dice again
    assert state.round == 2 and state.snapshot()["round"] == 2  # "attacks again"
    events = do(state, "die 4", "die 1", "die 2", "done")
    assert "overcome" in kinds(events) and state.hp == 0
    assert state.round == 0 and state.snapshot()["round"] is None  # the fight is over
    # 1 amber, the choice of a guard or a light card, then the card's two guard markers
    assert state.amber[0] == 1 and state.guards[0] == 2
    assert state.legal_actions() == ["reward guard", "reward light"]
    events = do(state, "reward guard")
    assert [e.kind for e in events] == ["gain_guards", "card_reward", "gain_guards",
                                        "next_turn"]
    assert state.guards[0] == 5


@pytest.mark.rule("AR-9.3", "AR-9.1", "AR-7.2", "AR-11.1")
def test_ghost_escape_example():
    # Family: a swamp ghost (D37, reward: two light cards) on swamp field 3 (symbol: trap).
    state = position("""
        version: family
        player 1: field 3, guards 3, amber 0, hand S1
        player 2: field 0
        facing: D37
    """)
    assert state.level == 1
    do(state, "play S1", "go")  # 1 + 1 = 2 dice
    do(state, "die 4", "die 4")
    assert sum(state.dice) == 8  # too little: 9 is needed
    do(state, "up 1")  # one guard marker: the die now shows 5
    assert state.dice == [5, 4] and state.guards[0] == 2
    events = do(state, "done")
    assert "overcome" in kinds(events)
    assert state.amber[0] == 1
    do(state, "reward guard")
    assert state.guards[0] == 3
    # the card's reward: two light cards, drawn now
    assert state.is_chance_node() and state.queue[0].kind == "light"
    do(state, "card F2", "card M3")
    assert sum(state.hand[0]) == 2


@pytest.mark.rule("AR-10.3", "AR-10.1", "AR-11.3", "AR-7.3", "AR-7.4", "AR-11.2")
def test_trap_example():
    # A legendary trap: D40 (swamp trap, kept reward) on swamp field 3 whose symbol is a trap.
    # The player kept D51 earlier (reroll 2 dice).
    state = position("""
        version: advanced
        player 1: field 3, guards 3, amber 1, hand A1, kept D51
        player 2: field 0
        facing: D40
    """)
    assert state.level == 2 and state.dice_count == 4
    do(state, "play A1", "go")
    assert len(state.dice) == 5
    do(state, "die 1", "die 1", "die 3", "die 6", "die 4")
    do(state, "reroll 4 5")  # reroll the 6 and the 4
    assert state.kept[0] == [] and state.is_chance_node()
    do(state, "die 2", "die 5")
    assert state.dice == [1, 1, 3, 2, 5]
    do(state, "down 4")  # a guard marker: 2 -> 1
    do(state, "set 5 1")  # an amber: 5 -> 1
    assert state.dice == [1, 1, 3, 1, 1] and state.guards[0] == 2 and state.amber[0] == 0
    events = do(state, "done")
    assert "overcome" in kinds(events)
    assert state.amber[0] + 3 * state.secured[0] == 2  # 2 amber
    assert state.kept[0] == [40]  # he keeps the card with its reward
    assert state.legal_actions() == ["reward guard", "reward light"]


@pytest.mark.rule("AR-12.3")
def test_duel_comparison_example():
    # attacker 6, 5 against defender 5, 4, 4: the attacker deals 2, the defender 1
    assert duel_damage([6, 5], [5, 4, 4]) == (1, 2)
    assert duel_damage([5], [5]) == (1, 0)  # a tie goes to the defender
    assert duel_damage([3, 3], [6]) == (1, 0)  # the unpaired 3 misses
    assert duel_damage([1], [2, 6, 5]) == (2, 0)  # the unpaired 5 hits, the 2 misses


@pytest.mark.rule("AR-12.7", "AR-12.1", "AR-12.2", "AR-12.4", "AR-12.5", "AR-12.6")
def test_duel_example():
    # Advanced: player 1 escapes a level I ghost on field 2 where player 2 stands, then attacks.
    state = position("""
        version: advanced
        player 1: field 2, guards 3, amber 1, hand M1 M2 M3 F2
        player 2: field 2, guards 4, amber 2, hand W1 W2 S3
        facing: D47
    """)
    do(state, "play F2", "go", "die 6", "die 6", "die 6", "done")  # level II: 18 >= 11
    do(state, "reward guard", "card S1")  # the card's own reward: one light card
    assert state.legal_actions() == ["attack 2", "no attack"]
    do(state, "attack 2")
    assert state.round == 0  # cards first: the rounds begin with the dice
    do(state, "add M1", "ready")  # the attacker: one card, 2 dice
    assert state.current_player() == 1
    do(state, "add W1", "add W2")  # the defender: two cards, 3 dice
    assert state.legal_actions() == ["ready"]  # at most 2 cards
    do(state, "ready")
    assert state.is_chance_node() and state.duel[2:4] == [2, 3]
    # round 1: the attacker deals two damage
    assert state.round == 1
    do(state, "die 6", "die 5", "die 4", "die 3", "die 2")
    assert state.duel[2:4] == [2, 1]
    # rounds 2 and 3: the defender deals one damage each time; no guard may change a die
    assert state.queue[0].kind == "roll" and state.round == 2
    do(state, "die 3", "die 2", "die 5")
    assert state.duel[2:4] == [1, 1] and state.round == 3
    events = do(state, "die 2", "die 4")
    assert ("fight_won", 1) in [(e.kind, e.player) for e in events]
    assert state.snapshot()["round"] is None
    assert state.current_player() == 1  # the defender chooses the loot
    assert state.legal_actions() == ["loot amber", "loot cards", "loot guards"]
    do(state, "loot guards")
    assert state.guards[1] == 6 and state.guards[0] == 2


@pytest.mark.rule("AR-13.6", "AR-13.1", "AR-13.2", "AR-13.3", "AR-13.4", "AR-13.5")
def test_family_contest_example():
    state = position("""
        version: family
        player 1: field 2, guards 3, amber 1, hand F1 F2 F3 A1
        player 2: field 2, guards 3, amber 2, hand F1 F2 A2
        facing: D47
    """)
    do(state, "play F1", "go", "die 6", "die 5", "done")  # level II ghost (9 needed)
    do(state, "reward guard", "card M1")
    assert state.legal_actions() == ["attack 2", "no attack"]
    do(state, "attack 2")
    assert state.legal_actions() == ["add F2", "add F3", "add A1"]  # a matching card first
    do(state, "add F3")
    do(state, "card M1", "card F3")  # both players draw a light card
    assert state.current_player() == 1
    do(state, "add F1", "add F2", "add F3", "ready")  # the defender plays his cards
    do(state, "add A1", "ready")  # the attacker adds a card
    assert len(state.dice) == 3
    do(state, "die 3", "die 3", "die 3")
    assert "set 1 6" not in state.legal_actions()  # guards only (AR-13.5)
    do(state, "done")
    assert len(state.other_dice) == 4
    events = do(state, "die 2", "die 4", "die 4", "die 1", "done")
    contest = next(e for e in events if e.kind == "contest")
    assert (contest.fields["attack"], contest.fields["defence"]) == (9, 11)
    assert contest.fields["winner"] == 1  # the defending player wins
    assert state.amber == [2, 2]  # nothing changes hands
    assert sum(state.table) == 0


@pytest.mark.rule("AR-13.4")
def test_family_contest_attacker_takes_amber():
    state = position("""
        version: family
        player 1: field 2, guards 3, amber 0, hand F1 F2
        player 2: field 2, guards 3, amber 2, hand M1
        facing: D47
    """)
    do(state, "play F1", "go", "die 6", "die 5", "done", "reward guard", "card W1",
       "attack 2", "add F2", "card W2", "card W3", "ready", "ready",
       "die 6", "die 6", "done", "die 2", "done")
    assert state.amber == [2, 1]  # one amber gained (with the ghost's one), one lost


def test_descriptions_reach_chance_nodes():
    state = position("""
        player 1: field 3, hand S1
        player 2: field 0
        facing: D37
    """)
    do(state, "go")
    assert state.current_player() == CHANCE
