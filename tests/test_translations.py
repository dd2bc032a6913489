"""Each Japanese twin (``*.ja.ipynb``) is its English notebook's lesson, told in Japanese (#30).

A twin may word everything its own way, but it must teach the same lesson: the same cells in
the same order, the same rule steps and questions (``lesson.step("flip")``, ``lesson.ask(…)``,
in the same order, each a Japanese ``Lesson``), the same cells checked by nbval, and every number
each cell prints the same as in English (its stored output and, for an answer held back until
the student answers, the text kept in its metadata). Run All of every twin is checked in the
browser like every notebook (tests/browser/test_in_browser.py), with no tofu and no English left
(tests/browser/japanese.py).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ENGLISH = sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                 if not p.name.endswith(".ja.ipynb") and ".ipynb_checkpoints" not in p.parts)
TWINS = sorted(NOTEBOOKS.rglob("*.ja.ipynb"))

LESSON_CALL = re.compile(r"\blesson\.(\w+)\(\s*[\"']([^\"']+)[\"']")
LESSON_ID = re.compile(r"\bLesson\(\s*[\"']([^\"']+)[\"']([^)]*)\)")
CHECK_OUTPUT = "NBVAL_CHECK_OUTPUT"
# A number as a lesson prints it: 17/32, 0.530, 1,234, -3, 95%; the digits are what count.
NUMBER = re.compile(r"\d+(?:[.,/]\d+)*")
ADDRESS = re.compile(r"\b0x[0-9a-f]+\b")  # an object's address in a widget's repr: no number
# Japanese counts what English leaves uncounted: "draws a card" is 「1枚引きます」, "a round"
# 「1回」. So a twin may print more 1s than English, and nothing else more or less.
COUNTER = "1"
# English writes small numbers as words ("two levels above"), Japanese as digits (「2段」);
# not "one", which is as often a pronoun ("you are not holding one").
NUMBER_WORDS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
WORD_VALUES = {word: str(n) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten".split())}


def numbers_in(text: str, english: bool) -> Counter[str]:
    text = ADDRESS.sub("", text)
    if english:
        text = NUMBER_WORDS.sub(lambda m: WORD_VALUES[m.group(1).lower()], text)
    return Counter(NUMBER.findall(text))


def english_of(twin: Path) -> Path:
    return twin.with_name(twin.name.removesuffix(".ja.ipynb") + ".ipynb")


def cells(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def printed(cell: dict[str, Any]) -> str:
    """What a code cell printed, and what it holds back for later. Not a displayed value's
    plain text: a board's picture is shown in English as the state itself and in Japanese
    as ``Picture(state, lang="ja")``, whose plain texts differ (its words are checked in the
    browser)."""
    texts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            text = output["text"]
            texts.append(text if isinstance(text, str) else "".join(text))
    texts.append(cell.get("metadata", {}).get("boardlib", {}).get("hidden_output", ""))
    return "\n".join(texts)


def lesson_calls(path: Path) -> list[tuple[str, str]]:
    return [call for cell in cells(path) if cell["cell_type"] == "code"
            for call in LESSON_CALL.findall(source(cell))]


TWIN_IDS = [p.relative_to(NOTEBOOKS).as_posix() for p in TWINS]


def test_every_notebook_has_a_japanese_twin() -> None:
    missing = [p.relative_to(NOTEBOOKS).as_posix() for p in ENGLISH
               if not p.with_name(p.stem + ".ja.ipynb").exists()]
    assert not missing, f"no Japanese twin (*.ja.ipynb) of {missing}"


@pytest.mark.parametrize("twin", TWINS, ids=TWIN_IDS)
def test_the_twin_has_the_same_cells_in_the_same_order(twin: Path) -> None:
    english = english_of(twin)
    assert english.exists(), f"{twin.name} has no English notebook {english.name}"
    kinds = [[c["cell_type"] for c in cells(p)] for p in (english, twin)]
    assert kinds[0] == kinds[1], f"cell kinds differ:\n  en {kinds[0]}\n  ja {kinds[1]}"


@pytest.mark.parametrize("twin", TWINS, ids=TWIN_IDS)
def test_the_twin_has_the_same_steps_and_questions(twin: Path) -> None:
    english = english_of(twin)
    assert lesson_calls(twin) == lesson_calls(english)
    lessons = {p: [m for c in cells(p) if c["cell_type"] == "code"
                   for m in LESSON_ID.findall(source(c))] for p in (english, twin)}
    assert [i for i, _ in lessons[twin]] == [i for i, _ in lessons[english]]
    assert all("lang=\"ja\"" in rest or "lang='ja'" in rest for _, rest in lessons[twin]), (
        f"a Lesson of the twin is not in Japanese: {lessons[twin]}")


@pytest.mark.parametrize("twin", TWINS, ids=TWIN_IDS)
def test_the_twin_checks_the_same_cells(twin: Path) -> None:
    marked = [[n for n, c in enumerate(cells(p)) if CHECK_OUTPUT in source(c)]
              for p in (english_of(twin), twin)]
    assert marked[0] == marked[1], f"{CHECK_OUTPUT} on cells en {marked[0]}, ja {marked[1]}"


@pytest.mark.parametrize("twin", TWINS, ids=TWIN_IDS)
def test_the_twin_prints_the_same_numbers(twin: Path) -> None:
    """Cell by cell, the numbers printed (the words around them aside) are those of English."""
    different = []
    for number, (en, ja) in enumerate(zip(cells(english_of(twin)), cells(twin), strict=True)):
        if en["cell_type"] != "code":
            continue
        numbers = [numbers_in(printed(en), english=True), numbers_in(printed(ja), english=False)]
        extra = numbers[1] - numbers[0]
        if numbers[0] - numbers[1] or set(extra) - {COUNTER}:
            different.append(f"cell {number}: only in English {dict(numbers[0] - numbers[1])}, "
                             f"only in Japanese {dict(numbers[1] - numbers[0])}")
    assert not different, "\n".join(different)
