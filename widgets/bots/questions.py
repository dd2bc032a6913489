"""The questions of the bots lesson (notebooks/bots.ipynb): how a bot decides, and how sure
we may be of what a simulation or a tournament says.

Why every number here is computed: the teacher's page and the tests compare the answers with
the engine. The hold-or-roll chances are exact fractions of the lesson's Pig position (both on
80 of 100, 12 at stake): from there the best play and the hold-at-20 rule the playouts use are
the same — go for the win every turn — so each chance is a race of one-turn attempts, and
``solver_chances`` checks it against ``boardlib.pig.optimal``. The error bars come from the
formulas the lesson teaches (with ``tournament.Z95`` and ``tournament.wilson``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from boardlib.pig import optimal
from boardlib.tournament import Z95, wilson
from widgets.answers import ChoiceAnswer, Mistake, NumberAnswer, Tolerance, format_chance
from widgets.questions import Question, percent

TARGET, BOTH_ON, AT_STAKE = 100, 80, 12
"""The lesson's Pig position: its first cell describes the same three numbers."""
NEED = TARGET - BOTH_ON
"""Points each player still needs (20): at 80 the hold-at-20 rule rolls until it wins."""
SAME_BAND = Fraction(2, 100)
"""Two moves whose chances differ by less than 2 points count as "about the same"."""
PLOT_SIZES = (10, 40, 160, 640)
"""The playouts per move at which the notebook's plot shows its estimates."""
PLAYOUTS, MOST = PLOT_SIZES[2], PLOT_SIZES[-1]
"""The plot's error bar that the halving question starts from, and its last one."""
FACTORS = (2, 4, 10)
"""The halving question's options: how many times as many playouts."""
SHORT_GAMES = 6
"""The games of the notebook's short tournament."""
SE_RATE, SE_GAMES = Fraction(3, 5), 100
"""The standard-error exercise: a win rate of 0.6 over 100 games."""
CI_RATE, CI_GAMES = Fraction(1, 2), 400
"""The interval exercise: a win rate of 0.5 over 400 games."""
Text = Mapping[str, str]


# ---------------------------------------------------------------- Pig: hold or roll


@cache
def one_turn(need: int, have: int = 0) -> Fraction:
    """The chance that a turn rolling on until it holds ``need`` points gets there before a 1,
    with ``have`` points already at stake."""
    if have >= need:
        return Fraction(1)
    return sum((one_turn(need, have + face) for face in optimal.GAINS), Fraction(0)) / \
        optimal.SIDES


def race(mine: int, theirs: int) -> Fraction:
    """My chance to win when I need ``mine`` and the opponent ``theirs`` points, each turn goes
    for the win, and the opponent rolls first: they miss, then I hit (or all starts again)."""
    they_miss, i_hit = 1 - one_turn(theirs), one_turn(mine)
    return they_miss * i_hit / (1 - they_miss * (1 - i_hit))


@cache
def exact_chances() -> dict[str, Fraction]:
    """The chance to win after each move from the lesson's position, exactly. Rolling: get the
    8 more points now, or bust and the opponent starts the race; holding: sit on 92 and let
    the opponent try for their 20 first."""
    now = one_turn(NEED, AT_STAKE)
    return {"roll": now + (1 - now) * race(NEED, NEED), "hold": race(NEED - AT_STAKE, NEED)}


@cache
def solver_chances(target: int = TARGET) -> dict[str, float]:
    """The same two chances from the optimal solver (floats, a few seconds for 100): what
    ``exact_chances`` says best play gives. Rolling is the solver's own one-roll formula."""
    best = optimal.solve(target)
    mine = theirs = target - NEED
    rolled = (1 - best.chance(theirs, mine) + sum(best.chance(mine, theirs, AT_STAKE + face)
                                                  for face in optimal.GAINS)) / optimal.SIDES
    return {"roll": rolled, "hold": 1 - best.chance(theirs, mine + AT_STAKE)}


def better_move() -> str:
    """"roll", "hold", or "same" when they are within ``SAME_BAND``."""
    chances = exact_chances()
    gap = chances["roll"] - chances["hold"]
    return "same" if abs(gap) < SAME_BAND else ("roll" if gap > 0 else "hold")


def to_places(value: float | Fraction, places: int) -> Fraction:
    """``value`` as a short decimal fraction: shown to students, where a 17-digit fraction or
    an irrational root would say nothing (the tolerances are far wider than the rounding)."""
    return Fraction(round(value * 10**places), 10**places)


def margin() -> Fraction:
    """How many points (as a chance) the better move beats the other by, to 0.1 point."""
    chances = exact_chances()
    return to_places(abs(chances["roll"] - chances["hold"]), 3)



# ---------------------------------------------------------------- error bars and intervals


def standard_error(rate: Fraction, games: int) -> float:
    """√(p(1−p)/n): the spread of a win rate measured over ``games`` independent games."""
    return math.sqrt(rate * (1 - rate) / games)


def half_width(rate: Fraction, games: int) -> float:
    """The 95% interval's reach either side of the rate: 1.96 standard errors."""
    return Z95 * standard_error(rate, games)


def halving_factor() -> int:
    """The option whose playouts halve the error bar at ``PLAYOUTS`` (the formula decides)."""
    at_start = standard_error(Fraction(1, 2), PLAYOUTS)
    return next(k for k in FACTORS
                if math.isclose(standard_error(Fraction(1, 2), PLAYOUTS * k), at_start / 2))


def wins_to_call(games: int = SHORT_GAMES) -> int | None:
    """The fewest wins out of ``games`` whose 95% Wilson interval lies wholly above 50%."""
    return next((won for won in range(games + 1) if wilson(won, games)[0] > 0.5), None)


def luck_share(games: int = SHORT_GAMES, at_least: int = SHORT_GAMES - 1) -> Fraction:
    """The chance that one of two equally good bots wins ``at_least`` of ``games`` by luck."""
    return Fraction(sum(math.comb(games, k) for k in range(at_least, games + 1)), 2**games)


def interval_text(won: int, games: int = SHORT_GAMES) -> str:
    low, high = wilson(won, games)
    return f"{low:.0%}–{high:.0%}"


# ---------------------------------------------------------------- the questions


def hold_or_roll() -> Question:
    last, theirs = one_turn(NEED - AT_STAKE), one_turn(NEED)
    return Question(
        id="hold-or-roll", kind="predict",
        prompt={"en": f"Pig, both players on {BOTH_ON}, and you have {AT_STAKE} points on this "
                      "turn. Which move wins more often?",
                "ja": f"ピッグで、二人とも{BOTH_ON}点、この手番で{AT_STAKE}点たまって"
                      "います。勝つことが多いのはどちらの手でしょう？"},
        answer=ChoiceAnswer(
            options={"hold": {"en": f"Hold: bank the {AT_STAKE} points",
                              "ja": f"ホールド：{AT_STAKE}点を確定する"},
                     "roll": {"en": "Roll again", "ja": "もう一度振る"},
                     "same": {"en": "About the same (within 2 points)",
                              "ja": "ほとんど同じ（差は2ポイント以内）"}},
            correct=better_move(),
            mistakes={
                "hold": {"en": f"Banking feels safe, but on {BOTH_ON + AT_STAKE} you still need "
                               f"{NEED - AT_STAKE} points in one turn — and the opponent gets "
                               f"a turn to go for their {NEED} first.",
                         "ja": f"確定すると安心に思えますが、{BOTH_ON + AT_STAKE}点でもまだ1回の"
                               f"手番で{NEED - AT_STAKE}点が必要です。しかもその前に、相手が"
                               f"{NEED}点を取りに行く手番を得ます。"},
                "same": {"en": "They are far apart: both moves need the same points in one turn, "
                               "but holding lets the opponent try to win first.",
                         "ja": "大きな差があります。どちらの手も1回の手番で同じ点数が必要ですが、"
                               "ホールドすると相手が先に勝ちを狙えます。"}}),
        hint={"en": "Count what each move still needs: how many more points, and who gets to "
                    "try first?",
              "ja": "それぞれの手で、あと何点必要か、そして誰が先に挑戦できるかを"
                    "数えてみましょう。"},
        derivation={
            "en": f"From {BOTH_ON}–{BOTH_ON}, best play (and the hold-at-20 rule of the playouts) "
                  f"goes for the win every turn. Either way you need {NEED - AT_STAKE} more points "
                  f"in one turn, a chance of {format_chance(last)}. Rolling takes that chance "
                  f"now; holding first gives the opponent a turn to score their {NEED} in one go "
                  f"(a {percent(theirs)} chance) — the simulation below measures what that costs.",
            "ja": f"{BOTH_ON}対{BOTH_ON}からは、最善の手（プレイアウトで使う「20でホールド」も）"
                  f"は毎手番勝ちを狙うことです。どちらの手でも1回の手番であと{NEED - AT_STAKE}点が"
                  f"必要で、その確率は{format_chance(last, 'ja')}です。もう一度振ればその機会を今"
                  f"使えます。ホールドすると、その前に相手が1回の手番で{NEED}点を取りに行く機会"
                  f"（確率{percent(theirs)}）を得ます。それがどれだけ不利かは、下のシミュレーションで"
                  "確かめましょう。"})

def roll_margin() -> Question:
    chances, gap = exact_chances(), margin()
    roll, hold = (format_chance(chances[move]) for move in ("roll", "hold"))
    roll_ja, hold_ja = (format_chance(chances[move], "ja") for move in ("roll", "hold"))
    bar = half_width(chances["hold"], MOST)
    return Question(
        id="roll-margin", kind="predict",
        prompt={"en": "Roughly how many percentage points does the better move's chance to win "
                      "beat the other's? Type it as a percentage, such as 10%.",
                "ja": "よい方の手の勝つ確率は、もう一方より何ポイントくらい高いでしょう？"
                      "10% のように百分率で入力してください。"},
        answer=NumberAnswer(gap, tolerance=Tolerance.points(5)),
        hint={"en": f"Who moves first matters: how likely is the opponent, on {BOTH_ON}, to score "
                    f"{NEED} in a single turn?",
              "ja": f"どちらが先に挑戦するかが効きます。{BOTH_ON}点の相手が1回の手番で{NEED}点"
                    "取れる確率はどのくらいでしょう？"},
        derivation={
            "en": f"Rolling wins {roll}, holding {hold}: rolling is better by "
                  f"{float(gap) * 100:.1f} points. With {MOST} playouts a move the simulation's "
                  f"95% error bar is still about ±{bar * 100:.0f} points — enough to see this "
                  "gap, not a small one.",
            "ja": f"もう一度振ると{roll_ja}、ホールドすると{hold_ja}の確率で勝ちます。"
                  f"振る方が{float(gap) * 100:.1f}ポイント高いのです。1手あたり"
                  f"{MOST}回のプレイアウトでも、シミュレーションの95%の誤差の幅はまだ約±"
                  f"{bar * 100:.0f}ポイントあります。この差なら見分けられますが、"
                  "小さな差は見分けられません。"})


def halve_error() -> Question:
    start = standard_error(Fraction(1, 2), PLAYOUTS)
    factor = halving_factor()
    sizes, sizes_ja = ", ".join(map(str, PLOT_SIZES)), "、".join(map(str, PLOT_SIZES))
    options = {str(k): {"en": f"{k}× as many ({PLAYOUTS * k} instead of {PLAYOUTS})",
                        "ja": f"{k}倍（{PLAYOUTS}回ではなく{PLAYOUTS * k}回）"} for k in FACTORS}
    shrink = {k: math.sqrt(k) for k in FACTORS}
    mistakes = {str(k): {"en": f"{k}× the playouts divide the error bar only by √{k} ≈ "
                               f"{shrink[k]:.2f}: n sits under a square root.",
                         "ja": f"プレイアウトを{k}倍にしても、誤差の幅は√{k} ≈ {shrink[k]:.2f}"
                               "で割られるだけです。n は平方根の中にあるからです。"}
                for k in FACTORS if k < factor}
    mistakes.update({str(k): {"en": f"{k}× does more than halve it: it divides the error bar by "
                                    f"√{k} ≈ {shrink[k]:.2f}.",
                              "ja": f"{k}倍にすると半分以上に縮みます。誤差の幅は√{k} ≈ "
                                    f"{shrink[k]:.2f}で割られます。"}
                     for k in FACTORS if k > factor})
    return Question(
        id="halve-error", kind="predict",
        prompt={"en": f"The plot shows each estimate with its 95% error bar. To halve the error "
                      f"bar you see at {PLAYOUTS} playouts, how many playouts do you need?",
                "ja": f"グラフには各推定値と95%の誤差の幅が描かれます。{PLAYOUTS}回のプレイアウト"
                      "での誤差の幅を半分にするには、何回のプレイアウトが必要でしょう？"},
        answer=ChoiceAnswer(options=options, correct=str(factor), mistakes=mistakes),
        hint={"en": "An average settles slowly: does its spread shrink like 1/n, or like 1/√n?",
              "ja": "平均はゆっくりとしか落ち着きません。ばらつきは 1/n で縮むでしょうか、"
                    "それとも 1/√n でしょうか？"},
        derivation={
            "en": f"The standard error is √(p(1−p)/n), with n under the square root: {factor}× "
                  f"the playouts divide it by √{factor} = {math.sqrt(factor):g}. At p = 1/2 it "
                  f"falls from {start:.4f} at {PLAYOUTS} playouts to "
                  f"{standard_error(Fraction(1, 2), PLAYOUTS * factor):.4f} at "
                  f"{PLAYOUTS * factor}. The plot's sizes {sizes} are each {factor}× "
                  "the last: every bar is half the one before.",
            "ja": f"標準誤差は √(p(1−p)/n) で、n は平方根の中にあります。プレイアウトを"
                  f"{factor}倍にすると、√{factor} = {math.sqrt(factor):g} で割られます。"
                  f"p = 1/2 なら、{PLAYOUTS}回で{start:.4f}、{PLAYOUTS * factor}回で"
                  f"{standard_error(Fraction(1, 2), PLAYOUTS * factor):.4f}です。グラフの"
                  f"{sizes_ja}回はそれぞれ前の{factor}倍なので、誤差の幅は毎回半分になります。"})


def six_games() -> Question:
    needed = wins_to_call()
    correct = "none" if needed is None else str(needed)
    counted = range(SHORT_GAMES - 2, SHORT_GAMES + 1)
    options: dict[str, Text] = {str(won): {"en": f"{won} of {SHORT_GAMES}",
                                           "ja": f"{SHORT_GAMES}戦中{won}勝"} for won in counted}
    options["none"] = {"en": f"Not even {SHORT_GAMES} of {SHORT_GAMES}",
                       "ja": f"{SHORT_GAMES}戦全勝でも足りない"}
    mistakes: dict[str, Text] = {
        str(won): {"en": f"{won} of {SHORT_GAMES} gives the interval {interval_text(won)}: it "
                         "still reaches below 50%, so luck could explain it.",
                   "ja": f"{SHORT_GAMES}戦中{won}勝の区間は{interval_text(won)}で、まだ50%を"
                         "下回る部分があります。運だけでも説明できてしまいます。"}
        for won in counted if str(won) != correct and wilson(won, SHORT_GAMES)[0] <= 0.5}
    if correct != "none":
        mistakes["none"] = {
            "en": f"{correct} of {SHORT_GAMES} gives {interval_text(int(correct))}, wholly above "
                  "50%: that would be enough — anything less is not.",
            "ja": f"{SHORT_GAMES}戦中{correct}勝なら区間は{interval_text(int(correct))}で、すべて"
                  "50%より上です。それなら十分ですが、それより少ないと足りません。"}
    luck = luck_share()
    return Question(
        id="six-games", kind="predict",
        prompt={"en": f"The tournament below plays only {SHORT_GAMES} games. How many of them must "
                      "a bot win before its 95% interval lies wholly above 50% — enough to call "
                      "it the stronger bot?",
                "ja": f"下の対戦はわずか{SHORT_GAMES}試合です。95%区間がすべて50%より上になり、"
                      "強い方だと言えるには、何勝する必要があるでしょう？"},
        answer=ChoiceAnswer(options=options, correct=correct, mistakes=mistakes),
        hint={"en": f"Imagine two equally good bots: how often would one of them win "
                    f"{SHORT_GAMES - 1} of {SHORT_GAMES} just by luck?",
              "ja": f"同じ強さの二つのボットを考えてみましょう。運だけで片方が{SHORT_GAMES}戦中"
                    f"{SHORT_GAMES - 1}勝することは、どのくらいあるでしょう？"},
        derivation={
            "en": f"With {SHORT_GAMES} games the 95% Wilson interval is wide: {SHORT_GAMES - 2} "
                  f"wins give {interval_text(SHORT_GAMES - 2)}, {SHORT_GAMES - 1} give "
                  f"{interval_text(SHORT_GAMES - 1)}, {SHORT_GAMES} give "
                  f"{interval_text(SHORT_GAMES)}. Even between equally good bots, a given one "
                  f"wins {SHORT_GAMES - 1} or more by luck with chance {format_chance(luck)}.",
            "ja": f"{SHORT_GAMES}試合では95%のウィルソン区間は広く、{SHORT_GAMES - 2}勝なら"
                  f"{interval_text(SHORT_GAMES - 2)}、{SHORT_GAMES - 1}勝なら"
                  f"{interval_text(SHORT_GAMES - 1)}、{SHORT_GAMES}勝なら"
                  f"{interval_text(SHORT_GAMES)}です。同じ強さのボット同士でも、片方が運だけで"
                  f"{SHORT_GAMES - 1}勝以上する確率は{format_chance(luck, 'ja')}あります。"})


def error_mistake(value: float, en: str, ja: str) -> Mistake:
    return Mistake(to_places(value, 4), {"en": en, "ja": ja})


def standard_error_exercise() -> Question:
    rate, games = SE_RATE, SE_GAMES
    spread = rate * (1 - rate) / games
    error = standard_error(rate, games)
    return Question(
        id="standard-error", kind="exercise",
        prompt={"en": f"A bot won {rate * games} of {games} games: p̂ = {float(rate):g}. What is "
                      "the standard error of its win rate, √(p̂(1−p̂)/n)? (to ±1 point, as a "
                      "decimal or a percentage)",
                "ja": f"あるボットが{games}試合中{rate * games}勝しました（p̂ = {float(rate):g}）。"
                      "この勝率の標準誤差 √(p̂(1−p̂)/n) はいくつでしょう？（±1ポイントまで。"
                      "小数でも百分率でもかまいません）"},
        answer=NumberAnswer(to_places(error, 4), tolerance=Tolerance.points(1), mistakes=(
            error_mistake(float(spread),
                          "That is p̂(1−p̂)/n, before the square root: take its root.",
                          "それは平方根をとる前の p̂(1−p̂)/n です。平方根をとりましょう。"),
            error_mistake(half_width(rate, games),
                          "That is 1.96 standard errors, the 95% half-width: the standard error "
                          "itself has no 1.96.",
                          "それは標準誤差の1.96倍、95%区間の半分の幅です。標準誤差そのものには"
                          "1.96 は掛けません。"),
            error_mistake(math.sqrt(rate * (1 - rate)),
                          f"Divide by n = {games} inside the square root.",
                          f"平方根の中で n = {games} で割るのを忘れています。"))),
        hint={"en": "Multiply p̂ by 1 − p̂, divide by the number of games, then take the square "
                    "root.",
              "ja": "p̂ に 1 − p̂ を掛け、試合数で割ってから、平方根をとりましょう。"},
        derivation={
            "en": f"p̂(1−p̂)/n = {float(rate):g} × {float(1 - rate):g} / {games} = "
                  f"{float(spread):g}; its square root is {error:.4f} ({percent(error)}). The 95% "
                  f"interval reaches 1.96 of these either side: {percent(rate, 0)} ± "
                  f"{float(half_width(rate, games)) * 100:.1f} points.",
            "ja": f"p̂(1−p̂)/n = {float(rate):g} × {float(1 - rate):g} / {games} = "
                  f"{float(spread):g}、その平方根は{error:.4f}（{percent(error)}）です。95%区間は"
                  f"その1.96倍を両側にとり、{percent(rate, 0)} ± "
                  f"{float(half_width(rate, games)) * 100:.1f}ポイントになります。"})


def interval_exercise() -> Question:
    rate, games = CI_RATE, CI_GAMES
    error, reach = standard_error(rate, games), half_width(rate, games)
    low, high = wilson(float(rate * games), games)
    quarter = half_width(rate, games // 4)
    return Question(
        id="interval-400", kind="exercise",
        prompt={"en": f"Two bots play {games} games and each wins half: p̂ = {float(rate):g}. "
                      "How far does the 95% interval reach either side of 50% — its half-width, "
                      "1.96 × √(p̂(1−p̂)/n)? (to ±1 point)",
                "ja": f"二つのボットが{games}試合を戦い、勝ちは半々でした（p̂ = {float(rate):g}）。"
                      "95%区間は50%から両側にどこまで広がるでしょう？ 半分の幅 "
                      "1.96 × √(p̂(1−p̂)/n) を求めてください。（±1ポイントまで）"},
        answer=NumberAnswer(to_places(reach, 4), tolerance=Tolerance.points(1), mistakes=(
            error_mistake(error,
                          "That is one standard error: the 95% interval reaches 1.96 of them "
                          "each way.",
                          "それは標準誤差1つ分です。95%区間は両側に標準誤差の1.96倍まで"
                          "広がります。"),
            error_mistake(2 * reach,
                          "That is the whole width, from one end to the other: the question asks "
                          "for half of it.",
                          "それは端から端までの幅全体です。求めているのはその半分です。"),
            error_mistake(Z95 * float(rate * (1 - rate) / games),
                          "Take the square root of p̂(1−p̂)/n before multiplying by 1.96.",
                          "1.96 を掛ける前に、p̂(1−p̂)/n の平方根をとりましょう。"))),
        hint={"en": "First the standard error, √(p̂(1−p̂)/n); then 1.96 of them.",
              "ja": "まず標準誤差 √(p̂(1−p̂)/n) を求め、それを1.96倍します。"},
        derivation={
            "en": f"√({float(rate):g} × {float(1 - rate):g} / {games}) = {error:g} is the "
                  f"standard error; 1.96 of them make {reach:.4f}: 50% ± {reach * 100:.1f} "
                  f"points (the tournament's Wilson interval: {low:.1%}–{high:.1%}). With "
                  f"{games // 4} games it would be ± {quarter * 100:.1f}: four times the games "
                  "for half the width.",
            "ja": f"√({float(rate):g} × {float(1 - rate):g} / {games}) = {error:g} が標準誤差で、"
                  f"その1.96倍は{reach:.4f}。50% ± {reach * 100:.1f}ポイントです（対戦で使う"
                  f"ウィルソン区間では{low:.1%}–{high:.1%}）。{games // 4}試合なら ± "
                  f"{quarter * 100:.1f}ポイント。4倍の試合で幅が半分になります。"})


LESSONS: dict[str, tuple[Question, ...]] = {
    "bots": (hold_or_roll(), roll_margin(), halve_error(), standard_error_exercise(),
             six_games(), interval_exercise()),
}
"""The lesson's questions in the order the notebook asks them."""
