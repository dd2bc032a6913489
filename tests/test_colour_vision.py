"""The colour-blind simulation and colour difference used by the browser's colour check
(tests/browser/colour_vision.py, tests/browser/test_colour_blind_in_browser.py): fast, no
browser."""

from __future__ import annotations

import numpy as np
import pytest

from tests.browser.colour_vision import (
    KINDS,
    MACHADO_2009,
    Array,
    delta_e,
    hex_rgb,
    lab,
    median_lab,
    ring_masks,
    signed_distance,
    simulate,
    to_linear,
    to_srgb,
)


def test_srgb_decoding_and_encoding_are_inverse_on_every_value() -> None:
    values = np.arange(256, dtype=np.uint8)
    assert (to_srgb(to_linear(values)) == values).all()
    assert to_linear(np.array([0, 255])).tolist() == [0.0, 1.0]
    assert to_linear(np.array([128]))[0] == pytest.approx(0.2158605, abs=1e-6)


def test_lab_of_known_colours() -> None:
    """White, black and sRGB red in CIE L*a*b* (D65): the published values."""
    found = lab(np.array([[255, 255, 255], [0, 0, 0], [255, 0, 0]]))
    assert found[0] == pytest.approx([100.0, 0.0, 0.0], abs=1e-3)
    assert found[1] == pytest.approx([0.0, 0.0, 0.0], abs=1e-6)
    assert found[2] == pytest.approx([53.2408, 80.0925, 67.2032], abs=1e-3)
    assert float(delta_e(found[0], found[1])) == pytest.approx(100.0, abs=1e-3)


@pytest.mark.parametrize("kind", KINDS)
def test_greys_look_the_same_in_every_simulation(kind: str) -> None:
    greys = np.array([[[v, v, v] for v in (0, 17, 128, 200, 255)]], dtype=np.uint8)
    assert np.abs(simulate(greys, kind).astype(int) - greys).max() <= 1


@pytest.mark.parametrize("kind", ["protanopia", "deuteranopia"])
def test_colours_on_a_confusion_line_look_alike_in_red_green_blindness(kind: str) -> None:
    """A dichromat's matrix has rank 2: two colours that differ only along its null direction
    are told apart with normal vision (ΔE over 25 here) and not with the simulation."""
    matrix = np.array(MACHADO_2009[kind])
    assert abs(np.linalg.det(matrix)) < 1e-5
    null = np.linalg.svd(matrix)[2][-1]
    base = np.full(3, 0.35)
    pair = [to_srgb(base + t * null / np.abs(null).max()) for t in (-0.25, 0.25)]
    assert float(delta_e(lab(pair[0]), lab(pair[1]))) > 25
    seen = [simulate(np.array([[colour]]), kind)[0, 0] for colour in pair]
    assert float(delta_e(lab(seen[0]), lab(seen[1]))) < 1.5


def test_red_and_green_look_closer_to_a_deuteranope_and_blue_and_green_to_a_tritanope() -> None:
    red, green, blue = (np.array([[hex_rgb(c)]], dtype=np.uint8)
                        for c in ("#d62728", "#2ca02c", "#1f77b4"))

    def apart(a: Array, b: Array, kind: str | None) -> float:
        if kind:
            a, b = simulate(a, kind), simulate(b, kind)
        return float(delta_e(lab(a[0, 0]), lab(b[0, 0])))

    assert apart(red, green, "deuteranopia") < apart(red, green, None) / 3
    assert apart(blue, green, "tritanopia") < apart(blue, green, None) / 2


def stroked(size: tuple[int, int], box: tuple[int, int, int, int], stroke: int,
            ink: str, paper: str) -> Array:
    """A rectangle's outline as a canvas strokes it (``stroke`` wide, centred on the box's
    edge), drawn with Pillow: an independent picture for the masks to find."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, paper)
    half = stroke // 2
    x0, y0, x1, y1 = box
    ImageDraw.Draw(image).rectangle((x0 - half, y0 - half, x1 + half - 1, y1 + half - 1),
                                    outline=ink, width=stroke)
    return np.asarray(image)


def test_the_masks_find_the_stroke_and_what_is_around_it() -> None:
    pixels = stroked((80, 60), (20, 15, 60, 45), 4, "#00a3ff", "#fbf7ef")
    masks = ring_masks((20, 15, 60, 45), 4.0, (80, 60))
    ink, paper = np.array(hex_rgb("#00a3ff")), np.array(hex_rgb("#fbf7ef"))
    assert (pixels[masks["band"]] == ink).all() and masks["band"].sum() > 100
    assert (pixels[masks["outside"]] == paper).all() and masks["outside"].sum() > 100
    assert (pixels[masks["inside"]] == paper).all() and masks["inside"].sum() > 100
    assert not (masks["band"] & (masks["outside"] | masks["inside"])).any()
    painted = (pixels != paper).any(axis=-1)
    assert not (painted & ~masks["stroke"]).any()  # nothing painted outside "stroke"
    assert signed_distance((20, 15, 60, 45), (80, 60))[30, 40] == pytest.approx(-14.5)


@pytest.mark.parametrize("kind", KINDS)
def test_an_outline_like_the_legal_one_stands_out_and_one_like_the_paper_does_not(
        kind: str) -> None:
    masks = ring_masks((20, 15, 60, 45), 4.0, (80, 60))
    for ink, apart in (("#00a3ff", True), ("#fbf7ef", False)):
        seen = simulate(stroked((80, 60), (20, 15, 60, 45), 4, ink, "#fbf7ef"), kind)
        difference = float(delta_e(median_lab(seen, masks["band"]),
                                   median_lab(seen, masks["outside"])))
        assert (difference >= 15) is apart, (ink, kind, difference)
