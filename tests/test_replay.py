"""A finished game to watch move by move: the frames are the game's positions, in order."""

from __future__ import annotations

from html import escape

import pytest

from boardlib import GAMES, Match
from widgets import BOARDS, Replay
from widgets.pictures import picture_html, picture_words


@pytest.mark.parametrize("game", list(BOARDS))
def test_a_replay_steps_through_every_move_and_ends_at_the_final_position(game):
    info = GAMES[game]
    start = info.new_game(players=info.player_counts[-1], seed=4)
    bots = {seat: info.make_bot("random") for seat in range(start.num_players)}
    match = Match(start.clone(), bots=bots, seed=4)
    match.advance()
    actions = match.state.history[len(start.history):]
    replay = Replay(start, actions)
    before_last = start.clone()
    for action in actions[:-1]:
        before_last.apply_action(action)
    ended_by_chance = before_last.is_chance_node()  # Amphipolis ends on a draw (AM-5.1)
    assert len(replay.frames) - 1 == len(match.moves) + ended_by_chance
    assert replay.previous.disabled and not replay.next.disabled
    replay.next.click()
    assert replay.index == 1 and replay.caption.value.count("Move 1 of") == 1
    replay.show(10**6)
    assert replay.state.to_json() == match.state.to_json() and replay.next.disabled
    shown = picture_html(replay.state)  # the frame, with the position in words as its alt
    assert replay.picture.value == shown == replay._repr_mimebundle_()["text/html"]
    assert f'alt="{escape(picture_words(replay.state), quote=True)}"' in shown
    assert Replay(start, [], lang="ja").caption.value.count("ゲームの始まり") == 1
