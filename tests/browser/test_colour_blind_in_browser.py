"""Colour is never the only cue on any board, in the real browser (#27).

For each game a board is typed into a notebook in JupyterLab (a bot in the other seat) and a
few moves are played, so that legal targets are outlined and last moves are tagged; its twin
here plays the same moves with the same seed, so the test knows the scene the page drew. The
board's canvas is photographed at its own size (one canvas pixel per scene unit, nothing
stretched), and the photograph is shown as a person with protanopia, deuteranopia or
tritanopia sees it — Machado, Oliveira & Fernandes (2009), IEEE TVCG 15(6):1291–1298, at
severity 1.0, in linear RGB (tests/browser/colour_vision.py). In each, the outline of every
legal target must still differ clearly from what is around it: the CIE 1976 difference ΔE*ab
between the median colour of the outline's band and that of a ring just outside it is at least
``MIN_DELTA_E``. The last move and the seats are checked in the scene itself: each last-move
tag carries its seat's name in words, each seat its name, the seat to move a "▶", and a pawn in
a seat's colour its seat's number. Screenshots: test-artifacts/screenshots/colour__*.png (the
board as drawn, each simulation, and where the bands and rings were measured).
"""

from __future__ import annotations

import base64
import importlib
import io
import math
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from tests.browser import pages
from tests.browser.colour_vision import (
    KINDS,
    Array,
    delta_e,
    hex_rgb,
    median_lab,
    ring_masks,
)
from tests.browser.colour_vision import lab as to_lab
from tests.browser.colour_vision import simulate as simulated
from tests.browser.conftest import ROOT, SCREENSHOTS, Server
from tests.browser.test_in_browser import open_in_lab
from widgets import BOARDS
from widgets.overlays import OUTLINES, TAG_STYLE
from widgets.scene import Circle, Rect, Scene, Text, box_of

if TYPE_CHECKING:
    from playwright.sync_api import Page

NOTEBOOK = ROOT / "notebooks" / "index.ipynb"  # any notebook: the board is typed in a new cell
SEATS = 2
SEED = 5
LOOK_AHEAD = 12  # person moves tried when choosing the position to photograph
RING = 4.0  # px: how deep the rings outside and inside an outline reach
MIN_PIXELS = 20  # a band or ring with fewer measurable pixels is itself a finding
# CIE76 ΔE*ab of 2.3 is about one just-noticeable difference for large patches side by side
# (Mahy, Van Eycken & Oosterlinck 1994; Sharma 2003). A legal target's outline is a line a few
# pixels wide that a student must notice at a glance across the board, not a patch to compare
# with care, and discrimination falls for thin lines (small-field tritanopia weakens blue–yellow
# differences most). So the floor is about six and a half JNDs: two colours ΔE ≥ 15 apart read
# as clearly different colours (or lightnesses), not as shades of one. Fixed before measuring:
# a target under it is a finding to fix in widgets/overlays.py, not a number to lower.
MIN_DELTA_E = 15.0
NORMAL_BAND_DELTA_E = 3.0  # the unsimulated band is the outline's own colour: the masks fit

CANVAS_JS = """
(index) => {
  const el = document.querySelectorAll('.boardlib-canvas')[index];
  const canvas = el.tagName === 'CANVAS' ? el : el.querySelector('canvas');
  const box = canvas.getBoundingClientRect();
  return {css: [box.width, box.height], pixels: [canvas.width, canvas.height],
          ratio: window.devicePixelRatio, label: canvas.getAttribute('aria-label')};
}
"""


def plan(game: str, bots: dict[int, str]) -> tuple[list[str], list[str]]:
    """The person's moves to play before the photograph, chosen on a scratch board — each time
    the first move with a place on the board, a kind that leaves a last-move tag first — up to
    the position with the most outlined targets among the first ``LOOK_AHEAD`` (then the most
    tagged seats; the earliest of equals); and the cues in words found at every position on
    the way (``check_cues_in_words``, which each of them passes)."""
    from widgets import Board

    board = Board(game, players=SEATS, seed=SEED, bots=bots, controls=None)
    control, spec = board.controller, BOARDS[game]
    played: list[str] = []
    best: tuple[int, int] = (-1, -1)
    chosen: list[str] = []
    cues = check_cues_in_words(game, control)
    for _move in range(LOOK_AHEAD):
        if control.state.is_terminal():
            break
        seat, seen = control.state.current_player(), control.seen()
        moves = [move.action for move in control.keyboard_moves()]
        placed = [move for move in moves if spec.target_of(move, seat, seen)]
        tagged = [move for move in placed if move.split()[0] not in spec.untagged]
        move = (tagged or placed or moves)[0]
        control.play(move)
        played.append(move)
        cues += check_cues_in_words(game, control)
        score = (len(control.scene.layer("highlights")), len(last_tags(control)))
        if score > best:
            best, chosen = score, list(played)
    assert any(cue.startswith("tag ") for cue in cues), (
        f"{game}: no last-move tag in {len(played)} moves: nothing to check it by")
    return chosen, cues


def last_tags(control: Any) -> dict[str, str]:
    """The controller's last-move tags now: target → words."""
    return dict(control.last_move_tags(control.seen(), set(control.scene.ids())))


def coloured_board(page: Page, game: str) -> tuple[int, Any, list[str]]:
    """A board typed into the open notebook, the student in seat 1 and the game's rule-of-
    thumb bot in the other, with the planned moves played; its twin here, the same moves
    played (same seed: the same draws, the same bot answers); the cues in words on the way."""
    from boardlib import GAMES
    from widgets import Board

    bots = {1: GAMES[game].rule_bots[0]}
    moves, cues = plan(game, bots)
    code = (f"from widgets import Board; board = Board({game!r}, "
            f"players={SEATS}, seed={SEED}, bots={bots!r}, controls='moves'); "
            f"_ = [board.play(move) for move in {moves!r}]; board")
    index = pages.run_board_in_new_cell(page, code, 15.0, "the typed board")
    twin = Board(game, players=SEATS, seed=SEED, bots=bots, controls="moves")
    for move in moves:
        twin.play(move)
    mine = [str(action) for seat, action in twin.controller.match.moves if seat not in bots]
    assert mine == moves, f"the twin refused a planned move: played {mine}, planned {moves}"
    return index, twin, cues


def photograph(page: Page, index: int, scene: Scene, words: str) -> Array:
    """The board's canvas as the page shows it, one canvas pixel per scene unit: the viewport
    grown until the canvas is drawn at its own size (never stretched, never shrunk)."""
    page.set_viewport_size({"width": max(1400, int(scene.width) + 700),
                            "height": int(scene.height) + 700})
    canvas = page.locator(".boardlib-canvas").nth(index)
    if canvas.evaluate("el => el.tagName") != "CANVAS":
        canvas = canvas.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    page.mouse.move(0, 0)  # no pointer over the board
    seen = pages.wait_until(
        lambda: (c := page.evaluate(CANVAS_JS, index))["label"] == words
        and c["css"] == [scene.width, scene.height] and c,
        20.0, f"the canvas drawn at its own size {scene.width}x{scene.height}, the twin's "
              f"position in its label (last: {page.evaluate(CANVAS_JS, index)})")
    assert seen["ratio"] == 1 and seen["pixels"] == [scene.width, scene.height], seen
    pages.wait_until(lambda: steady(page, index), 15.0, "the canvas to stop changing")
    stored = png_pixels(base64.b64decode(
        canvas.evaluate("el => el.toDataURL('image/png')").split(",", 1)[1]))
    box = canvas.bounding_box()
    assert box is not None, "the board's canvas is not displayed"
    # The page places the canvas at a fractional CSS offset and Chromium snaps it to whole
    # pixels: the photograph is the one of the snapped places that shows the canvas's own
    # pixels (a canvas shown scaled or shifted would match none of them).
    shots = []
    for x, y in {(math.floor(box["x"]), math.floor(box["y"])),
                 (math.floor(box["x"]), math.ceil(box["y"])),
                 (math.ceil(box["x"]), math.floor(box["y"])),
                 (math.ceil(box["x"]), math.ceil(box["y"]))}:
        shot = png_pixels(page.screenshot(
            clip={"x": x, "y": y, "width": scene.width, "height": scene.height},
            animations="disabled", caret="hide"))
        shots.append((float(np.abs(shot.astype(int) - stored).mean()), (x, y), shot))
    off, where, pixels = min(shots, key=lambda s: s[0])
    assert pixels.shape[:2] == (scene.height, scene.width), (pixels.shape, where)
    assert off < 0.5, (f"no photograph of the canvas shows its own pixels (at best a mean "
                       f"difference of {off:.2f} per channel, at {where}): is it scaled?")
    return pixels


def png_pixels(data: bytes) -> Array:
    """A PNG's pixels, H×W×3 sRGB."""
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def steady(page: Page, index: int) -> bool:
    """Whether board ``index``'s pixels stay the same for a third of a second."""
    before = pages.pixels(page, index)
    page.wait_for_timeout(330)
    return bool(pages.pixels(page, index) == before)


def covered_by_marks(scene: Scene) -> Array:
    """The pixels that the marks layer (above the outlines: tags, their lines, badges, the
    header, a callout) may paint: an outline is not measured where a mark hides it."""
    size = (int(scene.width), int(scene.height))
    covered = np.zeros((size[1], size[0]), dtype=bool)
    for shape in scene.layer("marks"):
        x0, y0, x1, y1 = box_of(shape)
        pad = shape.size / 2 if isinstance(shape, Text) else shape.style.width / 2 + 2
        covered[max(0, int(y0 - pad)):max(0, int(np.ceil(y1 + pad))),
                max(0, int(x0 - pad)):max(0, int(np.ceil(x1 + pad)))] = True
    return covered


def outline_regions(scene: Scene) -> list[tuple[Rect, dict[str, Array]]]:
    """Every outline on the board with its band and the rings outside and inside it, less the
    pixels a mark covers and (for the rings) those another outline paints."""
    size = (int(scene.width), int(scene.height))
    rects = [shape for shape in scene.layer("highlights") if isinstance(shape, Rect)]
    masks = [ring_masks((r.x, r.y, r.x + r.w, r.y + r.h), r.style.width, size, RING)
             for r in rects]
    hidden = covered_by_marks(scene)
    regions = []
    for i, (rect, mask) in enumerate(zip(rects, masks)):
        others = np.zeros_like(hidden)
        for j, other in enumerate(masks):
            if j != i:
                others |= other["stroke"]
        regions.append((rect, {"band": mask["band"] & ~hidden,
                               "outside": mask["outside"] & ~hidden & ~others,
                               "inside": mask["inside"] & ~hidden & ~others}))
    return regions


def target_of(rect: Rect, scene: Scene) -> str:
    """The click target an outline goes round (the one whose box it frames)."""
    for shape in scene.targets():
        x0, y0, x1, _ = box_of(shape)
        if abs(x0 - 3 - rect.x) < 0.01 and abs(y0 - 3 - rect.y) < 0.01 \
                and abs(x1 - x0 + 6 - rect.w) < 0.01:
            return str(shape.id)
    return f"outline at {rect.x:.0f},{rect.y:.0f}"


def check_cues_in_words(game: str, control: Any) -> list[str]:
    """What tells the seats and the last moves apart besides colour, read from the scene: each
    last-move tag's words name its seat (and no two seats' tags say the same), each seat's
    name is written on the board, the seat to move's with a "▶", and a pawn in a seat's
    colour carries that seat's number (``control``: a board's controller, at any position).
    Returns the cues found, for the report."""
    scene: Scene = control.scene
    names = control.names()
    found: list[str] = []
    tags = last_tags(control)
    marks = scene.layer("marks")
    tag_rects = [s for s in marks if isinstance(s, Rect) and s.style == TAG_STYLE]
    for target, words in tags.items():
        seats = [seat for seat, name in enumerate(names) if name in words]
        assert len(seats) == 1, f"{game}: the last-move tag {words!r} names no single seat"
        texts = [s for s in marks if isinstance(s, Text) and s.text == words]
        assert texts, f"{game}: the tag {words!r} of {target} is not written on the board"
        inside = [r for r in tag_rects if r.contains(texts[0].x, texts[0].y)]
        assert inside, f"{game}: the words {words!r} are not on a last-move tag"
        found.append(f"tag {words!r} on {target}")
    assert len(set(tags.values())) == len(tags), f"{game}: two tags say the same: {tags}"
    board_texts = [s.text for s in scene.shapes if isinstance(s, Text) and s.layer != "marks"]
    to_move = control.state.current_player()
    for seat, name in enumerate(names):
        labels = [t for t in board_texts if name in t]
        assert labels, f"{game}: {name} is not written anywhere on the board"
        pointed = [t for t in labels if t.startswith("▶")]
        if seat == to_move:
            assert pointed, f"{game}: the seat to move ({name}) has no ▶: {labels}"
        else:
            assert not pointed, f"{game}: {name} is not to move but has a ▶: {pointed}"
        found.append(f"seat {(pointed or labels)[0]!r}")
    view = importlib.import_module(f"widgets.{game}.view")
    colours = tuple(getattr(view, "SEAT_COLOURS", ()))
    for pawn in (s for s in scene.shapes if isinstance(s, Circle) and s.style.fill in colours):
        seat = colours.index(pawn.style.fill)
        digits = [s for s in scene.shapes if isinstance(s, Text) and s.text == str(seat + 1)
                  and pawn.contains(s.x, s.y)]
        assert digits, f"{game}: a pawn in {names[seat]}'s colour has no number on it"
        found.append(f"pawn {seat + 1} numbered")
    return found


def save_png(pixels: Array, name: str) -> None:
    from PIL import Image

    Image.fromarray(pixels).save(SCREENSHOTS / name)


def where_measured(pixels: Array, regions: list[tuple[Rect, dict[str, Array]]],
                   ) -> Array:
    """The board in grey, each band in magenta, each outside ring in green, each inside ring
    in yellow: the picture of what was compared."""
    grey = np.repeat(pixels.mean(axis=-1, keepdims=True), 3, axis=-1).astype(np.uint8)
    shown = (grey * 0.6 + 90).astype(np.uint8)
    for _rect, mask in regions:
        shown[mask["outside"]] = (0, 170, 0)
        shown[mask["inside"]] = (230, 200, 0)
        shown[mask["band"]] = (220, 0, 200)
    return shown


@pytest.mark.parametrize("game", list(BOARDS))
def test_every_legal_target_stands_out_in_each_colour_blindness(page: Page, lab: Server,
                                                                game: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    open_in_lab(page, lab, NOTEBOOK)
    index, twin, cues = coloured_board(page, game)
    pages.wait_for_drawn_canvases(page)
    pages.wait_for_history(page, len(twin.controller.state.history), index)
    scene: Scene = twin.controller.scene
    regions = outline_regions(scene)
    control = twin.controller
    seat, seen = control.state.current_player(), control.seen()
    legal = {target for action in control.state.legal_actions()
             if (target := control.spec.target_of(action, seat, seen)) in set(scene.ids())}
    assert regions, f"{game}: no legal target is outlined in the photographed position"
    assert {target_of(rect, scene) for rect, _ in regions} == legal, "an outline is missing"
    assert all((r.style.stroke, r.style.width, r.style.dash) == OUTLINES["legal"]
               for r, _ in regions), "only legal outlines are expected here"

    cues += check_cues_in_words(game, control)
    pixels = photograph(page, index, scene, control.position_words())
    save_png(pixels, f"colour__{game}__normal.png")
    save_png(where_measured(pixels, regions), f"colour__{game}__measured.png")
    for rect, mask in regions:
        for part in ("band", "outside"):
            assert mask[part].sum() >= MIN_PIXELS, (
                f"{game}: the {part} of the outline of {target_of(rect, scene)} has only "
                f"{mask[part].sum()} pixels left to see (a mark or another outline covers it)")
        drawn = float(delta_e(median_lab(pixels, mask["band"]),
                              to_lab(np.array(hex_rgb(str(rect.style.stroke))))))
        assert drawn <= NORMAL_BAND_DELTA_E, (
            f"{game}: the band measured round {target_of(rect, scene)} is not the outline's "
            f"colour (ΔE {drawn:.1f}): the photograph and the twin's scene do not line up")

    failures: list[str] = []
    report = [f"{game}: {len(regions)} outlined targets photographed; cues in words checked "
              f"at every position on the way: {'; '.join(sorted(set(cues)))}"]
    for kind in KINDS:
        seen_as = simulated(pixels, kind)
        save_png(seen_as, f"colour__{game}__{kind}.png")
        apart = []
        for rect, mask in regions:
            band = median_lab(seen_as, mask["band"])
            outside = float(delta_e(band, median_lab(seen_as, mask["outside"])))
            inside = (float(delta_e(band, median_lab(seen_as, mask["inside"])))
                      if mask["inside"].sum() >= MIN_PIXELS else float("nan"))
            apart.append((outside, inside, target_of(rect, scene)))
            if outside < MIN_DELTA_E:
                failures.append(f"{kind}: {target_of(rect, scene)} ΔE {outside:.1f} "
                                f"from its surroundings")
        low = min(apart)
        inner = min((a for a in apart if a[1] == a[1]), key=lambda a: a[1], default=None)
        report.append(f"{game} {kind}: smallest ΔE to the surroundings {low[0]:.1f} "
                      f"({low[2]})" + (f"; to the target inside {inner[1]:.1f} ({inner[2]})"
                                       if inner else ""))
    print("\n".join(report))
    assert not failures, (f"{game}: legal targets lost in a colour blindness (ΔE < "
                          f"{MIN_DELTA_E}):\n" + "\n".join(failures))
