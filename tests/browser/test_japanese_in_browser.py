"""The Japanese checks (tests/browser/japanese.py) catch what they must (issue #30.4).

The sweep (test_in_browser.py) applies them to every Japanese twin after Run All, and the
classroom tests to the Japanese classroom pages; here they are fed a page with a character no
font has and text with English left in it, and must report exactly those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.browser.japanese import english_runs, japanese_characters, japanese_faults, tofu

if TYPE_CHECKING:
    from playwright.sync_api import Page

KANJI = ("盤面のタイルを袋から引き、地滑りが入口をふさぐ前に出土品を救い出します。"
         "確率は正確な値で示します。")


def test_english_runs_are_found_and_names_pass() -> None:
    assert english_runs("タイルを引きます。Take a tile from the bag.") == [
        "Take a tile from the bag"]
    assert english_runs("メニューの Run → Run All Cells を選びます（Krzysztof Matusik 作）。") == []
    assert english_runs("`boardlib` の GreedyBot と Board を使います。") == []  # 3 words apart


def test_japanese_characters_are_each_listed_once() -> None:
    assert japanese_characters(["あいあ", "abc漢、"]) == ["あ", "い", "漢", "、"]


def test_tofu_is_seen_and_rendered_kanji_pass(page: Page) -> None:
    page.set_content(f"<div class='jp-RenderedMarkdown'><p>{KANJI}</p></div>")
    assert tofu(page, japanese_characters([KANJI])) == []
    no_font = "\U000f0001"  # a private-use code point: no installed font draws it
    assert tofu(page, ["盤", no_font, "面"]) == [no_font]


def test_a_japanese_page_with_english_left_is_faulted(page: Page) -> None:
    page.set_content("<div class='jp-RenderedMarkdown'>"
                     f"<p>{KANJI}</p><p>This sentence was never translated.</p>"
                     "<blockquote>The rulebook's English may stay in a quote.</blockquote></div>")
    faults = japanese_faults(page)
    assert faults == ["markdown 0: English left: 'This sentence was never translated'"], faults
