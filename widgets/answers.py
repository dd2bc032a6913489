"""Reading and checking what a student types as an answer (pure Python: no widgets here).

Why a module of its own: the lesson, the teacher's page and the tests must agree on what
"0,53", "５３％" or "32分の17" mean and on when an answer counts, so there is one reader
(``parse_number``) and one judge (``NumberAnswer.check`` / ``ChoiceAnswer.check``).
Unreadable input is never a wrong answer: it is an ``invalid`` verdict that says how to type
the answer, and the caller does not count it as a try.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Form = Literal["whole", "decimal", "percent", "fraction"]
Status = Literal["right", "wrong", "invalid"]

MAX_LENGTH = 40
"""Longer input is refused before any work: no answer to a lesson's question is that long."""
QUOTE_LENGTH = 20
"""A message quotes at most this many characters of what was typed."""
CLOSE_BAND = Fraction(5, 100)
"""A wrong chance within 5 percentage points is "close" (5% of the answer on other scales)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "empty": "Type an answer first.",
        "not_a_number": "“{typed}” is not a number: type a chance as 0.25, 25% or 1/4.",
        "not_a_number_plain": "“{typed}” is not a number: type one such as 7, 7.5 or 15/2.",
        "zero_denominator": "“{typed}” divides by zero: the number under the line cannot be 0.",
        "two_marks": "“{typed}” has both “.” and “,”: use one decimal mark, as in 0.25.",
        "percent_not_here": "“{typed}”: this answer is not a percentage. Type the number itself, "
                            "as in 0.25 or 1/4.",
        "mixed": "“{typed}” is more than one number: type one number, such as 3/2 or 1.5.",
        "too_long": "That is {length} characters: an answer is at most {limit}.",
        "out_of_range": "A chance lies between 0 and 1 (0% to 100%): “{typed}” is outside.",
        "out_of_range_between": "The answer lies between {low} and {high}: “{typed}” is outside.",
        "out_of_range_below": "The answer is at least {low}: “{typed}” is below that.",
        "out_of_range_above": "The answer is at most {high}: “{typed}” is above that.",
        "no_choice": "Pick one of the options first.",
        "right": "Right: {answer}.",
        "wrong": "Not quite: try again, or ask for a hint.",
        "wrong_mistake": "Not quite. {why}",
        "wrong_close": "Close, but not within the tolerance ({tolerance}): try again.",
        "tolerance_exact": "exact, or correctly rounded",
        "tolerance_point": "±1 point",
        "tolerance_points": "±{points} points",
        "tolerance_width": "±{width}",
    },
    "ja": {
        "empty": "まず答えを入力してください。",
        "not_a_number": "「{typed}」は数として読めません。確率は 0.25、25%、1/4 のように"
                        "入力してください。",
        "not_a_number_plain": "「{typed}」は数として読めません。7、7.5、15/2 のように"
                              "入力してください。",
        "zero_denominator": "「{typed}」は0で割っています。分母を0にすることはできません。",
        "two_marks": "「{typed}」には「.」と「,」の両方があります。小数点はどちらか一つにして"
                     "ください（例：0.25）。",
        "percent_not_here": "「{typed}」：この答えは百分率ではありません。0.25 や 1/4 のように"
                            "数そのものを入力してください。",
        "mixed": "「{typed}」には数が二つ以上あります。3/2 や 1.5 のように、数を一つだけ"
                 "入力してください。",
        "too_long": "{length}文字あります。答えは{limit}文字以内で入力してください。",
        "out_of_range": "確率は0から1（0%から100%）の間の値です。「{typed}」はその範囲の外です。",
        "out_of_range_between": "答えは{low}から{high}の間です。「{typed}」はその範囲の外です。",
        "out_of_range_below": "答えは{low}以上です。「{typed}」はそれより小さい値です。",
        "out_of_range_above": "答えは{high}以下です。「{typed}」はそれより大きい値です。",
        "no_choice": "まず選択肢を一つ選んでください。",
        "right": "正解です：{answer}。",
        "wrong": "違います。もう一度考えるか、ヒントを見てみましょう。",
        "wrong_mistake": "違います。{why}",
        "wrong_close": "惜しい！でも、この問題では{tolerance}の答えが必要です。もう一度どうぞ。",
        "tolerance_exact": "正確な値（または正しく四捨五入した値）",
        "tolerance_point": "正解から±1ポイント以内",
        "tolerance_points": "正解から±{points}ポイント以内",
        "tolerance_width": "正解から±{width}以内",
    },
}
"""lang → key → template (``str.format`` fields); every key exists in every language."""


def message(key: str, lang: str = "en", **values: object) -> str:
    """The message ``key`` in ``lang`` (English when the language is unknown), filled in."""
    return MESSAGES.get(lang, MESSAGES["en"])[key].format(**values)


def _in_lang(texts: Mapping[str, str], lang: str) -> str:
    """A lesson's own text (a unit, a label, a mistake's why) in ``lang``, else in English."""
    return texts.get(lang, texts.get("en", ""))


def _quote(typed: str) -> str:
    """What was typed, short enough to quote in a message."""
    shown = typed.strip()
    return shown if len(shown) <= QUOTE_LENGTH else shown[: QUOTE_LENGTH - 1] + "…"


class AnswerError(ValueError):
    """Input that is not an answer: ``key`` names the problem, ``values`` fill its message."""

    def __init__(self, key: str, **values: str | int) -> None:
        self.key = key
        self.values: dict[str, str | int] = dict(values)
        super().__init__(self.explain("en"))

    def explain(self, lang: str = "en") -> str:
        """The problem in ``lang``, ready to show the student."""
        return message(self.key, lang, **self.values)


@dataclass(frozen=True, slots=True)
class Parsed:
    """A number as the student typed it: its exact value and the form it came in."""

    value: Fraction
    form: Form
    decimals: int | None  # digits after the decimal mark (decimal and percent forms)
    text: str  # the original, as typed


# ---------------------------------------------------------------- reading


_DIGITS = r"[0-9]+"
_DECIMAL = re.compile(r"([-+]?)([0-9]*)(?:[.,]([0-9]+))?\s*(%?)", re.ASCII)
_FRACTION = re.compile(rf"([-+]?)({_DIGITS})\s*/\s*({_DIGITS})", re.ASCII)
_JAPANESE_FRACTION = re.compile(rf"([-+]?)({_DIGITS})\s*分\s*の\s*({_DIGITS})", re.ASCII)
_NUMBER_LIKE = re.compile(r"[-+]?[0-9.,]*[0-9][0-9.,]*\s*%?", re.ASCII)
_SIGNS = {"-": -1, "+": 1, "": 1}
_AS_ASCII = str.maketrans({"\u2044": "/", "÷": "/", "\u2212": "-"})
"""After NFKC: the fraction slash (from "½"), the division sign and the minus sign."""
_REFUSED_DECOMPOSITIONS = ("<super>", "<sub>")
""""2³" must not read as 23: superscript and subscript digits are not accepted."""


def _normalize(typed: str) -> str | None:
    """The typed text in ASCII forms (full-width digits, "½", "÷"), or None if it holds a
    character that would change its meaning when normalized."""
    pieces = []
    for char in typed:
        if unicodedata.decomposition(char).startswith(_REFUSED_DECOMPOSITIONS):
            return None
        plain = unicodedata.normalize("NFKC", char)
        # "1½" is two numbers, not 11/2: a vulgar fraction stands apart from its neighbours
        pieces.append(f" {plain} " if "\u2044" in plain and char != "\u2044" else char)
    return unicodedata.normalize("NFKC", "".join(pieces)).translate(_AS_ASCII).strip()


def _fraction(sign: str, numerator: str, denominator: str, typed: str) -> Fraction:
    if int(denominator) == 0:
        raise AnswerError("zero_denominator", typed=_quote(typed))
    return _SIGNS[sign] * Fraction(int(numerator), int(denominator))


def _read(plain: str, typed: str) -> Parsed | None:
    """``plain`` (normalized) as a number, None if it is none of the accepted forms."""
    if found := _FRACTION.fullmatch(plain):
        sign, numerator, denominator = found.groups()
        return Parsed(_fraction(sign, numerator, denominator, typed), "fraction", None, typed)
    if found := _JAPANESE_FRACTION.fullmatch(plain):  # "32分の17": the denominator comes first
        sign, denominator, numerator = found.groups()
        return Parsed(_fraction(sign, numerator, denominator, typed), "fraction", None, typed)
    found = _DECIMAL.fullmatch(plain)
    if found is None:
        return None
    sign, whole, decimals, percent = found.groups()
    if not whole and not decimals:
        return None
    places = len(decimals or "")
    value = _SIGNS[sign] * Fraction(int(whole or "0") * 10**places + int(decimals or "0"),
                                    10**places)
    if percent:
        return Parsed(value / 100, "percent", places, typed)
    return Parsed(value, "decimal" if decimals else "whole", places if decimals else None, typed)


def _unreadable(plain: str, typed: str) -> AnswerError:
    """Why ``plain`` is no number, as precisely as can be told."""
    quoted = _quote(typed)
    if _NUMBER_LIKE.fullmatch(plain) and "." in plain and "," in plain:
        return AnswerError("two_marks", typed=quoted)
    joined = re.sub(r"\s*(/|分\s*の)\s*", r"\1", re.sub(r"\s+%", "%", plain))
    chunks = joined.split()
    if len(chunks) > 1 and all(_readable(chunk) for chunk in chunks):
        return AnswerError("mixed", typed=quoted)
    return AnswerError("not_a_number", typed=quoted)


def _readable(chunk: str) -> bool:
    """Whether ``chunk`` is a number on its own (a zero denominator is still a number)."""
    try:
        return _read(chunk, chunk) is not None
    except AnswerError:
        return True


def parse_number(text: str, *, percent_ok: bool = True) -> Parsed:
    """What the student typed as an exact number; ``AnswerError`` (and nothing else) if it is
    not one: "0.53", ".53", "0,53", "53 %", "17 / 32", "０．５３", "½", "17÷32", "32分の17"."""
    stripped = text.strip()
    if not stripped:
        raise AnswerError("empty")
    if len(stripped) > MAX_LENGTH:
        raise AnswerError("too_long", length=len(stripped), limit=MAX_LENGTH)
    plain = _normalize(stripped)
    if plain is None:
        raise AnswerError("not_a_number", typed=_quote(stripped))
    if not plain:
        raise AnswerError("empty")
    parsed = _read(plain, text)
    if parsed is None:
        raise _unreadable(plain, stripped)
    if parsed.form == "percent" and not percent_ok:
        raise AnswerError("percent_not_here", typed=_quote(stripped))
    return parsed


# ---------------------------------------------------------------- showing


def canonical(value: Fraction) -> str:
    """The exact value as the record keeps it: "17/32", "1", "0", "-1/2"."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def _round_half_up(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero (as taught at school)."""
    scale = 10**places
    magnitude = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(magnitude if value >= 0 else -magnitude, scale)


def _decimal_text(value: Fraction, places: int) -> str:
    """``value`` (already rounded to ``places``) written with exactly ``places`` decimals."""
    scaled = abs(value * 10**places)
    assert scaled.denominator == 1, "round the value first"
    digits = str(scaled.numerator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return sign + (f"{digits[:-places]}.{digits[-places:]}" if places else digits)


def _plain_number(value: Fraction) -> str:
    """A decimal if the value has a short one ("0.5", "2"), else the fraction ("1/3")."""
    for places in range(4):
        if (value * 10**places).denominator == 1:
            return _decimal_text(value, places)
    return canonical(value)


def format_chance(value: Fraction, lang: str = "en") -> str:
    """A chance as the lessons show it: "17/32 (53.1%)" ("17/32（53.1%）" in Japanese)."""
    percent = _decimal_text(_round_half_up(value * 100, 1), 1)
    if lang == "ja":
        return f"{canonical(value)}（{percent}%）"
    return f"{canonical(value)} ({percent}%)"


# ---------------------------------------------------------------- judging


@dataclass(frozen=True, slots=True)
class Tolerance:
    """How far from the exact value an answer may be and still count."""

    width: Fraction  # absolute, on the value's own scale (0.01 = one percentage point)
    rounded_ok: bool  # a correctly rounded decimal (2+ decimals) counts too

    def __post_init__(self) -> None:
        if self.width < 0:
            raise ValueError(f"a tolerance cannot be negative: {self.width}")

    @classmethod
    def exact(cls) -> Tolerance:
        """The exact value, or that value correctly rounded: 1/3 as 0.33, 33% or 33.3%."""
        return cls(Fraction(0), True)

    @classmethod
    def points(cls, n: int | Fraction) -> Tolerance:
        """A chance within ±``n`` percentage points."""
        return cls(Fraction(n) / 100, False)

    @classmethod
    def within(cls, width: int | Fraction) -> Tolerance:
        """Within ±``width`` on the answer's own scale (counts, turns)."""
        return cls(Fraction(width), False)

    def accepts(self, parsed: Parsed, expected: Fraction) -> bool:
        """Whether ``parsed`` counts as ``expected``."""
        if abs(parsed.value - expected) <= self.width:
            return True
        return self.rounded_ok and _rounds_to(parsed, expected)

    def describe(self, chance: bool, lang: str = "en") -> str:
        """The tolerance in words: "exact…", "±1 point" (chances) or "±0.5" (other scales)."""
        if self.width == 0:
            return message("tolerance_exact", lang)
        if not chance:
            return message("tolerance_width", lang, width=_plain_number(self.width))
        if self.width == Fraction(1, 100):
            return message("tolerance_point", lang)
        return message("tolerance_points", lang, points=_plain_number(self.width * 100))


def _rounds_to(parsed: Parsed, expected: Fraction) -> bool:
    """Whether the student typed ``expected`` correctly rounded, to 2 decimals or more
    (a percent's decimals count 2 more: 33.3% is 0.333). Rounding a non-zero chance to 0 is
    not counted: "0%" is no answer for 1/1000."""
    if parsed.decimals is None:
        return False
    places = parsed.decimals + (2 if parsed.form == "percent" else 0)
    if places < 2:
        return False
    rounded = _round_half_up(expected, places)
    return parsed.value == rounded and (rounded != 0 or expected == 0)


exact = Tolerance.exact
points = Tolerance.points
within = Tolerance.within
"""The tolerances by name, as a lesson's questions write them: ``points(1)``, ``exact()``."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """A wrong answer the lesson can explain: its value and why a student may have got it."""

    value: Fraction
    why: Mapping[str, str]  # lang → sentence, e.g. "that is the chance of *not* losing the turn"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the lesson says to an answer. ``invalid`` is no answer at all (junk, out of range,
    no choice): the caller does not count it as a try."""

    status: Status
    value: str  # canonical form of what was read ("17/32", a choice's key); "" when invalid
    message: str  # in the asked language, ready to show
    why: str  # the matching mistake's sentence, or ""


def _wrong(mistake_why: str, fallback: str, lang: str, value: str) -> Verdict:
    """A wrong verdict: the mistake's why when the lesson knows it, else ``fallback``."""
    if mistake_why:
        return Verdict("wrong", value, message("wrong_mistake", lang, why=mistake_why),
                       mistake_why)
    return Verdict("wrong", value, fallback, "")


@dataclass(frozen=True, slots=True)
class NumberAnswer:
    """The answer to a question asking for a number, a chance unless the bounds say otherwise."""

    value: Fraction
    tolerance: Tolerance = field(default_factory=Tolerance.exact)
    low: Fraction | None = Fraction(0)  # None: unbounded
    high: Fraction | None = Fraction(1)
    percent_ok: bool = True
    mistakes: tuple[Mistake, ...] = ()
    unit: Mapping[str, str] = field(default_factory=dict)  # lang → unit, only for showing

    def __post_init__(self) -> None:
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"low {self.low} is above high {self.high}")
        if not self._in_range(self.value):
            raise ValueError(f"the answer {self.value} is outside its own bounds")
        for mistake in self.mistakes:
            if abs(mistake.value - self.value) <= self.tolerance.width:
                raise ValueError(f"mistake {mistake.value} would count as the right answer")

    @property
    def is_chance(self) -> bool:
        """A chance question: its answers lie in [0, 1]."""
        return self.low == 0 and self.high == 1

    def _in_range(self, value: Fraction) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def shown(self, lang: str = "en") -> str:
        """The exact answer in words: "17/32 (53.1%)" or "7 turns"."""
        if self.is_chance:
            return format_chance(self.value, lang)
        return f"{canonical(self.value)} {_in_lang(self.unit, lang)}".strip()

    def check(self, text: str, lang: str = "en") -> Verdict:
        """The verdict on what the student typed."""
        try:
            parsed = parse_number(text, percent_ok=self.percent_ok)
        except AnswerError as error:
            if error.key == "not_a_number" and not self.is_chance:  # turns, not a chance
                error = AnswerError("not_a_number_plain", **error.values)
            return Verdict("invalid", "", error.explain(lang), "")
        if not self._in_range(parsed.value):
            return Verdict("invalid", "", self._out_of_range(text, lang), "")
        value = canonical(parsed.value)
        if self.tolerance.accepts(parsed, self.value):
            return Verdict("right", value, message("right", lang, answer=self.shown(lang)), "")
        why = next((_in_lang(mistake.why, lang) for mistake in self.mistakes
                    if self.tolerance.accepts(parsed, mistake.value)), "")
        return _wrong(why, self._not_quite(parsed.value, lang), lang, value)

    def _out_of_range(self, text: str, lang: str) -> str:
        typed = _quote(text)
        if self.is_chance:
            return message("out_of_range", lang, typed=typed)
        low = None if self.low is None else _plain_number(self.low)
        high = None if self.high is None else _plain_number(self.high)
        if low is not None and high is not None:
            return message("out_of_range_between", lang, low=low, high=high, typed=typed)
        if low is not None:
            return message("out_of_range_below", lang, low=low, typed=typed)
        return message("out_of_range_above", lang, high=high, typed=typed)

    def _not_quite(self, given: Fraction, lang: str) -> str:
        """"Close" within 5 points of a chance (on other scales within 5% of the answer or
        twice the tolerance, whichever is wider), else a plain "not quite"."""
        band = CLOSE_BAND
        if not self.is_chance:
            band = max(CLOSE_BAND * abs(self.value), 2 * self.tolerance.width)
        if abs(given - self.value) <= band:
            tolerance = self.tolerance.describe(self.is_chance, lang)
            return message("wrong_close", lang, tolerance=tolerance)
        return message("wrong", lang)


@dataclass(frozen=True, slots=True)
class ChoiceAnswer:
    """The answer to a question with options to pick from."""

    options: Mapping[str, Mapping[str, str]]  # key → lang → label, in the order shown
    correct: str
    mistakes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # key → lang → why

    def __post_init__(self) -> None:
        if self.correct not in self.options:
            raise ValueError(f"the correct option {self.correct!r} is not one of the options "
                             f"{list(self.options)}")
        for key in self.mistakes:
            if key not in self.options or key == self.correct:
                raise ValueError(f"mistake {key!r} must be one of the wrong options")

    def check(self, key: str, lang: str = "en") -> Verdict:
        """The verdict on the option picked (by its key)."""
        if key not in self.options:
            return Verdict("invalid", "", message("no_choice", lang), "")
        if key == self.correct:
            label = _in_lang(self.options[key], lang)
            return Verdict("right", key, message("right", lang, answer=label), "")
        why = _in_lang(self.mistakes.get(key, {}), lang)
        return _wrong(why, message("wrong", lang), lang, key)
