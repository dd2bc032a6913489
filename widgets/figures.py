"""Matplotlib figures in a notebook as images with a text alternative (WCAG 1.1.1).

IPython's inline backend shows a figure as ``image/png``, which JupyterLab draws as an
``<img>`` with no ``alt``. This formatter shows it as ``text/html`` instead: the same PNG in
an ``<img>`` whose ``alt`` is read off the figure itself — its titles, its axes' labels and its
legends — so a lesson's plot says what it plots wherever a title or label says it. Nothing here
imports matplotlib: the formatter is registered by the class's name.
"""

from __future__ import annotations

from typing import Any

from widgets.pictures import image_html

FIGURE = ("matplotlib.figure", "FigureBase")
"""By the base class's name: setting up the inline backend drops every formatter's printer for
``Figure`` itself (IPython's ``select_figure_formats``), not those for its base."""
WORDS = {  # the joining words, in the language of the figure's own words
    "en": {"across": "across", "up": "up", "legend": "key", "scale": "colour scale",
           "plot": "Plot", "sep": "; ", "colon": ": ", "stop": ". "},
    "ja": {"across": "横軸", "up": "縦軸", "legend": "凡例", "scale": "色の目盛り",
           "plot": "グラフ", "sep": "、", "colon": "：", "stop": "。"},
}


def _language(texts: list[str]) -> str:
    """Japanese when the figure's words are (any kana or kanji), else English."""
    return "ja" if any(_is_japanese(text) for text in texts) else "en"


def _is_japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


JAPANESE_FONTS = ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "TakaoGothic")
"""Fonts that draw Japanese, any one of which a machine may have (Debian's fonts-noto-cjk: the
tests' machine, Binder's image). A Japanese label is drawn in DejaVu Sans, matplotlib's own,
falling back to the first of these for what DejaVu lacks: a font family chosen by name is
needed, since matplotlib falls back only along a text's own list of families, not along the
list behind "sans-serif"."""
NO_JAPANESE_FONT = ("（この環境には日本語フォントがないため、図の中の日本語が □ で表示される"
                    "ことがあります。数値と上の表は正確です。日本語の図は Binder や JupyterLab で"
                    "表示されます。）")
"""Said under a Japanese figure where no font draws Japanese (JupyterLite's matplotlib)."""


def japanese_font() -> str | None:
    """The first of JAPANESE_FONTS that matplotlib finds on this machine, if any (none where
    matplotlib is missing or is JupyterLite's stand-in: widgets.lite)."""
    try:
        from matplotlib import font_manager
    except ImportError:
        return None
    found = {font.name for font in font_manager.fontManager.ttflist}
    return next((name for name in JAPANESE_FONTS if name in found), None)


def japanese_plots() -> bool:
    """Draw the text of every plot made from now on in DejaVu Sans, and kana and kanji in a
    Japanese font: a Japanese lesson calls it before it plots, since a figure measures its
    words when it is laid out (``tight_layout``), before it is shown. False where no Japanese
    font is found; each Japanese figure then says so under it (figure_html)."""
    font = japanese_font()
    if font is None:
        return False
    import matplotlib

    matplotlib.rcParams["font.family"] = ["DejaVu Sans", font]
    return True


def _fit_japanese(figure: Any) -> bool:
    """Give every Japanese text of ``figure`` a font that draws it; False if none is here."""
    from matplotlib.text import Text

    japanese = [text for text in figure.findobj(Text) if _is_japanese(text.get_text())]
    if not japanese:
        return True
    font = japanese_font()
    if font is None:
        return False
    for text in japanese:
        text.set_fontfamily(["DejaVu Sans", font])
    return True


def _axes_words(axes: Any) -> dict[str, Any]:
    """One axes' words: title, the two labels, the legend's entries; a colour bar's label."""
    legend = axes.get_legend()
    return {"title": axes.get_title(), "across": axes.get_xlabel(), "up": axes.get_ylabel(),
            "legend": [text.get_text() for text in legend.get_texts()] if legend else [],
            "scale": axes.get_label() == "<colorbar>"}


def figure_alt(figure: Any) -> str:
    """The figure in words for a screen reader: "Plot: title; across: x label; up: y label;
    key: a, b" for each of its axes, after the figure's own title."""
    suptitle = figure._suptitle.get_text() if getattr(figure, "_suptitle", None) else ""
    every = [_axes_words(axes) for axes in figure.axes]
    texts = [suptitle] + [str(value) for words in every for value in words.values()]
    tongue = WORDS[_language(texts)]
    parts = [suptitle] if suptitle else []
    for words in every:
        if words["scale"]:
            label = words["up"] or words["across"]
            parts.append(f"{tongue['scale']}{tongue['colon']}{label}" if label else "")
            continue
        bits = [words["title"]] if words["title"] else []
        bits += [f"{tongue[key]}{tongue['colon']}{words[key]}" for key in ("across", "up")
                 if words[key]]
        if words["legend"]:
            bits.append(f"{tongue['legend']}{tongue['colon']}" + ", ".join(words["legend"]))
        parts.append(tongue["sep"].join(bits))
    said = tongue["stop"].join(part for part in parts if part)
    return f"{tongue['plot']}{tongue['colon']}{said}" if said else tongue["plot"]


def figure_html(figure: Any) -> str:
    """The figure as the inline backend would draw it (PNG, tight box) with ``figure_alt``."""
    from IPython.core.pylabtools import print_figure

    fonts_found = _fit_japanese(figure)
    png = print_figure(figure, "png", bbox_inches="tight")  # type: ignore[no-untyped-call]  # IPython has no hints
    if not png:
        return ""
    note = "" if fonts_found else f"<p>{NO_JAPANESE_FONT}</p>"
    return image_html(png, "image/png", figure_alt(figure)) + note


def register_figure_formatter(shell: Any) -> None:
    """Show every figure through ``figure_html``, and only so: the PNG travels once, inside
    the HTML. (The inline backend registers its PNG printer whenever it is set up, before or
    after this; so each figure's HTML, made first, also silences that printer for figures.)"""
    formatters = shell.display_formatter.formatters

    def html(figure: Any) -> str:
        formatters["image/png"].for_type(type(figure), _no_png)
        return figure_html(figure)

    formatters["text/html"].for_type_by_name(*FIGURE, html)


def _no_png(_figure: Any) -> None:
    """The PNG formatter's answer for a figure: nothing (the HTML above carries it)."""
    return None
