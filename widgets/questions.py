"""The questions a lesson asks, and where each one stands for the student (no widgets here).

Why kept as data, once: the notebook asks a question by its id, the teacher's page shows the
same question with its exact answer beside the class's answers, and the tests check the
answers against the engine — so a question lives in ``widgets/<game>/questions.py`` (the
lesson's own data, like its rule steps), found by the lesson's id through ``questions_of``.

A **prediction** is asked before the lesson computes its answer: any readable answer counts,
it is kept as given (no second guess once the answer is out), and the exact answer is then
revealed beside it. An **exercise** is something the student works out (with the engine or
by hand): a wrong answer says why where the lesson can tell, and the student tries again.
Either way the answer stays hidden until the student answered or pressed "show me".
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from widgets.answers import ChoiceAnswer, Mistake, NumberAnswer, Tolerance, Verdict, format_chance
from widgets.labels import label
from widgets.record import Entry, Record

Kind = Literal["predict", "exercise"]
PREDICTION_CLOSE = Fraction(5, 100)
"""A prediction within 5 percentage points of a chance counts as a good one (first-try success
on the teacher's page); a prediction is never "wrong" to the student, only near or far."""


@dataclass(frozen=True)
class Question:
    """One question of a lesson: what is asked, the answer, and what helps."""

    id: str  # stable: saved progress and the class's answers refer to it
    kind: Kind
    prompt: Mapping[str, str]  # lang → the question
    answer: NumberAnswer | ChoiceAnswer
    hint: Mapping[str, str] = field(default_factory=dict)  # lang → a nudge, not the answer
    derivation: Mapping[str, str] = field(default_factory=dict)  # lang → how the answer comes

    def text(self, part: Mapping[str, str], lang: str) -> str:
        return part.get(lang) or part.get("en", "")

    def exact(self, lang: str = "en") -> str:
        """The answer in words: a chance as "17/32 (53.1%)", a choice by its label."""
        if isinstance(self.answer, ChoiceAnswer):
            return self.text(self.answer.options[self.answer.correct], lang)
        value = self.answer.value
        if self.answer.high == 1 and self.answer.low == 0:
            return format_chance(value, lang)
        shown = str(value) if value.denominator == 1 else f"{value} ≈ {float(value):.3g}"
        return f"{shown} {self.text(self.answer.unit, lang)}".strip()


def percent(value: Fraction | float, places: int = 1) -> str:
    """A chance as a lesson's texts write it: "27.8%"."""
    return f"{float(value):.{places}%}"


def distinct_mistakes(answer: Fraction, tolerance: Tolerance,
                      candidates: Iterable[tuple[Fraction, Mapping[str, str]]]
                      ) -> tuple[Mistake, ...]:
    """The likely wrong answers worth explaining, each told apart from the answer and from the
    ones before it: a slip that lands on the right value (or on an earlier mistake) is dropped,
    so a coincidence of numbers never breaks a question; the first explanation of a value is
    kept."""
    kept: list[Mistake] = []
    for value, why in candidates:
        taken = [answer, *(mistake.value for mistake in kept)]
        if all(abs(value - other) > tolerance.width for other in taken):
            kept.append(Mistake(value, why))
    return tuple(kept)


def questions_of(lesson: str) -> dict[str, Question]:
    """The questions of ``lesson`` ("ambar_fossils/03_probability", "bots"), by id, in order:
    ``widgets.<folder>.questions.LESSONS[<notebook>]``."""
    folder, _, notebook = lesson.partition("/")
    try:
        module = importlib.import_module(f"widgets.{folder}.questions")
        asked = module.LESSONS[notebook or folder]
    except (ModuleNotFoundError, KeyError):
        raise KeyError(f"no questions for lesson {lesson!r}") from None
    return {question.id: question for question in asked}


class Asking:
    """Where one question stands for one student, restored from their record: open, answered
    or shown. Every answer goes into the record; junk never does."""

    def __init__(self, question: Question, record: Record) -> None:
        self.question = question
        self.record = record

    @property
    def entries(self) -> list[Entry]:
        return self.record.of(self.question.id)

    @property
    def state(self) -> Literal["open", "answered", "shown"]:
        entries = self.entries
        if any(entry.status == "shown" for entry in entries):
            return "shown"
        if self.question.kind == "predict" and entries:
            return "answered"
        return "answered" if any(entry.status == "right" for entry in entries) else "open"

    @property
    def revealed(self) -> bool:
        """Whether the lesson may show the answer now (and the cells that compute it)."""
        return self.state != "open"

    @property
    def locked(self) -> bool:
        """A prediction is kept once made: a second guess after the answer is out is none."""
        return self.question.kind == "predict" and self.state != "open"

    def submit(self, given: str, lang: str = "en") -> tuple[Verdict, Entry | None]:
        """Check ``given`` (typed text, or a choice's key); record it unless it is junk."""
        if self.locked:
            return Verdict("invalid", "", label("prediction_kept", lang), ""), None
        verdict = self.question.answer.check(given, lang)
        if verdict.status == "invalid":
            return verdict, None
        status = verdict.status
        if self.question.kind == "predict" and isinstance(self.question.answer, NumberAnswer):
            status = "right" if self.near(Fraction(verdict.value)) else "wrong"
        return verdict, self.record.add(self.question.id, given, verdict.value, status)

    def show(self) -> Entry | None:
        """"Show me": the answer is revealed, and the record says it was shown, not found."""
        if self.state == "shown":
            return None
        return self.record.add(self.question.id, "", "", "shown")

    def said(self, given: str, lang: str = "en") -> str:
        """What the student gave, as they saw it: a choice by its label, a number as typed."""
        answer = self.question.answer
        if isinstance(answer, ChoiceAnswer) and given in answer.options:
            return self.question.text(answer.options[given], lang)
        return given

    def near(self, value: Fraction) -> bool:
        """A prediction close enough to count as good: within the answer's own tolerance or
        ``PREDICTION_CLOSE`` of it, whichever is wider."""
        answer = self.question.answer
        assert isinstance(answer, NumberAnswer)
        return abs(value - answer.value) <= max(answer.tolerance.width, PREDICTION_CLOSE)

    def feedback(self, lang: str = "en") -> str:
        """What the student reads under the question now (restored progress included)."""
        entries, question = self.entries, self.question
        exact = question.exact(lang)
        if self.state == "shown":
            return label("shown_answer", lang, exact=exact)
        if not entries:
            return ""
        given = next((entry for entry in entries if entry.status != "shown"), entries[-1])
        if question.kind == "predict":
            key = "prediction_near" if given.status == "right" else "prediction_far"
            if isinstance(question.answer, ChoiceAnswer):
                key = "prediction_picked" if given.status == "right" else "prediction_missed"
            return label(key, lang, given=self.said(given.text, lang), exact=exact)
        last = entries[-1]
        if last.status == "right":
            return label("answer_right", lang, exact=exact)
        return label("answer_wrong_count", lang, tries=len(entries))
