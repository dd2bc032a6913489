"""Each game's observation has a ``TypedDict`` (boardlib/<game>/observation.py): real
observations must have exactly its keys, nested parts too, so the type cannot drift from the
game's schema. Positions: the start, the middle and the end of a seeded random game, seen by
nobody in particular (None) and by each seat."""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from boardlib import CHANCE, GAMES, TERMINAL
from boardlib.protocol import Action, GameState

OBSERVATION_TYPES = {
    "ambar_2018": "Ambar2018Observation",
    "ambar_fossils": "AmbarFossilsObservation",
    "amber_route": "AmberRouteObservation",
    "amphipolis": "AmphipolisObservation",
    "pig": "PigObservation",
}


def _observation_type(name: str) -> Any:
    module = importlib.import_module(f"boardlib.{name}.observation")
    return getattr(module, OBSERVATION_TYPES[name])


def _typed_dicts_in(hint: Any) -> list[Any]:
    """The TypedDicts a value of type ``hint`` is checked against where it is a mapping:
    the hint itself, or inside ``X | None``, ``list[X]``."""
    if is_typeddict(hint):
        return [hint]
    return [inner for arg in get_args(hint) for inner in _typed_dicts_in(arg)]


def _problems(value: Any, hint: Any, where: str) -> list[str]:
    """How ``value`` differs from ``hint`` in its TypedDicts' keys (empty: it matches)."""
    if is_typeddict(hint):
        if not isinstance(value, Mapping):
            return [f"{where}: {type(value).__name__}, not a mapping"]
        keys = set(value)
        required, optional = set(hint.__required_keys__), set(hint.__optional_keys__)
        found = []
        if required - keys:
            found.append(f"{where}: missing {sorted(required - keys)}")
        if keys - required - optional:
            found.append(f"{where}: undeclared {sorted(keys - required - optional)}")
        hints = get_type_hints(hint)
        for key in keys & set(hints):
            found += _problems(value[key], hints[key], f"{where}.{key}")
        return found
    origin = get_origin(hint)
    if origin is list and isinstance(value, list):
        (item,) = get_args(hint)
        return [p for i, x in enumerate(value) for p in _problems(x, item, f"{where}[{i}]")]
    if origin is Union or type(hint).__name__ == "UnionType":
        typed = _typed_dicts_in(hint)
        if typed and isinstance(value, Mapping):
            return _problems(value, typed[0], where)
    return []


def _play(name: str, players: int, seed: int) -> list[Action]:
    """The actions of one seeded game of random legal moves, to its end."""
    rng = random.Random(seed)
    state = GAMES[name].new_game(players=players, seed=seed)
    actions = []
    while (player := state.current_player()) != TERMINAL:
        action = (state.sample_chance(rng) if player == CHANCE
                  else rng.choice(list(state.legal_actions())))
        state.apply_action(action)
        actions.append(action)
    return actions


def _positions(name: str, players: int, seed: int) -> list[GameState]:
    """The start, the middle and the end of one seeded game."""
    actions = _play(name, players, seed)
    found = []
    for stop in (0, len(actions) // 2, len(actions)):
        state = GAMES[name].new_game(players=players, seed=seed)
        for action in actions[:stop]:
            state.apply_action(action)
        found.append(state)
    return found


def test_every_game_has_an_observation_type():
    assert set(OBSERVATION_TYPES) == set(GAMES)


@pytest.mark.parametrize("name", sorted(OBSERVATION_TYPES))
def test_observation_keys_are_the_typed_dicts(name):
    observation_type = _observation_type(name)
    players = max(GAMES[name].player_counts)
    checked = 0
    for state in _positions(name, players, seed=3):
        for viewer in (None, *range(players)):
            assert _problems(state.observation(viewer), observation_type, "observation") == []
            checked += 1
    assert checked == 3 * (players + 1)


def test_a_drifted_key_is_found():
    """The check can fail: a key too many, one missing, and one in a nested part."""
    state = GAMES["amber_route"].new_game(players=2, seed=1)
    seen = dict(state.observation(0))
    observation_type = _observation_type("amber_route")
    seen["extra"] = 1
    del seen["hp"]
    seen["seats"] = [{**seat, "stray": 0} for seat in seen["seats"]]
    problems = _problems(seen, observation_type, "observation")
    assert any("missing ['hp']" in p for p in problems)
    assert any("undeclared ['extra']" in p for p in problems)
    assert any("seats[0]: undeclared ['stray']" in p for p in problems)
