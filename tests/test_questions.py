"""Every probability lesson asks (widgets/<game>/questions.py, the notebooks that ask them):
at least three predictions, each before the cell that computes its answer, and at least two
exercises; every text in English and Japanese; every answer hidden until it is answered."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from widgets.answers import ChoiceAnswer, NumberAnswer
from widgets.questions import Question, questions_of
from widgets.teacher import LESSONS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def notebook_of(lesson: str) -> Path:
    return NOTEBOOKS / f"{lesson}.ipynb"


def code_cells(lesson: str) -> list[str]:
    cells = json.loads(notebook_of(lesson).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_asks_three_predictions_and_two_exercises(lesson: str) -> None:
    asked = questions_of(lesson)
    kinds = [question.kind for question in asked.values()]
    assert kinds.count("predict") >= 3 and kinds.count("exercise") >= 2, kinds
    folder = lesson.partition("/")[0]
    listed = importlib.import_module(f"widgets.{folder}.questions").LESSONS
    assert len(listed[lesson.rpartition("/")[2]]) == len(asked), "a question id is used twice"


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_text_is_in_english_and_japanese(lesson: str) -> None:
    for question in questions_of(lesson).values():
        parts = [question.prompt, question.hint, question.derivation]
        if isinstance(question.answer, ChoiceAnswer):
            parts += list(question.answer.options.values()) + list(
                question.answer.mistakes.values())
        else:
            parts += [mistake.why for mistake in question.answer.mistakes]
        for part in parts:
            assert part.get("en", "").strip() and part.get("ja", "").strip(), (
                question.id, part)
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", part["ja"]), (question.id, part)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_answer_is_its_own_right_answer(lesson: str) -> None:
    """The exact answer, typed as the lesson shows it, is accepted (and is in range)."""
    for question in questions_of(lesson).values():
        answer = question.answer
        given = answer.correct if isinstance(answer, ChoiceAnswer) else str(answer.value)
        assert answer.check(given).status == "right", (question.id, given)
        if isinstance(answer, NumberAnswer) and answer.is_chance:
            assert 0 <= answer.value <= 1, question.id


def positions(cells: list[str], pattern: str) -> dict[str, int]:
    """Question id → the first cell that names it in a call matching ``pattern`` (the call's
    arguments in group 1: every quoted id in them counts)."""
    found: dict[str, int] = {}
    for index, source in enumerate(cells):
        for arguments in re.findall(pattern, source):
            for qid in re.findall(r'"([\w-]+)"', arguments):
                found.setdefault(qid, index)
    return found


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_notebook_asks_before_it_answers(lesson: str) -> None:
    cells = code_cells(lesson)
    assert any(f'Lesson("{lesson}"' in source for source in cells), "no Lesson for the notebook"
    asked = positions(cells, r'lesson\.ask\(("[\w-]+")\)')
    hidden = positions(cells, r'lesson\.after\(([^)]*)\)')
    questions: dict[str, Question] = questions_of(lesson)
    assert set(asked) == set(questions), "every question is asked, and only those"
    for qid, index in hidden.items():
        assert qid in asked and asked[qid] < index, f"{qid}: the answer comes before the question"
    predicted = [qid for qid, q in questions.items() if q.kind == "predict" and qid in hidden]
    assert len(predicted) >= 3, f"predictions whose answer cell waits for them: {predicted}"


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_hidden_cell_is_compared_as_printed_text_or_hidden_twice(lesson: str) -> None:
    """A cell whose output waits for the student is a widget, not text to compare; and one
    ``after`` a cell (several ids in it if need be): a capture inside another is lost in Voila."""
    for source in code_cells(lesson):
        if "lesson.after(" in source:
            assert "NBVAL_CHECK_OUTPUT" not in source, source[:120]
            assert source.count("lesson.after(") == 1, source[:200]


def answer_forms(answer: NumberAnswer) -> set[str]:
    """How a lesson's text would give ``answer`` away: its fraction (not a whole number,
    which is everywhere), and a chance's percent with one decimal."""
    value, forms = answer.value, set()
    if value.denominator != 1:
        forms.add(str(value))
    if answer.is_chance and value not in (0, 1):
        forms.add(f"{float(value) * 100:.1f}%")
    return forms


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_text_of_the_lesson_gives_an_answer_away(lesson: str) -> None:
    """The markdown a student reads before answering never states an answer: the numbers are
    in the cells that wait for the answer, and in the question's own derivation."""
    cells = json.loads(notebook_of(lesson).read_text(encoding="utf-8"))["cells"]
    prose = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    for question in questions_of(lesson).values():
        if isinstance(question.answer, NumberAnswer):
            for form in answer_forms(question.answer):
                told = [text[:120] for text in prose
                        if re.search(rf"(?<![\d/.]){re.escape(form)}(?!\d)", text)]
                assert not told, f"{question.id}: {form} is in the lesson's text: {told}"


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_derivation_states_the_answer_it_derives(lesson: str) -> None:
    """The derivation is written by hand, the answer computed by the engine: they must agree
    (a changed rule or deck that moves the answer shows up here)."""
    for question in questions_of(lesson).values():
        answer = question.answer
        if not isinstance(answer, NumberAnswer):
            assert all(question.derivation.get(lang) for lang in ("en", "ja")), question.id
            continue
        value = float(answer.value)
        forms = {str(answer.value), f"{value:.2f}", f"{value:.3f}", f"{value:.4f}",
                 f"{value * 100:.1f}"}
        for lang in ("en", "ja"):
            said = question.derivation[lang]
            assert any(form in said for form in forms), (question.id, lang, forms, said[:160])


WRITTEN_TWICE = {  # a question's position, kept beside its questions and shown in the notebook
    "ambar_fossils/03_probability": ("POSITION",),
    "ambar_2018/03_probability": ("JOURNEY_POSITION",),
    "amphipolis/03_probability": ("TAKE_SPOT",),
}


@pytest.mark.parametrize("lesson", sorted(WRITTEN_TWICE))
def test_the_questions_ask_about_the_position_the_notebook_shows(lesson: str) -> None:
    """The notebook writes its position out for the student to read; the questions' module
    writes the same one to compute the answers: line for line the same."""
    module = importlib.import_module(f"widgets.{lesson.partition('/')[0]}.questions")
    source = "\n".join(code_cells(lesson))
    shown = {line.strip() for line in source.splitlines()}
    for name in WRITTEN_TWICE[lesson]:
        lines = [line.strip() for line in getattr(module, name).strip().splitlines()]
        missing = [line for line in lines if line not in shown and "{" not in line]
        assert not missing, f"{name}: not in the notebook's cells: {missing}"
