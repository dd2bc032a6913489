"""Every passage that docs/rules/<game>.md quotes occurs word for word in the rulebook copy it
cites (the "Quotes." paragraph at the top of each doc; issue #31). The copies are the source of
truth and are never edited to make this pass: a doc that quotes wrongly is fixed instead.

**What is a quote.** In these files the convention is strict, so the test can be simple:

- every blockquote (a run of ``>`` lines, also indented inside a list item) is one quoted passage;
- everywhere else (prose, Interpretation paragraphs, decision tables), every text in double
  quotes, ``"..."`` or ``“...”``, is a quoted passage. Words in double quotes in these files are
  therefore always the rulebook's own. Anything else that needs setting off (an engine message,
  a move, a wording the rulebook does not use, a paraphrase) goes in backticks or in italics,
  never in double quotes; fenced code blocks and ``backtick`` spans are not read at all.

**Inside a quote.** An ellipsis, ``…`` or ``...``, marks words left out: the quote splits there
into fragments, each of which must occur in the source, in this order. Square brackets hold the
doc's own words (a label, a gloss) and split the quote like an ellipsis; a bracket that opens a
quote and names a file, e.g. ``[shared/COMPONENTS.md:]`` or ``[ambar_fossils.ja.txt:]``, says
which source the passage is from. Otherwise a passage may come from any of the sources its doc
cites (all fragments from the same one).

**Comparison.** Exact, case and punctuation included, on whole words (a quoted "Go" is not
found in "Good"), except for layout:

- whitespace: a run of whitespace is one space, and none at all next to Japanese characters
  (Japanese has no spaces between words, so a line break there is not a space);
- list and table markup, which the docs and the copies lay out differently: the rulebooks'
  bullet ``•``, a ``- `` list marker opening a line, table cell bars ``|`` (the copies'
  tab-separated and markdown tables alike) and markdown table rules ``|---|`` count as
  whitespace;
- ``*`` is dropped on both sides (the docs' emphasis, the rulebooks' footnote marks).

Quotation marks, apostrophes and dashes are **not** normalised: the rulebook copies use the
ASCII ``"`` and ``'`` only (``test_the_rulebook_copies_use_plain_quotes`` keeps that true) and
the docs quote them the same way, and dashes (``–``, ``−``, ``-``) are kept as each copy has them.

**Where the copies are.** In a clean clone the shared folder sits next to the repository
(``../shared/rulebooks``), as it does in this work tree. If it is missing the doc tests skip
locally and fail under ``CI=true``, where a skip would hide a wrong quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import IN_CI

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
SHARED = ROOT.parent / "shared"
RULEBOOKS = SHARED / "rulebooks"

SOURCES: dict[str, tuple[str, ...]] = {
    "ambar_2018.md": ("rulebooks/ambar_2018.en.txt",),
    "ambar_fossils.md": ("rulebooks/ambar_fossils.en.txt", "rulebooks/ambar_fossils.ja.txt"),
    "amber_route.md": ("rulebooks/amber_route.en.txt",),
    "amphipolis.md": ("rulebooks/amphipolis.en.txt",),
}
"""The sources each doc quotes, as paths under shared/ (its "Source:" paragraph names them)."""

NO_COPY = {
    "pig.md": "Pig quotes Neller and Presser, 'Optimal Play of the Dice Game Pig' (UMAP Journal, "
              "2004), of which shared/ holds no copy: its quotes cannot be checked here",
}
"""Docs whose source has no copy in shared/, with the reason their quotes are not checked."""

LABELLED = {"shared/COMPONENTS.md": "COMPONENTS.md"}
"""Sources a ``[label:]`` may name besides the doc's own (label → path under shared/)."""

JAPANESE = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
LETTER = rf"[^\W{JAPANESE}]"  # a letter or digit of a language written with spaces
ELLIPSIS = re.compile(r"…|\.\.\.")
BRACKET = re.compile(r"\[[^\]]*\]")


@dataclass(frozen=True)
class Quote:
    line: int
    text: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.text!r}"


def normalise(text: str) -> str:
    """``text`` with layout taken out (see the module docstring): what quotes are compared on."""
    text = re.sub(r"(?m)^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$", " ",
                  text)  # a markdown table rule
    text = re.sub(r"(?m)^([ \t]*)- ", r"\1 ", text)  # a list marker opening a line
    text = text.replace("•", " ").replace("|", " ").replace("*", "")
    text = re.sub(r"\s+", " ", text)
    text = re.sub(rf"(?<=[{JAPANESE}]) | (?=[{JAPANESE}])", "", text)
    return text.strip()


def fragments(quote: str) -> tuple[str | None, list[str]]:
    """The source a quote names (or None) and its fragments, normalised, in order."""
    label = None
    opening = re.match(r"\s*\[([^\],:\s]+\.(?:md|txt))\b[^\]]*\]", quote)  # names a file
    if opening:
        label = opening.group(1).strip()
    parts = []
    for piece in ELLIPSIS.split(BRACKET.sub("…", quote)):
        part = normalise(piece)
        if part:
            parts.append(part)
    return label, parts


def occurs_in_order(parts: list[str], source: str) -> bool:
    """Whether every fragment occurs in ``source`` (normalised), each after the one before.
    Taking each fragment's first occurrence after the last is enough: a later one never helps."""
    position = 0
    for part in parts:
        found = _whole_words(part).search(source, position)
        if found is None:
            return False
        position = found.end()
    return True


def _whole_words(part: str) -> re.Pattern[str]:
    """``part`` as a pattern that matches whole words only ("Go" is not in "Good"; Japanese,
    written without spaces, has no word boundaries to respect)."""
    return re.compile((f"(?<!{LETTER})" if re.match(LETTER, part) else "") + re.escape(part)
                      + (f"(?!{LETTER})" if re.search(LETTER + "$", part) else ""))


def quotes(markdown: str) -> list[Quote]:
    """Every quoted passage of a docs/rules file, with the line it starts on."""
    found: list[Quote] = []
    block: list[str] = []
    block_start = 0
    paragraph: list[tuple[int, str]] = []
    in_code = False

    def end_block() -> None:
        if block:
            found.append(Quote(block_start, "\n".join(block)))
            block.clear()

    def end_paragraph() -> None:
        if paragraph:
            found.extend(inline_quotes(paragraph))
            paragraph.clear()

    for number, line in enumerate(markdown.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            end_block()
            end_paragraph()
            in_code = not in_code
            continue
        if in_code:
            continue
        if stripped.startswith(">"):
            end_paragraph()
            if not block:
                block_start = number
            block.append(stripped[1:].strip())
            continue
        end_block()
        if not stripped or stripped.startswith(("#", "|")):
            end_paragraph()
            if stripped.startswith(("#", "|")):
                found.extend(inline_quotes([(number, stripped)]))
            continue
        paragraph.append((number, stripped))
    end_block()
    end_paragraph()
    return found


def inline_quotes(lines: list[tuple[int, str]]) -> list[Quote]:
    """The double-quoted texts of one paragraph (or one table row, or heading), code left out."""
    text = ""
    starts: list[tuple[int, int]] = []  # (offset in text, line number)
    for number, line in lines:
        starts.append((len(text), number))
        text += re.sub(r"`[^`]*`", "", line) + "\n"

    def line_of(offset: int) -> int:
        return max(number for start, number in starts if start <= offset)

    found = [Quote(line_of(m.start()), (m.group(1) or m.group(2) or "").replace("\n", " "))
             for m in re.finditer(r'"([^"]*)"|“([^”]*)”', text)]
    if text.count('"') % 2 or text.count("“") != text.count("”"):
        found.append(Quote(lines[0][0], "<unbalanced double quotes in this paragraph>"))
    return found


def read_source(path: str) -> str:
    return normalise((SHARED / path).read_text("utf-8"))


def mismatches(doc: str, markdown: str) -> list[str]:
    """The quotes of ``doc`` (a docs/rules file name) that are not in its sources, in words."""
    sources = {path: read_source(path) for path in SOURCES[doc]}
    bad = []
    for quote in quotes(markdown):
        label, parts = fragments(quote.text)
        if not parts:
            continue
        if label is not None:
            path = LABELLED.get(label) or next(
                (p for p in SOURCES[doc] if Path(p).name == label), None)
            if path is None:
                bad.append(f"{quote}: [{label}:] is none of this doc's sources")
                continue
            candidates = {path: sources.get(path) or read_source(path)}
        else:
            candidates = sources
        if not any(occurs_in_order(parts, text) for text in candidates.values()):
            texts = candidates.values()
            missing = next((p for p in parts if not any(_whole_words(p).search(t) for t in texts)),
                           None)
            bad.append(f"{quote}\n    not in {', '.join(candidates)}"
                       + (f"\n    first missing fragment: {missing!r}" if missing else
                          "\n    (each fragment occurs, but not in this order)"))
    return bad


def _missing_copies() -> None:
    if not RULEBOOKS.is_dir():
        message = f"the rulebook copies are not at {RULEBOOKS} (shared/ beside the repository)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


@pytest.mark.parametrize("doc", sorted(p.name for p in RULES.glob("*.md")))
def test_every_quote_is_in_the_rulebook(doc):
    if doc in NO_COPY:
        pytest.skip(NO_COPY[doc])
    assert doc in SOURCES, f"docs/rules/{doc}: say in SOURCES (or NO_COPY) which copies it quotes"
    _missing_copies()
    markdown = (RULES / doc).read_text("utf-8")
    heading = markdown.split("\n## ", 1)[0]
    for path in SOURCES[doc]:
        assert Path(path).name in heading, f"docs/rules/{doc} does not name {path} as its source"
    bad = mismatches(doc, markdown)
    assert not bad, (f"docs/rules/{doc}: {len(bad)} quote(s) not word for word in the rulebook:\n"
                     + "\n".join(bad))


def test_the_rulebook_copies_use_plain_quotes():
    """The module docstring's reason for not normalising quotation marks and apostrophes."""
    _missing_copies()
    for path in sorted(RULEBOOKS.glob("*.txt")):
        curly = sorted(set(re.findall("[‘’“”]", path.read_text("utf-8"))))
        assert not curly, f"{path.name} has typographic quotes {curly}: normalise them in the test"


SAMPLE = (
    "If you do not have the gem he wants, you have to give him the next most valuable gem\n"
    "(red > blue > yellow). If you do not have any gems, you have to give him 1 gold coin.**\n\n"
    "• 5 D6 dice\n• 4 player tokens\n"
    "Type of challenge\tMonster hit points\nI. Easy\t3\n"
    "プレイヤー数に関係なく、すべての化石を\nテーブル中央で裏向きにシャッフルします。\n"
)


@pytest.mark.parametrize("quote", [
    "If you do not have the gem he wants, you have to give him the next most valuable gem",
    "you have to give him the next   most\nvaluable gem (red > blue > yellow)",
    "the next most valuable gem … you have to give him 1 gold coin.",
    "[Bandits:] If you do not have any gems, you have to give him 1 gold coin.",
    "5 D6 dice • 4 player tokens",
    "| Type of challenge | Monster hit points |\n|---|---|\n| I. Easy | 3 |",
    "すべての化石をテーブル中央で裏向きに",
])
def test_the_matcher_finds_an_exact_quote(quote):
    assert occurs_in_order(fragments(quote)[1], normalise(SAMPLE))


@pytest.mark.parametrize("quote", [
    "If you do not have the gem he wants, you have to give him the next valuable gem",  # a word out
    "If you do not have the gem he wants, give him the next most valuable gem",  # paraphrase
    "if you do not have the gem he wants",  # case
    "you have to give him the next most valuable gem. If you do not have any gems",  # a part out
    "you have to give him 1 gold coin … the next most valuable gem",  # fragments out of order
    'you have to give him the "next most valuable gem"',  # quotation marks added
    "I. Easy 3 hit points",  # a table paraphrased
    "5 D6 di",  # part of a word
])
def test_the_matcher_refuses_an_altered_quote(quote):
    assert not occurs_in_order(fragments(quote)[1], normalise(SAMPLE))


def test_quotes_are_found_in_blockquotes_prose_and_tables_but_not_in_code():
    markdown = (
        "### X-1.1 A clause\n"
        "> First line of a quote\n"
        "> and its second line.\n"
        "\n"
        'Prose with "an inline quote that\n'
        'spans two lines" and `"code"` beside it.\n'
        "\n"
        '| q | "a table quote" |\n'
        "\n"
        "1. **An item**\n"
        "   > an indented quote\n"
        "```\n"
        '"not a quote"\n'
        "> nor this\n"
        "```\n"
    )
    assert [(q.line, q.text) for q in quotes(markdown)] == [
        (2, "First line of a quote\nand its second line."),
        (5, "an inline quote that spans two lines"),
        (8, "a table quote"),
        (11, "an indented quote"),
    ]


def test_an_unbalanced_quote_is_reported():
    assert [q.text for q in quotes('One "quote" and a "stray one.\n')][-1].startswith("<unbalanced")


def test_a_wrong_quote_in_a_doc_is_reported():
    """The whole path, as the doc tests use it: a doc with one exact and one altered quote."""
    _missing_copies()
    markdown = (
        "Source: `shared/rulebooks/amber_route.en.txt`.\n\n"
        "> A player cannot have more than 6 guard markers at one time.\n\n"
        '"A player cannot have more than 7 guard markers at one time."\n'
    )
    bad = mismatches("amber_route.md", markdown)
    assert len(bad) == 1 and "7 guard markers" in bad[0]
