"""Pig's rules: roll to add to the turn total, or hold to bank it; a 1 loses it (PG-3).

Written only against the protocol (boardlib.protocol.GameState): the hooks, the position's
snapshot and its checks. Rules: docs/rules/pig.md.
"""

from __future__ import annotations

from typing import Any, cast

from boardlib.pig.data import BUST, DECIDE, DEFAULT_TARGET, FACES, GAME, OVER, PHASES, ROLLING
from boardlib.pig.description import describe, parse_description
from boardlib.pig.messages import MESSAGES, format_value
from boardlib.pig.observation import PigObservation
from boardlib.pig.setup import SCHEMA, check_position, start_position
from boardlib.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameState,
    IllegalAction,
    illegal,
    new_event,
)
from boardlib.ranking import Result, rank_players

ROLL = Action("roll", "roll")
HOLD = Action("hold", "hold")
FACE = {face: Action(f"die {face}", "die", face) for face in FACES}
VOCABULARY = {str(action): action for action in (ROLL, HOLD, *FACE.values())}
ROLL_OR_HOLD, ONLY_ROLL = (ROLL, HOLD), (ROLL,)
DIE_TABLE = (tuple(FACE.values()), (1,) * len(FACES))
"""A roll's chance outcomes: every face of a fair die, equally likely (PG-3.1)."""


class PigState(GameState):
    """A game of Pig: two scores, whose turn it is, and the turn total at stake."""

    GAME = GAME
    MESSAGES = MESSAGES
    format_value = staticmethod(format_value)
    VOCABULARY = VOCABULARY
    MOVE_EXAMPLES = "'roll' or 'hold'"
    SCHEMA = SCHEMA

    names: list[str]
    target: int
    scores: list[int]
    to_move: int  # whose turn it is
    turn_total: int  # points rolled this turn, not yet banked
    phase: int  # DECIDE, ROLLING (the die is in the air: a chance node) or OVER
    ended: str | None

    # ----- the rules (hooks of the protocol) ----------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        return self.to_move if phase == DECIDE else CHANCE if phase == ROLLING else TERMINAL

    def _player_actions(self) -> tuple[Action, ...]:
        # PG-3.4: a turn begins with a roll; holding 0 would only pass the turn
        return ROLL_OR_HOLD if self.turn_total else ONLY_ROLL

    def _chance_table(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        return DIE_TABLE

    def _explain(self, action: Action) -> IllegalAction:
        if self.phase == ROLLING:
            return _illegal("wrong_phase", "die_rolling", "PG-3.1")
        if action.kind == "die":
            return _illegal("wrong_phase", "no_die_rolling", "PG-3.1")
        return _illegal("rule", "hold_nothing", "PG-3.4")  # the one refusal left: hold at 0

    def _apply(self, action: Action, events: list[Event]) -> None:
        player = self.to_move
        if action is ROLL:
            self.phase = ROLLING
            events.append(new_event(GAME, "roll", player, {}))
        elif action is HOLD:
            self._hold(player, events)
        else:
            self._land(player, action.args[0], events)

    def _land(self, player: int, face: int, events: list[Event]) -> None:
        """The die shows ``face``: a 1 loses the turn total (PG-3.1), else it adds (PG-3.2)."""
        if face == BUST:
            events.append(new_event(GAME, "bust", player, {"lost": self.turn_total}))
            self._next_turn(events)
        else:
            self.turn_total += face
            self.phase = DECIDE
            events.append(new_event(GAME, "rolled", player,
                                    {"face": face, "turn_total": self.turn_total}))

    def _hold(self, player: int, events: list[Event]) -> None:
        """Bank the turn total (PG-3.3); reaching the target ends the game (PG-4.1)."""
        banked, self.turn_total = self.turn_total, 0
        self.scores[player] += banked
        score = self.scores[player]
        events.append(new_event(GAME, "hold", player, {"banked": banked, "score": score}))
        if score >= self.target:
            self.phase, self.ended = OVER, "target"
            events.append(new_event(GAME, "game_over", None,
                                    {"winner": player, "score": score, "target": self.target}))
        else:
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self.turn_total = 0
        self.phase = DECIDE
        self.to_move = (self.to_move + 1) % len(self.names)
        events.append(new_event(GAME, "next_turn", self.to_move, {}))

    # ----- the position -------------------------------------------------------------
    def result(self) -> Result:
        """The winner reached the target (PG-4.1); the other is ranked by points (PG-4.2)."""
        if self.phase != OVER:
            raise _illegal("wrong_phase", "not_over", target=self.target)
        winner = self.to_move
        result = rank_players([[score] for score in self.scores], ["{n} point{s}"], self.names,
                              short=("pts",), labels={"ja": ("{n} 点",)})
        assert result.winners == (winner,), "the winner has the most points"
        return result

    def validate(self) -> None:
        check_position(self.snapshot())  # every field's bounds, and the ending (PG-4.1)

    def inventory(self) -> dict[str, int]:
        """The one die (PG-1.1): nothing is ever made or lost."""
        return {"die": 1}

    def observation(self, player: int | None = None) -> PigObservation:
        """What ``player`` sees (None: an onlooker): everything, since Pig hides nothing."""
        if player is not None and not (isinstance(player, int) and 0 <= player < len(self.names)):
            raise ValueError(f"There is no player {player!r} in this game.")
        view = self.snapshot()
        view["viewer"] = player
        view["legal_actions"] = ([str(a) for a in self.legal_tuple()]
                                 if player is not None and player == self.current_player() else [])
        return cast(PigObservation, view)

    def describe(self) -> str:
        """The position in the few lines that ``from_description`` reads."""
        return describe(self.snapshot())

    def __repr__(self) -> str:
        scores = " to ".join(str(score) for score in self.scores)
        return f"<Pig to {self.target}: {scores}, {PHASES[self.phase]}, move {len(self.history)}>"


def from_snapshot(data: Any) -> PigState:
    """The position ``data`` (as ``snapshot()`` writes it), checked; ValueError if it is not one."""
    loaded = check_position(data)  # names come back cleaned of extra spaces
    state = PigState.__new__(PigState)
    SCHEMA.set_on(state, loaded)
    state.begin()
    return state


def new_game(players: int = 2, seed: int | None = None, names: list[str] | None = None,
             target: int = DEFAULT_TARGET) -> PigState:
    """A game set up by the rules (PG-2): no points, player 1 to roll. Nothing is random
    before the first roll, so ``seed`` changes nothing (it is accepted so that every game
    is started the same way).

    The start is valid by construction (``start_position`` checks the count, the names and
    the target), so its fields are set without loading them again: games are started often
    (bots, benchmarks, tests), and a Pig game is short."""
    start = start_position(players, names, target)
    state = PigState.__new__(PigState)
    SCHEMA.set_on(state, {**start, "names": list(start["names"]), "scores": list(start["scores"]),
                          "phase": PHASES.index(start["phase"])})  # copies: the start is kept
    state.begin(start)
    return state


def from_description(text: object) -> PigState:
    """The position a few lines describe (see description.py); ValueError if it is not one."""
    return from_snapshot(parse_description(text))


def _illegal(kind: str, key: str, rule: str | None = None, **fields: Any) -> IllegalAction:
    """A refusal told from the message catalog (English and Japanese: messages.py)."""
    return illegal(kind, f"illegal.{key}", rule, game=GAME, **fields)
