"""The board's decisions, apart from its widgets: plain Python, testable without a browser.

``BoardController(game, …)`` holds a ``boardlib.Match`` (seats, bots, undo) and decides
everything a board does: whose view is on screen and the curtain before a private one, what a
click at (x, y) means (a move, a chooser, or a refusal with its rule), undo, hints, the header's
message and its tone, the narration, lesson steps' hooks. It imports no widget library: a view
(``widgets.board.Board``) subscribes with ``on_change`` and draws ``screen()``, plain data
made fresh after each change — so the click tests and the click storm run on the controller
alone, and what they check is what a student would see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardlib import GAMES, IllegalAction, Match
from boardlib.match import narration_viewer
from boardlib.messages import localized_names, render_run, runs_of
from boardlib.protocol import Event, GameState
from widgets import overlays
from widgets.labels import LANGUAGES, label
from widgets.overlays import HEADER_HEIGHT, Message
from widgets.scene import Scene, Shape
from widgets.spec import BOARDS, BoardSpec, Odds, Seen, ViewContext

CacheKey = tuple[object, ...]
"""What a cached picture, text or odds was made from: equal keys, equal results."""

NARRATION_LINES = 60  # the newest events the narration tells (newest turn first)
RECALLED_MOVES = 40
"""How many of a position's last moves a board opened on it tells (``Match.recall``, which plays
the history again from its start): enough for the narration and each seat's last move."""
MoveListener = Callable[[str, list[Event]], None]
Choice = str | tuple[str, ...]  # a move, or a route of moves played one after another


@dataclass(frozen=True)
class Status:
    """The status line under the board: the header's message, its tone, and what the page
    reads back (the last person's move as the engine recorded it, the length of the history)."""

    text: str
    tone: str
    last_move: str
    history: int


@dataclass(frozen=True)
class ButtonState:
    """A button's look: ``greyed`` is still clickable (a click says why not, #33.7);
    ``disabled`` is not; ``tooltip`` says what it does or why it is off."""

    greyed: bool = False
    disabled: bool = False
    tooltip: str = ""


@dataclass(frozen=True)
class ResultTable:
    """The end of game's ranking, every word in the board's language."""

    title: str
    headings: tuple[str, ...]  # place, player, then the game's score columns
    rows: tuple[tuple[str, ...], ...]  # one per player, best first
    explanation: str


@dataclass(frozen=True)
class MoveButton:
    """A legal move without a place on the board (or one the game wants as a button)."""

    action: str
    words: str


@dataclass(frozen=True)
class Screen:
    """Everything a view draws, as plain data: the canvas's scene and the rows around it."""

    scene: Scene
    status: Status
    narration: tuple[str, ...]  # a line a turn, newest first
    result: ResultTable | None  # None until the game is over
    odds_shown: bool  # the odds panel is open and the game has one
    odds: Odds | None  # the decision's chances (None: none to show now)
    deciding: bool  # a person is to move (the panel's "no chance here" vs "wait")
    moves: tuple[MoveButton, ...]
    keyboard: tuple[MoveButton, ...]  # every legal move, in words, for the keyboard's list
    position_words: str  # the position in words for the seat at the screen (the canvas's label)
    said: str  # what a screen reader hears now: the header's message, the latest turn
    choices: tuple[str, ...]  # the chooser's moves in words (empty: no chooser)
    curtain: str | None  # the curtain button's words while a curtain is down
    undo: ButtonState
    hint: ButtonState
    game_over: bool


class BoardController:
    """A game played by clicks, for whoever is at the screen: seats and bots, the curtain,
    click → move, undo, hints, feedback. ``on_change`` listeners hear of every change.

    A click that is not allowed says why (and which rule), beside the click and in the
    header, and changes nothing.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        bots: Mapping[int, str] | None = None,
        variant: str | None = None,
        lang: str = "en",
        state: GameState | None = None,
        show_legal: bool = True,
        show_odds: bool = False,
        view_options: Mapping[str, bool] | None = None,
    ) -> None:
        check_language(lang)
        self.info = GAMES[game]
        self.spec: BoardSpec[Any] = BOARDS[game]
        self.lang = lang
        self.show_legal = show_legal
        self.show_odds = show_odds
        self.view_options = self._checked_options(view_options or {})
        self.variant = variant if variant is not None else self.info.default_variant
        self.seed = seed
        self.bot_names = dict(bots or {})
        self._change_listeners: list[Callable[[], None]] = []
        self._move_listeners: list[MoveListener] = []
        self._language_listeners: list[Callable[[str], None]] = []
        self._gates: list[Callable[[str], str | None]] = []
        self._message: Message | None = None
        self._hint: str | None = None
        self._refused: str | None = None
        self._callout: tuple[tuple[float, float], str, str] | None = None
        self._last_point: tuple[float, float] | None = None
        self._menu_point: tuple[float, float] = (0.0, 0.0)  # where the chooser menu opens
        self._unveiled: int | None = None
        self._choices: list[Choice] = []
        self._focused: str | None = None  # the move the keyboard's list has in focus
        self._held = 0  # > 0 while a move's listeners run: their changes are shown together
        self.last_events: list[Event] = []
        self._body_cache: tuple[CacheKey, tuple[Scene, list[Shape], set[str]]] | None = None
        self._narration_cache: tuple[CacheKey, tuple[str, ...]] | None = None
        self._odds_cache: tuple[CacheKey, Odds | None] | None = None
        self._sentences: dict[CacheKey, tuple[Event, str]] = {}
        start = state.clone() if state is not None else self._new_state(players)
        self.match = self._make_match(start)  # a copy: the caller's state is never played on
        self.last_events = self.match.advance()  # what bots did before the first decision
        self._message = self._news()
        self._scene = self._compose()

    # ----- who looks at the screen ------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.match.state

    def people(self) -> list[int]:
        """The seats played by people at this screen (every seat without a bot)."""
        return [seat for seat in range(self.state.num_players) if seat not in self.match.bots]

    @property
    def viewer(self) -> int | None:
        """The seat whose view is on screen: the one person playing; at a shared screen the
        person to move once the curtain is lifted; None (the public view) otherwise."""
        people = self.people()
        if len(people) == 1:
            return people[0]
        if not people:
            return None
        if self.info.hidden_information:  # behind the curtain: nobody's private view
            return None if self.curtained() else self._unveiled
        player = self.state.current_player()
        return player if player in people else None

    def curtained(self) -> bool:
        """A person must move at a shared screen, and their private view is not shown yet."""
        return (self.info.hidden_information and len(self.people()) > 1
                and self.match.waiting_for_person()
                and self._unveiled != self.state.current_player())

    def narration_viewer(self) -> int | None:
        """Whose ears the narration is for (the command line's rule, boardlib.match)."""
        return narration_viewer(self.people())

    def seen(self) -> Seen:
        """What the viewer may see: the only thing the game's drawing code is given."""
        return self.state.observation(self.viewer)

    def names(self) -> list[str]:
        return localized_names(self.state.names, self.lang)

    def title(self) -> str:
        return self.info.titles.get(self.lang, self.info.title)

    # ----- what is on offer now ---------------------------------------------------------------
    @property
    def choices(self) -> list[Choice]:
        """The moves the chooser offers now (a route is a tuple of moves), in its order."""
        return list(self._choices)

    @property
    def hinted(self) -> str | None:
        """The move the hint outlines, until a move or an undo."""
        return self._hint

    # ----- the picture ------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """The picture on screen now (clicks are answered against this very picture)."""
        return self._scene

    def scene_for(self, viewer: int | None) -> Scene:
        """The game's own picture for ``viewer`` (no header, outlines or messages): for tests."""
        seen = self.state.observation(viewer)
        return self.spec.view(seen, self.view_context(viewer))

    def view_context(self, viewer: int | None,
                     highlights: Mapping[str, str] | None = None) -> ViewContext:
        """What the game's view is told besides what ``viewer`` sees."""
        return ViewContext(viewer=viewer, highlights=highlights or {}, lang=self.lang,
                           names=self.names(), bots=dict(self.bot_names),
                           options=dict(self.view_options), recent=self._recent_moves())

    def _recent_moves(self) -> tuple[str, ...]:
        """The moves the seat to move has made since another seat last moved: a view keeps
        what they took away in its place, so the targets left do not slide (#33.6)."""
        if self.state.is_terminal():
            return ()
        seat, recent = self.state.current_player(), []
        for mover, action in reversed(self.match.moves):
            if mover != seat:
                break
            recent.append(str(action))
        return tuple(reversed(recent))

    def _compose(self) -> Scene:
        """Header, the game's picture for the viewer, outlines, last-move tags, messages."""
        seen = self.seen()
        body, moved, present = self._body(seen)
        message = self._header_message()
        size = (body.width, body.height + HEADER_HEIGHT)
        shapes = [*moved, *overlays.header(body.width, self.title(), message,
                                           self.spec.header_colour)]
        layered = overlays.outlines(moved, self._highlights(seen))
        layered += overlays.last_move_tags(moved, self.last_move_tags(seen, present),
                                           body.width, HEADER_HEIGHT, size[1])
        if self.curtained():
            player = self._player_to_move()
            layered += overlays.curtain(body.width, HEADER_HEIGHT, body.height,
                                        self.label("curtain", player=player),
                                        self.label("curtain_hint", player=player))
        if self._choices:  # several moves here: the menu, beside the click, says why and asks
            title = self._callout[1] if self._callout else self.label("choose_between")
            layered += overlays.menu(self._menu_point, title, list(self.choice_words(seen)),
                                     size, self.label("cancel"))
        elif self._callout is not None:
            layered += overlays.callout(*self._callout[:2], size, self._callout[2])
        return Scene(size[0], size[1], (*shapes, *layered), background=body.background,
                     title=f"{self.title()}: {message.text}", notes=body.notes)

    def _body(self, seen: Seen) -> tuple[Scene, list[Shape], set[str]]:
        """The game's picture under the header, its targets — kept while nothing it shows
        changes, so a refused click or a hint redraws only the marks above it."""
        key = (self.state, len(self.state.history), self.viewer, self.lang,
               tuple(sorted(self.bot_names.items())), tuple(sorted(self.view_options.items())))
        cached = self._body_cache
        if cached is not None and cached[0][0] is key[0] and cached[0][1:] == key[1:]:
            return cached[1]
        body = self.spec.view(seen, self.view_context(self.viewer))
        moved = overlays.under_header(body)
        drawn = (body, moved, {shape.id for shape in moved if shape.id is not None})
        self._body_cache = (key, drawn)
        return drawn

    def _header_message(self) -> Message:
        if self._message is not None:
            return self._message
        if self.curtained():
            return Message(self.label("curtain", player=self._player_to_move()), "curtain")
        return Message(self.status_line())

    def _player_to_move(self) -> str:
        return self.names()[self.state.current_player()]

    def status_line(self, seen: Seen | None = None) -> str:
        """Whose turn and which step, in words (the game's own status line)."""
        return self.spec.status(seen if seen is not None else self.seen(), self.names(),
                                self.lang)

    def status_text(self) -> str:
        """What the header says now."""
        return self._header_message().text

    def _highlights(self, seen: Seen) -> dict[str, str]:
        marks: dict[str, str] = {}
        if self.show_legal and self.match.waiting_for_person() and not self.curtained():
            seat = self.state.current_player()
            for action in self.state.legal_actions():
                target = self.spec.target_of(action, seat, seen)
                if target:
                    marks[target] = "legal"
        if self._hint:
            target = self.spec.target_of(self._hint, self.state.current_player(), seen)
            if target:
                marks[target] = "hint"
        if self._refused:
            marks[self._refused] = "refused"
        if self._focused and self.match.waiting_for_person() and not self.curtained():
            target = self.spec.target_of(self._focused, self.state.current_player(), seen)
            if target:
                marks[target] = "focus"  # over the others: where the keyboard is
        return marks

    def last_move_tags(self, seen: Seen, present: set[str]) -> dict[str, str]:
        """For every seat, the target of its latest move that is still on the board."""
        names = self.names()
        tags: dict[str, str] = {}
        done: set[int] = set()
        for seat, action in reversed(self.match.moves):
            if seat in done:
                continue
            if action.kind in self.spec.untagged:  # its place names another thing by now
                done.add(seat)
                continue
            target = self.spec.target_of(action, seat, seen)
            if target in present and target not in tags:
                tags[target] = self.label("last_tag", who=names[seat])
                done.add(seat)
        return tags

    # ----- what a person does -----------------------------------------------------------------
    def click(self, x: float, y: float) -> str:
        """A click at scene point (x, y): make the move it means, offer a choice, or say why not."""
        picked = self._scene.hit(x, y) if self._choices else None
        if picked is not None and picked.startswith("choice-"):  # an item of the menu
            if picked == "choice-cancel":
                return self.cancel_choice()
            return self.choose(int(picked.removeprefix("choice-")))
        self._choices = []
        self._last_point = (x, y)
        self._menu_point = (x, y)
        refusal = self._why_no_click()
        if refusal is not None:
            return self._refuse(refusal, (x, y))
        target = self._scene.hit(x, y)
        if target is None:
            return self._refuse(self.label("nothing_here"), (x, y))
        return self._click_target(target, (x, y))

    def _why_no_click(self) -> str | None:
        """Why no click on the board can play now (the curtain, the end, a bot's turn)."""
        if self.curtained():
            return self.label("curtain_first", player=self._player_to_move())
        if self.state.is_terminal():
            return self.label("game_over_click")
        if not self.match.waiting_for_person():
            return self.label("bots_turn")
        return None

    def _click_target(self, target: str, point: tuple[float, float]) -> str:
        """The one legal move at ``target`` is played, several are offered, else say why not."""
        seen = self.seen()
        seat = self.state.current_player()
        here = [action for action in self.state.legal_actions()
                if self.spec.target_of(action, seat, seen) == target]
        if len(here) == 1:
            return self.play(here[0])
        if len(here) > 1:
            return self._offer(here)
        action, reason = self.spec.intent(target, seen, self.lang)
        if action is None:
            return self._refuse(reason or self.label("nothing_here"), point, target)
        problem = self.state.check_action(action, player=seat)
        if problem is None:
            return self.play(action)
        text = self._refusal_text(problem)
        routes = self._legal_routes(target, seen)
        if routes:  # not like this, but another way there is: offer it beside the reason
            text += " " + self.label("or_by_route")
        self._choices = list(routes)
        return self._refuse(text, point, target)

    def _legal_routes(self, target: str, seen: Seen) -> list[tuple[str, ...]]:
        """The spec's routes to ``target`` whose every move is legal in turn (tried on a copy)."""
        if self.spec.routes is None:
            return []
        found = []
        for route in self.spec.routes(target, seen):
            trial = self.state.clone()
            if all(trial.check_action(move) is None and trial.apply_action(move) is not None
                   for move in route):
                found.append(tuple(route))
        return found

    def play(self, action: str) -> str:
        """Make a person's move (as a click would); returns what the header now says."""
        point, self._last_point = self._last_point, None  # only a click has a point
        self._choices = []
        if not self.match.waiting_for_person():
            key = "game_over_click" if self.state.is_terminal() else "bots_turn"
            return self._say(Message(self.label(key), "refused"))
        aside = self._set_aside(action)
        if aside:  # a lesson step's gate: legal, but not this step's move
            self._callout = (point, aside, "aside") if point else None
            self._message = Message(aside, "aside")
            self._refused = None
            self._changed()
            return aside
        before = len(self.match.log)
        try:
            self.match.play(action)
        except IllegalAction as problem:
            return self._say(Message(self._refusal_text(problem), "refused"))
        played = str(self.match.moves[-1][1])
        self.match.advance()
        self._hint = None
        self.last_events = self.match.log[before:]
        self._held += 1  # the move and what its listeners add reach the view as one change
        try:
            said = self._say(self._news())
            self._last_point = point
            for listener in self._move_listeners:  # after the board has spoken: a lesson adds
                listener(played, self.last_events)
        finally:
            self._held -= 1
            self._last_point = None
        self._changed()
        return self.status_text() if self._message is not None else said

    def _set_aside(self, action: str) -> str | None:
        """What the first gate that sets a legal ``action`` aside says, or None to play it."""
        if not self._gates or self.state.check_action(action) is not None:
            return None
        for gate in self._gates:
            aside = gate(action)
            if aside:
                return aside
        return None

    def _news(self) -> Message | None:
        """What the last events brought, in the game's words (``spec.news``), or None."""
        news = self.spec.news(self.last_events, self.seen(), self.lang) if self.spec.news else None
        return Message(news.text, "warning" if news.bad else "news") if news else None

    def announce(self, text: str, tone: str = "success") -> None:
        """Say ``text`` in the header, and beside the click that led to it (a lesson's ✔)."""
        self._message = Message(text, tone)
        self._callout = (self._last_point, text, tone) if self._last_point else None
        self._changed()

    def choose(self, index: int) -> str:
        """Pick one of the moves the chooser offers (0-based), as its button does."""
        if not 0 <= index < len(self._choices):
            return self._say(Message(self.label("nothing_here"), "refused"))
        choice = self._choices[index]
        if isinstance(choice, str):
            return self.play(choice)
        said = ""
        for move in choice:  # a route: its moves one after another, stopping at a refusal
            said = self.play(move)
            if self._message is not None and self._message.tone in ("refused", "aside"):
                break  # refused, or set aside by a lesson step: the rest is not played
        return said

    def focus_move(self, action: str | None) -> None:
        """Outline the target of ``action``, the move the keyboard's list has in focus (None:
        the list lost focus): a sighted keyboard user sees which place Enter will play."""
        if action == self._focused:
            return
        self._focused = action or None
        self._changed()

    def cancel_choice(self) -> str:
        """Shut the chooser without a move (its Cancel, on the board or below it)."""
        self._choices = []
        return self._say(None)

    def undo(self) -> str:
        """Take back the last person's move (and the bots' answers); never a chance outcome."""
        blocked = self.match.why_no_undo()
        if blocked is not None:
            return self._say(Message(self.label(f"undo_{blocked}"), "refused"))
        self.match.undo()
        self._hint = None
        self.last_events = []
        for listener in self._move_listeners:
            listener("", [])
        return self._say(Message(self.label("undone"), "news"))

    def hint(self) -> str:
        """Outline the move the game's hint bot would make, and say why in words."""
        if not self.match.waiting_for_person() or self.curtained():
            return self._say(Message(self.label("hint_none"), "refused"))
        bot = self.info.make_bot(self.spec.hint_bot)
        self._hint = str(bot.choose(self.state.clone(), random.Random(len(self.state.history))))
        seen = self.seen()
        words = self.spec.action_words(self._hint, seen, self.lang)
        reason = self.spec.hint_reason(seen, self._hint, self.lang)
        return self._say(Message(self.label("hint_text", move=words, reason=reason), "hint"))

    def unveil(self) -> str:
        """The person to move has the screen: lift the curtain and show their own view."""
        if self.curtained():
            self._unveiled = self.state.current_player()
        return self._say(None)

    # ----- listeners --------------------------------------------------------------------------
    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change of what is on screen (a view redraws)."""
        self._change_listeners.append(callback)

    def on_move(self, callback: MoveListener) -> None:
        """Call ``callback(action, events)`` after every move a person makes (``""`` and no
        events: an undo)."""
        self._move_listeners.append(callback)

    def gate(self, callback: Callable[[str], str | None]) -> None:
        """Ask ``callback(action)`` before a person's legal move is played: a text it returns is
        said instead (header and beside the click), and the move is not played."""
        self._gates.append(callback)

    def on_language(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(lang)`` after the language changes."""
        self._language_listeners.append(callback)

    # ----- settings ---------------------------------------------------------------------------
    def set_show_legal(self, show: bool) -> None:
        self.show_legal = bool(show)
        self._changed()

    def set_show_odds(self, show: bool) -> None:
        """Open or close the odds panel (a teacher closes it for a real game)."""
        self.show_odds = bool(show)
        self._changed()

    def odds_shown(self) -> bool:
        """Whether the odds panel is open (only a game with odds has one)."""
        return self.show_odds and self.spec.odds is not None

    def odds(self) -> Odds | None:
        """The exact chances of the decision in front of the person to move, from what the
        screen's viewer may see (None when chance plays no part, or nobody must decide).
        Kept until the position, the viewer or the language changes."""
        if self.spec.odds is None or not self.match.waiting_for_person() or self.curtained():
            return None
        key = (self.state, len(self.state.history), self.viewer, self.lang)
        cached = self._odds_cache
        if cached is not None and cached[0][0] is key[0] and cached[0][1:] == key[1:]:
            return cached[1]
        odds = self.spec.odds(self.seen(), self.lang)
        self._odds_cache = (key, odds)
        return odds

    def set_view_option(self, name: str, value: bool) -> None:
        """Show or hide one of the game's teaching aids (``BoardSpec.view_options``)."""
        self.view_options = self._checked_options({**self.view_options, name: bool(value)})
        self._changed()

    def _checked_options(self, chosen: Mapping[str, bool]) -> dict[str, bool]:
        unknown = set(chosen) - set(self.spec.view_options)
        if unknown:
            offered = ", ".join(self.spec.view_options) or "none"
            raise ValueError(f"unknown view option {', '.join(sorted(unknown))!r}: this board "
                             f"offers {offered}")
        return {**self.spec.view_options, **{k: bool(v) for k, v in chosen.items()}}

    def set_language(self, lang: str) -> None:
        """Tell everything on screen again in ``lang``: header, controls, narration, results."""
        check_language(lang)
        self.lang = lang
        self._message = None  # a message is told in the language it was made in
        self._callout = None
        self._changed()
        for listener in self._language_listeners:
            listener(lang)

    def new_game(self, players: int | None = None, seed: int | None = None,
                 bots: Mapping[int, str] | None = None, variant: str | None = None) -> str:
        """Start again (same settings unless given); ``ValueError`` names a wrong setting."""
        if variant is not None:
            self._check_variant(variant)
        players = players if players is not None else self.state.num_players
        bot_names = dict(bots) if bots is not None else dict(self.bot_names)
        bot_names = {s: b for s, b in bot_names.items() if s < players}
        self._check_bots(bot_names, players)
        self.variant = variant if variant is not None else self.variant
        self.seed = seed
        self.bot_names = bot_names
        self.match = self._make_match(self._new_state(players))
        return self._open()

    def restart_from(self, state: GameState) -> str:
        """Play on from ``state`` (a copy), with the same seats and seed: a lesson's reset."""
        self.match = self._make_match(state.clone())
        return self._open()

    def _open(self) -> str:
        """Run the new match up to the first person's decision, and say what the bots did."""
        opened = self.match.advance()
        self._reset_feedback()
        self.last_events = opened
        return self._say(self._news())

    # ----- saving -----------------------------------------------------------------------------
    def save(self) -> str:
        """The game as the engine's validated JSON save."""
        text = self.state.to_json()
        self._say(Message(self.label("saved"), "news"))
        return text

    def load(self, text: str) -> str:
        """Load a save; a tampered or broken one is refused with the reason, and the game on
        screen stays as it was."""
        try:
            state = self.info.from_json(text)
        except (ValueError, TypeError) as problem:
            return self._say(Message(self.label("load_refused", reason=str(problem)), "refused"))
        if state.num_players != self.state.num_players:
            self.bot_names = {s: b for s, b in self.bot_names.items() if s < state.num_players}
        self.match = self._make_match(state)
        self.match.advance()
        self._reset_feedback()
        return self._say(Message(self.label("loaded", moves=len(state.history)), "news"))

    # ----- messages ---------------------------------------------------------------------------
    def _refusal_text(self, problem: IllegalAction) -> str:
        rule = self.label("rule", rule=problem.rule) if problem.rule else ""
        return self.label("not_allowed", reason=problem.explain(self.lang)) + rule

    def _refuse(self, text: str, point: tuple[float, float], target: str | None = None) -> str:
        """Say why not in the header and beside the click, and flash the refused target."""
        self._refused = target
        self._callout = (point, text, "refused")
        self._message = Message(text, "refused")
        self._changed()
        return text

    def _offer(self, actions: Sequence[str]) -> str:
        """Several legal moves share the clicked place: a small chooser asks which one."""
        self._choices = list(actions)
        return self._say(Message(self.label("choose_between")))

    def _say(self, message: Message | None) -> str:
        self._message = message
        self._refused = None
        self._callout = None
        self._changed()
        return message.text if message else self.status_line()

    def _reset_feedback(self) -> None:
        self._hint = None
        self._unveiled = None
        self._choices = []
        self.last_events = []

    def label(self, key: str, **values: object) -> str:
        """A label in the board's language (the game's own first, then the generic ones)."""
        return label(key, self.lang, self.spec.labels, **values)

    def bot_label(self, name: str) -> str:
        try:
            return self.label(f"bot_{name}")
        except KeyError:
            return name

    def refresh(self) -> None:
        """Compose the picture again and tell the view: after a change the board cannot see
        (a test that swaps the game's spec or info)."""
        self._say(None)

    def _changed(self) -> None:
        """The picture follows every change, and every view hears of it — once a move's
        listeners are done (a page never shows a move's news without the lesson's ✔ that
        comes with it, and a screen reader hears the two as one)."""
        if self._held:
            return
        self._scene = self._compose()
        for listener in self._change_listeners:
            listener()

    # ----- what a view draws ------------------------------------------------------------------
    def screen(self) -> Screen:
        """Everything on screen now, as plain data (the widget draws exactly this)."""
        deciding = self.match.waiting_for_person()
        shown = self.odds_shown()
        return Screen(scene=self._scene, status=self.status(), narration=self.narration(),
                      result=self.result_table(), odds_shown=shown,
                      odds=self.odds() if shown else None, deciding=deciding,
                      moves=self.move_buttons(), keyboard=self.keyboard_moves(),
                      position_words=self.position_words(), said=self.said(),
                      choices=self.choice_words(),
                      curtain=self.curtain_words(), undo=self.undo_button(),
                      hint=ButtonState(disabled=not deciding or self.curtained()),
                      game_over=self.state.is_terminal())

    def status(self) -> Status:
        message = self._header_message()
        last = next((str(action) for seat, action in reversed(self.match.moves)
                     if seat not in self.match.bots), "")
        return Status(message.text, message.tone, last, len(self.state.history))

    def undo_button(self) -> ButtonState:
        """Undo is greyed, never disabled, when it cannot undo: a click says why not (#33.7)."""
        blocked = self.match.why_no_undo()
        return ButtonState(greyed=blocked is not None,
                           tooltip=self.label(f"undo_{blocked or 'can'}"))

    def curtain_words(self) -> str | None:
        return self.label("curtain_button", player=self._player_to_move()) \
            if self.curtained() else None

    def move_buttons(self) -> tuple[MoveButton, ...]:
        """A button for every legal move without a place on the board (and the game's own)."""
        if not self.match.waiting_for_person() or self.curtained():
            return ()
        seat, seen = self.state.current_player(), self.seen()
        return tuple(MoveButton(action, self.spec.action_words(action, seen, self.lang))
                     for action in self.state.legal_actions()
                     if action.kind in self.spec.button_kinds
                     or self.spec.target_of(action, seat, seen) is None)

    def keyboard_moves(self) -> tuple[MoveButton, ...]:
        """Every legal move of the person to move, in the board's words (empty while a bot
        thinks, the curtain is down or the game is over): the keyboard's way to play."""
        if not self.match.waiting_for_person() or self.curtained():
            return ()
        seen = self.seen()
        return tuple(MoveButton(str(action), self.spec.action_words(action, seen, self.lang))
                     for action in self.state.legal_actions())

    def position_words(self) -> str:
        """The position as the seat at the screen may see it, in words: the command line's
        text (``boardlib.cli.position_sentences``) from the same observation the board draws,
        so hidden cards stay hidden here too; under the curtain, only whose turn it is."""
        from boardlib.cli import position_sentences, sentences_text

        if self.curtained():
            return self.status_text()
        sentences = position_sentences(self.seen(), self.info, self.viewer, self.lang)
        return sentences_text([self.title(), *sentences], self.lang)

    def said(self) -> str:
        """What the live region says: the header's message and the latest turn told."""
        latest = self.narration()[:1]
        return " ".join(part for part in (self.status_text(), *latest) if part)

    def choice_words(self, seen: Seen | None = None) -> tuple[str, ...]:
        """Each choice in words (a route's moves joined by arrows)."""
        seen = seen if seen is not None else self.seen()
        return tuple(" → ".join(self.spec.action_words(move, seen, self.lang)
                                for move in ((choice,) if isinstance(choice, str) else choice))
                     for choice in self._choices)

    def result_table(self) -> ResultTable | None:
        """The ranking, once the game is over."""
        if not self.state.is_terminal():
            return None
        result = self.state.result()
        names = self.names()
        headings = (self.label("place"), self.label("player"),
                    *(self._short_heading(h) for h in result.short))
        rows = tuple((str(result.place_of(p)), names[p], *(str(v) for v in result.scores[p]))
                     for group in result.ranking for p in group)
        return ResultTable(self.label("ranking"), headings, rows, result.explain(self.lang))

    def _short_heading(self, heading: str) -> str:
        try:
            return self.label(f"short_{heading}")
        except KeyError:
            return heading

    def narration(self) -> tuple[str, ...]:
        """The story so far, a line a turn, newest first, told for the narration's viewer
        (kept until the log grows, the language or the viewer changes)."""
        key = (self.match, len(self.match.log), self.lang, self.narration_viewer())
        if self._narration_cache is not None and self._narration_cache[0] == key:
            return self._narration_cache[1]
        joiner = "" if self.lang == "ja" else " "
        lines = tuple(joiner.join(self._told(run) for run in runs_of(turn))
                      for turn in reversed(turns_of(self.match.log[-NARRATION_LINES:])))
        self._narration_cache = (key, lines)
        return lines

    def _told(self, run: list[Event]) -> str:
        """A run of like events (a roll of several dice) in one sentence, else the event's."""
        if len(run) == 1:
            return self._sentence(run[0])
        return render_run(run, self.lang, self.state.names, self.narration_viewer())

    def _sentence(self, event: Event) -> str:
        """An event told for the narration's viewer, each told once per language and viewer
        (the log only grows; the object is kept beside its text, so an id is never mistaken)."""
        key = (id(event), self.lang, self.narration_viewer())
        told = self._sentences.get(key)
        if told is None or told[0] is not event:
            told = (event, event.sentence(self.lang, self.state.names, key[2]))
            self._sentences[key] = told
        return told[1]

    # ----- the match --------------------------------------------------------------------------
    def _new_state(self, players: int | None) -> GameState:
        return self.info.new_game(players=players, seed=self.seed, variant=self.variant)

    def _check_variant(self, variant: str) -> None:
        if variant not in self.info.variants:
            versions = ", ".join(self.info.variants) or "none"
            raise ValueError(f"{self.info.title} has no version {variant!r} (versions: {versions})")

    def _check_bots(self, bots: Mapping[int, str], players: int) -> None:
        for seat, name in bots.items():
            if name not in self.info.bots:
                raise ValueError(f"unknown bot {name!r}: {self.info.title} offers "
                                 f"{', '.join(self.info.bots)}")
            if not 0 <= seat < players:
                raise ValueError(f"there is no seat {seat + 1} in a {players}-player game")

    def _make_match(self, state: GameState) -> Match:
        self._check_bots(self.bot_names, state.num_players)
        bots = {seat: self.info.make_bot(name) for seat, name in self.bot_names.items()}
        match = Match(state, bots=bots, seed=self.seed)
        match.recall(RECALLED_MOVES)  # a position played to: the narration tells its last moves
        return match


def check_language(lang: str) -> None:
    """A board speaks one of ``LANGUAGES``; any other is refused by name."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")


def turns_of(events: list[Event]) -> list[list[Event]]:
    """Events grouped by whose turn they tell (a chance outcome belongs to the turn it is in):
    the narration shows the newest turn first, each turn read in order."""
    turns: list[list[Event]] = []
    for event in events:
        if turns and (event.player is None or event.player == turns[-1][0].player):
            turns[-1].append(event)
        else:
            turns.append([event])
    return turns


def narrate(events: list[Event], lang: str = "en", names: list[str] | None = None,
            viewer: int | None = None) -> str:
    """Events as one paragraph (for notebooks that print what a move did), a roll of several
    dice in one sentence."""
    joiner = "" if lang == "ja" else " "
    return joiner.join(render_run(run, lang, names, viewer) for run in runs_of(events))


__all__ = ["BoardController", "ButtonState", "MoveButton", "ResultTable", "Screen", "Status",
           "narrate", "turns_of"]
