"""A rule lesson step, for every game: a prepared position, a goal, the moves it is about.

The board waits for the student: Run All never plays the step (a cell that demonstrates a
move plays it on a copy, ``try_moves``), and the feedback follows the step's state — the ✔
is kept once earned and cleared when its move is undone, a later move is "keep playing",
and no message ever points at a control that is switched off. Until the ✔, a legal move that
is not on the step's way (``LessonStep.before``, then ``expect``) is set aside unplayed, with
the reason beside the click: a wrong but legal move never runs on into the bots' turns.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from boardlib import GAMES, Event, IllegalAction, Match
from widgets.board import Board, narrate
from widgets.labels import label
from widgets.spec import BOARDS, LessonStep

COLOURS = {"goal": "#fff8e6", "done": "#e7f6e7", "aside": "#fff3cd"}


class RuleStep(w.VBox):
    """The board of one lesson step (``BOARDS[game].lessons[name]``) with its feedback line."""

    def __init__(self, game: str, step: str | LessonStep, lang: str = "en") -> None:
        self.game = game
        self.step = BOARDS[game].lessons[step] if isinstance(step, str) else step
        self.lang = lang
        self.start = GAMES[game].from_description(self.step.position)
        self.board = Board(game, state=self.start.clone(), lang=lang, bots=dict(self.step.bots),
                           controls="moves", seed=self.step.seed,  # seeded: the same reveals
                           show_odds=True)  # a lesson shows the chances; a real game does not
        self._earned_at: int | None = None  # where in match.moves the ✔ move stands
        self.demo_state = self.start.clone()
        self._mood = "goal"
        self._last = ""
        self._outcome: list[Event] = []  # what the ✔ move did, before any bot answered
        self._earned_hooks: list[Callable[[], None]] = []
        self.feedback = w.HTML(layout=w.Layout(flex="1 1 auto"))
        self.feedback.add_class("boardlib-feedback")
        self.reset_button = w.Button(icon="refresh", layout=w.Layout(  # never squeezed
            width="auto", height="40px", flex="0 0 auto", min_width="max-content"))
        self.reset_button.add_class("boardlib-reset-step")
        self.reset_button.on_click(lambda _: self.reset())
        self.board.on_move(self._moved)
        self.board.gate(self._set_aside)
        self.board.on_language(self._relanguage)
        self._show()
        super().__init__([w.HBox([self.feedback, self.reset_button]), self.board])

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        """The live step, and its board's picture for static views (see ``Board``)."""
        data: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        board = self.board._repr_mimebundle_()
        data["text/html"] = board["text/html"]
        data["text/plain"] = f"<lesson step: {self.goal()}>"
        return data

    @property
    def earned(self) -> bool:
        """Whether the student has made the move this step is about (and not undone it)."""
        return self._earned_at is not None

    def on_earned(self, hook: Callable[[], None]) -> None:
        """Call ``hook`` each time the student earns the step's ✔ (a lesson keeps it)."""
        self._earned_hooks.append(hook)

    def goal(self) -> str:
        return self.step.goal.get(self.lang, self.step.goal["en"])

    def reset(self) -> str:
        """Set the step up again from its prepared position."""
        self.board.restart_from(self.start)
        self._earned_at = None
        self._mood = "reset"
        return self._show()

    def try_moves(self, *moves: str) -> str:
        """Play ``moves`` one after another on a copy of the step (never on the board above)
        and tell what happened, a line a move: a demonstration that leaves the step to the
        student. ``demo_state`` is the copy afterwards."""
        copy = Match(self.start.clone(), bots={s: GAMES[self.game].make_bot(b)
                                               for s, b in self.step.bots.items()},
                     seed=self.step.seed)
        copy.advance()
        self.demo_state = copy.state  # what the copy looks like afterwards, to inspect
        lines = []
        for move in moves:
            try:
                events = copy.play(move) + copy.advance()
            except IllegalAction as problem:
                rule = label("rule", self.lang, rule=problem.rule) if problem.rule else ""
                lines.append(label("not_allowed", self.lang, reason=problem.explain(self.lang))
                             + rule)
                continue
            lines.append(narrate(events, self.lang, copy.state.names))
        return "\n".join(lines)

    def _person_moves(self) -> list[str]:
        """The student's moves on the board since the step was set up (bots' left out)."""
        bots = self.board.match.bots
        return [str(move) for seat, move in self.board.match.moves if seat not in bots]

    def next_moves(self) -> tuple[str, ...] | None:
        """The moves the step is waiting for now, or None when any legal move goes (a step
        that expects no move in particular, or one whose ✔ is earned)."""
        if self.earned or not self.step.expect:
            return None
        ways = (*self.step.before, self.step.expect)
        return ways[min(len(self._person_moves()), len(ways) - 1)]

    def _set_aside(self, action: str) -> str | None:
        """The board's gate: why a legal ``action`` off the step's way is not played."""
        wanted = self.next_moves()
        if wanted is None or action in wanted:
            return None
        self._mood, self._last = "aside", action
        return self._show()

    def _moved(self, action: str, events: list[Event]) -> None:
        moves = self.board.match.moves
        if not action:  # an undo
            if self._earned_at is not None and len(moves) <= self._earned_at:
                self._earned_at = None
            if not self.earned:
                self._mood = "goal"
            self._show()
            return
        if self.earned:
            self._mood = "more"
        elif not self.step.expect or (action in self.step.expect
                                      and len(self._person_moves()) > len(self.step.before)):
            self._earned_at = self._index_of(action)
            self._mood = "done"
            self._outcome = own_part(events)
            self.board.announce(self._show())  # where the student is looking: on the board
            for hook in self._earned_hooks:
                hook()
            return
        else:  # a move on the way to the goal (the gate lets no other through)
            self._mood, self._last = "way", action
        self._show()

    def _index_of(self, action: str) -> int:
        """Where the person's ``action`` stands in the match's moves (bots may follow it)."""
        moves = self.board.match.moves
        for index in range(len(moves) - 1, -1, -1):
            seat, move = moves[index]
            if seat not in self.board.match.bots and move == action:
                return index
        return len(moves) - 1

    def _relanguage(self, lang: str) -> None:
        self.lang = lang
        self._show()

    def _show(self) -> str:
        lang, own = self.lang, BOARDS[self.game].labels
        if self._mood == "done":
            text, colour = label("step_done", lang, own), COLOURS["done"]
            if self._outcome:  # the move's result, before the bots' answers hide it (#33.7)
                joiner = "" if lang == "ja" else " "
                text += joiner + narrate(self._outcome, lang, self.board.names(),
                                         self.board.viewer)
        elif self._mood == "more":
            text, colour = label("step_done_more", lang, own), COLOURS["done"]
        elif self._mood in ("aside", "way"):
            key = "step_set_aside" if self._mood == "aside" else "step_on_way"
            move = BOARDS[self.game].action_words(self._last, self.board.seen(), lang)
            colour = COLOURS["aside" if self._mood == "aside" else "goal"]
            text = label(key, lang, own, move=move, goal=self.goal())
        elif self._mood == "reset":
            text, colour = label("step_reset", lang, own, goal=self.goal()), COLOURS["goal"]
        else:
            text, colour = label("step_goal", lang, own, goal=self.goal()), COLOURS["goal"]
        self.reset_button.description = label("reset_step", lang, own)
        self.feedback.value = (f'<div style="font-size:19px;padding:6px 10px;background:{colour};'
                               f'border-radius:4px">{escape(text)}</div>')
        return text


def own_part(events: list[Event]) -> list[Event]:
    """The events of a person's move up to the first that is another player's (a bot's turn,
    or the next turn's announcement): what the move itself did."""
    mover = next((event.player for event in events if event.player is not None), None)
    part = []
    for event in events:
        if event.player is not None and event.player != mover:
            break
        part.append(event)
    return part
