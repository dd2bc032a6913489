"""The command line: ``python -m boardlib play ambar_fossils --players 3 --seed 7``.

Every event is printed as a sentence, then the final ranking and why. Seats are bots
(``--bots random,greedy``) or people (``human``), who type moves at a prompt.
"""

from __future__ import annotations

import argparse
import inspect
import sys
import textwrap
from collections.abc import Sequence
from functools import partial
from typing import TextIO

from boardlib import GAMES
from boardlib.bots import Bot
from boardlib.match import Match
from boardlib.messages import LANGUAGES, localized_names
from boardlib.protocol import Event, IllegalAction
from boardlib.ranking import phrase


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardlib", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the games")
    play = commands.add_parser("play", help="play a narrated game")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, default=None, help="number of players")
    play.add_argument("--seed", type=int, default=None, help="seed for set-up and chance")
    play.add_argument(
        "--bots",
        default="random",
        help="comma-separated seat list, e.g. 'greedy,random,human'; one name fills every seat",
    )
    play.add_argument("--lang", choices=LANGUAGES, default="en")
    play.add_argument("--version", dest="game_version", default=None,
                      help="rules version, for games that have several")
    args = parser.parse_args(argv)
    if args.command == "list":
        for name, info in GAMES.items():
            counts = info.player_counts
            print(f"{name:15} {info.title} ({counts[0]}–{counts[-1]} players)")
        return 0
    try:
        return play_game(args, sys.stdin, sys.stdout)
    except ValueError as problem:  # bad player count, unknown bot, …
        print(f"error: {problem}", file=sys.stderr)
        return 2


def play_game(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    info = GAMES[args.game]
    module = info.module
    players = args.players if args.players is not None else info.player_counts[0]
    options = {}
    if args.game_version is not None:
        if "version" not in inspect.signature(module.new_game).parameters:
            raise ValueError(f"{info.title} has only one rules version.")
        options["version"] = args.game_version
    state = module.new_game(players=players, seed=args.seed, **options)
    seats = _seats(args.bots, state.num_players,
                   {name: partial(info.make_bot, name) for name in info.bots})
    match = Match(state, bots={s: bot for s, bot in enumerate(seats) if bot is not None},
                  seed=args.seed)
    names = state.names
    viewer = narration_viewer(seats)
    print(f"{info.title}: {state.num_players} players, seed {args.seed}.", file=out)
    for seat, bot in enumerate(seats):
        print(f"  {names[seat]}: {'a person' if bot is None else bot.name + ' bot'}", file=out)
    if None in seats:
        for note in placeholder_notes(state):
            print(f"Note: {note}", file=out)
    while not match.is_over():
        if match.waiting_for_person():
            if not _ask_person(match, stdin, out, args.lang, viewer):
                print("Stopped.", file=out)
                return 1
        else:
            _narrate(match.step(), out, args.lang, names, viewer)
    result = match.state.result()
    print("", file=out)
    print("Final ranking:" if args.lang == "en" else "最終順位:", file=out)
    shown = localized_names(names, args.lang)
    width = max(len(name) for name in shown) + 4
    headings = result.short or tuple(phrase(c, None) for c in result.criteria)
    print(" " * width + " ".join(f"{h:>4}" for h in headings), file=out)
    for group in result.ranking:
        for player in group:
            row = f"{result.place_of(player)}. {shown[player]}"
            print(f"  {row:<{width - 2}}" + " ".join(f"{v:>4}" for v in result.scores[player]),
                  file=out)
    print(result.explain(args.lang), file=out)
    return 0


def _seats(spec: str, players: int, bots: dict) -> list:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"--bots names {len(names)} seats for {players} players.")
    seats: list[Bot | None] = []
    for name in names:
        if name == "human":
            seats.append(None)
        elif name in bots:
            seats.append(bots[name]())
        else:
            raise ValueError(f"unknown bot {name!r}; choose from {', '.join([*bots, 'human'])}.")
    return seats


SHARED_SCREEN = -3
"""A viewer who is no seat: several people share the screen, so nobody's secrets are told."""


def narration_viewer(seats: Sequence[object]) -> int | None:
    """Whose eyes the narration is for: the one person playing, everyone at a shared screen,
    or (only bots) an onlooker who is told everything, hidden cards included."""
    people = [seat for seat, bot in enumerate(seats) if bot is None]
    if not people:
        return None
    return people[0] if len(people) == 1 else SHARED_SCREEN


def _narrate(events: list[Event], out: TextIO, lang: str, names: list[str],
             viewer: int | None) -> None:
    for event in events:
        print(event.sentence(lang, names, viewer), file=out)


def _show_position(state, player: int, out: TextIO) -> None:
    """The position as the player to move may see it: all of it, unless the game hides cards."""
    if GAMES[state.GAME].hidden_information:
        for line in observation_lines(state.observation(player), state.names, player):
            print(line, file=out)
    else:
        print(state.describe(), file=out)


_NOT_SHOWN = frozenset({"names", "players", "viewer", "legal_actions"})


def observation_lines(observation: dict, names: Sequence[str], viewer: int) -> list[str]:
    """A hidden-information view as a person reads it: the table, then one line per seat.

    Unknown things are already hidden by the game's ``observation()``; this only lays it
    out, leaving out empty values and the notes shown once at the start.
    """
    table = [f"{_label(key)}: {_plain(value)}" for key, value in observation.items()
             if key not in _NOT_SHOWN and key != "seats" and not key.startswith("placeholder")
             and not _empty(value)]
    lines = textwrap.wrap("; ".join(table), width=100, initial_indent="Table: ",
                          subsequent_indent="  ")
    for seat, items in enumerate(observation.get("seats", [])):
        who = names[seat] + (" (you)" if seat == viewer else "")
        shown = ", ".join(f"{_label(key)} {_plain(value)}" for key, value in items.items()
                          if not _empty(value))
        lines += textwrap.wrap(shown, width=100, initial_indent=f"{who}: ",
                               subsequent_indent="  ")
    return lines


def placeholder_notes(state) -> list[str]:
    """What the game says about made-up component data, to print once before play."""
    return [str(value) for key, value in state.observation(None).items()
            if key.startswith("placeholder")]


def _empty(value: object) -> bool:
    return value is None or value is False or value in ("", [], {})


def _label(key: str) -> str:
    return key.replace("_", " ")


def _plain(value: object) -> str:
    """Values without JSON punctuation: ``A2×2 T2×1`` for counts, ``a, b`` for lists."""
    if isinstance(value, dict):
        return " ".join(f"{key}×{count}" for key, count in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(item) for item in value) or "none"
    if value is True:
        return "yes"
    return str(value)


def _ask_person(match: Match, stdin: TextIO, out: TextIO, lang: str, viewer: int | None) -> bool:
    state = match.state
    _show_position(state, match.to_move(), out)
    print(f"{state.names[match.to_move()]}, your move: "
          + ", ".join(state.legal_actions()), file=out)
    line = stdin.readline()
    if not line:
        return False
    try:
        _narrate(match.play(line.strip()), out, lang, state.names, viewer)
    except IllegalAction as problem:
        print(f"Not allowed: {problem}", file=out)
    return True
