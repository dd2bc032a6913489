"""The class store (widgets/class_store.py): names and codes, the teacher's key, each answer
stored exactly once, and thirty students writing at once, on SQLite and on a real PostgreSQL
server (tests/postgres.py starts one; skipped without PostgreSQL, but a failure under CI)."""

from __future__ import annotations

import glob
import multiprocessing
import os
import shutil
import sqlite3
import sys
import threading
import time
import unicodedata
import uuid
from collections.abc import Iterator
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import postgres
from widgets import class_store
from widgets.class_store import (
    Answer,
    ClassExists,
    ClassStore,
    ClassStoreError,
    InvalidInput,
    NoSuchClass,
    WrongKey,
    new_class_code,
    open_store,
    valid_class_code,
    valid_student_name,
)

KEY = "teacher-key-1"
WRITERS = 30
PER_WRITER = 40
RESENT = 5


def answer(code: str, student: str = "さくら", question: str = "identical", at: float = 1.0,
           status: str = "right", **changes: object) -> Answer:
    fields: dict[str, object] = {
        "id": uuid.uuid4().hex, "class_code": code, "student": student,
        "lesson": "ambar_fossils/03_probability", "question": question, "text": "17/32",
        "value": "17/32", "status": status, "first_try": True, "at": at}
    fields.update(changes)
    return Answer(**fields)  # type: ignore[arg-type]  # a dict of mixed values, typed per key


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for the whole session, stopped at the end even after failures."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing(f"psycopg is not installed: {class_store.MESSAGES['en']['psycopg']}")
    try:
        server = postgres.start()
    except postgres.NoPostgres as error:
        missing(str(error))
    try:
        yield server.url
    finally:
        postgres.stop(server)


def missing(reason: str) -> None:
    """Skip a PostgreSQL test, except under CI, where a skip would hide that it never ran."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true, and {reason}")
    pytest.skip(reason)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite'}"
    found: str = request.getfixturevalue("postgres_url")
    return found


@pytest.fixture
def store(url: str) -> Iterator[ClassStore]:
    with open_store(url) as opened:
        yield opened


@pytest.fixture
def code(store: ClassStore) -> str:
    """A fresh class (the PostgreSQL database is shared by all the tests)."""
    made = "T-" + uuid.uuid4().hex[:12].upper()
    store.create_class(made, KEY)
    return made


# names and codes

@pytest.mark.parametrize(("typed", "clean"), [
    ("さくら", "さくら"), ("Ana-María", "Ana-María"), ("  Jo   Ann  ", "Jo Ann"),
    ("O'Brien", "O'Brien"), ("j.doe_2", "j.doe_2"), ("山田\u3000太郎", "山田 太郎"),
    ("Ana-Mari\u0301a", "Ana-María"),  # a decomposed í is composed (NFC)
    ("देवनागरी", "देवनागरी"),  # letters and vowel signs of any script
])
def test_names_accepted_and_cleaned(typed: str, clean: str) -> None:
    assert valid_student_name(typed) == clean


@pytest.mark.parametrize(("typed", "shown"), [
    ("<script>", "“<”"), ("a@b", "“@”"), ("a/b", "“/”"), ("tab\there", "'\\t'"),
    ("new\nline", "'\\n'"), ("bell\x07", "'\\x07'"), ("a;b", "“;”"), ("😀", "“😀”"),
])
def test_names_refused_say_what_is_allowed(typed: str, shown: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        valid_student_name(typed)
    assert shown in str(refused.value)
    assert "letters (any script), digits, spaces and - ' . _" in str(refused.value)
    assert "使えません" in refused.value.message("ja")


@pytest.mark.parametrize("typed", ["", "   ", "\u3000", "x" * 41])
def test_names_empty_or_long_refused(typed: str) -> None:
    with pytest.raises(InvalidInput, match="40"):
        valid_student_name(typed)


@given(st.text(max_size=50))
def test_every_accepted_name_is_clean_and_stable(typed: str) -> None:
    try:
        clean = valid_student_name(typed)
    except InvalidInput:
        return
    assert 1 <= len(clean) <= 40 and clean == clean.strip() and "  " not in clean
    assert unicodedata.is_normalized("NFC", clean)
    assert all(unicodedata.category(char)[0] in "LMN" or char in " -'._" for char in clean)
    assert valid_student_name(clean) == clean


def test_class_codes() -> None:
    assert valid_class_code(" amber-7k3q ") == "AMBER-7K3Q"
    for bad in ["AB", "x" * 21, "AMBER 7", "AMBER_7", "ÄMBER", "<b>"]:
        with pytest.raises(InvalidInput, match="not a class code"):
            valid_class_code(bad)
    made = {new_class_code() for _ in range(200)}
    assert len(made) > 190
    for one in made:
        assert valid_class_code(one) == one
        assert not set(one.split("-")[1]) & set("01OIL")


def test_every_message_in_english_and_japanese() -> None:
    assert set(class_store.MESSAGES["en"]) == set(class_store.MESSAGES["ja"])
    fields = {"limit": 1, "length": 2, "chars": "x", "code": "C", "field": "f", "value": "v",
              "found": 2, "known": 1, "url": "u"}
    for key in class_store.MESSAGES["en"]:
        english, japanese = (ClassStoreError(key, **fields).message(lang) for lang in ("en", "ja"))
        assert english != japanese and "{" not in english + japanese


# the store

def test_create_add_and_read_back(store: ClassStore, code: str) -> None:
    assert store.has_class(code) and store.has_class(code.lower())
    assert not store.has_class("NOPE-0000")
    later = answer(code, at=20.0, question="second", first_try=False, status="wrong")
    shown = answer(code, at=10.0, status="shown", value="", text="")
    assert store.add(later) is True
    assert store.add(shown) is True
    assert store.answers_of(code, "さくら") == [shown, later]  # time order, not arrival order
    assert store.class_answers(code, KEY) == [shown, later]


def test_names_and_codes_are_cleaned_when_stored(store: ClassStore, code: str) -> None:
    sent = answer(code.lower(), student="  Ana-Mari\u0301a ")
    assert store.add(sent)
    (kept,) = store.answers_of(code, "Ana-María")
    assert (kept.class_code, kept.student) == (code, "Ana-María")


def test_a_student_sees_only_their_own(store: ClassStore, code: str) -> None:
    mine = [answer(code, "さくら", at=1.0), answer(code, "さくら", at=3.0)]
    theirs = answer(code, "Ana-María", at=2.0)
    for one in [*mine, theirs]:
        store.add(one)
    assert store.answers_of(code, "さくら") == mine
    assert store.answers_of(code, "Ana-María") == [theirs]
    assert store.answers_of(code, "Nobody") == []
    assert store.class_answers(code, KEY) == [mine[0], theirs, mine[1]]


def test_the_same_answer_twice_is_stored_once(store: ClassStore, code: str) -> None:
    sent = answer(code)
    assert store.add(sent) is True
    assert store.add(sent) is False
    assert store.add(answer(code, id=sent.id, text="changed")) is False  # the first one stays
    assert store.class_answers(code, KEY) == [sent]


def test_wrong_key(store: ClassStore, code: str) -> None:
    store.add(answer(code))
    for wrong in ["teacher-key-2", "", KEY.upper(), KEY + " "]:
        with pytest.raises(WrongKey, match=code):
            store.class_answers(code, wrong)
    assert len(store.class_answers(code, KEY)) == 1


def test_no_such_class(store: ClassStore) -> None:
    with pytest.raises(NoSuchClass, match="NOPE-0000"):
        store.add(answer("NOPE-0000"))
    with pytest.raises(NoSuchClass):
        store.class_answers("NOPE-0000", KEY)
    assert not store.has_class("NOPE-0000")


def test_class_code_taken(store: ClassStore, code: str) -> None:
    with pytest.raises(ClassExists, match="taken"):
        store.create_class(code.lower(), "another-key-9")
    assert store.class_answers(code, KEY) == []  # the first teacher's key still opens it
    with pytest.raises(InvalidInput, match="8"):
        store.create_class("SHORT-KEY", "1234567")
    assert not store.has_class("SHORT-KEY")


@pytest.mark.parametrize(("changes", "says"), [
    ({"status": "maybe"}, "status"), ({"text": "x" * 201}, "text"),
    ({"question": "q\x00"}, "question"), ({"id": ""}, "id"), ({"id": "a b"}, "id"),
    ({"student": "<b>"}, "“<”"), ({"class_code": "no code"}, "not a class code"),
    ({"at": float("nan")}, "time"), ({"at": "yesterday"}, "time"),
])
def test_bad_answers_refused_and_nothing_stored(store: ClassStore, code: str,
                                                changes: dict[str, Any], says: str) -> None:
    with pytest.raises(InvalidInput, match=says):
        store.add(answer(code, **changes))
    assert store.class_answers(code, KEY) == []


def test_threads_share_one_store(store: ClassStore, code: str) -> None:
    """The teacher's page refreshes from a timer thread while answers arrive."""
    sent = [answer(code, student=f"s{n % 4}", at=float(n)) for n in range(80)]
    errors: list[BaseException] = []

    def send(part: list[Answer]) -> None:
        try:
            for one in part:
                store.add(one)
                if one.at % 20 == 0:  # now and then, the teacher's page refreshes
                    store.class_answers(code, KEY)
        except BaseException as error:
            errors.append(error)
    threads = [threading.Thread(target=send, args=(sent[n::4],)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.class_answers(code, KEY) == sent


# SQLite specifics, addresses

def test_key_kept_only_as_a_salted_hash(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with open_store(str(path)) as store:
        store.create_class("AAA", KEY)
        store.create_class("BBB", KEY)
    rows = sqlite3.connect(path).execute("SELECT key_hash FROM classes").fetchall()
    assert len({row[0] for row in rows}) == 2  # salted: the same key, two hashes
    assert all(KEY not in row[0] and row[0].startswith("scrypt$") for row in rows)
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_newer_schema_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    open_store(str(path)).close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE schema_version SET version = 2")
    with pytest.raises(ClassStoreError, match="newer version") as refused:
        open_store(str(path))
    assert "新しい版" in refused.value.message("ja")


@pytest.mark.parametrize("form", ["sqlite:///{abs}", "sqlite:{rel}", "{abs}", "{rel}",
                                  "{absdb}"])
def test_sqlite_addresses(form: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    address = form.format(abs=tmp_path / "a" / "x.sqlite", rel="r/x.sqlite",
                          absdb=tmp_path / "x.db")
    with open_store(address) as store:
        store.create_class("ABC", KEY)
    assert len(list(tmp_path.rglob("x.*"))) >= 1
    with open_store(address) as again:
        assert again.has_class("ABC")


def test_default_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOARDLIB_CLASS_STORE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with open_store() as store:
        store.create_class("ABC", KEY)
    assert (tmp_path / "data" / "boardlib" / "classes.sqlite").exists()
    monkeypatch.setenv("BOARDLIB_CLASS_STORE", f"sqlite:///{tmp_path / 'env.sqlite'}")
    open_store().close()
    assert (tmp_path / "env.sqlite").exists()


@pytest.mark.parametrize("address", ["mysql://host/db", "classes.txt", "http://x/y.db",
                                     "sqlite://host/x.sqlite", "sqlite:"])
def test_bad_address_refused(address: str, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ClassStoreError, match="postgresql://") as refused:
        open_store(address)
    assert "sqlite:///" in str(refused.value) and "アドレス" in refused.value.message("ja")
    assert list(tmp_path.iterdir()) == []


def test_without_psycopg_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg raises ImportError
    with pytest.raises(ClassStoreError, match=r"pip install 'tabletop-classroom\[classroom\]'"):
        open_store("postgres://nobody@127.0.0.1:1/none")


def test_no_ipywidgets_and_no_psycopg_on_import() -> None:
    import subprocess
    code = ("import sys, widgets.class_store; "
            "print(sorted({'ipywidgets', 'psycopg'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parent.parent)
    assert done.stdout.strip() == "[]"


# thirty students at once

Report = tuple[str, int, int]  # a writer's first id, how many adds said True, how many False


def write_answers(url: str, code: str, ids: list[str], start: Barrier,
                  results: Queue[Report]) -> None:
    """One student's kernel: open the store, wait for the others, send every answer, then
    send five of them again (a retry after a timeout); report how many were new."""
    with open_store(url) as store:
        start.wait()
        student = f"student {ids[0][:6]}"
        outcomes = [store.add(answer(code, student, id=one, at=time.time())) for one in ids]
        outcomes += [store.add(answer(code, student, id=one)) for one in ids[:RESENT]]
    results.put((ids[0], outcomes.count(True), outcomes.count(False)))


def thirty_at_once(url: str) -> None:
    with open_store(url) as store:
        code = "RUSH-" + uuid.uuid4().hex[:8].upper()
        store.create_class(code, KEY)
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(WRITERS)
    results: Queue[Report] = context.Queue()
    sent = [[uuid.uuid4().hex for _ in range(PER_WRITER)] for _ in range(WRITERS)]
    writers = [context.Process(target=write_answers, args=(url, code, ids, start, results))
               for ids in sent]
    for writer in writers:
        writer.start()
    reports = [results.get(timeout=120) for _ in writers]
    for writer in writers:
        writer.join(timeout=30)
    assert [writer.exitcode for writer in writers] == [0] * WRITERS
    assert sorted(reports) == sorted((ids[0], PER_WRITER, RESENT) for ids in sent)
    with open_store(url) as store:
        stored = store.class_answers(code, KEY)
    assert len(stored) == WRITERS * PER_WRITER
    assert sorted(one.id for one in stored) == sorted(one for ids in sent for one in ids)


def test_thirty_students_at_once_sqlite(tmp_path: Path) -> None:
    thirty_at_once(f"sqlite:///{tmp_path / 'classes.sqlite'}")


def test_thirty_students_at_once_postgresql(postgres_url: str) -> None:
    thirty_at_once(postgres_url)


def test_postgresql_reconnects_once_after_losing_its_connection(postgres_url: str) -> None:
    """A server restart or an idle timeout between two answers is not the student's problem."""
    code = "LOST-" + uuid.uuid4().hex[:8].upper()
    with open_store(postgres_url) as store, open_store(postgres_url) as other:
        store.create_class(code, KEY)
        assert store._connection is not None and other._connection is not None
        backend = store._connection.execute("SELECT pg_backend_pid()").fetchall()[0][0]
        store._connection.commit()
        other._connection.execute("SELECT pg_terminate_backend(%s)", (backend,))
        other._connection.commit()
        sent = answer(code)
        assert store.add(sent) is True
        assert other.class_answers(code, KEY) == [sent]


def test_missing_postgres_skips_but_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        missing("no server")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no server"):
        missing("no server")


def test_no_postgres_programs_say_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glob, "glob", lambda pattern: [])
    monkeypatch.setattr(shutil, "which", lambda program: None)
    with pytest.raises(postgres.NoPostgres, match="apt-get install postgresql"):
        postgres.find_bin()
