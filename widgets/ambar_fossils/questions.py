"""The questions of the Âmbar probability lesson (notebooks/ambar_fossils/03_probability.ipynb).

Why every answer is computed here, from the engine, and not typed in: the lesson's numbers come
from ``boardlib.ambar_fossils.odds`` on Ana's position, so if a rule or the position changes,
the questions change with them (and the tests re-derive them the same way).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from boardlib import ambar_fossils
from boardlib.ambar_fossils.odds import FlipOdds, best_flip, flip_odds, flip_table
from widgets.answers import ChoiceAnswer, NumberAnswer, Tolerance
from widgets.questions import Question, distinct_mistakes

ANA = 0
"""Ana's seat: she is Player 1, seat 0."""

POSITION = """
    names: Ana, Ben
    player 1: D1/M3 P? D4 A? M4/A4 P? M5 A? D? P6
    player 2: M? A2 D? P? M? A? D3 P? M? A5
    excavation: P1 P2 M5 {d4s}
    to move: Ana
"""
"""Ana's position, written exactly as the notebook's ``position`` cell writes it."""

COPIES = 4
"""Copies of each fossil, e.g. four D4s (AF-1.1)."""

PREDICTION = Tolerance.points(5)
"""A prediction within 5 points is a good one (any readable prediction is kept anyway)."""

Text = dict[str, str]


@functools.cache
def position(d4_face_up: int = 1) -> ambar_fossils.AmbarFossilsState:
    """Ana's position with ``d4_face_up`` D4s face-up in the Excavation (the lesson's slider)."""
    return ambar_fossils.from_description(POSITION.format(d4s="D4 " * d4_face_up))


@functools.cache
def odds(kind: str, d4_face_up: int = 1) -> FlipOdds:
    """The exact odds of Ana flipping ``kind``, computed once."""
    return flip_odds(position(d4_face_up), ANA, kind)


def type_name(kind: str, lang: str) -> str:
    """"Dinosaur" / "恐竜" for "D"."""
    return ambar_fossils.TYPE_NAMES[lang]["DPMA".index(kind)]


def chance(value: Fraction) -> str:
    """A chance for a derivation: "11/20 = 0.550"."""
    return f"{value} = {float(value):.3f}"



def shown_numbers(table: FlipOdds, outcome: str) -> list[tuple[str, int]]:
    """The fossils of ``table`` that lead to ``outcome``, with their unseen copies."""
    return [(row.fossil, row.copies_left) for row in table.by_number if row.outcome == outcome]


# ---------------------------------------------------------------- the questions


def dino_identical() -> Question:
    dino = odds("D")
    value = dino.identical
    copies = dino.copies("identical")
    return Question(
        id="dino-identical",
        kind="predict",
        prompt={"en": "Ana flips a face-down Dinosaur. What is the chance that it is identical "
                      "to a fossil she shows (so her turn ends)?",
                "ja": "アナが裏向きの恐竜化石を1個めくります。それが自分の見せている化石と同一で"
                      "（手番が終わって）しまう確率はいくらでしょう？"},
        answer=NumberAnswer(value, PREDICTION, mistakes=distinct_mistakes(value, PREDICTION, [
            (1 - value, {"en": "That is the chance of NOT getting an identical fossil.",
                         "ja": "それは同一の化石が「出ない」確率です。"})])),
        hint={"en": "Which Dinosaur number does Ana show? How many copies of it has nobody "
                    "seen yet, out of how many unseen Dinosaurs?",
              "ja": "アナが見せている恐竜の数字はどれでしょう？ その化石のうち、まだ誰も見ていない"
                    "ものは何個で、見られていない恐竜化石は全部で何個でしょう？"},
        derivation={"en": f"Ana shows only one Dinosaur number, D4. {COPIES - copies} D4s are "
                          f"already face-up (hers and the one in the Excavation), so {copies} of "
                          f"the {dino.unseen} unseen Dinosaurs are D4: P(identical) = {copies}/"
                          f"{dino.unseen} = {chance(value)}.",
                    "ja": f"アナが見せている恐竜の数字は D4 だけです。D4 はすでに"
                          f"{COPIES - copies}個が表向き"
                          f"（アナの列と発掘現場）なので、見られていない恐竜化石 {dino.unseen} 個の"
                          f"うち D4 は {copies} 個。P（同一）= {copies}/{dino.unseen} = "
                          f"{chance(value)} です。"},
    )


def dino_placeable() -> Question:
    dino = odds("D")
    value = dino.placeable
    fits = " + ".join(f"{copies}×{fossil}" for fossil, copies in
                      shown_numbers(dino, "placeable"))
    stuck = [fossil for fossil, _ in shown_numbers(dino, "stuck")]
    return Question(
        id="dino-placeable",
        kind="predict",
        prompt={"en": "Ana's Dinosaur again, with the counts of unseen copies: what is the chance "
                      "that it is placeable (some column may take it)?",
                "ja": "もう一度アナの恐竜化石です。見られていない個数を使って考えましょう。"
                      "それを置ける（どれかの列に置ける）確率はいくらでしょう？"},
        answer=NumberAnswer(value, PREDICTION, mistakes=distinct_mistakes(value, PREDICTION, [
            (1 - dino.identical, {
                "en": "That counts every fossil that is not identical, but the 1s and 2s are "
                      "stuck: no column may take them.",
                "ja": "それは同一でない化石をすべて数えています。でも1と2はどの列にも置けない"
                      "（置き場がない）化石です。"}),
            (dino.stuck, {"en": "That is the chance of a stuck fossil.",
                          "ja": "それは置き場のない化石が出る確率です。"}),
            (1 - value, {"en": "That is the chance of NOT being able to place it.",
                         "ja": "それは「置けない」確率です。"})])),
        hint={"en": "Leave out the identical D4 and the numbers that are stuck (the reading of "
                    "Ana's display above says which). Add the copies left of the rest.",
              "ja": "同一になる D4 と、置き場のない数字（上のアナのディスプレイの読み方を参照）を"
                    "除き、"
                    "残りの数字の残り個数を足しましょう。"},
        derivation={"en": f"{' and '.join(stuck)} fit nowhere and D4 is identical. The rest "
                          f"can be placed: "
                          f"{fits} = {dino.copies('placeable')} of {dino.unseen} unseen, so "
                          f"P(placeable) = {chance(value)}.",
                    "ja": f"{'、'.join(stuck)} はどこにも置けず、D4 は同一です。残りは置けます："
                          f"{fits} = 見られていない {dino.unseen} 個のうち "
                          f"{dino.copies('placeable')} 個。P（置ける）= {chance(value)} です。"},
    )


def marine_identical() -> Question:
    marine, dino = odds("M"), odds("D")
    value = marine.identical
    shown = shown_numbers(marine, "identical")
    added = " + ".join(f"{copies}×{fossil}" for fossil, copies in shown)
    total_copies = len(shown) * COPIES
    candidates: list[tuple[Fraction, Text]] = [
        (1 - value, {"en": "That is the chance of NOT losing the turn to an identical fossil.",
                     "ja": "それは同一の化石で手番を失わ「ない」確率です。"}),
        (marine.placeable, {"en": "That is P(placeable), not P(identical).",
                            "ja": "それは P（置ける）で、P（同一）ではありません。"}),
        (marine.stuck, {"en": "That is P(stuck), not P(identical).",
                        "ja": "それは P（置き場なし）で、P（同一）ではありません。"}),
        (Fraction(marine.copies("identical"), 24), {
            "en": "That divides by all 24 Marine fossils, but only the unseen ones can come up.",
            "ja": "それは海洋化石24個すべてで割っています。出てくるのはまだ見られていない"
                  "化石だけです。"}),
        (Fraction(total_copies, 24), {
            "en": "That forgets the copies already seen face-up: they cannot come up again.",
            "ja": "それはすでに表向きで見えている化石を忘れています。それらはもう出てきません。"}),
        (dino.identical, {"en": "That is the Dinosaur's chance; the question is about Marine.",
                          "ja": "それは恐竜化石の確率です。問われているのは海洋化石です。"}),
    ]
    candidates[3:3] = [
        (Fraction(copies, marine.unseen), {
            "en": f"That counts only {fossil}: Ana shows more than one Marine number.",
            "ja": f"それは {fossil} しか数えていません。アナが見せている海洋の数字は"
                  f"一つだけではありません。"}) for fossil, copies in shown]
    return Question(
        id="marine-identical",
        kind="exercise",
        prompt={"en": "Your turn, with the engine: what is the chance that a Marine flip is "
                      "identical for Ana? (Use flip_odds as in the Dinosaur cell.)",
                "ja": "今度はあなたの番です（エンジンを使って）：アナが海洋化石をめくったとき、"
                      "同一になる確率はいくらでしょう？（恐竜のセルと同じように flip_odds を"
                      "使いましょう。）"},
        answer=NumberAnswer(value, Tolerance.exact(),
                            mistakes=distinct_mistakes(value, Tolerance.exact(), candidates)),
        hint={"en": "The type is the third argument of flip_odds, and .chance(...) picks one "
                    "outcome. By hand: Ana shows more than one Marine number.",
              "ja": "タイプは flip_odds の3番目の引数で、.chance(...) で結果を一つ選べます。"
                    "手で数えるなら：アナが見せている海洋の数字は一つではありません。"},
        derivation={"en": f"Ana shows {' and '.join(f for f, _ in shown)}. Of the "
                          f"{marine.unseen} unseen Marine fossils, {added} = "
                          f"{marine.copies('identical')} would be identical: "
                          f"P(identical) = {chance(value)}.",
                    "ja": f"アナは {' と '.join(f for f, _ in shown)} を見せています。"
                          f"見られていない"
                          f"海洋化石 {marine.unseen} 個のうち、{added} = "
                          f"{marine.copies('identical')} 個が同一になります。P（同一）= "
                          f"{chance(value)} です。"},
    )


def no_d4_identical() -> Question:
    now, before = odds("D", 1), odds("D", 0)
    value = before.identical
    copies = before.copies("identical")
    candidates: list[tuple[Fraction, Text]] = [
        (now.identical, {"en": "That is the chance with one D4 face-up, as in the game now.",
                         "ja": "それは D4 が1個表向きの、今の局面の確率です。"}),
        (Fraction(copies, now.unseen), {
            "en": f"The D4 going back changes the total too: {before.unseen} Dinosaurs are "
                  f"unseen now, not {now.unseen}.",
            "ja": f"D4 が戻ると全体の個数も変わります。見られていない恐竜化石は {now.unseen} 個"
                  f"ではなく {before.unseen} 個です。"}),
        (Fraction(copies + 1, before.unseen + 1), {
            "en": "The D4 on Ana's own display is face-up: it cannot come up, so it does "
                  "not count.",
            "ja": "アナ自身のディスプレイにある D4 は表向きなので出てきません。"
                  "数えてはいけません。"}),
        (1 - value, {"en": "That is the chance of NOT getting an identical fossil.",
                     "ja": "それは同一の化石が「出ない」確率です。"}),
    ]
    return Question(
        id="no-d4-identical",
        kind="exercise",
        prompt={"en": "By hand: if no D4 lay face-up in the Excavation (the slider at 0), what "
                      "would be the chance that Ana's Dinosaur flip is identical?",
                "ja": "手で計算しましょう：発掘現場に表向きの D4 が1個もなければ（スライダーが0）、"
                      "アナが恐竜化石をめくって同一になる確率はいくらでしょう？"},
        answer=NumberAnswer(value, Tolerance.exact(),
                            mistakes=distinct_mistakes(value, Tolerance.exact(), candidates)),
        hint={"en": "Put the Excavation's D4 back among the unseen: it changes how many D4s "
                    "could come up AND how many Dinosaurs could come up.",
              "ja": "発掘現場の D4 を「見られていない」側に戻しましょう。出てくる可能性のある D4 の"
                    "個数と、恐竜化石全体の個数の両方が変わります。"},
        derivation={"en": f"With no D4 in the Excavation, only Ana's own D4 is seen: {copies} D4s "
                          f"are unseen, among {before.unseen} unseen Dinosaurs. P(identical) = "
                          f"{copies}/{before.unseen} = {chance(value)}, up from "
                          f"{chance(now.identical)}.",
                    "ja": f"発掘現場に D4 がなければ、見えている D4 はアナの1個だけです。見られて"
                          f"いない恐竜化石 {before.unseen} 個のうち D4 は {copies} 個。P（同一）"
                          f"= {copies}/{before.unseen} = {chance(value)} で、"
                          f"{chance(now.identical)} から上がります。"},
    )


def best_type() -> Question:
    table = {row.kind: row for row in flip_table(position(), ANA)}
    best = best_flip(position(), ANA)
    safest = min(table.values(), key=lambda row: row.identical)

    def why(row: FlipOdds) -> Text:
        en, ja = type_name(row.kind, "en"), type_name(row.kind, "ja")
        if row.kind == safest.kind:
            return {"en": f"{en} is the safest against an identical fossil "
                          f"({chance(row.identical)}), but it is placeable only "
                          f"{chance(row.placeable)} of the time: its stuck numbers cost more.",
                    "ja": f"{ja}は同一の化石が出にくい（{chance(row.identical)}）のですが、"
                          f"置ける確率は {chance(row.placeable)} だけです。置き場のない数字の"
                          f"ほうが痛いのです。"}
        return {"en": f"{en} is placeable only {chance(row.placeable)} of the time.",
                "ja": f"{ja}を置ける確率は {chance(row.placeable)} だけです。"}

    lines_en = "; ".join(f"{type_name(k, 'en')} {chance(row.placeable)}"
                         for k, row in table.items())
    lines_ja = "、".join(f"{type_name(k, 'ja')} {chance(row.placeable)}"
                        for k, row in table.items())
    return Question(
        id="best-type",
        kind="predict",
        prompt={"en": "Which type gives Ana the best chance of a fossil she can place?",
                "ja": "アナが置ける化石を引く確率が最も高いのは、どの種類でしょう？"},
        answer=ChoiceAnswer(
            options={kind: {lang: f"{type_name(kind, lang)} ({kind})" for lang in ("en", "ja")}
                     for kind in table},
            correct=best.kind,
            mistakes={kind: why(row) for kind, row in table.items() if kind != best.kind}),
        hint={"en": "For each type, think of both dangers: numbers Ana shows (identical) and "
                    "numbers no column takes (stuck). Safest is not the same as best.",
              "ja": "種類ごとに二つの危険を考えましょう：アナが見せている数字（同一）と、どの列にも"
                    "置けない数字（置き場なし）。いちばん安全な種類が、いちばん良い種類とは"
                    "限りません。"},
        derivation={"en": f"P(placeable): {lines_en}. {type_name(best.kind, 'en')} wins, even "
                          f"though {type_name(safest.kind, 'en')} is the safest against an "
                          f"identical fossil.",
                    "ja": f"P（置ける）：{lines_ja}。同一の化石が最も出にくいのは"
                          f"{type_name(safest.kind, 'ja')}ですが、最も良いのは"
                          f"{type_name(best.kind, 'ja')}です。"},
    )


LESSONS: dict[str, tuple[Question, ...]] = {
    "03_probability": (dino_identical(), dino_placeable(), marine_identical(),
                       no_d4_identical(), best_type()),
}
"""The notebook's questions, in the order it asks them."""
