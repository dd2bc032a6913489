"""The classroom pages (classroom/*.ipynb, shown by Voila) are the ones the script writes.

They are generated from one template per board in ``widgets.BOARDS``; when a board is added
or a game's facts change, this fails until ``python scripts/classroom_pages.py`` is run again.
(tests/browser/test_classroom_in_browser.py plays them in Voila.)
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from widgets import BOARDS

ROOT = Path(__file__).resolve().parents[1]
CLASSROOM = ROOT / "classroom"


def _script():
    spec = importlib.util.spec_from_file_location("classroom_pages",
                                                  ROOT / "scripts" / "classroom_pages.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_pages_are_what_the_script_writes():
    wanted = _script().pages()
    present = set(CLASSROOM.glob("*.ipynb"))
    missing = sorted(p.name for p in wanted if p not in present)
    extra = sorted(p.name for p in present - set(wanted))
    stale = sorted(p.name for p, text in wanted.items()
                   if p in present and p.read_text(encoding="utf-8") != text)
    assert not (missing or extra or stale), (
        f"classroom/ is out of date (missing {missing}, no board for {extra}, changed {stale}): "
        "run python scripts/classroom_pages.py and commit classroom/"
    )


@pytest.mark.parametrize(("lang", "suffix"), [("en", ""), ("ja", ".ja")])
def test_there_is_a_page_per_board_and_the_start_page_links_each(lang, suffix):
    """A page per board in each language, and the teacher's live view of the class (#26);
    each start page links its own language's pages and offers the other language (#30.2)."""
    index = json.loads((CLASSROOM / f"index{suffix}.ipynb").read_text(encoding="utf-8"))
    text = "".join(cell["source"] for cell in index["cells"])
    links = set(re.findall(r"\]\(([a-z0-9_]+(?:\.ja)?)\.ipynb\)", text))
    other = "index.ja" if lang == "en" else "index"
    assert links == {*(game + suffix for game in BOARDS), "teacher", other}, (
        f"the {lang} start page links {sorted(links)}, boards are {list(BOARDS)} (and the "
        "teacher's, and the start page in the other language)")


@pytest.mark.parametrize("game", list(BOARDS))
def test_a_japanese_game_page_is_the_english_one_in_japanese(game):
    """The same board, seats and bots, told in Japanese, each page linking the other (#30.2)."""
    from boardlib import GAMES

    english, japanese = (json.loads((CLASSROOM / f"{game}{s}.ipynb").read_text(encoding="utf-8"))
                         for s in ("", ".ja"))
    code_en, code_ja = ([c["source"] for c in page["cells"] if c["cell_type"] == "code"]
                        for page in (english, japanese))
    assert code_ja == [code_en[0].removesuffix(")") + ", lang='ja')"]
    text_en, text_ja = ("".join(c["source"] for c in page["cells"] if c["cell_type"] == "markdown")
                        for page in (english, japanese))
    assert f"]({game}.ja.ipynb)" in text_en and f"]({game}.ipynb)" in text_ja
    assert text_ja.startswith(f"# {GAMES[game].titles['ja']}\n")
    assert "遊び方" in text_ja and "How to play" not in text_ja


def test_a_game_page_is_one_board_with_every_control_and_valid_seats():
    from boardlib import GAMES

    script = _script()
    for game in BOARDS:
        players, bots = script.seats(game)
        info = GAMES[game]
        assert players in info.player_counts
        assert 0 not in bots, "seat 1 is the student's"
        assert set(bots) == set(range(1, players)) and set(bots.values()) <= set(info.bots)
        page = json.loads((CLASSROOM / f"{game}.ipynb").read_text(encoding="utf-8"))
        code = [c for c in page["cells"] if c["cell_type"] == "code"]
        assert len(code) == 1 and not code[0]["outputs"]
        assert f"Board({game!r}" in code[0]["source"] and "controls" not in code[0]["source"], (
            "the board must keep its full controls (seat and bot pickers, odds toggle)"
        )


def test_check_mode_reports_a_stale_page(tmp_path, monkeypatch, capsys):
    script = _script()
    for path, text in script.pages().items():
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(script, "CLASSROOM", tmp_path)
    monkeypatch.setattr(script, "ROOT", tmp_path.parent)
    original = script.pages
    monkeypatch.setattr(script, "pages",
                        lambda: {tmp_path / p.name: t for p, t in original().items()})
    assert script.main(["--check"]) == 0
    (tmp_path / "index.ipynb").write_text("{}", encoding="utf-8")
    assert script.main(["--check"]) == 1
    assert "index.ipynb" in capsys.readouterr().out
