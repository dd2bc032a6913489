"""Colour-blind vision on screenshots, and how far apart two colours look: pure numpy.

``simulate(pixels, kind)`` shows an sRGB image as a person with protanopia, deuteranopia or
tritanopia would see it, after

    G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A Physiologically-based Model for
    Simulation of Color Vision Deficiency", IEEE Transactions on Visualization and Computer
    Graphics 15(6), 1291–1298 (2009), doi:10.1109/TVCG.2009.113

— the matrices of its table for severity 1.0 (dichromacy), applied to linear RGB (the model
works on light, not on gamma-encoded values), the result clipped to the gamut and encoded
again. ``lab`` is CIE 1976 L*a*b* (D65 white, the sRGB primaries); ``delta_e`` the CIE 1976
colour difference ΔE*ab, the distance in L*a*b*. ``ring_masks`` picks, on a canvas, the pixels
of a rectangle's stroke and those just outside and inside it (tests/browser/
test_colour_blind_in_browser.py measures every outline of a legal target with them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]

MACHADO_2009 = {  # severity 1.0, linear RGB in → linear RGB out (rows sum to 1: greys stay)
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
KINDS = tuple(MACHADO_2009)

SRGB_TO_XYZ = np.array([(0.4124564, 0.3575761, 0.1804375),  # IEC 61966-2-1, D65
                        (0.2126729, 0.7151522, 0.0721750),
                        (0.0193339, 0.1191920, 0.9503041)])
WHITE_D65 = SRGB_TO_XYZ.sum(axis=1)  # (0.95047, 1.0, 1.08883)


def to_linear(srgb: Array) -> Array:
    """sRGB values 0–255 (any shape ending in 3) as linear light 0–1 (IEC 61966-2-1)."""
    v = np.asarray(srgb, dtype=float) / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: Array) -> Array:
    """Linear light 0–1 as sRGB 0–255 (uint8), clipped to the gamut first."""
    v = np.clip(np.asarray(linear, dtype=float), 0.0, 1.0)
    encoded = np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)
    return np.asarray(np.round(encoded * 255.0), dtype=np.uint8)


def simulate(pixels: Array, kind: str) -> Array:
    """``pixels`` (H×W×3 sRGB, uint8) as seen with ``kind`` (one of ``KINDS``): Machado,
    Oliveira and Fernandes (2009), severity 1.0, in linear RGB."""
    matrix = np.array(MACHADO_2009[kind])
    return to_srgb(to_linear(pixels) @ matrix.T)


def lab(pixels: Array) -> Array:
    """sRGB 0–255 (any shape ending in 3) as CIE L*a*b* (D65), same shape."""
    xyz = to_linear(pixels) @ SRGB_TO_XYZ.T / WHITE_D65
    e, k = 216 / 24389, 24389 / 27
    f = np.where(xyz > e, np.cbrt(xyz), (k * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e(lab1: Array, lab2: Array) -> Array:
    """The CIE 1976 colour difference ΔE*ab between L*a*b* colours (broadcast)."""
    return np.asarray(np.linalg.norm(np.asarray(lab1) - np.asarray(lab2), axis=-1))


def median_lab(pixels: Array, mask: Array) -> Array:
    """The per-channel median L*a*b* colour of the pixels where ``mask`` is true: a few
    stray pixels (a glyph, an edge) do not move it."""
    return np.asarray(np.median(lab(pixels[mask]), axis=0))


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """'#00a3ff' → (0, 163, 255)."""
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def signed_distance(box: tuple[float, float, float, float], size: tuple[int, int]) -> Array:
    """For every pixel of a canvas of ``size`` (width, height), how far its centre is from
    the edge of ``box`` (x0, y0, x1, y1): positive outside, negative inside, in the metric of
    a stroked rectangle with mitred corners (the larger of the two axis distances)."""
    x0, y0, x1, y1 = box
    xs = np.arange(size[0]) + 0.5
    ys = (np.arange(size[1]) + 0.5)[:, None]
    dx = np.maximum(x0 - xs, xs - x1)  # > 0 outside in x, -(distance to the nearer side) inside
    dy = np.maximum(y0 - ys, ys - y1)
    return np.asarray(np.maximum(dx, dy))


def ring_masks(box: tuple[float, float, float, float], stroke: float, size: tuple[int, int],
               depth: float = 4.0) -> dict[str, Array]:
    """The pixels of ``box``'s outline stroked ``stroke`` wide ("band": its solid core, a pixel
    short of each anti-aliased edge), and those of a ``depth`` wide ring just outside it
    ("outside": what the outline is seen against) and just inside it ("inside"), each a pixel
    clear of the stroke's edge."""
    d = signed_distance(box, size)
    half = stroke / 2
    return {"band": np.abs(d) <= half - 1.0,
            "outside": (d >= half + 1.0) & (d <= half + 1.0 + depth),
            "inside": (d <= -(half + 1.0)) & (d >= -(half + 1.0 + depth)),
            "stroke": np.abs(d) <= half + 1.0}  # all it may paint, anti-aliasing included
