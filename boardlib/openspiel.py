"""Every game as an OpenSpiel game, so OpenSpiel's algorithms run on these rules.

Needs the optional extra ``pip install 'tabletop-classroom[openspiel]'``; ``import boardlib``
never imports pyspiel, only importing this module does. Importing it registers one Python game
per boardlib game, named ``boardlib_<game>``::

    import pyspiel
    import boardlib.openspiel
    game = pyspiel.load_game("boardlib_amphipolis", {"players": 3, "seed": 7})

- Actions are integers: the game's whole action space (``GameState.action_space()``) sorted by
  its text, so an id means the same move in every position, every run and every version
  that keeps the move's spelling (``action_names``). Chance outcomes use the same ids.
- Chance nodes carry the rules' exact probabilities (as floats). The set-up that
  ``new_game(seed=…)`` does (the shuffles before the first move) is fixed by the ``seed``
  parameter; every later draw is a chance node.
- Returns are 2·r − 1, r being the share of opponents a seat beat (ties half): +1/−1/0 in a
  2-player game, summing to 0 for any player count (so the games are declared zero-sum;
  hence 2–4 players, no solo Amphipolis).
- Observation strings are ``observation(player)`` as sorted JSON: what that seat may see.
  No tensors and no information-state strings are offered. OpenSpiel's MCTS bot searches
  the state it is given, hidden cards included: in the two hidden-card games it sees more than
  a seat may (our ``LookaheadBot`` does not).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pyspiel

from boardlib.games import GAMES
from boardlib.info import GameInfo
from boardlib.protocol import CHANCE, GameState
from boardlib.search import rewards

PREFIX = "boardlib_"


@cache
def action_names(game: str) -> tuple[str, ...]:
    """The game's actions by integer id: its whole action space, sorted by text."""
    state = GAMES[game].new_game(seed=0)
    return tuple(sorted({str(action) for action in state.action_space()}))


@cache
def action_ids(game: str) -> dict[str, int]:
    """The inverse of ``action_names``: an action's text → its id."""
    return {name: i for i, name in enumerate(action_names(game))}


class _Held:
    """The boardlib state inside an OpenSpiel state. OpenSpiel clones a Python state with
    ``copy.deepcopy``; this makes that the rules' own fast ``clone``."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())


class BoardlibState(pyspiel.State):
    """An OpenSpiel state around a boardlib ``GameState``."""

    def __init__(self, game: BoardlibGame, state: GameState) -> None:
        super().__init__(game)
        self.held = _Held(state)
        self.names = action_names(game.info.name)
        self.ids = action_ids(game.info.name)

    @property
    def rules(self) -> GameState:
        """The boardlib state (read it, do not change it)."""
        return self.held.state

    def current_player(self) -> int:
        player = self.held.state.current_player()
        if player >= 0:
            return player
        return int(pyspiel.PlayerId.CHANCE if player == CHANCE else pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        ids = self.ids
        return sorted(ids[str(action)] for action in self.held.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ids = self.ids
        return sorted((ids[str(outcome)], float(p))
                      for outcome, p in self.held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.held.state.apply_action(self.names[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self.names[action]

    def is_terminal(self) -> bool:
        return self.held.state.is_terminal()

    def returns(self) -> list[float]:
        state = self.held.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        return [2 * r - 1 for r in rewards(state.result(), state.num_players)]

    def observation_string(self, player: int) -> str:
        return json.dumps(self.held.state.observation(player), sort_keys=True,
                          ensure_ascii=False)

    def __str__(self) -> str:
        return self.held.state.describe()


class _Observer:
    """OpenSpiel's Python observer: strings only (``observation(player)`` as JSON)."""

    def __init__(self, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"no observation parameters are supported, not {params}")
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: BoardlibState, player: int) -> None:
        pass

    def string_from(self, state: BoardlibState, player: int) -> str:
        return state.observation_string(player)


class BoardlibGame(pyspiel.Game):
    """An OpenSpiel game for one boardlib game; parameters players, seed and variant."""

    info: GameInfo

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = GAME_TYPES[self.info.name]
        players = int(params.get("players", 2))
        if players not in self.counts():
            raise ValueError(f"{self.info.title} in OpenSpiel is for "
                             f"{', '.join(map(str, self.counts()))} players, not {players}")
        self.players = players
        self.seed = int(params.get("seed", 1))
        variant = str(params.get("variant", self.info.default_variant or ""))
        self.variant = variant or None
        self.info.variant_options(self.variant)  # an unknown variant: ValueError naming them
        info = pyspiel.GameInfo(
            num_distinct_actions=len(action_names(self.info.name)),
            max_chance_outcomes=len(action_names(self.info.name)),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.info.max_actions,
        )
        super().__init__(game_type, info, {"players": players, "seed": self.seed,
                                           "variant": variant})

    @classmethod
    def counts(cls) -> tuple[int, ...]:
        return tuple(n for n in cls.info.player_counts if n >= 2)

    def new_initial_state(self) -> BoardlibState:
        state = self.info.new_game(players=self.players, seed=self.seed, variant=self.variant)
        return BoardlibState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(iig_obs_type, params)


def _game_type(info: GameInfo) -> Any:
    counts = [n for n in info.player_counts if n >= 2]
    information = (pyspiel.GameType.Information.IMPERFECT_INFORMATION
                   if info.hidden_information
                   else pyspiel.GameType.Information.PERFECT_INFORMATION)
    return pyspiel.GameType(
        short_name=PREFIX + info.name,
        long_name=f"{info.title} (boardlib)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": 2 if 2 in counts else counts[0], "seed": 1,
                                 "variant": info.default_variant or ""},
    )


GAME_TYPES: dict[str, Any] = {}
GAME_CLASSES: dict[str, type[BoardlibGame]] = {}


def _register() -> None:
    """Register every boardlib game with OpenSpiel (once per process)."""
    registered = set(pyspiel.registered_names())
    for name, info in GAMES.items():
        if not any(n >= 2 for n in info.player_counts):
            continue
        GAME_TYPES[name] = _game_type(info)
        cls = type(f"Boardlib_{name}", (BoardlibGame,), {"info": info})
        GAME_CLASSES[name] = cls
        if PREFIX + name not in registered:
            pyspiel.register_game(GAME_TYPES[name], cls)


def load(game: str, players: int = 2, seed: int = 1, variant: str | None = None) -> Any:
    """The OpenSpiel game for boardlib game ``game`` (``pyspiel.load_game`` by its name)."""
    if game not in GAME_CLASSES:
        raise ValueError(f"no OpenSpiel game for {game!r}; choose from {', '.join(GAME_CLASSES)}")
    if not 0 <= seed < 2**31:
        raise ValueError(f"OpenSpiel takes a seed from 0 to 2**31 - 1, not {seed}")
    params: dict[str, Any] = {"players": players, "seed": seed}
    if variant is not None:
        params["variant"] = variant
    return pyspiel.load_game(PREFIX + game, params)


_register()
