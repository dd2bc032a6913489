"""A Japanese page as a Japanese student sees it (issue #30.4): no tofu, no English left.

- **Tofu.** A character no installed font has is drawn as the font's "missing glyph" box (or
  as nothing). Every distinct Japanese character the page shows is drawn on a canvas with the
  page's own font stack — the browser falls back through the installed fonts exactly as it does
  for the page — and compared, pixel for pixel, with a code point no font has (U+10FFFD) and
  with a blank: a character that looks like either did not render. Without Debian's
  fonts-noto-cjk every kanji fails here.
- **English left.** The student-facing text of a twin (its markdown, the rulebook's quoted
  English removed, and what its cells print) holds no run of four or more English words,
  apart from names (``NAMES``): a sentence left untranslated reads as such a run.

The checks are plain functions of text, or of a page and a list of characters; the tests that
they catch what they must are in tests/browser/test_japanese_in_browser.py.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Kana, kanji, and the full-width forms and punctuation Japanese text uses (not the
# ideographic space U+3000, which is drawn as nothing by every font).
JAPANESE = re.compile(r"[\u3001-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")

# The text a student reads on a page, by kind: markdown with the quoted rulebook (blockquotes)
# and code spans removed, and each output area's text (printed output, widgets' words).
STUDENT_TEXT_JS = """
() => {
  const found = [];
  for (const md of document.querySelectorAll('.jp-RenderedMarkdown, .jp-RenderedHTMLCommon')) {
    if (md.closest('.jp-OutputArea-output')) continue;  // an HTML output: read with outputs
    const copy = md.cloneNode(true);
    copy.querySelectorAll('blockquote, code, pre, style').forEach(e => e.remove());
    found.push({kind: 'markdown', text: copy.textContent});
  }
  for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
    if (out.querySelector('.jp-OutputArea-output')) continue;  // counted by its parts
    found.push({kind: 'output', text: out.innerText});
  }
  return found;
}
"""

# Draws each character with the page's font stack; returns those drawn as the missing-glyph
# box or as nothing.
TOFU_JS = """
(chars) => {
  const probe = document.querySelector('.jp-RenderedMarkdown') || document.body;
  const family = getComputedStyle(probe).fontFamily;
  const canvas = document.createElement('canvas');
  canvas.width = 48; canvas.height = 48;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  ctx.font = `36px ${family}`;
  ctx.textBaseline = 'top';
  const draw = (ch) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.fillText(ch, 4, 4);
    return ctx.getImageData(0, 0, 48, 48).data.join(',');
  };
  const missing = draw(String.fromCodePoint(0x10FFFD));
  const blank = draw(' ');
  const unseen = (ch) => { const drawn = draw(ch); return drawn === missing || drawn === blank; };
  return {family, tofu: chars.filter(unseen)};
}
"""

NAMES = (  # names and on-screen words kept in Latin letters in the Japanese text
    "Run All Cells", "Run → Run All Cells", "Krzysztof Matusik", "Bomba Games", "Reiner Knizia",
    "Desyllas Games", "Alberto Cano", "Invedars", "Optimal Play of the Dice Game Pig",
    "Neller and Presser", "UMAP Journal", "Show legal moves", "Monte Carlo Tree Search",
)
# Four or more words, each of two or more letters or the article "a" ("A B C D", a set-up
# pattern, is no sentence; "Take a tile from the bag" is).
WORD = r"(?:[A-Za-z][A-Za-z'’-]+|a)"
ENGLISH_RUN = re.compile(rf"{WORD}(?:[ \t]+{WORD}){{3,}}")


def english_runs(text: str) -> list[str]:
    """Runs of four or more English words in ``text``, names (``NAMES``) aside."""
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " · ")
    return [match.group(0) for match in ENGLISH_RUN.finditer(text)]


def japanese_characters(texts: list[str]) -> list[str]:
    """The distinct Japanese characters in ``texts``, in order of first appearance."""
    return list(dict.fromkeys(ch for text in texts for ch in text if JAPANESE.match(ch)))


def student_texts(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate(STUDENT_TEXT_JS))


def tofu(page: Page, chars: list[str]) -> list[str]:
    """Those of ``chars`` that the page's fonts cannot draw."""
    return list(page.evaluate(TOFU_JS, chars)["tofu"])


def japanese_faults(page: Page) -> list[str]:
    """What a Japanese page must not show: tofu, untranslated English, no Japanese at all."""
    texts = student_texts(page)
    chars = japanese_characters([t["text"] for t in texts])
    if len(chars) < 20:
        return [f"only {len(chars)} distinct Japanese characters on a Japanese page"]
    faults = [f"tofu (no font draws it): {ch!r} U+{ord(ch):04X}" for ch in tofu(page, chars)]
    for number, item in enumerate(texts):
        faults += [f"{item['kind']} {number}: English left: {run!r}"
                   for run in english_runs(item["text"])]
    return faults
