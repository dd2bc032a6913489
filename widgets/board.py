"""One board for every game: play by clicking, with legal moves shown and illegal ones explained.

``Board(game, …)`` holds a ``boardlib.Match`` (seats, bots, undo) and draws the game's spec
(``widgets.BOARDS[game]``) for whoever is at the screen. Everything the game adds is in its
spec; everything here is the same for every game: seats and bots, undo, hints, the header
with the message of the moment, the narration, the result table, save and load, the
pass-the-screen curtain, the controls and the language.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from boardlib import GAMES, IllegalAction, Match
from boardlib.match import SHARED_SCREEN, narration_viewer
from boardlib.messages import localized_names, render_run, runs_of
from boardlib.protocol import Event, GameState
from widgets import overlays
from widgets.focus import CANVAS_CLASS, focus_guard
from widgets.labels import LANGUAGES, label
from widgets.overlays import HEADER_HEIGHT, Message
from widgets.scene import Scene
from widgets.spec import BOARDS, BoardSpec, Odds, Seen, ViewContext
from widgets.svg import to_svg

try:
    from widgets.canvas import CanvasRenderer as Renderer
except ImportError:  # no numpy, so no ipycanvas (JupyterLite without its CDN): paint the SVG
    from widgets.svg_renderer import SvgRenderer as Renderer  # type: ignore[assignment]

NARRATION_LINES = 60
MoveListener = Callable[[str, list[Event]], None]


FIT_RESERVE = 316
"""Pixels of the screen's height that a board leaves to all but its canvas: JupyterLab's menu,
tabs, toolbar and status bar (121 px at 1400×900) and the board's rows around the canvas (the
moves, the status line in up to two lines — news and whose turn, as when a game opens on the
bots' grace picks — and the narration's newest two lines). A board taller than the rest of the
screen is drawn smaller, its ratio kept, so the canvas and its controls fit and a student never
scrolls inside one decision (issue 31); shorter boards keep their size."""
FIT_MIN = 480  # px: on a very short screen scrolling beats a board too small to read
ODDS_RESERVE = 60
"""Pixels more that a board leaves when its odds panel is open, as in every lesson: the
lesson's feedback line above the board (widgets.lesson.RuleStep), two lines once its ✔ tells
what the move did, must fit too (#33.11)."""
SIDE_WIDTH = 340
"""Pixels of the column beside the canvas at its narrowest: with the odds open the canvas is
drawn smaller to leave it this room, and the odds panel and the move buttons (five rows of them
at a trap's reroll) sit there, so a student sees the board, the hand drawn on it and the chances
together (#33.11). With the odds shut the canvas takes the width, the buttons the row above."""
SIDE_GAP = 12  # px between the canvas and the column beside it


class Board(w.VBox):
    """A game to play with the mouse: bots in any seat, undo, hints, save/load, two languages.

    ``controls``: "full" (new game, players, version, seats, save/load, and the moves row),
    "moves" (undo, hint, legal moves, the game's buttons, language) or None (the board alone).
    ``show_odds`` opens the odds panel (the exact chances of the decision at hand, where the
    game has them): off for a real game, on in a lesson.
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
        controls: str | None = "full",
        show_legal: bool = True,
        show_odds: bool = False,
        view_options: Mapping[str, bool] | None = None,
    ) -> None:
        if controls not in ("full", "moves", None):
            raise ValueError(f"controls must be 'full', 'moves' or None, not {controls!r}")
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.info = GAMES[game]
        self.spec: BoardSpec = BOARDS[game]
        self.lang = lang
        self.show_legal = show_legal
        self.show_odds = show_odds
        self._odds_cache: tuple[tuple, str] | None = None
        self.view_options = self._checked_options(view_options or {})
        self.variant = variant if variant is not None else self.info.default_variant
        self._seed = seed
        self._bot_names = dict(bots or {})
        self._listeners: list[MoveListener] = []
        self._language_listeners: list[Callable[[str], None]] = []
        self._gates: list[Callable[[str], str | None]] = []
        self._message: Message | None = None
        self._hint: str | None = None
        self._refused: str | None = None
        self._callout: tuple[tuple[float, float], str, str] | None = None
        self._last_point: tuple[float, float] | None = None
        self._menu_point: tuple[float, float] = (0.0, 0.0)  # where the chooser menu opens
        self._unveiled: int | None = None
        self._choices: list[str | tuple[str, ...]] = []  # a move, or a route of moves
        self.last_events: list[Event] = []
        self._body_cache: tuple[tuple, tuple[Scene, list, set[str]]] | None = None
        self._narration_cache: tuple[tuple, str] | None = None
        self._sentences: dict[tuple, tuple[Event, str]] = {}
        start = state.clone() if state is not None else self._new_state(players)
        self.match = self._make_match(start)  # a copy: the caller's state is never played on
        self.last_events = self.match.advance()  # what bots did before the first decision
        self._scene = self._compose()
        self.renderer = Renderer(self._scene, on_click=self.click)
        self.renderer.canvas.add_class(CANVAS_CLASS)
        self._build_widgets(controls)
        self._message = self._news()
        self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, and the board as SVG for static views of the notebook (GitHub,
        nbviewer, exports), where widgets cannot run."""
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        data["image/svg+xml"] = to_svg(self._scene)
        data["text/plain"] = f"<{self._title()} board: {self.status_text()}>"
        return data

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

    # ----- the picture ------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        """The picture on screen now (clicks are answered against this very picture)."""
        return self._scene

    def scene_for(self, viewer: int | None) -> Scene:
        """The game's own picture for ``viewer`` (no header, outlines or messages): for tests."""
        seen = self.state.observation(viewer)
        return self.spec.view(seen, self._context(viewer, {}))

    def _context(self, viewer: int | None, highlights: Mapping[str, str]) -> ViewContext:
        return ViewContext(viewer=viewer, highlights=highlights, lang=self.lang,
                           names=self.names(), bots=dict(self._bot_names),
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

    def names(self) -> list[str]:
        return localized_names(self.state.names, self.lang)

    def _compose(self) -> Scene:
        """Header, the game's picture for the viewer, outlines, last-move tags, messages."""
        seen = self.seen()
        body, moved, present = self._body(seen)
        message = self._header_message(seen)
        size = (body.width, body.height + HEADER_HEIGHT)
        shapes = [*moved, *overlays.header(body.width, self._title(), message,
                                           self.spec.header_colour)]
        layered = overlays.outlines(moved, self._highlights(seen))
        layered += overlays.last_move_tags(moved, self._last_move_tags(seen, present),
                                           body.width, HEADER_HEIGHT, size[1])
        if self.curtained():
            player = self.names()[self.state.current_player()]
            layered += overlays.curtain(body.width, HEADER_HEIGHT, body.height,
                                        self._label("curtain", player=player),
                                        self._label("curtain_hint", player=player))
        if self._choices:  # several moves here: the menu, beside the click, says why and asks
            title = self._callout[1] if self._callout else self._label("choose_between")
            layered += overlays.menu(self._menu_point, title, self._choice_words(seen), size,
                                     self._label("cancel"))
        elif self._callout is not None:
            layered += overlays.callout(*self._callout[:2], size, self._callout[2])
        return Scene(size[0], size[1], (*shapes, *layered), background=body.background,
                     title=f"{self._title()}: {message.text}", notes=body.notes)

    def _body(self, seen: Seen) -> tuple[Scene, list, set[str]]:
        """The game's picture under the header, its targets — kept while nothing it shows
        changes, so a refused click or a hint redraws only the marks above it."""
        key = (self.state, len(self.state.history), self.viewer, self.lang,
               tuple(sorted(self._bot_names.items())), tuple(sorted(self.view_options.items())))
        cached = self._body_cache
        if cached is not None and cached[0][0] is key[0] and cached[0][1:] == key[1:]:
            return cached[1]
        body = self.spec.view(seen, self._context(self.viewer, {}))
        moved = overlays.under_header(body)
        drawn = (body, moved, {shape.id for shape in moved if shape.id is not None})
        self._body_cache = (key, drawn)
        return drawn

    def _title(self) -> str:
        return self.info.titles.get(self.lang, self.info.title)

    def _header_message(self, seen: Seen) -> Message:
        if self._message is not None:
            return self._message
        if self.curtained():
            player = self.names()[self.state.current_player()]
            return Message(self._label("curtain", player=player), "curtain")
        return Message(self.status_line(seen))

    def status_line(self, seen: Seen | None = None) -> str:
        """Whose turn and which step, in words (the game's own status line)."""
        return self.spec.status(seen if seen is not None else self.seen(), self.names(),
                                self.lang)

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
        return marks

    def _last_move_tags(self, seen: Seen, present: set[str]) -> dict[str, str]:
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
                tags[target] = self._label("last_tag", who=names[seat])
                done.add(seat)
        return tags

    # ----- what a person does -----------------------------------------------------------------
    def click(self, x: float, y: float) -> str:
        """A click at scene point (x, y): make the move it means, offer a choice, or say why not."""
        picked = self._scene.hit(x, y) if self._choices else None
        if picked is not None and picked.startswith("choice-"):  # an item of the menu
            if picked == "choice-cancel":
                self._choices = []
                return self._say(None)
            return self.choose(int(picked.removeprefix("choice-")))
        self._choices = []
        self._last_point = (x, y)
        self._menu_point = (x, y)
        if self.curtained():
            player = self.names()[self.state.current_player()]
            return self._refuse(self._label("curtain_first", player=player), (x, y))
        if self.state.is_terminal():
            return self._refuse(self._label("game_over_click"), (x, y))
        if not self.match.waiting_for_person():
            return self._refuse(self._label("bots_turn"), (x, y))
        target = self._scene.hit(x, y)
        if target is None:
            return self._refuse(self._label("nothing_here"), (x, y))
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
            return self._refuse(reason or self._label("nothing_here"), (x, y), target)
        problem = self.state.check_action(action, player=seat)
        if problem is None:
            return self.play(action)
        text = self._refusal_text(problem)
        routes = self._legal_routes(target, seen)
        if routes:  # not like this, but another way there is: offer it beside the reason
            text += " " + self._label("or_by_route")
        self._choices = list(routes)
        return self._refuse(text, (x, y), target)

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
            return self._say(Message(self._label(key), "refused"))
        legal = bool(self._gates) and self.state.check_action(action) is None
        for gate in self._gates if legal else ():  # a lesson step may set a legal move aside
            aside = gate(action)
            if aside:
                self._callout = (point, aside, "aside") if point else None
                self._message = Message(aside, "aside")
                self._refused = None
                self._refresh()
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
        said = self._say(self._news())
        self._last_point = point
        for listener in self._listeners:  # after the board has spoken: a lesson may add to it
            listener(played, self.last_events)
        self._last_point = None
        return self.status_text() if self._message is not None else said

    def _news(self) -> Message | None:
        """What the last events brought, in the game's words (``spec.news``), or None."""
        news = self.spec.news(self.last_events, self.seen(), self.lang) if self.spec.news else None
        return Message(news.text, "warning" if news.bad else "news") if news else None

    def announce(self, text: str, tone: str = "success") -> None:
        """Say ``text`` in the header, and beside the click that led to it (a lesson's ✔)."""
        self._message = Message(text, tone)
        self._callout = (self._last_point, text, tone) if self._last_point else None
        self._refresh()

    def choose(self, index: int) -> str:
        """Pick one of the moves the chooser offers (0-based), as its button does."""
        if not 0 <= index < len(self._choices):
            return self._say(Message(self._label("nothing_here"), "refused"))
        choice = self._choices[index]
        if isinstance(choice, str):
            return self.play(choice)
        said = ""
        for move in choice:  # a route: its moves one after another, stopping at a refusal
            said = self.play(move)
            if self._message is not None and self._message.tone in ("refused", "aside"):
                break  # refused, or set aside by a lesson step: the rest is not played
        return said

    def on_move(self, callback: MoveListener) -> None:
        """Call ``callback(action, events)`` after every move a person makes."""
        self._listeners.append(callback)

    def gate(self, callback: Callable[[str], str | None]) -> None:
        """Ask ``callback(action)`` before a person's legal move is played: a text it returns is
        said instead (header and beside the click), and the move is not played."""
        self._gates.append(callback)

    def on_language(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(lang)`` after the language changes."""
        self._language_listeners.append(callback)

    def undo(self, *_: object) -> str:
        """Take back the last person's move (and the bots' answers); never a chance outcome."""
        blocked = self.match.why_no_undo()
        if blocked is not None:
            return self._say(Message(self._label(f"undo_{blocked}"), "refused"))
        self.match.undo()
        self._hint = None
        self.last_events = []
        for listener in self._listeners:
            listener("", [])
        return self._say(Message(self._label("undone"), "news"))

    def hint(self, *_: object) -> str:
        """Outline the move the game's hint bot would make, and say why in words."""
        if not self.match.waiting_for_person() or self.curtained():
            return self._say(Message(self._label("hint_none"), "refused"))
        bot = self.info.make_bot(self.spec.hint_bot)
        self._hint = str(bot.choose(self.state.clone(), random.Random(len(self.state.history))))
        seen = self.seen()
        words = self.spec.action_words(self._hint, seen, self.lang)
        reason = self.spec.hint_reason(seen, self._hint, self.lang)
        return self._say(Message(self._label("hint_text", move=words, reason=reason), "hint"))

    def unveil(self, *_: object) -> str:
        """The person to move has the screen: lift the curtain and show their own view."""
        if self.curtained():
            self._unveiled = self.state.current_player()
        return self._say(None)

    def set_show_legal(self, show: bool) -> None:
        self.show_legal = show
        self._refresh()

    def set_show_odds(self, show: bool) -> None:
        """Open or close the odds panel (a teacher closes it for a real game)."""
        self.show_odds = show
        if hasattr(self, "odds_toggle"):
            self.odds_toggle.value = show
        self._refresh()

    def odds(self) -> Odds | None:
        """The exact chances of the decision in front of the person to move, from what the
        screen's viewer may see (None when chance plays no part, or nobody must decide)."""
        if self.spec.odds is None or not self.match.waiting_for_person() or self.curtained():
            return None
        return self.spec.odds(self.seen(), self.lang)
    def set_view_option(self, name: str, value: bool) -> None:
        """Show or hide one of the game's teaching aids (``BoardSpec.view_options``)."""
        self.view_options = self._checked_options({**self.view_options, name: bool(value)})
        if name in getattr(self, "option_boxes", {}):
            self.option_boxes[name].value = bool(value)
        self._refresh()

    def _checked_options(self, chosen: Mapping[str, bool]) -> dict[str, bool]:
        unknown = set(chosen) - set(self.spec.view_options)
        if unknown:
            offered = ", ".join(self.spec.view_options) or "none"
            raise ValueError(f"unknown view option {', '.join(sorted(unknown))!r}: this board "
                             f"offers {offered}")
        return {**self.spec.view_options, **{k: bool(v) for k, v in chosen.items()}}

    def set_language(self, lang: str) -> None:
        """Tell everything on screen again in ``lang``: header, controls, narration, results."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.lang = lang
        self._message = None  # a message is told in the language it was made in
        self._callout = None
        self._relabel_controls()
        self._refresh()
        for listener in self._language_listeners:
            listener(lang)

    def new_game(self, players: int | None = None, seed: int | None = None,
                 bots: Mapping[int, str] | None = None, variant: str | None = None) -> str:
        """Start again (same settings unless given); ``ValueError`` names a wrong setting."""
        if variant is not None:
            self._check_variant(variant)
        players = players if players is not None else self.state.num_players
        bot_names = dict(bots) if bots is not None else dict(self._bot_names)
        bot_names = {s: b for s, b in bot_names.items() if s < players}
        self._check_bots(bot_names, players)
        self.variant = variant if variant is not None else self.variant
        self._seed = seed
        self._bot_names = bot_names
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
    def save(self, *_: object) -> str:
        """The game as the engine's validated JSON save (also put in the save box)."""
        text = self.state.to_json()
        if hasattr(self, "save_box"):
            self.save_box.value = text
            self.save_box.layout.display = ""
        self._say(Message(self._label("saved"), "news"))
        return text

    def load(self, text: str | None = None) -> str:
        """Load a save (or the save box's text); a tampered or broken one is refused with the
        reason, and the game on screen stays as it was."""
        if text is None:
            text = self.save_box.value if hasattr(self, "save_box") else ""
        try:
            state = self.info.from_json(text)
        except (ValueError, TypeError) as problem:
            return self._say(Message(self._label("load_refused", reason=str(problem)), "refused"))
        if state.num_players != self.state.num_players:
            self._bot_names = {s: b for s, b in self._bot_names.items() if s < state.num_players}
        self.match = self._make_match(state)
        self.match.advance()
        self._reset_feedback()
        return self._say(Message(self._label("loaded", moves=len(state.history)), "news"))

    # ----- messages ---------------------------------------------------------------------------
    def _refusal_text(self, problem: IllegalAction) -> str:
        rule = self._label("rule", rule=problem.rule) if problem.rule else ""
        return self._label("not_allowed", reason=problem.explain(self.lang)) + rule

    def _refuse(self, text: str, point: tuple[float, float], target: str | None = None) -> str:
        """Say why not in the header and beside the click, and flash the refused target."""
        self._refused = target
        self._callout = (point, text, "refused")
        self._message = Message(text, "refused")
        self._refresh()
        return text

    def _offer(self, actions: Sequence[str]) -> str:
        """Several legal moves share the clicked place: a small chooser asks which one."""
        self._choices = list(actions)
        return self._say(Message(self._label("choose_between")))

    def _say(self, message: Message | None) -> str:
        self._message = message
        self._refused = None
        self._callout = None
        self._refresh()
        return message.text if message else self.status_line()

    def status_text(self) -> str:
        """What the header says now."""
        return self._header_message(self.seen()).text

    def _reset_feedback(self) -> None:
        self._hint = None
        self._unveiled = None
        self._choices = []
        self.last_events = []

    def _label(self, key: str, **values: object) -> str:
        return label(key, self.lang, self.spec.labels, **values)

    def _bot_label(self, name: str) -> str:
        try:
            return self._label(f"bot_{name}")
        except KeyError:
            return name

    # ----- the match --------------------------------------------------------------------------
    def _new_state(self, players: int | None) -> GameState:
        return self.info.new_game(players=players, seed=self._seed, variant=self.variant)

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
        self._check_bots(self._bot_names, state.num_players)
        bots = {seat: self.info.make_bot(name) for seat, name in self._bot_names.items()}
        return Match(state, bots=bots, seed=self._seed)

    # ----- the widgets around the canvas ------------------------------------------------------
    def _build_widgets(self, controls: str | None) -> None:
        self.status = w.HTML(layout=w.Layout(min_height="28px"))
        self.status.add_class("boardlib-status")
        self.narration = w.HTML(layout=w.Layout(max_height="76px", overflow="auto",  # 2 lines
                                                border="1px solid #d8cfbf", padding="4px 8px"))
        self.narration.add_class("boardlib-narration")
        self.result_panel = w.HTML()
        self.result_panel.add_class("boardlib-result")
        # In the column beside the canvas, which scrolls when too tall, neither may shrink
        # (a shrunk box lets its buttons spill out under the column, out of the pointer's reach).
        self.odds_panel = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.odds_panel.add_class("boardlib-odds")
        self.chooser = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.chooser.add_class("boardlib-chooser")
        self.curtain_button = w.Button(button_style="info", layout=w.Layout(height="44px",
                                                                            width="auto"))
        self.curtain_button.add_class("boardlib-curtain")
        self.curtain_button.on_click(self.unveil)
        self.move_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap", flex="0 0 auto"))
        self.move_buttons.add_class("boardlib-moves")
        self._move_button_actions: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        rows: list[w.Widget] = []
        if controls == "full":  # opened by a button of the moves row, and at the game's end
            self.setup_panel = w.VBox([self._setup_controls(), self._save_controls()],
                                      layout=w.Layout(display="none"))
            self.setup_panel.add_class("boardlib-setup")
            rows.append(self.setup_panel)
        self.tools = (self._move_controls() if controls in ("full", "moves")
                      else w.HBox(layout=w.Layout(flex_flow="row wrap")))
        rows.append(self.tools)
        self._tool_widgets = self.tools.children  # the move buttons go in before the language
        # Beside the canvas (under it when the page is too narrow), with the odds open: the
        # odds panel and the move buttons, where the student looks, not under a board taller
        # than the screen (_lay_out).
        self.side = w.VBox(layout=w.Layout(flex=f"1 1 {SIDE_WIDTH}px", max_width="560px",
                                           min_width=f"min({SIDE_WIDTH}px, 100%)",
                                           margin=f"0 0 0 {SIDE_GAP}px"))
        self.side.add_class("boardlib-side")
        beside = w.HBox([self.renderer.canvas, self.side],  # never stretches the canvas
                        layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        # Nothing above the canvas changes height between two clicks: the chooser's buttons
        # (the keyboard's way to the menu drawn at the pointer) come below it, so a click
        # never pushes the board down under the pointer (#33.6).
        parts = [*rows, self.curtain_button, beside, self.chooser, self.status,
                 self.result_panel, self.narration]
        super().__init__([*parts, focus_guard()])
        self.add_class("boardlib-board")

    def _button(self, key: str, handler: Callable[..., object], **style: Any) -> w.Button:
        button = w.Button(description=self._label(key),
                          layout=w.Layout(width="auto", height="40px"), **style)
        button.on_click(lambda *_: handler())
        button.add_class(f"boardlib-{key.replace('_', '-')}")
        self._buttons[key] = button
        return button

    def _setup_controls(self) -> w.Widget:
        self._buttons: dict[str, w.Widget] = getattr(self, "_buttons", {})
        self.players_menu = w.Dropdown(options=list(self.info.player_counts),
                                       value=self.state.num_players,
                                       layout=w.Layout(width="150px"))
        self.players_menu.observe(lambda _: self._update_seat_menus(), "value")
        self.seed_box = w.IntText(value=self._seed or 0, layout=w.Layout(width="160px"))
        self.variant_menu = w.Dropdown(options=list(self.info.variants) or ["—"],
                                       value=self.variant or "—", layout=w.Layout(width="190px"))
        self.variant_menu.layout.display = "" if self.info.variants else "none"
        self.seat_menus = [w.Dropdown(layout=w.Layout(width="190px"))
                           for _ in range(max(self.info.player_counts))]
        new = self._button("new_game", self._on_new_game, button_style="primary")
        self._relabel_setup()
        return w.HBox([self.players_menu, self.variant_menu, self.seed_box, *self.seat_menus, new],
                      layout=w.Layout(flex_flow="row wrap"))

    def _move_controls(self) -> w.Widget:
        self._buttons = getattr(self, "_buttons", {})
        undo = self._button("undo", self.undo, icon="undo")
        hint = self._button("hint", self.hint, icon="lightbulb-o")
        self.legal_toggle = w.ToggleButton(value=self.show_legal, layout=w.Layout(width="auto",
                                                                                   height="40px"))
        self.legal_toggle.observe(lambda change: self.set_show_legal(change["new"]), "value")
        self.odds_toggle = w.ToggleButton(value=self.show_odds, icon="percent",
                                          layout=w.Layout(width="auto", height="40px"))
        self.odds_toggle.add_class("boardlib-odds-toggle")
        self.odds_toggle.layout.display = "" if self.spec.odds else "none"
        self.odds_toggle.observe(lambda change: self.set_show_odds(change["new"]), "value")
        self.language_toggle = w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")],
                                               value=self.lang, layout=w.Layout(width="auto"),
                                               style={"button_width": "80px"})  # one row
        self.language_toggle.observe(lambda change: self.set_language(change["new"]), "value")
        self.option_boxes = {name: w.Checkbox(value=value, indent=False,
                                              layout=w.Layout(width="auto"))
                             for name, value in self.view_options.items()}
        for name, box in self.option_boxes.items():
            box.observe(lambda change, name=name: self.set_view_option(name, change["new"]),
                        "value")
        setup = [self._setup_toggle()] if hasattr(self, "setup_panel") else []
        self._relabel_moves()
        return w.HBox([*setup, undo, hint, self.legal_toggle, self.odds_toggle,  # + buttons
                       *self.option_boxes.values(), self.language_toggle],
                      layout=w.Layout(flex_flow="row wrap"))

    def _setup_toggle(self) -> w.ToggleButton:
        """Players, seats, seed, New game, Save and Load, shown on demand: shut, a board and
        its moves fit a laptop's screen, so a student never scrolls inside one decision."""
        self.setup_toggle = w.ToggleButton(value=False, icon="cog",
                                           layout=w.Layout(width="auto", height="40px"))
        self.setup_toggle.add_class("boardlib-setup-toggle")
        self.setup_toggle.observe(lambda change: self._show_setup(change["new"]), "value")
        return self.setup_toggle

    def _show_setup(self, shown: bool) -> None:
        self.setup_panel.layout.display = "" if shown else "none"

    def _save_controls(self) -> w.Widget:
        save = self._button("save", self.save)
        load = self._button("load", self.load)
        self.save_box = w.Textarea(layout=w.Layout(width="860px", height="90px", display="none"))
        return w.VBox([w.HBox([save, load]), self.save_box])

    def _relabel_setup(self) -> None:
        self.players_menu.description = self._label("players")
        self.seed_box.description = self._label("seed")
        self.variant_menu.description = self._label("variant")
        self._update_seat_menus()

    def _update_seat_menus(self) -> None:
        options = [(self._label("person"), "person")]
        options += [(self._bot_label(name), name) for name in self.info.bots]
        for seat, menu in enumerate(self.seat_menus):
            value = menu.value if menu.value else self._bot_names.get(seat, "person")
            menu.options = options
            menu.value = value
            menu.description = self._label("seat", n=seat + 1)
            menu.layout.display = "" if seat < self.players_menu.value else "none"

    def _relabel_moves(self) -> None:
        if hasattr(self, "setup_toggle"):
            self.setup_toggle.description = self._label("setup")
        self.legal_toggle.description = self._label("show_legal")
        self.odds_toggle.description = self._label("odds")
        for name, box in self.option_boxes.items():
            box.description = self._label(f"option_{name}")
        self.language_toggle.description = ""

    def _relabel_controls(self) -> None:
        for key, button in getattr(self, "_buttons", {}).items():
            button.description = self._label(key)
        if hasattr(self, "players_menu"):
            self._relabel_setup()
        if hasattr(self, "legal_toggle"):
            self._relabel_moves()
            self.language_toggle.value = self.lang
        self._move_button_actions = ((), ())  # re-told in the new language

    def _on_new_game(self) -> None:
        players = self.players_menu.value
        bots = {s: m.value for s, m in enumerate(self.seat_menus[:players]) if m.value != "person"}
        variant = self.variant_menu.value if self.info.variants else None
        self.seed_box.value = self.seed_box.value  # the seed shown is the seed played
        self.new_game(players=players, seed=self.seed_box.value, bots=bots, variant=variant)

    # ----- refreshing everything on screen ----------------------------------------------------
    def _refresh(self) -> None:
        self._scene = self._compose()
        if not hasattr(self, "status"):
            return
        self.renderer.show(self._scene)
        message = self._header_message(self.seen())
        colour = {"refused": "#b00020", "hint": "#7a1f6b", "success": "#1f6b2a",
                  "news": "#2c4a6e", "warning": "#8a4b00", "aside": "#6b5500"}.get(
            message.tone, "#222")
        last = next((str(action) for seat, action in reversed(self.match.moves)
                     if seat not in self.match.bots), "")
        self.status.value = (f'<div style="font-size:18px;color:{colour}" '
                             f'data-last-move="{escape(last)}" data-tone="{message.tone}" '
                             f'data-history="{len(self.state.history)}">'
                             f"{escape(message.text)}</div>")
        self.narration.value = self._narration_html()
        self.result_panel.value = self._result_html() if self.state.is_terminal() else ""
        if self.state.is_terminal() and hasattr(self, "setup_toggle"):
            self.setup_toggle.value = True  # "press New game to play again": here it is
        self.odds_panel.value = self._odds_html() if self.show_odds and self.spec.odds else ""
        self._update_move_buttons()
        self._lay_out()
        self._update_chooser()
        curtained = self.curtained()
        self.curtain_button.layout.display = "" if curtained else "none"
        if curtained:
            player = self.names()[self.state.current_player()]
            self.curtain_button.description = self._label("curtain_button", player=player)
        if "undo" in getattr(self, "_buttons", {}):
            blocked = self.match.why_no_undo()
            undo = self._buttons["undo"]  # greyed, never disabled: a click says why not (#33.7)
            undo.style.text_color = "#8a8a8a" if blocked else ""
            undo.tooltip = self._label(f"undo_{blocked or 'can'}")
            self._buttons["hint"].disabled = not self.match.waiting_for_person() or curtained

    def _lay_out(self) -> None:
        """Size the canvas for the screen (its ratio kept, never stretched): the screen's
        height less the rows around the board. With the odds open, less the lesson's line too,
        and narrower by the column beside it that holds the odds and the move buttons; shut,
        the canvas takes the width and the buttons the row above it."""
        odds = self.show_odds and self.spec.odds is not None
        reserve = FIT_RESERVE + (ODDS_RESERVE if odds else 0)
        layout = self.renderer.canvas.layout
        layout.max_height = f"max({FIT_MIN}px, calc(100vh - {reserve}px))"
        # A page too narrow for both: the canvas alone, the column under it.
        layout.max_width = (f"max(min(100%, {FIT_MIN}px), "
                            f"calc(100% - {SIDE_WIDTH + SIDE_GAP}px))" if odds else "100%")
        tools = list(self._tool_widgets)
        if odds:  # the buttons beside the canvas, above the odds: out of the row, then in
            self._set_children(self.tools, tuple(tools))
            self._set_children(self.side, (self.move_buttons, self.odds_panel))
        else:  # in the row above the canvas, before the language toggle; the column hidden
            tools.insert(max(len(tools) - 1, 0), self.move_buttons)
            self._set_children(self.side, (self.odds_panel,))
            self._set_children(self.tools, tuple(tools))
        self.side.layout.display = "" if odds else "none"
        # A long table scrolls inside the column, never the page: the board stays in view.
        self.side.layout.max_height = layout.max_height if odds else None
        self.side.layout.overflow = "auto" if odds else None

    @staticmethod
    def _set_children(box: w.Box, children: tuple[w.Widget, ...]) -> None:
        """Change a box's children only when they differ (each change redraws it)."""
        if box.children != children:
            box.children = children

    def _narration_html(self) -> str:
        """The story so far, newest first, told for the narration's viewer (cached)."""
        key = (self.match, len(self.match.log), self.lang, self.narration_viewer())
        if self._narration_cache is not None and self._narration_cache[0] == key:
            return self._narration_cache[1]
        html = self._tell_narration()
        self._narration_cache = (key, html)
        return html

    def _tell_narration(self) -> str:
        joiner = "" if self.lang == "ja" else " "
        turns = [joiner.join(self._told(run) for run in runs_of(turn))
                 for turn in reversed(turns_of(self.match.log[-NARRATION_LINES:]))]
        heading = (f'<div style="font-size:13px;color:#6b5a3a">'
                   f'{escape(self._label("moves_heading"))}</div>')
        return heading + "".join(f'<div style="font-size:16px;margin:2px 0">{escape(turn)}</div>'
                                 for turn in turns)

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

    def _result_html(self) -> str:
        result = self.state.result()
        names = self.names()
        heads = "".join(f"<th>{escape(self._short_heading(h))}</th>" for h in result.short)
        rows = "".join(
            f"<tr><td>{result.place_of(p)}</td><td>{escape(names[p])}</td>"
            + "".join(f"<td>{v}</td>" for v in result.scores[p]) + "</tr>"
            for group in result.ranking for p in group
        )
        return (
            f'<div style="font-size:18px;border:2px solid #d08a00;padding:8px;'
            f'background:#fff8e6"><b>{escape(self._label("ranking"))}</b>'
            f'<table style="font-size:18px;border-spacing:14px 2px">'
            f'<tr><th>{escape(self._label("place"))}</th>'
            f"<th>{escape(self._label('player'))}</th>{heads}</tr>{rows}</table>"
            f"<p>{escape(result.explain(self.lang))}</p></div>"
        )

    def _odds_html(self) -> str:
        """The odds table: decimals, the exact fraction beside (and on hover), best marked,
        and the reason in words under each choice. Cached until the position changes."""
        key = (self.state, len(self.state.history), self.viewer, self.lang, self.curtained())
        if self._odds_cache is not None and self._odds_cache[0][0] is key[0] \
                and self._odds_cache[0][1:] == key[1:]:
            return self._odds_cache[1]
        html = odds_table_html(self.odds(), self._label, self.match.waiting_for_person())
        self._odds_cache = (key, html)
        return html

    def _short_heading(self, heading: str) -> str:
        try:
            return self._label(f"short_{heading}")
        except KeyError:
            return heading

    def _update_move_buttons(self) -> None:
        """A button for every legal move without a place on the board (and the game's own)."""
        actions: tuple[str, ...] = ()
        if self.match.waiting_for_person() and not self.curtained():
            seat = self.state.current_player()
            seen = self.seen()
            actions = tuple(a for a in self.state.legal_actions()
                            if a.kind in self.spec.button_kinds
                            or self.spec.target_of(a, seat, seen) is None)
        seen = self.seen()
        words = tuple(self.spec.action_words(action, seen, self.lang) for action in actions)
        if (actions, words) == self._move_button_actions:  # a label may tell the position
            return
        self._move_button_actions = (actions, words)
        buttons = []
        for action, said in zip(actions, words):
            button = w.Button(description=said, layout=w.Layout(width="auto", height="40px"))
            button.add_class("boardlib-move")
            button.on_click(lambda _, move=action: self.play(move))
            buttons.append(button)
        self.move_buttons.children = buttons

    def _choice_words(self, seen: Seen) -> list[str]:
        """Each choice in words (a route's moves joined by arrows)."""
        return [" → ".join(self.spec.action_words(move, seen, self.lang)
                           for move in ((choice,) if isinstance(choice, str) else choice))
                for choice in self._choices]

    def _update_chooser(self) -> None:
        """The same choices as buttons above the board (for keyboards and screen readers)."""
        if not self._choices:
            self.chooser.children = ()
            self.chooser.layout.display = "none"
            return
        seen = self.seen()
        buttons: list[w.Widget] = [w.HTML(f"<b>{escape(self._label('choose_between'))}</b>")]
        for index, words in enumerate(self._choice_words(seen)):
            button = w.Button(description=words,
                              button_style="info", layout=w.Layout(width="auto", height="40px"))
            button.on_click(lambda _, i=index: self.choose(i))
            buttons.append(button)
        cancel = w.Button(description=self._label("cancel"), layout=w.Layout(height="40px"))
        cancel.on_click(lambda _: self._say(None))
        self.chooser.children = (*buttons, cancel)
        self.chooser.layout.display = ""


def odds_table_html(odds: Odds | None, say: Callable[..., str], deciding: bool) -> str:
    """The odds panel's HTML (pure: tested without a widget)."""
    box = ('<div style="font-size:16px;line-height:1.3;border:2px solid #2f6f9f;'
           'padding:6px 10px;background:#f2f8fd;margin:4px 0">')  # beside a board: compact
    heading = f"<b>{escape(say('odds_heading'))}</b>"
    if odds is None:
        text = say("odds_none") if deciding else say("odds_wait")
        return f"{box}{heading}<div>{escape(text)}</div></div>"
    tables = "".join(_odds_table(table, say) for table in (odds, *odds.then))
    return f"{box}{heading}{tables}</div>"


def _odds_table(odds: Odds, say: Callable[..., str]) -> str:
    """One table of the panel: a row per choice (or outcome), its numbers, its why line."""
    heads = "".join(f"<th>{escape(h)}</th>" for h in odds.headings)
    numbers = odds.numbers or ("chance",) * len(odds.headings)
    rows = []
    for row in odds.rows:
        cells = "".join(_odds_cell(value, kind) for value, kind in zip(row.chances, numbers))
        best = f" <b>{escape(say('odds_best'))}</b>" if row.best else ""
        why = (f'<tr><td colspan="{len(row.chances) + 1}" style="color:#444;'
               f'font-size:14px;padding-bottom:4px">{escape(row.why)}</td></tr>' if row.why
               else "")
        rows.append(f"<tr><td>{escape(row.choice)}{best}</td>{cells}</tr>{why}")
    subject = escape(odds.subject or say("odds_choice"))
    note = f"<div style='font-size:14px'>{escape(odds.note)}</div>" if odds.note else ""
    return (f'<table style="border-spacing:8px 1px">'
            f"<tr><th>{subject}</th>{heads}</tr>{''.join(rows)}</table>{note}")


def _odds_cell(value: Fraction, kind: str) -> str:
    """One number of the panel: a chance as a percentage, points as a signed whole number,
    an expected count as a decimal; the exact fraction beside it when short, else on hover."""
    if kind == "points" and value.denominator == 1:
        return f'<td title="{value}">{value.numerator:+d}</td>'
    if kind == "chance":
        shown = "<1%" if 0 < value < Fraction(1, 200) else f"{float(value):.0%}"
    else:
        shown = f"{float(value):+.2f}" if kind == "points" else f"{float(value):.2f}"
    exact = f" <small>({value})</small>" if value.denominator < 1000 else ""
    return f'<td title="{value}">{escape(shown)}{exact}</td>'


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


__all__ = ["SHARED_SCREEN", "Board", "narrate"]
