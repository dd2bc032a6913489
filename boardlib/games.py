"""The registry of games: ``GAMES[name]`` is that game's ``GameInfo``.

Only data lives here, so reading it imports no engine: a game's package loads when it is
first played (``GAMES[name].module``). The player counts repeat the games' component files;
tests/test_games_registry.py checks that they agree with the engines.
"""

from __future__ import annotations

from boardlib.info import SEARCH_BOTS, GameInfo

AMBAR_FOSSILS = GameInfo(
    name="ambar_fossils",
    title="Âmbar",
    titles={"en": "Âmbar", "ja": "アンバール"},
    player_counts=(2, 3, 4),
    variants={},
    bots=("random", "greedy", *SEARCH_BOTS),
    hidden_information=False,
    max_actions=2_000,
    rules="docs/rules/ambar_fossils.md",
    module_path="boardlib.ambar_fossils",
)
# max_actions: no game is longer. A turn that reveals or places something is "progress": at most
# 76 flips (the Excavation starts with ≤ 76 face-down fossils) and 96 placements (a swap
# uses up a face-down display fossil, a stack a piece from the Excavation). A progress
# turn has ≤ 4 actions; between two of them come fewer passing turns than players
# (AF-8.3, AF-8.5), each of ≤ 2 actions: 172 × (4 + 2 × 3) = 1,720 < 2,000.

AMPHIPOLIS = GameInfo(
    name="amphipolis",
    title="Amphipolis",
    titles={"en": "Amphipolis", "ja": "アンフィポリス"},
    player_counts=(1, 2, 3, 4),  # 1: the solo game against the grave robber
    variants={},
    bots=("random", "greedy", *SEARCH_BOTS),
    hidden_information=False,
    max_actions=400,
    rules="docs/rules/amphipolis.md",
    module_path="boardlib.amphipolis",
)
# max_actions: no game is longer. Chance: 4 set-up draws, and each draw takes a tile out of the bag,
# which holds at most 135 − 4 tiles: ≤ 135 chance actions. Every ``take`` moves one of the
# 111 finds (non-landslide tiles) out of a sorting area: ≤ 111. The remaining actions
# (a character's use and ``end``) are at most 2 per turn, and a turn that does not end the
# game draws 4 tiles (the bag never runs dry first, AM-5.2), so there are at most
# ⌈131 / 4⌉ = 33 turns: ≤ 66. In all ≤ 135 + 111 + 66 = 312 < 400.

AMBER_ROUTE = GameInfo(
    name="amber_route",
    title="Amber Route",
    titles={"en": "Amber Route", "ja": "アンバールート"},
    player_counts=(2, 3, 4),
    variants={"advanced": {"version": "advanced"}, "family": {"version": "family"}},
    bots=("random", "careful", *SEARCH_BOTS),
    hidden_information=True,  # light cards in hand are private: people see observation(seat)
    max_actions=600_000,
    rules="docs/rules/amber_route.md",
    module_path="boardlib.amber_route",
    sampler="boardlib.amber_route.hidden",
)
# max_actions, a bound on a game's length (typical games: 300–1,000 actions); the sketch (AR-14.4):
#
# Turns. A move advances a token ≥ 1 of 25 fields: ≤ 4 × 25 = 100 moves. Other turns:
# grace ≤ 4; missed turns ≤ 4 per trap, traps ≤ moves: ≤ 400; castle skips ≤ 3; recruiting
# needs < 6 guards, and guards are lost only in moves (the mover ≤ 6 + ≤ 5 gained that turn,
# a looted player 2): ≤ 12 + 100 × 13 = 1,312; buying spends unsecured amber, gained only in
# moves (≤ 5 each) and grace gifts (≤ 16): ≤ 4 + 500 + 16 = 520. So ≤ 2,350 turns.
# Actions per turn, apart from monster rounds: ≤ 5 dice per roll (AR-7.4), changes paid by
# guards (≤ 6 + gains), amber (≤ 2) or kept cards (≤ 28), a duel ≤ 6 rounds, a grace card
# ≤ 4 dice, 4 picks and 8 draws with discards: ≤ 250. 2,350 × 250 < 600,000.
# The one unbounded part is a monster fight's number of rounds (a round with no damage either
# way can repeat); each round the player's first die hits with probability ≥ 1/2 and a monster
# has ≤ 5 hit points, so a fight of k rounds has probability ≤ P(Binomial(k, 1/2) < 5),
# e.g. below 10⁻²⁰⁰⁰ long before the bound is reached.

AMBAR_2018 = GameInfo(
    name="ambar_2018",
    title="Ambar (2018)",
    titles={"en": "Ambar (2018)", "ja": "アンバール（2018年版）"},
    player_counts=(2, 3, 4),
    variants={},
    bots=("random", "cautious", *SEARCH_BOTS),
    hidden_information=True,  # event cards in hand and an Oracle's peek are private
    max_actions=25_000,
    rules="docs/rules/ambar_2018.md",
    module_path="boardlib.ambar_2018",
    sampler="boardlib.ambar_2018.hidden",
)
# max_actions: no game is longer. Every turn draws at least one card from the journey deck (AB-9.1)
# and a deck card is drawn once per round, so there are at most 66 + 78 = 144 turns: the
# round-2 deck is at most the 66 journey cards plus the 12 starting alchemy, traveller and
# village cards that upgrades discard. A turn has at most: 1 round choice; per deck card
# drawn (≤ 7 + soldiers spent on fights, ≤ 7 + 15 = 22) a draw decision, a draw, a danger
# decision and an Oracle peek and choice (5 each, 110); the reward event draw; response
# windows of ≤ 3 seats; ≤ 7 journey actions plus one per event discarded, each with a
# carry window of ≤ 3 answers (≤ 4 steps each, 28); end; ≤ 4 trade and ≤ 4 upgrade
# decisions: under 160 steps. Event cards enter hands only by the deal (≤ 4) and the
# sixth-day reward (≤ 1 per turn), so at most 148 event cards are ever played or
# discarded, each adding at most 4 + 4 steps (the play, the action it buys and its carry
# window, one more decision in a window): 144 × 160 + 148 × 8 = 24,224. Soldiers are
# the only thing that lets a line-up pass 7 draws, and the 15 soldiers in the game bound
# the fights of a turn, so 22 draws per turn is generous; in practice games take a few
# hundred steps and 25,000 is never reached (the conformance suite checks it).

PIG = GameInfo(
    name="pig",
    title="Pig",
    titles={"en": "Pig", "ja": "ピッグ"},
    player_counts=(2,),
    variants={},
    bots=("random", "hold_at_20", *SEARCH_BOTS),
    hidden_information=False,
    max_actions=1_000_000,
    rules="docs/rules/pig.md",
    module_path="boardlib.pig",
)
# max_actions: no bound holds for every way of playing (a player who never holds never
# scores), so this one is for the game's bots, with any target ≤ 1,000 (PG-2.1). A hold
# banks ≥ 2 points (PG-3.2), so a game has fewer than 1,000 holds; a turn of either bot
# ends in a hold with probability ≥ 0.375 (hold at 20 reaches 20 before a 1 with
# probability 0.3755; the random bot holds at its second decision with 5/6 × 1/2) and lasts
# 2 actions per roll plus the hold, with a roll ending it (a 1) with probability ≥ 1/6. So a
# game averages at most 13 × 1,000 / 0.375 < 35,000 actions, and as a sum of geometric
# variables its length has exponentially small tails: 1,000,000 is never reached in
# practice (the conformance suite checks it at the standard target).

GAMES: dict[str, GameInfo] = {
    info.name: info for info in (AMBAR_FOSSILS, AMPHIPOLIS, AMBER_ROUTE, AMBAR_2018, PIG)
}
"""Game name → ``GameInfo``, so tests, bots, widgets and the command line are generic."""

TABLETOP_GAMES: tuple[str, ...] = ("ambar_fossils", "amphipolis", "amber_route", "ambar_2018")
"""The four tabletop games the product teaches, in ``GAMES`` order; Pig, the fifth entry, is
the warm-up game that proves the contract, so benchmarks of the games leave it out."""
