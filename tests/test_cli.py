"""The command line as a newcomer meets it: every game in both languages, every bot, people at
the prompt; Japanese throughout, templates filled, tables aligned, bad input refused cleanly."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from argparse import Namespace

import pytest

from boardlib import GAMES
from boardlib.cli import (
    checked_setup,
    display_width,
    game_facts,
    main,
    play_game,
    position_lines,
    ranking_lines,
    wrap_by_width,
)
from boardlib.messages import fill

# Every game and version the README's examples reach; each played with every bot, by bots only
# and with a person at the prompt.
GAME_VERSIONS = [("ambar_fossils", None), ("amphipolis", None), ("amber_route", "advanced"),
                 ("amber_route", "family"), ("ambar_2018", None)]
SEEDS = (1, 2, 3)


class ScriptedPerson(io.StringIO):
    """A person at the prompt: reads the moves offered in the output so far and types one of
    them, now and then nonsense or a move of the game that is not allowed now (both to be
    refused), and stops after ``moves`` moves."""

    PROMPT = re.compile(r"(?:your move: |指せる手：)(.*)$", re.MULTILINE)

    def __init__(self, out: io.StringIO, seed: int, game: str, moves: int = 60) -> None:
        super().__init__()
        self.out, self.rng, self.left = out, random.Random(seed), moves
        examples = game_facts(game).new_game(2, 1).MOVE_EXAMPLES
        self.examples = re.findall(r"'([^']*)'", examples)

    def readline(self, *_: object) -> str:
        if self.left <= 0:
            return ""
        self.left -= 1
        luck = self.rng.random()
        if luck < 0.05:
            return "nonsense\n"
        if luck < 0.2:
            return self.rng.choice(self.examples) + "\n"
        offered = self.PROMPT.findall(self.out.getvalue())[-1].split(", ")
        return self.rng.choice(offered) + "\n"


def run(game: str, version: str | None, seed: int, bots: str, lang: str,
        players: int | None = None, person_moves: int = 60) -> str:
    """The whole printed text of one game."""
    out = io.StringIO()
    args = Namespace(game=game, players=players, seed=seed, bots=bots, lang=lang,
                     game_version=version)
    play_game(args, ScriptedPerson(out, seed or 0, game, person_moves), out)
    return out.getvalue()


def seat_lists(game: str) -> list[str]:
    """Each rule-of-thumb bot in every seat, a mix of them, and a person against each bot;
    the lookahead bot (too slow for every seat of every seed) against a person only."""
    bots = list(game_facts(game).rule_bots)
    return [*bots, ",".join(bots), *(f"human,{bot}" for bot in bots)]


ALL_RUNS = [(game, version, seed, bots) for game, version in GAME_VERSIONS for seed in SEEDS
            for bots in seat_lists(game)]



# ----- Japanese throughout ----------------------------------------------------------------
# ASCII letters a Japanese line may hold, and nothing else: what a person types (the moves
# offered after 指せる手, moves quoted in '…' or 「…」, the --seed option), a code in full-width
# brackets beside the Japanese name of the thing (森2（F2）, 初期の錬金術（card SA）), the Roman
# level numbers of Amber Route's darkness cards (レベルII), and the title Âmbar as its Japanese
# rulebook writes it.
ALLOWED_IN_JAPANESE = [
    re.compile(r"指せる手：.*$"),
    re.compile(r"'[^']*'|「[^」]*」"),
    re.compile(r"--seed \d+"),
    re.compile(r"（[A-Za-z0-9 ]+）"),
    re.compile(r"レベル[IV]+"),
    re.compile(r"Âmbar"),
]


def english_in_japanese(line: str) -> list[str]:
    """The ASCII words of ``line`` outside the allowed places."""
    for allowed in ALLOWED_IN_JAPANESE:
        line = allowed.sub("", line)
    return re.findall(r"[A-Za-z]+", line)


def test_the_japanese_check_can_fail():
    assert english_in_japanese("プレイヤー1：random bot") == ["random", "bot"]
    assert english_in_japanese("Final ranking:") == ["Final", "ranking"]
    assert english_in_japanese("森2（F2）、指せる手：move 1, recruit") == []
    assert english_in_japanese("'x'はこの手ではありません（card SA）") == []


@pytest.mark.parametrize(("game", "version", "seed", "bots"), ALL_RUNS)
def test_japanese_output_is_japanese_with_every_template_filled(game, version, seed, bots):
    text = run(game, version, seed, bots, "ja")
    assert "{" not in text and "}" not in text, text
    leaks = {line: words for line in text.splitlines() if (words := english_in_japanese(line))}
    assert not leaks, leaks
    assert "最終順位：" in text or "中断しました。" in text


ONE_OF_MANY = re.compile(r"(?<!Player )\b1 (players|fields|turns|guard markers|days|actions|"
                         r"cards|tiles|soldiers|hit points|entrance spaces are)\b")


@pytest.mark.parametrize(("game", "version", "seed", "bots"), ALL_RUNS)
def test_english_output_has_every_template_filled_and_counts_agreeing(game, version, seed, bots):
    text = run(game, version, seed, bots, "en")
    assert "{" not in text and "}" not in text, text
    assert "(s)" not in text
    assert not ONE_OF_MANY.search(text), ONE_OF_MANY.search(text)
    assert "Final ranking:" in text or "Stopped." in text


@pytest.mark.parametrize(("game", "version"), GAME_VERSIONS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_person_can_play_the_lookahead_bot(game, version, lang):
    text = run(game, version, 1, "human,lookahead_easy", lang, person_moves=6)
    bot = "先読みボット（やさしい）" if lang == "ja" else "lookahead bot (easy)"
    assert bot in text.splitlines()[2], text[:300]
    assert "{" not in text and "Traceback" not in text


# ----- a person's view --------------------------------------------------------------------
@pytest.mark.parametrize(("game", "version"), GAME_VERSIONS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_person_sees_the_position_in_words_with_seats_counted_from_one(game, version, lang):
    text = run(game, version, 2, "human," + game_facts(game).rule_bots[-1], lang, person_moves=8)
    views = [line for line in text.splitlines() if line.startswith(("Table: ", "場："))]
    assert views, text
    assert not re.search(r"[{}\[\]\"]|\*\d|:\d|\b(None|True|False)\b", text), text
    you = "Player 1 (you): " if lang == "en" else "プレイヤー1（あなた）："
    assert you in text
    assert "Player 0" not in text and "プレイヤー0" not in text  # seats count from 1


def test_position_lines_lay_out_the_table_then_each_seat():
    facts = game_facts("ambar_2018")
    view = {"names": ["Ann", "Bo"], "viewer": 1, "round": 2, "lineup": ["V6", "OR"],
            "fled": False, "active": 1, "queue": ["draw"],
            "seats": [{"gold": 3, "alchemy": "SA", "event_hand": 2},
                      {"gold": 0, "alchemy": "SA", "event_hand": {"FG": 1}}]}
    assert position_lines(view, facts, 1, "en") == [
        "Table: round: 2;  on the road: Bo;  line-up: Town, Oracle",
        "Ann: gold 3, alchemy: Starting alchemy, event cards 2",
        "Bo (you): gold 0, alchemy: Starting alchemy, event cards: Fog×1",
    ]


def test_lines_wrap_by_display_width_and_never_start_with_a_closing_mark():
    text = "光のカード森2（F2）、荒野1（W1）、得点（モザイク、骸骨）0、0、" * 8
    lines = wrap_by_width(text, 40, "場：")
    assert all(display_width(line) <= 40 for line in lines)
    assert not any(line.lstrip().startswith(("、", "）")) for line in lines[1:])
    assert not any(line.endswith("（") for line in lines)
    assert not any(re.search(r"（[A-Z]$", line) for line in lines)  # F2 stays whole
    assert "".join(line.strip() for line in lines) == "場：" + text
    words = "Headings: pts: points for secured amber and per unused kept reward, " * 4
    lines = wrap_by_width(words, 30, "")
    assert all(display_width(line) <= 30 and not line.startswith("   ") for line in lines)
    assert " ".join(line.strip() for line in lines) == words.strip()


# ----- the result -------------------------------------------------------------------------
def finished(game: str, players: int, seed: int, version: str | None = None):
    facts = game_facts(game)
    state = facts.new_game(players, seed, version)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    return state.result()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ranking_table_is_aligned_by_display_width_and_explained(game, lang):
    result = finished(game, min(3, max(game_facts(game).player_counts)), 4)
    lines = ranking_lines(result, game_facts(game), lang)
    table = lines[1:2 + len(result.names)]
    assert len({display_width(line) for line in table}) == 1, table  # right-aligned columns
    legend = "Headings: " if lang == "en" else "見出し："
    assert any(line.startswith(legend) for line in lines)
    for heading in table[0].split():
        assert heading in "\n".join(lines[2 + len(result.names):]), heading  # each explained


def test_a_lost_solo_game_gives_nobody_first_place():
    for seed in range(1, 30):
        result = finished("amphipolis", 1, seed)
        if not result.winners:
            break
    else:
        pytest.skip("no lost solo game in these seeds")
    lines = ranking_lines(result, game_facts("amphipolis"), "en")
    assert not any(line.strip().startswith("1.") for line in lines)
    assert "the grave robber wins" in lines[-1]


# ----- the header -------------------------------------------------------------------------
def test_the_header_names_the_version_and_a_seed_that_replays_the_game():
    first = run("amber_route", "FAMILY", None, "careful", "en")
    header = first.splitlines()[0]
    seed = int(re.search(r"seed (\d+) \(chosen at random", header).group(1))
    assert header.startswith("Amber Route (Family version): 2 players, seed ")
    again = run("amber_route", "family", seed, "careful", "en")
    assert again.splitlines()[1:] == first.splitlines()[1:]


@pytest.mark.parametrize("game", ["amber_route", "ambar_2018"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_placeholder_notes_are_shown_when_only_bots_play(game, lang):
    text = run(game, None, 1, "random", lang)
    assert text.splitlines()[3].startswith("Note: " if lang == "en" else "注意：")


def test_games_without_placeholders_have_no_note():
    assert "Note:" not in run("ambar_fossils", None, 1, "random", "en")


def test_one_player_is_one_player():
    assert run("amphipolis", None, 1, "greedy", "en", players=1).startswith(
        "Amphipolis: 1 player, seed 1.")
    assert fill("{n:guard marker/guard markers}", n=1) == "1 guard marker"
    assert fill("{n:guard marker/guard markers}", n=2) == "2 guard markers"


# ----- arguments --------------------------------------------------------------------------
def test_bots_set_the_player_count():
    setup = checked_setup(game_facts("ambar_fossils"), None, "greedy,random,human", None, 1)
    assert setup.players == 3 and setup.seats == ("greedy", "random", "human")
    assert checked_setup(game_facts("amphipolis"), None, "Greedy", None, 1).seats == (
        "greedy", "greedy")


@pytest.mark.parametrize(("argv", "problem"), [
    (["play", "ambar_fossils", "--players", "2", "--bots", "greedy,random,human"],
     "--bots names 3 seats, but --players is 2"),
    (["play", "ambar_fossils", "--players", "5"], "5"),
    (["play", "amber_route", "--bots", "greedy"], "no bot 'greedy'; choose from random, careful"),
    (["play", "amber_route", "--version", "expert"], "no version 'expert'"),
    (["play", "amphipolis", "--version", "family"], "only one version"),
])
def test_bad_arguments_are_refused_in_one_line_and_nothing_is_played(argv, problem, capsys):
    assert main(argv) == 2
    told = capsys.readouterr()
    assert told.out == ""
    assert told.err.startswith("error: ") and problem in told.err and told.err.count("\n") == 1


def test_list_shows_the_versions_and_bots_of_every_game(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in GAMES:
        facts = game_facts(name)
        line = next(line for line in out.splitlines() if line.startswith(name))
        assert all(bot in line for bot in facts.bots) and all(v in line for v in facts.variants)


def test_help_is_plain_text_with_the_games(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "amber_route" in out and "family" in out and "careful" in out


def test_a_closed_pipe_is_no_error():
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before anything is written, like `| head -0`
    done = subprocess.run([sys.executable, "-m", "boardlib", "list"], stdout=writer,
                          stderr=subprocess.PIPE, text=True, check=False)
    os.close(writer)
    assert done.stderr == ""


def test_japanese_results_name_both_numbers_of_the_deciding_criterion():
    from boardlib.ranking import rank_players

    result = rank_players([[3, 2], [3, 1], [1, 0]], ["{n} gold", "{n} soldier{s}"],
                          ["A", "B", "C"], labels={"ja": ["金貨{n}枚", "兵士{n}人"]})
    told = result.explain("ja")
    assert "兵士2人対1人" in told and "金貨3枚対1枚" in told and "{" not in told
    assert "2 soldiers beat 1" in result.explain("en")
    shared = rank_players([[3], [3]], ["{n} point{s}"], ["A", "B"], labels={"ja": ["{n} 点"]})
    assert shared.explain("ja") == "A、Bはすべての項目で同点（3点）なので勝利を分け合います。"
