"""The SVG renderer: the board where numpy (so ipycanvas) is missing, as in JupyterLite offline.

(tests/browser/test_lite_in_browser.py plays it in the browser.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from widgets import Board, board
from widgets.svg_renderer import SvgRenderer

ROOT = Path(__file__).resolve().parents[1]


def test_a_click_message_from_the_page_plays_the_target_and_the_picture_follows(monkeypatch):
    monkeypatch.setattr(board, "Renderer", SvgRenderer)
    game = Board("ambar_fossils", players=2, seed=3, bots={1: "greedy"}, controls=None)
    assert isinstance(game.renderer, SvgRenderer)
    before = game.renderer.canvas.svg
    assert before.startswith("<svg") and game.renderer.canvas.width == int(game.scene.width)
    x, y = game.scene.center_of("down-D")
    game.renderer._message(game.renderer.canvas, {"event": "click", "x": x, "y": y}, [])
    assert [str(a) for _, a in game.match.moves][:1] == ["flip D"]
    assert game.renderer.canvas.svg != before
    game.renderer._message(game.renderer.canvas, {"event": "something else"}, [])  # ignored


def test_without_numpy_the_board_falls_back_to_the_svg_renderer():
    code = (
        "import sys; sys.modules['numpy'] = None\n"  # as in a browser Python without numpy
        "from widgets import Board\n"
        "b = Board('amphipolis', players=2, seed=1, bots={1: 'greedy'})\n"
        "print(type(b.renderer).__name__, 'ipycanvas' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.split()[0] == "SvgRenderer", result.stdout
