"""Helpers the game tests share: positions from text, moves in a row, refusals that must
change nothing. Imported by tests/conftest.py and by the test modules that use them."""

from __future__ import annotations

import os
import random
import textwrap
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from boardlib import GAMES, Event, GameState, IllegalAction

IN_CI = os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}
"""Whether CI runs the suite (CI=true): what it needs must be there, so tests fail, not skip."""

ANY_RULE = object()
"""``refused``'s default: the refusal may cite any rule clause, or none."""


def described(game: str) -> Callable[[str], GameState]:
    """``position(text)`` for ``game``: the position its short description (indented as
    in a test) gives."""
    def position(text: str) -> GameState:
        return GAMES[game].from_description(textwrap.dedent(text))

    return position


def do(state: GameState, *actions: str) -> list[Event]:
    """Apply ``actions`` in turn; every event they make, in order."""
    events: list[Event] = []
    for action in actions:
        events += state.apply_action(action)
    return events


def play(state: GameState, *actions: str) -> GameState:
    """Apply ``actions`` in turn; the state, to go on with."""
    do(state, *actions)
    return state


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def legal(state: GameState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def refused(state: GameState, action: object, rule: object = ANY_RULE, kind: str | None = None,
            *, player: int | None = None) -> IllegalAction:
    """Apply an illegal action: it must raise ``IllegalAction`` (citing ``rule`` and of
    ``kind``, when given) and leave the state exactly as it was."""
    saved = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(action, player=player)
    assert state.to_json() == saved, f"refusing {action!r} changed the state"
    if rule is not ANY_RULE:
        assert caught.value.rule == rule, caught.value
    if kind is not None:
        assert caught.value.kind == kind, caught.value
    return caught.value


def played(game: str, seed: int, actions: int, players: int, bot: str | None = None) -> GameState:
    """The state after ``actions`` steps of a seeded game, every seat played by ``bot``
    (the game's last-listed rule-of-thumb bot unless named)."""
    info = GAMES[game]
    rng = random.Random(seed)
    state = info.new_game(players=players, seed=seed)
    chooser = info.make_bot(bot or info.rule_bots[-1])
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else chooser.choose(state, rng))
    return state


def tags_and_what_they_cover(board: Any) -> tuple[int, list[str]]:
    """The "last: Player N" tags a board draws now, and what each covers that it must not
    (issue #33.5): any text (labels, counts, the header), any click target but its own (a tall
    one holds its tag inside its top), or the picture's edge and the header band."""
    from widgets.overlays import HEADER_HEIGHT, TAG_STYLE
    from widgets.scene import Rect, Text, box_of

    scene = board.scene
    owner = {text: target for target, text in
             board.last_move_tags(board.seen(), set(scene.ids())).items()}
    texts = [shape for shape in scene.layer("marks")
             if isinstance(shape, Text) and shape.text in owner]
    rects = [s for s in scene.layer("marks") if isinstance(s, Rect) and s.style == TAG_STYLE]
    covered = []
    for rect in rects:
        tag = box_of(rect)
        label = next(t for t in texts if abs(t.x - rect.x - 5) < 0.01
                     and abs(t.y - rect.y - rect.h / 2) < 0.01)
        if not (tag[0] >= 0 and tag[2] <= scene.width and tag[1] >= HEADER_HEIGHT
                and tag[3] <= scene.height):
            covered.append(f"{label.text!r} leaves the picture or enters the header: {tag}")
        for shape in scene.shapes:
            if shape.layer == "highlights" or shape is rect or shape in texts:
                continue
            if (isinstance(shape, Text) or shape.id not in (None, owner[label.text])) and \
                    _overlap(tag, box_of(shape)):
                covered.append(f"{label.text!r} on {owner[label.text]} covers "
                               f"{shape.id or getattr(shape, 'text', '')!r}")
    return len(rects), covered


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
