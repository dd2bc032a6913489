"""A finished game to watch move by move, for any game with a board: a slider and Previous/Next
buttons step through the positions after each player's move, with the move told in words.

Why a separate widget: a live ``Board`` plays forward only; a replay lets a class go back to a
moment and discuss it. The positions are replayed from the start with the engine, so they are
exactly the game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from boardlib.messages import localized_names
from boardlib.protocol import GameState
from widgets.controls import Slider
from widgets.labels import label
from widgets.pictures import picture_html

REPLAY_LABELS = {
    "en": {"previous": "Previous", "next": "Next", "move": "Move", "move_of": "Move {n} of {total}",
           "start": "The start of the game."},
    "ja": {"previous": "前へ", "next": "次へ", "move": "手", "move_of": "{n}手目（全{total}手）",
           "start": "ゲームの始まりです。"},
}


def positions_of(start: GameState, actions: Sequence[str],
                 lang: str = "en") -> list[tuple[GameState, str]]:
    """(position, what led to it) after every player's move (chance outcomes are folded into
    the move before them, so each frame is one decision)."""
    state = start.clone()
    frames = [(state.clone(), label("start", lang, REPLAY_LABELS))]
    told: list[str] = []
    names = localized_names(state.names, lang)
    for action in actions:
        chance = state.is_chance_node()
        events = state.apply_action(action)
        told += [event.sentence(lang, names) for event in events]
        if not chance or state.is_terminal():
            frames.append((state.clone(), " ".join(told)))
            told = []
    if told:
        frames.append((state.clone(), " ".join(told)))
    return frames


class Replay(w.VBox):
    """``Replay(start, actions)``: watch the game ``actions`` play from ``start``."""

    def __init__(self, start: GameState, actions: Sequence[str], lang: str = "en") -> None:
        self.lang = lang
        self.frames = positions_of(start, [str(a) for a in actions], lang)
        last = len(self.frames) - 1
        self.slider = Slider(0, 0, last, description=label("move", lang, REPLAY_LABELS),
                             width="420px")
        self.previous = w.Button(description=label("previous", lang, REPLAY_LABELS),
                                 icon="backward")
        self.next = w.Button(description=label("next", lang, REPLAY_LABELS), icon="forward")
        self.caption = w.HTML(layout=w.Layout(min_height="48px"))
        self.caption.add_class("boardlib-replay-caption")
        self.picture = w.HTML()
        self.previous.on_click(lambda _: self.show(self.slider.value - 1))
        self.next.on_click(lambda _: self.show(self.slider.value + 1))
        self.slider.observe(lambda change: self.show(change["new"]), "value")
        super().__init__([w.HBox([self.previous, self.slider, self.next]), self.caption,
                          self.picture])
        self.show(0)

    @property
    def index(self) -> int:
        return int(self.slider.value)

    @property
    def state(self) -> GameState:
        """The position on screen."""
        return self.frames[self.index][0]

    def show(self, index: int) -> str:
        """Go to frame ``index`` (kept within the game) and return what led to it."""
        index = max(0, min(index, len(self.frames) - 1))
        self.slider.value = index
        state, told = self.frames[index]
        self.previous.disabled = index == 0
        self.next.disabled = index == len(self.frames) - 1
        where = label("move_of", self.lang, REPLAY_LABELS, n=index, total=len(self.frames) - 1)
        self.caption.value = (f'<div style="font-size:17px"><b>{escape(where)}</b> · '
                              f"{escape(told)}</div>")
        self.picture.value = picture_html(state, lang=self.lang)
        return told

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live replay, and the frame on screen as a picture for static views."""
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = picture_html(self.state, lang=self.lang)
        data["text/plain"] = f"<replay: {len(self.frames) - 1} moves>"
        return data
