"""Message catalogs: every sentence a player reads comes from here, in English or Japanese.

Each game module has ``MESSAGES = {lang: {event_kind: template}}`` and
``format_value(name, value, lang)`` for its own vocabulary (fossil names, …).
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from boardlib.protocol import Event


class Catalog(Protocol):
    """A game's words: what its state class carries (``GameState.MESSAGES``)."""

    MESSAGES: Mapping[str, Mapping[str, str]]

    def format_value(self, name: str, value: Any, lang: str, /) -> str: ...


_CATALOGS: dict[str, Catalog] = {}
"""Game name → its catalog, registered by the game's state class when it is defined, so this
module (and ``boardlib.protocol`` above it) needs no registry of games."""


def register_catalog(game: str, catalog: Catalog) -> None:
    _CATALOGS[game] = catalog


def catalog_of(game: str) -> Catalog:
    """The catalog of ``game``: its state class registered it when the game was imported, as
    it always is before one of its events or refusals is told."""
    try:
        return _CATALOGS[game]
    except KeyError:
        raise KeyError(f"no message catalog for the game {game!r}: import the game first "
                       f"(registered: {', '.join(sorted(_CATALOGS)) or 'none'})") from None

LANGUAGES = ("en", "ja")

CORE = {
    "en": {
        "core.not_a_move": "{thing} is not a move. Moves are short texts such as {examples}.",
        "core.unknown_move": "{thing} is not a move in this game. Moves look like {examples}.",
        "core.game_over": "The game is over: no more moves can be made.",
        "core.chance_turn": "It is nobody's turn: the game is waiting for a chance outcome.",
        "core.chance_not_player": "It is {who}'s turn to choose, not a chance outcome.",
        "core.not_your_turn": "It is {who}'s turn, not {whom}'s.",
        "core.no_such_player": "There is no player {thing} in this game.",
        "core.not_chance_node": "This is not a chance node: a player must move.",
        "core.bot_seat": "It is {who}'s turn, and a bot plays that seat.",
        "core.person_seat": "It is {who}'s turn: a person must move.",
        "core.player_count": "{title} is played by {low} to {high} players{note}, not {players} "
        "({rule}).",
        "core.solo_note": " (1 is the solo game)",
    },
    "ja": {
        "core.not_a_move": "{thing}は手ではありません。手は {examples} のような短い文字列です。",
        "core.unknown_move": "{thing}はこのゲームの手ではありません。"
        "手は {examples} のように書きます。",
        "core.game_over": "ゲームは終了しています。もう手は指せません。",
        "core.chance_turn": "誰の番でもありません：偶然の結果を待っています。",
        "core.chance_not_player": "{who}が選ぶ番です。偶然の結果ではありません。",
        "core.not_your_turn": "{who}の番です。{whom}の番ではありません。",
        "core.no_such_player": "このゲームにプレイヤー{thing}はいません。",
        "core.not_chance_node": "偶然の結果を待つ場面ではありません：プレイヤーが指す番です。",
        "core.bot_seat": "{who}の番です。この席はボットが指します。",
        "core.person_seat": "{who}の番です：人が指す番です。",
        "core.player_count": "{title}は{low}〜{high}人で遊ぶゲームです{note}。"
        "{players}人では遊べません（{rule}）。",
        "core.solo_note": "（1人ならソロゲーム）",
    },
}
CLI = {
    "en": {
        "header": "{title}: {players:player/players}, {seed}.",
        "title_version": "{title} ({version} version)",
        "seed": "seed {seed}",
        "seed_chosen": "seed {seed} (chosen at random: --seed {seed} plays this game again)",
        "person": "a person",
        "bot": "{bot}",
        "bot.random": "random bot",
        "bot.greedy": "greedy bot",
        "bot.careful": "careful bot",
        "bot.cautious": "cautious bot",
        "bot.lookahead_easy": "lookahead bot (easy)",
        "bot.lookahead": "lookahead bot",
        "bot.lookahead_hard": "lookahead bot (hard)",
        "note": "Note: ",
        "table": "Table",
        "you": " (you)",
        "yes": "yes",
        "your_move": "{player}, your move: {moves}",
        "not_allowed": "Not allowed: {reason}",
        "stopped": "Stopped.",
        "final_ranking": "Final ranking:",
        "legend": "Headings",
    },
    "ja": {
        "header": "{title}：{players}人、{seed}。",
        "title_version": "{title}（{version}）",
        "seed": "シード{seed}",
        "seed_chosen": "シード{seed}（ランダムに選びました。"
        "--seed {seed} で同じゲームをもう一度遊べます）",
        "person": "人",
        "bot": "{bot}",
        "bot.random": "ランダムなボット",
        "bot.greedy": "欲張りなボット",
        "bot.careful": "慎重なボット",
        "bot.cautious": "用心深いボット",
        "bot.lookahead_easy": "先読みボット（やさしい）",
        "bot.lookahead": "先読みボット",
        "bot.lookahead_hard": "先読みボット（強い）",
        "note": "注意：",
        "table": "場",
        "you": "（あなた）",
        "yes": "はい",
        "your_move": "{player}の手番です。指せる手：{moves}",
        "not_allowed": "その手は指せません：{reason}",
        "stopped": "中断しました。",
        "final_ranking": "最終順位：",
        "legend": "見出し",
    },
}
"""What the command line itself says (boardlib.cli), in English and Japanese."""


class _CountFormatter(string.Formatter):
    """``str.format`` plus counted nouns: ``{n:guard marker/guard markers}`` gives
    "1 guard marker" or "3 guard markers", so English templates read right for any count."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "/" in format_spec:
            one, many = format_spec.split("/", 1)
            return f"{value} {one if str(value).strip() == '1' else many}"
        return str(super().format_field(value, format_spec))


fill = _CountFormatter().format
"""Fill a catalog template: ``fill("{n:day/days}", n=1)`` → "1 day"."""


def cli_text(key: str, lang: str = "en", default: str | None = None, **fields: object) -> str:
    """A line of the command line's own catalog (``CLI``) in ``lang``, its fields filled."""
    catalog = CLI.get(lang, CLI["en"])
    template = catalog.get(key) or CLI["en"].get(key) or default or key
    return fill(template, **fields)


_SEAT_FIELDS = ("who", "whom")  # seat numbers in refusal reasons, shown as names
SEAT_FIELDS = ("defender", "victim", "winner", "loser", "target")
"""Event fields that hold a seat number: every game's sentences show them as the seat's name."""
_PLAYER = {"en": "Player {n}", "ja": "プレイヤー{n}"}


def player_name(player: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The name to show for a seat: the given name, else "Player 1", "プレイヤー1", …"""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return _PLAYER.get(lang, _PLAYER["en"]).format(n=player + 1)


def default_names(players: int) -> list[str]:
    """The seats' names when nobody gives any: "Player 1", "Player 2", …"""
    return [f"Player {i + 1}" for i in range(players)]


def localized_names(names: Sequence[str], lang: str) -> list[str]:
    """Default seat names ("Player 1", …) in ``lang``; chosen names stay as they are."""
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


def _examples(text: str, lang: str) -> str:
    """A game's ``MOVE_EXAMPLES`` ("'a', 'b' or 'c'") listed the Japanese way: 'a'、'b'、'c'."""
    if lang != "ja":
        return text
    return text.replace("' or '", "', '").replace("', '", "'、'")


def render_message(game: str | None, key: str, fields: Mapping[str, Any], lang: str = "en",
                   names: Sequence[str] | None = None) -> str:
    """A catalog message (``core.…`` or the game's own key) with its fields, in ``lang``."""
    shown = localized_names(names, lang) if names is not None else None
    if key.startswith("core."):
        catalog = CORE.get(lang, CORE["en"])
        values = {k: player_name(v, lang, shown) if k in _SEAT_FIELDS
                  else _examples(v, lang) if k == "examples" else v for k, v in fields.items()}
        return fill(catalog.get(key, CORE["en"][key]), **values)
    if game is None:
        raise ValueError(f"the message {key!r} belongs to a game, and none was named")
    module = catalog_of(game)
    words = module.MESSAGES.get(lang, module.MESSAGES["en"])
    template = words.get(key) or module.MESSAGES["en"][key]
    values = {k: player_name(v, lang, shown) if k in _SEAT_FIELDS
              or (k in SEAT_FIELDS and isinstance(v, int))
              else module.format_value(k, v, lang) for k, v in fields.items()}
    return fill(template, **values)


def render_event(event: Event, lang: str = "en", names: Sequence[str] | None = None,
                 viewer: int | None = None) -> str:
    """The event as one sentence in ``lang`` (English when the catalog lacks a sentence),
    as seat ``viewer`` may hear it: without its secrets if they are hidden from that seat."""
    module = catalog_of(event.game)
    kind = f"{event.kind}_hidden" if event.hidden_from(viewer) else event.kind
    catalog = module.MESSAGES.get(lang, module.MESSAGES["en"])
    template = catalog.get(kind) or module.MESSAGES["en"][kind]
    shown = localized_names(names, lang) if names is not None else None
    values = {key: player_name(value, lang, shown) if key in SEAT_FIELDS and isinstance(value, int)
              else module.format_value(key, value, lang)
              for key, value in event.fields_for(viewer).items()}
    if event.player is not None:
        values["player"] = player_name(event.player, lang, shown)
    return fill(template, **values)


def runs_of(events: Sequence[Event]) -> list[list[Event]]:
    """``events`` with each run of like events together: the same game, kind and player, and
    the same fields but their ``value`` (a roll of three dice). A run is told in one sentence
    where the game's catalog has ``<kind>_run`` (``render_run``); other events stand alone."""
    runs: list[list[Event]] = []
    for event in events:
        last = runs[-1][-1] if runs else None
        if last is not None and "value" in event.fields and _alike(last, event) \
                and f"{event.kind}_run" in catalog_of(event.game).MESSAGES["en"]:
            runs[-1].append(event)
        else:
            runs.append([event])
    return runs


def _alike(a: Event, b: Event) -> bool:
    return (a.game, a.kind, a.player, a.seen_by) == (b.game, b.kind, b.player, b.seen_by) and \
        {k: v for k, v in a.fields.items() if k != "value"} == \
        {k: v for k, v in b.fields.items() if k != "value"}


def render_run(run: Sequence[Event], lang: str = "en", names: Sequence[str] | None = None,
               viewer: int | None = None) -> str:
    """A run from ``runs_of`` as one sentence ("The dice show 6, 3, 1."), or its one event's."""
    first = run[0]
    if len(run) == 1 or first.hidden_from(viewer):
        return " ".join(render_event(event, lang, names, viewer) for event in run)
    values = ("、" if lang == "ja" else ", ").join(str(e.fields["value"]) for e in run)
    fields = {k: v for k, v in first.fields.items() if k != "value"}
    return render_message(first.game, f"{first.kind}_run", {**fields, "values": values}, lang,
                          names)

