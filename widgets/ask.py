"""A lesson that listens: its questions on screen, the student's progress kept, the class told.

``lesson = Lesson("ambar_fossils/03_probability")`` shows the progress bar of the lesson (the
student's name, a class code, where the progress is kept, a download of it);
``lesson.ask("identical")`` shows a question; ``with lesson.after("identical"): …`` runs a cell
whose output (the exact answer, its plot) stays hidden until that question is answered or
"show me" is pressed — so Run All computes everything and reveals nothing. ``lesson.step(name)``
is a rule step whose ✔ is kept in the progress too.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w
from IPython import get_ipython
from IPython.display import display

from widgets import class_store, record
from widgets.answers import ChoiceAnswer, canonical
from widgets.labels import label
from widgets.lesson import RuleStep
from widgets.lite import in_browser
from widgets.questions import Asking, Question, questions_of

TONES = {"right": "#e7f6e7", "wrong": "#fff3cd", "invalid": "#fdeaea", "info": "#eef3fb",
         "": "transparent"}


def note(text: str, tone: str = "info", css: str = "boardlib-question-feedback") -> str:
    """A feedback line as HTML, coloured by its tone and marked for tests by ``data-tone``."""
    if not text:
        return ""
    return (f'<div class="{css}" data-tone="{tone}" role="status" style="font-size:17px;'
            f'padding:6px 10px;background:{TONES[tone]};border-radius:4px">{escape(text)}</div>')


class QuestionBox(w.VBox):
    """One question on screen: the prompt, an answer box (or the options), Check, Hint and
    Show me, and the feedback right under the box, where the student is looking."""

    def __init__(self, asking: Asking, lang: str, changed: Callable[[Question], None]) -> None:
        self.asking, self.lang, self._changed = asking, lang, changed
        question = asking.question
        self.prompt = w.HTML()
        if isinstance(question.answer, ChoiceAnswer):
            self.entry: w.ValueWidget = w.RadioButtons(
                options=[(key, key) for key in question.answer.options], value=None,
                layout=w.Layout(width="auto"))
        else:
            self.entry = w.Text(continuous_update=True, layout=w.Layout(width="300px"),
                                style={"description_width": "initial"})  # a named box
            self.entry.on_msg(self._enter_pressed)
        self.entry.add_class("boardlib-answer")
        self._labelled: list[tuple[w.Button, str]] = []
        self.check_button = self._button("check", "boardlib-check", lambda: self.check())
        self.hint_button = self._button("hint", "boardlib-question-hint", self._hint)
        self.show_button = self._button("show_me", "boardlib-show-me", lambda: self.show_me())
        self.feedback = w.HTML()
        self.hint_line = w.HTML()
        self.derivation = w.HTML()
        self._hinted = False
        row = w.HBox([self.entry, self.check_button, self.hint_button, self.show_button],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.prompt, row, self.feedback, self.hint_line, self.derivation],
                         layout=w.Layout(border="1px solid #c8d3e6", padding="8px 12px",
                                         margin="6px 0"))
        self.add_class("boardlib-question")
        self.add_class(f"boardlib-question-{question.id}")
        self.refresh()

    def _button(self, key: str, css: str, act: Callable[[], object]) -> w.Button:
        button = w.Button(layout=w.Layout(width="auto", height="36px",
                                          min_width="max-content"))
        button.add_class(css)
        button.on_click(lambda _: act())
        self._labelled.append((button, key))
        return button

    def _enter_pressed(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if content.get("event") == "submit":  # Enter in the answer box: the same as Check
            self.check()

    def check(self, given: str | None = None) -> str:
        """Check what is in the box (or ``given``); return the feedback shown."""
        text = str(self.entry.value or "") if given is None else given
        verdict, entry = self.asking.submit(text, self.lang)
        if entry is None:  # junk, nothing chosen, or a prediction already made: not counted
            self.refresh()
            self.feedback.value = note(verdict.message, "invalid")
            return verdict.message
        self._changed(self.asking.question)
        self.refresh()
        if self.asking.question.kind == "exercise" and verdict.status == "wrong":
            self.feedback.value = note(verdict.message, "wrong")  # why, where the lesson knows
            return verdict.message
        return self.asking.feedback(self.lang)

    def show_me(self) -> str:
        if self.asking.show() is not None:
            self._changed(self.asking.question)
        self.refresh()
        return self.asking.feedback(self.lang)

    def _hint(self) -> None:
        self._hinted = True
        self.refresh()

    def relanguage(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    def refresh(self) -> None:
        """Draw the question as its state stands (after an answer, a restore, a language)."""
        question, lang, asking = self.asking.question, self.lang, self.asking
        kind = label("predict_tag" if question.kind == "predict" else "exercise_tag", lang)
        self.prompt.value = (f'<div style="font-size:17px"><b>{escape(kind)}</b> '
                             f'{escape(question.text(question.prompt, lang))}</div>')
        for button, key in self._labelled:
            button.description = label(key, lang)
        if isinstance(question.answer, ChoiceAnswer):
            current = self.entry.value
            self.entry.options = [(question.text(words, lang), key)
                                  for key, words in question.answer.options.items()]
            self.entry.value = current
        else:
            self.entry.placeholder = label("answer_placeholder", lang)
            self.entry.description = label("answer_label", lang)
        self.hint_button.disabled = not question.hint
        self.hint_line.value = (note(question.text(question.hint, lang), "info",
                                     "boardlib-question-hint-text")
                                if self._hinted and question.hint else "")
        done = asking.state
        self.entry.disabled = self.check_button.disabled = asking.locked
        self.show_button.disabled = done != "open"
        tone = {"shown": "info", "open": "wrong"}.get(done, "right")
        if question.kind == "predict" and done == "answered":
            tone = "right" if asking.entries[0].status == "right" else "info"
        self.feedback.value = note(asking.feedback(lang), tone)
        if asking.revealed and question.derivation:
            self.derivation.value = (f'<div class="boardlib-derivation" style="font-size:16px;'
                                     f'padding:4px 10px;border-left:3px solid #7a9cc6">'
                                     f'{escape(question.text(question.derivation, lang))}</div>')
        else:
            self.derivation.value = ""


class Lesson(w.VBox):
    """The progress of one lesson for one student, and the questions it asks."""

    def __init__(self, lesson: str, lang: str = "en", student: str = "",
                 questions: Mapping[str, Question] | None = None) -> None:
        self.lesson, self.lang = lesson, lang
        self.questions = dict(_questions_or_none(lesson) if questions is None else questions)
        self.record = record.Record(lesson)
        self.askings: dict[str, Asking] = {}
        self.boxes: dict[str, list[QuestionBox]] = {}
        self.reveals: dict[str, list[tuple[w.HTML, w.Output, tuple[str, ...]]]] = {}
        self.steps: list[RuleStep] = []
        self.store: class_store.ClassStore | None = None
        self.class_code = ""
        self._sent: set[str] = set()
        self.name_box = w.Text(placeholder=label("name_placeholder", lang),
                               description=label("name_label", lang),
                               style={"description_width": "initial"},
                               layout=w.Layout(width="260px"))
        self.name_box.add_class("boardlib-student-name")
        self.code_box = w.Text(placeholder=label("class_code_placeholder", lang),
                               description=label("class_code_label", lang),
                               style={"description_width": "initial"},
                               layout=w.Layout(width="240px"))
        self.code_box.add_class("boardlib-class-code")
        self.join_button = w.Button(layout=w.Layout(width="auto", min_width="max-content"))
        self.join_button.add_class("boardlib-join")
        self.join_button.on_click(lambda _: self.join(self.name_box.value, self.code_box.value))
        self.status = w.HTML()
        self.download = w.HTML()
        self._said: tuple[str, str, dict[str, object]] = ("info", "", {})
        self.language = language_toggle(lang, self.relanguage)
        fields = [self.name_box, self.join_button] if in_browser() else [
            self.name_box, self.code_box, self.join_button]
        fields.append(self.language)
        super().__init__([w.HBox(fields, layout=w.Layout(flex_flow="row wrap")),
                          self.status, self.download],
                         layout=w.Layout(border="1px solid #c8d3e6", padding="6px 12px"))
        self.add_class("boardlib-lesson")
        self._open(student)

    # -- the student's record -------------------------------------------------------------

    @property
    def path(self) -> Path:
        return record.folder() / record.file_name(self.lesson, self.record.student)

    def _open(self, student: str) -> None:
        """Take up the progress kept for ``student`` (an unreadable file is set aside, kept)."""
        fresh = record.Record(self.lesson, student)
        path = record.folder() / record.file_name(self.lesson, student)
        said: tuple[str, str, dict[str, object]] = ("info", "progress_new", {"file": path.name})
        try:
            kept = record.load(path, self.lesson)
        except record.RecordError as problem:
            kept = None
            aside = record.set_aside(path)
            said = ("invalid", "progress_unreadable", {"reason": str(problem), "kept": aside.name})
        if kept is not None:
            fresh = kept
            said = ("info", "progress_restored", {"file": path.name, "answers": len(kept.entries),
                                                  "steps": len(kept.steps)})
        self.record = fresh
        self.askings = {qid: Asking(question, fresh) for qid, question in self.questions.items()}
        for qid, boxes in self.boxes.items():
            for box in boxes:
                box.asking = self.askings[qid]
                box.refresh()
        for qid in self.reveals:
            self._show_reveals(qid)
        self._said = said
        self.refresh()

    def _save(self) -> None:
        try:
            record.save(self.record, self.path)
        except OSError as problem:
            self._say("invalid", "progress_not_saved", reason=str(problem))
        else:
            self._say("right", "progress_saved", file=self.path.name,
                                answers=len(self.record.entries),
                                steps=len(self.record.steps))
        self._send_to_class()
        self.refresh()

    def _changed(self, question: Question) -> None:
        self._save()
        self._show_reveals(question.id)

    # -- the class -----------------------------------------------------------------------

    def join(self, student: str, code: str = "") -> str:
        """Take the student's name (their own progress file) and, with a class code, send
        their answers to the class store too. Returns what the lesson says."""
        try:
            name = class_store.valid_student_name(student) if student.strip() else ""
            code = class_store.valid_class_code(code) if code.strip() else ""
            store = None
            if code and name:
                store = self.store or class_store.open_store()
                if not store.has_class(code):
                    raise class_store.NoSuchClass("no_class", code=code)
        except class_store.ClassStoreError as problem:
            self._say("invalid", "", error=problem)
            self.refresh()
            return self.said()
        if code and not name:
            self._say("invalid", "name_needed")
            self.refresh()
            return self.said()
        if name != self.record.student:
            self._open(name)
        self.store, self.class_code = store, code
        self._sent = set()
        self._send_to_class()
        if code:
            self._say("right", "joined", code=code, name=name)
        self.refresh()
        return self.said()

    def _send_to_class(self) -> None:
        """Send every answer the class store has not taken yet (it counts each id once, so a
        resend after a failure is harmless)."""
        if self.store is None or not self.class_code:
            return
        try:
            for entry in self.record.entries:
                if entry.id in self._sent:
                    continue
                self.store.add(class_store.Answer(
                    entry.id, self.class_code, self.record.student, self.lesson, entry.question,
                    entry.text, entry.value, entry.status, entry.first_try, entry.at))
                self._sent.add(entry.id)
        except class_store.ClassStoreError as problem:
            self._say("wrong", "not_sent", reason=problem.message(self.lang))
        except (OSError, RuntimeError) as problem:  # the server gone, the disk full
            self._say("wrong", "not_sent", reason=str(problem))

    # -- questions -------------------------------------------------------------------------

    def question(self, qid: str) -> Question:
        try:
            return self.questions[qid]
        except KeyError:
            raise KeyError(f"lesson {self.lesson!r} has no question {qid!r}; it has "
                           f"{', '.join(self.questions) or 'none'}") from None

    def ask(self, qid: str) -> QuestionBox:
        """The question ``qid`` on screen (the cell's value: it shows where it is asked)."""
        self.question(qid)
        box = QuestionBox(self.askings[qid], self.lang, self._changed)
        self.boxes.setdefault(qid, []).append(box)
        return box

    def check(self, qid: str, value: object) -> str:
        """Answer ``qid`` from code: ``lesson.check("plant", my_chance)``. ``None`` (the
        exercise's cell as it comes) is no answer yet, and says so."""
        self.question(qid)
        if value is None:
            return label("code_answer_missing", self.lang, qid=qid)
        given = canonical(as_fraction(value)) if isinstance(value, (Fraction, float, int)) \
            and not isinstance(value, bool) else str(value)
        boxes = self.boxes.get(qid) or [self.ask(qid)]
        said = boxes[0].check(given)
        for box in boxes[1:]:
            box.refresh()
        return said

    @contextmanager
    def after(self, *qids: str) -> Iterator[w.Output]:
        """Run a cell's body with its output kept hidden until every one of ``qids`` is
        revealed (answered, or shown). An error in the body is not hidden: it shows under the
        cell as any error does. One block for several questions — never one ``after`` inside
        another: an output captured inside another's capture is lost in Voila."""
        if not qids:
            raise TypeError("after() needs the id of at least one question")
        for qid in qids:
            self.question(qid)
        cover, shown = w.HTML(), w.Output()
        cover.add_class("boardlib-hidden-answer")
        shown.add_class("boardlib-revealed-answer")
        for qid in qids:
            self.reveals.setdefault(qid, []).append((cover, shown, qids))
        self._show_reveals(qids[0])
        held = w.VBox([cover, shown])
        for qid in qids:
            held.add_class(f"boardlib-answer-for-{qid}")
        display(held)  # type: ignore[no-untyped-call]  # IPython's
        with captured_into(shown):
            yield shown

    def _show_reveals(self, qid: str) -> None:
        """Show or cover the cells waiting for ``qid``: a cell shows once all its questions
        are revealed; its cover names the first question still open."""
        for cover, shown, qids in self.reveals.get(qid, []):
            waiting = [q for q in qids if not self.askings[q].revealed]
            # "" and not None: JupyterLite's widgets keep "none" when it is set back to None
            shown.layout.display = "none" if waiting else ""
            prompt = self.questions[waiting[0]].text(self.questions[waiting[0]].prompt,
                                                     self.lang) if waiting else ""
            cover.value = note(label("answer_hidden", self.lang, question=prompt), "info",
                               "boardlib-hidden-note") if waiting else ""
        for box in self.boxes.get(qid, []):
            box.refresh()

    # -- rule steps ------------------------------------------------------------------------

    def step(self, name: str, game: str | None = None) -> RuleStep:
        """A rule step of this lesson's game whose ✔ goes into the progress."""
        chosen = game or self.lesson.partition("/")[0]
        step = RuleStep(chosen, name, lang=self.lang)
        step.on_earned(lambda: self._step_done(name))
        self.steps.append(step)
        return step

    def _step_done(self, name: str) -> None:
        if self.record.step_done(name):
            self._save()

    # -- language and the bar itself -----------------------------------------------------

    def relanguage(self, lang: str) -> None:
        """Say everything in ``lang``: the bar, the questions, the covers of hidden answers
        (the boards keep their own language toggle)."""
        self.lang = lang
        self.language.value = lang
        for boxes in self.boxes.values():
            for box in boxes:
                box.relanguage(lang)
        for qid in self.reveals:
            self._show_reveals(qid)
        self.name_box.placeholder = label("name_placeholder", lang)
        self.code_box.placeholder = label("class_code_placeholder", lang)
        self.name_box.description = label("name_label", lang)
        self.code_box.description = label("class_code_label", lang)
        self.refresh()

    def _say(self, tone: str, key: str, **values: object) -> None:
        """Keep what the bar says as a label and its values (or the store's ``error``), so a
        language switch says it again in the new language."""
        self._said = (tone, key, values)

    def said(self) -> str:
        _tone, key, values = self._said
        error = values.get("error")
        if isinstance(error, class_store.ClassStoreError):
            return error.message(self.lang)
        return label(key, self.lang, None, **values) if key else ""

    def refresh(self) -> None:
        lang = self.lang
        self.join_button.description = label("join" if not in_browser() else "use_name", lang)
        self.status.value = note(self.said(), self._said[0], "boardlib-progress-status")
        data = base64.b64encode(self.record.to_json().encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a class="boardlib-download-progress" download="{escape(self.path.name)}" '
            f'href="data:application/json;base64,{data}" style="font-size:15px">'
            f'⬇ {escape(label("download_progress", lang))}</a>')


class _Into(io.TextIOBase):
    """A text stream (stdout or stderr) whose writes gather for an Output widget: sent in one
    piece at the next display and at the end, not one widget update a ``print``."""

    def __init__(self, pending: list[dict[str, Any]], name: str) -> None:
        self.pending, self.name = pending, name

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        last = self.pending[-1] if self.pending else None
        if last is not None and last["output_type"] == "stream" and last["name"] == self.name:
            last["text"] += text
        elif text:
            self.pending.append({"output_type": "stream", "name": self.name, "text": text})
        return len(text)


@contextmanager
def captured_into(shown: w.Output) -> Iterator[None]:
    """Send what the body prints and displays (text, tables, plots, widgets) into ``shown``,
    in the kernel itself. Why not ``with shown:``: that capture is done by the page, which
    routes the cell's messages by their id — JupyterLite's kernel gives none, so everything
    captured there was lost; done here, it works the same in JupyterLab, Voila and Lite."""
    publisher = getattr(get_ipython(), "display_pub", None)
    own = publisher is not None and "publish" in vars(publisher)  # else the class's method
    publish = getattr(publisher, "publish", None)
    pending: list[dict[str, Any]] = []

    def flush() -> None:
        if pending:
            shown.outputs = (*shown.outputs, *pending)
            pending.clear()

    def into(data: Mapping[str, Any], metadata: Mapping[str, Any] | None = None,
             *_args: Any, **_kwargs: Any) -> None:
        pending.append({"output_type": "display_data", "data": dict(data),
                        "metadata": dict(metadata or {})})
        flush()  # a progress bar shows as soon as it is displayed

    if publisher is not None:
        publisher.publish = into
    try:
        with redirect_stdout(_Into(pending, "stdout")), redirect_stderr(_Into(pending, "stderr")):
            yield
    finally:
        flush()
        if publisher is not None and own:
            publisher.publish = publish
        elif publisher is not None:
            del publisher.publish


def as_fraction(value: Fraction | float | int) -> Fraction:
    """A computed answer as the fraction it stands for: a float such as 0.4171047… (what
    ``67/83*66/82*…`` gives) is read as the nearest fraction with a denominator under ten
    million, so a student's exact computation in floats is not "close but wrong"."""
    if isinstance(value, float):
        return Fraction(value).limit_denominator(10_000_000)
    return Fraction(value)


def language_toggle(lang: str, switch: Callable[[str], None]) -> w.ToggleButtons:
    """English / 日本語, as on the boards: the lesson's questions and messages follow it."""
    toggle = w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")], value=lang,
                             layout=w.Layout(width="auto"), style={"button_width": "80px"})
    toggle.add_class("boardlib-lesson-language")
    toggle.observe(lambda change: switch(change["new"]), "value")
    return toggle


def _questions_or_none(lesson: str) -> dict[str, Question]:
    """A rules lesson asks no questions yet; it still keeps its steps."""
    try:
        return questions_of(lesson)
    except KeyError:
        return {}
