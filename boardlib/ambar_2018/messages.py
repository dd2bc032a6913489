"""What Ambar (2018)'s events say, in English and Japanese."""

from __future__ import annotations

from boardlib.ambar_2018.data import (
    ACTIONS,
    BANK,
    BANK_TOKENS,
    CARD_NAMES,
    CARRY_WINDOW,
    CHOICE,
    CODES,
    COLOUR_NAMES,
    COLOURS,
    DANGER,
    EVENT_NAMES,
    EVENTS,
    JOURNEY,
    ORACLE_CHOICE,
    RESPONSE,
    TRADING,
    UPGRADES,
)

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
        "fight": "{player} fights off {card} with {soldiers:soldier/soldiers}.",
        "pay_gold": "{player} pays 1 gold to {card}.",
        "pay_gem": "{player} gives a {colour} gem to {card}.",
        "turn_over": "{player} cannot pay {card}: it is turned over and the journey ends.",
        "flee": "A third black card! {player} flees and will have only 1 action.",
        "journey_over": "{player}'s journey ends after {days:day/days}: "
        "{actions:action/actions}.",
        "serpent": "The Serpent now chases {player}.",
        "reward_soldier": "{player} gains a soldier for a week on the road.",
        "reward_event": "{player} draws an event card for a sixth day on the road.",
        "make": "{player} uses alchemy and makes {gems}.",
        "carry": "{player}'s traveller sets out with {gems}.",
        "arrive": "{player}'s traveller brings {gems} to the village.",
        "recover": "{player} spends an action to recover the starting amber marker.",
        "discard_event": "{player} discards an event card face down: "
        "{actions:action/actions} now.",
        "end_actions": "{player} ends the action phase ({left:action/actions} unused).",
        "sell": "{player} sells {gems} to the {card} for {gold} gold.",
        "bank_short": "The bank has run out of gold: the {card} pays {player} only {gold} of "
        "the {worth} gold the gems are worth.",
        "pass_trade": "{player} passes: sells no gems now.",
        "pass_upgrade": "{player} passes: buys no upgrade this turn.",
        "pass_event": "{player} passes: plays no event card now.",
        "buy": "{player} buys the {card} for {gold} gold, discarding the {old}.",
        "forest": "{player} explores forest site {site} for {gold} gold.",
        "hire": "{player} hires a soldier for 1 gold.",
        "play": "{player} plays {event} on {target}: {detail}.",
        "treasure": "The stolen goods ({gems}, {gold} gold) go onto the treasure card.",
        "demon_moves": "The Red Demon is lured away to the richest player, {player}.",
        "round_two": "Round 2 begins with {cards} cards in the deck; the Red Demon chases "
        "{player}.",
        "continue_round": "{player} plays on with the last {left:card/cards} of round 1.",
        "early_round": "{player} starts round 2 now instead of playing the last "
        "{left:card/cards}.",
        "next_turn": "It is {player}'s turn.",
        "game_over": "The round 2 deck is used up: the game ends.",
        # refusals (IllegalAction reasons)
        "illegal.not_left_to_draw": "That card cannot come up now: {action} is not among the "
        "cards left to draw.",
        "illegal.nothing_drawn": "Nothing is being drawn now: cards come up only when a player "
        "draws.",
        "illegal.stop_too_soon": "You must take at least one card from the deck before ending "
        "your journey.",
        "illegal.wait_draw": "Wait: a card is being drawn first.",
        "illegal.not_now": "Not now: it is time to {phase_now}.",
        "illegal.week_over": "A journey lasts at most one week (7 cards).",
        "illegal.deck_empty": "The journey deck is empty.",
        "illegal.chants_no_pay": "Chants cannot be paid off: draw another card or send a soldier.",
        "illegal.fight_soldier": "Fighting {foe} takes {need} soldier; you have {soldiers}.",
        "illegal.chants_seventh": "A Chants that is your 7th card and 2nd black card cannot be "
                                  "fought: you have to draw another card.",
        "illegal.must_recover": "Your forest has no amber marker: you must spend an action to "
                                "recover it first.",
        "illegal.recover_next_turn": "Your forest lost its last marker during this turn: you "
        "recover it with an action during your next turn, not now.",
        "illegal.fight_soldiers": "Fighting {foe} takes {need} soldiers; you have {soldiers}.",
        "illegal.nothing_to_pay": "You have nothing to pay with.",
        "illegal.no_actions_left": "You have no actions left: discard an event card for one more.",
        "illegal.cannot_make": "Your alchemy card cannot make {make} now: it makes what its table "
        "shows for your amber markers, from the gems left in the hoard.",
        "illegal.cannot_carry": "You cannot carry {count:gem/gems} ({gem_colour}): your "
        "traveller, the gems on your alchemy card and your village's room and colours limit "
        "what one action moves.",
        "illegal.marker_on_forest": "Your starting amber marker is still on your forest.",
        "illegal.no_such_event": "You hold no such event card.",
        "illegal.sale_needs": "A sale during the actions needs two unused trade cards in the "
        "line-up and gems in your village.",
        "illegal.trader_bought": "That trader has already bought gems this turn.",
        "illegal.not_trade_card": "Line-up card {slot}, {card}, is not a trade card: only a "
        "trade card buys gems. Other cards are bought in the upgrade phase.",
        "illegal.no_card_there": "There is no line-up card {slot}.",
        "illegal.no_gems_to_sell": "Your village holds no gems to sell.",
        "illegal.cannot_buy": "You can only buy a better alchemy, traveller or village card from "
        "the line-up that you can pay for (1 gold more outside your turn).",
        "illegal.outside_turn_buy": "Outside your turn you may only buy line-up cards.",
        "illegal.cannot_pay_or_none": "You cannot pay for that, or none are left.",
        "illegal.not_allowed_now": "Not allowed now: it is time to {phase_now}.",
        "illegal.no_event_card": "You hold no {event} card.",
        "illegal.event_soldiers": "{event} needs {need:soldier/soldiers}.",
        "illegal.event_on_traveller": "{event} is played on a player performing the traveller "
        "action.",
        "illegal.event_own_turn": "{event} is played during your own turn.",
        "illegal.event_when_any": "{event} can be played in your action phase or when others may "
        "answer a journey.",
        "illegal.event_on_other": "{event} is played on another player.",
        "illegal.no_player": "There is no player {number}.",
        "illegal.event_no_effect": "{event} would have no effect now.",
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
        "bank_short": "銀行の金貨が足りません：{card}は宝石の値打ち金貨{worth}枚のうち、"
        "{player}に{gold}枚しか払えません。",
        "pass_trade": "{player}はパス：今は宝石を売りません。",
        "pass_upgrade": "{player}はパス：この手番はアップグレードを買いません。",
        "pass_event": "{player}はパス：今はイベントカードを出しません。",
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
        # 手が認められない理由
        "illegal.not_left_to_draw": "そのカードは今は出ません："
        "{action}は残りの山札にありません。",
        "illegal.nothing_drawn": "今は何も引いていません。"
        "カードが出るのはプレイヤーが引いたときだけです。",
        "illegal.stop_too_soon": "旅を終える前に、"
        "山札から少なくとも1枚引かなければなりません。",
        "illegal.wait_draw": "お待ちください：先にカードを引いています。",
        "illegal.not_now": "今はできません：{phase_now}ときです。",
        "illegal.week_over": "旅は最長で1週間（カード7枚）です。",
        "illegal.deck_empty": "旅の山札がなくなっています。",
        "illegal.chants_no_pay": "歌声は支払いで済ませられません。"
        "もう1枚引くか、兵士を送ってください。",
        "illegal.chants_seventh": "7枚目で2枚目の黒である歌声とは戦えません。もう1枚引かなければ"
                                  "なりません。",
        "illegal.must_recover": "森に琥珀マーカーがありません。まず1アクションで回収しなければ"
                                "なりません。",
        "illegal.recover_next_turn": "この手番中に森の最後のマーカーを失いました。"
        "回収は今ではなく、次の手番に1アクションを使って行います。",
        "illegal.fight_soldier": "{foe}と戦うには兵士が{need}人必要です。"
        "あなたの兵士は{soldiers}人です。",
        "illegal.fight_soldiers": "{foe}と戦うには兵士が{need}人必要です。"
        "あなたの兵士は{soldiers}人です。",
        "illegal.nothing_to_pay": "支払えるものがありません。",
        "illegal.no_actions_left": "アクションが残っていません。イベントカードを1枚捨てれば、"
        "もう1回行えます。",
        "illegal.cannot_make": "あなたの錬金術のカードでは今{make}を作れません。作れるのは、"
        "琥珀マーカーに応じて表が示すものを、残っている宝石から作る分だけです。",
        "illegal.cannot_carry": "{gem_colour}の宝石を{count}個運ぶことはできません。旅人、"
        "錬金術のカードの上の宝石、村の空きと色によって、1回のアクションで運べる量が決まります。",
        "illegal.marker_on_forest": "最初の琥珀マーカーはまだ森の上にあります。",
        "illegal.no_such_event": "そのイベントカードを持っていません。",
        "illegal.sale_needs": "アクション中に売るには、旅の列に未使用の交易カードが2枚と、"
        "村に宝石が必要です。",
        "illegal.trader_bought": "その商人はこのターンすでに宝石を買っています。",
        "illegal.not_trade_card": "旅の列の{slot}枚目の{card}は交易カードではありません。"
        "宝石を買ってくれるのは交易カードだけです。ほかのカードはアップグレードのときに買います。",
        "illegal.no_card_there": "旅の列に{slot}枚目のカードはありません。",
        "illegal.no_gems_to_sell": "村に売る宝石がありません。",
        "illegal.cannot_buy": "買えるのは、旅の列にある、今より良い錬金術・旅人・村のカードで、"
        "代金を払えるものだけです（自分のターン以外では金貨1枚多く必要です）。",
        "illegal.outside_turn_buy": "自分のターン以外で買えるのは、旅の列のカードだけです。",
        "illegal.cannot_pay_or_none": "代金を払えないか、もう残っていません。",
        "illegal.not_allowed_now": "今はできません：{phase_now}ときです。",
        "illegal.no_event_card": "{event}のカードを持っていません。",
        "illegal.event_soldiers": "{event}には兵士が{need}人必要です。",
        "illegal.event_on_traveller": "{event}は、"
        "旅人のアクションを行っているプレイヤーに使うカードです。",
        "illegal.event_own_turn": "{event}は自分のターンに使うカードです。",
        "illegal.event_when_any": "{event}を使えるのは、自分のアクションフェイズか、"
        "他のプレイヤーが旅に応じられるときです。",
        "illegal.event_on_other": "{event}は他のプレイヤーに使うカードです。",
        "illegal.no_player": "プレイヤー{number}はいません。",
        "illegal.event_no_effect": "{event}を使っても、今は何の効果もありません。",
    },
}

PHASE_WORDS = {  # "Not now: it is time to …": what the game waits for in each phase
    "en": {
        CHOICE: "choose whether to play on with the last cards or start round 2",
        JOURNEY: "draw a card or end the journey",
        DANGER: "answer the danger just drawn",
        ORACLE_CHOICE: "reveal the card the Oracle showed or end the journey",
        ACTIONS: "use actions",
        RESPONSE: "play an event on someone or pass",
        CARRY_WINDOW: "answer the traveller on the road (an event or pass)",
        TRADING: "sell on a trade card or pass",
        UPGRADES: "buy an upgrade or pass",
    },
    "ja": {
        CHOICE: "最後のカードで続けるか第2ラウンドを始めるかを選ぶ",
        JOURNEY: "カードを引くか旅を終える",
        DANGER: "いま引いた危険に対処する",
        ORACLE_CHOICE: "預言者が見せたカードを表にするか旅を終える",
        ACTIONS: "アクションを行う",
        RESPONSE: "誰かにイベントを使うかパスする",
        CARRY_WINDOW: "道中の旅人に応じる（イベントかパス）",
        TRADING: "交易カードに売るかパスする",
        UPGRADES: "アップグレードを買うかパスする",
    },
}


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: card codes → names, ``"Y2 B1"`` → "2 yellow, 1 blue"."""
    if key.startswith("view."):
        return view_value(key[5:], value, lang)
    # refusal fields: the English reason shows them as the engine writes them
    if key == "phase_now" and isinstance(value, int):
        return PHASE_WORDS.get(lang, PHASE_WORDS["en"])[value]
    if key == "foe" and isinstance(value, str):  # "BY" (ja: "山賊（黄）")
        return CARD_NAMES_JA.get(value, value) if lang == "ja" else value
    if key == "make" and isinstance(value, str):  # "Y2" (ja: "黄2個")
        return _gems(value, lang) if lang == "ja" else value
    if key == "gem_colour" and isinstance(value, int):
        return COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[value]
    if key == "action" and isinstance(value, str):  # "card SA" (ja: "初期の錬金術（card SA）")
        if lang == "ja":
            code = value.split()[-1]
            table = EVENT_NAMES_JA if value.startswith("event") else CARD_NAMES_JA
            name = table.get(code)
            return f"{name}（{value}）" if name else value
        return value
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
    return str(value)


def _gems(text: str, lang: str) -> str:
    names = COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])
    parts = []
    for token in text.split():
        if len(token) >= 2 and token[0] in COLOURS and token[1:].isdigit():
            n, colour = int(token[1:]), names[COLOURS.index(token[0])]
            parts.append(f"{colour}{n}個" if lang == "ja" else f"{n} {colour}")
        elif len(token) == 3 and token[1] == ">" and token[0] in COLOURS and token[2] in COLOURS:
            give, get = (names[COLOURS.index(c)] for c in (token[0], token[2]))  # Cheating Alchemy
            parts.append(f"{give}→{get}" if lang == "ja" else f"{give} for {get}")
        else:
            parts.append(token)
    if not parts or text == "none":
        return "なし" if lang == "ja" else "nothing"
    return "、".join(parts) if lang == "ja" else ", ".join(parts)


# ----- the command line's view of a position (boardlib.cli) and its ranking table ----------
# "view.<key>" labels an observation key shown for the table, "view.seat.<key>" one shown per
# seat; "heading.<short>" and "ranking.legend" explain the ranking table's short headings.
_TOKENS = sorted(BANK_TOKENS.items())
MESSAGES["en"].update({
    # the observation's "placeholder_values" too: every placeholder table of components.json
    "placeholder_note": "Card costs, capacities, trade prices, alchemy tables, bandit colours, "
    "round-2 icons (so the journey deck's split into rounds 1 and 2), event counts, the "
    "events' soldier costs (all but the Fox's), the forest site prices and the bank's mix of "
    "gold tokens (" + ", ".join(f"{n} × {worth}" for worth, n in _TOKENS) + f": {BANK} gold) "
    "are placeholders, not the printed components (see components.json).",
    "view.round": "round",
    "view.phase": "now",
    "view.active": "on the road",
    "view.decider": "to answer",
    "view.lineup": "line-up",
    "view.top": "the Oracle shows",
    "view.drawn": "cards drawn",
    "view.black_cards": "black cards",
    "view.actions": "actions left",
    "view.carry": "on the road",
    "view.carry.count": "gems",
    "view.carry.colour": "",
    "view.deck": "journey deck",
    "view.hoard": "gems in the hoard",
    "view.treasure": "treasure",
    "view.treasure_gold": "treasure gold",
    "view.serpent": "Serpent",
    "view.demon": "Red Demon",
    "view.seat.gold": "gold",
    "view.seat.soldiers": "soldiers",
    "view.seat.markers": "amber markers",
    "view.seat.alchemy": "alchemy",
    "view.seat.traveller": "traveller",
    "view.seat.village": "village",
    "view.seat.alchemy_gems": "gems on the alchemy",
    "view.seat.village_gems": "gems in the village",
    "view.seat.event_hand": "event cards",
    "heading.gold": "gold",
    "heading.sldr": "sldr",
    "heading.evts": "evts",
    "ranking.legend": "gold: gold coins; sldr: soldiers (the first tie-break); evts: event cards "
    "in hand (the second tie-break).",
})
MESSAGES["ja"].update({
    "placeholder_note": "カードの代金・容量・交易の値段・錬金術の表・山賊の色・第2ラウンドの印"
    "（つまり旅の山札の第1・第2ラウンドへの分け方）・イベントの枚数・イベントに必要な兵士の数"
    "（キツネ以外）・森の場所の値段・銀行の金貨の内訳（"
    + "・".join(f"{worth}の金貨{n}枚" for worth, n in _TOKENS) + f"、計{BANK}）"
    "は仮の値で、実物とは違います。",
    "view.round": "ラウンド",
    "view.phase": "いま",
    "view.active": "旅をしている人",
    "view.decider": "応じる人",
    "view.lineup": "旅の列",
    "view.top": "預言者が見せたカード",
    "view.drawn": "引いたカード",
    "view.black_cards": "黒いカード",
    "view.actions": "残りのアクション",
    "view.carry": "運んでいる宝石",
    "view.carry.count": "",
    "view.carry.colour": "",
    "view.deck": "旅の山札",
    "view.hoard": "宝石の在庫",
    "view.treasure": "宝のカードの上の宝石",
    "view.treasure_gold": "宝のカードの上の金貨",
    "view.serpent": "大蛇",
    "view.demon": "赤い悪魔",
    "view.seat.gold": "金貨",
    "view.seat.soldiers": "兵士",
    "view.seat.markers": "琥珀マーカー",
    "view.seat.alchemy": "錬金術",
    "view.seat.traveller": "旅人",
    "view.seat.village": "村",
    "view.seat.alchemy_gems": "錬金術のカードの宝石",
    "view.seat.village_gems": "村の宝石",
    "view.seat.event_hand": "イベントカード",
    "heading.gold": "金貨",
    "heading.sldr": "兵士",
    "heading.evts": "イベント",
    "ranking.legend": "金貨：金貨の枚数。兵士：兵士の数（1つ目の同点判定）。"
    "イベント：手札のイベントカードの枚数（2つ目の同点判定）。",
})

_PHASE_NOW = {
    "en": {"choice": "choosing how round 1 ends", "journey": "a journey", "draw": "a draw",
           "danger": "a danger", "peek": "the Oracle", "oracle": "the Oracle",
           "reward": "a reward", "response": "answers to the journey", "actions": "actions",
           "carry": "a traveller on the road", "trade": "trade", "upgrade": "upgrades",
           "deal": "the deal", "over": "the end"},
    "ja": {"choice": "第1ラウンドの終わり方を選ぶ", "journey": "旅", "draw": "カードを引く",
           "danger": "危険", "peek": "預言者", "oracle": "預言者", "reward": "報酬",
           "response": "旅への応答", "actions": "アクション", "carry": "道中の旅人",
           "trade": "交易", "upgrade": "アップグレード", "deal": "配布", "over": "終了"},
}
_WHERE = {
    "en": {"place": "in its place", "line-up": "in the line-up", "aside": "set aside"},
    "ja": {"place": "所定の場所", "line-up": "旅の列", "aside": "脇に置いてある"},
}


def card_words(code: str, lang: str) -> str:
    """A journey card by name: ``"V6"`` → "Town" / "町"."""
    if lang == "ja":
        return CARD_NAMES_JA.get(code, code)
    return CARD_NAMES[CODES.index(code)] if code in CODES else code


def view_value(key: str, value: object, lang: str) -> str:
    """An observation value in words: cards, gems and event cards by name."""
    if key == "phase" and isinstance(value, str):
        return _PHASE_NOW.get(lang, _PHASE_NOW["en"]).get(value, value)
    if key in ("serpent", "demon") and isinstance(value, str):
        return _WHERE.get(lang, _WHERE["en"]).get(value, value)
    if key in ("alchemy_gems", "village_gems", "hoard", "treasure", "colour") \
            and isinstance(value, str) and value in COLOURS:
        return COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[COLOURS.index(value)]
    if key == "event_hand" and isinstance(value, str) and value in EVENTS:
        return EVENT_NAMES_JA[value] if lang == "ja" else EVENT_NAMES[EVENTS.index(value)]
    if isinstance(value, str) and value in CODES:
        return card_words(value, lang)
    return str(value)
