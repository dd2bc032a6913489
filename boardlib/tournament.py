"""Fair tournaments between bots: every seat rotation of every deal, Wilson intervals.

Fair because luck is shared: game ``g`` is deal ``g // k`` played in rotation ``g % k`` (k
seats), and all k rotations of a deal start from the same set-up with the same seed, so each
bot meets the same dice and cards from every seat. Each game's seed comes from the
tournament's seed and the game's number alone, never from a worker, so the result is the
same however many processes play it, here or on a Dask cluster (``boardlib.parallel``: safe
in a notebook).

    from boardlib import tournament
    result = tournament.run("pig", ["lookahead", "hold_at_20"], games=40, seed=1)
    print(result.table())
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from boardlib.games import GAMES
from boardlib.info import GameInfo
from boardlib.parallel import checked_jobs, ordered_map
from boardlib.protocol import CHANCE, TERMINAL

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: honest near 0 and 1 and for small n,
    unlike the normal approximation (which can leave [0, 1])."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameRecord:
    """One game: its number, the bot in each seat, each seat's win share and place, how long
    it took and each seat's decision times (in seconds; only real choices, two or more moves)."""

    index: int
    seats: tuple[str, ...]
    wins: tuple[float, ...]
    places: tuple[int, ...]
    actions: int
    seconds: float = field(compare=False)
    move_times: tuple[tuple[float, ...], ...] = field(compare=False)


@dataclass(frozen=True)
class Standing:
    """One bot's line in the table (a bot named twice gets one line per entry)."""

    bot: str
    games: int
    wins: float
    mean_place: float
    low: float
    high: float
    median_move: float | None

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class TournamentResult:
    game: str
    bots: tuple[str, ...]
    seed: int
    records: tuple[GameRecord, ...]

    def standings(self) -> list[Standing]:
        """Each entry's wins (a shared win counts 1/winners), 95% Wilson interval, mean place
        and median time per move."""
        lines = []
        for entry, bot in enumerate(self.bots):
            wins = 0.0
            places: list[int] = []
            times: list[float] = []
            for record in self.records:
                seat = seat_of(entry, record.index, len(self.bots))
                wins += record.wins[seat]
                places.append(record.places[seat])
                times.extend(record.move_times[seat])
            n = len(self.records)
            low, high = wilson(wins, n)
            lines.append(Standing(bot, n, wins, statistics.fmean(places) if places else 0.0,
                                  low, high, statistics.median(times) if times else None))
        return lines

    def outcomes(self) -> list[tuple[int, tuple[str, ...], tuple[float, ...]]]:
        """What was played and who won, without timings: equal for equal seeds."""
        return [(r.index, r.seats, r.wins) for r in self.records]

    def table(self, lang: str = "en") -> str:
        """The standings as a small text table, in English or Japanese."""
        words = TABLE_WORDS.get(lang, TABLE_WORDS["en"])
        rows = [words["title"].format(title=GAMES[self.game].titles.get(lang, self.game),
                                      games=len(self.records), seed=self.seed),
                "  " + "".join(gap + _padded(words[key], width)
                               for gap, key, width in TABLE_COLUMNS)]
        for s in self.standings():
            move = f"{s.median_move:.3f}" if s.median_move is not None else "–"
            rows.append(f"  {s.bot:16} {s.wins:7.1f} {s.rate:6.1%}  "
                        f"[{s.low:5.1%}, {s.high:5.1%}]  {s.mean_place:5.2f}  {move:>7}")
        return "\n".join(rows)


TABLE_WORDS = {
    "en": {"title": "{title}: {games} games, seats rotated, seed {seed}", "bot": "bot",
           "wins": "wins", "rate": "rate", "interval": "95% interval", "place": "place",
           "move": "s/move"},
    "ja": {"title": "{title}：{games}ゲーム（席を順に交代）、シード{seed}", "bot": "ボット",
           "wins": "勝ち", "rate": "勝率", "interval": "95%区間", "place": "順位",
           "move": "秒/手"},
}
"""The table's words; its columns (the gap before, the name, the width; a negative width is
right-aligned), as the rows below them lay out their numbers, are TABLE_COLUMNS."""
TABLE_COLUMNS = (("", "bot", 16), (" ", "wins", -7), (" ", "rate", -6), ("  ", "interval", 15),
                 (" ", "place", -5), ("  ", "move", -7))


def _padded(text: str, width: int) -> str:
    """``text`` in a column of ``width`` terminal cells (a kana or kanji takes two), on the
    right when ``width`` is negative."""
    cells = sum(2 if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" else 1
                for ch in text)
    room = " " * max(abs(width) - cells, 0)
    return room + text if width < 0 else text + room


def seat_of(entry: int, index: int, seats: int) -> int:
    """The seat that bot entry ``entry`` takes in game ``index``: rotation ``index % seats``."""
    return (entry + index) % seats


def deal_seed(seed: int, index: int, seats: int) -> int:
    """The seed of game ``index``'s deal: shared by the ``seats`` rotations of one deal."""
    return random.Random(f"{seed}:{index // seats}").getrandbits(48)


def checked(game: str, bots: Sequence[str], games: int, variant: str | None) -> GameInfo:
    """The game's info if the tournament can be played; ValueError naming the problem."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}; choose from {', '.join(GAMES)}")
    info = GAMES[game]
    if len(bots) not in info.player_counts:
        raise ValueError(f"{info.title} is for {', '.join(map(str, info.player_counts))} "
                         f"players, but {len(bots)} bots were named ({', '.join(bots)})")
    for bot in bots:
        if not info.knows_bot(bot):
            raise ValueError(f"{info.title} has no bot {bot!r}; choose from "
                             f"{', '.join(info.bots)} (or lookahead:N)")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a whole number ≥ 1, not {games!r}")
    if games % len(bots):
        raise ValueError(f"the number of games ({games}) must be a multiple of the "
                         f"{len(bots)} seats, so that every bot plays every seat equally often")
    info.variant_options(variant)  # raises, naming the choices, for an unknown variant
    return info


def play_one(game: str, bots: tuple[str, ...], seed: int, index: int,
             variant: str | None = None) -> GameRecord:
    """Game ``index`` of a tournament: a pure function of its arguments (workers call it)."""
    info = GAMES[game]
    k = len(bots)
    seats = tuple(bots[(seat - index) % k] for seat in range(k))  # seat_of inverted
    seed_of_deal = deal_seed(seed, index, k)
    state = info.new_game(players=k, seed=seed_of_deal, variant=variant)
    players = [info.make_bot(name) for name in seats]
    rng = random.Random(seed_of_deal)
    times: list[list[float]] = [[] for _ in range(k)]
    clock = time.perf_counter
    start = clock()
    actions = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = state.sample_chance(rng)
        elif len(state.legal_tuple()) == 1:
            action = state.legal_tuple()[0]
        else:
            t0 = clock()
            action = players[player].choose(state, rng)
            times[player].append(clock() - t0)
        state.apply_action(action)
        actions += 1
    result = state.result()
    share = 1 / len(result.winners) if result.winners else 0.0
    wins = tuple(share if seat in result.winners else 0.0 for seat in range(k))
    places = tuple(result.place_of(seat) for seat in range(k))
    return GameRecord(index, seats, wins, places, actions, clock() - start,
                      tuple(tuple(t) for t in times))


Progress = Callable[[int, int], None]
"""Told (games done, games in all) after every game."""


def run(game: str, bots: Sequence[str], games: int = 100, seed: int = 1, jobs: int = 1,
        variant: str | None = None, progress: Progress | None = None, *,
        scheduler: str | None = None) -> TournamentResult:
    """Play ``games`` seat-rotated games between ``bots`` (one per seat).

    ``jobs`` > 1 plays them in that many processes (the "spawn" start method: safe in a
    notebook); ``scheduler="tcp://HOST:PORT"`` plays them on that Dask cluster's workers
    instead (``boardlib.parallel``); the outcomes are the same either way. ``progress(done,
    total)`` is called after every game, in this process.
    """
    info = checked(game, bots, games, variant)
    checked_jobs(jobs, scheduler)  # before any game: ValueError naming the problem
    entries = tuple(bots)
    records: list[GameRecord] = []
    for record in play_games(info.name, entries, range(games), seed, jobs, variant,
                             scheduler=scheduler):
        records.append(record)
        if progress:
            progress(len(records), games)
    return TournamentResult(info.name, entries, seed, tuple(records))


def play_games(game: str, bots: Sequence[str], indices: Iterable[int], seed: int = 1,
               jobs: int = 1, variant: str | None = None, *,
               scheduler: str | None = None) -> Iterator[GameRecord]:
    """Games ``indices`` of the tournament of ``bots`` with ``seed``, in that order.

    Each game is a pure function of its number, so a long tournament can be played in parts
    (in several sittings, or on a cluster's workers) and its records joined: the same records
    as one ``run``.
    """
    game_of = partial(play_one, game, tuple(bots), seed, variant=variant)
    yield from ordered_map(game_of, indices, jobs, scheduler)  # in order, wherever played
