"""A lesson that listens (widgets/ask.py), driven as a student would, without a browser: junk is
never an answer, a prediction is kept, the answer's cells stay hidden until answered or shown,
progress is kept and restored, a bad file is set aside, and the class store gets each answer
exactly once."""

from __future__ import annotations

import base64
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from widgets import class_store, record
from widgets.answers import ChoiceAnswer, Mistake, NumberAnswer, Tolerance
from widgets.ask import Lesson
from widgets.questions import Question

LESSON = "test/03_probability"
GUESS = Question("guess", "predict", {"en": "Chance of a six?", "ja": "6が出る確率は？"},
                 NumberAnswer(Fraction(1, 6)), {"en": "One face of six.", "ja": "6面のうち1面。"},
                 {"en": "1 of 6 faces: 1/6.", "ja": "6面のうち1面：1/6。"})
AT_LEAST_ONE = Mistake(Fraction(11, 36), {"en": "that is at least one six",
                                          "ja": "それは少なくとも1回6が出る確率"})
WORK = Question("work", "exercise",
                {"en": "Chance of no six in two rolls?", "ja": "2回とも6以外？"},
                NumberAnswer(Fraction(25, 36), Tolerance.exact(), mistakes=(AT_LEAST_ONE,)),
                {"en": "Multiply.", "ja": "かけ算。"},
                {"en": "(5/6)² = 25/36.", "ja": "(5/6)² = 25/36。"})
PICK = Question("pick", "predict", {"en": "Which is likelier?", "ja": "どちらが起きやすい？"},
                ChoiceAnswer({"one": {"en": "a one", "ja": "1"},
                              "even": {"en": "even", "ja": "偶数"}}, "even"))
QUESTIONS = {q.id: q for q in (GUESS, WORK, PICK)}


@pytest.fixture(autouse=True)
def progress_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOARDLIB_PROGRESS_DIR", str(tmp_path / "progress"))
    monkeypatch.setenv("BOARDLIB_CLASS_STORE", f"sqlite:///{tmp_path / 'class.sqlite'}")
    return tmp_path / "progress"


def lesson(lang: str = "en", student: str = "") -> Lesson:
    return Lesson(LESSON, lang, student, questions=QUESTIONS)


def kept(folder: Path, name: str = "03_probability.progress.json") -> record.Record:
    found = record.load(folder / name, LESSON)
    assert found is not None
    return found


def hidden(shown: Any) -> bool:
    return bool(shown.layout.display == "none")


def test_junk_is_refused_in_the_students_language_and_never_counted(progress_here: Path) -> None:
    taught = lesson("ja")
    box = taught.ask("guess")
    said = box.check("abc")
    assert "abc" in said and said != lesson().ask("guess").check("abc")
    assert 'data-tone="invalid"' in box.feedback.value
    assert taught.record.entries == [] and not (progress_here / record.file_name(LESSON)).exists()
    assert box.asking.state == "open"


def test_a_prediction_reveals_the_answer_and_is_kept_as_made(progress_here: Path) -> None:
    taught = lesson()
    box = taught.ask("guess")
    with taught.after("guess") as shown:
        print("exact: 1/6")
    assert [out["text"] for out in shown.outputs] == ["exact: 1/6\n"]  # kept, hidden
    assert hidden(shown) and "Hidden until you answer" in taught.reveals["guess"][0][0].value
    said = box.check("50%")
    assert "1/6" in said and "Your prediction: 50%" in said
    assert not hidden(shown) and taught.reveals["guess"][0][0].value == ""
    assert box.check("1/6").startswith("Your prediction is kept")  # no second guess
    entries = kept(progress_here).entries
    assert [(e.question, e.text, e.value, e.status, e.first_try) for e in entries] == [
        ("guess", "50%", "1/2", "wrong", True)]  # far from 1/6: not a good prediction


def test_a_near_prediction_counts_as_first_try_success() -> None:
    taught = lesson()
    taught.ask("guess").check("0.2")
    assert taught.record.entries[0].status == "right"  # within 5 points of 1/6


def test_an_exercise_says_why_a_wrong_answer_is_wrong_and_waits_for_the_right_one() -> None:
    taught = lesson()
    box = taught.ask("work")
    with taught.after("work") as shown:
        print("25/36")
    wrong = box.check("11/36")
    assert "at least one six" in wrong and hidden(shown)
    assert "25/36" not in box.feedback.value + box.derivation.value  # not given away
    right = box.check("25/36")
    assert right.startswith("Right") and not hidden(shown)
    assert "(5/6)² = 25/36" in box.derivation.value
    assert [(e.status, e.first_try) for e in taught.record.entries] == [
        ("wrong", True), ("right", False)]


def test_show_me_reveals_and_is_recorded_as_shown_not_answered() -> None:
    taught = lesson()
    box = taught.ask("work")
    with taught.after("work") as shown:
        pass
    box.show_me()
    assert not hidden(shown) and "Shown, not answered" in box.feedback.value
    assert [e.status for e in taught.record.entries] == ["shown"]
    assert box.show_button.disabled


def test_a_choice_is_checked_by_its_key() -> None:
    taught = lesson()
    box = taught.ask("pick")
    assert "Pick one" in box.check()  # nothing chosen: not an answer
    box.entry.value = "even"
    assert "even" in box.check()
    assert taught.record.entries[0].value == "even"


def test_an_answer_from_code_is_checked_and_none_is_no_answer() -> None:
    taught = lesson()
    assert "None" in taught.check("work", None) and taught.record.entries == []
    assert taught.check("work", 0.3).startswith("Not quite")
    assert taught.check("work", 5 / 6 * 5 / 6).startswith("Right")  # a float computation
    assert [e.value for e in taught.record.entries] == ["3/10", "25/36"]


def test_run_all_reveals_nothing_and_an_unknown_question_names_the_known_ones() -> None:
    taught = lesson()
    for qid in QUESTIONS:
        taught.ask(qid)
        with taught.after(qid):
            print("the answer")
    assert all(hidden(shown) for held in taught.reveals.values() for _, shown, _ids in held)
    with pytest.raises(KeyError, match="has no question 'nope'; it has guess, work, pick"):
        taught.ask("nope")


def test_a_cell_waiting_for_two_questions_shows_once_both_are_answered() -> None:
    taught = lesson()
    with taught.after("guess", "work") as shown:
        print("both")
    cover = taught.reveals["work"][0][0]
    taught.ask("guess").check("1/6")
    assert hidden(shown) and "two rolls" in cover.value  # the question still open is named
    taught.ask("work").show_me()
    assert not hidden(shown) and cover.value == ""


def test_an_error_in_a_hidden_cell_is_not_hidden() -> None:
    taught = lesson()
    with pytest.raises(ZeroDivisionError), taught.after("guess"):
        print(1 / 0)


def test_progress_is_restored_when_the_notebook_is_opened_again(progress_here: Path) -> None:
    first = lesson()
    first.ask("work").check("25/36")
    again = lesson()
    box = again.ask("work")
    with again.after("work") as shown:
        pass
    assert not hidden(shown) and box.feedback.value.count("Right") == 1
    assert "Welcome back" in again.status.value


def test_a_corrupt_file_is_set_aside_with_the_reason_and_kept(progress_here: Path) -> None:
    progress_here.mkdir(parents=True)
    path = progress_here / record.file_name(LESSON)
    path.write_text('{"format": "boardlib-progress", "version": 1', encoding="utf-8")
    taught = lesson()
    assert "could not be read" in taught.status.value and taught.record.entries == []
    aside = list(progress_here.glob("*.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").endswith('"version": 1')
    taught.ask("guess").check("1/6")
    assert kept(progress_here).entries[0].value == "1/6"


def test_each_student_has_their_own_file(progress_here: Path) -> None:
    taught = lesson()
    taught.join("Ana")
    taught.ask("guess").check("1/6")
    assert (progress_here / "03_probability.ana.progress.json").exists()
    assert not (progress_here / "03_probability.progress.json").exists()


def test_the_download_is_the_progress_file() -> None:
    taught = lesson()
    taught.ask("guess").check("1/6")
    link = taught.download.value
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert json.loads(base64.b64decode(data))["answers"][0]["value"] == "1/6"
    assert 'download="03_probability.progress.json"' in link


def test_answers_go_to_the_class_once_each(tmp_path: Path) -> None:
    store = class_store.open_store()
    store.create_class("MATH-7", "teacher-key-1")
    taught = lesson()
    taught.ask("guess").check("1/6")  # before joining: sent on joining
    assert "In class MATH-7 as Ana" in taught.join("Ana", "math-7")
    # joining took Ana's own (empty) file: the unnamed answer stays in the unnamed file
    taught.ask("work").check("11/36")
    taught.ask("work").check("25/36")
    taught.join("Ana", "MATH-7")  # joining again resends: still once each
    seen = store.class_answers("MATH-7", "teacher-key-1")
    assert [(a.student, a.question, a.status) for a in seen] == [
        ("Ana", "work", "wrong"), ("Ana", "work", "right")]
    assert store.answers_of("MATH-7", "Ben") == []


def test_joining_a_class_that_does_not_exist_changes_nothing() -> None:
    taught = lesson()
    said = taught.join("Ana", "NOPE-1")
    assert "no class with the code NOPE-1" in said
    assert taught.class_code == "" and taught.store is None


def test_a_name_with_markup_is_refused() -> None:
    taught = lesson()
    said = taught.join("<b>Ana</b>")
    assert taught.record.student == "" and "<" in said  # the message says what is not allowed
    assert 'data-tone="invalid"' in taught.status.value


def test_a_choice_prediction_is_told_by_its_words() -> None:
    taught = lesson("ja")
    box = taught.ask("pick")
    box.entry.value = "one"
    said = box.check()
    assert said.startswith("あなたの予想：1。答え：偶数"), said


def test_a_rule_step_done_is_kept_once_and_restored(progress_here: Path) -> None:
    rules = Lesson("ambar_fossils/01_rules")
    step = rules.step("stack")
    assert rules.questions == {} and "progress will be kept" in rules.status.value
    step.board.play("place 1")
    step.board.undo()
    step.board.play("place 1")  # earned twice: done once
    done = kept_steps(progress_here)
    assert list(done) == ["stack"]
    assert "1 step done" in Lesson("ambar_fossils/01_rules").status.value


def kept_steps(folder: Path) -> dict[str, float]:
    found = record.load(folder / "01_rules.progress.json", "ambar_fossils/01_rules")
    assert found is not None
    return found.steps
