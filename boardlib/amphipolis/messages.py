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
        "landslide": "{player}は落石を引きました。入口は{covered}マスがふさがりました（全"
        + str(ENTRANCE) + "マス）。",
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

# ----- refusals (IllegalAction reasons) ------------------------------------------------
MESSAGES["en"].update({
    "illegal.wait_draw": "Wait: tiles are being drawn from the bag first.",
    "illegal.wait_setup": "Wait: set-up is still filling the sorting areas from the bag.",
    "illegal.setup_over": "Set-up is over: the sorting areas were filled at the start of the "
    "game.",
    "illegal.setup_first": "Set-up first: each sorting area gets one tile before the first "
    "turn.",
    "illegal.draw_at_start": "Tiles are drawn only at the start of a turn: it is a player's move "
    "now, not a draw.",
    "illegal.not_in_bag": "No {tile} is left in the bag.",
    "illegal.area_has_tile": "The {area} area already has its tile: a {tile} drawn now goes back "
    "into the bag.",
    "illegal.one_character": "You may use only one character per turn.",
    "illegal.character_after_take": "First take tiles from one sorting area; the {character} "
    "comes after that.",
    "illegal.character_used": "You already used the {character}: each character only once per "
    "game.",
    "illegal.nothing_anywhere": "The {character} would take nothing: every sorting area is "
    "empty.",
    "illegal.nothing_elsewhere": "The {character} would take nothing: every sorting area other "
    "than {area} is empty.",
    "illegal.nothing_there": "The {character} would take nothing: the {area} area you chose is "
    "empty.",
    "illegal.take_first": "Take at least one tile first: there are tiles in the sorting areas.",
    "illegal.professor_first": "The {character} takes one tile from each other sorting area that "
    "has one: take them first.",
    "illegal.character_take_first": "You chose the {character}: take a tile with it first.",
    "illegal.no_such_tile": "There is no {tile} in the sorting areas.",
    "illegal.took_enough": "You already took {takes} tiles; you may still use a character or end "
    "your turn.",
    "illegal.one_area": "Up to {takes} tiles from ONE sorting area: you are taking from {area}.",
    "illegal.archaeologist_other": "The {character} takes from an area other than the one you "
    "chose earlier ({area}).",
    "illegal.archaeologist_one_area": "The {character} takes up to 2 tiles from one area: you are "
    "taking from {area}.",
    "illegal.digger_same": "The {character} takes from the area you chose earlier ({area}).",
    "illegal.professor_other": "The {character} takes from each area other than the one you "
    "chose earlier ({area}).",
    "illegal.professor_once": "The {character} already took a tile from {area}: one from each "
    "area.",
})
MESSAGES["ja"].update({
    "illegal.wait_draw": "お待ちください：先に袋からタイルを引いています。",
    "illegal.wait_setup": "お待ちください：準備として、袋から仕分けエリアにタイルを置いています。",
    "illegal.setup_over": "準備は終わっています："
    "仕分けエリアにはゲームの初めにタイルを置きました。",
    "illegal.setup_first": "先に準備です："
    "最初の手番の前に、各仕分けエリアにタイルを1枚ずつ置きます。",
    "illegal.draw_at_start": "タイルを引くのは手番の初めだけです：今はプレイヤーが指す番です。",
    "illegal.not_in_bag": "袋に{tile}は残っていません。",
    "illegal.area_has_tile": "{area}エリアにはもうタイルがあります：今引いた{tile}は袋に戻します。",
    "illegal.one_character": "人物カードは1手番に1枚しか使えません。",
    "illegal.character_after_take": "先に1つの仕分けエリアからタイルを取ってください。"
    "{character}はその後です。",
    "illegal.character_used": "{character}はもう使いました：人物カードはそれぞれ1ゲームに1回です。",
    "illegal.nothing_anywhere": "{character}は何も取れません：仕分けエリアはすべて空です。",
    "illegal.nothing_elsewhere": "{character}は何も取れません：{area}以外の仕分けエリアはすべて"
    "空です。",
    "illegal.nothing_there": "{character}は何も取れません：選んだ{area}エリアは空です。",
    "illegal.take_first": "先にタイルを1枚以上取ってください：仕分けエリアにタイルがあります。",
    "illegal.professor_first": "{character}は、ほかの仕分けエリアのうちタイルのあるエリアから"
    "1枚ずつ取ります：先にそれを取ってください。",
    "illegal.character_take_first": "{character}を選びました：先にそれでタイルを取ってください。",
    "illegal.no_such_tile": "仕分けエリアに{tile}はありません。",
    "illegal.took_enough": "タイルはもう{takes}枚取りました。人物カードを使うか、手番を終えて"
    "ください。",
    "illegal.one_area": "取れるのは1つの仕分けエリアから{takes}枚までです：今は{area}から取って"
    "います。",
    "illegal.archaeologist_other": "{character}は、先に選んだエリア（{area}）以外から取ります。",
    "illegal.archaeologist_one_area": "{character}は1つのエリアから2枚まで取ります：今は{area}"
    "から取っています。",
    "illegal.digger_same": "{character}は、先に選んだエリア（{area}）から取ります。",
    "illegal.professor_other": "{character}は、先に選んだエリア（{area}）以外の各エリアから"
    "取ります。",
    "illegal.professor_once": "{character}はもう{area}から1枚取りました：各エリアから1枚ずつです。",
})
