"""What the odds panel costs a click: its compute time per decision, for every board with odds.

Plays seeded games with random bots and, at every decision a person would face, times the
board's ``spec.odds(observation, lang)`` — the work the panel adds to a click when it is open.
Then clicks a board with the panel open and one with it closed, alternately in one run (the
machine's speed drifts, so the two are compared side by side). Prints numbers; asserts nothing.

    python benchmarks/bench_odds.py [--decisions 300] [--clicks 150]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import GAMES
from widgets import BOARDS, Board


def line(label: str, values: list[float]) -> str:
    return (f"  {label}: median {statistics.median(values):.2f} ms, 90th percentile "
            f"{statistics.quantiles(values, n=10)[-1]:.2f} ms, max {max(values):.2f} ms "
            f"({len(values)})")


def odds_times(game: str, decisions: int) -> list[float]:
    """Milliseconds of ``spec.odds`` at the decisions of seeded random games."""
    spec, info = BOARDS[game], GAMES[game]
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        state, rng = info.new_game(players=2, seed=seed), random.Random(seed)
        bot = info.make_bot("random")
        while not state.is_terminal() and len(times) < decisions:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            seen = state.observation(state.current_player())
            start = time.perf_counter()
            assert spec.odds is not None
            spec.odds(seen, "en")
            times.append((time.perf_counter() - start) * 1000)
            state.apply_action(bot.choose(state, rng))
        seed += 1
    return times


def click_times(game: str, clicks: int) -> tuple[list[float], list[float]]:
    """Milliseconds per legal click on a hot-seat board, panel open and closed, alternately."""
    boards = {True: Board(game, players=2, seed=1, show_odds=True),
              False: Board(game, players=2, seed=1, show_odds=False)}
    times: dict[bool, list[float]] = {True: [], False: []}
    rng = random.Random(1)
    for _ in range(clicks):
        for shown, board in boards.items():
            if board.state.is_terminal():
                board.new_game(seed=len(times[shown]))
            seat, seen = board.state.current_player(), board.seen()
            targets = [t for a in board.state.legal_actions()
                       if (t := board.spec.target_of(a, seat, seen))]
            if not targets:
                board.move_buttons.children[0].click()
                continue
            point = board.scene.center_of(rng.choice(targets))
            start = time.perf_counter()
            board.click(*point)
            times[shown].append((time.perf_counter() - start) * 1000)
    return times[True], times[False]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--clicks", type=int, default=150)
    args = parser.parse_args()
    for game, spec in BOARDS.items():
        if spec.odds is None:
            continue
        print(f"{GAMES[game].title}:")
        print(line("odds per decision", odds_times(game, args.decisions)))
        shown, hidden = click_times(game, args.clicks)
        print(line("click, panel open  ", shown))
        print(line("click, panel closed", hidden))


if __name__ == "__main__":
    main()
