"""A student's kept progress (widgets/record.py): written atomically, read back the same, and
refused — with the reason, changing nothing — when corrupt, foreign or not ours."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets import record

LESSON = "ambar_fossils/03_probability"


def sample() -> record.Record:
    kept = record.Record(LESSON, "Ana")
    kept.add("identical", "10%", "1/10", "right")
    kept.add("plant", "0.2", "1/5", "wrong")
    kept.add("plant", "3/20", "3/20", "right")
    kept.step_done("flip")
    return kept


def test_a_record_reads_back_as_it_was_written(tmp_path: Path) -> None:
    kept, path = sample(), tmp_path / "x.progress.json"
    record.save(kept, path)
    again = record.load(path, LESSON)
    assert again == kept
    assert [entry.first_try for entry in again.entries] == [True, True, False]
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file is renamed, not left


def test_no_file_is_no_progress_yet(tmp_path: Path) -> None:
    assert record.load(tmp_path / "none.progress.json", LESSON) is None


def test_a_step_counts_once() -> None:
    kept = record.Record(LESSON)
    assert kept.step_done("flip") and not kept.step_done("flip")
    assert list(kept.steps) == ["flip"]


def test_file_names_are_one_a_student_and_safe() -> None:
    assert record.file_name(LESSON) == "03_probability.progress.json"
    assert record.file_name(LESSON, "Ana María") == "03_probability.ana-maría.progress.json"
    assert record.file_name("bots", "さくら") == "bots.さくら.progress.json"
    assert record.file_name(LESSON, "../../etc/passwd") == "03_probability.etc-passwd.progress.json"


def good() -> dict[str, object]:
    return json.loads(sample().to_json())


def broken(change: str) -> str:
    """The sample file with one thing wrong, as text."""
    data = good()
    answers = data["answers"]
    assert isinstance(answers, list)
    if change == "format":
        data["format"] = "something-else"
    elif change == "version":
        data["version"] = 99
    elif change == "status":
        answers[0]["status"] = "maybe"
    elif change == "first_try":
        answers[0]["first_try"] = "yes"
    elif change == "id":
        answers[0]["id"] = "not-hex"
    elif change == "twice":
        answers[1]["id"] = answers[0]["id"]
    elif change == "time":
        answers[0]["at"] = "yesterday"
    elif change == "control":
        answers[0]["text"] = "a\x07b"
    elif change == "long":
        answers[0]["text"] = "9" * 500
    elif change == "steps":
        data["steps"] = ["flip"]
    return json.dumps(data)


REFUSALS = {"format": "not a boardlib progress file", "version": "version 99",
            "status": "status 'maybe'", "first_try": "first_try", "id": "hex id",
            "twice": "one answer twice", "time": "a time must be", "control": "control",
            "long": "longer than 200", "steps": "\"steps\" an object"}


@pytest.mark.parametrize("change", sorted(REFUSALS))
def test_a_damaged_file_is_refused_naming_the_problem(change: str) -> None:
    with pytest.raises(record.RecordError, match=REFUSALS[change].replace("(", r"\(")):
        record.parse(broken(change), LESSON, "x.progress.json")


def test_a_file_of_another_lesson_is_refused_as_foreign() -> None:
    with pytest.raises(record.RecordError, match="of lesson 'ambar_fossils/03_probability', "
                                                 "not of 'bots'"):
        record.parse(sample().to_json(), "bots")


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "\xff\xfe", '{"format": 1}'])
def test_junk_is_refused_as_not_a_progress_file(text: str) -> None:
    with pytest.raises(record.RecordError, match="not a"):
        record.parse(text.encode("latin-1"), LESSON)


@given(st.binary(max_size=300))
def test_no_bytes_crash_the_reader(data: bytes) -> None:
    with contextlib.suppress(record.RecordError):  # refused is fine; anything else fails
        record.parse(data, LESSON)


def test_an_unreadable_file_is_set_aside_never_deleted(tmp_path: Path) -> None:
    path = tmp_path / "03_probability.progress.json"
    path.write_text("{ half a file", encoding="utf-8")
    with pytest.raises(record.RecordError):
        record.load(path, LESSON)
    kept = record.set_aside(path)
    assert not path.exists() and kept.read_text(encoding="utf-8") == "{ half a file"
    assert kept.name.startswith("03_probability.progress.unreadable-")


def test_an_unknown_status_is_not_recorded() -> None:
    kept = record.Record(LESSON)
    with pytest.raises(ValueError, match="status"):
        kept.add("identical", "1", "1", "perhaps")
    assert kept.entries == []
