"""Play the games in a terminal: against bots, or watch bots play, in English or Japanese.

Every event is printed as a sentence, then the final ranking and why. Seats are bots or
people ("human"), who type moves at a prompt.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from boardlib import GAMES, parallel, tournament
from boardlib.info import GameInfo
from boardlib.match import Match
from boardlib.match import narration_viewer as viewer_of_people
from boardlib.messages import LANGUAGES, cli_text, fill, localized_names, player_name
from boardlib.protocol import Event, GameState, IllegalAction
from boardlib.ranking import Result, phrase

# ----- what the command line knows about a game: read in this one place ---------------------
GameFacts = GameInfo
"""A game's metadata as the command line reads it: ``boardlib.GameInfo``."""


def game_facts(name: str) -> GameInfo:
    """Titles, player counts, versions, bots and hidden information of game ``name``."""
    return GAMES[name]


# ----- arguments --------------------------------------------------------------------------
class UsageError(ValueError):
    """Bad input on the command line: told in one line, exit status 2, nothing played."""


def main(argv: Sequence[str] | None = None) -> int:
    try:
        status = _main(argv)
        sys.stdout.flush()  # inside the try: a reader gone before the last write is no error
        return status
    except BrokenPipeError:  # e.g. `boardlib list | head -1`: the reader has gone, say nothing
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "list":
        for line in game_list_lines():
            print(line)
        return 0
    try:
        if args.command == "tournament":
            return run_tournament(args, sys.stdout, sys.stderr)
        return play_game(args, sys.stdin, sys.stdout)
    except UsageError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m boardlib",
        description=__doc__.split("\n")[0],
        epilog=games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the games, with their versions and bots")
    play = commands.add_parser(
        "play", help="play a narrated game",
        description="Play a narrated game: bots and people in the seats, events as sentences.",
        epilog=games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", type=str.lower, choices=sorted(GAMES))
    play.add_argument("--players", type=int, default=None,
                      help="number of players (default: as many as --bots names, else 2)")
    play.add_argument("--seed", type=int, default=None,
                      help="seed for set-up and chance (default: a random one, printed)")
    play.add_argument("--bots", default="random",
                      help="comma-separated seats, e.g. greedy,random,human; one name fills "
                      "every seat; human is a person at the prompt (default: random)")
    play.add_argument("--lang", choices=LANGUAGES, default="en", help="en or ja")
    play.add_argument("--version", dest="game_version", default=None, metavar="NAME",
                      help="rules version, for games that have several (see below; any case)")
    duel = commands.add_parser(
        "tournament", help="bots play each other in every seat; win rates with 95%% intervals",
        description="Bots play each other, every deal once in every seat rotation; prints each "
        "bot's wins, win rate with a 95%% Wilson interval, mean place and median time per move.",
        epilog="example: python -m boardlib tournament pig --bots lookahead,hold_at_20 "
        "--games 100 --seed 1 --jobs 2",
    )
    duel.add_argument("game", type=str.lower, choices=sorted(GAMES))
    duel.add_argument("--bots", required=True,
                      help="comma-separated bots, one per seat (the player count)")
    duel.add_argument("--games", type=int, default=100,
                      help="games in all, a multiple of the seats (default: 100)")
    duel.add_argument("--seed", type=int, default=1, help="the tournament's seed (default: 1)")
    duel.add_argument("--jobs", type=int, default=1,
                      help="processes to play in (default: 1); the result does not depend on it")
    duel.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                      help="play on the workers of this running Dask scheduler instead of "
                      "--jobs (docs/soak.md; needs pip install \"tabletop-classroom[cluster]\"); "
                      "the same result")
    duel.add_argument("--version", dest="game_version", default=None, metavar="NAME",
                      help="rules version, for games that have several (any case)")
    return parser


def games_epilog() -> str:
    return ("games, their versions (the first is the default) and bots:\n"
            + "\n".join("  " + line for line in game_list_lines())
            + "\n\nhuman: a person types the moves at a prompt; random: any legal move; "
            "the other bots\nplay by rules of thumb, without looking ahead.\n\n"
            "example: python -m boardlib play amber_route --version family --bots careful,human")


def game_list_lines() -> list[str]:
    """One line per game: name, title, player counts, versions and bots."""
    lines = []
    for name in GAMES:
        facts = game_facts(name)
        versions = ", ".join(facts.variants) if facts.variants else "one version"
        lines.append(f"{name:14} {facts.title}: {count_range(facts.player_counts)}; "
                     f"versions: {versions}; bots: {', '.join([*facts.bots, 'human'])}")
    return lines


def count_range(counts: Sequence[int], lang: str = "en") -> str:
    """ "2–4 players", "1 player"; 「2〜4人」."""
    low, high = counts[0], counts[-1]
    if lang == "ja":
        return f"{low}〜{high}人" if low != high else f"{low}人"
    span = f"{low}–{high}" if low != high else f"{low}"
    return f"{span} player{'' if high == 1 else 's'}"


# ----- a game -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """What the arguments ask for, checked: players, seats, version and seed."""

    players: int
    seats: tuple[str, ...]
    variant: str | None
    seed: int


def checked_setup(facts: GameFacts, players: int | None, bots: str, version: str | None,
                  seed: int | None) -> Setup:
    """The game the arguments describe, or a UsageError naming what is wrong."""
    names = [name.strip().lower() for name in bots.split(",") if name.strip()]
    if not names:
        raise UsageError("--bots names no seat.")
    if players is None:
        players = len(names) if len(names) > 1 else (
            2 if 2 in facts.player_counts else facts.player_counts[0])
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} seats, but --players is {players}.")
    for name in names:
        if name != "human" and not facts.knows_bot(name):
            raise UsageError(f"{facts.title} has no bot {name!r}; choose from "
                             f"{', '.join([*facts.bots, 'human'])}.")
    return Setup(players, tuple(names), checked_variant(facts, version),
                 seed if seed is not None else random.SystemRandom().randrange(1, 100_000))


def checked_variant(facts: GameFacts, version: str | None) -> str | None:
    """The version's name as the game spells it (any case), or None for the default."""
    if version is None:
        return None
    if not facts.variants:
        raise UsageError(f"{facts.title} has only one version: leave out --version.")
    for name in facts.variants:
        if name.lower() == version.strip().lower():
            return name
    raise UsageError(f"{facts.title} has no version {version!r}; choose from "
                     f"{', '.join(facts.variants)}.")


def play_game(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    facts = game_facts(args.game)
    setup = checked_setup(facts, args.players, args.bots, args.game_version, args.seed)
    lang = args.lang
    try:  # the game itself says which player counts it is for
        state = facts.new_game(setup.players, setup.seed, setup.variant)
    except ValueError as problem:
        raise UsageError(str(problem)) from None
    seats = [None if name == "human" else facts.make_bot(name) for name in setup.seats]
    match = Match(state, bots={s: bot for s, bot in enumerate(seats) if bot is not None},
                  seed=setup.seed)
    viewer = narration_viewer(seats)
    for line in header_lines(facts, setup, state, lang, chosen_seed=args.seed is None):
        print(line, file=out)
    while not match.is_over():
        if match.waiting_for_person():
            if not _ask_person(match, facts, stdin, out, lang, viewer):
                print(cli_text("stopped", lang), file=out)
                return 1
        else:
            _narrate(match.step(), out, lang, state.names, viewer)
    print("", file=out)
    for line in ranking_lines(match.state.result(), facts, lang):
        print(line, file=out)
    return 0


def header_lines(facts: GameFacts, setup: Setup, state: GameState, lang: str,
                 chosen_seed: bool = False) -> list[str]:
    """The title, version, player count and seed (so the game can be replayed), the seats,
    and the notes on placeholder data."""
    title = facts.titles.get(lang, facts.title)
    variant = setup.variant or _default_variant(facts)
    if variant is not None and len(facts.variants) > 1:  # a game of one version names none
        title = cli_text("title_version", lang, title=title,
                         version=version_name(facts, variant, lang))
    seed = cli_text("seed_chosen" if chosen_seed else "seed", lang, seed=setup.seed)
    lines = [cli_text("header", lang, title=title, players=setup.players, seed=seed)]
    names = localized_names(state.names, lang)
    for seat, bot in enumerate(setup.seats):
        who = cli_text("person", lang) if bot == "human" else cli_text(
            "bot", lang, bot=cli_text(f"bot.{bot}", lang, default=bot))
        lines.append(f"  {names[seat]}{_colon(lang)}{who}")
    for note in placeholder_notes(state, facts, lang):
        lines += wrap_by_width(note, 100, cli_text("note", lang))
    return lines


def version_name(facts: GameFacts, variant: str, lang: str) -> str:
    """The version as the game's catalog names it ("Family", 「ファミリー版」), else its key."""
    key = f"version.{variant}"
    return game_text(facts, key, lang) if _has(facts, key) else variant.capitalize()


def _default_variant(facts: GameFacts) -> str | None:
    """The version a game plays when none is asked for: its first."""
    return next(iter(facts.variants), None)


def game_text(facts: GameFacts, key: str, lang: str, **fields: object) -> str:
    """A string of the game's own catalog (``MESSAGES``) in ``lang``, else English, else key."""
    catalogs = facts.module.MESSAGES
    template = catalogs.get(lang, {}).get(key) or catalogs["en"].get(key, key)
    return fill(template, **fields)


def placeholder_notes(state: GameState, facts: GameFacts | None = None,
                      lang: str = "en") -> list[str]:
    """What the game says about made-up component data, printed once at the start."""
    notes = [str(value) for key, value in state.observation(None).items()
             if key.startswith("placeholder")]
    if notes and facts is not None and lang != "en":
        told = game_text(facts, "placeholder_note", lang)
        if told != "placeholder_note":
            return [told]
    return notes


def narration_viewer(seats: Sequence[object]) -> int | None:
    """Whose eyes the narration is for, from the seats (None for a person): the rule of
    ``boardlib.match.narration_viewer``, which the boards follow too."""
    return viewer_of_people(seat for seat, bot in enumerate(seats) if bot is None)


def _narrate(events: list[Event], out: TextIO, lang: str, names: list[str],
             viewer: int | None) -> None:
    for event in events:
        print(event.sentence(lang, names, viewer), file=out)


def _ask_person(match: Match, facts: GameFacts, stdin: TextIO, out: TextIO, lang: str,
                viewer: int | None) -> bool:
    state = match.state
    seat = match.to_move()
    for line in position_lines(state.observation(seat), facts, seat, lang):
        print(line, file=out)
    print(cli_text("your_move", lang, player=player_name(seat, lang,
                                                        localized_names(state.names, lang)),
                   moves=", ".join(state.legal_actions())), file=out)
    line = stdin.readline()
    if not line:
        return False
    try:
        _narrate(match.play(line.strip()), out, lang, state.names, viewer)
    except IllegalAction as problem:
        print(cli_text("not_allowed", lang, reason=problem.explain(lang)), file=out)
    return True


# ----- a tournament -------------------------------------------------------------------------
def run_tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Play the tournament the arguments describe: a progress line on ``err``, the table on
    ``out``; a UsageError naming the problem for bad input, before anything is played."""

    facts = game_facts(args.game)
    bots = [name.strip().lower() for name in args.bots.split(",") if name.strip()]
    if len(bots) < 2 and 1 not in facts.player_counts:
        raise UsageError(f"--bots names {len(bots)} bot; a tournament of {facts.title} needs "
                         f"{count_range(facts.player_counts)}, one bot per seat.")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be 1 or more, not {args.jobs}.")
    try:
        parallel.checked_jobs(args.jobs, args.scheduler)
    except ValueError as problem:
        raise UsageError(str(problem).replace("jobs=", "--jobs ").replace(
            "scheduler=", "--scheduler ") + ".") from None
    variant = checked_variant(facts, args.game_version)
    try:
        tournament.checked(args.game, bots, args.games, variant)
    except ValueError as problem:
        raise UsageError(str(problem).replace("the number of games", "--games")) from None
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        print(f"\r{done}/{total} games, {elapsed:.0f} s", end="", file=err, flush=True)

    try:
        result = tournament.run(args.game, bots, args.games, args.seed, args.jobs, variant,
                                progress, scheduler=args.scheduler)
    except parallel.SchedulerError as problem:  # the input was fine; the cluster is not there
        print(f"error: {problem}", file=err)
        return 1
    print("", file=err)
    print(result.table(), file=out)
    return 0


# ----- the position, as a person reads it -------------------------------------------------
SEAT_KEYS = frozenset({"to_move", "active", "decider", "first", "ender"})
"""Observation keys that hold a seat number: shown as the seat's name, counted from 1."""


def position_lines(observation: Mapping[str, Any], facts: GameFacts, viewer: int | None,
                   lang: str = "en") -> list[str]:
    """What the seat to move may see, in words: the table, then one line per seat.

    The game's catalog names what is shown (``view.<key>`` for the table, ``view.seat.<key>``
    for each seat's things) and its ``format_value`` names the pieces; anything without a
    label is bookkeeping a person does not need. Hidden things are already hidden by the
    game's ``observation()``.
    """
    catalog = facts.module.MESSAGES.get(lang, facts.module.MESSAGES["en"])
    names = localized_names(observation.get("names", []), lang)
    sep = "、" if lang == "ja" else ", "
    table = [f"{label}{_colon(lang)}{text}" for key, label in _labels(catalog, "view.")
             if key in observation
             and (text := shown_value(key, observation[key], facts, names, lang)) != "0"
             and text]  # on the table, none of a thing goes without saying
    lines = wrap_by_width((";  " if lang != "ja" else "　").join(table), 100,
                          cli_text("table", lang) + _colon(lang))
    seats = _labels(catalog, "view.seat.")
    for seat, name in enumerate(names):
        items = []
        for key, label in seats:
            value = _seat_value(observation, key, seat)
            text = shown_value(key, value, facts, names, lang)
            if text:
                items.append(_labelled(label, text, lang))
        if not items:
            continue
        who = name + (cli_text("you", lang) if seat == viewer else "")
        lines += wrap_by_width(sep.join(items), 100, who + _colon(lang))
    return lines


def position_sentences(observation: Mapping[str, Any], facts: GameFacts, viewer: int | None,
                       lang: str = "en") -> list[str]:
    """``position_lines`` as sentences for a screen reader or an image's alt text: a line the
    command line wrapped (it starts with spaces) joins the sentence before it."""
    sentences: list[str] = []
    glue = "" if lang == "ja" else " "
    for line in position_lines(observation, facts, viewer, lang):
        if line[:1].isspace() and sentences:
            sentences[-1] += glue + " ".join(line.split())
        else:
            sentences.append(" ".join(line.split()))
    return sentences


SENTENCE_ENDS = (".", "!", "?", "…", "。", "！", "？")


def sentences_text(sentences: Sequence[str], lang: str = "en") -> str:
    """Sentences as one text: each ended by "。" in Japanese, ". " otherwise, unless it ends
    itself (a status line's "…" or "."); the last one as it is."""
    stop, space = ("。", "") if lang == "ja" else (". ", " ")
    parts = [part for part in sentences if part]
    return "".join(part + (space if part.endswith(SENTENCE_ENDS) else stop)
                   for part in parts[:-1]) + (parts[-1] if parts else "")


def _labels(catalog: dict[str, str], prefix: str) -> list[tuple[str, str]]:
    """(observation key, label) for the catalog's keys with ``prefix``, in catalog order."""
    return [(key[len(prefix):], label) for key, label in catalog.items()
            if key.startswith(prefix) and "." not in key[len(prefix):]]


def _seat_value(observation: Mapping[str, Any], key: str, seat: int) -> object:
    """Seat ``seat``'s value of ``key``: from ``seats[seat]``, else the key's per-seat list."""
    if "seats" in observation and key in observation["seats"][seat]:
        return observation["seats"][seat][key]
    value = observation.get(key)
    return value[seat] if isinstance(value, list) and seat < len(value) else None


def _labelled(label: str, text: str, lang: str) -> str:
    """ "gold 3" but "alchemy: Starting alchemy"; 「金貨3」but「錬金術：初期の錬金術」."""
    if text[:1].isdigit():
        return f"{label}{text}" if lang == "ja" else f"{label} {text}"
    return f"{label}{_colon(lang)}{text}"


def _colon(lang: str) -> str:
    return "：" if lang == "ja" else ": "


def shown_value(key: str, value: object, facts: GameFacts, names: Sequence[str],
                lang: str) -> str:
    """A value in words ("" for nothing to show): seats by name, codes by the game's names,
    ``{"Y": 2}`` as "yellow×2", lists joined, True as "yes"."""
    if value is None or value is False or value in ("", [], {}):
        return ""
    if key in SEAT_KEYS and isinstance(value, int):
        return player_name(value, lang, names)
    if value is True:
        return cli_text("yes", lang)
    sep = "、" if lang == "ja" else ", "
    if isinstance(value, dict) and not all(isinstance(v, int) for v in value.values()):
        return _parts(key, value, facts, names, lang)
    if isinstance(value, dict):
        return sep.join(f"{_name(key, item, facts, lang)}×{count}"
                        for item, count in value.items() if count)
    if isinstance(value, list | tuple):
        return sep.join(shown_value(key, item, facts, names, lang) or "–" for item in value)
    if isinstance(value, str) and " " in value.strip():
        return sep.join(_name(key, token, facts, lang) for token in value.split())
    return _name(key, value, facts, lang)


def _parts(key: str, value: Mapping[str, Any], facts: GameFacts, names: Sequence[str],
           lang: str) -> str:
    """A value made of labelled parts (``view.<key>.<part>``): "face down Dinosaur×12, …"."""
    catalog = facts.module.MESSAGES.get(lang, facts.module.MESSAGES["en"])
    parts = []
    for part, item in value.items():
        text = shown_value(part, item, facts, names, lang)
        label = catalog.get(f"view.{key}.{part}")
        if text and label:
            parts.append(f"{label} {text}" if lang != "ja" else f"{label}（{text}）")
    return (" / " if lang != "ja" else "／").join(parts)


def _name(key: str, value: object, facts: GameFacts, lang: str) -> str:
    return str(facts.module.format_value(f"view.{key}", value, lang))


def display_width(text: str) -> int:
    """Columns on a terminal: wide and full-width characters (East Asian W/F) take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` display columns (right-aligned if asked)."""
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def wrap_by_width(text: str, width: int, first: str) -> list[str]:
    """Lines of at most ``width`` display columns: ``first`` then ``text``, indented after.
    English breaks between words; Japanese between any two characters, except that a line
    never starts with 、。） nor ends with （, and codes such as F2 stay whole."""
    if not text:
        return []
    lines, line, start = [], first, len(first)
    for char in text:
        if display_width(line) + display_width(char) > width:
            cut = _break_at(line, char, start)
            lines.append(line[:cut].rstrip())
            line, start = "  " + line[cut:].lstrip(), 2
            if char == " " and not line.strip():
                continue  # the spaces the line broke at
        line += char
    return [*lines, line]


_NO_LINE_START = frozenset("、。）」』，．・：；！？")
_NO_LINE_END = frozenset("（「『")


def _break_at(line: str, char: str, start: int) -> int:
    """Where to end the full ``line`` before ``char`` comes (all of it if nothing fits)."""
    cut = len(line)
    if _sticks(char):
        while cut > start and _sticks(line[cut - 1]):
            cut -= 1
    while cut > start and (line[cut - 1] in _NO_LINE_END
                           or (cut < len(line) and line[cut] in _NO_LINE_START)):
        cut -= 1
    return cut if cut > start else len(line)


def _sticks(char: str) -> bool:
    """Part of a word that must not be split: ASCII other than a space, or a closing mark."""
    return (char != " " and not _wide(char)) or char in _NO_LINE_START


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


# ----- the result ---------------------------------------------------------------------------
def ranking_lines(result: Result, facts: GameFacts, lang: str = "en") -> list[str]:
    """The final ranking as a table aligned by display width, a legend for its short
    headings, and the explanation in words. With no winner (a solo game lost) no places."""
    names = localized_names(result.names, lang)
    shorts = result.short or tuple(phrase(c, None) for c in result.criteria)
    headings = [game_text(facts, f"heading.{short}", lang) if _has(facts, f"heading.{short}")
                else short for short in shorts]
    rows = []
    for group in result.ranking:
        for player in group:
            place = f"{result.place_of(player)}." if result.winners else "–"
            rows.append([f"{place} {names[player]}", *map(str, result.scores[player])])
    widths = [max(display_width(cell) for cell in column)
              for column in zip(["", *headings], *rows)]
    lines = [cli_text("final_ranking", lang),
             "  " + "  ".join(pad(cell, w, right=i > 0)
                              for i, (cell, w) in enumerate(zip(["", *headings], widths)))]
    lines += ["  " + "  ".join(pad(cell, w, right=i > 0)
                               for i, (cell, w) in enumerate(zip(row, widths))) for row in rows]
    if _has(facts, "ranking.legend"):
        shown = ("、" if lang == "ja" else ", ").join(headings)
        lines += wrap_by_width(game_text(facts, "ranking.legend", lang, headings=shown), 100,
                               cli_text("legend", lang) + _colon(lang))
    return [*lines, result.explain(lang)]


def _has(facts: GameFacts, key: str) -> bool:
    return key in facts.module.MESSAGES["en"]
