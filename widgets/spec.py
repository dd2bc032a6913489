"""What one game adds to the generic board: a small spec of pure functions, and its registry.

Every function of a spec reads only ``seen``, the game's ``observation(viewer)``: what the
seat looking at the screen may see (``None``: the public view). So a board cannot show a card
its viewer may not see: the hidden state never reaches the game's drawing code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Generic, TypeVar

from boardlib.games import GAMES
from boardlib.protocol import Event
from widgets.labels import Catalog
from widgets.scene import Scene

Seen = Mapping[str, Any]
"""``state.observation(viewer)``: JSON-safe, what the viewer may see."""

SeenT = TypeVar("SeenT", bound=Seen)
"""A game's own observation type (its ``TypedDict``, boardlib/<game>/observation.py): a spec's
functions read it with the keys checked; the board and the registry see only ``Seen``."""


@dataclass(frozen=True)
class ViewContext:
    """Everything a view needs besides what is seen: who looks, what to outline, the language."""

    viewer: int | None = None  # the seat at the screen (None: nobody's private view)
    highlights: Mapping[str, str] = field(default_factory=dict)  # target → legal, hint, chosen…
    lang: str = "en"
    names: Sequence[str] = ()  # the seats' names in this language
    bots: Mapping[int, str] = field(default_factory=dict)  # seat → bot name
    options: Mapping[str, bool] = field(default_factory=dict)  # the spec's view options, set
    recent: Sequence[str] = ()  # the moves the seat to move has just made in a row, oldest first


@dataclass(frozen=True)
class LessonStep:
    """One rule taught by doing it: a position, the goal in every language, the moves it is about.

    ``expect`` lists the moves that show the rule (any of them earns the ✔); ``before`` the
    student's moves on the way there, a tuple of choices per move (the Assistant, then the
    caryatid). Until the ✔, a legal move off that way is set aside, unplayed, with the reason.
    ``bots`` seats bots so the other players answer. Kept as data once per game, shared by the
    English and the Japanese notebooks.
    """

    rules: tuple[str, ...]
    position: str
    goal: Mapping[str, str]
    expect: tuple[str, ...] = ()
    before: tuple[tuple[str, ...], ...] = ()
    bots: Mapping[int, str] = field(default_factory=dict)
    seed: int = 1


@dataclass(frozen=True)
class News:
    """What a move brought, said in the header: a result, anyone's. ``bad`` marks bad news for
    the player at the screen (a warning sign); a ✔ is kept for a lesson step's goal reached."""

    text: str
    bad: bool = False


@dataclass(frozen=True)
class OddsRow:
    """One choice in front of the player, with the exact chances of what may follow."""

    choice: str  # the move in words ("Turn over a Dinosaur")
    chances: tuple[Fraction, ...]  # one per heading of the table
    why: str  # the chances in a student's words ("3 of the 20 unseen Dinosaurs …")
    best: bool = False


@dataclass(frozen=True)
class Odds:
    """The exact odds of the decision at hand, from what the viewer may see alone.

    A column holds chances (shown as percentages, the exact fraction beside), points a move
    adds now ("points": +4), or an expected count ("mean": 2.35, the fraction on hover).
    """

    headings: tuple[str, ...]
    rows: tuple[OddsRow, ...]
    note: str = ""
    subject: str = ""  # the first column's heading ("" : the board's "Choice")
    numbers: tuple[str, ...] = ()  # per heading: "chance" (the default), "points" or "mean"
    then: tuple[Odds, ...] = ()  # more tables in the same panel (Amphipolis: the next draw)


@dataclass(frozen=True)
class BoardSpec(Generic[SeenT]):
    """A game's board: how it looks, where its moves are clicked, and its words.

    - ``view(seen, context) -> Scene``: the game's picture (the board adds the header above it,
      the outlines, the last-move tags and the messages).
    - ``target_of(action, seat, seen)``: the click target that makes ``action`` by ``seat``, or
      None (the move then gets a button).
    - ``intent(target, seen, lang)``: what a click on ``target`` asks for when no legal move is
      there — ``(action, None)`` to be explained by the engine, or ``(None, reason)``.
    - ``status(seen, names, lang)``: whose turn and which step, in words.
    - ``action_words(action, seen, lang)``: a move in words, for buttons, choosers and hints.
    - ``hint_reason(seen, action, lang)``: why the hint bot's move is good, in words.
    - ``news(events, seen, lang)``: what a move brought, told in the header (``News``), or None.
    - ``odds(seen, lang)``: the exact chances of the decision in front of the player to move
      (None when chance plays no part in it), computed from ``seen`` alone.
    - ``lessons``: the rule steps, by name.
    - ``routes(target, seen)``: move sequences that reach ``target`` when its own move is not
      legal now (Amphipolis: a character, then the take of the clicked tile); the board keeps
      those that are legal and offers them in the chooser beside the refusal.
    - ``untagged``: kinds of moves whose target means something else once play moves on (a
      position in a line-up that the next turn fills with other cards): the board puts no
      last-move tag on them.
    - ``view_options``: name → default of what the view may show or hide (a teaching aid a
      teacher switches off); the board shows a checkbox for each, labelled ``option_<name>``,
      and hands the choices to ``view`` in ``ViewContext.options``.
    """

    game: str
    view: Callable[[SeenT, ViewContext], Scene]
    target_of: Callable[[str, int, SeenT], str | None]
    intent: Callable[[str, SeenT, str], tuple[str | None, str | None]]
    status: Callable[[SeenT, Sequence[str], str], str]
    action_words: Callable[[str, SeenT, str], str]
    hint_reason: Callable[[SeenT, str, str], str]
    labels: Catalog
    news: Callable[[Sequence[Event], SeenT, str], News | None] | None = None  # "Extra turn!"
    odds: Callable[[SeenT, str], Odds | None] | None = None  # the odds panel's numbers
    hint_bot: str = "greedy"
    button_kinds: tuple[str, ...] = ()  # moves that get a button even though they have a target
    header_colour: str = "#5b3a1a"
    lessons: Mapping[str, LessonStep] = field(default_factory=dict)
    view_options: Mapping[str, bool] = field(default_factory=dict)
    routes: Callable[[str, SeenT], Sequence[tuple[str, ...]]] | None = None
    untagged: tuple[str, ...] = ()  # move kinds whose target names another thing later on


_SPEC_MODULES = {game: f"widgets.{game}.spec" for game in GAMES
                 if (Path(__file__).resolve().parent / game / "spec.py").is_file()}
"""Game name → the module holding its ``SPEC``, loaded when first asked for: every game of
``boardlib.GAMES``, in its order, that has a ``widgets/<game>/spec.py`` (Pig has no board)."""


class _Boards(Mapping[str, BoardSpec[Any]]):
    """``widgets.BOARDS``: game name → spec, importing a game's board only when it is used."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, BoardSpec[Any]] = {}

    def __getitem__(self, game: str) -> BoardSpec[Any]:
        if game not in self._modules:
            raise KeyError(f"no board for {game!r}: boards exist for {', '.join(self._modules)}")
        if game not in self._loaded:
            self._loaded[game] = importlib.import_module(self._modules[game]).SPEC
        return self._loaded[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


BOARDS: Mapping[str, BoardSpec[Any]] = _Boards(_SPEC_MODULES)
