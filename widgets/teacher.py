"""The teacher's live view of a class: per question, what the class predicted against the exact
answer, how many answered, and how many got it on the first try.

Two ways in, one summary: a class code with the teacher's key reads the class store (students
in JupyterLab, Voila or on a JupyterHub send their answers there as they go), and a folder of
downloaded progress files (JupyterLite students hand in a file) is read the same way.
``summarize`` is plain Python (tested without a screen); ``TeacherView`` is the page
(``classroom/teacher.ipynb``), refreshing itself every few seconds while a class is open.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from widgets import class_store, record
from widgets.answers import ChoiceAnswer
from widgets.ask import language_toggle, note
from widgets.class_store import Answer
from widgets.labels import label
from widgets.pictures import image_html
from widgets.questions import Question, questions_of

LESSONS = ("ambar_fossils/03_probability", "ambar_2018/03_probability",
           "amber_route/03_probability", "amphipolis/03_probability", "bots")
"""The lessons that ask questions, in the order the teacher's page offers them."""
REFRESH_SECONDS = 5.0
HANDED_IN = "FILES"  # the class code given to answers read from handed-in files


@dataclass
class QuestionSummary:
    """What the class did with one question."""

    question: Question
    students: int = 0  # who answered it (not counting those who only pressed "show me")
    first_right: int = 0  # of those, right (or near, for a prediction) on the first try
    shown: int = 0  # who pressed "show me" before answering
    first_values: list[str] = field(default_factory=list)  # each student's first answer

    @property
    def first_try_share(self) -> float | None:
        return self.first_right / self.students if self.students else None


def summarize(answers: Iterable[Answer], questions: Mapping[str, Question],
              lesson: str) -> list[QuestionSummary]:
    """The class's answers to ``lesson``'s questions, one summary a question, in order. Each
    student counts once a question, by their first answer (the later tries are practice)."""
    summaries = {qid: QuestionSummary(question) for qid, question in questions.items()}
    first: dict[tuple[str, str], Answer] = {}
    for answer in sorted(answers, key=lambda a: a.at):
        if answer.lesson == lesson and answer.question in summaries:
            first.setdefault((answer.question, answer.student), answer)
    for (qid, _student), answer in first.items():
        summary = summaries[qid]
        if answer.status == "shown":
            summary.shown += 1
            continue
        summary.students += 1
        summary.first_right += answer.status == "right"
        summary.first_values.append(answer.value)
    return list(summaries.values())


def read_folder(folder: Path, lesson: str | None = None) -> tuple[list[Answer], list[str]]:
    """Every progress file in ``folder`` as answers, and why each refused file was refused
    (corrupt, another format, or — with ``lesson`` — another lesson's)."""
    answers, refused = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            kept = record.parse(path.read_bytes(), lesson, path.name)
        except (record.RecordError, OSError) as problem:
            refused.append(str(problem))
            continue
        answers.extend(as_answers(kept, path.stem))
    return answers, refused


def as_answers(kept: record.Record, fallback_name: str) -> list[Answer]:
    """A handed-in record's entries as class answers (an unnamed file goes by its file name)."""
    student = kept.student or fallback_name
    return [Answer(entry.id, HANDED_IN, student, kept.lesson, entry.question, entry.text,
                   entry.value, entry.status, entry.first_try, entry.at)
            for entry in kept.entries]


def plot_png(summary: QuestionSummary, lang: str = "en") -> bytes | None:
    """The class's first answers against the exact one, as a PNG (None without matplotlib)."""
    try:
        from matplotlib import rc_context
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return None
    with rc_context({"font.family": FONTS[lang] if lang in FONTS else FONTS["en"]}):
        return _plot(summary, lang, Figure, FigureCanvasAgg)


FONTS = {"en": ["DejaVu Sans"], "ja": ["Noto Sans CJK JP", "IPAexGothic", "DejaVu Sans"]}
"""Fonts for the plots' words: matplotlib's own has no Japanese (fonts-noto-cjk has)."""


def _plot(summary: QuestionSummary, lang: str, Figure: Any, FigureCanvasAgg: Any) -> bytes:
    figure = Figure(figsize=(5.2, 2.1), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    answer = summary.question.answer
    if isinstance(answer, ChoiceAnswer):
        keys = list(answer.options)
        counts = [summary.first_values.count(key) for key in keys]
        colours = ["#3c8d40" if key == answer.correct else "#9db4d6" for key in keys]
        bars = axes.barh([_option_words(summary, key, lang)[:30] for key in keys], counts,
                         color=colours)
        for key, bar in zip(keys, bars):  # the right one is hatched and ticked: not colour alone
            bar.set_hatch("//" if key == answer.correct else "")
        axes.invert_yaxis()
        axes.set_xlabel(label("teacher_students", lang))
    else:
        values = [float(Fraction(value)) for value in summary.first_values]
        chance = answer.low == 0 and answer.high == 1
        scale = 100 if chance else 1
        exact = float(answer.value) * scale
        span = (0, 100) if chance else (min([exact, *[v * scale for v in values]]) - 1,
                                        max([exact, *[v * scale for v in values]]) + 1)
        axes.hist([v * scale for v in values], bins=20, range=span, color="#9db4d6",
                  edgecolor="#5a7bb0")
        axes.axvline(exact, color="#c0392b", linewidth=2.5, label=label("teacher_exact", lang))
        axes.set_xlim(*span)
        axes.set_xlabel("%" if chance else summary.question.text(answer.unit, lang))
        axes.legend(loc="upper right", fontsize=8)
    axes.tick_params(labelsize=8)
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def _option_words(summary: QuestionSummary, key: str, lang: str) -> str:
    """A choice's words, with "✔" after the right one."""
    answer = summary.question.answer
    assert isinstance(answer, ChoiceAnswer)
    words = summary.question.text(answer.options[key], lang)
    return f"{words} ✔" if key == answer.correct else words


def plot_words(summary: QuestionSummary, lang: str = "en") -> str:
    """What the plot shows, in words (its alt text): each choice's count, or the spread of the
    numbers given against the exact one."""
    answer = summary.question.answer
    if isinstance(answer, ChoiceAnswer):
        sep, colon = ("、", "：") if lang == "ja" else ("; ", ": ")
        counts = sep.join(f"{_option_words(summary, key, lang)}{colon}"
                          f"{summary.first_values.count(key)}" for key in answer.options)
        return label("teacher_plot_choices", lang, counts=counts)
    values = sorted(float(Fraction(value)) for value in summary.first_values)
    chance = answer.low == 0 and answer.high == 1

    def shown(x: float) -> str:
        return f"{x:.0%}" if chance else f"{x:g}"

    middle = (values[(len(values) - 1) // 2] + values[len(values) // 2]) / 2
    return label("teacher_plot_values", lang, n=len(values), low=shown(values[0]),
                 high=shown(values[-1]), median=shown(middle), exact=shown(float(answer.value)))


class TeacherView(w.VBox):
    """The teacher's page: open a class (code + key) or a folder of handed-in files, pick the
    lesson, and watch each question's answers arrive."""

    def __init__(self, lang: str = "en", store: class_store.ClassStore | None = None,
                 refresh_seconds: float = REFRESH_SECONDS) -> None:
        self.lang, self._store, self.refresh_seconds = lang, store, refresh_seconds
        self.answers: list[Answer] = []
        self.source = ""  # "class" or "folder": what is shown
        self._code, self._key = "", ""
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()
        self._labelled: list[tuple[w.Widget, str, str]] = []
        self.code_box = self._text("teacher_code", "boardlib-teacher-code")
        self.key_box = w.Password(placeholder=label("teacher_key", lang),
                                  layout=w.Layout(width="200px"))
        self.key_box.add_class("boardlib-teacher-key")
        self.open_button = self._button("teacher_open", "boardlib-teacher-open", self._open_class)
        self.new_button = self._button("teacher_new", "boardlib-teacher-new", self._new_class)
        self.folder_box = self._text("teacher_folder", "boardlib-teacher-folder", "320px")
        self.folder_button = self._button("teacher_read_folder", "boardlib-teacher-read",
                                          self._open_folder)
        self.lesson_pick = w.Dropdown(options=[(lesson, lesson) for lesson in LESSONS],
                                      description=label("teacher_lesson", lang),
                                      layout=w.Layout(width="420px"))
        self.lesson_pick.add_class("boardlib-teacher-lesson")
        self._labelled.append((self.lesson_pick, "description", "teacher_lesson"))
        self.lesson_pick.observe(lambda _: self.redraw(), "value")
        self.status = w.HTML()
        self.panels = w.VBox()
        self.help = w.HTML()
        self.help.add_class("boardlib-teacher-help")
        self.language = language_toggle(lang, self.relanguage)
        super().__init__([
            self.help,
            w.HBox([self.code_box, self.key_box, self.open_button, self.new_button,
                    self.language], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.folder_box, self.folder_button]),
            self.lesson_pick, self.status, self.panels])
        self.add_class("boardlib-teacher")
        self._say_help()

    def _say_help(self) -> None:
        self.help.value = (f'<div style="font-size:18px;line-height:1.45">'
                           f'{escape(label("teacher_help", self.lang))}</div>')

    def _text(self, key: str, css: str, width: str = "200px") -> w.Text:
        box = w.Text(placeholder=label(key, self.lang), layout=w.Layout(width=width))
        box.add_class(css)
        self._labelled.append((box, "placeholder", key))
        return box

    def _button(self, key: str, css: str, act: Any) -> w.Button:
        button = w.Button(description=label(key, self.lang),
                          layout=w.Layout(width="auto", min_width="max-content"))
        button.add_class(css)
        button.on_click(lambda _: act())
        self._labelled.append((button, "description", key))
        return button

    def relanguage(self, lang: str) -> None:
        """Say the page in ``lang``: its fields, buttons, counts and plots."""
        self.lang = lang
        for widget, trait, key in self._labelled:
            setattr(widget, trait, label(key, lang))
        self.key_box.placeholder = label("teacher_key", lang)
        self._say_help()
        if self.source:
            self.redraw()

    @property
    def store(self) -> class_store.ClassStore:
        if self._store is None:
            self._store = class_store.open_store()
        return self._store

    def _say(self, text: str, tone: str = "info") -> None:
        self.status.value = note(text, tone, "boardlib-teacher-status")

    def _new_class(self) -> None:
        """Start a class: a fresh code, and the key typed (the students need only the code)."""
        key = self.key_box.value
        try:
            code = self.code_box.value.strip() or class_store.new_class_code()
            code = class_store.valid_class_code(code)
            self.store.create_class(code, key)
        except class_store.ClassStoreError as problem:
            self._say(problem.message(self.lang), "invalid")
            return
        self.code_box.value = code
        self._say(label("teacher_created", self.lang, code=code), "right")
        self.open_class(code, key)

    def _open_class(self) -> None:
        self.open_class(self.code_box.value, self.key_box.value)

    def open_class(self, code: str, key: str) -> bool:
        """Show class ``code`` (the key must match) and keep it fresh as answers arrive."""
        try:
            code = class_store.valid_class_code(code)
            answers = self.store.class_answers(code, key)
        except class_store.ClassStoreError as problem:
            self._say(problem.message(self.lang), "invalid")
            return False
        self._code, self._key, self.source = code, key, "class"
        self.answers = answers
        self.redraw()
        self._schedule()
        return True

    def _open_folder(self) -> None:
        self.open_folder(Path(self.folder_box.value.strip() or "."))

    def open_folder(self, folder: Path) -> None:
        """Show the handed-in progress files of ``folder`` (refused ones are listed)."""
        self.stop()
        if not folder.is_dir():
            self._say(label("teacher_no_folder", self.lang, folder=str(folder)), "invalid")
            return
        answers, refused = read_folder(folder)
        self.answers, self.source = answers, "folder"
        self.redraw()
        if refused:
            self._say(label("teacher_refused", self.lang, n=len(refused),
                            reasons="; ".join(refused)), "wrong")

    def refresh(self) -> None:
        """Read the class's answers again (the timer calls this every few seconds)."""
        if self.source != "class":
            return
        try:
            answers = self.store.class_answers(self._code, self._key)
        except class_store.ClassStoreError as problem:
            self._say(problem.message(self.lang), "invalid")
            return
        if len(answers) != len(self.answers):
            self.answers = answers
            self.redraw()

    def _schedule(self) -> None:
        self.stop()
        if self.refresh_seconds <= 0:
            return

        def tick() -> None:
            self.refresh()
            if self.source == "class":
                self._schedule()

        self._timer = threading.Timer(self.refresh_seconds, tick)
        self._timer.daemon = True
        self._timer.start()

    def stop(self) -> None:
        """Stop refreshing (a closed page, or a folder shown instead)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def redraw(self) -> None:
        with self._lock:
            lesson = str(self.lesson_pick.value)
            summaries = summarize(self.answers, questions_of(lesson), lesson)
            students = len({answer.student for answer in self.answers
                            if answer.lesson == lesson})
            where = (label("teacher_class", self.lang, code=self._code)
                     if self.source == "class" else label("teacher_files", self.lang))
            self._say(label("teacher_showing", self.lang, where=where, lesson=lesson,
                            students=students, answers=len(self.answers)), "right")
            self.panels.children = [self.panel(summary) for summary in summaries]

    def panel(self, summary: QuestionSummary) -> w.Widget:
        """One question: its prompt and exact answer, the counts, the plot."""
        lang, question = self.lang, summary.question
        share = summary.first_try_share
        counts = label("teacher_counts", lang, answered=summary.students,
                       first=("–" if share is None else f"{share:.0%}"), shown=summary.shown)
        kind = label("predict_tag" if question.kind == "predict" else "exercise_tag", lang)
        text = w.HTML(
            f'<div style="font-size:16px"><b>{escape(kind)}</b> '
            f'{escape(question.text(question.prompt, lang))}<br>'
            f'{escape(label("teacher_exact", lang))}: <b>{escape(question.exact(lang))}</b>'
            f'<br><span class="boardlib-teacher-counts">{escape(counts)}</span></div>',
            layout=w.Layout(width="420px"))
        png = plot_png(summary, lang) if summary.students else None
        picture = w.HTML(image_html(png, "image/png", plot_words(summary, lang), width=520)
                         if png else "")
        box = w.HBox([text, picture], layout=w.Layout(border="1px solid #c8d3e6",
                                                      padding="6px"))
        box.add_class("boardlib-teacher-question")
        box.add_class(f"boardlib-teacher-q-{question.id}")
        return box

