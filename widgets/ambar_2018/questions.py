"""The questions of the optimal-stopping lesson (notebooks/ambar_2018/03_probability.ipynb):
its Pig warm-up ("pig-…") and the Ambar (2018) journey ("journey-…").

Why every answer is computed here, from the engine, and not typed in: the lesson's numbers come
from ``boardlib.pig`` and ``boardlib.ambar_2018.odds``, so if a rule, the die or the
(placeholder) round-1 deck changes, the questions change with them.

Why ``LESSONS`` builds its questions on first use: solving Pig to 50 and evaluating "hold at
20" take about a second, too long for an import (the teacher's page imports every catalogue).
The Pig solver works in floats, so its two chances are kept to 4 decimals, as the notebook
prints them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from widgets.answers import ChoiceAnswer, Mistake, NumberAnswer, Tolerance
from widgets.questions import Question, percent

if TYPE_CHECKING:
    from boardlib.ambar_2018.odds import Deck
    from boardlib.pig.optimal import PigSolution

PREDICTION = Tolerance.points(5)
"""A prediction within 5 points is a good one (any readable prediction is kept anyway)."""
EXERCISE = Tolerance.exact()
"""An exercise: the exact value, or that value correctly rounded (2 decimals or more)."""

PIG_TARGET = 50  # the notebook's TARGET
HOLD_LIMIT = 20  # the rule of thumb the notebook plays against best play
SURVIVE_ROLLS = 5  # pig-five-rolls: no 1 in this many rolls
ONE_IN_ROLLS = 4  # pig-one-in-four: at least one 1 in this many rolls
TURN_TOTAL = 24  # pig-roll-gain: the turn total at stake
SOLVER_PLACES = 4  # the Pig solver's floats, kept to the decimals the notebook prints

JOURNEY_POSITION = """
    phase: journey
    line-up: V6 BY TA
    drawn: 3
    player 1: gold 30, alchemy gems Y6
"""
"""The journey, written exactly as the notebook's ``position`` cell writes it (Player 1 sees
it: seat 0)."""
PUSH_AT = (2, 2)  # journey-draw-or-stop: (days in the line-up, black cards out)
GAIN_AT = (5, 1)  # journey-draw-gain: (days, black cards)
CREAM_RUN = 3  # journey-three-cream: this many cream cards in a row

Text = dict[str, str]


def _text(en: str, ja: str) -> Text:
    return {"en": en, "ja": ja}



# ---------------------------------------------------------------- Pig, from the engine


@cache
def pig_solution() -> PigSolution:
    """Best play in a race to ``PIG_TARGET``, solved once (about 0.3 s)."""
    from boardlib.pig.optimal import solve

    return solve(PIG_TARGET)


def _kept(chance: float) -> Fraction:
    """A solver's float as the chance the lesson checks: to ``SOLVER_PLACES`` decimals."""
    scale = 10**SOLVER_PLACES
    return Fraction(round(chance * scale), scale)


def no_bust() -> Fraction:
    """One roll keeps the turn total: the faces that are not the bust face."""
    from boardlib.pig.data import BUST, FACES

    return Fraction(sum(face != BUST for face in FACES), len(FACES))


def face_gain() -> Fraction:
    """What one roll adds on average when it does not bust (each face 1/6): 20/6."""
    from boardlib.pig.data import BUST, FACES

    return Fraction(sum(face for face in FACES if face != BUST), len(FACES))


def die_average() -> Fraction:
    """The average of all the die's faces (3.5): the slip of counting the bust face as a gain."""
    from boardlib.pig.data import FACES

    return Fraction(sum(FACES), len(FACES))


def roll_gain(turn_total: int) -> Fraction:
    """The expected change of the turn total from one more roll: the faces' gain, less the
    turn total lost with the bust face's chance."""
    return face_gain() - turn_total * (1 - no_bust())


def first_player_chance() -> Fraction:
    """The first player's chance under best play (both players best)."""
    return _kept(pig_solution().chance(0, 0))


@cache
def hold_at_chances() -> tuple[float, float]:
    """Hold at ``HOLD_LIMIT`` against best play: its chance moving first, and second."""
    from boardlib.pig.optimal import hold_at_win_chance

    best = pig_solution()
    return (hold_at_win_chance(PIG_TARGET, HOLD_LIMIT, best, first=True),
            hold_at_win_chance(PIG_TARGET, HOLD_LIMIT, best, first=False))


def hold_at_chance() -> Fraction:
    """Hold at ``HOLD_LIMIT``'s chance against best play, moving first in half of the games."""
    first, second = hold_at_chances()
    return _kept((first + second) / 2)


# ---------------------------------------------------------------- the journey, from the engine


@cache
def journey_deck() -> Deck:
    """The cards left by class (cream, Chants, Oracles, other dangers), as Player 1 sees them."""
    from boardlib import ambar_2018
    from boardlib.ambar_2018.odds import deck_of

    seen = ambar_2018.from_description(JOURNEY_POSITION).observation(0)
    return deck_of(seen["deck"])


def _fewer(deck: Deck, cls: int) -> Deck:
    """``deck`` with one card of class ``cls`` drawn."""
    left = list(deck)
    left[cls] -= 1
    return left[0], left[1], left[2], left[3]


def next_black_chance() -> Fraction:
    from boardlib.ambar_2018.odds import next_black

    return next_black(journey_deck())


def flee_in_two() -> Fraction:
    """The next two cards both black (one black card is out: the second makes three)."""
    from boardlib.ambar_2018.odds import DANGER, next_black

    deck = journey_deck()
    return next_black(deck) * next_black(_fewer(deck, DANGER))  # any black class: same count


def cream_run(cards: int) -> Fraction:
    """The next ``cards`` cards all cream."""
    from boardlib.ambar_2018.odds import CREAM, next_black

    deck, chance = journey_deck(), Fraction(1)
    for _ in range(cards):
        chance *= 1 - next_black(deck)
        deck = _fewer(deck, CREAM)
    return chance


def draw_and_stop(days: int, blacks: int) -> tuple[Fraction, Fraction]:
    """Drawing once more (then playing best) and stopping, in expected actions, this deck."""
    from boardlib.ambar_2018.odds import Worth, draw, stop_value

    return draw(days, blacks, journey_deck(), Worth()), stop_value(days, Worth())


# ---------------------------------------------------------------- the Pig questions


def _pig_five_rolls() -> Question:
    chance = no_bust() ** SURVIVE_ROLLS
    return Question(
        "pig-five-rolls", "predict",
        _text(f"You start a Pig turn and decide to roll exactly {SURVIVE_ROLLS} times. What is "
              "the chance that none of the rolls is a 1, so that the turn total survives?",
              f"ピッグの手番で、ちょうど{SURVIVE_ROLLS}回振ると決めました。一度も1が出ずに、"
              "手番の得点が消えずに残る確率はいくつでしょう？"),
        NumberAnswer(chance, PREDICTION),
        _text(f"One roll misses the 1 with chance {no_bust()}, and the rolls do not depend on "
              "each other.",
              f"1回振って1が出ない確率は{no_bust()}です。それぞれの出目は互いに影響しません。"),
        _text(f"Each roll avoids the 1 with chance {no_bust()}, independently, so the chances "
              f"multiply: ({no_bust()})^{SURVIVE_ROLLS} = {chance} ≈ {percent(chance)}. Less "
              "than half: five rolls without a 1 are rarer than they feel.",
              f"1回ごとに1を避ける確率は{no_bust()}で、互いに独立なので掛け合わせます："
              f"({no_bust()})^{SURVIVE_ROLLS} = {chance} ≈ {percent(chance)}。半分より少なく、"
              "5回続けて1を出さないのは思ったより難しいのです。"))


def _pig_one_in_four() -> Question:
    none = no_bust() ** ONE_IN_ROLLS
    chance = 1 - none
    added = min(ONE_IN_ROLLS * (1 - no_bust()), Fraction(1))
    all_ones = (1 - no_bust()) ** ONE_IN_ROLLS
    return Question(
        "pig-one-in-four", "exercise",
        _text(f"By hand: what is the chance of rolling at least one 1 in {ONE_IN_ROLLS} rolls? "
              "(Type a fraction such as 1/2, or a decimal.)",
              f"手計算で：{ONE_IN_ROLLS}回振って、1が少なくとも1回出る確率はいくつでしょう？"
              "（1/2 のような分数か、小数で入力してください。）"),
        NumberAnswer(chance, EXERCISE, mistakes=(
            Mistake(none, _text(
                f"That is the chance of no 1 at all in {ONE_IN_ROLLS} rolls; the question asks "
                "for at least one.",
                f"それは{ONE_IN_ROLLS}回で1が一度も出ない確率です。聞いているのは"
                "「少なくとも1回出る」確率です。")),
            Mistake(added, _text(
                f"Adding {1 - no_bust()} for each roll counts the turns with two or more 1s "
                "more than once: find the chance of no 1 first, and take the rest.",
                f"1回ごとに{1 - no_bust()}を足すと、1が2回以上出る場合を重ねて数えてしまいます。"
                "まず1が一度も出ない確率を求め、その残りを考えましょう。")),
            Mistake(all_ones, _text(
                f"That is the chance that all {ONE_IN_ROLLS} rolls are 1s.",
                f"それは{ONE_IN_ROLLS}回すべてで1が出る確率です。")),
        )),
        _text("“At least one 1” is the opposite of “no 1 at all”: work that out first, as "
              "a power of 5/6.",
              "「少なくとも1回1が出る」は「1が一度も出ない」の反対です。まずそちらを5/6の累乗で"
              "求めましょう。"),
        _text(f"No 1 in {ONE_IN_ROLLS} rolls: ({no_bust()})^{ONE_IN_ROLLS} = {none}; at least "
              f"one 1 is the rest: 1 − {none} = {chance} ≈ {percent(chance)}. Just over half — "
              "the bet the Chevalier de Méré won in the 17th century (a six in four rolls).",
              f"{ONE_IN_ROLLS}回とも1が出ない確率は({no_bust()})^{ONE_IN_ROLLS} = {none}。"
              f"少なくとも1回出る確率はその残りで、1 − {none} = {chance} ≈ {percent(chance)}。"
              "半分をわずかに超えます。17世紀にシュヴァリエ・ド・メレが勝ち続けた賭け"
              "（4回振って6が1回は出る）と同じ確率です。"))


def _pig_first_chance() -> Question:
    chance = first_player_chance()
    edge = float(chance - Fraction(1, 2)) * 100
    return Question(
        "pig-first-chance", "predict",
        _text(f"In a race to 100, the first player wins 53.06% of games when both play best. "
              f"Predict the first player's chance under best play in a race to {PIG_TARGET}.",
              f"100点先取なら、両者が最善を尽くすとき先手の勝率は53.06%です。"
              f"{PIG_TARGET}点先取では、最善どうしで先手が勝つ確率はいくつだと思いますか？"),
        NumberAnswer(chance, PREDICTION),
        _text("A shorter race gives the second player fewer turns to catch up.",
              "レースが短いほど、後手が追いつくための手番は少なくなります。"),
        _text(f"Value iteration over every position (my score, yours, the turn total) gives "
              f"{float(chance):.4f} to {PIG_TARGET}: an edge of {edge:.2f}"
              " percentage points over 50%, more than the 3.06 points at 100 — a shorter game "
              "leaves less time to make up for moving second.",
              f"すべての局面（自分の得点、相手の得点、手番の得点）で価値反復を行うと、"
              f"{PIG_TARGET}点先取では{float(chance):.4f}になります。50%より"
              f"{edge:.2f}ポイント高く、100点先取の3.06ポイントより"
              "大きな差です。ゲームが短いほど、後手の不利を取り返す時間が少ないからです。"))


def _pig_hold_at_20() -> Question:
    first, second = hold_at_chances()
    chance = hold_at_chance()
    given_away = float(Fraction(1, 2) - chance) * 100
    return Question(
        "pig-hold-at-20", "predict",
        _text(f"“Hold at {HOLD_LIMIT}” plays against best play in a race to {PIG_TARGET}, "
              f"moving first in half of the games. Predict hold at {HOLD_LIMIT}'s chance to win.",
              f"「{HOLD_LIMIT}点で止める」作戦が、{PIG_TARGET}点先取で最善の相手と対戦します"
              f"（半分の試合で先手）。「{HOLD_LIMIT}点で止める」側が勝つ確率を予想してください。"),
        NumberAnswer(chance, PREDICTION),
        _text("Best play against itself wins half the games when each starts half the time; how "
              "far below 50% does a fixed rule fall?",
              "最善どうしで先手・後手を半分ずつ交代すれば、勝率はちょうど50%です。決まった規則は"
              "そこからどれだけ下がるでしょう？"),
        _text(f"The same recursion with one seat's move fixed by the rule: hold at {HOLD_LIMIT} "
              f"wins {first:.4f} moving first and {second:.4f} moving second, "
              f"{float(chance):.4f} on average — {given_away:.2f} percentage points given away "
              "against best play, because it ignores the score.",
              f"片方の手を規則で固定して同じ漸化式を解くと、「{HOLD_LIMIT}点で止める」は先手で"
              f"{first:.4f}、後手で{second:.4f}、平均{float(chance):.4f}の確率で勝ちます。得点差を"
              f"無視するため、最善手に対して{given_away:.2f}ポイント損をしています。"))


def _pig_roll_gain() -> Question:
    t = TURN_TOTAL
    gain = roll_gain(t)
    lost = t * (1 - no_bust())
    faces_average = face_gain() / no_bust()  # 4: the faces 2–6 alone
    whole_die = die_average() - lost  # 3.5 for the whole die, the 1 counted as a gain
    points = _text("points", "点")
    return Question(
        "pig-roll-gain", "exercise",
        _text(f"Your turn total is {t}. By hand: by how much does one more roll change your "
              "turn total on average? (A loss is negative; a fraction such as -1/3 is fine.)",
              f"手番の得点が{t}点あります。手計算で：もう1回振ると、手番の得点は平均して"
              "どれだけ変わるでしょう？（減るならマイナス。-1/3 のような分数でもかまいません。）"),
        NumberAnswer(gain, EXERCISE, low=None, high=None, percent_ok=False, unit=points,
                     mistakes=(
            Mistake(face_gain(), _text(
                f"That is only what the faces 2 to 6 add; a 1 also takes away the {t} you have.",
                f"それは2〜6の目が増やす分だけです。1が出ると今ある{t}点も失います。")),
            Mistake(faces_average, _text(
                f"{faces_average} is the average of the faces 2 to 6, but they come only "
                f"{no_bust().numerator} times in {no_bust().denominator}, and a 1 takes the "
                f"{t} away.",
                f"{faces_average}は2〜6の目の平均ですが、それが出るのは"
                f"{no_bust().denominator}回に{no_bust().numerator}回だけで、1が出ると{t}点を"
                "失います。")),
            Mistake(-lost, _text(
                f"That is only the loss from a 1; the faces 2 to 6 also add {face_gain()} on "
                "average.",
                f"それは1が出たときの損失だけです。2〜6の目が平均{face_gain()}点増やす分も"
                "あります。")),
            Mistake(-gain, _text(
                f"The right size, but the wrong sign: with {t} at stake, is one more roll a "
                "gain or a loss?",
                f"大きさは合っていますが、符号が逆です。{t}点がかかっているとき、もう1回振るのは"
                "得でしょうか、損でしょうか？")),
            Mistake(whole_die, _text(
                f"{float(die_average())} is the average of all six faces, but a 1 adds nothing: it "
                "takes the turn total away.",
                f"{float(die_average())}は6つの目すべての平均ですが、1は得点を増やしません。手番の得点を"
                "すべて失います。")),
        )),
        _text("Two parts: what a 1 takes away (with chance 1/6), and what the faces 2 to 6 add "
              "(each with chance 1/6).",
              "二つに分けましょう：1が出て失う分（確率1/6）と、2〜6の目で増える分"
              "（それぞれ確率1/6）。"),
        _text(f"A 1 (chance 1/6) loses the {t}: −{lost}. The faces 2 to 6 add (2 + 3 + 4 + 5 + "
              f"6)/6 = {face_gain()}. Together {face_gain()} − {lost} = {gain} ≈ "
              f"{float(gain):.3f} points: past 20 one more roll loses points on average — the "
              "reason for hold at 20, which still ignores that the game is won by reaching "
              "the target, not by points per turn.",
              f"1が出る（確率1/6）と{t}点を失うので −{lost}。2〜6の目は"
              f"(2 + 3 + 4 + 5 + 6)/6 = {face_gain()}点増やします。合わせて"
              f"{face_gain()} − {lost} = {gain} ≈ {float(gain):.3f}点。20点を超えると、もう1回"
              "振るのは平均して損になります。これが「20点で止める」の理由ですが、ゲームは1手番の"
              "得点ではなく目標点に先に届くことで勝つ、という点は無視されています。"))


# ---------------------------------------------------------------- the journey questions


PLACEHOLDER = _text("(The deck's counts are the engine's placeholder round-1 split.)",
                    "（山札の枚数は、エンジンが仮に決めた第1ラウンドの内訳です。）")


def _placeholder(en: str, ja: str) -> Text:
    return _text(f"{en} {PLACEHOLDER['en']}", f"{ja}{PLACEHOLDER['ja']}")


def _journey_next_black() -> Question:
    deck = journey_deck()
    total, cream = sum(deck), deck[0]
    chance = next_black_chance()
    return Question(
        "journey-next-black", "predict",
        _placeholder("Player 1 has 3 cards in the line-up, 1 of them black, and the rest of the "
                     "round-1 deck is left. Predict the chance that the next card is black.",
                     "プレイヤー1の列には3枚、そのうち黒は1枚。第1ラウンドの山札の残りは"
                     "そのままです。次のカードが黒である確率を予想してください。"),
        NumberAnswer(chance, PREDICTION),
        _text("Nobody knows the deck's order: the chance is a count, black cards left over cards "
              "left.",
              "山札の順番は誰にも分かりません。確率は数え上げです："
              "残りの黒カード ÷ 残りのカード。"),
        _placeholder(f"The deck left holds {total} cards: {cream} cream and {total - cream} black "
                     f"({deck[1]} Chants, {deck[2]} Oracles, {deck[3]} other dangers). The next "
                     f"card is black with chance {total - cream}/{total} ≈ {percent(chance)}.",
                     f"残りの山札は{total}枚：クリーム色{cream}枚、黒{total - cream}枚"
                     f"（歌声{deck[1]}枚、預言者{deck[2]}枚、"
                     f"山賊などその他の危険{deck[3]}枚）。"
                     f"次が黒の確率は{total - cream}/{total} ≈ {percent(chance)}です。"))


def _journey_flee_two() -> Question:
    deck = journey_deck()
    total, black = sum(deck), sum(deck) - deck[0]
    chance = flee_in_two()
    return Question(
        "journey-flee-two", "predict",
        _placeholder("Player 1 has one black card out; a third black card means fleeing. If "
                     "Player 1 draws the next two cards, what is the chance that both are black, "
                     "so that Player 1 flees?",
                     "プレイヤー1の黒カードは1枚。3枚目の黒が出ると逃走です。次の"
                     "2枚を引くとき、2枚とも黒で逃走することになる確率はいくつでしょう？"),
        NumberAnswer(chance, PREDICTION),
        _text("Once a first black card is drawn, one black card fewer is left — and one card "
              "fewer in all.",
              "1枚目の黒を引いた後は、黒カードが1枚減り、カード全体も1枚減っています。"),
        _placeholder(f"{black}/{total} for the first card, then {black - 1}/{total - 1} for the "
                     f"second: {black}/{total} × {black - 1}/{total - 1} = {chance} ≈ "
                     f"{percent(chance)}. Squaring {black}/{total} would forget the black card "
                     "already drawn.",
                     f"1枚目が黒の確率は{black}/{total}、続いて2枚目が黒の確率は"
                     f"{black - 1}/{total - 1}。{black}/{total} × {black - 1}/{total - 1} = "
                     f"{chance} ≈ {percent(chance)}。{black}/{total}を2乗すると、すでに引いた黒"
                     "カードを忘れてしまいます。"))


def _journey_draw_or_stop() -> Question:
    days, blacks = PUSH_AT
    drawing, stopping = draw_and_stop(days, blacks)
    best = "draw" if drawing > stopping else "stop"
    other = "stop" if best == "draw" else "draw"
    verdict = _text("draw" if best == "draw" else "stop", "引く" if best == "draw" else "止める")
    more = drawing - stopping
    return Question(
        "journey-draw-or-stop", "predict",
        _placeholder(f"Suppose the line-up has {days} days, {blacks} of its cards black, and this "
                     "same deck is left: one more black card means fleeing with a single "
                     "action. Draw once more, or stop?",
                     f"列に{days}日分のカードがあり、そのうち{blacks}枚が黒、山札は今と同じだと"
                     "します。もう1枚黒が出れば逃走で、アクションは1つだけになります。"
                     "もう1枚引きますか、それとも止めますか？"),
        ChoiceAnswer({"draw": _text("Draw once more", "もう1枚引く"),
                      "stop": _text(f"Stop and keep {stopping} actions",
                                    f"止めて{stopping}アクションを確保する")},
                     best,
                     {other: _text("Compare the two in expected actions: the risk of fleeing "
                                   "against what one more day brings.",
                                   "期待アクション数で比べましょう：逃走の危険と、1日増える"
                                   "ことで得られるもの。")}),
        _text(f"Stopping is worth {stopping} actions. Drawing: a black card (fleeing, 1 action) "
              f"or one more day — and then?",
              f"止めれば{stopping}アクション。引くと、黒なら逃走して1アクション、そうでなければ"
              "1日増えます。その後は？"),
        _placeholder(f"Stopping keeps {stopping} actions. Drawing risks fleeing with chance "
                     f"{next_black_chance()} ≈ {percent(next_black_chance())}; looking ahead over "
                     f"every order and playing best after, drawing is worth {drawing} ≈ "
                     f"{float(drawing):.3f} actions, {more} ≈ {float(more):+.3f} against stopping: "
                     f"{verdict['en']}.",
                     f"止めれば{stopping}アクション。引くと確率{next_black_chance()} ≈ "
                     f"{percent(next_black_chance())}で逃走します。あらゆる順番を先読みし、"
                     f"その後も最善に進めると、引く価値は{drawing} ≈ "
                     f"{float(drawing):.3f}アクション、"
                     f"止めるのと比べて{more} ≈ {float(more):+.3f}。"
                     f"答えは「{verdict['ja']}」です。"))


def _journey_three_cream() -> Question:
    deck = journey_deck()
    total, cream = sum(deck), deck[0]
    chance = cream_run(CREAM_RUN)
    first = Fraction(cream, total)
    factors = " × ".join(f"{cream - k}/{total - k}" for k in range(CREAM_RUN))
    return Question(
        "journey-three-cream", "exercise",
        _placeholder(f"With next_black: what is the chance that the next {CREAM_RUN} cards are "
                     "all cream (no black card at all)? Type it, or compute it in the cell below.",
                     f"next_black を使って：次の{CREAM_RUN}枚がすべてクリーム色（黒が1枚もない）"
                     "確率はいくつでしょう？入力するか、下のセルで計算してください。"),
        NumberAnswer(chance, EXERCISE, mistakes=(
            Mistake(first ** CREAM_RUN, _text(
                "That draws every card from the full deck again: after a cream card, one cream "
                "card fewer is left, and one card fewer in all.",
                "それは毎回、元の山札から引き直す計算です。クリーム色を1枚引くと、クリーム色も"
                "カード全体も1枚ずつ減ります。")),
            Mistake(1 - chance, _text(
                f"That is the chance of at least one black card among the {CREAM_RUN}.",
                f"それは{CREAM_RUN}枚の中に黒が少なくとも1枚ある確率です。")),
            Mistake(first, _text(
                "That is the first card only; all of them must be cream.",
                "それは1枚目だけの確率です。すべてがクリーム色でなければなりません。")),
        )),
        _text("A cream card comes with chance 1 − next_black(deck); after each one, the deck has "
              "one cream card fewer: (deck[0] − 1, deck[1], deck[2], deck[3]).",
              "クリーム色が出る確率は 1 − next_black(deck)。1枚引くごとに山札のクリーム色は"
              "1枚減ります：(deck[0] − 1, deck[1], deck[2], deck[3])。"),
        _placeholder(f"{factors} = {chance} ≈ {percent(chance)}: each cream card drawn leaves "
                     "one cream card fewer and one card fewer.",
                     f"{factors} = {chance} ≈ {percent(chance)}。クリーム色を1枚引くたびに、"
                     "クリーム色もカード全体も1枚ずつ減ります。"))


def _journey_draw_gain() -> Question:
    days, blacks = GAIN_AT
    drawing, stopping = draw_and_stop(days, blacks)
    gain = drawing - stopping
    actions = _text("actions", "アクション")
    return Question(
        "journey-draw-gain", "exercise",
        _placeholder(f"With {blacks} black card out, {days} days in the line-up and this deck "
                     "left: how many actions does drawing once more (and playing best after) "
                     "gain over stopping? Compute it with draw and stop_value, Worth() as in the "
                     "picture.",
                     f"黒が{blacks}枚、列に{days}日分、山札は今と同じ：もう1枚引いて（その後も最善"
                     "に進めて）止めるより何アクション得をするでしょう？draw と stop_value で計算"
                     "してください（Worth() は図と同じ）。"),
        NumberAnswer(gain, EXERCISE, low=None, high=None, percent_ok=False, unit=actions,
                     mistakes=(
            Mistake(drawing, _text(
                "That is what drawing is worth; the gain is that less what stopping is worth "
                "(stop_value).",
                "それは引いた場合の価値です。得は、そこから止めた場合の価値（stop_value）を"
                "引いたものです。")),
            Mistake(-gain, _text(
                "That is stop − draw; the gain of drawing is draw − stop.",
                "それは「止める − 引く」です。引くことの得は「引く − 止める」です。")),
        )),
        _text("The gain is what drawing is worth less what stopping is worth; draw wants the "
              "days, the black cards, the deck and a Worth.",
              "得は「引く価値 − 止める価値」です。draw には日数、黒カードの枚数、山札、Worth を"
              "渡します。"),
        _placeholder(f"draw({days}, {blacks}, deck, Worth()) = {drawing} ≈ {float(drawing):.3f} "
                     f"and stop_value({days}, Worth()) = {stopping}: drawing gains {gain} ≈ "
                     f"{float(gain):.3f} actions. Part of it is the 6th day's event card, worth "
                     "one action.",
                     f"draw({days}, {blacks}, deck, Worth()) = {drawing} ≈ {float(drawing):.3f}、"
                     f"stop_value({days}, Worth()) = {stopping}。引くと{gain} ≈ "
                     f"{float(gain):.3f}アクションの得です。その一部は、6日目のイベントカード"
                     "（1アクション分）によるものです。"))


@cache
def probability_lesson() -> tuple[Question, ...]:
    """The notebook's questions in the order it asks them."""
    return (_pig_five_rolls(), _pig_one_in_four(), _pig_first_chance(), _pig_hold_at_20(),
            _pig_roll_gain(), _journey_next_black(), _journey_flee_two(),
            _journey_three_cream(), _journey_draw_or_stop(), _journey_draw_gain())


class BuiltOnUse(Mapping[str, tuple[Question, ...]]):
    """Lessons by notebook, each built the first time it is asked for (then kept)."""

    def __init__(self, builders: Mapping[str, Callable[[], tuple[Question, ...]]]) -> None:
        self._builders = dict(builders)

    def __getitem__(self, notebook: str) -> tuple[Question, ...]:
        return self._builders[notebook]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)


LESSONS: Mapping[str, tuple[Question, ...]] = BuiltOnUse({"03_probability": probability_lesson})
