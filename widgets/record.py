"""What one student did in one lesson, kept in a JSON file beside the notebook.

Why a file beside the notebook: it is where the student's work already is — JupyterLab,
Voila and Binder write it to the notebook's folder, and JupyterLite's kernel writes to its
browser drive (kept in the browser's storage), so one code path serves all four. The same
file is what a JupyterLite student downloads and hands in, and what the teacher's page reads
from a folder. A file that is corrupt or belongs to another lesson is refused with the
reason and is never written over: the good progress stays where it was.
"""

from __future__ import annotations

import json
import os
import re
import time
import unicodedata
import uuid
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "boardlib-progress"
VERSION = 1
STATUSES = ("right", "wrong", "shown")
"""An entry's outcome: answered right, answered wrong, or the answer was shown ("show me")."""
LIMITS = {"question": 60, "text": 200, "value": 60, "step": 60, "student": 40}
MAX_BYTES = 2_000_000  # a lesson's progress is a few kilobytes; a bigger file is not ours


class RecordError(ValueError):
    """A progress file that cannot be taken: says which file and why; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One answer of the student's (or one "show me"), as it happened."""

    question: str
    text: str  # what the student typed or chose, as typed
    value: str  # the accepted value in canonical form ("17/32", a choice's key); "" if shown
    status: str  # one of STATUSES
    first_try: bool  # the student's first answer to this question
    at: float  # unix time
    id: str = field(default_factory=lambda: uuid.uuid4().hex)  # one answer is counted once


@dataclass
class Record:
    """A student's progress in one lesson: the answers in order and the rule steps done."""

    lesson: str
    student: str = ""
    entries: list[Entry] = field(default_factory=list)
    steps: dict[str, float] = field(default_factory=dict)  # step name → when first done

    def add(self, question: str, text: str, value: str, status: str) -> Entry:
        """Record an answer (or a "show me") now; the first one for a question is its first try."""
        if status not in STATUSES:
            raise ValueError(f"an entry's status is one of {STATUSES}, not {status!r}")
        first = not any(entry.question == question for entry in self.entries)
        entry = Entry(question, text[:LIMITS["text"]], value, status, first, time.time())
        self.entries.append(entry)
        return entry

    def step_done(self, step: str) -> bool:
        """Note a rule step as done (the first time counts); True if it is new."""
        if step in self.steps:
            return False
        self.steps[step] = time.time()
        return True

    def of(self, question: str) -> list[Entry]:
        """The entries for one question, oldest first."""
        return [entry for entry in self.entries if entry.question == question]

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "lesson": self.lesson,
                           "student": self.student, "saved": time.time(),
                           "answers": [asdict(entry) for entry in self.entries],
                           "steps": self.steps}, ensure_ascii=False, indent=1)


def file_name(lesson: str, student: str = "") -> str:
    """``03_probability.progress.json``, or with a name ``03_probability.ana.progress.json``:
    one file a student, so students sharing a Voila server never write the same file."""
    stem = lesson.rsplit("/", 1)[-1]
    slug = name_slug(student)
    return f"{stem}.{slug}.progress.json" if slug else f"{stem}.progress.json"


def name_slug(student: str) -> str:
    """A file-name-safe form of a student's name (letters of any script are kept)."""
    cleaned = unicodedata.normalize("NFC", student).strip().lower()
    return re.sub(r"[^\w-]+", "-", cleaned).strip("-")[:LIMITS["student"]]


def folder() -> Path:
    """Where progress files go: ``BOARDLIB_PROGRESS_DIR`` if set (tests, a class share),
    else the kernel's working folder — the notebook's own folder in Jupyter and Voila."""
    return Path(os.environ.get("BOARDLIB_PROGRESS_DIR") or Path.cwd())


def parse(text: str | bytes, lesson: str | None = None, source: str = "the file") -> Record:
    """Read a progress file's text; ``RecordError`` says what is wrong with it. With ``lesson``
    given, a file of another lesson is refused (a "foreign" file)."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"{source} is {len(text):,} bytes: too big for a progress file")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as problem:
        raise RecordError(f"{source} is not a progress file (not JSON: {problem})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{source} is not a boardlib progress file (no \"format\": "
                          f"\"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise RecordError(f"{source} has progress format version {data.get('version')!r}; "
                          f"this version of the lessons reads version {VERSION}")
    found = _text(data, "lesson", 200, source)
    if lesson is not None and found != lesson:
        raise RecordError(f"{source} is the progress of lesson {found!r}, not of {lesson!r}")
    answers, steps = data.get("answers"), data.get("steps")
    if not isinstance(answers, list) or not isinstance(steps, dict):
        raise RecordError(f"{source}: \"answers\" must be a list and \"steps\" an object")
    entries = [_entry(item, f"{source}, answer {number}") for number, item in
               enumerate(answers, start=1)]
    if len({entry.id for entry in entries}) != len(entries):
        raise RecordError(f"{source} holds one answer twice (the same id)")
    return Record(found, _text(data, "student", LIMITS["student"], source), entries,
                  {_limited(name, "step", source): _time(at, source)
                   for name, at in steps.items()})


def load(path: Path, lesson: str) -> Record | None:
    """The progress kept at ``path`` (None if there is none yet); ``RecordError`` if unreadable."""
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise RecordError(f"{path.name} cannot be read: {problem.strerror}") from None
    return parse(text, lesson, path.name)


def save(record: Record, path: Path) -> None:
    """Write the record so that a crash mid-write never leaves half a file: a temporary file
    beside it, then an atomic rename over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(record.to_json(), encoding="utf-8")
    os.replace(temporary, path)


def set_aside(path: Path) -> Path:
    """Move an unreadable progress file out of the way, keeping it (never deleting what a
    student may want back): ``x.progress.json`` → ``x.progress.unreadable-<time>.json``."""
    kept = path.with_name(f"{path.name.removesuffix('.json')}.unreadable-{int(time.time())}.json")
    os.replace(path, kept)
    return kept


def _entry(item: Any, where: str) -> Entry:
    if not isinstance(item, dict):
        raise RecordError(f"{where} is not an object")
    status = item.get("status")
    if status not in STATUSES:
        raise RecordError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    if not isinstance(item.get("first_try"), bool):
        raise RecordError(f"{where}: \"first_try\" must be true or false")
    answer_id = _text(item, "id", 64, where)
    if not re.fullmatch(r"[0-9a-f]{32}", answer_id):
        raise RecordError(f"{where}: id {answer_id!r} is not a 32-digit hex id")
    return Entry(_text(item, "question", LIMITS["question"], where),
                 _text(item, "text", LIMITS["text"], where),
                 _text(item, "value", LIMITS["value"], where),
                 status, item["first_try"], _time(item.get("at"), where), answer_id)


def _text(data: Mapping[str, Any], key: str, limit: int, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(f"{where}: \"{key}\" must be text")
    return _limited(value, key, where, limit)


def _limited(value: str, key: str, where: str, limit: int | None = None) -> str:
    limit = LIMITS.get(key, 200) if limit is None else limit
    if len(value) > limit or any(unicodedata.category(char) == "Cc" for char in value):
        raise RecordError(f"{where}: \"{key}\" is longer than {limit} characters or holds "
                          "control characters")
    return value


def _time(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1e11:
        raise RecordError(f"{where}: a time must be a number of seconds, not {value!r}")
    return float(value)
