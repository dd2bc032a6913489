"""Games that keep the rules' fields in slots (``__slots__ = SCHEMA.slots``, see
``GameState.SLOTTED``): Amber Route and Ambar (2018).

tests/test_fields.py checks every game's clone through ``vars(state)``, which does not see
slots: these tests check the same things for the slots — nothing shared with a clone, every
slot named by the schema and set, moves on a copy never reaching the original.
"""

from __future__ import annotations

import random

import pytest

from boardlib import GAMES
from boardlib.protocol import CHANCE, TERMINAL, GameState
from tests.test_fields import BOOKKEEPING, _mutables

SLOTTED = [("amber_route", "advanced"), ("amber_route", "family"), ("ambar_2018", None)]


def _new(game: str, variant: str | None, players: int, seed: int) -> GameState:
    options = {"version": variant} if variant else {}
    return GAMES[game].module.new_game(players=players, seed=seed, **options)


def _everything(state: GameState) -> dict[str, object]:
    """The state's attributes: its slots and its ``__dict__``."""
    return {**{name: getattr(state, name) for name in state.SLOTTED}, **vars(state)}


def _shared(original: GameState, copy: GameState) -> list[str]:
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for name, value in _everything(original).items():
        if name != "_start":  # written once by begin and never changed: shared on purpose
            _mutables(value, mine, name)
    for name, value in _everything(copy).items():
        if name != "_start":
            _mutables(value, theirs, name)
    return sorted(mine[key] for key in mine.keys() & theirs.keys())


@pytest.mark.parametrize(("game", "variant"), SLOTTED)
def test_the_slots_are_the_schema_fields_and_what_is_derived_from_them(game, variant):
    state = _new(game, variant, 3, 2)
    schema = type(state).SCHEMA
    kept = {f.name for f in schema.fields if f.kept}
    assert set(state.SLOTTED) == kept | set(schema.unsaved) | set(schema.derived)
    assert len(state.SLOTTED) == len(set(state.SLOTTED))
    assert all(hasattr(state, name) for name in state.SLOTTED)  # every slot is set
    assert set(vars(state)) <= BOOKKEEPING | {"_json"}  # only bookkeeping is in __dict__


def test_a_game_without_slots_names_none():
    assert _new("pig", None, 2, 1).SLOTTED == ()  # a handful of fields: a plain instance dict


@pytest.mark.parametrize(("game", "variant"), SLOTTED)
@pytest.mark.parametrize("seed", range(4))
def test_a_clone_shares_no_slot_and_moves_on_it_never_reach_the_original(game, variant, seed):
    rng = random.Random(seed)
    state = _new(game, variant, 2 + seed % 3, seed)
    step = 0
    while state.current_player() != TERMINAL:
        if step % 5 == 0:
            before = state.snapshot()
            copy = state.clone()
            assert _shared(state, copy) == []
            assert copy == state and copy.to_json() == state.to_json()
            assert all(getattr(copy, name) == getattr(state, name) for name in state.SLOTTED)
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
