"""A fingerprint of seeded games: proof that a refactor changed no game.

For every game, variant and player count, ``--games`` seeded games (the seats rotate over
the game's bots, as in the conformance suite) are played and everything observable is
hashed: at every step whose turn it is and the legal actions in order, the chance weights,
the action taken, each event's kind, player, fields, secrecy and sentences; every
``DEEP_EVERY`` steps the description, each seat's observation and the refusals of a few
illegal actions (in every language); at the end the final snapshot, save and result.
One sha256 per configuration is printed; save the output before a change and compare it
after (``--check FILE``). A record made before save keys were renamed is compared with
``--old-keys``: positions, views and saves are then hashed as they were written before (the
old key names of each game's ``SCHEMA``, ``Field.was``, and save version 1), so that the
renames alone change nothing.

    python scripts/fingerprint.py > /tmp/before.txt
    python scripts/fingerprint.py --check /tmp/before.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import CHANCE, GAMES, TERMINAL
from boardlib.messages import LANGUAGES
from boardlib.protocol import Event, GameState

DEEP_EVERY = 25
REFUSALS = 12  # illegal actions whose refusals are hashed at a deep step


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


OLD_KEYS = False
"""--old-keys: hash positions, views and saves under the key names they had before renames."""


def _as_before(state: GameState, data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot or a view as it was written before keys were renamed (with --old-keys)."""
    schema = getattr(type(state), "SCHEMA", None)
    return schema.with_old_keys(data) if OLD_KEYS and schema is not None else data


def _save_as_before(state: GameState) -> str:
    """The state's save as it was written before keys were renamed (with --old-keys)."""
    text = state.to_json()
    if not OLD_KEYS:
        return text
    data = json.loads(text)
    data.update(version=1, start=_as_before(state, data["start"]),
                position=_as_before(state, data["position"]))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _event_text(event: Event) -> str:
    seen_by = sorted(event.seen_by) if event.seen_by is not None else None
    return _text([event.kind, event.player, event.fields, seen_by, list(event.secret)])


def _told(event: Event, names: list[str]) -> list[str]:
    return [event.sentence(lang, names, viewer) for lang in LANGUAGES
            for viewer in [None, *range(len(names))]]


def _deep_text(state: GameState) -> str:
    """What a player or a tool can read of a position besides its moves."""
    legal = set(state.legal_actions())
    illegal = [a for a in state.action_space() if a not in legal][:REFUSALS]
    refusals = []
    for action in illegal:
        problem = state.check_action(action)
        assert problem is not None
        told = [problem.explain(lang) for lang in LANGUAGES]
        refusals.append([problem.kind, problem.rule, *told])
    views = [_as_before(state, state.observation(seat))
             for seat in [None, *range(state.num_players)]]
    return _text([state.describe(), views, refusals])


def _final_text(state: GameState) -> str:
    result = state.result()
    told = [result.explain(lang) for lang in LANGUAGES]
    return _text([_as_before(state, state.snapshot()), _save_as_before(state), result.winners,
                  result.ranking,
                  result.scores, told])


MOVES_ONLY = False
"""--moves-only: hash what the rules decide (legal moves, chance weights, moves, event data,
the final position and result) but no text, so a change of wording alone keeps the hash."""


def game_digest(name: str, variant: str | None, players: int, seed: int) -> bytes:
    """The sha256 of one seeded game, step by step."""
    info = GAMES[name]
    digest = hashlib.sha256()
    rng = random.Random(seed)
    state = info.new_game(players=players, seed=seed, variant=variant)
    own = getattr(info, "rule_bots", info.bots)  # without the slow search bots (older: all)
    bots = [info.make_bot(own[(seed + seat) % len(own)]) for seat in range(players)]
    steps = 0
    while True:
        if steps % DEEP_EVERY == 0 and not MOVES_ONLY:
            digest.update(_deep_text(state).encode())
        steps += 1
        player = state.current_player()
        digest.update(_text([player, state.legal_actions()]).encode())
        if player == TERMINAL:
            break
        if player == CHANCE:
            digest.update(_text(state.chance_weights()).encode())
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(state, rng)
        digest.update(str(action).encode())
        for event in state.apply_action(action):
            digest.update(_event_text(event).encode())
            if not MOVES_ONLY:
                digest.update(_text(_told(event, state.names)).encode())
    if MOVES_ONLY:
        result = state.result()
        digest.update(_text([_as_before(state, state.snapshot()), result.winners, result.ranking,
                             result.scores]).encode())
    else:
        digest.update(_final_text(state).encode())
    return digest.digest()


def configurations() -> list[tuple[str, str | None, int]]:
    return [(name, variant, players) for name, info in GAMES.items()
            for variant in (info.variants or [None]) for players in info.player_counts]


def configuration_digest(config: tuple[str, str | None, int], games: int) -> str:
    name, variant, players = config
    total = hashlib.sha256()
    for seed in range(games):
        total.update(game_digest(name, variant, players, seed))
    return total.hexdigest()


def _run(args: tuple[tuple[str, str | None, int], int, bool, bool]) -> str:
    global MOVES_ONLY, OLD_KEYS
    MOVES_ONLY, OLD_KEYS = args[2], args[3]
    return configuration_digest(args[0], args[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per configuration")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--check", type=Path, help="compare with a saved fingerprint")
    parser.add_argument("--moves-only", action="store_true",
                        help="hash the rules' decisions only, not the texts told of them")
    parser.add_argument("--old-keys", action="store_true",
                        help="hash positions and saves under their keys before renames")
    parser.add_argument("games_to_run", nargs="*", default=list(GAMES), metavar="game")
    args = parser.parse_args()
    configs = [c for c in configurations() if c[0] in args.games_to_run]
    with ProcessPoolExecutor(args.jobs) as pool:
        digests = list(pool.map(_run, [(config, args.games, args.moves_only, args.old_keys)
                                       for config in configs]))
    lines = [f"{name} {variant or '-'} {players} {args.games} {digest}"
             for (name, variant, players), digest in zip(configs, digests)]
    print("\n".join(lines))
    if args.check is None:
        return 0
    expected = {line.rsplit(" ", 1)[0]: line for line in args.check.read_text().splitlines()}
    known = [line for line in lines if line.rsplit(" ", 1)[0] in expected]
    changed = [line for line in known if line not in expected.values()]
    for line in lines:
        if line not in known:
            print(f"new (not in {args.check.name}): {line}", file=sys.stderr)
    for line in changed:
        print(f"CHANGED: {line}", file=sys.stderr)
    print(f"{len(known) - len(changed)} of {len(known)} recorded configurations unchanged",
          file=sys.stderr)
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
