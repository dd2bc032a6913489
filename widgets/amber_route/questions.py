"""The questions of the Amber Route lessons: predictions asked before the exact cell, and
exercises the student works out (by hand, or with ``boardlib.amber_route.odds``).

Why every number is computed here from the engine and the rulebook's data: the teacher's page
and the tests compare the answers with the engine, so a changed rule or table changes the
answer with it, and no number is typed twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from boardlib.amber_route import odds
from boardlib.amber_route.data import GHOSTS
from widgets.answers import NumberAnswer, Tolerance
from widgets.questions import Question, distinct_mistakes, percent

ADVANCED, FAMILY = 0, 1
LEVEL_II, LEVEL_III = 1, 2
TWO_DICE = 2
FACES = range(1, 7)
PREDICTION = Tolerance.points(5)
EXERCISE = Tolerance.exact()

Texts = Mapping[str, str]


def need_of(version: int, level: int) -> int:
    """The sum a ghost asks for (AR-9.1), from the rulebook's table."""
    return int(GHOSTS[version][level][0])


def ordered_ways(need: int) -> list[tuple[int, int]]:
    """The ordered rolls of two dice (first die, second die) whose sum reaches ``need``."""
    return [(a, b) for a in FACES for b in FACES if a + b >= need]


def exactly(total: int, dice: int = TWO_DICE) -> Fraction:
    """The chance the dice sum to exactly ``total``: the answer of a student who forgets that
    a ghost is also escaped by any sum above its number."""
    return sum((p for faces, p in odds.rolls(dice) if sum(faces) == total), Fraction(0))


def unordered_share(need: int) -> Fraction:
    """The share of the 21 unordered pairs that reach ``need``: the answer of a student who
    counts 5+6 and 6+5 as one way (the pairs are not equally likely)."""
    pairs = list(combinations_with_replacement(FACES, TWO_DICE))
    return Fraction(sum(1 for pair in pairs if sum(pair) >= need), len(pairs))



def saved_by_guards(need: int, guards: int) -> list[tuple[int, int]]:
    """The two-dice rolls that fall short of ``need`` but reach it with ``guards`` spent."""
    return [(a, b) for a in FACES for b in FACES
            if a + b < need <= odds.ghost_total((a, b), guards, 0)]


def ways_text(ways: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a}+{b}" for a, b in ways)



def complement(what_en: str, what_ja: str, answer: Fraction) -> tuple[Fraction, Texts]:
    """The answer's complement, the most common slip: the chance of the opposite event."""
    return 1 - answer, {
        "en": f"That is the chance of {what_en}: the complement, 1 minus the answer.",
        "ja": f"それは{what_ja}確率です（1から答えを引いた余事象）。",
    }


# ----- the questions -------------------------------------------------------------------------


def ghost_nine() -> Question:
    """Predict: two dice against the Family level II ghost (9), before the first exact cell."""
    need = need_of(FAMILY, LEVEL_II)
    chance = odds.ghost_escape(need, TWO_DICE)
    ways = len(ordered_ways(need))
    listed = ways_text(ordered_ways(need))
    return Question(
        id="ghost-9",
        kind="predict",
        prompt={
            "en": f"Two dice, no guard, no amber: what is the chance their sum reaches {need} "
                  f"(the Family level II ghost)? Type it as 0.25, 25% or 9/36.",
            "ja": f"ダイス2個、護衛も琥珀も使わないとき、合計が{need}以上になる確率は？"
                  f"（ファミリー版レベルIIの幽霊）0.25、25%、9/36 のように入力してください。",
        },
        answer=NumberAnswer(chance, PREDICTION, mistakes=distinct_mistakes(
            chance, PREDICTION,
            (complement(f"falling short of {need}", f"{need}に届かない", chance),))),
        hint={
            "en": "Two dice fall in 6 × 6 = 36 equally likely ways. Start from 6+6 and go down: "
                  "which sums are big enough?",
            "ja": "ダイス2個の出方は 6 × 6 = 36 通りで、どれも同じ確からしさです。6+6 から"
                  "順に下げていくと、どの合計まで足りますか？",
        },
        derivation={
            "en": f"The ways that reach {need}: {listed} — {ways} of the 36 (4+5 and 5+4 are "
                  f"two different ways). So the chance is {ways}/36 = {chance} ≈ "
                  f"{percent(chance)}.",
            "ja": f"{need}以上になる出方は {listed} の{ways}通りです（4+5 と 5+4 は別の出方）。"
                  f"よって確率は {ways}/36 = {chance} ≈ {percent(chance)} です。",
        },
    )


def ghost_eleven_by_hand() -> Question:
    """Exercise: the same count for the Advanced level II ghost (11), by hand."""
    need = need_of(ADVANCED, LEVEL_II)
    chance = odds.ghost_escape(need, TWO_DICE)
    ways = len(ordered_ways(need))
    listed = ways_text(ordered_ways(need))
    one_roll = Fraction(1, 6**TWO_DICE)
    return Question(
        id="ghost-11-by-hand",
        kind="exercise",
        prompt={
            "en": f"By hand: in how many of the 36 ways can two dice reach {need} (the Advanced "
                  f"level II ghost), and so what is the chance? Type the chance, e.g. 5/36.",
            "ja": f"手で数えてみよう：ダイス2個の36通りの出方のうち、合計が{need}以上になるのは"
                  f"何通り？その確率を入力してください（例：5/36）。（上級版レベルIIの幽霊）",
        },
        answer=NumberAnswer(chance, EXERCISE, mistakes=distinct_mistakes(
            chance, EXERCISE,
            ((one_roll, {
                "en": "That counts a single way. 5+6 and 6+5 are two different ways (the first "
                      f"die and the second die), and 6+6 reaches {need} too.",
                "ja": "それは1通りだけの確率です。5+6 と 6+5 は別の出方（1個目と2個目の"
                      f"ダイスが違う）で、6+6 も{need}以上です。",
            }),
            (exactly(need), {
                "en": f"That is the chance of exactly {need}. A ghost is escaped by reaching its "
                      f"number or more: 6+6 counts too.",
                "ja": f"それは合計がちょうど{need}になる確率です。幽霊は{need}以上で逃げ切れる"
                      "ので、6+6 も数えます。",
            }),
            (unordered_share(need), {
                "en": "You counted among the 21 unordered pairs, but they are not equally likely: "
                      "{5, 6} can fall as 5+6 or 6+5, {6, 6} only one way. Count among the 36.",
                "ja": "21通りの組み合わせで数えていますが、それらは同じ確からしさではありません。"
                      "{5, 6} は 5+6 と 6+5 の2通り、{6, 6} は1通りです。36通りで数えましょう。",
            }),
            complement(f"falling short of {need}", f"{need}に届かない", chance),))),
        hint={
            "en": f"Write the first die and the second die apart: which pairs sum to {need}, "
                  f"which to {need + 1}? 5+6 and 6+5 are different rolls.",
            "ja": f"1個目と2個目のダイスを分けて書きましょう。合計{need}になるのは？"
                  f"{need + 1}になるのは？5+6 と 6+5 は別の出方です。",
        },
        derivation={
            "en": f"{listed}: {ways} of the 36 ways, so {ways}/36 = {chance} ≈ "
                  f"{percent(chance)}. The engine agrees: ghost_escape({need}, 2) = "
                  f"{chance}.",
            "ja": f"{listed} の{ways}通りなので、{ways}/36 = {chance} ≈ "
                  f"{percent(chance)} です。エンジンの ghost_escape({need}, 2) も {chance} です。",
        },
    )


def guard_against_eleven() -> Question:
    """Predict: what one guard adds with two dice against 11, before the table shows it."""
    need = need_of(ADVANCED, LEVEL_II)
    bare = odds.ghost_escape(need, TWO_DICE)
    guarded = odds.ghost_escape(need, TWO_DICE, 1)
    added = guarded - bare
    saved = saved_by_guards(need, 1)
    return Question(
        id="guard-vs-11",
        kind="predict",
        prompt={
            "en": f"Two dice against {need}: how much does just one guard (a pip on one die, "
                  f"after the roll) add to the chance of escaping? Type the difference, e.g. "
                  f"0.05 or 5%.",
            "ja": f"ダイス2個で{need}を目指すとき、護衛を1つ（振った後で1個のダイスを1つ上げる）"
                  f"使えると、逃げ切る確率はどれだけ増える？増える分を 0.05 や 5% のように"
                  f"入力してください。",
        },
        answer=NumberAnswer(added, PREDICTION, mistakes=distinct_mistakes(
            added, PREDICTION,
            ((guarded, {
                "en": "That is the chance WITH the guard; the question asks what the guard adds "
                      "to the chance without it.",
                "ja": "それは護衛を使ったときの確率です。問われているのは、護衛なしの確率から"
                      "増える分です。",
            }),))),
        hint={
            "en": f"A guard helps only a roll that falls exactly one pip short: which two-dice "
                  f"rolls sum to {need - 1}?",
            "ja": f"護衛が役に立つのは、ちょうど1足りない出方だけです。合計が{need - 1}になる"
                  f"出方はいくつ？",
        },
        derivation={
            "en": f"Without a guard {len(ordered_ways(need))} of 36 rolls reach {need} "
                  f"({percent(bare)}); a guard adds {ways_text(saved)}: {guarded} ≈ "
                  f"{percent(guarded)}. One guard adds {added} ≈ {percent(added)}, about "
                  f"{round(float(added) * 100)} points; against a high "
                  f"sum a single pip rarely makes the difference.",
            "ja": f"護衛なしで{need}以上になるのは36通り中{len(ordered_ways(need))}通り"
                  f"（{percent(bare)}）。護衛1つで {ways_text(saved)} も届き、"
                  f"{guarded} ≈ {percent(guarded)} になります。増える分は {added} ≈ "
                  f"{percent(added)}、約{round(float(added) * 100)}ポイント。高い合計が相手だと、"
                  f"1つ上げるだけでは届かないことが多いのです。",
        },
    )


def ghost_fifteen_with_engine() -> Question:
    """Exercise: one call of the engine for a challenge no cell has printed."""
    need, dice, guards = need_of(ADVANCED, LEVEL_III), 4, 2
    chance = odds.ghost_escape(need, dice, guards)
    without = odds.ghost_escape(need, dice)
    call = f"exact.ghost_escape({need}, {dice}, {guards})"
    return Question(
        id="ghost-15-engine",
        kind="exercise",
        prompt={
            "en": f"With the engine: the Advanced level III ghost needs {need}. You roll {dice} "
                  f"dice (a light card worth {dice - 1}) and may spend {guards} guards, no "
                  f"amber. What is your chance to escape? Answer in the box, or in the code "
                  f"cell below.",
            "ja": f"エンジンで計算しよう：上級版レベルIIIの幽霊は{need}以上が必要です。ダイスを"
                  f"{dice}個（値{dice - 1}の光のカード）振り、護衛を{guards}つまで使えます"
                  f"（琥珀なし）。逃げ切る確率は？欄に入力するか、下のコードのセルで答えて"
                  f"ください。",
        },
        answer=NumberAnswer(chance, EXERCISE, mistakes=distinct_mistakes(
            chance, EXERCISE,
            ((without, {
                "en": "That is the chance without the guards: the third argument is the guards "
                      "you spend.",
                "ja": "それは護衛を使わないときの確率です。3番目の引数が使う護衛の数です。",
            }),
            (odds.ghost_escape(need, dice, 1), {
                "en": f"That is with one guard; you have {guards}.",
                "ja": f"それは護衛1つのときの確率です。使える護衛は{guards}つです。",
            }),
            (odds.ghost_escape(need, dice, 0, guards), {
                "en": f"That is with {guards} amber, not {guards} guards: the arguments are "
                      f"(need, dice, guards, amber).",
                "ja": f"それは護衛ではなく琥珀を{guards}つ使ったときの確率です。引数の順は"
                      "（必要な合計, ダイス, 護衛, 琥珀）です。",
            }),
            (odds.ghost_escape(need, guards, dice), {
                "en": f"That is {guards} dice with {dice} guards: the dice come before the "
                      f"guards, as in ghost_escape(need, dice, guards).",
                "ja": f"それはダイス{guards}個と護衛{dice}つの場合です。ghost_escape(need, "
                      f"dice, guards) のように、ダイスが護衛より先です。",
            }),
            complement("being caught by the ghost", "幽霊に捕まる", chance),))),
        hint={
            "en": "exact.ghost_escape(need, dice, guards, amber) gives the exact chance as a "
                  "Fraction; the first cell of section 1 shows how it is called.",
            "ja": "exact.ghost_escape(need, dice, guards, amber) が正確な確率を Fraction で"
                  "返します。1章の最初のセルで呼び方を確かめましょう。",
        },
        derivation={
            "en": f"{call} = {chance} ≈ {percent(chance)}: the engine lists all "
                  f"{6**dice} rolls of {dice} dice, adds the guards' pips to dice below 6, "
                  f"and keeps the rolls that reach {need}. Without the guards it would be "
                  f"{percent(without)}.",
            "ja": f"{call} = {chance} ≈ {percent(chance)}。エンジンは{dice}個のダイスの"
                  f"{6**dice}通りの出方をすべて並べ、6未満のダイスに護衛の分を足して、{need}以上"
                  f"になる出方を数えます。護衛なしなら {percent(without)} です。",
        },
    )


def rulebook_duel() -> Question:
    """Predict: the attacker's chance in the rulebook's duel (AR-12.7), 2 dice against 3."""
    attacker, defender = 2, 3
    chance = odds.duel_win(attacker, defender)
    return Question(
        id="duel-2-vs-3",
        kind="predict",
        prompt={
            "en": f"The rulebook's duel (AR-12.7): the attacker rolls {attacker} dice, the "
                  f"defender {defender}; they fight round after round until one side has no "
                  f"dice left. What is the attacker's chance to win?",
            "ja": f"ルールブックの戦い（AR-12.7）：攻撃側はダイス{attacker}個、防御側は"
                  f"{defender}個。どちらかのダイスがなくなるまでラウンドを繰り返します。"
                  f"攻撃側が勝つ確率は？",
        },
        answer=NumberAnswer(chance, PREDICTION, mistakes=distinct_mistakes(
            chance, PREDICTION,
            (complement("the defender winning", "防御側が勝つ", chance),))),
        hint={
            "en": "Two things go against the attacker: fewer dice (the dice are also the hit "
                  "points), and every tie goes to the defender.",
            "ja": "攻撃側に不利な点が二つあります。ダイスが少ない（ダイスの数が体力でもある）"
                  "こと、そして同じ目はすべて防御側の勝ちになることです。",
        },
        derivation={
            "en": f"duel_win({attacker}, {defender}) = {chance} ≈ {percent(chance)}: the "
                  f"engine follows every roll of every round (a lost die is a lost hit point). "
                  f"The defender wins {percent(1 - chance)} of these duels.",
            "ja": f"duel_win({attacker}, {defender}) = {chance} ≈ {percent(chance)}。"
                  f"エンジンは毎ラウンドのすべての出方をたどります（負けたダイスは体力1の損失）。"
                  f"防御側が勝つのは {percent(1 - chance)} です。",
        },
    )


@cache
def probability_lesson() -> tuple[Question, ...]:
    """The questions of 03_probability, in the order the notebook asks them."""
    return (ghost_nine(), ghost_eleven_by_hand(), guard_against_eleven(),
            ghost_fifteen_with_engine(), rulebook_duel())


LESSONS: dict[str, tuple[Question, ...]] = {"03_probability": probability_lesson()}
