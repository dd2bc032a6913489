"""Write the classroom pages: classroom/index.ipynb and one classroom/<game>.ipynb per board.

Why generated: the pages are the same for every game in ``widgets.BOARDS`` (a board to play
against the bots, its seat and bot pickers, the odds toggle where the game has odds), so they
come from one template. A game registered later gets its page by running this again;
tests/test_classroom.py fails while the committed pages differ from what this writes.

    .venv/bin/python scripts/classroom_pages.py          # write the pages
    .venv/bin/python scripts/classroom_pages.py --check  # exit 1 if they are out of date

Voila shows the pages without their code: ``bash scripts/classroom.sh``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSROOM = ROOT / "classroom"
SEED = 1  # the whole class gets the same deal; the seed box on the page changes it

sys.path.insert(0, str(ROOT))  # run from a clone without installing: boardlib, widgets

# The pages' own text, large enough to read on a projector from the back of a room (issue 31:
# body text ≥ 20 px at 1400×900; Voila's default is 13–14 px). Voila keeps a <style> in a
# markdown cell; JupyterLab's sanitizer drops it, so the lessons' look there is unchanged.
# Only markdown cells: the board and its controls keep their own sizes.
STYLE = """
<style>
.jp-MarkdownCell .jp-RenderedHTMLCommon :is(p, li, td, th) { font-size: 22px; line-height: 1.45; }
.jp-MarkdownCell .jp-RenderedHTMLCommon code { font-size: 0.95em; }
.jp-MarkdownCell .jp-RenderedHTMLCommon h1 { font-size: 40px; }
.jp-MarkdownCell .jp-RenderedHTMLCommon h3 { font-size: 28px; }
.jp-MarkdownCell .jp-RenderedHTMLCommon :is(td, th) { padding: 0.35em 0.8em; }
.jp-MarkdownCell .jp-RenderedHTMLCommon a { text-decoration: underline; }  /* not colour alone */
</style>
"""


def _cell(kind: str, cell_id: str, source: str) -> dict:
    """One notebook cell; ids are fixed so that writing twice gives the same file."""
    cell: dict = {"cell_type": kind, "id": cell_id, "metadata": {}, "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
        cell["metadata"] = {"tags": ["classroom"]}
    return cell


def _notebook(cells: list[dict]) -> str:
    notebook = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def seats(game: str) -> tuple[int, dict[int, str]]:
    """Players and bots for a page: three players where the game allows (else the most it
    allows), the student in seat 1 and the game's own bots in the others, its rule of thumb
    first, then random. Not the lookahead levels: a whole class shares one server, and those
    think for a second a move (the seat menus still offer them)."""
    from boardlib import GAMES

    info = GAMES[game]
    players = 3 if 3 in info.player_counts else max(info.player_counts)
    own = info.rule_bots
    order = [*reversed(own[1:]), own[0]]  # "random" is listed first: put it last
    return players, {seat: order[(seat - 1) % len(order)] for seat in range(1, players)}


def game_page(game: str) -> str:
    """The page of one game: a heading, how to play, the board with every control."""
    from boardlib import GAMES
    from widgets import BOARDS

    info, spec = GAMES[game], BOARDS[game]
    players, bots = seats(game)
    summary = (info.module.__doc__ or info.title).strip().splitlines()[0]
    opponents = ", ".join(f"seat {seat + 1}: the *{name}* bot" for seat, name in bots.items())
    odds = ("\n- **Chances** opens the exact odds of the decision in front of you; a teacher may "
            "ask the class to decide first and open it after." if spec.odds else "")
    # Short above the board, so the board is on screen when the page opens (1400×900).
    intro = f"""# {info.title}

{summary} You play **seat 1**; {opponents}. [← all games](index.ipynb)
{STYLE}"""
    help_text = f"""### How to play

- **Click** an outlined target on the board to make that move. A click that breaks a rule says
  which rule, in the board's header and beside the pointer, and changes nothing.
- **No mouse?** Press Tab to reach the list of moves above the board, ←/→ to go through them
  (the move's place is outlined on the board), Enter to play it; Tab goes on to the buttons.
- **Hint** shows a good move and why; **Undo** takes back your moves (not what chance showed).{odds}
- **Game setup** opens the players, seed and seats; **New game** there starts again with them:
  a seat can be a *person* (friends take turns at this screen) or a bot. The same seed deals
  the same game, so the whole class can play the same deal.

[← all games](index.ipynb)
"""
    code = f"""from widgets import Board

Board({game!r}, players={players}, seed={SEED}, bots={bots!r})"""
    return _notebook([_cell("markdown", "intro", intro), _cell("code", "board", code),
                      _cell("markdown", "help", help_text)])


def index_page() -> str:
    """The start page: one link per game page."""
    from boardlib import GAMES
    from widgets import BOARDS

    rows = []
    for game in BOARDS:
        info = GAMES[game]
        summary = (info.module.__doc__ or "").strip().splitlines()[0].split("—")[-1].strip()
        counts = f"{min(info.player_counts)}–{max(info.player_counts)}"
        rows.append(f"| [**{info.title}**]({game}.ipynb) | {summary} | {counts} |")
    table = "\n".join(rows)
    intro = f"""# Tabletop classroom — play

Choose a game. Each page is a board to play by clicking, against the bots or with friends at
the same screen; no code to read or run.

| game | what you do | players |
|---|---|---|
{table}

The lessons behind these games (rules step by step, probability) are the notebooks in
`notebooks/`; teachers: `docs/teachers.md`, and [the class, live](teacher.ipynb) to follow
the class's answers.
{STYLE}"""
    return _notebook([_cell("markdown", "intro", intro)])


def teacher_page() -> str:
    """The teacher's live view of a class (widgets/teacher.py): no code on screen in Voila."""
    intro = f"""# The class, live · クラスの様子

For the teacher: how to run a lesson this way is in `docs/teachers.md`.
{STYLE}"""
    code = """from widgets.teacher import TeacherView

TeacherView()"""
    return _notebook([_cell("markdown", "intro", intro), _cell("code", "teacher", code)])


def pages() -> dict[Path, str]:
    """Every classroom page, path → text, for the boards registered now."""
    from widgets import BOARDS

    found = {CLASSROOM / "index.ipynb": index_page(), CLASSROOM / "teacher.ipynb": teacher_page()}
    for game in BOARDS:
        found[CLASSROOM / f"{game}.ipynb"] = game_page(game)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a page is missing, stale or extra")
    args = parser.parse_args(argv)
    wanted = pages()
    present = set(CLASSROOM.glob("*.ipynb"))
    stale = sorted(str(p.relative_to(ROOT)) for p, text in wanted.items()
                   if not p.exists() or p.read_text(encoding="utf-8") != text)
    extra = sorted(str(p.relative_to(ROOT)) for p in present - set(wanted))
    if args.check:
        for path in stale:
            print(f"out of date or missing: {path}")
        for path in extra:
            print(f"no board for this page: {path}")
        if stale or extra:
            print("run: python scripts/classroom_pages.py")
        return 1 if stale or extra else 0
    CLASSROOM.mkdir(exist_ok=True)
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    for path in extra:
        (ROOT / path).unlink()
    print(f"wrote {len(wanted)} pages in {CLASSROOM.relative_to(ROOT)}/"
          + (f", removed {', '.join(extra)}" if extra else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
