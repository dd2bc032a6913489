"""Kernel-side speed of a board: from a click to the redraw sent, and messages per redraw.

Plays hot-seat games on a board (every seat a person) by clicking legal targets, as a person
would, and times each click until its canvas message has been handed to the comm. Refused
clicks (on nothing) are timed apart. Prints numbers; asserts nothing.

    python benchmarks/bench_widgets.py [--game ambar_fossils] [--players 4] [--clicks 400]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ipycanvas import canvas as ipycanvas_canvas

from widgets import BOARDS, Board


def summary(label: str, values: list[float]) -> str:
    return (f"  {label}: median {statistics.median(values):.1f} ms, "
            f"90th percentile {statistics.quantiles(values, n=10)[-1]:.1f} ms, "
            f"max {max(values):.1f} ms ({len(values)} clicks)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="ambar_fossils", choices=list(BOARDS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clicks", type=int, default=400)
    args = parser.parse_args()

    sent: list[float] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    original = manager._send_custom

    def counting(commands, buffers=()):  # the moment the redraw leaves the kernel
        sent.append(time.perf_counter())
        return original(commands, list(buffers))

    manager._send_custom = counting
    rng = random.Random(1)
    board = Board(args.game, players=args.players, seed=1)
    played, refused, per_click = [], [], []
    while len(played) < args.clicks:
        if board.state.is_terminal():
            board.new_game(seed=len(played))
        seat, seen = board.state.current_player(), board.seen()
        targets = [t for a in board.state.legal_actions()
                   if (t := board.spec.target_of(a, seat, seen))]
        if not targets:
            board.move_buttons.children[0].click()
            continue
        for timed, point in ((refused, (2.0, board.scene.height - 2.0)),
                             (played, board.scene.center_of(rng.choice(targets)))):
            sent.clear()
            start = time.perf_counter()
            board.click(*point)
            timed.append((sent[-1] - start) * 1000 if sent else float("nan"))
            per_click.append(len(sent))
    manager._send_custom = original
    print(f"{args.game}: {args.players}-player board, every seat a person")
    print(summary("click on a legal target → redraw sent", played))
    print(summary("refused click → redraw sent", refused))
    print(f"  canvas messages per click: {sorted(set(per_click))} (one per redraw)")


if __name__ == "__main__":
    main()
