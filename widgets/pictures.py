"""Board pictures without a widget: any state as a scene or SVG, for static notebook views,
exports and tests. The widgets layer registers the SVG formatter, so ``boardlib`` never
imports ``widgets``."""

from __future__ import annotations

from typing import Any

from boardlib import GAMES
from boardlib.messages import localized_names
from boardlib.protocol import GameState
from widgets import overlays
from widgets.overlays import Message
from widgets.scene import Scene
from widgets.spec import BOARDS, ViewContext
from widgets.svg import to_svg


def picture(state: GameState, viewer: int | None = None, lang: str = "en") -> Scene:
    """The board of ``state`` as ``viewer`` sees it (None: the public view), under a header
    with the status line."""
    spec = BOARDS[state.GAME]
    seen = state.observation(viewer)
    names = localized_names(state.names, lang)
    body = spec.view(seen, ViewContext(viewer=viewer, lang=lang, names=names))
    info = GAMES[state.GAME]
    title = info.titles.get(lang, info.title)
    message = Message(spec.status(seen, names, lang))
    shapes, (width, height) = overlays.framed(body, title, message, spec.header_colour)
    return Scene(width, height, tuple(shapes), background=body.background,
                 title=f"{title}: {message.text}", notes=body.notes)


def picture_svg(state: GameState, viewer: int | None = None, lang: str = "en",
                scale: float = 1.0) -> str:
    """``picture`` as a standalone SVG document."""
    return to_svg(picture(state, viewer, lang), scale=scale)


def _svg_or_none(state: Any) -> str | None:
    """The formatter: a picture for every game that has a board, nothing for the others."""
    if getattr(state, "GAME", None) not in BOARDS:
        return None
    return picture_svg(state)


def register_svg_formatter(shell: Any = None) -> bool:
    """Show every game state as its board in IPython (by the base class, so every game);
    returns whether an IPython shell was there to register with."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    shell.display_formatter.formatters["image/svg+xml"].for_type(GameState, _svg_or_none)
    return True
