"""The questions of the Amphipolis probability lesson (notebooks/amphipolis/03_probability).

Why every number here is computed: the teacher's page and the tests compare the answers with
the engine, so each exact value comes from ``boardlib.amphipolis.probability`` applied to the
same positions the notebook builds (its ``SEED``, ``PLAYERS``, ``COVERED`` and its take
position). Nothing is typed in by hand; the texts only quote the computed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from boardlib.amphipolis import from_description
from boardlib.amphipolis.data import AREA_NAMES, AREA_OF, AREAS, LANDSLIDE, TILE_NAMES, TOKENS
from boardlib.amphipolis.probability import (
    landslides_still_needed,
    next_draw_exact,
    position_with_landslides,
    take_values,
    turns_left,
)
from boardlib.amphipolis.state import AmphipolisState
from widgets.answers import ChoiceAnswer, Mistake, NumberAnswer, Tolerance
from widgets.questions import Question, percent

SEED, PLAYERS, COVERED = 13, 3, 8
"""The lesson's position: the notebook's setup cell uses the same three numbers."""
BY_HAND_PLAYERS = 2
"""The by-hand exercise: the two-player game of the same seed, also from 8 spaces covered."""
ENGINE_PLAYERS, ENGINE_COVERED = 4, 12
"""The engine exercise: a player count and a moment the notebook's table does not print."""
TAKE_SPOT = """
    players: 2
    player 1: MR*3 AB AN LU SU
    player 2: SP MG*3 AG AR
    used 1: professor, assistant, archaeologist
    used 2: professor, assistant, digger
    areas: MR MG AR AY CA SP LL SL
    covered: 10
    step: take
"""
"""The notebook's "what is a tile worth now?" position, as its cell describes it."""

TURNS = {"en": "turns", "ja": "ターン"}
Text = Mapping[str, str]


# ---------------------------------------------------------------- the positions, computed once


@cache
def position(players: int, covered: int) -> AmphipolisState:
    """A seeded mid-game position (the engine's own, as the notebook builds it)."""
    return position_with_landslides(players, covered, SEED)


@cache
def take_spot() -> AmphipolisState:
    return from_description(TAKE_SPOT)


def bag(state: AmphipolisState) -> tuple[int, int, int]:
    """N tiles in the bag, L landslides among them, K more landslides end the game."""
    return state.bag_total, state.bag[LANDSLIDE], landslides_still_needed(state)


def no_landslide(state: AmphipolisState) -> Fraction:
    """The chance that the next draw of four brings no landslide (the engine's law)."""
    return next_draw_exact(state).get(0, Fraction(0))


def mean_turns(state: AmphipolisState) -> Fraction:
    """The expected turns left, counting this one and the last."""
    return sum((turns * p for turns, p in turns_left(state).items()), Fraction(0))


def likeliest_turns(state: AmphipolisState) -> tuple[int, Fraction]:
    spread = turns_left(state)
    turns = max(spread, key=lambda t: spread[t])
    return turns, spread[turns]


def product_of_fractions(state: AmphipolisState) -> str:
    """"59/72 · 58/71 · 57/70 · 56/69": no landslide, one tile after the other."""
    n, slides, _ = bag(state)
    return " · ".join(f"{n - slides - i}/{n - i}" for i in range(state.draws_left))



def turns_text(value: Fraction) -> str:
    return f"{float(value):.2f}"


def area_of(tile: str) -> str:
    return str(AREAS[AREA_OF[TOKENS.index(tile)]])


def tile_name(tile: str, lang: str) -> str:
    return TILE_NAMES[lang][TOKENS.index(tile)]


def area_name(area: str, lang: str) -> str:
    return AREA_NAMES[lang][AREAS.index(area)]


def best_in_areas(state: AmphipolisState) -> dict[str, tuple[str, int]]:
    """Each area's tile that adds most points now, with its gain (``take_values``)."""
    best: dict[str, tuple[str, int]] = {}
    for tile, gain in take_values(state).items():
        area = area_of(tile)
        if area not in best or gain > best[area][1]:
            best[area] = (tile, gain)
    return best


def best_area(state: AmphipolisState) -> str:
    """The area whose best tile adds most now; a tie between areas would be no question."""
    best = best_in_areas(state)
    top = max(gain for _, gain in best.values())
    winners = [area for area, (_, gain) in best.items() if gain == top]
    if len(winners) != 1:
        raise ValueError(f"areas {winners} tie at +{top}: the question has no single answer")
    return winners[0]


# ---------------------------------------------------------------- the questions


def next_draw_question() -> Question:
    state = position(PLAYERS, COVERED)
    n, slides, _ = bag(state)
    none = no_landslide(state)
    some = 1 - none
    expected = Fraction(state.draws_left * slides, n)
    return Question(
        id="slide-next-draw", kind="predict",
        prompt={"en": f"The bag holds N = {n} tiles, L = {slides} of them landslides. What is "
                      f"the chance that the next draw of four tiles brings at least one "
                      f"landslide?",
                "ja": f"袋には N = {n} 枚のタイルがあり、そのうち L = {slides} 枚が落石です。"
                      f"次に引く4枚の中に落石が少なくとも1枚ある確率はいくつでしょう？"},
        answer=NumberAnswer(some, Tolerance.points(5), mistakes=(
            Mistake(none, {
                "en": "That is the chance of NO landslide in the four tiles; at least one is "
                      "the rest, 1 minus it.",
                "ja": "それは4枚に落石が1枚も「ない」確率です。少なくとも1枚ある確率は、"
                      "1からそれを引いた残りです。"}),
            Mistake(expected, {
                "en": f"4 · {slides}/{n} is the average NUMBER of landslides in the draw, not "
                      f"a chance: adding the four chances counts the draws with two or more "
                      f"landslides more than once.",
                "ja": f"4 × {slides}/{n} は引く4枚に含まれる落石の「平均の枚数」で、確率では"
                      f"ありません。4回分の確率を足すと、落石が2枚以上出る場合を重ねて数えて"
                      f"しまいます。"}),
        )),
        hint={"en": "The other way round is easier: what is the chance that none of the four "
                    "is a landslide?",
              "ja": "逆から考えると簡単です。4枚のどれも落石でない確率はいくつでしょう？"},
        derivation={
            "en": f"No landslide: {product_of_fractions(state)} = {none} ≈ {percent(none)} (the "
                  f"hypergeometric P(0) = C({n - slides}, 4)/C({n}, 4)). So at least one: "
                  f"1 − {none} = {some} ≈ {percent(some)}.",
            "ja": f"落石なし：{product_of_fractions(state)} = {none} ≈ {percent(none)}"
                  f"（超幾何分布の P(0) = C({n - slides}, 4)/C({n}, 4)）。したがって少なくとも"
                  f"1枚：1 − {none} = {some} ≈ {percent(some)}。"},
    )


def by_hand_question() -> Question:
    state = position(BY_HAND_PLAYERS, COVERED)
    n, slides, _ = bag(state)
    none = no_landslide(state)
    draws = state.draws_left
    return Question(
        id="no-slide-by-hand", kind="exercise",
        prompt={"en": f"By hand: in the {BY_HAND_PLAYERS}-player game of the same seed, also "
                      f"from {COVERED} spaces covered, the bag holds N = {n} tiles, L = "
                      f"{slides} of them landslides. What is the exact chance that the next "
                      f"draw of four brings no landslide? (A fraction, or a decimal rounded "
                      f"to at least 2 places.)",
                "ja": f"手で計算しよう：同じシードの{BY_HAND_PLAYERS}人ゲームで、やはり入口が"
                      f"{COVERED}マス埋まった時点では、袋に N = {n} 枚、そのうち落石が L = "
                      f"{slides} 枚あります。次に引く4枚に落石が1枚もない確率を正確に求めて"
                      f"ください（分数、または小数第2位以上まで四捨五入した小数で）。"},
        answer=NumberAnswer(none, Tolerance.exact(), mistakes=(
            Mistake(Fraction(n - slides, n) ** draws, {
                "en": f"That is ({n - slides}/{n})^4, as if each tile went back into the bag. "
                      f"It does not: after one tile that is no landslide the bag holds "
                      f"{n - 1} tiles, {n - slides - 1} of them not landslides.",
                "ja": f"それは ({n - slides}/{n})^4 で、引いたタイルを袋に戻すときの計算です。"
                      f"実際は戻しません。落石でないタイルを1枚引くと、袋は {n - 1} 枚、"
                      f"そのうち落石でないものは {n - slides - 1} 枚になります。"}),
            Mistake(1 - none, {
                "en": "That is the chance of at least one landslide, the complement of the "
                      "one asked.",
                "ja": "それは落石が少なくとも1枚出る確率で、聞かれている確率の余事象です。"}),
            Mistake(1 - Fraction(draws * slides, n), {
                "en": f"1 − 4 · {slides}/{n} subtracts the four chances as if they added up; "
                      f"chances of tiles in a row multiply.",
                "ja": f"1 − 4 × {slides}/{n} は4回分の確率を足し算できるものとして扱っています。"
                      f"続けて起こることの確率は掛け算です。"}),
        )),
        hint={"en": f"One tile at a time: the first is no landslide with chance "
                    f"{n - slides}/{n}. Then the bag has one tile fewer, and one "
                    f"non-landslide fewer.",
              "ja": f"1枚ずつ考えます。1枚目が落石でない確率は {n - slides}/{n}。そのあと袋の"
                    f"タイルは1枚減り、落石でないタイルも1枚減ります。"},
        derivation={
            "en": f"{product_of_fractions(state)} = {none} ≈ {percent(none)}, the same as "
                  f"C({n - slides}, 4)/C({n}, 4). With {slides} landslides among {n} tiles a "
                  f"quiet draw is less likely than in our {PLAYERS}-player game "
                  f"({percent(no_landslide(position(PLAYERS, COVERED)))}).",
            "ja": f"{product_of_fractions(state)} = {none} ≈ {percent(none)}。これは "
                  f"C({n - slides}, 4)/C({n}, 4) と同じです。{n} 枚中 {slides} 枚が落石なので、"
                  f"落石なしの引きは{PLAYERS}人ゲーム"
                  f"（{percent(no_landslide(position(PLAYERS, COVERED)))}）"
                  "より起こりにくくなります。"},
    )


def turns_left_question() -> Question:
    state = position(PLAYERS, COVERED)
    n, slides, needed = bag(state)
    mean = mean_turns(state)
    per_draw = Fraction(state.draws_left * slides, n)
    kth = Fraction(needed * (n + 1), slides + 1)  # the K-th landslide's average place in the bag
    likeliest, chance = likeliest_turns(state)
    return Question(
        id="turns-left", kind="predict",
        prompt={"en": f"Counting this turn and the last one, how many turns does the game have "
                      f"left on average? (K = {needed} more landslides end it; the bag holds "
                      f"{n} tiles, {slides} of them landslides.)",
                "ja": f"このターンと最後のターンも数えて、ゲームは平均であと何ターン続くでしょう？"
                      f"（あと K = {needed} 枚の落石で終わります。袋には {n} 枚、そのうち落石は"
                      f" {slides} 枚です。）"},
        answer=NumberAnswer(mean, Tolerance.within(1), low=Fraction(1), high=None,
                            percent_ok=False, unit=TURNS, mistakes=(
            Mistake(Fraction(needed), {
                "en": f"That is one landslide a turn; but a draw of four brings only "
                      f"4 · {slides}/{n} ≈ {float(per_draw):.2f} landslides on average, so "
                      f"{needed} of them take more turns.",
                "ja": f"それは1ターンに落石1枚の計算です。4枚の引きで出る落石は平均 "
                      f"4 × {slides}/{n} ≈ {float(per_draw):.2f} 枚だけなので、{needed} 枚には"
                      f"もっと多くのターンがかかります。"}),
            Mistake(Fraction(n, state.draws_left), {
                "en": f"That empties the whole bag; the game ends with the {needed}th of its "
                      f"{slides} landslides, long before the bag is empty.",
                "ja": f"それは袋を空にするまでの計算です。ゲームは袋の {slides} 枚の落石のうち"
                      f" {needed} 枚目で終わるので、袋が空になるずっと前に終わります。"}),
        )),
        hint={"en": "How many landslides does one draw of four bring on average (4·L/N)? How "
                    "many draws until K of them have come?",
              "ja": "4枚の引き1回で落石は平均何枚出るでしょう（4·L/N）？ K 枚出るまでに何回"
                    "引けばよいでしょう？"},
        derivation={
            "en": f"A draw brings 4 · {slides}/{n} ≈ {float(per_draw):.2f} landslides on "
                  f"average, so {needed} take about {float(needed / per_draw):.1f} turns. "
                  f"More closely: the {needed}th landslide comes on average at draw "
                  f"{needed}·{n + 1}/{slides + 1} ≈ {float(kth):.1f}, about "
                  f"{float(kth / state.draws_left):.1f} turns of four, and the turn it falls "
                  f"in counts whole. Exactly (negative hypergeometric): E = {mean} ≈ "
                  f"{turns_text(mean)} turns. The likeliest count is "
                  f"{likeliest} ({percent(chance)}).",
            "ja": f"1回の引きで出る落石は平均 4 × {slides}/{n} ≈ {float(per_draw):.2f} 枚なので、"
                  f"{needed} 枚ならおよそ {float(needed / per_draw):.1f} ターン。もう少し詳しく"
                  f"言うと、{needed} 枚目の落石は平均で {needed}·{n + 1}/{slides + 1} ≈ "
                  f"{float(kth):.1f} 枚目に出ます。4枚ずつで約 "
                  f"{float(kth / state.draws_left):.1f} ターン、それが出るターンは丸ごと"
                  f"1ターンと数えます。正確には（負の超幾何分布）：E = {mean} ≈ "
                  f"{turns_text(mean)} ターン。最も起こりやすいのは {likeliest} "
                  f"ターン（{percent(chance)}）です。"},
    )


def engine_turns_question() -> Question:
    state = position(ENGINE_PLAYERS, ENGINE_COVERED)
    n, slides, needed = bag(state)
    mean = mean_turns(state)
    likeliest, _ = likeliest_turns(state)
    call = f"position_with_landslides({ENGINE_PLAYERS}, {ENGINE_COVERED}, SEED)"
    mistakes = [
        Mistake(mean_turns(position(PLAYERS, ENGINE_COVERED)), {
            "en": f"That is the {PLAYERS}-player game: ask for {ENGINE_PLAYERS} players.",
            "ja": f"それは{PLAYERS}人ゲームの値です。{ENGINE_PLAYERS}人で計算してください。"}),
        Mistake(mean_turns(position(ENGINE_PLAYERS, COVERED)), {
            "en": f"That is from {COVERED} spaces covered: this position has "
                  f"{ENGINE_COVERED}.",
            "ja": f"それは入口が{COVERED}マス埋まった時点の値です。この局面は"
                  f"{ENGINE_COVERED}マスです。"}),
        Mistake(Fraction(likeliest), {
            "en": "That is the likeliest number of turns; the question asks for the average, "
                  "the sum of turns × probability.",
            "ja": "それは最も起こりやすいターン数です。聞いているのは平均（ターン数×確率の合計）"
                  "です。"}),
    ]
    return Question(
        id="turns-four-players", kind="exercise",
        prompt={"en": f"With the engine: {ENGINE_PLAYERS} players, {ENGINE_COVERED} spaces "
                      f"covered ({call}). How many turns are left on average, counting this "
                      f"one and the last? (Type it to at least 2 decimals, or use the cell "
                      f"below.)",
                "ja": f"エンジンで求めよう：{ENGINE_PLAYERS}人、入口が{ENGINE_COVERED}マス"
                      f"埋まった局面（{call}）。このターンと最後のターンも数えて、平均であと"
                      f"何ターン残っていますか？（小数第2位以上まで入力するか、下のセルを"
                      f"使ってください。）"},
        answer=NumberAnswer(mean, Tolerance.within(Fraction(1, 100)), low=Fraction(1),
                            high=None, percent_ok=False, unit=TURNS,
                            mistakes=tuple(m for m in mistakes
                                           if abs(m.value - mean) > Fraction(1, 100))),
        hint={"en": "turns_left(here) gives each number of turns with its probability; the "
                    "average is the sum of turns × probability, as in the cells above.",
              "ja": "turns_left(here) はターン数ごとの確率を返します。平均はターン数×確率の合計"
                    "で、上のセルと同じ計算です。"},
        derivation={
            "en": f"The bag holds N = {n} tiles with L = {slides} landslides, and K = {needed} "
                  f"more end the game. The mean of turns_left is {mean} ≈ {turns_text(mean)} "
                  f"turns" + (": every landslide left must come out, so the game runs to "
                              "near the bottom of the bag." if needed == slides else "."),
            "ja": f"袋は N = {n} 枚、落石 L = {slides} 枚で、あと K = {needed} 枚でゲームが"
                  f"終わります。turns_left の平均は {mean} ≈ {turns_text(mean)} ターン"
                  + ("です。残りの落石はすべて出なければならないので、ゲームは袋の底近くまで"
                     "続きます。" if needed == slides else "です。")},
    )


def best_take_question() -> Question:
    state = take_spot()
    best = best_in_areas(state)
    correct = best_area(state)
    top_tile, top_gain = best[correct]

    def why(area: str, lang: str) -> str:
        tile, gain = best[area]
        if lang == "ja":
            return (f"そこで一番よいタイル「{tile_name(tile, 'ja')}」は今 +{gain} 点です。"
                    f"{tile_name(top_tile, 'ja')}なら +{top_gain} 点になります。")
        return (f"The best tile there, a {tile_name(tile, 'en')}, adds +{gain} now; a "
                f"{tile_name(top_tile, 'en')} adds +{top_gain}.")

    statue_en, statue_ja = "", ""
    if correct == "statues":  # why a statue gains so much: the most of its kind (AM-6)
        statue_en = (" Player 1 has no statue yet, and one statue is already the most (or a "
                     "tie for the most) of its kind.")
        statue_ja = ("プレイヤー1はまだ像を持っていないので、1体取るだけでその種類で最多"
                     "（または最多タイ）になります。")
    options = {area: {lang: area_name(area, lang) for lang in ("en", "ja")} for area in best}
    return Question(
        id="best-take", kind="predict",
        prompt={"en": "Player 1 takes one tile now. From which area does the tile that adds "
                      "the most points to Player 1's score right now come?",
                "ja": "プレイヤー1が今タイルを1枚取ります。プレイヤー1の得点を今いちばん多く"
                      "増やすタイルは、どのエリアにあるでしょう？"},
        answer=ChoiceAnswer(options, correct, mistakes={
            area: {lang: why(area, lang) for lang in ("en", "ja")}
            for area in best if area != correct}),
        hint={"en": "Look at what each area's best tile changes: a finished set, or the most "
                    "of a kind among the players?",
              "ja": "各エリアの一番よいタイルで何が変わるか考えましょう。セットが完成するのか、"
                    "それともプレイヤーの中で一番多く持つことになるのか？"},
        derivation={
            "en": f"The {area_name(correct, 'en')} area: a {tile_name(top_tile, 'en')} adds "
                  f"+{top_gain}, more than any other tile ({why_not_list(best, correct, 'en')})"
                  f".{statue_en}",
            "ja": f"{area_name(correct, 'ja')}のエリアです。{tile_name(top_tile, 'ja')}は "
                  f"+{top_gain} 点で、ほかのどのタイルより多く増えます"
                  f"（{why_not_list(best, correct, 'ja')}）。{statue_ja}"},
    )


def why_not_list(best: Mapping[str, tuple[str, int]], correct: str, lang: str) -> str:
    """"mosaics +4, amphoras +1, …": the other areas' best gains, for the derivation."""
    parts = [f"{area_name(area, lang)} +{gain}" for area, (_, gain) in best.items()
             if area != correct]
    return ("、" if lang == "ja" else ", ").join(parts)


LESSONS: dict[str, tuple[Question, ...]] = {
    "03_probability": (
        next_draw_question(),
        by_hand_question(),
        turns_left_question(),
        engine_turns_question(),
        best_take_question(),
    ),
}
