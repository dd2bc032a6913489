"""Scenes as SVG: boards in static views of a notebook, in exports and in tests."""

from __future__ import annotations

from html import escape

from widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Scene, Shape, Style, Text

FONT = "DejaVu Sans, Noto Sans CJK JP, Arial, sans-serif"
_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def to_svg(scene: Scene, scale: float = 1.0) -> str:
    """The whole scene as one standalone SVG document (layers drawn in order)."""
    width, height = scene.width * scale, scene.height * scale
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {scene.width:g} {scene.height:g}" font-family="{FONT}" role="img">',
        f"<title>{escape(scene.title)}</title>" if scene.title else "",
        f'<rect width="100%" height="100%" fill="{scene.background}"/>',
    ]
    for layer in LAYERS:
        parts.append(f'<g class="{layer}">')
        parts.extend(_shape(shape) for shape in scene.layer(layer))
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _style(style: Style) -> str:
    attrs = [f'fill="{style.fill or "none"}"']
    if style.stroke:
        attrs.append(f'stroke="{style.stroke}" stroke-width="{style.width:g}"')
    if style.dash:
        attrs.append(f'stroke-dasharray="{" ".join(f"{d:g}" for d in style.dash)}"')
    if style.alpha != 1:
        attrs.append(f'opacity="{style.alpha:g}"')
    return " ".join(attrs)


def _extra(shape: Shape) -> tuple[str, str]:
    ident = f' data-target="{escape(shape.id)}"' if shape.id else ""
    tip: str | None = getattr(shape, "title", None)  # Line and Text have none
    title = f"<title>{escape(tip)}</title>" if tip else ""
    return ident, title


def _shape(shape: Shape) -> str:
    if isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        return (
            f'<text x="{shape.x:g}" y="{shape.y:g}" font-size="{shape.size:g}" '
            f'fill="{shape.fill}" text-anchor="{_ANCHOR[shape.anchor]}" '
            f'dominant-baseline="middle"{weight}>{escape(shape.text)}</text>'
        )
    if isinstance(shape, Line):
        points = " ".join(f"{x:g},{y:g}" for x, y in shape.points)
        return f'<polyline points="{points}" {_style(shape.style)}/>'
    ident, title = _extra(shape)
    if isinstance(shape, Rect):
        body = (f'<rect x="{shape.x:g}" y="{shape.y:g}" width="{shape.w:g}" '
                f'height="{shape.h:g}" {_style(shape.style)}{ident}')
    elif isinstance(shape, Circle):
        body = (f'<circle cx="{shape.cx:g}" cy="{shape.cy:g}" r="{shape.r:g}" '
                f"{_style(shape.style)}{ident}")
    elif isinstance(shape, Polygon):
        points = " ".join(f"{x:g},{y:g}" for x, y in shape.points)
        body = f'<polygon points="{points}" {_style(shape.style)}{ident}'
    else:  # pragma: no cover - every Shape kind is handled above
        raise TypeError(f"cannot draw {shape!r}")
    return f"{body}>{title}</{body.split()[0][1:]}>" if title else f"{body}/>"
