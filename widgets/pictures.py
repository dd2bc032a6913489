"""Board pictures without a widget: any state as a scene, SVG or an HTML image with its text
alternative, for static notebook views, exports and tests. The widgets layer registers the
formatters, so ``boardlib`` never imports ``widgets``.

Why HTML and not SVG in an output: JupyterLab shows an ``image/svg+xml`` or ``image/png``
output as an ``<img>`` with no ``alt`` (WCAG 1.1.1; axe-core: image-alt), and the notebook
format has no field for one. An ``<img alt=… src=data:…>`` in ``text/html`` is what JupyterLab,
Voila, nbconvert and GitHub all show first, and its ``alt`` says the position in words.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

from boardlib import GAMES
from boardlib.cli import position_sentences, sentences_text
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


def picture_words(state: GameState, viewer: int | None = None, lang: str = "en") -> str:
    """What ``picture`` shows, in words (its alt text): the title and status line, then the
    command line's position text from the same observation, so hidden cards stay hidden."""
    spec = BOARDS[state.GAME]
    seen = state.observation(viewer)
    info = GAMES[state.GAME]
    status = spec.status(seen, localized_names(state.names, lang), lang)
    return sentences_text([info.titles.get(lang, info.title), status,
                           *position_sentences(seen, info, viewer, lang)], lang)


def image_html(data: str | bytes, mime: str, alt: str, width: float | None = None) -> str:
    """An ``<img>`` carrying ``data`` (an SVG document or PNG bytes) with its text alternative:
    the one way this project puts a picture in a notebook's output."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    size = f' width="{width:g}"' if width else ""
    return (f'<img alt="{escape(alt, quote=True)}"{size} '
            f'src="data:{mime};base64,{base64.b64encode(raw).decode("ascii")}">')


def picture_html(state: GameState, viewer: int | None = None, lang: str = "en") -> str:
    """``picture`` as an HTML image whose alt text is ``picture_words``."""
    return image_html(picture_svg(state, viewer, lang), "image/svg+xml",
                      picture_words(state, viewer, lang))


class Picture:
    """A state's picture for ``display``, in a language or for a seat other than the
    formatter's (public, English): ``display(Picture(state, lang="ja"))``."""

    def __init__(self, state: GameState, viewer: int | None = None, lang: str = "en"):
        self.state, self.viewer, self.lang = state, viewer, lang

    def _repr_html_(self) -> str:
        return picture_html(self.state, self.viewer, self.lang)

    def __repr__(self) -> str:
        return f"<{picture_words(self.state, self.viewer, self.lang)}>"


def _html_or_none(state: Any) -> str | None:
    """The formatter: a picture for every game that has a board, nothing for the others."""
    if getattr(state, "GAME", None) not in BOARDS:
        return None
    return picture_html(state)


def register_formatters(shell: Any = None) -> bool:
    """Show every game state as its board in IPython (by the base class, so every game) and
    every matplotlib figure as an image with a text alternative; returns whether an IPython
    shell was there to register with."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    from widgets.figures import register_figure_formatter

    shell.display_formatter.formatters["text/html"].for_type(GameState, _html_or_none)
    register_figure_formatter(shell)
    return True
