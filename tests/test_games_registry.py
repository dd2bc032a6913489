"""boardlib.GAMES: each game's GameInfo agrees with its engine, and importing boardlib
loads no engine until a game is asked for."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

import boardlib
from boardlib import GAMES, GameInfo
from boardlib.games import TABLETOP_GAMES
from boardlib.info import SEARCH_BOTS
from boardlib.messages import LANGUAGES


def _fresh_python(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout.strip()


def test_the_registry_lists_the_games_in_order():
    assert list(GAMES)[:4] == ["ambar_fossils", "amphipolis", "amber_route", "ambar_2018"]
    assert tuple(GAMES)[:4] == TABLETOP_GAMES and list(GAMES)[4:] == ["pig"]
    assert all(isinstance(info, GameInfo) and info.name == name for name, info in GAMES.items())


def test_an_info_is_read_only_compared_by_value_and_replace_copies_it():
    info = GAMES["amber_route"]
    with pytest.raises(AttributeError, match="read-only"):
        info.title = "Amber"
    changed = info.replace(hidden_information=False)
    assert changed != info and not changed.hidden_information and changed.title == info.title
    assert changed.replace(hidden_information=True) == info and hash(changed) == hash(info)
    assert pickle.loads(pickle.dumps(info)) == info == copy.deepcopy(info)
    assert repr(info).startswith("GameInfo(name='amber_route', title='Amber Route', ")
    with pytest.raises(TypeError):
        info.replace(colour="amber")


def test_importing_boardlib_imports_no_game():
    loaded = _fresh_python(
        "import sys, boardlib\n"
        "print(sorted(m for m in sys.modules if m.split('.')[1:2] and m.startswith('boardlib.')"
        " and m.split('.')[1] in boardlib.GAMES))")
    assert loaded == "[]"


def test_a_game_loads_on_first_attribute_access():
    loaded = _fresh_python(
        "import sys, boardlib\n"
        "boardlib.amphipolis.new_game(players=2, seed=1)\n"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('boardlib.')"
        " and m.split('.')[1] in boardlib.GAMES}))")
    assert loaded == "['amphipolis']"


def test_unknown_attributes_are_still_attribute_errors():
    with pytest.raises(AttributeError, match="no_such_game"):
        boardlib.no_such_game  # noqa: B018


@pytest.mark.parametrize("name", list(GAMES))
def test_the_info_agrees_with_the_engine(name):
    info = GAMES[name]
    module = info.module
    assert module is getattr(boardlib, name) and module.__name__ == info.module_path
    assert name == module.NAME
    assert info.player_counts == tuple(module.PLAYER_COUNTS)
    assert info.bots == (*module.BOTS, *SEARCH_BOTS) and info.bots[0] == "random"
    assert info.rule_bots == tuple(module.BOTS)
    assert set(info.titles) == set(LANGUAGES) and info.titles["en"] == info.title
    assert name == info.new_game(seed=3).GAME
    for variant in info.variants:
        assert info.new_game(players=info.player_counts[0], seed=3, variant=variant)
    assert info.default_variant == next(iter(info.variants), None)


@pytest.mark.parametrize("name", list(GAMES))
def test_unknown_bots_and_variants_are_refused_with_the_choices(name):
    info = GAMES[name]
    with pytest.raises(ValueError, match=info.bots[-1]):
        info.make_bot("no such bot")
    with pytest.raises(ValueError, match=info.title.replace("(", r"\(").replace(")", r"\)")):
        info.new_game(variant="no such variant")
    for name in (info.rule_bots[-1], *SEARCH_BOTS):
        assert info.make_bot(name).name == name


def test_a_variant_chooses_its_options():
    info = GAMES["amber_route"]
    family = info.new_game(seed=1, variant="family")
    assert family.snapshot()["version"] == "family"
    assert info.new_game(seed=1).snapshot()["version"] == info.default_variant == "advanced"
