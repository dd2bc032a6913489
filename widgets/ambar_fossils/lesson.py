"""A rule lesson step: a prepared position, the move the rule is about, and feedback."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from boardlib import ambar_fossils as af
from boardlib.protocol import Event
from widgets.ambar_fossils.board import AmbarBoard

FEEDBACK = {
    "en": {"goal": "Your move: {goal}", "done": "✔ That is the move this rule is about.",
           "other": "That was {action}. Try again with Undo, or read the rule once more."},
    "ja": {"goal": "あなたの番：{goal}", "done": "✔ これがこのルールの手です。",
           "other": "それは{action}でした。"
                    "「取り消し」でやり直すか、ルールをもう一度読みましょう。"},
}


class RuleStep(w.VBox):
    """A board set to ``description`` with a goal; says ✔ when the reader makes an expected move.

    ``expect`` lists the moves that show the rule (any of them counts). ``play(move)`` makes a
    move from code and returns what happened in words, for readers (and tests) without a mouse.
    """

    def __init__(self, description: str, goal: str, expect: tuple[str, ...] = (),
                 lang: str = "en", bots: dict[int, str] | None = None, seed: int = 1) -> None:
        self.lang = lang
        self.expect = tuple(expect)
        self.board = AmbarBoard(state=af.from_description(description), lang=lang, bots=bots,
                                controls="moves", seed=seed)  # seeded: the same reveals each run
        self.feedback = w.HTML(self._box(FEEDBACK[lang]["goal"].format(goal=goal), "#fff8e6"))
        self.feedback.add_class("boardlib-feedback")
        self.board.on_move(self._moved)
        super().__init__([self.feedback, self.board])

    def play(self, move: str) -> str:
        """Make ``move`` as a click would, and tell what happened (or why it is not allowed)."""
        before = len(self.board.match.log)
        reply = self.board.play(move)
        events = self.board.match.log[before:]
        if not events:
            return reply
        joiner = "" if self.lang == "ja" else " "
        return joiner.join(e.sentence(self.lang, self.board.state.names) for e in events)

    def _moved(self, action: str, events: list[Event]) -> None:
        text = FEEDBACK[self.lang]
        if not self.expect or action in self.expect:
            self.feedback.value = self._box(text["done"], "#e7f6e7")
        else:
            self.feedback.value = self._box(text["other"].format(action=action), "#fdecea")

    @staticmethod
    def _box(text: str, colour: str) -> str:
        return (f'<div style="font-size:19px;padding:6px 10px;background:{colour};'
                f'border-radius:4px">{escape(text)}</div>')
