"""Kernel-side speed of the Âmbar board: from a click to the redraw sent, and messages per redraw.

Plays hot-seat games on a 4-player board by clicking legal targets (as a person would),
timing each click until its canvas message has been handed to the comm. Prints numbers;
asserts nothing.

    python benchmarks/bench_widgets.py [--players 4] [--clicks 400]
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

from widgets.ambar_fossils import AmbarBoard, target_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clicks", type=int, default=400)
    args = parser.parse_args()

    messages: list[float] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    original = manager._send_custom

    def counting(commands, buffers=()):  # the moment the redraw leaves the kernel
        messages.append(time.perf_counter())
        return original(commands, list(buffers))

    manager._send_custom = counting
    rng = random.Random(1)
    board = AmbarBoard(players=args.players, seed=1)
    durations, per_click, scene_ms = [], [], []
    while len(durations) < args.clicks:
        if board.state.is_terminal():
            board.new_game(players=args.players, seed=len(durations))
        legal = [a for a in board.state.legal_actions() if target_of(a, board.state)]
        if not legal:
            board.pass_turn()
            continue
        x, y = board.scene.center_of(target_of(rng.choice(legal), board.state))
        messages.clear()
        start = time.perf_counter()
        board.click(x, y)
        durations.append((messages[-1] - start) * 1000 if messages else float("nan"))
        per_click.append(len(messages))
        t0 = time.perf_counter()
        board.scene  # noqa: B018 - the pure view alone, for comparison
        scene_ms.append((time.perf_counter() - t0) * 1000)
    manager._send_custom = original
    print(f"{args.players}-player board, {len(durations)} clicks on legal targets")
    print(f"  click → redraw sent: median {statistics.median(durations):.1f} ms, "
          f"90th percentile {statistics.quantiles(durations, n=10)[-1]:.1f} ms, "
          f"max {max(durations):.1f} ms")
    print(f"  the pure view alone: median {statistics.median(scene_ms):.1f} ms")
    print(f"  canvas messages per click: {sorted(set(per_click))} (always one per redraw)")


if __name__ == "__main__":
    main()
