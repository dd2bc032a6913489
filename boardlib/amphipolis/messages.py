"""What Amphipolis's events say, in English and Japanese."""

from __future__ import annotations

from boardlib.amphipolis.data import (
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
        "landslide": "{player} draws a landslide: {covered} of " + str(ENTRANCE)
        + " entrance spaces are covered.",
        "nothing_to_take": "Every sorting area is empty, so {player} takes nothing this turn.",
        "take": "{player} takes a {tile}.",
        "character": "{player} uses the {character}.",
        "robber": "The grave robber strikes and takes all {count} tiles from the sorting areas.",
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
    if key == "tile" and isinstance(value, str) and value in TOKENS:
        return TILE_NAMES.get(lang, TILE_NAMES["en"])[TOKENS.index(value)]
    if key == "area" and value in AREAS:
        return AREA_NAMES.get(lang, AREA_NAMES["en"])[AREAS.index(value)]
    if key == "character" and value in CHARACTERS:
        return CHARACTER_NAMES.get(lang, CHARACTER_NAMES["en"])[CHARACTERS.index(value)]
    return str(value)
