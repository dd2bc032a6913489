"""What Pig's events and refusals say, in English and Japanese."""

from __future__ import annotations

MESSAGES = {
    "en": {
        "roll": "{player} rolls the die.",
        "rolled": "It shows {face}: {player}'s turn total is {turn_total}.",
        "bust": "It shows 1: {player} loses the {lost} points of this turn.",
        "hold": "{player} holds and banks {banked} points: {score} in all.",
        "next_turn": "It is {player}'s turn.",
        "game_over": "{winner} has {score} points, reaching the target of {target}, and wins.",
        "illegal.hold_nothing": "You have not rolled yet this turn: roll first. Holding now "
        "would bank nothing.",
        "illegal.die_rolling": "The die is rolling: wait for it to land.",
        "illegal.no_die_rolling": "No die is rolling: the player to move says 'roll' or 'hold'.",
        "illegal.not_over": "The game is not over yet: nobody has reached {target} points.",
        "heading.pts": "points",
        "ranking.legend": "points: the points each player has banked (PG-3.3).",
    },
    "ja": {
        "roll": "{player}はサイコロを振ります。",
        "rolled": "{face}の目です。{player}のこの手番の合計は{turn_total}点です。",
        "bust": "1の目です。{player}はこの手番の{lost}点を失います。",
        "hold": "{player}はホールドして{banked}点を得ます。合計{score}点です。",
        "next_turn": "{player}の番です。",
        "game_over": "{winner}は{score}点で目標の{target}点に達し、勝ちです。",
        "illegal.hold_nothing": "この手番ではまだサイコロを振っていません。先に振ってください。"
        "今ホールドしても何も得られません。",
        "illegal.die_rolling": "サイコロを振っているところです。目が出るまでお待ちください。",
        "illegal.no_die_rolling": "サイコロは振られていません。手番のプレイヤーが「roll」か"
        "「hold」を選びます。",
        "illegal.not_over": "ゲームはまだ終わっていません。{target}点に達した人はいません。",
        "heading.pts": "点数",
        "ranking.legend": "点数：それぞれのプレイヤーがホールドして得た点の合計（PG-3.3）。",
    },
}


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: Pig's fields are all numbers, told as they are."""
    return str(value)
