"""Games that keep the rules' fields in slots (``__slots__ = SCHEMA.slots``, see
``GameState.SLOTTED``): every slot is a field the schema names, every one is set, and only
the protocol's bookkeeping stays in ``__dict__``. (That a clone shares no slot with its
original is tests/test_fields.py's property, which reads slots too.)"""

from __future__ import annotations

import pytest

from boardlib import GAMES
from boardlib.protocol import GameState
from tests.test_fields import BOOKKEEPING

SLOTTED = [("amber_route", "advanced"), ("amber_route", "family"), ("ambar_2018", None),
           ("ambar_fossils", None), ("amphipolis", None)]


def _new(game: str, variant: str | None, players: int, seed: int) -> GameState:
    options = {"version": variant} if variant else {}
    return GAMES[game].module.new_game(players=players, seed=seed, **options)


@pytest.mark.parametrize(("game", "variant"), SLOTTED)
def test_the_slots_are_the_schema_fields_and_what_is_derived_from_them(game, variant):
    state = _new(game, variant, 3, 2)
    schema = type(state).SCHEMA
    kept = {f.name for f in schema.fields if f.kept}
    assert set(state.SLOTTED) == kept | set(schema.unsaved) | set(schema.derived)
    assert len(state.SLOTTED) == len(set(state.SLOTTED))
    assert all(hasattr(state, name) for name in state.SLOTTED)  # every slot is set
    assert set(vars(state)) <= BOOKKEEPING  # only the protocol's bookkeeping is in __dict__
    copy = state.clone()
    assert all(getattr(copy, name) == getattr(state, name) for name in state.SLOTTED)
    assert copy == state and copy.to_json() == state.to_json()


def test_a_game_without_slots_names_none():
    assert _new("pig", None, 2, 1).SLOTTED == ()  # a handful of fields: a plain instance dict
