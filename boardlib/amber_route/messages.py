"""What Amber Route's events say, in English and Japanese."""

from __future__ import annotations

from boardlib.amber_route.data import (
    CARD_KIND,
    CARD_REWARD,
    CARD_TERRAIN,
    CHALLENGES,
    DARK_INDEX,
    FIELD_TERRAIN,
    FIELD_TYPE,
    FIELD_TYPES,
    LIGHT_TOKENS,
    PLACEHOLDER_NOTE,
    REWARDS,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
)

MESSAGES = {
    "en": {
        "next_turn": "It is {player}'s turn.",
        "miss_turn": "{player} misses this turn ({left} more to miss).",
        "in_castle": "{player} is already in the castle and has nothing to do.",
        "buy": "{player} pays one unsecured amber to draw two light cards.",
        "draw_light": "{player} draws a light card ({card}).",
        "look_light": "{player} looks at a light card ({card}).",
        "keep_light": "{player} keeps {card} and puts the other card back on top of the light "
        "deck.",
        "keep_light_only": "{player} keeps {card}, the only light card there was to look at.",
        "draw_light_hidden": "{player} draws a light card.",
        "look_light_hidden": "{player} looks at a light card.",
        "keep_light_hidden": "{player} keeps one of them and puts the other back on top of the "
        "light deck.",
        "keep_light_only_hidden": "{player} keeps the only light card there was to look at.",
        "steal_hidden": "{player} takes a light card from {victim}.",
        "discard": "{player} discards {card} (at most 7 light cards).",
        "reshuffle_light": "The light deck is empty: the discarded light cards are shuffled into "
        "a new deck.",
        "no_light": "No light card is left to draw.",
        "reshuffle_dark": "The darkness deck is empty: the resolved cards are shuffled into a new "
        "deck.",
        "no_dark": "No darkness card is left to draw.",
        "move": "{player} moves {steps:field/fields} forward to field {field}.",
        "advance": "{player} moves 2 fields forward, to field {field}.",
        "castle": "{player} reaches the castle!",
        "first_castle": "{player} is the first in the castle: every other player takes one more "
        "turn, then the game ends.",
        "draw_dark": "{player} draws {card}: a level {level} {challenge} of the {terrain}.",
        "draw_grace": "{player} draws a divine grace card ({card}) and resolves it at once.",
        "play_grace": "{player} plays the divine grace card.",
        "pick": "{player} picks the die showing {face}: {gift}.",
        "play_light": "{player} plays {card}: {dice:die/dice} for this challenge.",
        "use_kept": "{player} uses the kept reward of {card}: {reward}.",
        "roll": "The die shows {value}.",
        "roll_run": "The dice show {values}.",
        "nudge": "{player} spends a guard marker: die {die} goes from {before} to {after}.",
        "set_die": "{player} spends an unsecured amber: die {die} goes from {before} to {after}.",
        "reroll": "{player} uses a kept reward to reroll die {dice}.",
        "player_hits": "{player} deals {hits} damage; the monster has "
        "{left:hit point/hit points} left.",
        "monster_hits": "The monster deals {hits} damage; {player} has "
        "{left:guard marker/guard markers} left.",
        "ghost_total": "{player}'s dice add up to {total}; {need} are needed to escape the ghost.",
        "trap_matches": "{player} has {best} matching dice; {need} are needed to avoid the trap.",
        "overcome": "{player} overcomes the level {level} challenge.",
        "failed": "{player} fails against the {challenge}.",
        "keep_card": "{player} keeps {card} for later: {reward}.",
        "card_reward": "The card's reward: {reward}.",
        "lose_card": "{player} loses {card}.",
        "lose_all_cards": "{player} has too few light cards and loses all that are left: {n}.",
        "no_cards_to_lose": "{player} has no light card left to lose.",
        "missed_turns": "{player} will miss {n:turn/turns}.",
        "gain_guards": "{player} gains {n:guard marker/guard markers} and now has {total}.",
        "gain_amber": "{player} gains an amber.",
        "secure_amber": "{player} now has 3 amber: one goes on the player card (secured: "
        "{total}), two back to the pool.",
        "lose_amber": "{player} loses an unsecured amber.",
        "no_amber": "The amber pool is empty: {player} gains nothing.",
        "attack": "{player} attacks {defender}!",
        "fight_card": "{player} adds {card} to the fight.",
        "duel_round": "{player} deals {dealt} damage and takes {taken}; dice left: {left} against "
        "{defender_left} for {defender}.",
        "contest": "{player} attacks with {attack} against {defence} for {defender}: {winner} "
        "wins.",
        "fight_won": "{player} wins the fight.",
        "loot": "{player} takes {what} from {victim}.",
        "steal": "{player} takes {card} from {victim}.",
        "game_over": "Everyone has had their last turn: the game ends.",
        # refusals (IllegalAction reasons)
        "illegal.wait_chance": "Wait: the game needs {wait} first.",
        "illegal.no_grace_family": "The Family version has no divine grace action.",
        "illegal.chance_decides": "{action} is chance's to decide, and nothing of that kind is "
        "happening now: {who} must {wait}.",
        "illegal.not_now": "Not now: {who} must {wait}.",
        "illegal.not_in_dark_deck": "{dark} is not in the darkness deck now.",
        "illegal.loser_lacks": "The loser holds no {light}.",
        "illegal.not_in_light_deck": "No {light} is left in the light deck.",
        "illegal.light_top_known": "The top light card was put back after a look: the next card "
        "drawn is that card.",
        "illegal.guard_limit": "You already have {guards} guard markers, the most anyone may have.",
        "illegal.buy_no_amber": "Drawing light cards costs one unsecured amber, and you have none.",
        "illegal.move_no_guard": "Moving 2 fields costs one guard marker, and you have none.",
        "illegal.move_past_castle": "The castle is {fields:field/fields} away: you cannot move "
        "past it.",
        "illegal.grace_used": "You have already played your divine grace card: once per game.",
        "illegal.no_light_card": "You hold no {light} light card.",
        "illegal.other_terrain": "{light} is for another terrain: only cards of this field's "
        "terrain (or any-terrain cards) help here.",
        "illegal.too_many_dice": "That would make {dice} dice; the box has only {most}.",
        "illegal.not_kept": "You have not kept {dark}.",
        "illegal.kept_no_help": "The kept reward of {dark} ({reward_code}) does not help in this "
        "challenge now.",
        "illegal.attack_same_field": "You may attack only another player on your field.",
        "illegal.attack_no_card": "To attack you must play a light card of this field's terrain, "
        "and you have none.",
        "illegal.fight_two_cards": "Each player may add at most 2 light cards to a fight.",
        "illegal.add_wrong_terrain": "{light} does not match this field's terrain.",
        "illegal.nothing_to_loot": "{who} has no {loot} to take.",
        "illegal.no_grace_die": "No grace die left shows {face}.",
        "illegal.not_looked_at": "{light} is not one of the cards you looked at.",
        "illegal.not_possible": "That is not possible now.",
        "illegal.family_fight_dice": "In a Family fight between players only guard markers change "
        "dice.",
        "illegal.only_dice": "There are only {dice} dice.",
        "illegal.change_no_guard": "Changing a die costs a guard marker, and you have none.",
        "illegal.die_six": "A die showing 6 cannot be changed with guard markers.",
        "illegal.die_below_one": "A die shows 1 to 6: it cannot go below 1.",
        "illegal.set_no_amber": "Setting a die costs one unsecured amber, and you have none.",
        "illegal.die_already": "Die {die} already shows {face}.",
        "illegal.no_reroll_kept": "You keep no '{reward_code}' reward.",
        "illegal.reroll_impossible": "That reroll is not possible now.",
    },
    "ja": {
        "next_turn": "{player}の番です。",
        "miss_turn": "{player}はこの番を休みます（残り{left}回）。",
        "in_castle": "{player}はすでに城にいるので、何もしません。",
        "buy": "{player}は確保していない琥珀を1つ払い、光のカードを2枚引きます。",
        "draw_light": "{player}は光のカード（{card}）を引きます。",
        "look_light": "{player}は光のカード（{card}）を見ます。",
        "keep_light": "{player}は{card}を取り、もう1枚を光の山札の一番上に戻します。",
        "keep_light_only": "{player}は、見ることのできた唯一の光のカード{card}を取ります。",
        "draw_light_hidden": "{player}は光のカードを1枚引きます。",
        "look_light_hidden": "{player}は光のカードを1枚見ます。",
        "keep_light_hidden": "{player}は1枚を取り、もう1枚を光の山札の一番上に戻します。",
        "keep_light_only_hidden": "{player}は、見ることのできた唯一の光のカードを取ります。",
        "steal_hidden": "{player}は{victim}から光のカードを1枚奪います。",
        "discard": "{player}は{card}を捨てます（光のカードは7枚まで）。",
        "reshuffle_light": "光の山札がなくなりました。捨て札を切って新しい山札にします。",
        "no_light": "引ける光のカードがありません。",
        "reshuffle_dark": "闇の山札がなくなりました。解決済みのカードを切って新しい山札にします。",
        "no_dark": "引ける闇のカードがありません。",
        "move": "{player}は{steps}マス進み、{field}番のマスに着きます。",
        "advance": "{player}は2マス進み、{field}番のマスに着きます。",
        "castle": "{player}が城に着きました！",
        "first_castle": "{player}が最初に城に着きました。他のプレイヤーはあと1回ずつ手番を行い、"
        "ゲームが終わります。",
        "draw_dark": "{player}は{card}を引きます：{terrain}のレベル{level}の{challenge}です。",
        "draw_grace": "{player}は神の恵みのカード（{card}）を引き、すぐに解決します。",
        "play_grace": "{player}は神の恵みのカードを使います。",
        "pick": "{player}は{face}の目のダイスを選びます：{gift}。",
        "play_light": "{player}は{card}を出します。この試練ではダイス{dice}個です。",
        "use_kept": "{player}は{card}の取っておいた報酬を使います：{reward}。",
        "roll": "ダイスの目は{value}です。",
        "roll_run": "ダイスの目は{values}です。",
        "nudge": "{player}は護衛を1つ使い、ダイス{die}を{before}から{after}にします。",
        "set_die": "{player}は琥珀を1つ使い、ダイス{die}を{before}から{after}にします。",
        "reroll": "{player}は取っておいた報酬でダイス{dice}を振り直します。",
        "player_hits": "{player}は{hits}ダメージを与えます。怪物の体力は残り{left}です。",
        "monster_hits": "怪物は{hits}ダメージを与えます。{player}の護衛は残り{left}です。",
        "ghost_total": "{player}のダイスの合計は{total}です。幽霊から逃げるには{need}が必要です。",
        "trap_matches": "{player}の同じ目のダイスは{best}個です。罠を避けるには{need}個必要です。",
        "overcome": "{player}はレベル{level}の試練を乗り越えます。",
        "failed": "{player}は{challenge}に敗れます。",
        "keep_card": "{player}は{card}を後のために取っておきます：{reward}。",
        "card_reward": "カードの報酬：{reward}。",
        "lose_card": "{player}は{card}を失います。",
        "lose_all_cards": "{player}は光のカードが足りないので、{n}枚すべてを失います。",
        "no_cards_to_lose": "{player}には失う光のカードがもうありません。",
        "missed_turns": "{player}は{n}回休みになります。",
        "gain_guards": "{player}は護衛を{n}つ得て、{total}つになりました。",
        "gain_amber": "{player}は琥珀を1つ得ます。",
        "secure_amber": "{player}の琥珀が3つになりました。"
        "1つをプレイヤーカードに置き（確保{total}）、2つを共通の場に戻します。",
        "lose_amber": "{player}は確保していない琥珀を1つ失います。",
        "no_amber": "共通の場に琥珀がないので、{player}は何も得ません。",
        "attack": "{player}は{defender}を攻撃します！",
        "fight_card": "{player}は{card}を戦いに加えます。",
        "duel_round": "{player}は{dealt}ダメージを与え、{taken}ダメージを受けます。残りのダイスは"
        "{left}対{defender_left}（{defender}）です。",
        "contest": "{player}の攻撃{attack}対{defender}の防御{defence}：{winner}の勝ちです。",
        "fight_won": "{player}が戦いに勝ちます。",
        "loot": "{player}は{victim}から{what}を奪います。",
        "steal": "{player}は{victim}から{card}を奪います。",
        "game_over": "全員が最後の手番を終えました。ゲーム終了です。",
        # 手が認められない理由
        "illegal.wait_chance": "お待ちください：先に{wait}が決まります。",
        "illegal.no_grace_family": "ファミリー版には神の恵みのアクションはありません。",
        "illegal.chance_decides": "「{action}」は偶然が決めることで、"
        "今はそのようなことは起きていません：{who}が{wait}番です。",
        "illegal.not_now": "今はできません：{who}が{wait}番です。",
        "illegal.not_in_dark_deck": "闇のカード{dark}は今、闇の山札にありません。",
        "illegal.loser_lacks": "負けたプレイヤーは{light}を持っていません。",
        "illegal.not_in_light_deck": "光の山札に{light}は残っていません。",
        "illegal.light_top_known": "光の山札の一番上には、見たあとに戻されたカードがあります。"
        "次に引かれるのはそのカードです。",
        "illegal.guard_limit": "護衛はすでに{guards}つあり、これが持てる上限です。",
        "illegal.buy_no_amber": "光のカードを引くには確保していない琥珀が1つ必要ですが、"
        "1つもありません。",
        "illegal.move_no_guard": "2マス進むには護衛が1つ必要ですが、1つもありません。",
        "illegal.move_past_castle": "城まではあと{fields}マスです。"
        "城を越えて進むことはできません。",
        "illegal.grace_used": "神の恵みのカードはすでに使いました。1ゲームに1回だけです。",
        "illegal.no_light_card": "{light}の光のカードを持っていません。",
        "illegal.other_terrain": "{light}は別の地形のカードです。ここで役立つのは、このマスの地形の"
        "カード（または全地形のカード）だけです。",
        "illegal.too_many_dice": "それではダイスが{dice}個になりますが、箱にはダイスが{most}個しか"
        "ありません。",
        "illegal.not_kept": "闇のカード{dark}を取っておいていません。",
        "illegal.kept_no_help": "闇のカード{dark}の取っておいた報酬（{reward_code}）は、"
        "今のこの試練では役に立ちません。",
        "illegal.attack_same_field": "攻撃できるのは、同じマスにいる他のプレイヤーだけです。",
        "illegal.attack_no_card": "攻撃するにはこのマスの地形の光のカードを出す必要がありますが、"
        "持っていません。",
        "illegal.fight_two_cards": "戦いに加えられる光のカードは、1人2枚までです。",
        "illegal.add_wrong_terrain": "{light}はこのマスの地形に合いません。",
        "illegal.nothing_to_loot": "{who}には奪える{loot}がありません。",
        "illegal.no_grace_die": "{face}の目の神の恵みのダイスは残っていません。",
        "illegal.not_looked_at": "{light}は見たカードの中にありません。",
        "illegal.not_possible": "今はそれはできません。",
        "illegal.family_fight_dice": "ファミリー版のプレイヤー同士の戦いでは、"
        "ダイスを変えられるのは護衛だけです。",
        "illegal.only_dice": "ダイスは{dice}個しかありません。",
        "illegal.change_no_guard": "ダイスを変えるには護衛が1つ必要ですが、1つもありません。",
        "illegal.die_six": "6の目のダイスは護衛で変えられません。",
        "illegal.die_below_one": "ダイスの目は1〜6です。1より小さくはできません。",
        "illegal.set_no_amber": "ダイスの目を決めるには確保していない琥珀が1つ必要ですが、"
        "1つもありません。",
        "illegal.die_already": "ダイス{die}はすでに{face}の目です。",
        "illegal.no_reroll_kept": "「{reward_code}」の報酬を取っておいていません。",
        "illegal.reroll_impossible": "今はその振り直しはできません。",
    },
}

_WORDS = {
    "en": {
        "monster": "monster", "ghost": "ghost", "trap": "trap",
        "light1": "gain 1 light card", "light2": "gain 2 light cards",
        "look2": "look at the top 2 light cards and take 1", "reroll1": "reroll 1 die",
        "reroll2": "reroll 2 dice", "guard1": "gain 1 guard marker",
        "guard2": "gain 2 guard markers", "move2": "move 2 fields forward",
        "die_M": "1 extra die in the mountains", "die_F": "1 extra die in the forest",
        "die_S": "1 extra die in the swamp", "die_W": "1 extra die in the wastelands",
        "damage36": "damage dealt to the monster on 3-6", "amber1": "gain 1 amber",
        "amber": "1 unsecured amber", "cards": "2 light cards", "guards": "2 guard markers",
        "mine": "", "other": "",
    },
    "ja": {
        "monster": "怪物", "ghost": "幽霊", "trap": "罠",
        "light1": "光のカードを1枚得る", "light2": "光のカードを2枚得る",
        "look2": "光の山札の上2枚を見て1枚取る", "reroll1": "ダイス1個を振り直す",
        "reroll2": "ダイス2個を振り直す", "guard1": "護衛を1つ得る", "guard2": "護衛を2つ得る",
        "move2": "2マス進む", "die_M": "山岳でダイス+1", "die_F": "森でダイス+1",
        "die_S": "沼地でダイス+1", "die_W": "荒野でダイス+1",
        "damage36": "怪物へのダメージが3〜6で入る", "amber1": "琥珀を1つ得る",
        "amber": "確保していない琥珀1つ", "cards": "光のカード2枚", "guards": "護衛2つ",
        "mine": "", "other": "",
    },
}

WAITING_FOR = {
    "en": {
        "draw_phase": "choose the draw phase: 'draw card' or 'take guard'",
        "action": "choose the turn's one action",
        "discard": "discard a light card down to the limit of 7",
        "reward": "choose the reward: 'reward guard' or 'reward light'",
        "prepare": "play light cards for the challenge, then 'go'",
        "modify": "change the dice with guards, amber or kept rerolls, then 'done'",
        "pay": "choose the light cards to lose",
        "attack": "choose 'attack N' or 'no attack'",
        "duel_cards": "add light cards for the fight, then 'ready'",
        "contest_first": "play a light card of this field's terrain to attack",
        "contest_cards": "add light cards of this field's terrain, then 'ready'",
        "loot": "choose the loot", "pick": "pick one of the grace dice",
        "keep": "keep one of the two light cards looked at",
        "roll": "a die roll", "light": "a light card drawn", "look": "a light card drawn",
        "dark": "a darkness card drawn", "steal": "a light card taken at random",
    },
    "ja": {
        "draw_phase": "ドローフェイズの行動を選ぶ（'draw card' か 'take guard'）",
        "action": "この手番のアクションを1つ選ぶ",
        "discard": "光のカードを上限の7枚まで捨てる",
        "reward": "報酬を選ぶ（'reward guard' か 'reward light'）",
        "prepare": "試練のために光のカードを出し、それから 'go' とする",
        "modify": "護衛・琥珀・取っておいた振り直しでダイスを変え、それから 'done' とする",
        "pay": "失う光のカードを選ぶ",
        "attack": "'attack N' か 'no attack' を選ぶ",
        "duel_cards": "戦いに光のカードを加え、それから 'ready' とする",
        "contest_first": "攻撃するために、このマスの地形の光のカードを出す",
        "contest_cards": "このマスの地形の光のカードを加え、それから 'ready' とする",
        "loot": "奪うものを選ぶ", "pick": "神の恵みのダイスを1つ選ぶ",
        "keep": "見た2枚の光のカードから1枚を取る",
        "roll": "ダイスの目", "light": "引く光のカード", "look": "引く光のカード",
        "dark": "引く闇のカード", "steal": "無作為に奪う光のカード",
    },
}
"""What the game waits for at each step (refusals: "wait: …"), by language: a player's
choice, or what chance decides."""
_LOOT = {  # what a fight's winner may take (``loot N``)
    "en": ("unsecured amber", "light cards", "guard markers"),
    "ja": ("確保していない琥珀", "光のカード", "護衛"),
}


def light_name(token: str, lang: str = "en") -> str:
    """``"F2"`` → "forest 2" / "森2"."""
    terrain = TERRAIN_NAMES.get(lang, TERRAIN_NAMES["en"])[TERRAIN_LETTERS.index(token[0])]
    return f"{terrain}{token[1]}" if lang == "ja" else f"{terrain} {token[1]}"


def format_value(key: str, value: object, lang: str) -> str:
    """Event fields in words: cards, terrains, levels, rewards, other players."""
    if key.startswith("view."):
        return view_value(key[5:], value, lang)
    words = _WORDS.get(lang, _WORDS["en"])
    # refusal fields: the English reason shows them as the engine writes them
    if key == "wait" and isinstance(value, str):
        return WAITING_FOR.get(lang, WAITING_FOR["en"])[value]
    if key == "light" and isinstance(value, str):  # "F2" (ja: "森2")
        return light_name(value, lang) if lang == "ja" else value
    if key == "reward_code" and isinstance(value, str):  # "reroll1" (ja: "ダイス1個を振り直す")
        return _WORDS["ja"][value] if lang == "ja" else value
    if key == "loot" and isinstance(value, int):
        return _LOOT.get(lang, _LOOT["en"])[value]
    if key in ("action", "dark"):
        return str(value)
    if key == "level" and isinstance(value, int):
        return ("I", "II", "III")[value]
    if key == "terrain" and isinstance(value, int):
        return TERRAIN_NAMES.get(lang, TERRAIN_NAMES["en"])[value]
    if key == "card" and isinstance(value, str) and value in LIGHT_TOKENS:
        return light_name(value, lang)
    if key == "card" and isinstance(value, str) and value in DARK_INDEX:
        return f"闇のカード（{value}）" if lang == "ja" else f"darkness card {value}"
    if isinstance(value, str) and value in words:
        return words[value]
    return str(value)


# ----- the command line's view of a position (boardlib.cli) and its ranking table ----------
# "view.<key>" labels an observation key shown for the table, "view.seat.<key>" one shown per
# seat; "heading.<short>" and "ranking.legend" explain the ranking table's short headings.
MESSAGES["en"].update({
    "placeholder_note": PLACEHOLDER_NOTE,
    "version.advanced": "Advanced",
    "version.family": "Family",
    "view.card": "facing",
    "view.hp": "monster hit points",
    "view.dice_count": "dice for this challenge",
    "view.damage36": "damage on 3–6",
    "view.dice": "dice",
    "view.other_dice": "the other side's dice",
    "view.table": "light cards played",
    "view.look": "looked at",
    "view.light_deck": "light deck",
    "view.light_discard": "light discards",
    "view.dark_deck": "darkness deck",
    "view.amber_pool": "amber in the pool",
    "view.guard_pool": "guard markers in the pool",
    "view.first": "first in the castle",
    "view.seat.field": "field",
    "view.seat.guards": "guard markers",
    "view.seat.amber": "unsecured amber",
    "view.seat.secured": "secured amber",
    "view.seat.hand": "light cards",
    "view.seat.kept": "kept",
    "view.seat.grace": "divine grace card",
    "view.seat.missed": "turns to miss",
    "view.seat.points": "points so far",
    "heading.pts": "pts",
    "ranking.legend": "pts: points (3 for the first in the castle, 6 per secured amber, 1 per "
    "unsecured amber and per unused kept reward).",
})
MESSAGES["ja"].update({
    "placeholder_note": "盤面の配置、光のカード、闇のカード、神の恵みの贈り物は仮の値です。"
    "ルールブックのすべての枚数とルールに合うように選んだもので、実物の内容は公開されていません。",
    "version.advanced": "上級版",
    "version.family": "ファミリー版",
    "view.card": "試練",
    "view.hp": "怪物の体力",
    "view.dice_count": "この試練のダイス",
    "view.damage36": "3〜6でダメージ",
    "view.dice": "ダイス",
    "view.other_dice": "相手のダイス",
    "view.table": "出した光のカード",
    "view.look": "見ているカード",
    "view.light_deck": "光の山札",
    "view.light_discard": "光の捨て札",
    "view.dark_deck": "闇の山札",
    "view.amber_pool": "共通の場の琥珀",
    "view.guard_pool": "共通の場の護衛",
    "view.first": "最初に城に着いた人",
    "view.seat.field": "マス",
    "view.seat.guards": "護衛",
    "view.seat.amber": "確保していない琥珀",
    "view.seat.secured": "確保した琥珀",
    "view.seat.hand": "光のカード",
    "view.seat.kept": "取っておいた報酬",
    "view.seat.grace": "神の恵みのカード",
    "view.seat.missed": "休む回数",
    "view.seat.points": "現在の得点",
    "heading.pts": "得点",
    "ranking.legend": "得点：最初に城に着くと3点、確保した琥珀1つにつき6点、確保していない琥珀と"
    "使わずに取っておいた報酬1つにつき1点。",
})

_FIELD_WORDS = {
    "en": {"shore": "the shore", "village": "a village", "city": "a city", "castle": "the castle"},
    "ja": {"shore": "海岸", "village": "村", "city": "町", "castle": "城"},
}
_GRACE = {"en": "divine grace", "ja": "神の恵み"}
_UNPLAYED = {"en": "not yet played", "ja": "未使用"}


def field_words(field: int, lang: str) -> str:
    """Field 7 as "7 (swamp)" / "7（沼地）"; the shore, villages, cities and the castle by name."""
    kind = FIELD_TYPES[FIELD_TYPE[field]]
    if kind == "terrain":
        words = TERRAIN_NAMES.get(lang, TERRAIN_NAMES["en"])[FIELD_TERRAIN[field]]
    else:
        words = _FIELD_WORDS.get(lang, _FIELD_WORDS["en"])[kind]
    return f"{field}（{words}）" if lang == "ja" else f"{field} ({words})"


def dark_words(token: str, lang: str) -> str:
    """``"D37"`` → "swamp ghost: reroll 1 die (D37)": terrain, challenge and reward."""
    card = DARK_INDEX[token]
    words = _WORDS.get(lang, _WORDS["en"])
    kind = CHALLENGES[CARD_KIND[card]]
    what = _GRACE.get(lang, _GRACE["en"]) if kind == "grace" else words[kind]
    if CARD_TERRAIN[card] >= 0:
        terrain = TERRAIN_NAMES.get(lang, TERRAIN_NAMES["en"])[CARD_TERRAIN[card]]
        what = f"{terrain}の{what}" if lang == "ja" else f"{terrain} {what}"
    if CARD_REWARD[card] >= 0:
        reward = words[REWARDS[CARD_REWARD[card]]]
        what = f"{what}：{reward}" if lang == "ja" else f"{what}: {reward}"
    return f"{what}（{token}）" if lang == "ja" else f"{what} ({token})"


def view_value(key: str, value: object, lang: str) -> str:
    """An observation value in words; cards a player may name in a move keep their code."""
    if key == "field" and isinstance(value, int):
        return field_words(value, lang)
    if key == "grace" and isinstance(value, str):
        return _UNPLAYED.get(lang, _UNPLAYED["en"])
    if isinstance(value, str) and value in DARK_INDEX:
        return dark_words(value, lang)
    if isinstance(value, str) and value in LIGHT_TOKENS:
        name = light_name(value, lang)
        if key not in ("hand", "look"):
            return name
        return f"{name}（{value}）" if lang == "ja" else f"{name} ({value})"
    return str(value)
