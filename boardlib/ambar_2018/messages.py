"""What Ambar (2018)'s events say, in English and Japanese."""

from __future__ import annotations

from boardlib.ambar_2018.state import CARD_NAMES, CODES, COLOUR_NAMES, COLOURS, EVENT_NAMES, EVENTS

EVENT_NAMES_JA = {
    "FC": "森の伐採", "AM": "琥珀", "FA": "錬金術の失敗", "CA": "いかさま錬金術",
    "LD": "湖畔の発見", "DI": "気晴らし", "FG": "霧", "CO": "仲間", "FX": "キツネ",
}
CARD_NAMES_JA = {
    "SA": "初期の錬金術", "ST": "初期の旅人", "SV": "初期の村", "A2": "錬金術師",
    "A3": "錬金術の達人", "T2": "行商人", "T3": "隊商", "V6": "町", "V8": "都市", "V10": "城",
    "TA": "露店", "TB": "市場", "TC": "市", "CH": "歌声", "OR": "預言者", "BY": "山賊（黄）",
    "BB": "山賊（青）", "BR": "山賊（赤）", "RD": "襲撃", "SERPENT": "大蛇",
    "REDDEMON": "赤い悪魔",
}

MESSAGES = {
    "en": {
        "dealt_event": "{player} is dealt a starting event card.",
        "demon_first": "The {card} chases {player}: it goes first in the journey line-up.",
        "draw": "{player} draws a card from the journey deck.",
        "chants_draw": "{player} does not fight the Chants and must draw another card.",
        "card": "{player} draws {card} (day {day}).",
        "peek": "The Oracle lets {player} look at the next card of the deck.",
        "oracle_stop": "{player} leaves the card the Oracle showed on the deck.",
        "chants_safe": "The card after the Chants is {card}, not a danger: it is discarded.",
        "fight": "{player} fights off {card} with {soldiers} soldier(s).",
        "pay_gold": "{player} pays 1 gold to {card}.",
        "pay_gem": "{player} gives a {colour} gem to {card}.",
        "turn_over": "{player} cannot pay {card}: it is turned over and the journey ends.",
        "flee": "A third black card! {player} flees and will have only 1 action.",
        "journey_over": "{player}'s journey ends after {days} day(s): {actions} action(s).",
        "serpent": "The Serpent now chases {player}.",
        "reward_soldier": "{player} gains a soldier for a week on the road.",
        "reward_event": "{player} draws an event card for a sixth day on the road.",
        "make": "{player} uses alchemy and makes {gems}.",
        "carry": "{player}'s traveller sets out with {gems}.",
        "arrive": "{player}'s traveller brings {gems} to the village.",
        "recover": "{player} spends an action to recover the starting amber marker.",
        "discard_event": "{player} discards an event card face down: {actions} action(s) now.",
        "end_actions": "{player} ends the action phase ({left} action(s) unused).",
        "sell": "{player} sells {gems} to the {card} for {gold} gold.",
        "pass": "{player} passes.",
        "buy": "{player} buys the {card} for {gold} gold, discarding the {old}.",
        "forest": "{player} explores forest site {site} for {gold} gold.",
        "hire": "{player} hires a soldier for 1 gold.",
        "play": "{player} plays {event} on {target}: {detail}.",
        "treasure": "The stolen goods ({gems}, {gold} gold) go onto the treasure card.",
        "demon_moves": "The Red Demon is lured away to the richest player, {player}.",
        "round_two": "Round 2 begins with {cards} cards in the deck; the Red Demon chases "
        "{player}.",
        "continue_round": "{player} plays on with the last {left} card(s) of round 1.",
        "early_round": "{player} starts round 2 now instead of playing the last {left} card(s).",
        "next_turn": "It is {player}'s turn.",
        "game_over": "The round 2 deck is used up: the game ends.",
    },
    "ja": {
        "dealt_event": "{player}は最初のイベントカードを1枚受け取ります。",
        "demon_first": "{card}が{player}を追っています。旅の列の最初に置かれます。",
        "draw": "{player}は旅の山札から1枚引きます。",
        "chants_draw": "{player}は歌声と戦わず、もう1枚引かなければなりません。",
        "card": "{player}は{card}を引きました（{day}日目）。",
        "peek": "預言者のおかげで{player}は山札の次のカードを見ます。",
        "oracle_stop": "{player}は預言者が見せたカードを山札に残します。",
        "chants_safe": "歌声の次のカードは{card}で、危険ではありません。捨てられます。",
        "fight": "{player}は兵士{soldiers}人で{card}を撃退します。",
        "pay_gold": "{player}は{card}に金貨1枚を払います。",
        "pay_gem": "{player}は{card}に{colour}の宝石を1個渡します。",
        "turn_over": "{player}は{card}に払えません。カードは裏返され、旅は終わります。",
        "flee": "3枚目の黒いカード！{player}は逃げ出し、アクションは1回だけです。",
        "journey_over": "{player}の旅は{days}日で終わりました。アクションは{actions}回です。",
        "serpent": "大蛇は{player}を追います。",
        "reward_soldier": "{player}は1週間の旅で兵士を1人得ます。",
        "reward_event": "{player}は6日目の旅でイベントカードを1枚引きます。",
        "make": "{player}は錬金術で{gems}を作ります。",
        "carry": "{player}の旅人が{gems}を運び出します。",
        "arrive": "{player}の旅人が{gems}を村に届けます。",
        "recover": "{player}はアクションを1回使って最初の琥珀マーカーを取り戻します。",
        "discard_event": "{player}はイベントカードを裏向きで捨てます。"
        "アクションは{actions}回です。",
        "end_actions": "{player}はアクションフェイズを終えます（{left}回を使わずに）。",
        "sell": "{player}は{gems}を{card}に売って金貨{gold}枚を得ます。",
        "pass": "{player}はパスします。",
        "buy": "{player}は金貨{gold}枚で{card}を買い、{old}を捨てます。",
        "forest": "{player}は金貨{gold}枚で森の{site}番目の場所を探索します。",
        "hire": "{player}は金貨1枚で兵士を1人雇います。",
        "play": "{player}は{target}に{event}を使います：{detail}。",
        "treasure": "盗まれた品（{gems}、金貨{gold}枚）は宝のカードに置かれます。",
        "demon_moves": "赤い悪魔は一番金持ちの{player}に引き寄せられます。",
        "round_two": "第2ラウンドが山札{cards}枚で始まります。赤い悪魔は{player}を追います。",
        "continue_round": "{player}は第1ラウンドの残り{left}枚で続けます。",
        "early_round": "{player}は残り{left}枚を使わずに第2ラウンドを始めます。",
        "next_turn": "{player}の番です。",
        "game_over": "第2ラウンドの山札がなくなりました。ゲーム終了です。",
    },
}


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: card codes → names, ``"Y2 B1"`` → "2 yellow, 1 blue"."""
    if key in ("card", "old") and isinstance(value, str):
        if lang == "ja":
            return CARD_NAMES_JA.get(value, value)
        return CARD_NAMES[CODES.index(value)] if value in CODES else value
    if key == "event" and isinstance(value, str):
        return EVENT_NAMES_JA[value] if lang == "ja" else EVENT_NAMES[EVENTS.index(value)]
    if key == "colour" and isinstance(value, str):
        return COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[COLOURS.index(value)]
    if key in ("gems", "detail") and isinstance(value, str):
        return _gems(value, lang)
    if key == "target" and isinstance(value, int):
        from boardlib.messages import player_name

        return player_name(value, lang)
    return str(value)


def _gems(text: str, lang: str) -> str:
    names = COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])
    parts = []
    for token in text.split():
        if len(token) >= 2 and token[0] in COLOURS and token[1:].isdigit():
            n, colour = int(token[1:]), names[COLOURS.index(token[0])]
            parts.append(f"{colour}{n}個" if lang == "ja" else f"{n} {colour}")
        else:
            parts.append(token)
    if not parts or text == "none":
        return "なし" if lang == "ja" else "nothing"
    return "、".join(parts) if lang == "ja" else ", ".join(parts)
