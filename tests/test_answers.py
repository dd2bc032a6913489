"""widgets.answers: every accepted form reads back exactly, every refusal names its problem,
and the verdicts say the right thing in both languages."""

from __future__ import annotations

import string
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.answers import (
    MESSAGES,
    AnswerError,
    ChoiceAnswer,
    Mistake,
    NumberAnswer,
    Parsed,
    Tolerance,
    canonical,
    format_chance,
    message,
    parse_number,
)

F = Fraction
FULL_WIDTH = str.maketrans("0123456789./%,-", "０１２３４５６７８９．／％，－")

ACCEPTED = [
    ("0.53", F(53, 100), "decimal", 2),
    (".53", F(53, 100), "decimal", 2),
    ("1", F(1), "whole", None),
    ("0", F(0), "whole", None),
    ("53%", F(53, 100), "percent", 0),
    ("53 %", F(53, 100), "percent", 0),
    ("53.5%", F(107, 200), "percent", 1),
    ("17/32", F(17, 32), "fraction", None),
    ("17 / 32", F(17, 32), "fraction", None),
    (" 17/32 ", F(17, 32), "fraction", None),
    ("0,53", F(53, 100), "decimal", 2),
    ("53,5 %", F(107, 200), "percent", 1),
    ("-0.5", F(-1, 2), "decimal", 1),
    ("+0.5", F(1, 2), "decimal", 1),
    ("０．５３", F(53, 100), "decimal", 2),
    ("５３％", F(53, 100), "percent", 0),
    ("１７／３２", F(17, 32), "fraction", None),
    ("½", F(1, 2), "fraction", None),
    ("¾", F(3, 4), "fraction", None),
    ("17÷32", F(17, 32), "fraction", None),
    ("32分の17", F(17, 32), "fraction", None),
    ("３２分の１７", F(17, 32), "fraction", None),
    ("32 分の 17", F(17, 32), "fraction", None),
    ("\u3000０．５\u3000", F(1, 2), "decimal", 1),  # ideographic spaces around
    ("−0.25", F(-1, 4), "decimal", 2),  # the minus sign U+2212
]


@pytest.mark.parametrize(("text", "value", "form", "decimals"), ACCEPTED)
def test_accepted_forms(text: str, value: Fraction, form: str, decimals: int | None) -> None:
    assert parse_number(text) == Parsed(value, form, decimals, text)  # type: ignore[arg-type]  # the table holds Literal forms


REFUSED = [
    ("", "empty"),
    ("   ", "empty"),
    ("\u3000", "empty"),
    ("abc", "not_a_number"),
    ("1..2", "not_a_number"),
    ("%", "not_a_number"),
    ("/", "not_a_number"),
    ("1/", "not_a_number"),
    ("/2", "not_a_number"),
    ("--1", "not_a_number"),
    ("1e3", "not_a_number"),
    ("0x10", "not_a_number"),
    ("nan", "not_a_number"),
    ("inf", "not_a_number"),
    ("one half", "not_a_number"),
    ("0.5/2", "not_a_number"),
    ("1/2%", "not_a_number"),
    ("2³", "not_a_number"),  # not 23
    ("٣", "not_a_number"),  # digits of other scripts are not read
    ("1.", "not_a_number"),
    ("3/0", "zero_denominator"),
    ("0分の3", "zero_denominator"),
    ("1,234.5", "two_marks"),
    ("0.5,3", "two_marks"),
    ("1 1/2", "mixed"),
    ("0.5 0.3", "mixed"),
    ("1½", "mixed"),  # not 11/2
    ("50 % 0.5", "mixed"),
    ("1 3/0", "mixed"),
    ("1" * 41, "too_long"),
    (" " + "1" * 40 + " ", None),  # 40 after stripping: read
]


@pytest.mark.parametrize(("text", "key"), REFUSED)
def test_refusals_name_their_problem(text: str, key: str | None) -> None:
    if key is None:
        assert parse_number(text).value == int("1" * 40)
        return
    with pytest.raises(AnswerError) as refused:
        parse_number(text)
    assert refused.value.key == key
    assert isinstance(refused.value, ValueError)
    assert refused.value.explain("en") != refused.value.explain("ja")
    assert "{" not in refused.value.explain("ja")


def test_percent_refused_where_not_asked() -> None:
    for text in ("53%", "５３％", "53 %"):
        with pytest.raises(AnswerError) as refused:
            parse_number(text, percent_ok=False)
        assert refused.value.key == "percent_not_here"
    assert parse_number("0.53", percent_ok=False).value == F(53, 100)
    with pytest.raises(AnswerError) as refused:
        parse_number("abc%", percent_ok=False)
    assert refused.value.key == "not_a_number"


def test_messages_quote_a_short_part_of_what_was_typed() -> None:
    with pytest.raises(AnswerError) as refused:
        parse_number("abc")
    assert refused.value.explain() == ("“abc” is not a number: type a chance as 0.25, 25% or "
                                       "1/4.")
    with pytest.raises(AnswerError) as refused:
        parse_number("x" * 35)
    assert refused.value.values["typed"] == "x" * 19 + "…"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_exists_in_both_languages_with_the_same_fields() -> None:
    assert MESSAGES["en"].keys() == MESSAGES["ja"].keys()
    for key, english in MESSAGES["en"].items():
        japanese = MESSAGES["ja"][key]
        assert english and japanese and english != japanese, key
        assert _fields(english) == _fields(japanese), key
        sample = {name: "X" for name in _fields(english)}
        assert "{" not in message(key, "en", **sample) + message(key, "ja", **sample)


def test_unknown_language_falls_back_to_english() -> None:
    assert message("empty", "fr") == MESSAGES["en"]["empty"]


# ---------------------------------------------------------------- round trips


fractions = st.builds(F, st.integers(-3000, 3000), st.integers(1, 10**6))
chances = st.builds(lambda d, n: F(n % (d + 1), d), st.integers(1, 10**6), st.integers(0))
finite_decimals = st.builds(lambda m, k: F(m, 10**k), st.integers(-10**9, 10**9),
                            st.integers(0, 8))


def _fraction_texts(value: Fraction) -> list[str]:
    n, d = value.numerator, value.denominator
    sign = "-" if n < 0 else ""
    plain = [f"{n}/{d}", f"{n} / {d}", f"{sign}{d}分の{abs(n)}"]
    return [*plain, *(text.translate(FULL_WIDTH) for text in plain)]


def _exact_decimal(value: Fraction) -> str:
    """The test's own writer of a finite decimal (the fewest places that are exact)."""
    places = next(k for k in range(40) if (value * 10**k).denominator == 1)
    digits = str(abs(value * 10**places).numerator).rjust(places + 1, "0")
    body = f"{digits[:-places]}.{digits[-places:]}" if places else digits
    return ("-" if value < 0 else "") + body


def _decimal_texts(value: Fraction) -> list[str]:
    decimal, percent = _exact_decimal(value), _exact_decimal(value * 100)
    texts = [decimal, f"{percent}%", f"{percent} %", decimal.replace(".", ","),
             f"{percent.replace('.', ',')} %"]
    return [*texts, *(text.translate(FULL_WIDTH) for text in texts)]


@given(st.one_of(chances, fractions))
def test_every_fraction_form_reads_back_exactly(value: Fraction) -> None:
    for text in _fraction_texts(value):
        assert parse_number(text).value == value, text


@given(finite_decimals)
def test_every_decimal_and_percent_form_reads_back_exactly(value: Fraction) -> None:
    for text in _decimal_texts(value):
        parsed = parse_number(text)
        assert parsed.value == value, text
        assert parsed.text == text


@given(st.text(max_size=60))
def test_arbitrary_text_is_read_or_refused_never_crashes(text: str) -> None:
    try:
        parsed = parse_number(text)
    except AnswerError as refused:
        assert refused.key in MESSAGES["en"]
        assert refused.explain("ja")
    else:
        assert isinstance(parsed.value, Fraction)


@given(st.text(alphabet="0123456789.,%/ -+分の½÷０．％１／", max_size=12))
def test_number_like_text_is_read_or_refused_never_crashes(text: str) -> None:
    try:
        assert isinstance(parse_number(text).value, Fraction)
    except AnswerError as refused:
        assert refused.key in MESSAGES["en"]


def test_importing_answers_needs_no_widgets() -> None:
    code = "import sys, widgets.answers; sys.exit('ipywidgets' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# ---------------------------------------------------------------- tolerance


@pytest.mark.parametrize(("text", "accepted"), [
    ("0.33", True), ("33%", True), ("33.3%", True), ("0.333", True), ("1/3", True),
    ("2/6", True), ("0.3", False), ("0.34", False), ("1/4", False), ("34%", False),
    ("0.3333", True), ("0.3334", False),
])
def test_exact_accepts_a_third_correctly_rounded(text: str, accepted: bool) -> None:
    assert Tolerance.exact().accepts(parse_number(text), F(1, 3)) is accepted


def test_exact_rounds_halves_up_and_never_to_zero() -> None:
    assert Tolerance.exact().accepts(parse_number("0.13"), F(125, 1000))
    assert not Tolerance.exact().accepts(parse_number("0.12"), F(125, 1000))
    assert not Tolerance.exact().accepts(parse_number("0%"), F(1, 1000))
    assert Tolerance.exact().accepts(parse_number("0.00"), F(0))


@pytest.mark.parametrize(("text", "accepted"), [
    ("0.53", True), ("0.5399", True), ("0.54", True), ("0.5401", False), ("52%", True),
    ("51.9%", False), ("17/32", True), ("1/2", False),
])
def test_points_accepts_within_the_band(text: str, accepted: bool) -> None:
    assert Tolerance.points(1).accepts(parse_number(text), F(53, 100)) is accepted


@given(chances, st.builds(F, st.integers(0, 10**4), st.integers(1, 10**4)),
       st.integers(0, 10))
def test_points_is_symmetric_in_the_sign_of_the_error(expected: Fraction, error: Fraction,
                                                     points: int) -> None:
    tolerance = Tolerance.points(points)

    def accepts(value: Fraction) -> bool:
        return tolerance.accepts(Parsed(value, "fraction", None, canonical(value)), expected)

    assert accepts(expected + error) == accepts(expected - error)
    assert accepts(expected + error) == (error <= F(points, 100))


def test_tolerance_constructors() -> None:
    assert Tolerance.exact() == Tolerance(F(0), True)
    assert Tolerance.points(F(1, 2)) == Tolerance(F(1, 200), False)
    assert Tolerance.within(2) == Tolerance(F(2), False)
    with pytest.raises(ValueError, match="negative"):
        Tolerance.within(-1)


def test_showing_numbers() -> None:
    assert canonical(F(17, 32)) == "17/32"
    assert canonical(F(1)) == "1"
    assert canonical(F(0)) == "0"
    assert format_chance(F(17, 32)) == "17/32 (53.1%)"
    assert format_chance(F(17, 32), "ja") == "17/32（53.1%）"
    assert format_chance(F(1, 3)) == "1/3 (33.3%)"
    assert format_chance(F(2, 3)) == "2/3 (66.7%)"
    assert format_chance(F(1)) == "1 (100.0%)"
    assert format_chance(F(1, 2000)) == "1/2000 (0.1%)"  # 0.05% rounds half up


# ---------------------------------------------------------------- verdicts


NOT_LOSING = Mistake(F(15, 32), {"en": "That is the chance of not losing the turn.",
                                 "ja": "それは手番を失わない確率です。"})
CHANCE = NumberAnswer(F(17, 32), mistakes=(NOT_LOSING,))


def test_right_answer_shows_the_exact_value_and_percent() -> None:
    verdict = CHANCE.check("17/32")
    assert (verdict.status, verdict.value, verdict.why) == ("right", "17/32", "")
    assert verdict.message == "Right: 17/32 (53.1%)."
    assert CHANCE.check("53.1%").status == "right"
    assert CHANCE.check("0.53", "ja").message == "正解です：17/32（53.1%）。"
    assert CHANCE.check("0.53").value == "53/100"  # what was read, not the answer


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_known_mistake_says_why(lang: str) -> None:
    verdict = CHANCE.check("15/32", lang)
    assert (verdict.status, verdict.value) == ("wrong", "15/32")
    assert verdict.why == NOT_LOSING.why[lang]
    assert verdict.why in verdict.message
    assert CHANCE.check("46.9%", lang).why == NOT_LOSING.why[lang]  # same tolerance: rounded


def test_close_and_far_wrong_answers() -> None:
    close = CHANCE.check("0.5")
    assert close.status == "wrong" and "Close" in close.message and close.why == ""
    assert "exact" in close.message
    assert "±1 point" in NumberAnswer(F(53, 100), Tolerance.points(1)).check("0.5").message
    assert "±2 points" in NumberAnswer(F(53, 100), Tolerance.points(2)).check("0.5").message
    far = CHANCE.check("0.1")
    assert far.message == "Not quite: try again, or ask for a hint."
    assert CHANCE.check("0.1", "ja").message == MESSAGES["ja"]["wrong"]


@pytest.mark.parametrize("text", ["1.5", "-0.5", "150%", "3/2"])
def test_out_of_range_is_invalid_not_wrong(text: str) -> None:
    verdict = CHANCE.check(text)
    assert (verdict.status, verdict.value) == ("invalid", "")
    assert verdict.message == f"A chance lies between 0 and 1 (0% to 100%): “{text}” is outside."
    assert "確率は0から1" in CHANCE.check(text, "ja").message


def test_junk_is_invalid_with_the_reason() -> None:
    verdict = CHANCE.check("abc", "ja")
    assert verdict.status == "invalid" and "「abc」" in verdict.message


def test_answers_on_other_scales() -> None:
    turns = NumberAnswer(F(7), Tolerance.within(F(1, 2)), low=F(1), high=None,
                         percent_ok=False, unit={"en": "turns", "ja": "手番"})
    assert turns.check("7.5").status == "right"
    assert turns.check("7").message == "Right: 7 turns."
    assert turns.check("7", "ja").message == "正解です：7 手番。"
    assert turns.check("0").message == "The answer is at least 1: “0” is below that."
    assert turns.check("700%").status == "invalid"
    assert "±0.5" in turns.check("7.6").message  # within twice the tolerance: close
    assert turns.check("8.1").message == MESSAGES["en"]["wrong"]
    assert "Close" in NumberAnswer(F(100), low=None, high=None).check("96").message  # 5%
    between = NumberAnswer(F(3), low=F(2), high=F(12))
    assert "between 2 and 12" in between.check("13").message
    below = NumberAnswer(F(-3), low=None, high=F(0))
    assert below.check("1").message == "The answer is at most 0: “1” is above that."


def test_bad_answers_are_refused_at_construction() -> None:
    with pytest.raises(ValueError, match="outside"):
        NumberAnswer(F(3, 2))
    with pytest.raises(ValueError, match="above"):
        NumberAnswer(F(1, 2), low=F(1), high=F(0))
    with pytest.raises(ValueError, match="right answer"):
        NumberAnswer(F(1, 2), Tolerance.points(1), mistakes=(Mistake(F(51, 100), {}),))


SIDES = ChoiceAnswer(
    options={"heads": {"en": "Heads", "ja": "表"}, "tails": {"en": "Tails", "ja": "裏"},
             "edge": {"en": "The edge", "ja": "縁"}},
    correct="heads",
    mistakes={"tails": {"en": "Tails is the other side.", "ja": "裏は反対の面です。"}},
)


def test_choices() -> None:
    assert SIDES.check("heads").status == "right"
    assert SIDES.check("heads", "ja").message == "正解です：表。"
    wrong = SIDES.check("tails", "ja")
    assert (wrong.status, wrong.value, wrong.why) == ("wrong", "tails", "裏は反対の面です。")
    assert SIDES.check("edge").message == MESSAGES["en"]["wrong"]
    assert SIDES.check("edge").why == ""
    for key in ("", "sideways"):
        none = SIDES.check(key)
        assert (none.status, none.value, none.message) == ("invalid", "",
                                                           "Pick one of the options first.")
    assert SIDES.check("", "ja").message == MESSAGES["ja"]["no_choice"]


def test_choice_answers_are_checked_at_construction() -> None:
    with pytest.raises(ValueError, match="not one of the options"):
        ChoiceAnswer({"a": {"en": "A"}}, correct="b")
    with pytest.raises(ValueError, match="wrong options"):
        ChoiceAnswer({"a": {"en": "A"}}, correct="a", mistakes={"a": {"en": "?"}})


def test_junk_for_a_count_shows_numbers_not_chances() -> None:
    turns = NumberAnswer(Fraction(54, 5), Tolerance.within(1), low=Fraction(1), high=None)
    for lang in ("en", "ja"):
        said = turns.check("ten-ish", lang).message
        assert "15/2" in said and "25%" not in said, said
    assert "25%" in NumberAnswer(Fraction(1, 2)).check("half").message
