"""The teacher's view (widgets/teacher.py): each student counted once a question by their first
answer, a folder of handed-in files read with the bad ones refused, the class behind its key,
and new answers shown on the next refresh."""

from __future__ import annotations

import uuid
from fractions import Fraction
from pathlib import Path

import pytest

from widgets import class_store, record
from widgets.answers import NumberAnswer
from widgets.class_store import Answer
from widgets.questions import Question, questions_of
from widgets.teacher import TeacherView, plot_png, read_folder, summarize

LESSON = "ambar_fossils/03_probability"
Q = Question("q", "predict", {"en": "?", "ja": "？"}, NumberAnswer(Fraction(1, 10)))


def answer(student: str, value: str, status: str, at: float, question: str = "q",
           lesson: str = LESSON, code: str = "MATH-7") -> Answer:
    return Answer(uuid.uuid4().hex, code, student, lesson, question, value, value, status,
                  True, at)


def test_each_student_counts_once_by_their_first_answer() -> None:
    answers = [answer("Ana", "1/2", "wrong", 1), answer("Ana", "1/10", "right", 2),
               answer("Ben", "1/10", "right", 3), answer("Cy", "", "shown", 4),
               answer("Cy", "1/10", "right", 5), answer("Di", "1/9", "right", 6, lesson="bots"),
               answer("Ed", "1/9", "right", 7, question="other")]
    [summary] = summarize(answers, {"q": Q}, LESSON)
    assert (summary.students, summary.first_right, summary.shown) == (2, 1, 1)
    assert sorted(summary.first_values) == ["1/10", "1/2"] and summary.first_try_share == 0.5


def test_the_plot_is_a_png_with_the_class_and_the_exact_answer() -> None:
    [summary] = summarize([answer("Ana", "1/2", "wrong", 1)], {"q": Q}, LESSON)
    png = plot_png(summary)
    assert png is not None and png.startswith(b"\x89PNG")


def handed_in(folder: Path, name: str, student: str, lesson: str = LESSON) -> Path:
    kept = record.Record(lesson, student)
    kept.add("identical", "10%", "1/10", "right")
    path = folder / name
    record.save(kept, path)
    return path


def test_a_folder_of_handed_in_files_is_read_and_bad_files_refused(tmp_path: Path) -> None:
    handed_in(tmp_path, "a.json", "Ana")
    handed_in(tmp_path, "b.json", "")  # unnamed: goes by its file name
    handed_in(tmp_path, "c.json", "Cy", lesson="bots")
    (tmp_path / "d.json").write_text("{ not json", encoding="utf-8")
    answers, refused = read_folder(tmp_path, LESSON)
    assert sorted(a.student for a in answers) == ["Ana", "b"]
    assert len(refused) == 2 and any("d.json is not a progress file" in r for r in refused)
    assert any("not of 'ambar_fossils/03_probability'" in r for r in refused)


@pytest.fixture
def store(tmp_path: Path) -> class_store.ClassStore:
    opened = class_store.open_store(f"sqlite:///{tmp_path / 'class.sqlite'}")
    opened.create_class("MATH-7", "teacher-key-1")
    return opened


def test_the_class_opens_only_with_its_key(store: class_store.ClassStore) -> None:
    view = TeacherView(store=store, refresh_seconds=0)
    assert not view.open_class("MATH-7", "wrong-key-00")
    assert 'data-tone="invalid"' in view.status.value and view.panels.children == ()
    assert view.open_class("math-7", "teacher-key-1")
    assert len(view.panels.children) >= 5  # every question of the lesson, answered or not


def test_new_answers_show_on_the_next_refresh(store: class_store.ClassStore) -> None:
    view = TeacherView(store=store, refresh_seconds=0)
    view.open_class("MATH-7", "teacher-key-1")
    before = view.status.value
    qid = next(iter(questions_of(LESSON)))
    store.add(answer("Ana", "1/10", "right", 1.0, question=qid))
    view.refresh()
    assert view.status.value != before and "1 student" in view.status.value
    panel = next(p for p in view.panels.children if f"boardlib-teacher-q-{qid}" in p._dom_classes)
    assert "1 answered" in panel.children[0].value


def test_a_new_class_gets_a_code_and_refuses_a_short_key(store: class_store.ClassStore) -> None:
    view = TeacherView(store=store, refresh_seconds=0)
    view.key_box.value = "short"
    view._new_class()
    assert 'data-tone="invalid"' in view.status.value
    view.key_box.value = "a-long-key-42"
    view._new_class()
    code = view.code_box.value
    assert store.has_class(code) and view.source == "class"
