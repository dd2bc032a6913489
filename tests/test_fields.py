"""Each game's position schema (``boardlib.fields``): one table per game, from which the
snapshot, the loading, ``clone`` and the description keys are made.

The property at the heart of it: a clone shares no mutable object with its original, in
any position a game reaches (a list left out of the copy plan would be shared silently).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlib import CHANCE, GAMES, TERMINAL
from boardlib.fields import Choice, Field, Flag, ListOf, Names, Optional, Players, Schema, Whole

BOOKKEEPING = frozenset(("history", "_legal_cache", "_weights_cache", "_start"))
"""What the protocol keeps on every state besides the rules' fields (see GameState.begin)."""
SHARED_ON_PURPOSE = frozenset(("_start",))
"""The start snapshot: written once by ``begin`` and never changed, so copies share it."""
CASES = [(name, variant, players) for name, game in GAMES.items()
         for variant in (game.variants or [None]) for players in game.player_counts]


def _mutables(value: object, found: dict[int, str], where: str) -> None:
    """Every list, dict, set and bytearray reachable from ``value`` (through tuples too), by id."""
    if isinstance(value, (list, dict, set, bytearray)):
        found.setdefault(id(value), where)
    if isinstance(value, dict):
        for key, item in value.items():
            _mutables(item, found, f"{where}[{key!r}]")
    elif isinstance(value, (list, tuple, set)):
        for index, item in enumerate(value):
            _mutables(item, found, f"{where}[{index}]")


def attributes(state: object) -> dict[str, object]:
    """Every attribute of ``state``: those kept in slots (``GameState.SLOTTED``), which
    ``vars`` does not see, and those in its ``__dict__``."""
    slotted = getattr(state, "SLOTTED", ())
    return {**{name: getattr(state, name) for name in slotted}, **vars(state)}


def shared_objects(original: object, copy: object) -> list[str]:
    """Where ``copy`` holds a mutable object that is also ``original``'s."""
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for name, value in attributes(original).items():
        if name not in SHARED_ON_PURPOSE:
            _mutables(value, mine, name)
    for name, value in attributes(copy).items():
        if name not in SHARED_ON_PURPOSE:
            _mutables(value, theirs, name)
    return sorted(mine[key] for key in mine.keys() & theirs.keys())


def _positions(name: str, variant: str | None, players: int, seed: int, every: int):
    """Every ``every``-th position of a seeded random game, from the start to the end."""
    game = GAMES[name]
    state = game.new_game(players=players, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state
        player = state.current_player()
        if player == TERMINAL:
            return
        moves = state.legal_tuple() if player != CHANCE else None
        state.apply_action(state.sample_chance(rng) if moves is None else rng.choice(moves))
        step += 1


@pytest.mark.parametrize(("name", "variant", "players"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_a_clone_shares_no_mutable_field_in_any_reached_position(name, variant, players, seed):
    rng = random.Random(seed)
    for state in _positions(name, variant, players, seed, every=7):
        before = state.snapshot()
        copy = state.clone()
        assert shared_objects(state, copy) == [], f"{name}: a clone shares these with its original"
        # and moves on the copy never reach the original
        for _ in range(5):
            player = copy.current_player()
            if player == TERMINAL:
                break
            copy.apply_action(copy.sample_chance(rng) if player == CHANCE
                              else rng.choice(copy.legal_tuple()))
        assert state.snapshot() == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_state_keeps_only_what_its_schema_names(name):
    """Every attribute of a loaded state is a field of the schema (saved), one of its
    unsaved lists, a derived value it names, or the protocol's bookkeeping: nothing is kept
    that a save would lose without anyone noticing."""
    state = GAMES[name].new_game(seed=3)
    schema = type(state).SCHEMA
    named = ({f.name for f in schema.fields if f.kept} | set(schema.unsaved)
             | set(schema.derived) | BOOKKEEPING)
    assert set(vars(state)) - named == set()
    loaded = GAMES[name].from_snapshot(state.snapshot())
    assert set(vars(loaded)) - named == set()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_snapshot_is_the_schema_written_out(name):
    """The snapshot's keys are the schema's, in its order; attribute and key are one name."""
    state = GAMES[name].new_game(seed=5)
    schema = type(state).SCHEMA
    snapshot = state.snapshot()
    top = []
    for f in schema.fields:
        key = "seats" if f.seat else f.group or f.name
        if key not in top:
            top.append(key)
    assert list(snapshot) == top
    for f in schema.fields:
        where = (snapshot["seats"][0] if f.seat else snapshot[f.group] if f.group
                 else snapshot)
        assert f.name in where
        if f.kept:
            assert hasattr(state, f.name), f"{name}: the field {f.name!r} is no attribute"


# ----- the schema itself, on a small made-up position ---------------------------------
TOY = Schema(
    Field("players", Players((2, 3), "Toy", "T-1"), kept=False),
    Field("names", Names()),
    Field("score", Whole(0, 9), seat=True),
    Field("hand", ListOf(Whole(0, 5), longest=3), seat=True, was="cards"),
    Field("phase", Choice(("play", "over"))),
    Field("bank", Whole(0, 20), group="supply"),
    Field("open", Flag(), group="supply", words="table open"),
    Field("leader", Optional(Whole(0, lambda loaded: loaded["players"] - 1))),
    unsaved={"scratch": 1},
    derived=("total",),
)
GOOD = {"players": 2, "names": ["A", "B"],
        "seats": [{"score": 1, "hand": [0, 2]}, {"score": 0, "hand": []}],
        "phase": "play", "supply": {"bank": 4, "open": True}, "leader": None}


class _Toy:
    pass


def test_the_schema_loads_dumps_and_copies_by_its_table():
    loaded = TOY.load(GOOD)
    toy = _Toy()
    TOY.set_on(toy, loaded)
    toy.__dict__["scratch"] = []
    assert vars(toy) == {"names": ["A", "B"], "score": [1, 0], "hand": [[0, 2], []],
                         "phase": 0, "bank": 4, "open": True, "leader": -1, "scratch": []}
    assert TOY.dump(toy) == GOOD
    assert list(TOY.dump(toy)) == list(GOOD)
    assert TOY.copies(1) == ("names", "score", "scratch")
    assert TOY.copies(2) == ("hand",)
    assert TOY.description_keys() == ("names", "phase", "bank", "table open", "leader")
    assert TOY.description_keys(seat=True) == ("score", "hand")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(players=4), "Toy is played by 2 to 3 players, not 4 (T-1)"),
    (lambda d: d["seats"].pop(), "'seats' must list 2 players"),
    (lambda d: d["seats"][1].update(score=10), "'seat 2 score' must be a whole number 0–9"),
    (lambda d: d["seats"][0].update(hand=[1, 1, 1, 1]), "'seat 1 hand' must be a list of at "
                                                        "most 3 items"),
    (lambda d: d.update(phase="sleep"), "'phase' must be one of 'play', 'over'"),
    (lambda d: d.update(supply=[]), "'supply' must be an object with 'bank', 'open'"),
    (lambda d: d["supply"].update(open=1), "'supply open' must be true or false"),
    (lambda d: d.update(leader=2), "'leader' must be a whole number 0–1, not 2"),
    (lambda d: d.update(leader=True), "'leader' must be a whole number 0–1, not True"),
])
def test_the_schema_refuses_a_bad_field_by_name(change, message):
    data = {**GOOD, "seats": [dict(s) for s in GOOD["seats"]], "supply": dict(GOOD["supply"])}
    change(data)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        TOY.load(data)


def test_a_renamed_key_is_read_from_old_saves_and_written_by_its_new_name():
    old = {**GOOD, "seats": [{"score": s["score"], "cards": s["hand"]} for s in GOOD["seats"]]}
    assert TOY.migrate(old) == GOOD
    assert old["seats"][0] == {"score": 1, "cards": [0, 2]}  # the old data is left as it was
    assert TOY.load(old)["hand"] == [[0, 2], []]
    assert TOY.with_old_keys(GOOD) == old  # and back, for records made before the rename
    assert GOOD["seats"][0] == {"score": 1, "hand": [0, 2]}


def test_a_schema_that_names_a_field_twice_is_refused():
    with pytest.raises(ValueError, match="names a field twice"):
        Schema(Field("a", Flag()), Field("a", Whole()))


@pytest.mark.parametrize(("game", "players", "english", "japanese"), [
    ("ambar_fossils", 5, "Âmbar is played by 2 to 4 players, not 5 (AF-1.2).",
     "アンバールは2〜4人で遊ぶゲームです。5人では遊べません（AF-1.2）。"),
    ("amphipolis", 0, "Amphipolis is played by 1 to 4 players (1 is the solo game), not 0 "
     "(AM-1.2).", "アンフィポリスは1〜4人で遊ぶゲームです（1人ならソロゲーム）。"
     "0人では遊べません（AM-1.2）。"),
])
def test_a_wrong_player_count_is_told_in_each_language(game, players, english, japanese):
    """The lessons' Japanese twins print the refusal in Japanese (#30): the same error, the
    same rule, from the message catalog."""
    from boardlib import GAMES
    from boardlib.fields import PlayerCountError

    with pytest.raises(PlayerCountError) as refused:
        GAMES[game].module.new_game(players=players)
    assert str(refused.value) == english
    assert refused.value.explain("ja") == japanese
    assert refused.value.explain("en") == english
