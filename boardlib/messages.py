"""Message catalogs: every sentence a player reads comes from here, in English or Japanese.

Each game module has ``MESSAGES = {lang: {event_kind: template}}`` and
``format_value(name, value, lang)`` for its own vocabulary (fossil names, …).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlib.protocol import Event

LANGUAGES = ("en", "ja")
_PLAYER = {"en": "Player {n}", "ja": "プレイヤー{n}"}


def player_name(player: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The name to show for a seat: the given name, else "Player 1", "プレイヤー1", …"""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return _PLAYER.get(lang, _PLAYER["en"]).format(n=player + 1)


def localized_names(names: Sequence[str], lang: str) -> list[str]:
    """Default seat names ("Player 1", …) in ``lang``; chosen names stay as they are."""
    from boardlib.protocol import default_names

    if list(names) == default_names(len(names)):
        return [player_name(i, lang) for i in range(len(names))]
    return list(names)


def join_names(names: Sequence[str], lang: str = "en") -> str:
    """"A", "A and B", "A, B and C" (「A、B」 in Japanese)."""
    if lang == "ja":
        return "、".join(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def render_event(event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The event as one sentence in ``lang`` (English when the catalog lacks a sentence)."""
    from boardlib import GAMES

    module = GAMES[event.game]
    catalog = module.MESSAGES.get(lang, module.MESSAGES["en"])
    template = catalog.get(event.kind) or module.MESSAGES["en"][event.kind]
    values = {key: module.format_value(key, value, lang) for key, value in event.fields.items()}
    if event.player is not None:
        shown = localized_names(names, lang) if names is not None else None
        values["player"] = player_name(event.player, lang, shown)
    return template.format(**values)
