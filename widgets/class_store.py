"""The class store: where the answers of students who joined a class with its code are kept,
and where the teacher's page reads them (issue #26).

Why a database and not the progress files: thirty students answer at once, from thirty
kernels, and the teacher's page must see all of it without a folder of files handed in. One
SQL text serves SQLite (a file on the Voila or JupyterHub server, the default) and PostgreSQL
(a shared server, ``postgresql://…``): the small ``Dialect`` holds all they differ in. Every
answer carries an id made by the student's kernel, so an answer sent twice (a retry after a
timeout) is stored once. The teacher's key is kept only as a salted scrypt hash.

Stdlib only; psycopg is imported when a PostgreSQL URL is opened (``pip install
'tabletop-classroom[classroom]'``). No ipywidgets: the teacher's page and scripts use it too.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import re
import secrets
import threading
import unicodedata
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import astuple, dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, TypeVar

SCHEMA_VERSION = 1
STATUSES = ("right", "wrong", "shown")
LIMITS = {"id": 64, "lesson": 100, "question": 60, "text": 200, "value": 60}
NAME_LIMIT = 40
KEY_MIN = 8
ENV_VARIABLE = "BOARDLIB_CLASS_STORE"
BUSY_TIMEOUT_MS = 30_000
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed by hand
CODE_WORDS = ("AMBER", "FOSSIL", "ROUTE", "DICE", "CARD", "TILE", "PIG", "VASE")
NAME_MARKS = " -'._"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "name_empty": "A student name is needed: 1 to {limit} characters.",
        "name_long": "That name is {length} characters long: at most {limit}, please.",
        "name_chars": "A name may have letters (any script), digits, spaces and - ' . _ only; "
                      "{chars} is not allowed.",
        "code": "{code} is not a class code: 3 to 20 letters A–Z, digits and -, "
                "such as AMBER-7K3Q.",
        "key_short": "The teacher's key must be at least {limit} characters long.",
        "field_long": "The answer's {field} is too long: at most {limit} characters.",
        "field_chars": "The answer's {field} has control characters, which are not allowed.",
        "id": "The answer's id must be 1 to 64 letters, digits or -, not {value}.",
        "status": "An answer's status is one of right, wrong, shown; not {value}.",
        "at": "An answer's time is a number of seconds (unix time), not {value}.",
        "exists": "The class code {code} is taken: choose another one.",
        "no_class": "There is no class with the code {code}: check the code with your teacher.",
        "wrong_key": "That is not the teacher's key of class {code}.",
        "newer": "This class store was made by a newer version (schema {found}; this one knows "
                 "{known}): update tabletop-classroom to open it.",
        "url": "{url} is not a class store address. Use sqlite:///abs/path.sqlite, "
               "sqlite:relative.sqlite, a path ending .sqlite or .db, or postgresql://….",
        "psycopg": "A PostgreSQL class store needs psycopg: pip install "
                   "'tabletop-classroom[classroom]'",
    },
    "ja": {
        "name_empty": "生徒の名前が必要です（1〜{limit}文字）。",
        "name_long": "その名前は{length}文字です。{limit}文字以内にしてください。",
        "name_chars": "名前に使えるのは文字（どの言語でも）、数字、空白と - ' . _ だけです。"
                      "{chars} は使えません。",
        "code": "{code} はクラスコードではありません。A〜Zの英字・数字・- の3〜20文字です"
                "（例: AMBER-7K3Q）。",
        "key_short": "先生の鍵は{limit}文字以上にしてください。",
        "field_long": "解答の{field}が長すぎます（{limit}文字まで）。",
        "field_chars": "解答の{field}に制御文字が含まれています。使えません。",
        "id": "解答のIDは英数字と - の1〜64文字です（{value} は使えません）。",
        "status": "解答の状態は right、wrong、shown のどれかです（{value} ではありません）。",
        "at": "解答の時刻は秒数（UNIX時間）です（{value} ではありません）。",
        "exists": "クラスコード {code} はもう使われています。別のコードにしてください。",
        "no_class": "コード {code} のクラスはありません。先生にコードを確かめてください。",
        "wrong_key": "クラス {code} の先生の鍵ではありません。",
        "newer": "このクラスの保存先は新しい版で作られています（スキーマ {found}、この版は "
                 "{known} まで）。開くには tabletop-classroom を更新してください。",
        "url": "{url} はクラスの保存先のアドレスではありません。sqlite:///絶対パス.sqlite、"
               "sqlite:相対パス.sqlite、.sqlite か .db で終わるパス、または postgresql://… "
               "を使ってください。",
        "psycopg": "PostgreSQL の保存先には psycopg が必要です: pip install "
                   "'tabletop-classroom[classroom]'",
    },
}


class ClassStoreError(ValueError):
    """A request the class store refuses; ``message(lang)`` says why, in English or Japanese.
    Nothing was stored."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return MESSAGES.get(lang, MESSAGES["en"])[self.key].format(**self.fields)


class InvalidInput(ClassStoreError):
    """A name, code, key or answer field that breaks the rules above."""


class WrongKey(ClassStoreError):
    """The teacher's key does not match the class."""


class NoSuchClass(ClassStoreError):
    """No class has that code."""


class ClassExists(ClassStoreError):
    """The code is taken by another class."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer (or one "show me") of a student's, as the student's kernel sent it."""

    id: str  # uuid4 hex made by the student's kernel: the same answer sent twice is stored once
    class_code: str
    student: str
    lesson: str  # e.g. "ambar_fossils/03_probability"
    question: str  # e.g. "identical"
    text: str  # what the student typed (≤ 200 characters)
    value: str  # the accepted value in canonical form; "" for "show me"
    status: str  # one of STATUSES
    first_try: bool  # the student's first answer to that question
    at: float  # unix time


def valid_student_name(name: str) -> str:
    """The name cleaned (NFC, trimmed, inner spaces collapsed), or InvalidInput saying what a
    name may hold: it is shown on the teacher's page, so no markup and no control characters."""
    cleaned = re.sub(r"[ \u3000]+", " ", unicodedata.normalize("NFC", name)).strip(" ")
    if not cleaned:
        raise InvalidInput("name_empty", limit=NAME_LIMIT)
    if len(cleaned) > NAME_LIMIT:
        raise InvalidInput("name_long", length=len(cleaned), limit=NAME_LIMIT)
    refused = sorted({char for char in cleaned if not _name_char(char)})
    if refused:
        raise InvalidInput("name_chars", chars=", ".join(_shown(char) for char in refused))
    return cleaned


def _name_char(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "LM" or category == "Nd" or char in NAME_MARKS


def _shown(char: str) -> str:
    """A refused character as the message shows it: control characters by their code point."""
    return repr(char) if unicodedata.category(char)[0] in "CZ" else f"“{char}”"


def valid_class_code(code: str) -> str:
    """The code in upper case, or InvalidInput: codes are typed by hand and said aloud."""
    cleaned = code.strip()
    if not re.fullmatch(r"[A-Za-z0-9-]{3,20}", cleaned):
        raise InvalidInput("code", code=repr(code))
    return cleaned.upper()


def new_class_code() -> str:
    """A fresh code such as AMBER-7K3Q: a word to say, four letters no one misreads."""
    tail = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
    return f"{secrets.choice(CODE_WORDS)}-{tail}"


def hash_key(key: str) -> str:
    """A salted scrypt hash of the teacher's key, with its parameters: the key is never kept."""
    salt = secrets.token_bytes(16)
    digest = _scrypt(key, salt, **_SCRYPT)
    return f"scrypt${_SCRYPT['n']}${_SCRYPT['r']}${_SCRYPT['p']}${salt.hex()}${digest.hex()}"


def key_matches(key: str, stored: str) -> bool:
    """Whether ``key`` is the one ``stored`` was made from (constant-time comparison)."""
    kind, n, r, p, salt, digest = stored.split("$")
    if kind != "scrypt":
        return False
    found = _scrypt(key, bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    return hmac.compare_digest(found, bytes.fromhex(digest))


def _scrypt(key: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(key.encode(), salt=salt, n=n, r=r, p=p, maxmem=2**26, dklen=32)


def valid_answer(answer: Answer) -> Answer:
    """The answer with its name and code cleaned, or InvalidInput naming the bad field."""
    if not re.fullmatch(r"[A-Za-z0-9-]{1,64}", answer.id):
        raise InvalidInput("id", value=repr(answer.id[:70]))
    if answer.status not in STATUSES:
        raise InvalidInput("status", value=repr(answer.status))
    for field in ("lesson", "question", "text", "value"):
        value: str = getattr(answer, field)
        if len(value) > LIMITS[field]:
            raise InvalidInput("field_long", field=field, limit=LIMITS[field])
        if any(unicodedata.category(char) == "Cc" for char in value):
            raise InvalidInput("field_chars", field=field)
    if not isinstance(answer.at, (int, float)) or not math.isfinite(answer.at):
        raise InvalidInput("at", value=repr(answer.at))
    return Answer(answer.id, valid_class_code(answer.class_code),
                  valid_student_name(answer.student), answer.lesson, answer.question,
                  answer.text, answer.value, answer.status, bool(answer.first_try),
                  float(answer.at))


class _Cursor(Protocol):
    rowcount: int

    def fetchall(self) -> list[Any]: ...


class _Connection(Protocol):
    def execute(self, sql: Any, params: Any = ..., /) -> Any: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class Dialect:
    """All SQLite and PostgreSQL differ in for this store; the SQL itself is written once."""

    name: str
    connect: Callable[[], _Connection]
    placeholder: str  # what the shared SQL's "?" becomes
    begin_write: str | None  # SQLite takes the write lock up front; psycopg begins implicitly
    schema_lock: str | None  # PostgreSQL's CREATE IF NOT EXISTS races without one
    retryable: tuple[type[BaseException], ...]  # errors after which the whole call is redone

    def sql(self, text: str) -> str:
        return text.replace("?", self.placeholder)


SCHEMA = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, key_hash TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS answers (id TEXT PRIMARY KEY,"
    " class_code TEXT NOT NULL REFERENCES classes (code), student TEXT NOT NULL,"
    " lesson TEXT NOT NULL, question TEXT NOT NULL, text TEXT NOT NULL, value TEXT NOT NULL,"
    " status TEXT NOT NULL, first_try INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS answers_by_student ON answers (class_code, student)",
    "CREATE INDEX IF NOT EXISTS answers_by_question ON answers (class_code, lesson, question)",
)
COLUMNS = "id, class_code, student, lesson, question, text, value, status, first_try, at"
ADD_ANSWER = (f"INSERT INTO answers ({COLUMNS}) SELECT {', '.join('?' * 10)}"
              " WHERE EXISTS (SELECT 1 FROM classes WHERE code = ?) ON CONFLICT (id) DO NOTHING")
"""One statement, one round trip: stored unless the id is there (or the class is not)."""
T = TypeVar("T")


class ClassStore:
    """One connection to a class store; safe to share between threads (a lock serialises the
    calls), and any number of processes may open the same store at once."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._lock = threading.Lock()
        self._connection: _Connection | None = dialect.connect()
        try:
            self._run(self._create_schema, write=True)
        except BaseException:
            self.close()  # a refused store (a newer schema) leaves no connection open
            raise

    def create_class(self, code: str, teacher_key: str) -> None:
        """A new class; ClassExists if the code is taken (the other class is untouched)."""
        code = valid_class_code(code)
        if len(teacher_key) < KEY_MIN:
            raise InvalidInput("key_short", limit=KEY_MIN)
        stored = hash_key(teacher_key)

        def insert(connection: _Connection) -> int:
            return self._execute(connection, "INSERT INTO classes (code, key_hash) VALUES (?, ?)"
                                 " ON CONFLICT (code) DO NOTHING", (code, stored)).rowcount
        if self._run(insert, write=True) != 1:
            raise ClassExists("exists", code=code)

    def has_class(self, code: str) -> bool:
        code = valid_class_code(code)
        return self._run(lambda connection: self._key_hash(connection, code) is not None)

    def add(self, answer: Answer) -> bool:
        """Store the answer: True if stored now, False if its id was stored before."""
        answer = valid_answer(answer)

        def insert(connection: _Connection) -> bool:
            row = (*astuple(answer)[:8], int(answer.first_try), answer.at, answer.class_code)
            stored = self._execute(connection, ADD_ANSWER, row).rowcount == 1
            if not stored and self._key_hash(connection, answer.class_code) is None:
                raise NoSuchClass("no_class", code=answer.class_code)
            return stored
        return self._run(insert, write=True)

    def answers_of(self, code: str, student: str) -> list[Answer]:
        """A student's own answers in the class, oldest first."""
        code, student = valid_class_code(code), valid_student_name(student)
        return self._run(lambda connection: self._answers(
            connection, "class_code = ? AND student = ?", (code, student)))

    def class_answers(self, code: str, teacher_key: str) -> list[Answer]:
        """Every answer in the class, oldest first; WrongKey unless the key is the teacher's."""
        code = valid_class_code(code)

        def read(connection: _Connection) -> list[Answer]:
            stored = self._key_hash(connection, code)
            if stored is None:
                raise NoSuchClass("no_class", code=code)
            if not key_matches(teacher_key, stored):
                raise WrongKey("wrong_key", code=code)
            return self._answers(connection, "class_code = ?", (code,))
        return self._run(read)

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def __enter__(self) -> ClassStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _create_schema(self, connection: _Connection) -> None:
        if self.dialect.schema_lock:
            connection.execute(self.dialect.schema_lock)
        for statement in SCHEMA:
            connection.execute(statement)
        found = self._execute(connection, "SELECT MAX(version) FROM schema_version",
                              ()).fetchall()[0][0]
        if found is None:
            self._execute(connection, "INSERT INTO schema_version (version) VALUES (?)",
                          (SCHEMA_VERSION,))
        elif found > SCHEMA_VERSION:
            raise ClassStoreError("newer", found=found, known=SCHEMA_VERSION)

    def _key_hash(self, connection: _Connection, code: str) -> str | None:
        rows = self._execute(connection, "SELECT key_hash FROM classes WHERE code = ?",
                             (code,)).fetchall()
        return str(rows[0][0]) if rows else None

    def _answers(self, connection: _Connection, where: str,
                 params: Sequence[str]) -> list[Answer]:
        rows = self._execute(connection, f"SELECT {COLUMNS} FROM answers WHERE {where}"
                             " ORDER BY at, id", params).fetchall()
        return [_answer_of(row) for row in rows]

    def _execute(self, connection: _Connection, sql: str, params: Sequence[object]) -> _Cursor:
        cursor: _Cursor = connection.execute(self.dialect.sql(sql), tuple(params))
        return cursor

    def _run(self, work: Callable[[_Connection], T], write: bool = False) -> T:
        """``work`` in one transaction, committed, or rolled back if it raises. Redone once
        after a serialization or connection error: every call here is safe to redo (the
        inserts skip what is there), except that a create_class whose commit was lost says
        ClassExists, which the teacher sees and answers with another code."""
        with self._lock:
            try:
                return self._transaction(work, write)
            except self.dialect.retryable:
                self._reconnect()
                return self._transaction(work, write)

    def _transaction(self, work: Callable[[_Connection], T], write: bool) -> T:
        connection = self._open_connection()
        try:
            if write and self.dialect.begin_write:
                connection.execute(self.dialect.begin_write)
            result = work(connection)
            connection.commit()
            return result
        except BaseException:
            _quietly(connection.rollback)
            raise

    def _open_connection(self) -> _Connection:
        if self._connection is None:
            raise ValueError("this class store is closed")
        return self._connection

    def _reconnect(self) -> None:
        if self._connection is not None:
            _quietly(self._connection.close)
        self._connection = self.dialect.connect()


def _answer_of(row: Sequence[Any]) -> Answer:
    """An answer from its row (``COLUMNS`` order); first_try is kept as 0/1 in both databases."""
    ident, code, student, lesson, question, text, value, status = (str(cell) for cell in row[:8])
    return Answer(ident, code, student, lesson, question, text, value, status,
                  bool(row[8]), float(row[9]))


def _quietly(action: Callable[[], object]) -> None:
    """Clean-up after an error: the first error is the one to report."""
    with suppress(Exception):
        action()


def open_store(url: str | None = None) -> ClassStore:
    """The class store at ``url``, or $BOARDLIB_CLASS_STORE, or a SQLite file in the user's
    data folder; the schema is made on first open."""
    url = url or os.environ.get(ENV_VARIABLE) or f"sqlite:///{default_path()}"
    if url.startswith(("postgresql://", "postgres://")):
        return ClassStore(postgresql(url))
    path = sqlite_path(url)
    if path is None:
        raise ClassStoreError("url", url=repr(url))
    return ClassStore(sqlite(path))


def default_path() -> Path:
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "boardlib" / "classes.sqlite"


def sqlite_path(url: str) -> Path | None:
    """The file a SQLite address names, or None if ``url`` is not one."""
    if url.startswith("sqlite:///"):
        return Path("/" + url.removeprefix("sqlite:///").lstrip("/"))
    if url.startswith("sqlite:") and not url.startswith("sqlite://"):
        return Path(url.removeprefix("sqlite:")) if url != "sqlite:" else None
    if ":" not in url.split("/", 1)[0] and url.endswith((".sqlite", ".db")):
        return Path(url)
    return None


def sqlite(path: Path) -> Dialect:
    """SQLite in WAL mode: readers never wait, writers queue on the busy timeout. Imported
    here, not at the top: JupyterLite's Python has no sqlite3 until it is loaded, and its
    lessons (which import this module) never open a class store."""
    import sqlite3

    def connect() -> _Connection:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000,
                                     isolation_level=None, check_same_thread=False)
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA foreign_keys = ON")
        if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")  # WAL: durable at checkpoints
        return connection
    return Dialect("sqlite", connect, "?", "BEGIN IMMEDIATE", None, ())


def postgresql(url: str) -> Dialect:
    """PostgreSQL through psycopg, imported only here; one transaction per call."""
    try:
        import psycopg
    except ImportError:
        raise ClassStoreError("psycopg") from None

    def connect() -> _Connection:
        connection: _Connection = psycopg.connect(url, autocommit=False, connect_timeout=30)
        return connection
    retryable = (psycopg.errors.SerializationFailure, psycopg.errors.DeadlockDetected,
                 psycopg.OperationalError)
    return Dialect("postgresql", connect, "%s", None,
                   "SELECT pg_advisory_xact_lock(2626)", retryable)

