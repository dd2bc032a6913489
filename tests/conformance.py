"""Checks every game must pass, whatever its rules (docs/adding-a-game.md, "The tests").

Nothing here knows a game: it uses only the protocol, the game's ``GameInfo`` (``name``,
``player_counts``, ``bots``, ``max_actions``, ``rules``, ``new_game``, ``make_bot``,
``from_json``) and its module's ``COMPONENT_TOTALS`` and ``format_value``; states with
``validate``, ``inventory``, ``clone``, ``snapshot``, ``observation``, ``action_space``).
test_conformance.py runs it over ``boardlib.GAMES``; a new game gets every check by being
registered there.
"""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction
from pathlib import Path

from boardlib import CHANCE, TERMINAL, Event, GameInfo, IllegalAction
from boardlib.messages import LANGUAGES
from boardlib.protocol import ILLEGAL_KINDS, GameState

ROOT = Path(__file__).resolve().parent.parent
UNFILLED = re.compile(r"\{[a-z_]*\}")  # a template field left unfilled, like "{card}"
CLAUSE = re.compile(r"^#{2,4} +([A-Z][A-Z0-9]{1,3}-\d+(?:\.\d+)+)\b", re.MULTILINE)


def clause_ids(game: GameInfo) -> set[str]:
    """The clause ids (``AF-6.5``, …) of the game's docs/rules file."""
    return set(CLAUSE.findall((ROOT / game.rules).read_text("utf-8")))


class _HostileText(str):
    """A str whose comparisons and repr blow up; apply_action must still raise IllegalAction."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile __eq__")

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        raise RuntimeError("hostile __repr__")


class _HostileObject:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile __eq__")

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        raise RuntimeError("hostile __repr__")


JUNK: list[object] = [
    None, 0, -1, 3.5, True, b"pass", ["pass"], ("pass",), {"action": "pass"}, object(), "",
    "   ", "pass pass", "🦕", "x" * 10_000, "\x00", _HostileText("no such move"), _HostileObject(),
]


def is_distribution(odds: list[Fraction]) -> bool:
    """Whether ``odds`` are exact positive fractions that sum to exactly 1. Summed as integers
    over their common denominator: the same answer as adding Fractions, several times faster,
    which the soak run (scripts/soak.py) feels at every chance node."""
    if not all(isinstance(p, Fraction) and p.numerator > 0 for p in odds):
        return False
    common = math.lcm(*(p.denominator for p in odds))
    return sum(p.numerator * (common // p.denominator) for p in odds) == common


def play_random_game(
    game: GameInfo, players: int, seed: int, checks: Checker, variant: str | None = None
) -> GameState:
    """Play one seeded game with the game's bots, checking every step; return the end state."""
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed, variant=variant)
    bots = [game.make_bot(game.rule_bots[(seed + seat) % len(game.rule_bots)])
            for seat in range(players)]
    steps = 0
    while True:
        checks.every_step(state, steps)
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(state, rng)
        events = state.apply_action(action)
        if checks.deep_due(steps):
            checks.narration(state, events)
        steps += 1
        assert steps <= game.max_actions, f"{game.name}: no end after {steps} actions"
    state.validate()
    if checks.deep_every <= game.max_actions:
        checks.deep(state)
    return state


class Checker:
    """The invariants, cheap ones at every step and thorough ones every ``deep_every`` steps."""

    def __init__(self, game: GameInfo, deep_every: int = 25, validate: bool = True) -> None:
        self.game = game
        self.module = game.module
        self.deep_every = deep_every
        self.validate = validate
        self.clauses = clause_ids(game)

    def every_step(self, state: GameState, step: int) -> None:
        if self.validate:
            state.validate()
        assert state.inventory() == self.module.COMPONENT_TOTALS, "a component appeared or vanished"
        legal = state.legal_actions()
        player = state.current_player()
        if player == TERMINAL:
            assert legal == [], "moves offered after the end"
            assert state.is_terminal() and not state.is_chance_node()
        else:
            assert legal, "no legal action, yet the game is not over"
            assert len(set(legal)) == len(legal), "a legal action is listed twice"
            assert 0 <= player < state.num_players or player == CHANCE
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal
            assert is_distribution([p for _, p in outcomes]), "chance odds are not a distribution"
        if self.deep_due(step):
            self.deep(state)

    def deep_due(self, step: int) -> bool:
        """Whether step ``step`` gets the thorough checks: every ``deep_every``-th step, and
        none at all when ``deep_every`` is longer than any game (not even at the start)."""
        return self.deep_every <= self.game.max_actions and step % self.deep_every == 0

    def deep(self, state: GameState) -> None:
        self.round_trips(state)
        self.refuses_everything_illegal(state)
        self.observations(state)

    def round_trips(self, state: GameState) -> None:
        saved = state.to_json()
        json.loads(saved)  # valid JSON
        copy = state.clone()
        assert copy == state and copy.to_json() == saved
        loaded = self.game.from_json(saved)
        assert loaded == state and loaded.to_json() == saved
        assert loaded.legal_actions() == state.legal_actions()
        if not state.is_terminal():  # the copy is independent of the original
            copy.apply_action(copy.legal_actions()[0])
            assert state.to_json() == saved

    def refuses_everything_illegal(self, state: GameState) -> None:
        saved = state.to_json()
        legal = set(state.legal_actions())
        candidates = [a for a in state.action_space() if a not in legal]
        for action in [*candidates, *JUNK]:
            self.refused(state, action, saved)
        player = state.current_player()
        if player >= 0 and legal:  # another player's move
            for other in range(state.num_players):
                if other != player:
                    error = self.refused(state, state.legal_actions()[0], saved, player=other)
                    assert error.kind == "not_your_turn"
        if player == CHANCE and legal:
            error = self.refused(state, state.legal_actions()[0], saved, player=0)
            assert error.kind == "not_your_turn"

    def refused(
        self, state: GameState, action: object, saved: str, player: int | None = None
    ) -> IllegalAction:
        try:
            state.apply_action(action, player=player)
        except IllegalAction as error:
            assert error.kind in ILLEGAL_KINDS
            assert error.reason and isinstance(error.reason, str)
            for lang in LANGUAGES:  # every refusal can be told in every language
                told = error.explain(lang)
                assert told and not UNFILLED.search(told), f"refusal badly told: {told!r}"
            assert error.rule is None or error.rule in self.clauses, f"unknown clause {error.rule}"
            assert state.why_illegal(action, player=player) == str(error)
            assert state.to_json() == saved, f"refusing {action!r} changed the state"
            return error
        shown = str.__str__(action) if isinstance(action, str) else type(action).__name__
        raise AssertionError(f"{shown!r} was accepted but is not legal")

    def narration(self, state: GameState, events: list[Event]) -> None:
        """Every event can be told to every seat in every language, and a seat an event keeps
        secrets from (a card drawn into someone else's hand) never hears them."""
        for event in events:
            for viewer in [None, *range(state.num_players)]:
                for lang in LANGUAGES:
                    text = event.sentence(lang, state.names, viewer)
                    assert text and "{" not in text, f"{event.kind} is not told well: {text!r}"
                    if not event.hidden_from(viewer):
                        continue
                    for key in event.secret:
                        secret = self.module.format_value(key, event.fields[key], lang)
                        assert secret not in text, f"{event.kind} tells seat {viewer} its {key}"

    def observations(self, state: GameState) -> None:
        for player in [None, *range(state.num_players)]:
            view = state.observation(player)
            assert json.loads(json.dumps(view)) == view, "observation is not JSON-safe"
