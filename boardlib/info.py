"""What a game is, as data: its name, titles, player counts, variants, bots and bounds.

Tools, the command line, widgets and tests read a game's ``GameInfo`` (from
``boardlib.GAMES``) instead of reaching into its module, and the module itself is
imported only when something plays the game (``info.module``), so ``import boardlib``
stays cheap.
"""

from __future__ import annotations

import importlib

from boardlib.levels import LEVELS
from boardlib.search import make_level

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (see below)
if TYPE_CHECKING:
    import random
    from collections.abc import Mapping
    from types import ModuleType
    from typing import Any

    from boardlib.bots import Bot
    from boardlib.protocol import GameState

SEARCH_BOTS = tuple(LEVELS)
"""The lookahead bot's levels (boardlib.levels.LEVELS): every game offers them, after its own."""


class GameInfo:
    """One game's facts, and the way in to its engine.

    ``variants`` maps a variant's name to the ``new_game`` options that choose it
    (``{}`` for a game with one version); ``bots`` names the bots the game offers,
    ``"random"`` first, then its own rule-of-thumb bots (``rule_bots``), then the lookahead
    levels of ``SEARCH_BOTS``; ``sampler`` is the module of a game with hidden cards whose
    ``resample(state, seat, rng)`` deals the cards ``seat`` cannot see anew; ``max_actions``
    is a proven bound on a game's length (the conformance suite fails a game that reaches it).

    Read-only, compared by value; ``replace(**changes)`` makes a changed copy. A plain class
    rather than a dataclass, and typing names only for the type checker: ``import boardlib``
    reads this module, and dataclasses (which imports inspect) and typing would be most of
    its cost (issue #11, ``import boardlib`` ≤ 15 ms; benchmarks/bench_import.py).
    """

    # the fields in the constructor's order (repr, replace and pickling follow it), not sorted
    __slots__ = ("name", "title", "titles", "player_counts", "variants", "bots",  # noqa: RUF023
                 "hidden_information", "max_actions", "rules", "module_path", "sampler")
    name: str
    title: str
    titles: Mapping[str, str]
    player_counts: tuple[int, ...]
    variants: Mapping[str, Mapping[str, Any]]
    bots: tuple[str, ...]
    hidden_information: bool
    max_actions: int
    rules: str
    module_path: str
    sampler: str | None

    def __init__(self, name: str, title: str, titles: Mapping[str, str],
                 player_counts: tuple[int, ...], variants: Mapping[str, Mapping[str, Any]],
                 bots: tuple[str, ...], hidden_information: bool, max_actions: int, rules: str,
                 module_path: str, sampler: str | None = None) -> None:
        given = locals()  # every parameter is the field of the same name
        for field in self.__slots__:
            object.__setattr__(self, field, given[field])

    def _fields(self) -> dict[str, Any]:
        return {field: getattr(self, field) for field in self.__slots__}

    def replace(self, **changes: Any) -> GameInfo:
        """A copy with the fields named in ``changes`` changed (as ``dataclasses.replace``)."""
        return GameInfo(**{**self._fields(), **changes})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"GameInfo is read-only (GameInfo.replace makes a changed copy), "
                             f"so {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"GameInfo is read-only, so {name!r} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameInfo):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((self.name, self.module_path))

    def __repr__(self) -> str:
        fields = ", ".join(f"{field}={value!r}" for field, value in self._fields().items())
        return f"GameInfo({fields})"

    def __reduce__(self) -> tuple[type[GameInfo], tuple[Any, ...]]:
        return GameInfo, tuple(self._fields().values())  # read-only: pickle calls __init__

    @property
    def module(self) -> ModuleType:
        """The game's package, imported on first use (Python caches it after that)."""
        return importlib.import_module(self.module_path)

    @property
    def default_variant(self) -> str | None:
        """The variant ``new_game`` plays when none is named: the first, or None."""
        return next(iter(self.variants), None)

    def variant_options(self, variant: str | None) -> dict[str, Any]:
        """The ``new_game`` options of ``variant``; ValueError naming the choices if unknown."""
        if variant is None:
            return {}
        if not self.variants:
            raise ValueError(f"{self.title} has only one rules version, not {variant!r}.")
        if variant not in self.variants:
            raise ValueError(f"{self.title} has no variant {variant!r}; "
                             f"choose from {', '.join(self.variants)}.")
        return dict(self.variants[variant])

    def new_game(self, players: int | None = None, seed: int | None = None,
                 variant: str | None = None, **options: Any) -> GameState:
        """A new game (the game's own default player count and variant unless given)."""
        options = {**self.variant_options(variant), **options}
        if players is not None:
            options["players"] = players
        state: GameState = self.module.new_game(seed=seed, **options)
        return state

    @property
    def rule_bots(self) -> tuple[str, ...]:
        """The game's own bots (random and rules of thumb, no search): fast enough for
        conformance runs and rollouts; the last is the game's strongest heuristic."""
        return tuple(name for name in self.bots if name not in SEARCH_BOTS)

    def knows_bot(self, name: str) -> bool:
        """Whether ``make_bot`` can make ``name``: a listed bot, or ``lookahead:N``, the
        lookahead bot with a budget of N simulations per move (for tournaments and lessons)."""
        return name in self.bots or _budget_of(name) is not None

    def make_bot(self, name: str) -> Bot:
        """A fresh bot of this game by name; ValueError naming the choices otherwise."""
        if not self.knows_bot(name):
            raise ValueError(f"{self.title} has no bot {name!r}; choose from "
                             f"{', '.join(self.bots)} (or lookahead:N, N simulations a move).")
        if name in SEARCH_BOTS or ":" in name:
            return make_level(self, name)
        bot: Bot = self.module.BOTS[name]()
        return bot

    def resample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A state that ``seat`` cannot tell from ``state``, with every card it cannot see
        dealt anew by ``rng`` (a plain copy in a game without hidden cards). Search bots
        start every simulation from one, so they decide only from the seat's view."""
        if self.sampler is None:
            return state.clone()
        resampled: GameState = importlib.import_module(self.sampler).resample(state, seat, rng)
        return resampled

    def from_json(self, text: str) -> GameState:
        """The state a save of this game describes (validated; ValueError otherwise)."""
        state: GameState = self.module.from_json(text)
        return state

    def from_description(self, text: str) -> GameState:
        """A position from the game's short text description (see its ``describe``)."""
        state: GameState = self.module.from_description(text)
        return state

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> GameState:
        """A position from a ``snapshot()`` dict, validated."""
        state: GameState = self.module.from_snapshot(snapshot)
        return state


def _budget_of(name: str) -> int | None:
    """N for a bot spec ``lookahead:N`` (N ≥ 1), else None."""
    prefix, _, budget = name.partition(":")
    if prefix != "lookahead" or not budget.isdigit() or int(budget) < 1:
        return None
    return int(budget)
