"""The rules protocol every game follows (docs/adding-a-game.md walks through it).

A game state answers "whose turn is it, what may they do, what happens by chance
and with what probability". Chance is a player (``CHANCE``): every shuffle, draw,
reveal and die roll is a chance node whose outcomes carry exact ``Fraction``
probabilities, so one engine serves the widgets (sample an outcome), fast
simulation (sample with integer weights) and the probability lessons (sum exactly).

Actions are short strings (``Action`` is a ``str`` subclass with parsed fields):
immutable, hashable, readable, unique within a state, and JSON-safe in saves.
A plain string that spells a move (``"place 3"``) is accepted wherever an
``Action`` is.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from itertools import accumulate
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from boardlib.fields import Schema
from boardlib.messages import default_names as default_names  # re-exported for the games
from boardlib.messages import register_catalog, render_event, render_message

if TYPE_CHECKING:
    from boardlib.ranking import Result

CHANCE = -1
"""``current_player()`` at a chance node: the outcome is drawn, not chosen."""

TERMINAL = -2
"""``current_player()`` once the game is over."""

SAVE_FORMAT, SAVE_VERSION = "boardlib-save", 2
"""What ``to_json`` writes in a save's "format" and "version" fields (boardlib.saves reads it)."""

ILLEGAL_KINDS = ("not_your_turn", "game_over", "wrong_phase", "rule", "malformed")

Start = dict[str, Any] | Callable[[], dict[str, Any]]
"""What ``begin`` keeps as a game's start: its snapshot, or a function of no arguments that
writes it when a save first asks (``start_later`` makes one)."""


class IllegalAction(ValueError):
    """A move that is not allowed now; the state it was tried on is unchanged.

    ``kind`` is one of ``ILLEGAL_KINDS``; ``reason`` is plain words for a player;
    ``rule`` is the clause id in docs/rules/<game>.md that the move breaks, if any.
    """

    def __init__(
        self,
        kind: str,
        reason: str,
        rule: str | None = None,
        *,
        key: str | None = None,
        fields: dict[str, Any] | None = None,
        game: str | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        if kind not in ILLEGAL_KINDS:
            raise ValueError(f"unknown IllegalAction kind {kind!r}")
        self.kind = kind
        self.reason = reason
        self.rule = rule
        self.key, self.fields, self.game = key, dict(fields or {}), game
        self.names = list(names) if names is not None else None
        super().__init__(f"{reason} ({rule})" if rule else reason)

    def explain(self, lang: str = "en") -> str:
        """The reason in ``lang`` (from the message catalog; English if it has none)."""
        if self.key is None or lang == "en":
            return self.reason
        return render_message(self.game, self.key, self.fields, lang, self.names)

    def told(self, lang: str = "en") -> str:
        """The reason in ``lang`` with the rule it breaks, as ``str()`` gives it in English:
        "… (AF-4.2)", "…（AF-4.2）"."""
        if lang == "en":
            return str(self)
        reason = self.explain(lang)
        return f"{reason}（{self.rule}）" if self.rule else reason


def illegal(kind: str, key: str, rule: str | None = None, *, game: str | None = None,
            names: Sequence[str] | None = None, **fields: Any) -> IllegalAction:
    """An ``IllegalAction`` whose reason comes from a catalog, so it can be told in any language.

    ``key`` is ``"core.…"`` (boardlib.messages.CORE) or a key of the game's ``MESSAGES``.
    """
    reason = render_message(game, key, fields, "en", names)
    return IllegalAction(kind, reason, rule, key=key, fields=fields, game=game, names=names)


class Action(str):
    """A move as a short string, with its parsed parts in ``kind`` and ``args``.

    Being a ``str`` makes actions hashable, readable, cheap to compare, and saveable
    as they are; ``kind``/``args`` spare widgets and bots from parsing text.
    """

    kind: str
    args: tuple[Any, ...]

    def __new__(cls, text: str, kind: str, *args: Any) -> Action:
        obj = super().__new__(cls, text)
        obj.kind = kind
        obj.args = args
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (str(self), self.kind, *self.args))


class Event:
    """Something that happened, as data; ``sentence()`` tells it in words.

    Sentences come from the game's message catalog (``MESSAGES[lang][kind]``), so
    the narration panel, logs and notebooks can speak English or Japanese.
    An event every player sees whole; ``SecretEvent`` is one some players see only in part.
    """

    __slots__ = ("fields", "game", "kind", "player")
    seen_by: frozenset[int] | None = None
    secret: tuple[str, ...] = ()

    def __init__(self, game: str, kind: str, player: int | None, **fields: Any) -> None:
        self.game = game
        self.kind = kind
        self.player = player
        self.fields = fields

    def hidden_from(self, viewer: int | None) -> bool:
        """Whether seat ``viewer`` may not learn the secret fields (None: an onlooker sees all)."""
        return self.seen_by is not None and viewer is not None and viewer not in self.seen_by

    def fields_for(self, viewer: int | None) -> dict[str, Any]:
        """The fields ``viewer`` may know: all of them, or all but the secret ones."""
        if not self.hidden_from(viewer):
            return self.fields
        return {key: value for key, value in self.fields.items() if key not in self.secret}

    def sentence(self, lang: str = "en", names: Iterable[str] | None = None,
                 viewer: int | None = None) -> str:
        """The event in words, as seat ``viewer`` may hear it (None: everything is told)."""
        return render_event(self, lang, list(names) if names is not None else None, viewer)

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, **self.fields_for(viewer)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (
            (self.game, self.kind, self.player, self.fields, self.seen_by, self.secret)
            == (other.game, other.kind, other.player, other.fields, other.seen_by, other.secret)
        )

    __hash__ = None  # type: ignore[assignment]  # unhashable: equality compares mutable fields

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, player={self.player}, {self.fields})"

    def __str__(self) -> str:
        return self.sentence()


class SecretEvent(Event):
    """An event whose ``secret`` fields only the seats in ``seen_by`` may learn.

    Drawing a card into a hidden hand is one: everybody hears that a card was drawn,
    only its owner hears which. Other seats get the catalog's ``<kind>_hidden`` sentence,
    told without the secret fields.
    """

    __slots__ = ("secret", "seen_by")

    def __init__(self, game: str, kind: str, player: int | None, *, seen_by: Iterable[int],
                 secret: Iterable[str], **fields: Any) -> None:
        super().__init__(game, kind, player, **fields)
        self.seen_by = frozenset(seen_by)
        self.secret = tuple(secret)

    def __repr__(self) -> str:
        seats = sorted(self.seen_by or ())
        return f"SecretEvent({self.kind!r}, player={self.player}, {self.fields}, seen_by={seats})"


_State = TypeVar("_State", bound="GameState")


class GameState:
    """Base class: the checked public protocol on top of a few game hooks.

    A game writes only its rules: the hooks ``current_player``, ``_player_actions``,
    ``_chance_weights`` (or ``_chance_table``), ``_explain`` and ``_apply``, and the
    position's ``snapshot``, ``validate``, ``inventory``, ``observation``, ``describe``,
    ``result`` and ``clone``; its set-up builds the rules' fields and then calls
    ``begin``. Everything a caller uses — ``legal_actions``, ``apply_action``,
    ``why_illegal``, ``chance_outcomes``, saves — lives here once, so every game checks
    moves the same way.
    """

    GAME: ClassVar[str]
    """The game's name in ``boardlib.GAMES`` (saves and message catalogs are found by it)."""
    VOCABULARY: ClassVar[Mapping[str, Action]]
    """Every spelling of every action the game can use → the action (see ``parse_action``)."""
    MOVE_EXAMPLES: ClassVar[str]
    """A few moves, quoted, for refusals of text that is no move (``"'flip D' or 'pass'"``)."""
    MESSAGES: ClassVar[Mapping[str, Mapping[str, str]]]
    """The game's message catalog, ``{lang: {key: template}}``: its events and refusals in
    words. A class that sets it is the catalog of its ``GAME`` (``boardlib.messages``)."""

    @staticmethod
    def format_value(key: str, value: object, lang: str) -> str:
        """A field's value in words for a message (a game names its own cards, tiles…)."""
        return str(value)

    SCHEMA: ClassVar[Schema]
    """The position's fields, once (``boardlib.fields``): the snapshot, the loading and the
    copy depths of ``clone`` are made from it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "MESSAGES" in cls.__dict__:
            register_catalog(cls.GAME, cls)
        cls.SLOTTED = tuple(name for klass in reversed(cls.__mro__)
                            for name in klass.__dict__.get("__slots__", ()))
        schema = cls.__dict__.get("SCHEMA")
        if schema is not None:
            cls.LIST_FIELDS = schema.copies(1)
            cls.NESTED_FIELDS = schema.copies(2)
            cls.DEEP_FIELDS = schema.copies(3)
            if schema.deepest > 3:
                raise TypeError(f"{cls.__name__}: clone copies lists three levels deep at most.")

    history: list[Action]
    """Every action since the starting position, chance outcomes included."""
    names: list[str]
    _legal_cache: tuple[Action, ...] | None
    _weights_cache: tuple[tuple[Action, ...], tuple[int, ...], int] | None
    _start: Start

    LIST_FIELDS: ClassVar[tuple[str, ...]] = ()
    """The position's list fields: ``clone`` copies them, so a copy never shares them
    (made from ``SCHEMA``)."""
    NESTED_FIELDS: ClassVar[tuple[str, ...]] = ()
    """The position's lists of lists (one list per seat, …): ``clone`` copies both levels."""
    DEEP_FIELDS: ClassVar[tuple[str, ...]] = ()
    """Lists three levels deep (a display of columns per seat): ``clone`` copies all three."""
    SLOTTED: ClassVar[tuple[str, ...]] = ()
    """The attributes a game keeps in ``__slots__`` (``__slots__ = SCHEMA.slots``), not in the
    instance dict: ``clone`` copies them by name. A hot path's choice: with more than about
    thirty attributes CPython 3.11 gives an instance a real dict, and every ``self.method()``
    of the rules and the protocol takes the slow path (Amber Route: 8% of a game)."""

    def begin(self, start: Start | None = None) -> None:
        """Make a freshly built position a game's start: no history, empty caches, and
        ``start`` (else its own snapshot, written now) kept as the position saves replay from.

        Every game's set-up and ``from_snapshot`` end here, after the rules' fields are set.
        A set-up passes ``start_later(...)``: bots, benchmarks and searches start many games
        and save none, and writing each start's snapshot at once was a fifth of a set-up.
        """
        self.history = []
        self._legal_cache = None
        self._weights_cache = None
        self._start = start if start is not None else self.snapshot()

    # ----- hooks a game implements -------------------------------------------------
    def current_player(self) -> int:
        """The seat to move (0 … num_players − 1), ``CHANCE`` or ``TERMINAL``."""
        raise NotImplementedError

    def _player_actions(self) -> Sequence[Action]:
        """The legal actions of the seat to move, in a stable order (the base caches them)."""
        raise NotImplementedError

    def _chance_weights(self) -> Sequence[tuple[Action, int]]:
        """The chance outcomes as ``(outcome, weight)`` pairs. Implement this or
        ``_chance_table``."""
        raise NotImplementedError

    def _chance_table(self) -> tuple[Sequence[Action], Sequence[int]]:
        """The chance outcomes and their weights as two sequences: a faster alternative to
        ``_chance_weights`` for games whose piles are count vectors (no pairs to build)."""
        pairs = self._chance_weights()
        if not pairs:
            return (), ()
        outcomes, weights = zip(*pairs)
        return outcomes, weights

    def _explain(self, action: Action) -> IllegalAction:
        """Why ``action``, a move of this game that is not legal now, is refused: the
        ``IllegalAction`` (with its kind, catalog key and rule clause) that ``check_action``
        returns. Called only for a parsed action outside ``legal_actions()``."""
        raise NotImplementedError

    def _apply(self, action: Action, events: list[Event]) -> None:
        """Change the position by a legal ``action``, appending what happened to ``events``.

        Called only with an action from ``legal_actions()``; the base records it in
        ``history`` and clears the caches afterwards."""
        raise NotImplementedError

    # ----- what a game tells about its position -------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-safe data, hidden parts included (saves, equality),
        written from ``SCHEMA``. The game's ``from_snapshot(snapshot())`` rebuilds an equal
        position."""
        return self.SCHEMA.dump(self)

    def validate(self) -> None:
        """Raise ``ValueError``, naming the rule, if this position could not arise in a game."""
        raise NotImplementedError

    def inventory(self) -> dict[str, int]:
        """How many of each component the position holds, wherever it is: a move may move
        components, never make or lose one (the conformance suite compares it with the
        game's ``COMPONENT_TOTALS``)."""
        raise NotImplementedError

    def observation(self, player: int | None = None) -> Mapping[str, Any]:
        """The JSON-safe view of the position that seat ``player`` may see (None: an
        onlooker who sees everything); hidden cards of other seats are only counted."""
        raise NotImplementedError

    def describe(self) -> str:
        """The position in a few human-readable lines; the game's ``from_description``
        reads them back to an equal position."""
        raise NotImplementedError

    def result(self) -> Result:
        """Who won, the full ranking and why; ``IllegalAction`` (wrong_phase) before the end."""
        raise NotImplementedError

    def clone(self: _State) -> _State:
        """An independent copy: moves on it never change this state.

        Copies each list field as deep as ``SCHEMA`` says and the history; every other
        field must be immutable (a number, a string, a tuple, None) or one the rules never
        change in place (a property test checks that no copy shares a list)."""
        other = _new_object(type(self))
        vars(other).update(vars(self))
        for key in self.SLOTTED:
            setattr(other, key, getattr(self, key))
        for key in self.LIST_FIELDS:
            setattr(other, key, getattr(self, key)[:])
        for key in self.NESTED_FIELDS:
            setattr(other, key, [row[:] for row in getattr(self, key)])
        for key in self.DEEP_FIELDS:
            setattr(other, key, [[inner[:] for inner in row] for row in getattr(self, key)])
        other.history = self.history[:]
        return other

    def start_snapshot(self) -> dict[str, Any]:
        """The snapshot of the position this game started from (saves replay from it),
        written the first time it is asked for if the set-up left it for later."""
        start = self._start
        if not isinstance(start, dict):
            start = self._start = start()
        return start

    # ----- the public protocol -----------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.names)

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_tuple(self) -> tuple[Action, ...]:
        """The legal actions now as the state's own cached tuple (no copy; never change it):
        for bots and searches, which ask it at every step."""
        cached = self._legal_cache
        if cached is None:
            player = self.current_player()
            if player >= 0:
                cached = tuple(self._player_actions())
            elif player == CHANCE:
                cached = self._chance()[0]
            else:
                cached = ()
            self._legal_cache = cached
        return cached

    def _chance(self) -> tuple[tuple[Action, ...], tuple[int, ...], int]:
        """The chance outcomes, their weights and the weights' total (cached)."""
        cached = self._weights_cache
        if cached is None:
            if self.current_player() == CHANCE:
                outcomes, weights = self._chance_table()
                outcomes, weights = tuple(outcomes), tuple(weights)
                self._legal_cache = outcomes  # the legal "moves" of a chance node
            else:
                outcomes = weights = ()
            cached = (outcomes, weights, sum(weights))
            self._weights_cache = cached
        return cached

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order (chance outcomes at a chance node)."""
        return list(self.legal_tuple())

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """``[(outcome, probability)]`` with exact probabilities summing to 1."""
        outcomes, weights, total = self._chance()
        return [(action, Fraction(w, total)) for action, w in zip(outcomes, weights)]

    def chance_weights(self) -> list[tuple[Action, int]]:
        """The chance outcomes with integer weights: the fast way to sample or count."""
        outcomes, weights, _ = self._chance()
        return list(zip(outcomes, weights))

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with its exact probability, using ``rng`` only.

        It draws with ``rng._randbelow(total)``, which ``rng.randrange(total)`` calls: the same
        number, for a third of the instructions (``RandomBot`` does as ``rng.choice`` does). The
        total is positive here: ``_randbelow(0)`` would never return."""
        outcomes, weights, total = self._weights_cache or self._chance()
        if not outcomes or total <= 0:
            raise illegal("wrong_phase", "core.not_chance_node")
        pick: int = rng._randbelow(total)  # type: ignore[attr-defined]  # noqa: SLF001
        if total == len(outcomes):  # every outcome weighs 1 (a die, a shuffled deck)
            return outcomes[pick]
        return outcomes[bisect_right(list(accumulate(weights)), pick)]

    def parse_action(self, text: object) -> Action | None:
        """The game's action spelled by ``text``, or None if it spells no move of this game."""
        if not isinstance(text, str):
            return None
        words = " ".join(str.split(text))
        return self.VOCABULARY.get(words) or self.VOCABULARY.get(words.lower())

    def action_space(self) -> list[Action]:
        """Every action this game can ever use: a superset of any state's legal actions."""
        return list(dict.fromkeys(self.VOCABULARY.values()))

    def check_action(self, action: object, player: int | None = None) -> IllegalAction | None:
        """Why ``action`` (by ``player``, if given) may not be applied now, or None if it may."""
        if not isinstance(action, str):
            return illegal("malformed", "core.not_a_move", thing=_short_repr(action),
                           examples=self.MOVE_EXAMPLES)
        action = _plain_text(action)
        legal = self.legal_tuple()
        current = self.current_player()
        if player is not None and player != current and current != TERMINAL:
            return self._wrong_player(player, current)
        if action in legal:
            return None
        parsed = self.parse_action(action)
        if parsed is None:
            return illegal("malformed", "core.unknown_move", thing=_short_repr(action),
                           examples=self.MOVE_EXAMPLES)
        if parsed in legal:
            return None
        if current == TERMINAL:
            return illegal("game_over", "core.game_over")
        return self._explain(parsed)

    def _wrong_player(self, player: object, current: int) -> IllegalAction:
        if current == CHANCE:
            return illegal("not_your_turn", "core.chance_turn")
        if player == CHANCE:
            return illegal("not_your_turn", "core.chance_not_player", names=self.names,
                           who=current)
        if isinstance(player, int) and 0 <= player < self.num_players:
            return illegal("not_your_turn", "core.not_your_turn", names=self.names, who=current,
                           whom=player)
        return illegal("malformed", "core.no_such_player", thing=_short_repr(player))

    def why_illegal(self, action: object, player: int | None = None,
                    lang: str = "en") -> str | None:
        """The reason ``action`` is not allowed now, in a player's words (in ``lang``, with the
        rule it breaks); None if it is legal."""
        problem = self.check_action(action, player)
        return None if problem is None else problem.told(lang)

    def apply_action(self, action: object, player: int | None = None) -> list[Event]:
        """Apply a legal action and return what happened.

        Raises ``IllegalAction`` (and changes nothing) for anything that is not legal
        now, whatever object is passed in; ``player`` (optional) is who is moving.
        """
        legal = self._legal_cache or self.legal_tuple()
        if player is None and type(action) is Action:  # the hot path: one scan of the tuple
            try:
                chosen = legal[legal.index(action)]  # this game's own object, never a look-alike
            except ValueError:
                chosen = self._checked(action, player, legal)
        else:
            chosen = self._checked(action, player, legal)
        events: list[Event] = []
        self._apply(chosen, events)
        self.history.append(chosen)  # the action joins the history; the caches are stale
        self._legal_cache = None
        self._weights_cache = None
        return events

    def _checked(self, action: object, player: int | None, legal: tuple[Action, ...]) -> Action:
        """The legal action ``action`` spells, played by ``player``; else its ``IllegalAction``."""
        problem = self.check_action(action, player)
        if problem is not None:
            raise problem
        assert isinstance(action, str)  # check_action refuses anything else
        return legal[legal.index(self.parse_action(_plain_text(action)))]

    def invalidate(self) -> None:
        """The position was changed outside ``apply_action`` (a sampler dealt the hidden cards
        anew): what is cached of it is recomputed on next use. A game with caches of its own
        extends this; ``apply_action`` resets the base's inline, being the hot path."""
        self._legal_cache = None
        self._weights_cache = None

    def detached_copy(self: _State) -> _State:
        """A copy with no history and no start to replay from: what a hidden-card sampler
        changes (the history and the starting hands would tell what it resamples); such a
        state is never saved. Call ``invalidate`` once its fields are changed."""
        copy = self.clone()
        copy.history = []
        copy._start = {}  # noqa: SLF001 - its own class's field, on the copy it just made
        return copy

    # ----- saving ------------------------------------------------------------------
    def to_json(self) -> str:
        """A versioned JSON save: the starting position, every action since, the position now
        (``boardlib.saves.load`` reads it back, checking every move)."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.GAME,
                "start": self.start_snapshot(),
                "history": list(self.history),
                "position": self.snapshot(),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.history == other.history
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # unhashable: equality compares mutable fields


_new_object = object.__new__


def one_fewer(table: tuple[tuple[Action, ...], tuple[int, ...]],
              drawn: Action) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """A pile's chance table (outcomes, how many of each) after one ``drawn`` left the pile.

    Engines keep the table of their most-drawn pile up to date this way instead of
    recounting the whole pile at every draw, the commonest chance node of a game.
    """
    outcomes, counts = table
    i = outcomes.index(drawn)
    if counts[i] == 1:
        return outcomes[:i] + outcomes[i + 1:], counts[:i] + counts[i + 1:]
    return outcomes, (*counts[:i], counts[i] - 1, *counts[i + 1:])


def start_later(set_up: Callable[..., GameState], *args: Any) -> Callable[[], dict[str, Any]]:
    """A start for ``begin``, written only when a save first asks for it: the snapshot of
    ``set_up(*args)``, a set-up that makes the same position again from these arguments (a
    seed, the patterns dealt). A partial of module-level functions, so a state still pickles;
    the arguments are kept, so pass ones nothing changes (tuples, numbers, strings)."""
    return partial(_snapshot_of, set_up, args)


def _snapshot_of(set_up: Callable[..., GameState], args: tuple[Any, ...]) -> dict[str, Any]:
    return set_up(*args).snapshot()


def new_event(game: str, kind: str, player: int | None, fields: dict[str, Any],
              seen_by: Iterable[int] | None = None, secret: Iterable[str] = ()) -> Event:
    """``Event(game, kind, player, **fields)`` — or, given ``seen_by``, a ``SecretEvent`` —
    made for half the cost. (No keyword-only marker: CPython 3.11 takes its fast call path
    only for plain parameters, a tenth of an event's cost.)

    Engines narrate every move, and calling a class with keyword arguments is slow on
    CPython (it was a tenth of a whole move); this fills the slots directly. It lives
    beside the classes so they can never drift apart (tests/test_core.py compares them).
    """
    if seen_by is None:
        event = _new_object(Event)
    else:
        event = _new_object(SecretEvent)
        event.seen_by = frozenset(seen_by)
        event.secret = tuple(secret)
    event.game = game
    event.kind = kind
    event.player = player
    event.fields = fields
    return event


def _short_repr(value: object, limit: int = 40) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not escape apply_action
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain_text(text: str) -> str:
    """An exact ``str`` copy, so a str subclass's own ``__eq__`` can never run."""
    return str.__str__(text) if type(text) is not Action else text
