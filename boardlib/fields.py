"""Checks and parsers that every game's loading and descriptions share.

One place, one wording: a save, a snapshot or a description of any game refuses the
same bad field with the same sentence.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from boardlib.protocol import default_names


def player_count(players: object, allowed: Sequence[int], title: str, rule: str,
                 note: str = "") -> int:
    """``players`` if the game allows it; ValueError naming the rule otherwise."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise ValueError(
            f"{title} is played by {allowed[0]} to {allowed[-1]} players{note}, not "
            f"{players!r} ({rule})."
        )
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
