"""The rule steps of the Ambar (2018) lesson (notebooks/ambar_2018/01_rules.ipynb), kept once as
data, in the rulebook's order: the journey, its dangers, the actions card by card, trade,
upgrades, demons, events, the two rounds and the end. Each is a position
(``boardlib.ambar_2018.from_description``), the goal in every language, and the moves it is
about; the other seat is a cautious bot so that the table answers."""

from __future__ import annotations

from widgets.spec import LessonStep

BOT = {1: "cautious"}
RICH = "player 1: gold 12, soldiers 2, alchemy gems Y3 B1\n"


def _step(rules: tuple[str, ...], position: str, en: str, ja: str, expect: tuple[str, ...],
          bots: dict[int, str] | None = None) -> LessonStep:
    return LessonStep(rules=rules, position=position, goal={"en": en, "ja": ja}, expect=expect,
                      bots=BOT if bots is None else bots)


LESSONS: dict[str, LessonStep] = {
    "draw": _step(
        ("AB-4.1", "AB-6.1"), "phase: journey\nline-up: V6\ndrawn: 1\n" + RICH,
        "draw a second card: click the journey deck (each card is one day, one action)",
        "2枚目のカードを引く：旅の山札をクリック（1枚が1日、1アクション）",
        ("draw",)),
    "stop": _step(
        ("AB-4.1", "AB-4.8"), "phase: journey\nline-up: V6 BY TA RD\ndrawn: 4\n" + RICH,
        "two black cards are out: a third would leave you 1 action — stop the journey",
        "黒のカードが2枚：3枚目なら1アクションだけ — 旅を終える",
        ("stop",)),
    "flee": _step(
        ("AB-4.8", "AB-5.4"),
        "phase: journey\nline-up: V6 BY TA RD TB\ndrawn: 5\ndeck: OR:3 CH:1 RD:2\n"
        "aside: none\n" + RICH,
        "draw anyway: every card left is black — see what fleeing costs",
        "それでも引く：残りはすべて黒 — 逃走の代償を見る",
        ("draw",)),
    "oracle": _step(
        ("AB-4.2",), "phase: oracle\nline-up: V6 OR\ndrawn: 2\ntop: RD known by 1\n" + RICH,
        "the Oracle showed you the next card (a Hold-up): reveal it or stop",
        "預言者が次のカード（襲撃）を見せました：めくるか、旅を終える",
        ("stop", "reveal")),
    "chants": _step(
        ("AB-4.3", "AB-4.7"), "phase: danger\nline-up: V6 CH\ndrawn: 2\n" + RICH,
        "Chants: send a soldier (click the card) or draw on",
        "歌声：兵士を送る（カードをクリック）か、引き続ける",
        ("fight", "draw")),
    "bandits": _step(
        ("AB-4.4", "AB-4.7", "AB-14.1"), "phase: danger\nline-up: V6 BB\ndrawn: 2\n" + RICH,
        "bandits want a blue gem: fight with a soldier or pay (click the card)",
        "山賊が青の宝石を要求：兵士で戦うか支払う（カードをクリック）",
        ("fight", "pay")),
    "raid": _step(
        ("AB-4.5",), "phase: danger\nline-up: V6 RD\ndrawn: 2\nplayer 1: gold 3, soldiers 1\n",
        "a Hold-up: two soldiers or 1 gold — you have one soldier, so pay",
        "襲撃：兵士2人か金貨1枚 — 兵士は1人なので支払う",
        ("pay",)),
    "cannot_pay": _step(
        ("AB-4.6",),
        "phase: journey\nline-up: V6 TA\ndrawn: 2\ndeck: RD:1\naside: none\n"
        "player 1: gold 0, soldiers 0, alchemy gems none\n",
        "no gold, no soldier: draw the Hold-up and see it turned over",
        "金貨も兵士もない：襲撃を引いて、裏返されるのを見る",
        ("draw",)),
    "week": _step(
        ("AB-5.1", "AB-5.2", "AB-5.3", "AB-4.1"),
        "phase: journey\nline-up: V6 TA TB V6 T2 TA\ndrawn: 6\n" + RICH,
        "six days: stop for the Serpent and an event card, or draw the 7th for a soldier too",
        "6日：大蛇とイベントカードで終えるか、7枚目で兵士も狙う",
        ("stop", "draw")),
    "make": _step(
        ("AB-6.1", "AB-6.2"), "phase: actions\nactions: 3\nline-up: V6 TA TB\n"
        "player 1: markers 3, alchemy gems Y1\n",
        "three markers: make gems on your alchemy card (click it: 3 yellow or 1 blue)",
        "マーカー3個：錬金術カードで宝石を作る（クリック：黄3個か青1個）",
        ("make Y3", "make B1")),
    "carry": _step(
        ("AB-6.3", "AB-6.4"), "phase: actions\nactions: 2\nline-up: V6 TA\n"
        "player 1: alchemy gems Y3 B1 R1\n",
        "carry gems to your village with your traveller (one colour an action; no red there)",
        "旅人で宝石を村へ運ぶ（1アクション1色、この村に赤は不可）",
        ("carry Y 1", "carry Y 2", "carry B 1")),
    "extra_actions": _step(
        ("AB-6.5",), "phase: actions\nactions: 0\nline-up: V6\n"
        "player 1: alchemy gems Y2, events FG\n",
        "no action left: discard your event card for one more (click it)",
        "アクションが残っていない：イベントカードを捨ててもう1つ（クリック）",
        ("discard FG",)),
    "sell_in_actions": _step(
        ("AB-6.6", "AB-7.1"), "phase: actions\nactions: 2\nline-up: TA V6 TB\n"
        "player 1: village gems Y2 B1\n",
        "two trade cards: spend an action to sell your village's gems now (click a trade card)",
        "交易カードが2枚：1アクションで今、村の宝石を売る（交易カードをクリック）",
        ("sell 1", "sell 3")),
    "recover": _step(
        ("AB-6.7", "AB-11.5"), "phase: actions\nactions: 2\nline-up: V6 TA\n"
        "player 1: markers 0\n",
        "a Forest clearings took your last marker: recover it (click your forest)",
        "森の伐採で最後のマーカーを失った：回収する（森をクリック）",
        ("recover",)),
    "trade": _step(
        ("AB-7.1", "AB-7.2", "AB-7.3"), "phase: trade\ndecider: 1\nline-up: V6 TB\n"
        "player 1: village gems Y2 B1\nplayer 2: village gems Y3\n",
        "trade: sell all your village's gems on the Market (click it); then the others may",
        "交易：村の宝石をすべて市場で売る（クリック）。その後ほかの人も売れる",
        ("sell 2",)),
    "upgrade": _step(
        ("AB-8.1", "AB-8.3", "AB-8.5"), "phase: upgrade\ndecider: 1\nline-up: V8 T2 TA\n"
        "player 1: gold 6, village gems Y2\n",
        "buy ONE better card from the line-up (the gems move onto the new card)",
        "旅の列からよりよいカードを1枚だけ買う（宝石は新しいカードへ移る）",
        ("buy 1", "buy 2")),
    "forest_soldier": _step(
        ("AB-8.2", "AB-8.6"), "phase: upgrade\ndecider: 1\nline-up: TA\nplayer 1: gold 4\n",
        "no better card out: explore your forest's next site or hire a soldier",
        "よいカードがない：森の次の場所を探索するか、兵士を雇う",
        ("forest", "soldier")),
    "outside_turn": _step(
        ("AB-8.4",), "phase: upgrade\nturn: 1\ndecider: 2\nqueue: none\nline-up: T2 TA\n"
        "player 2: gold 3\n",
        "Player 1's turn: you (Player 2) may buy the Pedlar for 1 gold more — or pass",
        "プレイヤー1の手番：あなた（プレイヤー2）は金貨1枚多く払って行商人を買える — またはパス",
        ("buy 1", "pass"), bots={0: "cautious"}),
    "serpent": _step(
        ("AB-9.1", "AB-10.1", "AB-10.2"),
        "phase: journey\nline-up: SERPENT V6\ndrawn: 1\nserpent: line-up\n" + RICH,
        "the Serpent chased you: it is your first (black) card — draw on or stop",
        "大蛇に追われている：最初の（黒い）カード — 引き続けるか、旅を終える",
        ("draw", "stop")),
    "red_demon": _step(
        ("AB-10.3", "AB-10.4", "AB-12.3"),
        "round: 2\nphase: journey\nline-up: REDDEMON V6\ndrawn: 1\ndemon: player 1\n" + RICH,
        "round 2: the Red Demon chases the richest — you; draw on carefully or stop",
        "第2ラウンド：赤い悪魔は一番の金持ち（あなた）を追う — 慎重に引くか、終える",
        ("draw", "stop")),
    "own_events": _step(
        ("AB-11.1", "AB-11.2", "AB-11.4", "AB-11.6", "AB-11.9", "AB-11.12", "AB-11.13"),
        "phase: actions\nactions: 1\nline-up: V6\n"
        "player 1: alchemy gems Y2 B1, events AM LD CO FX\nplayer 2: village gems B2\n",
        "play one of your own-turn events: Amber, Lakeside Discovery, Company or Fox",
        "自分の手番のイベントを1枚使う：琥珀、湖畔の発見、仲間、キツネ",
        ("play AM", "play LD", "play CO", "play FX 2")),
    "any_time": _step(
        ("AB-11.2", "AB-11.5", "AB-11.7", "AB-11.8"),
        "phase: response\nturn: 2\ndecider: 1\nqueue: none\nline-up: V6 TA\n"
        "player 1: alchemy gems Y2, events FC FA CA\nplayer 2: markers 2, alchemy gems B1 R1\n",
        "Player 2 ended a journey: play an any-time event on them, or pass",
        "プレイヤー2が旅を終えた：いつでも使えるイベントを使うか、パス",
        ("play FC 2", "play FA 2", "play CA 2"), bots={1: "cautious"}),
    "on_the_road": _step(
        ("AB-11.10", "AB-11.11", "AB-11.3"),
        "phase: carry\nturn: 2\ndecider: 1\nqueue: none\nline-up: V6 TA\ncarry: Y3\n"
        "player 1: events DI FG\n",
        "Player 2's traveller carries 3 yellow gems: play Distractions or Fog on them",
        "プレイヤー2の旅人が黄3個を運搬中：気晴らしか霧を使う",
        ("play DI", "play FG"), bots={1: "cautious"}),
    "round_end": _step(
        ("AB-12.1", "AB-12.2"), "phase: choice\nline-up: none\ndeck: TA:2 V6:2\n" + RICH,
        "only 4 cards left in round 1: play them, or start round 2 now",
        "第1ラウンドの残りは4枚：それで続けるか、今すぐ第2ラウンドを始める",
        ("continue", "new round")),
    "game_end": _step(
        ("AB-12.4", "AB-13.1", "AB-13.2"),
        "round: 2\nphase: journey\nline-up: TA TB\ndrawn: 2\ndeck: TC:1\naside: none\n"
        "player 1: gold 9\nplayer 2: gold 9, soldiers 2\n",
        "the last card of round 2: draw it, finish the turn, and see who wins a gold tie",
        "第2ラウンド最後のカード：引いて手番を終え、金貨が同点のときの勝者を見る",
        ("draw",)),
}
