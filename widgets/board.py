"""One board for every game: play by clicking, with legal moves shown and illegal ones explained.

``Board(game, …)`` is the widget a notebook shows: the canvas, the rows of controls around it
and their layout. Every decision — seats and bots, the curtain, what a click means, undo,
hints, what the header says — is its ``controller``'s (``widgets.controller``, plain Python):
the board builds the widgets, wires their events to the controller and draws the controller's
``screen()`` after each change. The optional controls are one object, ``board.controls``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from boardlib.match import SHARED_SCREEN
from boardlib.protocol import GameState
from widgets.controller import (
    BoardController,
    ButtonState,
    MoveButton,
    ResultTable,
    Status,
    narrate,
)
from widgets.focus import CANVAS_CLASS, focus_guard
from widgets.keys import BoardVoice, KeyboardMoves, key_moves_data
from widgets.pictures import image_html
from widgets.spec import Odds
from widgets.svg import to_svg

try:
    from widgets.canvas import CanvasRenderer as Renderer
except ImportError:  # no numpy, so no ipycanvas (JupyterLite without its CDN): paint the SVG
    from widgets.svg_renderer import SvgRenderer as Renderer  # type: ignore[assignment]  # same API

CONTROLS = ("full", "moves", None)

FIT_RESERVE = 316
"""Pixels of the screen's height that a board leaves to all but its canvas: JupyterLab's menu,
tabs, toolbar and status bar (121 px at 1400×900) and the board's rows around the canvas (the
moves, the status line in up to two lines — news and whose turn, as when a game opens on the
bots' grace picks — and the narration's newest two lines). A board taller than the rest of the
screen is drawn smaller, its ratio kept, so the canvas and its controls fit and a student never
scrolls inside one decision (issue 31); shorter boards keep their size."""
NARRATION_HEADING = 18  # px: the line "What happened (newest first)"
NARRATION_LINE = 22  # px: a line of the story (16 px text), wrapped lines included
NARRATION_HEIGHT = 1 + 4 + NARRATION_HEADING + 2 * NARRATION_LINE + 1
"""The narration box shows its heading and two whole lines: border, padding (none below, where a
scrolled box would show a sliver of the next line), heading, lines, border (a widget's box is
sized border-box). Older lines are a scroll away."""
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
TONE_COLOURS = {"refused": "#b00020", "hint": "#7a1f6b", "success": "#1f6b2a",
                "news": "#2c4a6e", "warning": "#8a4b00", "aside": "#6b5500"}
"""The status line's colour for each tone of the header's message (others: #222)."""


# ----- the optional controls: one object, each group present or None ----------------------------
@dataclass
class MoveControls:
    """The row above the board of a "full" or "moves" board: undo, hint, the toggles and the
    language (the move buttons join it while the odds are shut)."""

    row: w.HBox
    undo: w.Button
    hint: w.Button
    legal_toggle: w.ToggleButton
    odds_toggle: w.ToggleButton
    language_toggle: w.ToggleButtons
    option_boxes: dict[str, w.Checkbox]


@dataclass
class SetupControls:
    """A "full" board's setup: players, version, seed, seats, New game, Save and Load, in a
    panel its toggle opens on demand (and the game's end opens by itself)."""

    panel: w.VBox
    toggle: w.ToggleButton
    players_menu: w.Dropdown
    variant_menu: w.Dropdown
    seed_box: w.IntText
    seat_menus: list[w.Dropdown]
    new_game: w.Button
    save: w.Button
    load: w.Button
    save_box: w.Textarea


@dataclass
class Controls:
    """A board's optional controls: ``moves`` for "full" and "moves", ``setup`` for "full"."""

    moves: MoveControls | None = None
    setup: SetupControls | None = None

    def buttons(self) -> dict[str, w.Button]:
        """The labelled buttons present, by their label key (also their CSS class's name)."""
        found: dict[str, w.Button] = {}
        if self.setup is not None:
            found.update(new_game=self.setup.new_game, save=self.setup.save,
                         load=self.setup.load)
        if self.moves is not None:
            found.update(undo=self.moves.undo, hint=self.moves.hint)
        return found


class _FromController:
    """A board attribute that is its controller's, read and set there: one source of truth."""

    def __init__(self, name: str | None = None) -> None:
        self.target = name or ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.target = self.target or name
        found = vars(BoardController).get(self.target)  # a method or property: its docstring
        self.__doc__ = found.__doc__ if found is not None else None

    def __get__(self, board: Board | None, owner: type | None = None) -> Any:
        return self if board is None else getattr(board.controller, self.target)

    def __set__(self, board: Board, value: Any) -> None:
        setattr(board.controller, self.target, value)


class _Control:
    """A board attribute that is one of its optional controls, read in ``board.controls``
    (``board.seat_menus`` is ``board.controls.setup.seat_menus``); absent, an AttributeError
    says which ``controls`` bring it."""

    def __init__(self, group: str, field: str | None = None) -> None:
        self.group = group
        self.field = field or ""
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.field = self.field or name

    def __get__(self, board: Board | None, owner: type | None = None) -> Any:
        if board is None:
            return self
        controls = getattr(board.controls, self.group)
        if controls is None:
            needed = "'full'" if self.group == "setup" else "'full' or 'moves'"
            raise AttributeError(f"this board has no {self.name}: it comes with controls="
                                 f"{needed}")
        return getattr(controls, self.field)


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
        if controls not in CONTROLS:
            raise ValueError(f"controls must be 'full', 'moves' or None, not {controls!r}")
        self.controller = BoardController(game, players=players, seed=seed, bots=bots,
                                          variant=variant, lang=lang, state=state,
                                          show_legal=show_legal, show_odds=show_odds,
                                          view_options=view_options)
        self.renderer = Renderer(self.controller.scene, on_click=self.click)
        self.renderer.canvas.add_class(CANVAS_CLASS)
        self._drawn_moves: tuple[MoveButton, ...] = ()
        self._build_widgets(controls)
        self._drawn_lang = self.controller.lang  # the controls were labelled in it
        self.controller.on_change(self._draw)
        self._draw()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, and the board as an image with the position in words for static
        views of the notebook (GitHub, nbviewer, exports), where widgets cannot run."""
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = image_html(to_svg(self.controller.scene), "image/svg+xml",
                                       self.controller.position_words())
        data["text/plain"] = f"<{self.controller.title()} board: {self.status_text()}>"
        return data

    # ----- the controller's API, on the board (notebooks, lessons and tests use it) ----------
    state = _FromController()
    match = _FromController()
    info = _FromController()
    spec = _FromController()
    lang = _FromController()
    show_legal = _FromController()
    show_odds = _FromController()
    view_options = _FromController()
    variant = _FromController()
    last_events = _FromController()
    viewer = _FromController()
    scene = _FromController()
    people = _FromController()
    curtained = _FromController()
    narration_viewer = _FromController()
    seen = _FromController()
    scene_for = _FromController()
    names = _FromController()
    status_line = _FromController()
    status_text = _FromController()
    last_move_tags = _FromController()
    click = _FromController()
    play = _FromController()
    choose = _FromController()
    announce = _FromController()
    on_move = _FromController()
    gate = _FromController()
    on_language = _FromController()
    undo = _FromController()
    hint = _FromController()
    unveil = _FromController()
    set_show_legal = _FromController()
    set_show_odds = _FromController()
    odds = _FromController()
    set_view_option = _FromController()
    set_language = _FromController()
    new_game = _FromController()
    restart_from = _FromController()
    _choices = _FromController("choices")  # read by the browser tests' twins
    _hint = _FromController("hinted")
    _label = _FromController("label")

    # ----- the optional controls, by their old names ------------------------------------------
    legal_toggle = _Control("moves")
    odds_toggle = _Control("moves")
    language_toggle = _Control("moves")
    option_boxes = _Control("moves")
    players_menu = _Control("setup")
    variant_menu = _Control("setup")
    seed_box = _Control("setup")
    seat_menus = _Control("setup")
    save_box = _Control("setup")
    setup_panel = _Control("setup", "panel")
    setup_toggle = _Control("setup", "toggle")

    # ----- saving: the save box is the widget's ----------------------------------------------
    def save(self) -> str:
        """The game as the engine's validated JSON save (also put in the save box)."""
        text = self.controller.save()
        if self.controls.setup is not None:
            self.controls.setup.save_box.value = text
            self.controls.setup.save_box.layout.display = ""
        return text

    def load(self, text: str | None = None) -> str:
        """Load a save (or the save box's text); a tampered or broken one is refused with the
        reason, and the game on screen stays as it was."""
        if text is None:
            text = self.controls.setup.save_box.value if self.controls.setup is not None else ""
        return self.controller.load(text)

    # ----- the widgets around the canvas ------------------------------------------------------
    def _build_widgets(self, controls: str | None) -> None:
        self.status = w.HTML(layout=w.Layout(min_height="28px"))
        self.status.add_class("boardlib-status")
        self.narration = w.HTML(layout=w.Layout(max_height=f"{NARRATION_HEIGHT}px",
                                                overflow="auto", border="1px solid #d8cfbf",
                                                padding="4px 8px 0"))
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
        self.curtain_button.on_click(lambda _: self.controller.unveil())
        self.move_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap", flex="0 0 auto"))
        self.move_buttons.add_class("boardlib-moves")
        setup = self._setup_controls() if controls == "full" else None
        moves = self._move_controls(setup) if controls in ("full", "moves") else None
        self.controls = Controls(moves=moves, setup=setup)
        self.tools = moves.row if moves is not None else w.HBox(
            layout=w.Layout(flex_flow="row wrap"))
        # The keyboard's way to every move, first in the row (first for Tab), one line high.
        self.keyboard = KeyboardMoves()
        self.keyboard.on_msg(self._key_pressed)
        self.keyboard.observe(lambda change: self.controller.focus_move(change["new"] or None),
                          "focused")
        self.voice = BoardVoice()  # the canvas's words and the live region: no height
        self._tool_widgets = (self.keyboard, *self.tools.children)  # the move buttons go in
        # before the language
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
        rows = [setup.panel] if setup is not None else []
        parts = [*rows, self.tools, self.curtain_button, beside, self.chooser, self.status,
                 self.result_panel, self.narration]
        super().__init__([*parts, self.voice, focus_guard()])
        self.add_class("boardlib-board")

    def _key_pressed(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        """Enter on the keyboard's list: play exactly the move in focus (if it is still one
        of the moves: a list the page showed before the last change plays nothing)."""
        if content.get("event") != "play":
            return
        moves = self.controller.keyboard_moves()
        index, action = content.get("index"), content.get("action")
        if isinstance(index, int) and 0 <= index < len(moves) and moves[index].action == action:
            self.controller.play(str(action))

    def _button(self, key: str, handler: Callable[[], object], **style: Any) -> w.Button:
        button = w.Button(description=self.controller.label(key),
                          layout=w.Layout(width="auto", height="40px"), **style)
        button.on_click(lambda *_: handler())
        button.add_class(f"boardlib-{key.replace('_', '-')}")
        return button

    def _setup_controls(self) -> SetupControls:
        """Players, seats, seed, New game, Save and Load, shown on demand: shut, a board and
        its moves fit a laptop's screen, so a student never scrolls inside one decision."""
        board = self.controller
        players_menu = w.Dropdown(options=list(board.info.player_counts),
                                  value=board.state.num_players, layout=w.Layout(width="150px"))
        seed_box = w.IntText(value=board.seed or 0, layout=w.Layout(width="160px"))
        variant_menu = w.Dropdown(options=list(board.info.variants) or ["—"],
                                  value=board.variant or "—", layout=w.Layout(width="190px"))
        variant_menu.layout.display = "" if board.info.variants else "none"
        seat_menus = [w.Dropdown(layout=w.Layout(width="190px"))
                      for _ in range(max(board.info.player_counts))]
        new = self._button("new_game", lambda: self._on_new_game(setup),  # made just below
                           button_style="primary")
        save = self._button("save", self.save)
        load = self._button("load", self.load)
        save_box = w.Textarea(layout=w.Layout(width="860px", height="90px", display="none"))
        panel = w.VBox([w.HBox([players_menu, variant_menu, seed_box, *seat_menus, new],
                               layout=w.Layout(flex_flow="row wrap")),
                        w.VBox([w.HBox([save, load]), save_box])],
                       layout=w.Layout(display="none"))
        panel.add_class("boardlib-setup")
        toggle = w.ToggleButton(value=False, icon="cog",
                                layout=w.Layout(width="auto", height="40px"))
        toggle.add_class("boardlib-setup-toggle")
        setup = SetupControls(panel, toggle, players_menu, variant_menu, seed_box, seat_menus,
                              new, save, load, save_box)
        toggle.observe(lambda change: self._show_setup(setup, change["new"]), "value")
        players_menu.observe(lambda _: self._update_seat_menus(setup), "value")
        self._relabel_setup(setup)
        return setup

    @staticmethod
    def _show_setup(setup: SetupControls, shown: bool) -> None:
        setup.panel.layout.display = "" if shown else "none"

    def _move_controls(self, setup: SetupControls | None) -> MoveControls:
        board = self.controller
        undo = self._button("undo", board.undo, icon="undo")
        hint = self._button("hint", board.hint, icon="lightbulb-o")
        legal_toggle = w.ToggleButton(value=board.show_legal,
                                      layout=w.Layout(width="auto", height="40px"))
        legal_toggle.observe(lambda change: board.set_show_legal(change["new"]), "value")
        odds_toggle = w.ToggleButton(value=board.show_odds, icon="percent",
                                     layout=w.Layout(width="auto", height="40px"))
        odds_toggle.add_class("boardlib-odds-toggle")
        odds_toggle.layout.display = "" if board.spec.odds else "none"
        odds_toggle.observe(lambda change: board.set_show_odds(change["new"]), "value")
        language_toggle = w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")],
                                          value=board.lang, layout=w.Layout(width="auto"),
                                          style={"button_width": "80px"})  # one row
        language_toggle.observe(lambda change: board.set_language(change["new"]), "value")
        option_boxes = {name: w.Checkbox(value=value, indent=False,
                                         layout=w.Layout(width="auto"))
                        for name, value in board.view_options.items()}
        for name, box in option_boxes.items():
            box.observe(lambda change, name=name: board.set_view_option(name, change["new"]),
                        "value")
        first = [setup.toggle] if setup is not None else []
        row = w.HBox([*first, undo, hint, legal_toggle, odds_toggle,  # + the move buttons
                      *option_boxes.values(), language_toggle],
                     layout=w.Layout(flex_flow="row wrap"))
        moves = MoveControls(row, undo, hint, legal_toggle, odds_toggle, language_toggle,
                             option_boxes)
        self._relabel_moves(moves, setup)
        return moves

    def _relabel_setup(self, setup: SetupControls) -> None:
        say = self.controller.label
        setup.players_menu.description = say("players")
        setup.seed_box.description = say("seed")
        setup.variant_menu.description = say("variant")
        self._update_seat_menus(setup)

    def _update_seat_menus(self, setup: SetupControls) -> None:
        board = self.controller
        options = [(board.label("person"), "person")]
        options += [(board.bot_label(name), name) for name in board.info.bots]
        for seat, menu in enumerate(setup.seat_menus):
            value = menu.value if menu.value else board.bot_names.get(seat, "person")
            menu.options = options
            menu.value = value
            menu.description = board.label("seat", n=seat + 1)
            menu.layout.display = "" if seat < setup.players_menu.value else "none"

    def _relabel_moves(self, moves: MoveControls, setup: SetupControls | None) -> None:
        say = self.controller.label
        if setup is not None:
            setup.toggle.description = say("setup")
        moves.legal_toggle.description = say("show_legal")
        moves.odds_toggle.description = say("odds")
        for name, box in moves.option_boxes.items():
            box.description = say(f"option_{name}")
        moves.language_toggle.description = ""

    def _relabel_controls(self) -> None:
        """Every control told again in the controller's language."""
        for key, button in self.controls.buttons().items():
            button.description = self.controller.label(key)
        if self.controls.setup is not None:
            self._relabel_setup(self.controls.setup)
        if self.controls.moves is not None:
            self._relabel_moves(self.controls.moves, self.controls.setup)
        self._drawn_lang = self.controller.lang

    def _on_new_game(self, setup: SetupControls) -> None:
        players = setup.players_menu.value
        bots = {s: m.value for s, m in enumerate(setup.seat_menus[:players])
                if m.value != "person"}
        variant = setup.variant_menu.value if self.controller.info.variants else None
        setup.seed_box.value = setup.seed_box.value  # the seed shown is the seed played
        self.controller.new_game(players=players, seed=setup.seed_box.value, bots=bots,
                                 variant=variant)

    # ----- drawing the controller's screen ----------------------------------------------------
    def _draw(self) -> None:
        """Show what the controller says is on screen now (after each of its changes)."""
        if self.controller.lang != self._drawn_lang:
            self._relabel_controls()
        self._follow_settings()  # first: a toggle that moves tells the controller, which redraws
        screen = self.controller.screen()
        self.renderer.show(screen.scene)
        self.status.value = status_html(screen.status)
        self.narration.value = narration_html(self.controller.label("moves_heading"),
                                              screen.narration)
        self.result_panel.value = result_html(screen.result) if screen.result else ""
        self.odds_panel.value = (odds_table_html(screen.odds, self.controller.label,
                                                 screen.deciding) if screen.odds_shown else "")
        self._draw_move_buttons(screen.moves)
        self._draw_keys(screen.keyboard, screen.position_words, screen.said)
        self._lay_out(screen.odds_shown)
        self._draw_chooser(screen.choices)
        self.curtain_button.layout.display = "" if screen.curtain is not None else "none"
        if screen.curtain is not None:
            self.curtain_button.description = screen.curtain
        if self.controls.setup is not None and screen.game_over:
            self.controls.setup.toggle.value = True  # "press New game to play again": here
        if self.controls.moves is not None:
            draw_button(self.controls.moves.undo, screen.undo)
            self.controls.moves.hint.disabled = screen.hint.disabled

    def _follow_settings(self) -> None:
        """The toggles show the controller's settings, however they were changed."""
        moves, board = self.controls.moves, self.controller
        if moves is None:
            return
        moves.legal_toggle.value = board.show_legal
        moves.odds_toggle.value = board.show_odds
        moves.language_toggle.value = board.lang
        for name, box in moves.option_boxes.items():
            box.value = board.view_options[name]

    def _lay_out(self, odds: bool) -> None:
        """Size the canvas for the screen (its ratio kept, never stretched): the screen's
        height less the rows around the board. With the odds open, less the lesson's line too,
        and narrower by the column beside it that holds the odds and the move buttons; shut,
        the canvas takes the width and the buttons the row above it."""
        reserve = FIT_RESERVE + (ODDS_RESERVE if odds else 0)
        layout = self.renderer.canvas.layout
        layout.max_height = f"max({FIT_MIN}px, calc(100vh - {reserve}px))"
        # A page too narrow for both: the canvas alone, the column under it.
        layout.max_width = (f"max(min(100%, {FIT_MIN}px), "
                            f"calc(100% - {SIDE_WIDTH + SIDE_GAP}px))" if odds else "100%")
        tools = list(self._tool_widgets)
        if odds:  # the buttons beside the canvas, above the odds: out of the row, then in
            set_children(self.tools, tuple(tools))
            set_children(self.side, (self.move_buttons, self.odds_panel))
        else:  # in the row above the canvas, before the language toggle; the column hidden
            tools.insert(max(len(tools) - 1, 0), self.move_buttons)
            set_children(self.side, (self.odds_panel,))
            set_children(self.tools, tuple(tools))
        self.side.layout.display = "" if odds else "none"
        # A long table scrolls inside the column, never the page: the board stays in view.
        self.side.layout.max_height = layout.max_height if odds else None
        self.side.layout.overflow = "auto" if odds else None

    def _draw_move_buttons(self, moves: tuple[MoveButton, ...]) -> None:
        """A button per move the controller offers; rebuilt only when they change (a label
        may tell the position, so the words count too)."""
        if moves == self._drawn_moves:
            return
        self._drawn_moves = moves
        buttons = []
        for move in moves:
            button = w.Button(description=move.words,
                              layout=w.Layout(width="auto", height="40px"))
            button.add_class("boardlib-move")
            button.on_click(lambda _, action=move.action: self.controller.play(action))
            buttons.append(button)
        self.move_buttons.children = buttons

    def _draw_keys(self, moves: tuple[MoveButton, ...], position: str, said: str) -> None:
        """The keyboard's list and the screen reader's words, sent only when they change."""
        say = self.controller.label
        data = key_moves_data(moves)
        if self.keyboard.moves != data:
            self.keyboard.moves = data
        self.keyboard.label, self.keyboard.empty = say("keys_label"), say("keys_none")
        self.keyboard.count = say("keys_count", n="{n}", of="{of}")
        if self.voice.label != position:
            self.voice.label = position
        if self.voice.said != said:
            self.voice.said = said
        self.voice.narration_label = say("moves_heading")
        self.voice.side_label = say("odds")

    def _draw_chooser(self, choices: tuple[str, ...]) -> None:
        """The menu's choices as buttons below the board (for keyboards and screen readers)."""
        if not choices:
            self.chooser.children = ()
            self.chooser.layout.display = "none"
            return
        say = self.controller.label
        buttons: list[w.Widget] = [w.HTML(f"<b>{escape(say('choose_between'))}</b>")]
        for index, words in enumerate(choices):
            button = w.Button(description=words,
                              button_style="info", layout=w.Layout(width="auto", height="40px"))
            button.on_click(lambda _, i=index: self.controller.choose(i))
            buttons.append(button)
        cancel = w.Button(description=say("cancel"), layout=w.Layout(height="40px"))
        cancel.on_click(lambda _: self.controller.cancel_choice())
        self.chooser.children = (*buttons, cancel)
        self.chooser.layout.display = ""


def set_children(box: w.Box, children: tuple[w.Widget, ...]) -> None:
    """Change a box's children only when they differ (each change redraws it)."""
    if box.children != children:
        box.children = children


def draw_button(button: w.Button, state: ButtonState) -> None:
    """A button as the controller describes it: greyed (still clickable), disabled, its tip."""
    button.style.text_color = "#616161" if state.greyed else ""  # 5.3:1 on the grey button
    button.disabled = state.disabled
    button.tooltip = state.tooltip


def status_html(status: Status) -> str:
    """The status line, with what the browser tests read back as data attributes."""
    colour = TONE_COLOURS.get(status.tone, "#222")
    return (f'<div style="font-size:18px;color:{colour}" '
            f'data-last-move="{escape(status.last_move)}" data-tone="{status.tone}" '
            f'data-history="{status.history}">{escape(status.text)}</div>')


def narration_html(heading: str, lines: tuple[str, ...]) -> str:
    """The story so far, newest first, under its heading. Its lines keep to a grid of
    NARRATION_LINE pixels, so the box ends between two lines, never across one."""
    head = (f'<div style="font-size:13px;line-height:{NARRATION_HEADING}px;color:#6b5a3a">'
            f"{escape(heading)}</div>")
    return head + "".join(f'<div style="font-size:16px;line-height:{NARRATION_LINE}px">'
                          f"{escape(line)}</div>" for line in lines)


def result_html(table: ResultTable) -> str:
    """The end of game's ranking table and its explanation."""
    heads = "".join(f"<th>{escape(heading)}</th>" for heading in table.headings)
    rows = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
                   for row in table.rows)
    return (
        f'<div style="font-size:18px;border:2px solid #d08a00;padding:8px;'
        f'background:#fff8e6"><b>{escape(table.title)}</b>'
        f'<table style="font-size:18px;border-spacing:14px 2px">'
        f"<tr>{heads}</tr>{rows}</table>"
        f"<p>{escape(table.explanation)}</p></div>"
    )


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
    an expected count as a decimal; the exact fraction beside it when short, else on hover
    (a whole number is exact already: "0%", not "0% (0)")."""
    if kind == "points" and value.denominator == 1:
        return f'<td title="{value}">{value.numerator:+d}</td>'
    if kind == "chance":
        shown = "<1%" if 0 < value < Fraction(1, 200) else f"{float(value):.0%}"
    else:
        shown = f"{float(value):+.2f}" if kind == "points" else f"{float(value):.2f}"
    exact = f" <small>({value})</small>" if 1 < value.denominator < 1000 else ""
    return f'<td title="{value}">{escape(shown)}{exact}</td>'


__all__ = ["SHARED_SCREEN", "Board", "BoardController", "Controls", "narrate"]
