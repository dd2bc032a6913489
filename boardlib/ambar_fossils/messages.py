"""What Âmbar's events say, in English and Japanese (terms as in ambar_fossils.ja.txt)."""

from __future__ import annotations

from boardlib.ambar_fossils.state import LETTERS, TYPE_NAMES

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
    },
}


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: ``"D4"`` → "Dinosaur 4" / "恐竜4"; ``"D"`` → "Dinosaur"."""
    names = TYPE_NAMES.get(lang, TYPE_NAMES["en"])
    if key in ("fossil", "neighbour") and isinstance(value, str):
        kind = names[LETTERS.index(value[0])]
        return f"{kind}{value[1:]}" if lang == "ja" else f"{kind} {value[1:]}"
    if key == "type" and isinstance(value, str):
        return names[LETTERS.index(value)]
    if key == "reason":
        catalog = MESSAGES.get(lang, MESSAGES["en"])
        return catalog[f"reason.{value}"]
    return str(value)
