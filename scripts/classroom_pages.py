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


# What a page says of its game in Japanese, beside the English summary that opens the game's
# module docstring (the games' own words: boardlib.games has their Japanese titles).
SUMMARIES_JA = {
    "ambar_fossils": "化石を4タイプ・1〜6の数字で積み重ねます。同じ化石を二度見せてはいけません。",
    "amphipolis": "袋からタイルを引き、落石が入口をふさぐ前に出土品を救い出します。",
    "amber_route": "怪物・幽霊・罠のダイスチャレンジをくぐり抜け、海から城へ琥珀を運ぶ競走です。",
    "ambar_2018": "旅のデッキを引いて琥珀を集め、宝石と金に換えます。"
                  "3枚目の黒いカードの前で止まること。",
}

# Each page in each language: the file's suffix and the page's words (str.format fields).
SUFFIX = {"en": "", "ja": ".ja"}
WORDS = {
    "en": {
        "choice": "**English** · [日本語]({other})",
        "switch": "[日本語]({other})",
        "opponent": "seat {seat}: the *{bot}* bot",
        "joiner": ", ",
        "intro": "{summary} You play **seat 1**; {opponents}. [← all games]({index}) · {switch}",
        "odds": "\n- **Chances** opens the exact odds of the decision in front of you; a teacher "
                "may ask the class to decide first and open it after.",
        "help": """### How to play

- **Click** an outlined target on the board to make that move. A click that breaks a rule says
  which rule, in the board's header and beside the pointer, and changes nothing.
- **No mouse?** Press Tab to reach the list of moves above the board, ←/→ to go through them
  (the move's place is outlined on the board), Enter to play it; Tab goes on to the buttons.
- **Hint** shows a good move and why; **Undo** takes back your moves (not what chance showed).{odds}
- **Game setup** opens the players, seed and seats; **New game** there starts again with them:
  a seat can be a *person* (friends take turns at this screen) or a bot. The same seed deals
  the same game, so the whole class can play the same deal.

[← all games]({index})
""",
        "index_title": "# Tabletop classroom — play",
        "index_intro": "Choose a game. Each page is a board to play by clicking, against the bots "
                       "or with friends at\nthe same screen; no code to read or run.",
        "index_head": "| game | what you do | players |",
        "index_after": "The lessons behind these games (rules step by step, probability) are the "
                       "notebooks in\n`notebooks/`; teachers: `docs/teachers.md`, and [the class, "
                       "live](teacher.ipynb) to follow\nthe class's answers.",
    },
    "ja": {  # one line a paragraph or item: a line break inside Japanese shows as a space
        "choice": "[English]({other}) · **日本語**",
        "switch": "[English]({other})",
        "opponent": "席{seat}は *{bot}* ボット",
        "joiner": "、",
        "intro": "{summary}あなたは **席1** です。{opponents}です。"
                 "[← ゲーム一覧]({index}) · {switch}",
        "odds": "\n- **確率** を押すと、いま目の前にある決断の正確な確率が開きます。"
                "先生はクラスに先に決めさせてから開かせることもできます。",
        "help": "\n".join([
            "### 遊び方",
            "",
            "- 盤面の枠で囲まれた場所を **クリック** すると、その手を指します。"
            "ルールに反するクリックは、どのルールに反するかを盤面の見出しとポインターのそばに表示し、"
            "何も変えません。",
            "- **マウスがないときは：** Tab キーで盤面の上の手のリストに移り、←／→ で手を選び"
            "（その手の場所が盤面で枠で示されます）、Enter で指します。"
            "もう一度 Tab でボタンに進みます。",
            "- **ヒント** はよい手とその理由を示します。**取り消し** は自分の手を取り消します"
            "（偶然で出たものは取り消せません）。{odds}",
            "- **ゲームの設定** で人数、シード、席を選び、そこの **新しいゲーム** でやり直します。"
            "席は *人*（友だちと1台の画面で交代）にもボットにもできます。"
            "同じシードなら同じ配り方になるので、クラス全員が同じゲームを遊べます。",
            "",
            "[← ゲーム一覧]({index})",
            "",
        ]),
        "index_title": "# テーブルゲーム教室 — 遊ぶ",
        "index_intro": "ゲームを選んでください。どのページもクリックで遊ぶ盤面です。"
                       "ボットとも、1台の画面で友だちとも遊べます。"
                       "読んだり実行したりするコードはありません。",
        "index_head": "| ゲーム | すること | 人数 |",
        "index_after": "これらのゲームのレッスン（ルールを1つずつ、確率）は "
                       "`notebooks/` のノートブックです"
                       "（日本語版は `*.ja.ipynb`）。先生方へ：`docs/teachers.ja.md`、"
                       "そしてクラスの答えを見るための[クラスの様子](teacher.ipynb)。",
    },
}


def page_name(stem: str, lang: str) -> str:
    """The file of a page in a language: index.ipynb, index.ja.ipynb, …"""
    return f"{stem}{SUFFIX[lang]}.ipynb"


def other_language(lang: str) -> str:
    return "ja" if lang == "en" else "en"


def summary_of(game: str, lang: str) -> str:
    """One sentence on the game: its module's first line in English, SUMMARIES_JA in Japanese."""
    from boardlib import GAMES

    if lang == "ja":
        return SUMMARIES_JA[game]
    info = GAMES[game]
    return (info.module.__doc__ or info.title).strip().splitlines()[0]


def game_page(game: str, lang: str = "en") -> str:
    """The page of one game: a heading, how to play, the board with every control."""
    from boardlib import GAMES
    from widgets import BOARDS
    from widgets.labels import label

    info, spec = GAMES[game], BOARDS[game]
    words = WORDS[lang]
    players, bots = seats(game)

    def bot_name(name: str) -> str:
        try:
            return label(f"bot_{name}", lang, spec.labels)
        except KeyError:
            return name

    opponents = words["joiner"].join(words["opponent"].format(seat=seat + 1, bot=bot_name(name))
                                     for seat, name in bots.items())
    index = page_name("index", lang)
    switch = words["switch"].format(other=page_name(game, other_language(lang)))
    odds = words["odds"] if spec.odds else ""
    # Short above the board, so the board is on screen when the page opens (1400×900): the
    # other language is a link at the end of the line, not a line of its own.
    intro = f"""# {info.titles[lang]}

{words["intro"].format(summary=summary_of(game, lang), opponents=opponents, index=index,
                       switch=switch)}
{STYLE}"""
    help_text = words["help"].format(odds=odds, index=index)
    language = "" if lang == "en" else f", lang={lang!r}"
    code = f"""from widgets import Board

Board({game!r}, players={players}, seed={SEED}, bots={bots!r}{language})"""
    return _notebook([_cell("markdown", "intro", intro), _cell("code", "board", code),
                      _cell("markdown", "help", help_text)])


def index_page(lang: str = "en") -> str:
    """The start page: a choice of language, one link per game page."""
    from boardlib import GAMES
    from widgets import BOARDS

    words = WORDS[lang]
    rows = []
    for game in BOARDS:
        info = GAMES[game]
        summary = summary_of(game, lang)
        if lang == "en":
            summary = summary.split("—")[-1].strip()
        counts = f"{min(info.player_counts)}–{max(info.player_counts)}"
        link = f"[**{info.titles[lang]}**]({page_name(game, lang)})"
        rows.append(f"| {link} | {summary} | {counts} |")
    table = "\n".join(rows)
    choice = words["choice"].format(other=page_name("index", other_language(lang)))
    intro = f"""{words["index_title"]}

{choice}

{words["index_intro"]}

{words["index_head"]}
|---|---|---|
{table}

{words["index_after"]}
{STYLE}"""
    return _notebook([_cell("markdown", "intro", intro)])


def teacher_page() -> str:
    """The teacher's live view of a class (widgets/teacher.py): no code on screen in Voila;
    one page in both languages (its own toggle switches)."""
    intro = f"""# The class, live · クラスの様子

For the teacher: how to run a lesson this way is in `docs/teachers.md`
（日本語：`docs/teachers.ja.md`）.
{STYLE}"""
    code = """from widgets.teacher import TeacherView

TeacherView()"""
    return _notebook([_cell("markdown", "intro", intro), _cell("code", "teacher", code)])


def pages() -> dict[Path, str]:
    """Every classroom page, path → text, for the boards registered now, in each language."""
    from widgets import BOARDS

    found = {CLASSROOM / "teacher.ipynb": teacher_page()}
    for lang in WORDS:
        found[CLASSROOM / page_name("index", lang)] = index_page(lang)
        for game in BOARDS:
            found[CLASSROOM / page_name(game, lang)] = game_page(game, lang)
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
