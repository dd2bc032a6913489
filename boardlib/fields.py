"""Each game's position schema, and the checks every game's loading and descriptions share.

A game lists its position once, as a ``Schema`` of ``Field`` rows (attribute = save key,
codec, bounds, copy depth). From that one table come the snapshot a save holds, the
loading of a snapshot (every field checked, with one wording for every game), the copy
depth ``clone`` uses, the description keys, and the migration of saves whose keys were
renamed. What no table can say — how fields must agree with each other under the rules —
stays in the game's ``validate``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from boardlib.messages import CORE, default_names

Loaded = dict[str, Any]
"""The values loaded so far, by field name (``players``: the seat count): later fields'
bounds may depend on them (a seat number is below ``players``)."""

Bound = int | Callable[[Loaded], int]
"""A bound: a number, or one read off what is loaded so far (``lambda d: d["players"] - 1``)."""


_names_of = attrgetter("names")
"""A state's seat names (its seat count is their number)."""


def _bound(value: Bound, loaded: Loaded) -> int:
    return value(loaded) if callable(value) else value


class Codec:
    """How one field's value is saved: ``dump`` writes it as JSON-safe data, ``load`` reads
    it back, raising ValueError that names the field when the data is not one.

    ``depth`` is how many levels of lists the attribute holds (0: immutable), so ``clone``
    copies exactly that many and a copy never shares a list with its original."""

    depth = 0

    def dump(self, value: Any) -> Any:
        return value

    def load(self, raw: Any, label: str, loaded: Loaded) -> Any:
        raise NotImplementedError


class Whole(Codec):
    """A whole number from ``low`` to ``high`` (booleans refused: JSON's true is no count);
    ``rule``, if given, is the clause the bounds come from, named in the refusal."""

    def __init__(self, low: Bound = 0, high: Bound = 10**9, rule: str = "") -> None:
        self.low, self.high, self.rule = low, high, rule

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        low, high = _bound(self.low, loaded), _bound(self.high, loaded)
        if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
            rule = f" ({self.rule})" if self.rule else ""
            raise ValueError(f"'{label}' must be a whole number {low}–{high}, not {raw!r}{rule}.")
        return raw


class Optional(Codec):
    """``codec``'s value, or null kept as ``none`` in the state (-1 for "no card", "nobody")."""

    def __init__(self, codec: Codec, none: Any = -1) -> None:
        self.codec, self.none = codec, none

    def dump(self, value: Any) -> Any:
        return None if value == self.none else self.codec.dump(value)

    def load(self, raw: Any, label: str, loaded: Loaded) -> Any:
        return self.none if raw is None else self.codec.load(raw, label, loaded)


def seat_number(loaded: Loaded) -> int:
    """The last seat's number (0-based): the bound of a field naming a seat."""
    return int(loaded["players"]) - 1


SEAT = Whole(0, seat_number)
"""A seat, 0 … players − 1."""
SEAT_OR_NONE = Optional(SEAT)
"""A seat, or null (nobody) kept as -1."""


class Flag(Codec):
    def load(self, raw: Any, label: str, loaded: Loaded) -> bool:
        return flag_field(raw, label)


class Choice(Codec):
    """One of a few names, kept in the state as its index in ``names`` (phases, versions)."""

    def __init__(self, names: Sequence[str], what: str = "") -> None:
        self.names, self.what = tuple(names), what

    def dump(self, value: int) -> str:
        return self.names[value]

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        if raw not in self.names:
            raise ValueError(f"'{label}' must be one of {', '.join(map(repr, self.names))}"
                             f"{self.what}, not {raw!r}.")
        return self.names.index(raw)


class OneOf(Codec):
    """One of a few values kept as itself (an ending's reason, or null while playing)."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = tuple(values)

    def load(self, raw: Any, label: str, loaded: Loaded) -> Any:
        if raw not in self.values:
            raise ValueError(f"'{label}' must be one of {', '.join(map(repr, self.values))}, "
                             f"not {raw!r}.")
        return raw


class ListOf(Codec):
    """A list of ``item`` values, its length in ``lengths`` (any if None) or at most ``longest``;
    ``rule``, if given, is the clause the length comes from, named in the refusal."""

    def __init__(self, item: Codec, longest: Bound | None = None,
                 lengths: Sequence[int] | None = None, rule: str = "") -> None:
        self.item, self.longest, self.lengths, self.rule = item, longest, lengths, rule
        self.depth = item.depth + 1
        self._item_dump = _dumper(item)

    def dump(self, value: list[Any]) -> list[Any]:
        dump = self._item_dump
        return list(value) if dump is None else [dump(v) for v in value]

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[Any]:
        longest = None if self.longest is None else _bound(self.longest, loaded)
        if (not isinstance(raw, list) or (longest is not None and len(raw) > longest)
                or (self.lengths is not None and len(raw) not in self.lengths)):
            size = (f" of {' or '.join(map(str, self.lengths))} items" if self.lengths
                    else f" of at most {longest} items" if longest is not None else "")
            rule = f" ({self.rule})" if self.rule else ""
            raise ValueError(f"'{label}' must be a list{size}{rule}.")
        load = self.item.load
        return [load(v, label, loaded) for v in raw]


class PerSeat(ListOf):
    """One ``item`` per seat, saved as a list ``players`` long outside ``"seats"`` (the form of
    fields that older saves keep at the top) and kept as a list by seat."""

    def __init__(self, item: Codec) -> None:
        super().__init__(item)

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[Any]:
        count = loaded["players"]
        if not isinstance(raw, list) or len(raw) != count:
            raise ValueError(f"'{label}' must list {count} items, one per player.")
        load = self.item.load
        return [load(v, f"seat {p + 1} {label}", loaded) for p, v in enumerate(raw)]


class Counts(Codec):
    """How many of each kind (tiles in a bag, cards in a pile): saved as ``{kind: count}`` of
    the non-zero counts in ``kinds`` order, kept as a list of counts by the kind's index, the
    form the rules add to and draw from."""

    depth = 1

    def __init__(self, kinds: Sequence[str]) -> None:
        self.kinds = tuple(kinds)
        self._index = {kind: i for i, kind in enumerate(self.kinds)}

    def dump(self, value: list[int]) -> dict[str, int]:
        kinds = self.kinds
        return {kinds[i]: n for i, n in enumerate(value) if n}

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[int]:
        if not isinstance(raw, dict):
            raise ValueError(f"'{label}' must be an object of counts like "
                             f"{{\"{self.kinds[0]}\": 2}}.")
        counts = [0] * len(self.kinds)
        for kind, n in raw.items():
            index = self._index.get(kind)
            if index is None:
                raise ValueError(f"'{label}': {kind!r} cannot be there; it holds "
                                 f"{', '.join(self.kinds)}.")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"'{label}': the count of {kind} must be a whole number ≥ 0, "
                                 f"not {n!r}.")
            counts[index] = n
        return counts


class Bitmask(Codec):
    """Some of ``names``, each at most once (characters used, areas done): saved as a list in
    ``names`` order, kept as a bitmask (bit i: ``names[i]``) that the rules test and set in
    one step. ``rule`` is the clause a name given twice breaks."""

    def __init__(self, names: Sequence[str], rule: str = "") -> None:
        self.names, self.rule = tuple(names), rule

    def dump(self, value: int) -> list[str]:
        return [name for i, name in enumerate(self.names) if value >> i & 1]

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        names = self.names
        if not isinstance(raw, list) or not all(isinstance(n, str) and n in names for n in raw):
            raise ValueError(f"'{label}' must list some of {', '.join(map(repr, names))}, "
                             f"not {raw!r}.")
        if len(set(raw)) != len(raw):
            rule = f" ({self.rule})" if self.rule else ""
            raise ValueError(f"'{label}' names one of them twice: {raw!r}{rule}.")
        mask = 0
        for name in raw:
            mask |= 1 << names.index(name)
        return mask


class Custom(Codec):
    """A field with its own form: ``dump`` and ``load`` given (cards as text, counts, …)."""

    def __init__(self, dump: Callable[[Any], Any], load: Callable[[Any, str, Loaded], Any],
                 depth: int = 0) -> None:
        self._dump, self._load, self.depth = dump, load, depth

    def dump(self, value: Any) -> Any:
        return self._dump(value)

    def load(self, raw: Any, label: str, loaded: Loaded) -> Any:
        return self._load(raw, label, loaded)


class Names(Codec):
    """The seats' names, ``players`` of them (see ``names_field``)."""

    depth = 1

    def dump(self, value: list[str]) -> list[str]:
        return list(value)

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[str]:
        return names_field(raw, loaded["players"])


class Players(Codec):
    """The seat count: saved, never kept (the state counts its names)."""

    def __init__(self, allowed: Sequence[int], titles: Titles, rule: str, note: str = "") -> None:
        self.allowed, self.titles, self.rule, self.note = allowed, titles, rule, note

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        return player_count(raw, self.allowed, self.titles, self.rule, self.note)


class Field(NamedTuple):
    """One field of a position: the attribute and the save key are both ``name``.

    (A NamedTuple, not a dataclass: ``import boardlib.protocol`` then loads no
    ``dataclasses``, whose imports — inspect, ast, dis, tokenize — a JupyterLite kernel pays
    for at start-up.)

    ``seat``: one value per seat, saved in ``"seats"[p][name]`` and kept as a list by seat.
    ``group``: saved inside the object ``data[group]`` (the supply, the excavation…).
    ``words``: the key of its line in a position description (default: ``name`` in words).
    ``was``: the key the field had in saves written before it was renamed (read still).
    ``kept``: False for a field saved but not kept (``players``: the state counts its names).
    """

    name: str
    codec: Codec
    seat: bool = False
    group: str | None = None
    words: str | None = None
    was: str | None = None
    kept: bool = True

    @property
    def depth(self) -> int:
        """How many levels of lists the attribute holds: what ``clone`` must copy."""
        return self.codec.depth + self.seat

    @property
    def description_key(self) -> str:
        return self.words if self.words is not None else self.name.replace("_", " ")


class Schema:
    """A game's position, once: the ``Field`` rows in the order a snapshot writes them.

    ``unsaved`` names the state's other mutable lists (kept for speed, rebuilt on loading),
    with their copy depth, so that ``clone`` copies them too; ``derived`` names its
    immutable values worked out from the fields (draw tables, caches), never saved."""

    def __init__(self, *fields: Field, unsaved: Mapping[str, int] | None = None,
                 derived: Sequence[str] = ()) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"A schema names a field twice: {names}.")
        self.fields = fields
        self.unsaved = dict(unsaved or {})
        self.derived = tuple(derived)
        self._top = tuple(f for f in fields if not f.seat and f.group is None)
        self._seat = tuple(f for f in fields if f.seat)
        self._groups: dict[str, tuple[Field, ...]] = {}
        for f in fields:
            if f.group is not None:
                self._groups[f.group] = (*self._groups.get(f.group, ()), f)
        self._order = self._key_order()
        self._writers = tuple((key, self._writer(key, part)) for key, part in self._order)
        self._renamed = tuple(f for f in fields if f.was is not None)

    def _key_order(self) -> tuple[tuple[str, Any], ...]:
        """The snapshot's top-level keys in order: a field, "seats" or a group, each where
        its first field stands in the table."""
        order: list[tuple[str, Any]] = []
        seen: set[str] = set()
        for f in self.fields:
            key, part = (("seats", self._seat) if f.seat else (f.name, f) if f.group is None
                         else (f.group, self._groups[f.group]))
            if key not in seen:
                seen.add(key)
                order.append((key, part))
        return tuple(order)

    @property
    def slots(self) -> tuple[str, ...]:
        """Every attribute of the position the schema names (kept fields, unsaved lists and
        derived values): a state class's ``__slots__``, where a game keeps them in slots."""
        return (*(f.name for f in self.fields if f.kept), *self.unsaved, *self.derived)

    def copies(self, depth: int) -> tuple[str, ...]:
        """The kept attributes ``clone`` copies ``depth`` levels deep."""
        saved = tuple(f.name for f in self.fields if f.kept and f.depth == depth)
        return saved + tuple(name for name, d in self.unsaved.items() if d == depth)

    @property
    def deepest(self) -> int:
        return max([f.depth for f in self.fields if f.kept] + list(self.unsaved.values()))

    def description_keys(self, seat: bool = False) -> tuple[str, ...]:
        """The keys of a position description's lines (``seat``: of a player line's items)."""
        return tuple(f.description_key for f in (self._seat if seat else self.fields)
                     if f.seat == seat and f.kept)

    # ----- saving and loading -------------------------------------------------------
    def dump(self, state: object) -> dict[str, Any]:
        """The snapshot of ``state``: every field, dumped by its codec, in table order.

        The fields are read as attributes, never through ``state.__dict__``: on CPython 3.11
        that turns the state's compact attributes into a dict for good, and every attribute
        access of the rules after it takes the slow path (Amphipolis: a fifth more
        instructions per game)."""
        return {key: write(state) for key, write in self._writers}

    def _writer(self, key: str, part: Field | tuple[Field, ...]) -> Callable[[object], Any]:
        """How one top-level key of the snapshot is written from a state: worked out once,
        so that ``dump`` only reads attributes and calls the codecs that change a value."""
        if isinstance(part, Field):
            return _value_writer(part)
        if key == "seats":
            columns = tuple((f.name, attrgetter(f.name), _dumper(f.codec)) for f in part)

            def seats(state: object) -> list[dict[str, Any]]:
                held = [(name, read(state), dump) for name, read, dump in columns]
                return [{name: column[p] if dump is None else dump(column[p])
                         for name, column, dump in held}
                        for p in range(len(_names_of(state)))]
            return seats
        members = tuple((f.name, _value_writer(f)) for f in part)
        return lambda state: {name: write(state) for name, write in members}

    def load(self, data: Any) -> Loaded:
        """Every field of the snapshot ``data``, checked by its codec; ValueError naming the
        first one that is wrong. The game builds its state from the result."""
        if not isinstance(data, dict):
            raise ValueError("A position is a JSON object.")
        data = self.migrate(data)
        loaded: Loaded = {}
        for key, part in self._order:
            if key == "seats":
                self._load_seats(data.get("seats"), part, loaded)
            elif isinstance(part, Field):
                loaded[key] = part.codec.load(data.get(key), key, loaded)
            else:
                group = data.get(key)
                if not isinstance(group, dict):
                    raise ValueError(f"'{key}' must be an object with "
                                     f"{', '.join(repr(f.name) for f in part)}.")
                for f in part:
                    loaded[f.name] = f.codec.load(group.get(f.name), f"{key} {f.name}", loaded)
        return loaded

    @staticmethod
    def _load_seats(seats: Any, fields: tuple[Field, ...], loaded: Loaded) -> None:
        n = loaded["players"]
        if not isinstance(seats, list) or len(seats) != n:
            raise ValueError(f"'seats' must list {n} players.")
        for f in fields:
            loaded[f.name] = []
        for p, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise ValueError(f"Seat {p + 1} must be an object.")
            for f in fields:
                loaded[f.name].append(f.codec.load(seat.get(f.name), f"seat {p + 1} {f.name}",
                                                   loaded))

    def migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` with keys renamed since it was saved under their new names (a copy; the
        data itself is left as it was)."""
        renamed = [f for f in self._renamed if self._holds_old_key(data, f)]
        if not renamed:
            return data
        data = self._rename(data, [(f, str(f.was), f.name) for f in renamed])
        return {key: data[key] for key, _ in self._order if key in data} | data

    def with_old_keys(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (a snapshot, or an observation built on one) with each renamed key back
        under the name it had before: what a record made before the rename compares with
        (``scripts/fingerprint.py --old-keys``). The inverse of ``migrate``."""
        return self._rename(data, [(f, f.name, str(f.was)) for f in self._renamed])

    @staticmethod
    def _rename(data: dict[str, Any], renames: list[tuple[Field, str, str]]) -> dict[str, Any]:
        data = dict(data)
        for f, old, new in renames:
            if f.seat and isinstance(data.get("seats"), list):
                data["seats"] = [_renamed(seat, old, new) for seat in data["seats"]]
            elif f.group is not None and f.group in data:
                data[f.group] = _renamed(data[f.group], old, new)
            elif not f.seat and f.group is None:
                data = _renamed(data, old, new)
        return data

    @staticmethod
    def _holds_old_key(data: dict[str, Any], f: Field) -> bool:
        if f.seat:
            seats = data.get("seats")
            return isinstance(seats, list) and any(
                isinstance(seat, dict) and f.was in seat for seat in seats)
        where = data.get(f.group) if f.group is not None else data
        return isinstance(where, dict) and f.was in where and f.name not in where

    def set_on(self, state: object, loaded: Loaded) -> None:
        """Give ``state`` the kept fields of ``loaded`` as its attributes, in table order
        (with setattr, not through ``state.__dict__``: see ``dump``)."""
        for f in self.fields:
            if f.kept:
                setattr(state, f.name, loaded[f.name])


def _dumper(codec: Codec) -> Callable[[Any], Any] | None:
    """``codec.dump``, or None where it writes the value as it is (no call needed)."""
    return None if type(codec).dump is Codec.dump else codec.dump


def _value_writer(field: Field) -> Callable[[object], Any]:
    """Reads ``field`` off a state as its snapshot writes it (``players``: the names counted)."""
    if not field.kept:
        return lambda state: len(_names_of(state))
    read, dump = attrgetter(field.name), _dumper(field.codec)
    return read if dump is None else lambda state: dump(read(state))


def _renamed(mapping: Any, old: str, new: str) -> Any:
    """``mapping`` with its key ``old`` named ``new``, in the same place among its keys."""
    if not isinstance(mapping, dict) or old not in mapping:
        return mapping
    return {(new if key == old else key): value for key, value in mapping.items()}


Titles = str | Mapping[str, str]
"""A game's title: one string, or one per language (``GameInfo.titles``)."""


class PlayerCountError(ValueError):
    """A game asked for with a number of players its rules do not allow. ``str()`` is the
    English sentence; ``explain(lang)`` tells it in another language (the lessons' twins)."""

    def __init__(self, players: object, allowed: Sequence[int], titles: Titles, rule: str,
                 note: str = "") -> None:
        self.players, self.allowed, self.rule, self.note = players, tuple(allowed), rule, note
        self.titles = {"en": titles} if isinstance(titles, str) else dict(titles)
        super().__init__(self.explain("en"))

    def explain(self, lang: str = "en") -> str:
        words = CORE.get(lang, CORE["en"])
        return words["core.player_count"].format(
            title=self.titles.get(lang, self.titles["en"]), low=self.allowed[0],
            high=self.allowed[-1], note=words[self.note] if self.note else "",
            players=self.players if isinstance(self.players, int) else repr(self.players),
            rule=self.rule)


def player_count(players: object, allowed: Sequence[int], titles: Titles, rule: str,
                 note: str = "") -> int:
    """``players`` if the game allows it; PlayerCountError naming the rule otherwise.
    ``note`` is a key of boardlib.messages.CORE (e.g. ``"core.solo_note"``), or empty."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise PlayerCountError(players, allowed, titles, rule, note)
    return players


def names_field(names: Any, count: int) -> list[str]:
    """Seat names: given (distinct, non-empty, no ',' or '#', as descriptions use them) or
    the default "Player 1", "Player 2", …"""
    if names is None:
        return default_names(count)
    if (
        not isinstance(names, list)
        or len(names) != count
        or not all(isinstance(n, str) and n.strip() for n in names)
    ):
        raise ValueError(f"'names' must list {count} non-empty names.")
    cleaned = [" ".join(n.split()) for n in names]
    if len(set(cleaned)) != count or any("," in n or "#" in n for n in cleaned):
        raise ValueError("Names must be different and contain no ',' or '#'.")
    return cleaned


def flag_field(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"'{field}' must be true or false.")
    return value


def yes_no(text: str) -> bool:
    """A description's yes/no (or true/false)."""
    value = text.strip().lower()
    if value not in ("yes", "no", "true", "false"):
        raise ValueError(f"Expected yes or no, not {text!r}.")
    return value in ("yes", "true")


def whole_number(text: str, field: str) -> int:
    """A description's whole number ≥ 0."""
    if not text.strip().isdigit():
        raise ValueError(f"'{field}' must be a whole number, not {text!r}.")
    return int(text)


def description_lines(text: object, example: str) -> Iterator[tuple[int, str, str]]:
    """(line number, key, value) for each ``key: value`` line of a position description.

    ``#`` starts a comment; blank lines are skipped; keys are lower-case with single spaces.
    ``example`` shows what a line looks like when ``text`` is not text at all.
    """
    if not isinstance(text, str):
        raise ValueError(f"A description is text: a few lines like {example!r}.")
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"Line {number} ({raw.strip()!r}) needs a 'key: value' form.")
        yield number, " ".join(key.lower().split()), value
