"""What a student reads, checked as text (issue #33, items 9 and 10): counted nouns, a die's
change in words, long fractions with their values, exact values against their simulated bands,
and the odds tables' sentences against their columns; and how the page is read for them (the
cells' rendered text, the boards' canvas texts asked of the kernel, the odds panels' tables).

Used by tests/browser/test_words_in_browser.py (the odds tables, and the checks' own tests) and
by tests/browser/test_in_browser.py (every notebook's words after Run All).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser import pages
from tests.browser.conftest import SCREENSHOTS

if TYPE_CHECKING:
    from playwright.sync_api import Page

# ===== the checks (pure functions of text) ======================================================
# Nouns the boards and lessons count. "1 <plural>" and "0/2+ <singular>" are faults; an adjective
# may stand between ("1 light cards", "1 event cards").
PLURALS = ("dice|points|pts|cards|tiles|gems|guards|turns|players|actions|days|fields|hits|"
           "markers|landslides|soldiers|ways|rounds|moves|decisions|games|journeys")
SINGULARS = "die|point|pt|card|tile|gem|guard|turn|player|action|day|field|hit|marker|landslide"
ADJECTIVE = r"(?:light|event|darkness|journey|guard|amber|black|cream|grace|extra|more|hit) "
# a number that labels something ("Player 1", "die 1", "field 2", "round 1") is not a count
NOT_A_COUNT = "".join(f"(?<!{word} )" for word in (
    "Player", "player", "Seat", "seat", "die", "Die", "dice", "field", "Field", "round",
    "Round", "level", "Level", "day", "Day", "site", "step", "Step", "Move", "move", "Turn",
    "turn", "card", "column"))
NUMBER_START = r"(?<![\w.,/·×-])"  # the whole number: not "11", "0.1", "2/1", "3·1"
COUNTED_NOUN_FAULTS = [
    (re.compile(NOT_A_COUNT + NUMBER_START + r"\+?1 (?:" + ADJECTIVE + ")?(?:"
                + PLURALS + r")\b"), "one with a plural noun"),
    (re.compile(NOT_A_COUNT + NUMBER_START + r"(?:0|[2-9]|\d{2,}) (?:" + ADJECTIVE + ")?(?:"
                + SINGULARS + r")\b(?![-'’]| (?:[a-z]+s|" + SINGULARS
                + r"|reward|symbol|type|value|token|game)\b)"),
     "a count other than one with a singular noun"),  # "2 hit points", "4 player tokens" read
    (re.compile(r"\w\((?:s|es)\)"), "a plural left to the reader: (s)"),
    (re.compile(r"\b(?:all|each of|both of|any of) 0\b"), "all/each of zero"),
    (re.compile(r"\beach of (?:your|the [\w'’]+|their|his|her) 1 "), "each of one"),
]
# A change of a die told by numbers alone: "Guard: die 1 4 → 5" (which is the die, which the
# face?). "from 4 to 5", or a word beside each number ("3 → 1 secured"), reads.
ARROW_FAULTS = [
    (re.compile(r"(?<![\w.])\d+ \d+ → \d+\b"), "two numbers before an arrow"),
    (re.compile(r"(?:^|[:;(,]\s*)\d+ → \d+(?=\s*(?:[),.;]|$))", re.M), "an arrow between bare "
                                                                        "numbers"),
]
FRACTION = re.compile(r"(?<![\w./])(\d+)/(\d+)(?![\w/])")
NUMBER = re.compile(r"(?<![\w./])(\d+(?:\.\d+)?|\.\d+)(%?)")
TIME_IN_20 = re.compile(r"\b(?:1|one) (?:time )?in (?:20|twenty)\b", re.I)
BAND = re.compile(r"(-?\d*\.?\d+)(%?) ± (\d*\.?\d+)(%?)")
EXACT = re.compile(r"\bexact(?:ly)?:?\s+(?:\d+/\d+\s*[≈=]\s*|\d+\s*[≈=]\s*)?(-?\d*\.?\d+)(%?)")
AFTER_ROLL = re.compile(r"^(?:Sum now \d|\d+ alike of \d|\d+ hits? now|Strength now \d)")


def counted_noun_faults(text: str) -> list[str]:
    """Counted nouns that do not agree with their count, and counts left to the reader."""
    return [f"{why}: {_around(text, m)!r}" for pattern, why in COUNTED_NOUN_FAULTS
            for m in pattern.finditer(text)]


def arrow_faults(text: str) -> list[str]:
    """Arrows between numbers that no word explains."""
    return [f"{why}: {_around(text, m)!r}" for pattern, why in ARROW_FAULTS
            for m in pattern.finditer(text)]


def fraction_faults(text: str) -> list[str]:
    """Every fraction a/b with b ≥ 1000 must have its value beside it (on its line): as a
    percentage, or a decimal, that rounds from the fraction at the precision shown."""
    faults = []
    for line in text.splitlines():
        numbers = [(m.group(1), m.group(2)) for m in NUMBER.finditer(FRACTION.sub(" ", line))
                   if "." in m.group(1) or m.group(2)]  # "3 dice" is no value of a fraction
        for m in FRACTION.finditer(line):
            if int(m.group(2)) < 1000:
                continue
            value = Fraction(int(m.group(1)), int(m.group(2)))
            if not any(_rounds_to(value, digits, percent == "%") for digits, percent in numbers):
                faults.append(f"{m.group(0)} shown without its value beside it: {line.strip()!r}")
    return faults


def band_faults(cells: list[dict[str, Any]]) -> list[str]:
    """Where an exact value is set beside a simulated band "x ± h" and lies outside it, the
    same output, or the cell after it, must say that a 95% band misses 1 time in 20."""
    faults = []
    for index, cell in enumerate(cells):
        for text in cell["outputs"]:
            for exact, low, high, line in _bands(text):
                if low <= exact <= high:
                    continue
                after = cells[index + 1]["text"] if index + 1 < len(cells) else ""
                if not (TIME_IN_20.search(text) or TIME_IN_20.search(after)):
                    faults.append(f"exact {exact:g} lies outside its band {low:g}…{high:g} and "
                                  f"nothing says a 95% band misses 1 time in 20: {line!r}")
    return faults


def scene_faults(title: str, texts: list[str]) -> list[str]:
    """A board's own texts: no "You will roll …" once the dice are rolled (Amber Route); every
    event card shown by its code is named on the same board (Ambar (2018))."""
    faults = []
    if any(t.startswith("You will roll") for t in texts) and \
            any(AFTER_ROLL.match(t) for t in texts):
        rolled = next(t for t in texts if AFTER_ROLL.match(t))
        faults.append(f"{title[:60]!r}: 'You will roll …' beside the rolled dice ({rolled!r})")
    if title.startswith("Ambar (2018)"):
        from widgets.ambar_2018.view import EVENT_NAMES

        joined = "\n".join(texts)
        for code in sorted({t for t in texts if t in EVENT_NAMES}):
            if EVENT_NAMES[code] not in joined:
                faults.append(f"{title[:60]!r}: event card {code!r} shown without its name "
                              f"({EVENT_NAMES[code]})")
    return faults


def text_faults(text: str) -> list[str]:
    return counted_noun_faults(text) + arrow_faults(text) + fraction_faults(text)


def _around(text: str, match: re.Match[str], width: int = 30) -> str:
    return text[max(0, match.start() - width):match.end() + width].replace("\n", " ⏎ ")


def _rounds_to(value: Fraction, digits: str, percent: bool) -> bool:
    """Whether ``digits`` (a percentage if ``percent``) is ``value`` rounded as shown."""
    shown = Fraction(digits) / (100 if percent else 1)
    places = len(digits.split(".")[1]) if "." in digits else 0
    half = Fraction(1, 2 * 10 ** places) / (100 if percent else 1)
    return abs(value - shown) <= half * Fraction(1001, 1000)


def _number(digits: str, percent: str) -> float:
    return float(digits) / (100 if percent else 1)


def _bands(text: str) -> Iterable[tuple[float, float, float, str]]:
    """(exact, band low, band high, line) for each simulated "x ± h" with an exact value: the
    last "exact(ly) v" since the previous band, or, in a table whose heading says "exact", the
    number just before the simulated one on its line."""
    lines = text.splitlines()
    table = any("exact" in line and "±" in line for line in lines)
    since = ""  # the text since the previous band
    for line in lines:
        for band in BAND.finditer(line):
            value, half = _number(*band.group(1, 2)), _number(band.group(3), band.group(4))
            named = list(EXACT.finditer(since + line[:band.start()]))
            numbers = NUMBER.findall(line[:band.start()])
            if named:
                exact = _number(*named[-1].group(1, 2))
            elif table and numbers:
                exact = _number(*numbers[-1])
            else:
                continue  # a band with no exact value beside it (a simulation's own estimate)
            yield exact, value - half, value + half, line.strip()
        since = "" if BAND.search(line) else since + line + "\n"


# ----- the odds tables (#33.9) ------------------------------------------------------------------
DICE = re.compile(r"(\d+) (?:die|dice)$")
WAYS = re.compile(r"^Of the (\d+) ways (\d+) (?:die|dice) can fall, ")
COLUMN_PHRASES = {  # a heading's words -> how the sentence names that column
    "dice alone": "with the dice alone",
    "guards and": "with guards and amber",
    "+ your": "with your guards added",
}
MOVE = re.compile(r"^Of the (\d+) darkness cards nobody has seen, (\d+) shares? one symbol with "
                  r"that field and (\d+) both; (\d+) brings? divine grace instead\.$")
MONSTER = re.compile(r"^Each round you roll (\d+) (?:die|dice), hitting on \d–6; the monster "
                     r"rolls (\d+) (?:die|dice), hitting on \d–6, and each of its hits costs a "
                     r"guard \(you have (\d+)\)\.$")
DUEL = re.compile(r"^(\d+) (?:die|dice) against (\d+)(?:–(\d+))?(?: (?:die|dice))?: highest "
                  r"against highest, ties to the defender\.$")
CONTEST = re.compile(r"^Sum of (\d+) (?:die|dice) above the sum of (\d+)(?:–(\d+))? (?:die|dice) "
                     r"\(a tie is the defender's\), with the guards added \(attacker (\d+), "
                     r"defender (\d+): one pip each, up to 6\)\.$")
NO_NUMBERS = re.compile(r"^(?:Count these dice: \d+ hits?, then the monster attacks\.|"
                        r"A 3 raised to 4 hits once more, but the guard is a life less\.|"
                        r"An amber makes this die hit; your guards stay\.)$")


def shown_chance(value: Fraction) -> str:
    """How the panel must show a chance: a whole percentage ("<1%" for a sliver), and the
    exact fraction beside it when it is short (a denominator under 1000; else on hover) and a
    fraction at all (a certain or impossible chance reads "100%" or "0%", not "0% (0)")."""
    shown = "<1%" if 0 < value < Fraction(1, 200) else f"{float(value):.0%}"
    return f"{shown} ({value})" if 1 < value.denominator < 1000 else shown


def odds_row_faults(headings: list[str], row: dict[str, Any]) -> list[str]:
    """A row of an odds table as the page shows it: each cell's percentage and fraction agree
    with its exact value (the cell's title), and the row's sentence states, for every column
    it names, exactly that column's number."""
    faults: list[str] = []
    where = f"{row['choice']!r}"
    values = []
    for heading, cell in zip(headings, row["cells"]):
        value = Fraction(cell["title"])
        values.append(value)
        expected = shown_chance(value)
        if cell["text"] != expected:
            faults.append(f"{where}, column {heading!r}: shows {cell['text']!r}, its exact "
                          f"value {value} reads {expected!r}")
    why = row["why"]
    dice = DICE.search(row["choice"].replace(" ★ best", ""))

    def states(column: int, stated: Fraction, words: str) -> None:
        if stated != values[column]:
            faults.append(f"{where}: the sentence says {words} ({float(stated):.1%}) for column "
                          f"{headings[column]!r}, which shows {row['cells'][column]['text']}: "
                          f"{why!r}")

    if m := WAYS.match(why):
        total, n = int(m.group(1)), int(m.group(2))
        if total != 6 ** n:
            faults.append(f"{where}: {n} dice fall {6 ** n} ways, not {total}: {why!r}")
        if dice and int(dice.group(1)) != n:
            faults.append(f"{where}: the row rolls {dice.group(1)} dice, its sentence {n}")
        for column, heading in enumerate(headings):
            phrase = next((p for key, p in COLUMN_PHRASES.items() if key in heading), None)
            found = phrase and re.search(r"(\d+)(?: reach \d+| show \d+ dice alike)? "
                                         + re.escape(phrase), why)
            if not found:
                faults.append(f"{where}: the sentence does not say which count is column "
                              f"{heading!r}: {why!r}")
                continue
            states(column, Fraction(int(found.group(1)), total),
                   f"{found.group(1)} of {total}")
    elif m := MOVE.match(why):
        n, one, both, grace = map(int, m.groups())
        counts = {"level I": n - one - both - grace, "level II": one, "level III": both}
        for column, heading in enumerate(headings):
            if heading not in counts:
                faults.append(f"{where}: no count in the sentence for column {heading!r}")
                continue
            states(column, Fraction(counts[heading], n), f"{counts[heading]} of {n}")
    elif m := MONSTER.match(why):
        if dice and int(dice.group(1)) != int(m.group(1)):
            faults.append(f"{where}: the row rolls {dice.group(1)} dice, its sentence "
                          f"{m.group(1)}")
    elif (m := DUEL.match(why)) or (m := CONTEST.match(why)):
        from boardlib.amber_route import odds as exact

        a, low = int(m.group(1)), int(m.group(2))
        high = int(m.group(3) or low)
        if high - low + 1 != len(headings) and len(headings) > 1:
            faults.append(f"{where}: the sentence names {low}–{high} dice for the other side, "
                          f"the table has {len(headings)} columns ({headings}): {why!r}")
        for column in range(len(headings)):
            d = min(low + column, high)
            if m.re is DUEL:
                attacker = exact.duel_win(a, d)
            else:
                attacker = exact.contest_win(a, d, int(m.group(4)), int(m.group(5)))
            sides = {f"{a} dice against {d}": attacker}
            if headings == ["win the fight"]:  # the attacker's or the defender's own chance
                mine = int(dice.group(1)) if dice else None
                sides = {words: chance for words, chance in
                         ((f"{a} dice against {d}, for the attacker", attacker),
                          (f"{a} dice against {d}, for the defender", 1 - attacker))
                         if mine == (a if "attacker" in words else d)}
                if not sides:
                    faults.append(f"{where}: the row's dice are neither side's in {why!r}")
                    continue
            if values[column] not in sides.values():
                words, chance = next(iter(sides.items()))
                states(column, chance, words)
    elif counts := re.findall(r"(\d+) of (?:the )?(\d+)\b", why):  # the old form (#33.9)
        for count, total in counts:
            faults.append(f"{where}: the sentence counts {count} of {total} "
                          f"({int(count) / int(total):.0%}) without saying which column it is; "
                          f"the row shows {[c['text'] for c in row['cells']]} under "
                          f"{headings}: {why!r}")
    elif not NO_NUMBERS.match(why):
        faults.append(f"{where}: a sentence no check here knows (add its form): {why!r}")
    return faults


def odds_table_faults(table: dict[str, Any]) -> list[str]:
    return [fault for row in table["rows"] for fault in odds_row_faults(table["headings"], row)]


# ===== reading the page =========================================================================
# Every cell in order: a markdown cell's rendered text, a code cell's output texts (with the
# texts of SVG pictures that JupyterLab shows as <img>, which innerText cannot see).
CELLS_JS = """
async () => {
  const svgTexts = (src) => {
    const data = src.slice(src.indexOf(',') + 1);
    const xml = src.includes(';base64,') ? atob(data) : decodeURIComponent(data);
    const doc = new DOMParser().parseFromString(xml, 'image/svg+xml');
    return [...doc.querySelectorAll('text')].map(t => t.textContent).join('\\n');
  };
  return [...document.querySelectorAll('.jp-NotebookPanel .jp-Notebook .jp-Cell')].map(cell => {
    if (cell.classList.contains('jp-MarkdownCell')) {  // the rulebook's quotes are verbatim
      const md = cell.querySelector('.jp-RenderedMarkdown')?.cloneNode(true);
      md?.querySelectorAll('blockquote').forEach(quote => quote.remove());
      return {kind: 'markdown', text: md ? md.textContent : '', outputs: []};
    }
    const outputs = [...cell.querySelectorAll('.jp-OutputArea-output')].map(out => {
      const pictures = [...out.querySelectorAll('img[src^="data:image/svg+xml"]')]
        .map(img => svgTexts(img.getAttribute('src')));
      return [out.innerText, ...pictures].join('\\n');
    });
    return {kind: 'code', text: '', outputs};
  });
}
"""

# Each board's canvas texts, from the renderers in the kernel (one line, typed as a student would).
SCENES_CELL = ('import gc, json; from widgets.canvas import CanvasRenderer as _R; '
               'print("SCENES-JSON " + json.dumps([[r.scene.title, [s.text for s in '
               'r.scene.shapes if hasattr(s, "text")]] for r in gc.get_objects() '
               'if isinstance(r, _R)], ensure_ascii=False))')

ODDS_JS = """
(index) => {
  const panel = document.querySelectorAll('.boardlib-odds')[index];
  if (!panel) return null;
  return [...panel.querySelectorAll('table')].map(table => {
    const trs = [...table.querySelectorAll('tr')];
    const heads = [...trs[0].querySelectorAll('th')].map(th => th.innerText.trim());
    const rows = [];
    for (const tr of trs.slice(1)) {
      const tds = [...tr.querySelectorAll('td')];
      if (tds.length === 1 && tds[0].hasAttribute('colspan')) {
        if (rows.length) rows[rows.length - 1].why = tds[0].innerText.trim();
        continue;
      }
      rows.push({choice: tds[0].innerText.trim(), why: '',
                 cells: tds.slice(1).map(td => ({text: td.innerText.trim(),
                                                 title: td.getAttribute('title')}))});
    }
    return {subject: heads[0], headings: heads.slice(1), rows};
  });
}
"""


def page_cells(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate(CELLS_JS))


def page_scenes(page: Page) -> list[tuple[str, list[str]]]:
    """The title and texts of every board drawn on a canvas (asked of the kernel)."""
    pages.run_in_new_cell(page, SCENES_CELL)
    said = pages.wait_until(lambda: next((t for t in page.locator(".jp-OutputArea-output")
                                          .all_inner_texts() if t.startswith("SCENES-JSON ")),
                                         None), 10.0, "the kernel to list its boards' texts")
    return [(title, texts) for title, texts in json.loads(said[len("SCENES-JSON "):])]


def word_faults(page: Page, cells: list[dict[str, Any]] | None = None) -> list[str]:
    """Every fault of item 10 on the page: in the output texts, and on the canvases."""
    cells = page_cells(page) if cells is None else cells
    faults = []
    for number, cell in enumerate(cells):
        for text in (*cell["outputs"], cell["text"]):
            faults += [f"cell {number}: {fault}" for fault in text_faults(text)]
    faults += band_faults(cells)
    for title, texts in page_scenes(page):
        for text in texts:
            faults += [f"canvas {title[:50]!r}: {fault}" for fault in text_faults(text)]
        faults += scene_faults(title, texts)
    return sorted(set(faults))


def odds_tables(page: Page, index: int) -> list[dict[str, Any]]:
    return page.evaluate(ODDS_JS, index) or []


def twin_faults(tables: list[dict[str, Any]], twin: Any) -> list[str]:
    """The page's tables against the same position's odds computed in this process."""
    odds = twin.odds()
    expected = [] if odds is None else [odds, *odds.then]
    if len(tables) != len(expected):
        return [f"the page shows {len(tables)} tables, the twin {len(expected)}"]
    faults = []
    for shown, table in zip(tables, expected):
        if shown["headings"] != list(table.headings):
            faults.append(f"headings {shown['headings']} on the page, {table.headings} here")
        if len(shown["rows"]) != len(table.rows):
            faults.append(f"{len(shown['rows'])} rows on the page, {len(table.rows)} here")
        for got, row in zip(shown["rows"], table.rows):
            best = " ★ best" if row.best else ""
            if got["choice"] != row.choice + best or got["why"] != row.why:
                faults.append(f"row {got['choice']!r} / {got['why']!r} on the page, "
                              f"{row.choice + best!r} / {row.why!r} here")
            if [c["title"] for c in got["cells"]] != [str(c) for c in row.chances]:
                faults.append(f"row {row.choice!r}: {[c['title'] for c in got['cells']]} on the "
                              f"page, {[str(c) for c in row.chances]} here")
    return faults


def check_panel(page: Page, index: int, twin: Any, where: str,
                faults: list[str]) -> list[dict[str, Any]]:
    """Board ``index``'s odds tables: each row against its sentence, all against the twin
    (what is wrong is added to ``faults``, so that one run shows every table's faults)."""
    tables = odds_tables(page, index)
    found = twin_faults(tables, twin)
    for table in tables:
        found += odds_table_faults(table)
    faults += [f"{where}: {fault}" for fault in found]
    return tables


def rule_steps(notebook: Path) -> list[str]:
    """The lesson steps a rules notebook shows, in page order (one board, one odds panel each)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return re.findall(r'(?:lesson\.step\(|RuleStep\("amber_route", )"(\w+)"\)', source)


def several_dice_rows(tables: list[dict[str, Any]]) -> int:
    """Rows of a challenge (dice alone / guards / amber) with two dice or more."""
    return sum(1 for table in tables if "dice alone" in table["headings"]
               for row in table["rows"] if (m := DICE.search(row["choice"].replace(" ★ best", "")))
               and int(m.group(1)) >= 2)


def shot(page: Page, panel_index: int, name: str) -> None:
    panel = page.locator(".boardlib-odds").nth(panel_index)
    panel.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panel.screenshot(path=str(SCREENSHOTS / name))


def press(page: Page, index: int, twin: Any, action: str) -> None:
    """Press the move button of ``action`` under board ``index`` (by its words, as the twin
    says them), play it on the twin, and wait until the page has recorded it."""
    words = twin.spec.action_words(action, twin.seen(), twin.lang)
    page.locator(".boardlib-moves").nth(index).locator("button", has_text=words).first.click()
    twin.play(action)
    recorded = pages.wait_for_history(page, len(twin.state.history), index)
    assert recorded["move"] == action, (action, recorded)


def die_choices(page: Page, index: int, twin: Any) -> None:
    """Click the first die of board ``index`` (partly scrolled out of view): its guard and amber
    choices open beside it, in words ("Guard: raise die 1 from 4 to 5", once "die 1 4 → 5")."""
    pages.scroll_board_partly_out(page, pages.LAB_SCROLLER, 40, index)
    point = twin.scene.center_of("die-0")
    pages.click_target(page, point, index)
    twin.click(*point)
    words = [button.description for button in twin.chooser.children[1:-1]]
    chooser = page.locator(".boardlib-chooser").nth(index)
    assert len(words) >= 2, words
    pages.wait_until(lambda: all(w in chooser.inner_text() for w in words), 10.0,
                     f"the die's choices {words}")


def wait_for_panel(page: Page, index: int, twin: Any) -> None:
    """Until the page's panel shows the twin's rows (the kernel has answered the move)."""
    odds = twin.odds()
    want = [] if odds is None else [row.why for row in odds.rows]
    pages.wait_until(lambda: [r["why"] for t in odds_tables(page, index)[:1] for r in t["rows"]]
                     == want, 10.0, f"board {index}'s odds panel to show the twin's rows")
