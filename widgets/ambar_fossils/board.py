"""The Âmbar board widget: play by clicking, with legal moves shown and illegal ones explained."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from html import escape

import ipywidgets as w

from boardlib import IllegalAction, Match, RandomBot
from boardlib import ambar_fossils as af
from boardlib.ambar_fossils import AmbarFossilsState
from boardlib.messages import localized_names
from boardlib.protocol import Event
from widgets.ambar_fossils.view import _status_line, view
from widgets.canvas import CanvasRenderer
from widgets.messages import label
from widgets.scene import Scene

BOT_TYPES = {"random": RandomBot, "greedy": af.GreedyBot}
NARRATION_LINES = 40


def target_of(action: str, state: AmbarFossilsState) -> str | None:
    """The click target that makes ``action`` (None for a pass: it has a button)."""
    kind, _, arg = str(action).partition(" ")
    if kind == "flip":
        return f"down-{arg}"
    if kind == "take":
        return f"up-{arg}"
    if kind == "place":
        return f"column-{state.player}-{arg}"
    if kind == "return":
        return "hand"
    return None


def action_of(target: str | None, state: AmbarFossilsState, lang: str = "en",
              ) -> tuple[str | None, str | None]:
    """The action a click on ``target`` asks for, or None and the reason there is none."""
    if target is None:
        return None, label("nothing_here", lang)
    kind, _, rest = target.partition("-")
    if kind == "down":
        return f"flip {rest}", None
    if kind == "up":
        return f"take {rest}", None
    if kind == "hand":
        return "return", None
    seat, column = (int(part) for part in rest.split("-"))
    if state.is_terminal() or seat != state.player:
        owner = localized_names(state.names, lang)[seat]
        return None, label("not_your_display", lang, owner=owner)
    return f"place {column}", None


class AmbarBoard(w.VBox):
    """A game of Âmbar to play with the mouse: bots in any seat, undo, hints, two languages.

    Clicking a fossil in the Excavation chooses it; clicking a column of your display places
    it there. A click that is not allowed says why (and which rule) and changes nothing.
    """

    def __init__(
        self,
        players: int = 2,
        seed: int | None = None,
        bots: Mapping[int, str] | None = None,
        lang: str = "en",
        state: AmbarFossilsState | None = None,
        show_legal: bool = True,
        controls: str | None = "full",
    ) -> None:
        """``controls``: "full" (new game, seats, moves), "moves" (undo, hint, legal moves,
        return, pass, language) or None (the board alone)."""
        self.lang = lang
        self.last_events: list[Event] = []
        self._listeners: list[Callable[[str, list[Event]], None]] = []
        self.show_legal = show_legal
        self.message: str = ""
        self._hint: str | None = None
        self._seed = seed
        self._bot_names = dict(bots or {})
        self.match = self._make_match(state or af.new_game(players=players, seed=seed))
        self.match.advance()
        self.renderer = CanvasRenderer(self.scene, on_click=self.click)
        self.status = w.HTML(layout=w.Layout(min_height="34px"))
        self.status.add_class("boardlib-status")
        self.narration = w.HTML(layout=w.Layout(max_height="180px", overflow="auto",
                                                border="1px solid #d8cfbf", padding="4px 8px"))
        self.narration.add_class("boardlib-narration")
        self.result_panel = w.HTML()
        self.result_panel.add_class("boardlib-result")
        self._buttons = self._make_controls()
        parts = {"full": [self._setup_row, self._action_row], "moves": [self._action_row],
                 None: []}[controls]
        super().__init__([*parts, self.renderer.canvas, self.status, self.result_panel,
                          self.narration])
        self._refresh()

    # ----- what is shown ----------------------------------------------------------------
    @property
    def state(self) -> AmbarFossilsState:
        return self.match.state  # type: ignore[return-value]

    @property
    def scene(self) -> Scene:
        return view(self.state, viewer=self._viewer(), highlights=self._highlights(),
                    lang=self.lang, bots=self._bot_names)

    def _viewer(self) -> int | None:
        player = self.state.player
        return None if player in self.match.bots else player

    def _highlights(self) -> dict[str, str]:
        marks: dict[str, str] = {}
        if self.show_legal and self.match.waiting_for_person():
            for action in self.state.legal_actions():
                target = target_of(action, self.state)
                if target:
                    marks[target] = "legal"
        if self.state.holding >= 0:
            marks["hand"] = "chosen"
        if self._hint:
            target = target_of(self._hint, self.state)
            if target:
                marks[target] = "hint"
        return marks

    def _refresh(self) -> None:
        self.renderer.show(self.scene)
        names = localized_names(self.state.names, self.lang)
        text = self.message or _status_line(self.state, names, self.lang)
        colour = "#b00020" if self.message.startswith(label("not_allowed", self.lang,
                                                            reason="")) else "#222"
        self.status.value = f'<div style="font-size:20px;color:{colour}">{escape(text)}</div>'
        lines = [e.sentence(self.lang, self.state.names) for e in
                 self.match.log[-NARRATION_LINES:]]
        self.narration.value = "".join(f'<div style="font-size:16px">{escape(line)}</div>'
                                       for line in lines)
        self.result_panel.value = self._result_html() if self.state.is_terminal() else ""
        self._update_buttons()

    def _result_html(self) -> str:
        result = self.state.result()
        names = localized_names(self.state.names, self.lang)
        heads = "".join(f"<th>{escape(h)}</th>" for h in result.short)
        rows = "".join(
            f"<tr><td>{result.place_of(p)}</td><td>{escape(names[p])}</td>"
            + "".join(f"<td>{v}</td>" for v in result.scores[p]) + "</tr>"
            for group in result.ranking for p in group
        )
        return (
            f'<div style="font-size:18px;border:2px solid #d08a00;padding:8px;'
            f'background:#fff8e6"><b>{escape(label("ranking", self.lang))}</b>'
            f'<table style="font-size:18px;border-spacing:14px 2px">'
            f'<tr><th>{escape(label("place", self.lang))}</th>'
            f"<th>{escape(label('player', self.lang))}</th>{heads}</tr>{rows}</table>"
            f"<p>{escape(result.explain(self.lang))}</p></div>"
        )

    # ----- what a person does -------------------------------------------------------------
    def click(self, x: float, y: float) -> str:
        """A click at scene point (x, y): make the move it means, or say why not."""
        target = self.scene.hit(x, y)
        action, reason = action_of(target, self.state, self.lang)
        if action is None:
            return self._say(reason or "")
        return self.play(action)

    def play(self, action: str) -> str:
        """Make a person's move (as a click would); returns what the status line now says."""
        if not self.match.waiting_for_person():
            return self._say(label("bots_turn", self.lang))
        before = len(self.state.history)
        try:
            events = self.match.play(action)
        except IllegalAction as problem:
            rule = label("rule", self.lang, rule=problem.rule) if problem.rule else ""
            reason = problem.explain(self.lang)
            return self._say(label("not_allowed", self.lang, reason=reason) + rule)
        self._hint = None
        played = str(self.state.history[before])
        events += self.match.advance()
        self.last_events = events
        for listener in self._listeners:
            listener(played, events)
        return self._say("")

    def on_move(self, callback: Callable[[str, list[Event]], None]) -> None:
        """Call ``callback(action, events)`` after every move a person makes."""
        self._listeners.append(callback)

    def undo(self, *_: object) -> str:
        if not self.match.undo():
            return self._say(label("nothing_to_undo", self.lang))
        self._hint = None
        return self._say(label("undone", self.lang))

    def hint(self, *_: object) -> str:
        """Mark the move the greedy bot would make (a pass is said in words)."""
        if not self.match.waiting_for_person():
            return self._say(label("bots_turn", self.lang))
        rng = random.Random(len(self.state.history))
        self._hint = str(af.GreedyBot().choose(self.state, rng))
        return self._say(label("hint_text", self.lang, action=self._hint))

    def return_fossil(self, *_: object) -> str:
        return self.play("return")

    def pass_turn(self, *_: object) -> str:
        return self.play("pass")

    def set_show_legal(self, show: bool) -> None:
        self.show_legal = show
        self._refresh()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._rebuild_controls()
        self._refresh()

    def new_game(self, players: int | None = None, seed: int | None = None,
                 bots: Mapping[int, str] | None = None) -> None:
        """Start again (same settings unless given); ``ValueError`` for a wrong player count."""
        players = players if players is not None else self.state.num_players
        state = af.new_game(players=players, seed=seed)
        if bots is not None:
            self._bot_names = dict(bots)
        self._bot_names = {s: b for s, b in self._bot_names.items() if s < players}
        self._seed = seed
        self.match = self._make_match(state)
        self.match.advance()
        self._hint = None
        self._say("")

    def _say(self, message: str) -> str:
        self.message = message
        self._refresh()
        return message or self.status_text()

    def status_text(self) -> str:
        names = localized_names(self.state.names, self.lang)
        return self.message or _status_line(self.state, names, self.lang)

    def _make_match(self, state: AmbarFossilsState) -> Match:
        for seat, name in self._bot_names.items():
            if name not in BOT_TYPES:
                raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOT_TYPES)}")
            if not 0 <= seat < state.num_players:
                raise ValueError(
                    f"there is no seat {seat + 1} in a {state.num_players}-player game"
                )
        bots = {seat: BOT_TYPES[name]() for seat, name in self._bot_names.items()}
        return Match(state, bots=bots, seed=self._seed)

    # ----- controls --------------------------------------------------------------------------
    def _make_controls(self) -> dict[str, w.Widget]:
        lang = self.lang
        big = w.Layout(width="auto", height="40px")
        buttons = {
            "players": w.Dropdown(options=list(af.PLAYER_COUNTS), value=self.state.num_players,
                                  description=label("players", lang),
                                  layout=w.Layout(width="160px")),
            "seed": w.IntText(value=self._seed or 0, description=label("seed", lang),
                              layout=w.Layout(width="170px")),
            "new_game": w.Button(description=label("new_game", lang), button_style="primary",
                                 layout=big),
            "undo": w.Button(description=label("undo", lang), icon="undo", layout=big),
            "hint": w.Button(description=label("hint", lang), icon="lightbulb-o", layout=big),
            "show_legal": w.ToggleButton(value=self.show_legal, description=label("show_legal",
                                         lang), layout=big),
            "return": w.Button(description=label("return", lang), layout=big),
            "pass": w.Button(description=label("pass", lang), layout=big),
            "language": w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")],
                                        value=lang, layout=w.Layout(width="auto")),
        }
        seats = [w.Dropdown(options=[(label("person", lang), "person"), ("random", "random"),
                                     ("greedy", "greedy")],
                            value=self._bot_names.get(s, "person"),
                            description=label("seat", lang, n=s + 1),
                            layout=w.Layout(width="170px")) for s in range(4)]
        buttons["new_game"].on_click(self._on_new_game)
        buttons["undo"].on_click(self.undo)
        buttons["hint"].on_click(self.hint)
        buttons["return"].on_click(self.return_fossil)
        buttons["pass"].on_click(self.pass_turn)
        buttons["show_legal"].observe(lambda change: self.set_show_legal(change["new"]), "value")
        buttons["language"].observe(lambda change: self.set_language(change["new"]), "value")
        self._seats = seats
        self._setup_row = w.HBox([buttons["players"], buttons["seed"], *seats,
                                  buttons["new_game"]],
                                 layout=w.Layout(flex_flow="row wrap"))
        self._action_row = w.HBox([buttons[k] for k in ("undo", "hint", "show_legal", "return",
                                                        "pass", "language")],
                                  layout=w.Layout(flex_flow="row wrap"))
        return buttons

    def _rebuild_controls(self) -> None:
        for key in ("new_game", "undo", "hint", "show_legal", "return", "pass"):
            self._buttons[key].description = label(key, self.lang)
        self._buttons["players"].description = label("players", self.lang)
        self._buttons["seed"].description = label("seed", self.lang)
        for seat, dropdown in enumerate(self._seats):
            dropdown.description = label("seat", self.lang, n=seat + 1)

    def _update_buttons(self) -> None:
        legal = set(self.state.legal_actions()) if self.match.waiting_for_person() else set()
        self._buttons["return"].disabled = "return" not in legal
        self._buttons["pass"].disabled = "pass" not in legal
        self._buttons["undo"].disabled = not self.match.can_undo()
        for seat, dropdown in enumerate(self._seats):
            dropdown.layout.display = "" if seat < self._buttons["players"].value else "none"

    def _on_new_game(self, *_: object) -> None:
        players = self._buttons["players"].value
        bots = {s: d.value for s, d in enumerate(self._seats[:players]) if d.value != "person"}
        self.new_game(players=players, seed=self._buttons["seed"].value, bots=bots)


def narrate(events: list[Event], lang: str = "en", names: list[str] | None = None) -> str:
    """Events as one paragraph (for notebooks that print what a move did)."""
    return " ".join(event.sentence(lang, names) for event in events)

