"""Amber Route keeps the rules' fields in slots (state.py, ``AmberRouteState.__slots__``).

tests/test_fields.py checks every game's clone through ``vars(state)``, which does not see
slots: these tests check the same things for the slots — nothing shared with a clone, every
slot named by the schema and set, moves on a copy never reaching the original.
"""

from __future__ import annotations

import random

import pytest

from boardlib.amber_route import AmberRouteState, new_game
from boardlib.amber_route.setup import SCHEMA
from boardlib.amber_route.state import SLOTS
from boardlib.protocol import CHANCE, TERMINAL
from tests.test_fields import BOOKKEEPING, _mutables


def _everything(state: AmberRouteState) -> dict[str, object]:
    """The state's attributes: its slots and its ``__dict__``."""
    return {**{name: getattr(state, name) for name in SLOTS}, **vars(state)}


def _shared(original: AmberRouteState, copy: AmberRouteState) -> list[str]:
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for name, value in _everything(original).items():
        if name != "_start":  # written once by begin and never changed: shared on purpose
            _mutables(value, mine, name)
    for name, value in _everything(copy).items():
        if name != "_start":
            _mutables(value, theirs, name)
    return sorted(mine[key] for key in mine.keys() & theirs.keys())


def test_the_slots_are_the_schema_fields_and_what_is_derived_from_them():
    kept = {f.name for f in SCHEMA.fields if f.kept}
    assert set(SLOTS) == kept | set(SCHEMA.derived)
    assert len(SLOTS) == len(set(SLOTS))
    state = new_game(players=3, seed=2)
    assert all(hasattr(state, name) for name in SLOTS)  # every slot is set on a new game
    assert set(vars(state)) <= BOOKKEEPING  # only the protocol's bookkeeping is in __dict__


@pytest.mark.parametrize("version", ["advanced", "family"])
@pytest.mark.parametrize("seed", range(4))
def test_a_clone_shares_no_slot_and_moves_on_it_never_reach_the_original(version, seed):
    rng = random.Random(seed)
    state = new_game(players=2 + seed % 3, seed=seed, version=version)
    step = 0
    while state.current_player() != TERMINAL:
        if step % 5 == 0:
            before = state.snapshot()
            copy = state.clone()
            assert _shared(state, copy) == []
            assert copy == state and copy.to_json() == state.to_json()
            assert all(getattr(copy, name) == getattr(state, name) for name in SLOTS)
            for _ in range(6):
                player = copy.current_player()
                if player == TERMINAL:
                    break
                copy.apply_action(copy.sample_chance(rng) if player == CHANCE
                                  else rng.choice(copy.legal_tuple()))
            assert state.snapshot() == before
            copy.validate()
        player = state.current_player()
        state.apply_action(state.sample_chance(rng) if player == CHANCE
                           else rng.choice(state.legal_tuple()))
        step += 1
    state.validate()
