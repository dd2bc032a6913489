"""Tournaments (boardlib.tournament and `python -m boardlib tournament`): seats rotated over
shared deals, Wilson intervals, the same outcomes for any number of processes, clear refusals."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from boardlib import tournament
from boardlib.cli import main
from boardlib.tournament import deal_seed, play_one, run, seat_of, wilson


def test_wilson_matches_worked_values():
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_bot_sits_in_every_seat_equally_often_on_shared_deals():
    k = 3
    seats = Counter((entry, seat_of(entry, g, k)) for g in range(12) for entry in range(k))
    assert set(seats.values()) == {4} and len(seats) == 9
    assert len({deal_seed(1, g, k) for g in range(3)}) == 1  # one deal, three rotations
    assert deal_seed(1, 0, k) != deal_seed(1, 3, k) != deal_seed(2, 3, k)


def test_a_rotation_plays_the_same_deal_with_the_bots_moved_round():
    first, second = play_one("amphipolis", ("random", "greedy"), 4, 0), \
        play_one("amphipolis", ("random", "greedy"), 4, 1)
    assert first.seats == ("random", "greedy") and second.seats == ("greedy", "random")


def test_three_players_and_the_table():
    result = run("amphipolis", ["random", "random", "greedy"], games=6, seed=2)
    table = result.table()
    assert len(result.records) == 6 and "greedy" in table and "95% interval" in table
    japanese = result.table("ja")  # the same rows under Japanese words (#30)
    assert japanese.splitlines()[0] == "アンフィポリス：6ゲーム（席を順に交代）、シード2"
    assert "95%区間" in japanese and japanese.splitlines()[2:] == table.splitlines()[2:]
    standings = result.standings()
    assert [s.bot for s in standings] == ["random", "random", "greedy"]
    assert sum(s.wins for s in standings) == pytest.approx(6)
    for s in standings:
        assert 0 <= s.low <= s.rate <= s.high <= 1 and s.median_move is not None


def test_the_same_seed_gives_the_same_tournament_and_another_seed_another():
    a = run("pig", ["random", "hold_at_20"], games=8, seed=5)
    b = run("pig", ["random", "hold_at_20"], games=8, seed=5)
    c = run("pig", ["random", "hold_at_20"], games=8, seed=6)
    assert a.outcomes() == b.outcomes() and a.records == b.records
    assert [r.actions for r in a.records] != [r.actions for r in c.records]


def test_processes_do_not_change_the_result_and_progress_is_told():
    told: list[tuple[int, int]] = []
    alone = run("pig", ["random", "hold_at_20"], games=6, seed=9)
    pooled = run("pig", ["random", "hold_at_20"], games=6, seed=9, jobs=2,
                 progress=lambda done, total: told.append((done, total)))
    assert pooled.outcomes() == alone.outcomes()
    assert told == [(n, 6) for n in range(1, 7)]


@pytest.mark.parametrize(("kwargs", "problem"), [
    ({"bots": ["random", "psychic"]}, "no bot 'psychic'"),
    ({"bots": ["random", "random", "random"]}, "for 2 players, but 3 bots"),
    ({"games": 0}, "whole number ≥ 1"),
    ({"games": 5}, "multiple of the 2 seats"),
    ({"jobs": 0}, "jobs must be"),
    ({"game": "chess"}, "no game 'chess'"),
])
def test_bad_tournaments_are_refused_naming_the_problem(kwargs, problem):
    args = {"game": "pig", "bots": ["random", "hold_at_20"], "games": 4, **kwargs}
    with pytest.raises(ValueError, match=problem):
        run(**args)


def test_an_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="no variant"):
        tournament.run("amber_route", ["random", "careful"], games=2, variant="deluxe")


# ----- the command line ----------------------------------------------------------------------
def test_the_command_prints_the_table_and_a_progress_line(capsys):
    assert main(["tournament", "pig", "--bots", "random,hold_at_20", "--games", "4",
                 "--seed", "3"]) == 0
    captured = capsys.readouterr()
    assert "hold_at_20" in captured.out and "95% interval" in captured.out
    assert "4/4 games" in captured.err


def test_the_command_gives_the_same_table_with_two_processes():
    def table(jobs: str) -> list[str]:
        done = subprocess.run([sys.executable, "-m", "boardlib", "tournament", "amphipolis",
                               "--bots", "greedy,random", "--games", "4", "--jobs", jobs],
                              capture_output=True, text=True, check=True)
        return [line.rsplit(None, 1)[0] for line in done.stdout.splitlines()]  # not s/move
    assert table("1") == table("2")


@pytest.mark.parametrize(("argv", "problem"), [
    (["--bots", "random,psychic"], "no bot 'psychic'"),
    (["--bots", "random"], "names 1 bot"),
    (["--bots", "random,random,random"], "3 bots"),
    (["--bots", "random,hold_at_20", "--games", "0"], "--games must be a whole number"),
    (["--bots", "random,hold_at_20", "--games", "3"], "--games (3) must be a multiple"),
    (["--bots", "random,hold_at_20", "--jobs", "0"], "--jobs must be 1 or more"),
    (["--bots", "random,hold_at_20", "--version", "deluxe"], "only one version"),
])
def test_bad_command_lines_are_refused_in_one_line(argv, problem, capsys):
    assert main(["tournament", "pig", *argv]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1 and err.startswith("error: ")
