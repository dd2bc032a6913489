"""What Amphipolis's events say, in English and Japanese."""

from __future__ import annotations

from boardlib.amphipolis.state import (
    AREA_NAMES,
    AREAS,
    CHARACTER_NAMES,
    CHARACTERS,
    ENTRANCE,
    TILE_NAMES,
    TOKENS,
)

MESSAGES = {
    "en": {
        "seed": "Set-up: a {tile} goes to the {area} area.",
        "draw": "{player} draws a {tile}; it goes to the {area} area.",
        "landslide": "{player} draws a landslide: {covered:entrance space is/entrance spaces are}"
        " now covered, of " + str(ENTRANCE) + ".",
        "nothing_to_take": "Every sorting area is empty, so {player} takes nothing this turn.",
        "take": "{player} takes a {tile}.",
        "character": "{player} uses the {character}.",
        "robber": "The grave robber strikes and takes all {count:tile/tiles} from the sorting "
        "areas.",
        "next_turn": "It is {player}'s turn.",
        "game_over": "The last entrance space is covered: the game ends at once, and {player}"
        " takes no tiles this turn.",
    },
    "ja": {
        "seed": "準備：{tile}を{area}エリアに置きます。",
        "draw": "{player}は{tile}を引き、{area}エリアに置きます。",
        "landslide": "{player}は落石を引きました。入口{covered}/" + str(ENTRANCE)
        + "マスがふさがりました。",
        "nothing_to_take": "仕分けエリアはすべて空なので、{player}はこの手番タイルを取れません。",
        "take": "{player}は{tile}を取ります。",
        "character": "{player}は{character}を使います。",
        "robber": "盗掘者が現れ、仕分けエリアのタイル{count}枚をすべて持ち去ります。",
        "next_turn": "{player}の番です。",
        "game_over": "最後の入口がふさがりました。ゲームはただちに終了し、{player}はこの手番"
        "タイルを取りません。",
    },
}


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: ``"MR"`` → "red mosaic" / "赤のモザイク"."""
    if key.startswith("view."):
        return view_value(key[5:], value, lang)
    if key == "tile" and isinstance(value, str) and value in TOKENS:
        return TILE_NAMES.get(lang, TILE_NAMES["en"])[TOKENS.index(value)]
    if key == "area" and value in AREAS:
        return AREA_NAMES.get(lang, AREA_NAMES["en"])[AREAS.index(value)]
    if key == "character" and value in CHARACTERS:
        return CHARACTER_NAMES.get(lang, CHARACTER_NAMES["en"])[CHARACTERS.index(value)]
    return str(value)


# ----- the command line's view of a position (boardlib.cli) and its ranking table ----------
# "view.<key>" labels an observation key shown for the table, "view.seat.<key>" one shown per
# seat; "heading.<short>" and "ranking.legend" explain the ranking table's short headings.
MESSAGES["en"].update({
    "view.to_move": "to move",
    "view.areas": "sorting areas",
    "view.covered": "entrance spaces covered (of " + str(ENTRANCE) + ")",
    "view.taken": "tiles taken this turn",
    "view.character_area": "the character's area",
    "view.robber": "the grave robber's tiles",
    "view.seat.finds": "tiles",
    "view.seat.used": "characters used",
    "view.seat.scores": "points (mosaics, statues, amphoras, skeletons)",
    "heading.VP": "VP",
    "heading.area": "area",
    "heading.last": "last",
    "ranking.legend": "VP: victory points; area: the most points from one sorting area (the "
    "first tie-break); last: the later a player's turn in the last round, the higher (the "
    "second tie-break).",
})
MESSAGES["ja"].update({
    "view.to_move": "手番",
    "view.areas": "仕分けエリア",
    "view.covered": "ふさがった入口（" + str(ENTRANCE) + "マス中）",
    "view.taken": "この手番に取ったタイル",
    "view.character_area": "人物カードのエリア",
    "view.robber": "盗掘者のタイル",
    "view.seat.finds": "タイル",
    "view.seat.used": "使った人物カード",
    "view.seat.scores": "得点（モザイク、大理石像、アンフォラ、骸骨）",
    "heading.VP": "勝利点",
    "heading.area": "エリア",
    "heading.last": "手番",
    "ranking.legend": "勝利点：得点の合計。"
    "エリア：1つの仕分けエリアから得た最高点（1つ目の同点判定）。"
    "手番：最後のラウンドで手番が後のプレイヤーほど大きい（2つ目の同点判定）。",
})


def view_value(key: str, value: object, lang: str) -> str:
    """An observation value in words; a tile still to take shows its move code beside it."""
    if isinstance(value, str) and value in TOKENS:
        name = TILE_NAMES.get(lang, TILE_NAMES["en"])[TOKENS.index(value)]
        if key != "areas":
            return name
        return f"{name}（{value}）" if lang == "ja" else f"{name} ({value})"
    if isinstance(value, str) and value in AREAS:
        return AREA_NAMES.get(lang, AREA_NAMES["en"])[AREAS.index(value)]
    if isinstance(value, str) and value in CHARACTERS:
        return CHARACTER_NAMES.get(lang, CHARACTER_NAMES["en"])[CHARACTERS.index(value)]
    return str(value)
