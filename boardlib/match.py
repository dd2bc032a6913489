"""A small match driver: one state, a seeded RNG for chance, bots in some seats, undo.

The widgets drive a ``Match`` and the tests drive it the same way. Undo never goes
back past a chance outcome: once a fossil is revealed or a die is rolled, what it
showed is part of the game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from boardlib.bots import Bot
from boardlib.games import GAMES
from boardlib.protocol import CHANCE, TERMINAL, Action, Event, GameState, IllegalAction, illegal

SHARED_SCREEN = -3
"""A viewer who is no seat: several people share the screen, so nobody's secrets are told."""


def narration_viewer(people: Iterable[int]) -> int | None:
    """Whose ears the narration is for: the one person playing, everyone at a shared screen
    (``SHARED_SCREEN``: nobody's secrets), or, when only bots play, an onlooker who is told
    everything, hidden cards included. The command line and the boards both follow it."""
    seats = list(people)
    if not seats:
        return None
    return seats[0] if len(seats) == 1 else SHARED_SCREEN


class Match:
    """Holds the game, samples chance with its own ``random.Random``, lets bots move.

    ``bots`` maps a seat to a bot; every other seat is a person who moves with ``play``.
    ``log`` is every event so far, for narration; ``moves`` every (seat, action) that a
    person or a bot made, so a board can mark each seat's last move.
    """

    def __init__(
        self,
        state: GameState,
        bots: Mapping[int, Bot] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.state = state
        self.bots = dict(bots or {})
        for seat in self.bots:
            if not 0 <= seat < state.num_players:
                raise ValueError(f"No seat {seat} for a bot: seats are 0..{state.num_players - 1}.")
        self.rng = rng if rng is not None else random.Random(seed)
        self.log: list[Event] = []
        self.moves: list[tuple[int, Action]] = []
        self._undo: list[tuple[GameState, int, int]] = []
        self._sealed_by_chance = False  # moves below the undo stack that chance sealed

    # ----- whose move ---------------------------------------------------------------
    def to_move(self) -> int:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def waiting_for_person(self) -> bool:
        """True when a person (not chance, not a bot) must move next."""
        player = self.to_move()
        return player >= 0 and player not in self.bots

    # ----- moving -------------------------------------------------------------------
    def play(self, action: object) -> list[Event]:
        """A person's move for the player to move; ``IllegalAction`` if not theirs or not legal."""
        player = self.to_move()
        if player == TERMINAL:
            raise illegal("game_over", "core.game_over")
        if player == CHANCE:
            raise illegal("not_your_turn", "core.chance_turn")
        if player in self.bots:
            raise illegal("not_your_turn", "core.bot_seat", names=self.state.names, who=player)
        before = self.state.clone()
        events = self.state.apply_action(action, player=player)  # raises before any change
        self._undo.append((before, len(self.log), len(self.moves)))
        self.moves.append((player, self.state.history[-1]))
        self.log.extend(events)
        return events

    def step(self) -> list[Event]:
        """One automatic move: a chance outcome drawn with ``rng``, or a bot's choice."""
        player = self.to_move()
        if player == CHANCE:
            events = self.state.apply_action(self.state.sample_chance(self.rng))
            if self._undo:  # what chance showed cannot be taken back
                self._sealed_by_chance = True
                self._undo.clear()
        elif player in self.bots:
            action = self.bots[player].choose(self.state, self.rng)
            events = self.state.apply_action(action, player=player)
            self.moves.append((player, self.state.history[-1]))
        elif player == TERMINAL:
            raise illegal("game_over", "core.game_over")
        else:
            raise illegal("not_your_turn", "core.person_seat", names=self.state.names, who=player)
        self.log.extend(events)
        return events

    def advance(self, max_steps: int = 100_000) -> list[Event]:
        """Run chance and bots until a person must move or the game ends."""
        events: list[Event] = []
        for _ in range(max_steps):
            if self.is_over() or self.waiting_for_person():
                return events
            events.extend(self.step())
        raise RuntimeError(f"no person's turn and no end after {max_steps} automatic moves")

    # ----- the story before this match -------------------------------------------------------
    def recall(self, moves: int) -> bool:
        """Tell what the last ``moves`` moves of the state's history did, as if this match had
        seen them: their events join the log and the players' moves join ``moves`` (chance's
        are not anyone's). A board opened on a saved or mid-game position can then say what
        just happened and whose move was last; the history is played again from its start.

        Only a match that has seen nothing yet recalls; it gives up (False, nothing changed)
        when the replay does not reach the state, as when a lesson set the position's fields
        by hand."""
        history = self.state.history
        if self.log or self.moves or not history:
            return False
        replay = GAMES[self.state.GAME].from_snapshot(self.state.start_snapshot())
        first = max(len(history) - moves, 0)
        log: list[Event] = []
        made: list[tuple[int, Action]] = []
        for number, action in enumerate(history):
            player = replay.current_player()
            try:
                events = replay.apply_action(action)
            except IllegalAction:  # the history is not of this start (its fields were set)
                return False
            if number >= first:
                log += events
                if player >= 0:
                    made.append((player, replay.history[-1]))
        if replay.snapshot() != self.state.snapshot():
            return False
        self.log, self.moves = log, made
        return True

    # ----- undo ---------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo)

    def why_no_undo(self) -> str | None:
        """Why ``undo`` would do nothing now: "chance" when a card or die has been revealed
        since a person's last move (what chance showed stays), "nothing" when no person has
        moved yet; None when it can undo."""
        if self._undo:
            return None
        return "chance" if self._sealed_by_chance else "nothing"

    def undo(self) -> bool:
        """Take back the last person's move (and the bot moves after it); False if none can be."""
        if not self._undo:
            return False
        self.state, log_length, moves_length = self._undo.pop()
        del self.log[log_length:]
        del self.moves[moves_length:]
        return True
