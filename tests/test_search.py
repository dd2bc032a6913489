"""The lookahead bot (boardlib.search): registered in every game, legal, reproducible, and in
the games with hidden cards deciding only from its seat's view."""

from __future__ import annotations

import random

import pytest

from boardlib import GAMES
from boardlib.amber_route.state import light_table_of
from boardlib.info import SEARCH_BOTS
from boardlib.levels import LEVELS
from boardlib.ranking import rank_players
from boardlib.search import LookaheadBot, best_action, rewards, search, settled
from tests.helpers import played

HIDDEN = [name for name, info in GAMES.items() if info.hidden_information]


def decision(game: str, seed: int, actions: int, players: int = 2):
    """A position of a seeded game where a seat has at least two moves to choose from."""
    info = GAMES[game]
    state = played(game, seed, actions, players)
    rng = random.Random(seed)
    heuristic = info.make_bot(info.rule_bots[-1])
    while not state.is_terminal():
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            return state
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else heuristic.choose(state, rng))
    raise AssertionError("the game ended before a real choice")


def test_the_levels_are_the_registered_search_bots():
    assert tuple(LEVELS) == SEARCH_BOTS
    assert list(LEVELS.values()) == sorted(LEVELS.values())  # easy < default < hard


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_offers_the_lookahead_levels_and_they_play_legal_moves(game):
    info = GAMES[game]
    assert info.bots[-len(SEARCH_BOTS):] == SEARCH_BOTS
    state = decision(game, 5, 40)
    bot = info.make_bot("lookahead_easy")
    assert isinstance(bot, LookaheadBot) and bot.budget == LEVELS["lookahead_easy"]
    before = state.to_json()
    action = bot.choose(state, random.Random(1))
    assert action in state.legal_actions()
    assert state.to_json() == before  # searching never changes the real game
    tree = bot.last_tree  # choose() may stop early: never more than the budget
    assert tree is not None and 1 <= tree.visits <= bot.budget
    assert sum(child.visits for child in tree.children.values()) == tree.visits
    full = bot.tree(state, random.Random(1))
    assert full.visits == bot.budget
    assert sum(child.visits for child in full.children.values()) == bot.budget


@pytest.mark.parametrize("game", list(GAMES))
def test_stopping_early_plays_the_move_the_whole_budget_would(game):
    """``choose`` stops once the most-visited move is certain; across twelve decisions of a
    seeded game the move is always the one the whole budget picks, and it does stop early."""
    info = GAMES[game]
    stopped = 0
    for k in range(12):
        state = decision(game, 30 + k, 10 + 9 * k)
        seat, legal = state.current_player(), state.legal_actions()
        bot = LookaheadBot(info, budget=24)
        move = bot.choose(state, random.Random(k))
        full = bot.tree(state, random.Random(k))
        assert move == best_action(full, seat, legal)
        assert bot.last_tree is not None
        stopped += bot.last_tree.visits < full.visits
    assert stopped, "the search never stopped early"


def test_settled_means_no_remaining_simulations_can_change_the_most_visited_move():
    from boardlib.search import Node

    root = Node()
    for action, visits in (("a", 9), ("b", 4), ("c", 1)):
        root.children[(0, action)] = child = Node()
        child.visits = visits
    assert settled(root, 0, ["a", "b", "c"], remaining=4)  # b could reach 8 < 9
    assert not settled(root, 0, ["a", "b", "c"], remaining=5)  # b could reach 9: a tie
    assert not settled(root, 0, ["a", "b", "c", "d"], remaining=9)  # untried d could reach 9
    assert settled(root, 1, ["a"], remaining=0) is False  # another seat's moves: none visited


@pytest.mark.parametrize("game", list(GAMES))
def test_the_same_seed_gives_the_same_move_and_tree(game):
    state = decision(game, 7, 60)
    bot = LookaheadBot(GAMES[game], budget=15)
    first = bot.choose(state, random.Random(3))
    stats = {k: (c.visits, c.value) for k, c in bot.last_tree.children.items()}
    again = LookaheadBot(GAMES[game], budget=15)
    assert again.choose(state.clone(), random.Random(3)) == first
    assert {k: (c.visits, c.value) for k, c in again.last_tree.children.items()} == stats


def test_more_simulations_find_the_obvious_move_in_pig():
    """Both at 99, with 5 on the turn: holding wins at once; rolling risks a 1, and then the
    other player is one good roll from winning."""
    from boardlib import pig

    state = pig.from_description("target: 100\nscores: 99 99\nto move: 1\nturn total: 5\n"
                                 "rolling: no\n")
    assert state.legal_actions() == ["roll", "hold"]
    root = LookaheadBot(GAMES["pig"], budget=200, rollout="random").tree(state, random.Random(2))
    hold = root.children[(0, "hold")]
    roll = root.children[(0, "roll")]
    assert hold.mean == 1.0 and roll.mean < 1.0 and hold.visits > roll.visits


def test_the_most_visited_move_wins_and_a_tie_goes_to_the_rule_of_thumb_not_to_luck():
    from boardlib.search import Node

    root = Node()
    for action, visits, value in (("a", 1, 1.0), ("b", 1, 0.0), ("c", 1, 0.0), ("d", 0, 0.0)):
        root.children[(0, action)] = child = Node()
        child.visits, child.value = visits, value
    root.hint = (0, "b")
    # one rollout each: "a"'s lucky win does not outweigh the rule of thumb's "b"
    assert best_action(root, 0, ["a", "b", "c", "d"]) == "b"
    root.children[(0, "c")].visits = 2  # more visits beat the hint
    assert best_action(root, 0, ["a", "b", "c", "d"]) == "c"
    root.hint = None  # no hint: a tie goes to the higher mean
    root.children[(0, "c")].visits = 1
    assert best_action(root, 0, ["b", "c", "a"]) == "a"


def test_rewards_share_ties_and_count_opponents_beaten():
    def result(scores):
        return rank_players(scores, ["{n} point{s}"], [f"P{i}" for i in range(len(scores))])
    assert rewards(result([[3], [1]]), 2) == [1.0, 0.0]
    assert rewards(result([[2], [2]]), 2) == [0.5, 0.5]
    assert rewards(result([[5], [1], [3]]), 3) == [1.0, 0.0, 0.5]
    assert rewards(result([[5], [5], [3], [0]]), 4) == [pytest.approx(5 / 6)] * 2 + [
        pytest.approx(1 / 3), 0.0]


def test_a_bad_budget_or_rollout_is_refused():
    with pytest.raises(ValueError, match="budget"):
        LookaheadBot(GAMES["pig"], budget=0)
    with pytest.raises(ValueError, match="rollout"):
        LookaheadBot(GAMES["pig"], rollout="psychic")


# ----- hidden information ------------------------------------------------------------------
def twin(state, seat: int):
    """The same position with one hidden card of another seat swapped for a different unseen
    card: a state that looks the same to ``seat`` but is not the same."""
    other = state.clone()
    hands = other.hand if other.GAME == "amber_route" else other.event_hand
    pile = other.light_deck if other.GAME == "amber_route" else other.event_deck
    for p, hand in enumerate(hands):
        if p == seat:
            continue
        for a, held in enumerate(hand):
            for b, left in enumerate(pile):
                if held and left and a != b:
                    hand[a] -= 1
                    hand[b] += 1
                    pile[b] -= 1
                    pile[a] += 1
                    if other.GAME == "amber_route":
                        other.light_table = light_table_of(other.light_deck)
                    other.invalidate()
                    other._json = None
                    return other
    return None


def hidden_decision(game: str):
    """A decision of a hidden-card game where another seat holds a card the seat to move
    cannot see, and the twin that differs only there."""
    for seed in range(1, 40):
        state = decision(game, seed, 30 + 7 * seed)
        seat = state.current_player()
        other = twin(state, seat)
        if other is not None:
            return state, other, seat
    raise AssertionError("no position with a hidden card to swap")


@pytest.mark.parametrize("game", HIDDEN)
def test_the_twin_differs_only_in_what_the_seat_cannot_see(game):
    state, other, seat = hidden_decision(game)
    assert other.snapshot() != state.snapshot()
    assert other.observation(seat) == state.observation(seat)
    other.validate()


@pytest.mark.parametrize("game", HIDDEN)
def test_two_states_that_look_the_same_get_the_same_move(game):
    state, other, _ = hidden_decision(game)
    info = GAMES[game]
    for seed in (1, 2):
        bot_a, bot_b = LookaheadBot(info, budget=25), LookaheadBot(info, budget=25)
        assert bot_a.choose(state, random.Random(seed)) == bot_b.choose(other,
                                                                       random.Random(seed))
        a = {k: (c.visits, c.value) for k, c in bot_a.last_tree.children.items()}
        b = {k: (c.visits, c.value) for k, c in bot_b.last_tree.children.items()}
        assert a == b  # the whole search saw the same thing, not only the final move


@pytest.mark.parametrize("game", HIDDEN)
def test_resampled_states_are_legal_and_consistent_with_the_observation(game):
    state, _, seat = hidden_decision(game)
    info = GAMES[game]
    seen = state.observation(seat)
    samples = [info.resample(state, seat, random.Random(s)) for s in range(12)]
    for sample in samples:
        sample.validate()
        assert sample.observation(seat) == seen
        assert sample.inventory() == state.inventory()
        assert sample.legal_actions() == state.legal_actions()
        assert sample.history == []  # the history would tell the draws
    # the unseen cards really are dealt anew: the samples do not all agree with each other
    assert len({repr(sample.snapshot()) for sample in samples}) > 1


@pytest.mark.parametrize("game", HIDDEN)
def test_resampling_never_changes_the_real_state(game):
    state, _, seat = hidden_decision(game)
    before = state.to_json()
    GAMES[game].resample(state, seat, random.Random(1))
    assert state.to_json() == before


def test_a_game_without_hidden_cards_searches_a_plain_copy():
    state = decision("amphipolis", 3, 20)
    copy = GAMES["amphipolis"].resample(state, state.current_player(), random.Random(1))
    assert copy == state and copy is not state


def test_search_uses_only_the_sampled_states():
    """Give the search a sampler that always deals the same fixed state: the real state's
    own hidden cards then cannot matter, whatever they are."""
    state, other, seat = hidden_decision("amber_route")
    info = GAMES["amber_route"]
    fixed = info.resample(state, seat, random.Random(99))
    policy = info.make_bot(info.rule_bots[-1])
    trees = [search(s, lambda r: fixed.clone(), policy, 20, random.Random(4)) for s in
             (state, other)]
    assert ({k: c.visits for k, c in trees[0].children.items()}
            == {k: c.visits for k, c in trees[1].children.items()})


def test_each_root_move_meets_the_same_worlds_in_the_same_order(monkeypatch):
    """Common random numbers: the k-th simulation through any root move starts from the
    k-th world, so the moves are compared on the same draws."""
    import boardlib.search as search_module

    state = decision("amber_route", 5, 30)
    info = GAMES["amber_route"]
    start = len(state.history)
    worlds: list[float] = []

    def sample(r: random.Random):
        worlds.append(r.random())  # the world's first draw tells which world it is
        return state.clone()

    seen: dict[object, list[float]] = {}
    played = search_module.rollout

    def spy(sim, policy, r):
        seen.setdefault(sim.history[start], []).append(worlds[-1])
        return played(sim, policy, r)

    monkeypatch.setattr(search_module, "rollout", spy)
    policy = info.make_bot(info.rule_bots[-1])
    root = search(state, sample, policy, 40, random.Random(9))
    assert len(seen) > 1 and sum(map(len, seen.values())) == 40
    longest = max(seen.values(), key=len)
    assert len(set(longest)) == len(longest)  # one move's visits: each in a world of its own
    for draws in seen.values():  # every other move: the same worlds, in the same order
        assert draws == longest[:len(draws)]
    assert {a: len(d) for a, d in seen.items()} == {
        a: c.visits for (_, a), c in root.children.items()}
