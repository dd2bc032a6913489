"""What Âmbar's events say, in English and Japanese (terms as in ambar_fossils.ja.txt)."""

from __future__ import annotations

from boardlib.ambar_fossils.data import LETTERS, TYPE_NAMES

MESSAGES = {
    "en": {
        "flip": "{player} turns over a face-down {type} fossil from the Excavation.",
        "end_phase": "That was the last face-down fossil in the Excavation: the end of the game "
        "begins. From now on players take face-up fossils or pass.",
        "reveal": "It is {fossil}.",
        "reveal_identical": "It is {fossil}, and {player} already shows an identical fossil: it "
        "stays face-up in the Excavation and the turn ends.",
        "take": "{player} takes the face-up {fossil} from the Excavation.",
        "swap": "{player} places {fossil} in column {column}, swapping out the face-down "
        "{type} fossil there.",
        "swapped_out": "The swapped-out fossil is {fossil}; it goes face-up into the Excavation.",
        "stack": "{player} places {fossil} on top of column {column}, which is now {height} high.",
        "excellent": "{fossil} sits next to {neighbour}: an excellent arrangement!",
        "return": "{player} returns {fossil} face-up to the Excavation.",
        "pass": "{player} passes.",
        "extra_turn": "{player} takes an extra turn.",
        "next_turn": "It is {player}'s turn.",
        "game_over": "{reason}",
        "reason.empty": "No fossils remain in the Excavation: the game ends.",
        "reason.passes": "Every player passed in a row: the game ends.",
        "reason.stalemate": "Every player passed in a row without revealing or placing anything:"
        " the game ends in a stalemate.",
        "illegal.reveal_impossible": "The fossil being revealed is a face-down {type} fossil,"
        " and all 4 copies of {fossil} are already face-up, so it cannot be that.",
        "illegal.nothing_revealing": "Nothing is being revealed now: a face-down fossil's number "
        "comes up only when it is turned over.",
        "illegal.wait_reveal": "Wait: a face-down fossil is being turned over first.",
        "illegal.holding_pass": "You already chose {held}: place it or return it to the "
        "Excavation.",
        "illegal.holding_choose": "You already chose a fossil this turn ({held}): place it or "
        "return it.",
        "illegal.choose_first": "First choose a fossil from the Excavation: you are not holding "
        "one.",
        "illegal.no_pass_yet": "You may pass only once no face-down fossils are left in the "
        "Excavation; until then you must choose a fossil.",
        "illegal.no_face_down": "No face-down {type} fossils are left in the Excavation.",
        "illegal.not_face_up": "There is no face-up {fossil} in the Excavation.",
        "illegal.identical": "Your column {column} already shows {fossil}; you may not choose an "
        "identical fossil.",
        "illegal.ascending_left": "{fossil} in column {column} would break the ascending order: "
        "column {other} to its left shows {shown}, a higher number.",
        "illegal.ascending_right": "{fossil} in column {column} would break the ascending order: "
        "column {other} to its right shows {shown}, a lower number.",
        "illegal.height": "{fossil} would stand on level {level}, two levels above the top of "
        "both neighbours: column {left} is {left_height} high and column {right} is "
        "{right_height} high.",
        "illegal.height_end": "{fossil} would stand on level {level}, two levels above the top of "
        "its neighbour: column {column} is at the end of the row, so only its one neighbour "
        "counts: column {other} is {other_height} high.",
    },
    "ja": {
        "flip": "{player}は発掘現場から裏向きの{type}化石を1つ表向きにします。",
        "end_phase": "発掘現場の裏向きの化石がなくなりました。ゲームの終了が始まります。"
        "これからは表向きの化石を選ぶか、パスします。",
        "reveal": "{fossil}でした。",
        "reveal_identical": "{fossil}でした。{player}のディスプレイに同一の化石が見えているので、"
        "表向きのまま発掘現場に残し、ターンは終了します。",
        "take": "{player}は発掘現場から表向きの{fossil}を選びます。",
        "swap": "{player}は{fossil}を{column}列目の裏向きの{type}化石と入れ替えて置きます。",
        "swapped_out": "入れ替えた化石は{fossil}でした。表向きで発掘現場に置きます。",
        "stack": "{player}は{fossil}を{column}列目の上に置きます。高さは{height}段になりました。",
        "excellent": "{fossil}は{neighbour}の隣です。素晴らしい配置です！",
        "return": "{player}は{fossil}を表向きで発掘現場に戻します。",
        "pass": "{player}はパスします。",
        "extra_turn": "{player}は追加のターンを行います。",
        "next_turn": "{player}の番です。",
        "game_over": "{reason}",
        "reason.empty": "発掘現場に化石がなくなりました。ゲーム終了です。",
        "reason.passes": "全員が続けてパスしました。ゲーム終了です。",
        "reason.stalemate": "全員が何も表にせず何も置かずに続けてパスしました。"
        "手詰まりでゲーム終了です。",
        "illegal.reveal_impossible": "表向きにしているのは裏向きの{type}化石で、{fossil}は4つとも"
        "すでに表向きなので、それは出ません。",
        "illegal.nothing_revealing": "今は何も表向きにしていません。裏向きの化石の数字は、"
        "表向きにしたときに決まります。",
        "illegal.wait_reveal": "お待ちください：先に裏向きの化石を表向きにしています。",
        "illegal.holding_pass": "{held}をすでに選んでいます。"
        "列に置くか、発掘現場に戻してください。",
        "illegal.holding_choose": "このターンはもう化石（{held}）を選んでいます。"
        "置くか戻してください。",
        "illegal.choose_first": "まず発掘現場から化石を選んでください。まだ何も選んでいません。",
        "illegal.no_pass_yet": "パスできるのは発掘現場に裏向きの化石がなくなってからです。"
        "それまでは化石を選ばなければなりません。",
        "illegal.no_face_down": "発掘現場に裏向きの{type}化石はもう残っていません。",
        "illegal.not_face_up": "発掘現場に表向きの{fossil}はありません。",
        "illegal.identical": "あなたの{column}列目にはすでに{fossil}が見えています。"
        "同一の化石は選べません。",
        "illegal.ascending_left": "{fossil}を{column}列目に置くと昇順が崩れます："
        "左の{other}列目に、より大きい{shown}が見えています。",
        "illegal.ascending_right": "{fossil}を{column}列目に置くと昇順が崩れます："
        "右の{other}列目に、より小さい{shown}が見えています。",
        "illegal.height": "{fossil}は{level}段目になり、両隣の列より2段高くなってしまいます："
        "{left}列目は高さ{left_height}、{right}列目は高さ{right_height}です。",
        "illegal.height_end": "{fossil}は{level}段目になり、隣の列より2段高くなってしまいます："
        "{column}列目は端の列なので、隣の{other}列目（高さ{other_height}）だけと比べます。",
    },
}


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: ``"D4"`` → "Dinosaur 4" / "恐竜4"; ``"D"`` → "Dinosaur"."""
    if key.startswith("view."):
        return view_value(key[5:], value, lang)
    names = TYPE_NAMES.get(lang, TYPE_NAMES["en"])
    if key in ("fossil", "neighbour", "held", "shown") and isinstance(value, str):
        kind = names[LETTERS.index(value[0])]
        return f"{kind}{value[1:]}" if lang == "ja" else f"{kind} {value[1:]}"
    if key == "type" and isinstance(value, str):
        return names[LETTERS.index(value)]
    if key == "reason":
        catalog = MESSAGES.get(lang, MESSAGES["en"])
        return catalog[f"reason.{value}"]
    return str(value)


# ----- the command line's view of a position (boardlib.cli) and its ranking table ----------
# "view.<key>" labels an observation key shown for the table, "view.seat.<key>" one shown per
# seat; "heading.<short>" and "ranking.legend" explain the ranking table's short headings.
_LEVELS = range(2, 40)  # more levels than 96 fossils in 10 columns can ever reach
MESSAGES["en"].update({
    "view.to_move": "to move",
    "view.holding": "holding",
    "view.revealing": "being turned over",
    "view.excavation": "Excavation",
    "view.excavation.face_down": "face down",
    "view.excavation.face_up": "face up",
    "view.end_phase": "end of the game begun",
    "view.extra_turn": "extra turn",
    "view.passes": "passes in a row",
    "view.seat.displays": "columns 1–10 (stacks bottom/…/top)",
    **{f"heading.L{n}": f"L{n}" for n in _LEVELS},
    "ranking.legend": "{headings}: the fossils on level 2, 3, … (a column 3 high has one fossil "
    "on level 2 and one on level 3); compared from level 2 up.",
})
MESSAGES["ja"].update({
    "view.to_move": "手番",
    "view.holding": "選んだ化石",
    "view.revealing": "表向きにしている化石",
    "view.excavation": "発掘現場",
    "view.excavation.face_down": "裏向き",
    "view.excavation.face_up": "表向き",
    "view.end_phase": "ゲームの終了が始まった",
    "view.extra_turn": "追加のターン",
    "view.passes": "続けてパスした人数",
    "view.seat.displays": "1〜10列目（下／…／上）",
    **{f"heading.L{n}": f"{n}段目" for n in _LEVELS},
    "ranking.legend": "{headings}：その段にある化石の数（高さ3の列は2段目と3段目に1つずつ）。"
    "2段目から順に比べます。",
})


def _fossil_words(token: str, lang: str) -> str:
    """``"D4"`` → "Dinosaur 4", ``"D?"`` → "Dinosaur ?" (face down), ``"D1/M2"`` a stack."""
    if "/" in token:
        return ("／" if lang == "ja" else "/").join(_fossil_words(t, lang)
                                                   for t in token.split("/"))
    kind = TYPE_NAMES.get(lang, TYPE_NAMES["en"])[LETTERS.index(token[0])]
    number = token[1:]
    if lang == "ja":
        return kind + ("？" if number == "?" else number)
    return f"{kind}\N{NO-BREAK SPACE}{number}" if number else kind  # one word when wrapped


def view_value(key: str, value: object, lang: str) -> str:
    """An observation value in words, for the command line's view of the position."""
    if isinstance(value, str) and value and value[0] in LETTERS:
        return _fossil_words(value, lang)
    return str(value)
