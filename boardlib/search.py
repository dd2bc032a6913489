"""A lookahead bot for every game, written once against the protocol: Monte Carlo tree search.

Why MCTS and not expectimax: the games have long horizons (150–400 actions) and wide chance
nodes (a bag of 135 tiles, a deck of 66 cards), so a depth-limited expectimax would need a
hand-written evaluation per game and would see only a few moves ahead. MCTS needs nothing but
the protocol: it plays each candidate move out to the end (a *rollout*, by default with the
game's own rule-of-thumb bot) and grows a tree where the results are best. Chance is handled
*open loop*: tree nodes are the players' decisions, and every simulation draws each chance
outcome afresh with its exact weight (``sample_chance``), so a move's value is an average over
the dice exactly as the rules weigh them — no progressive widening is needed, however many
outcomes a chance node has. The moves at the root are compared with common random numbers:
the k-th simulation through each of them is played in the same k-th world (the same unseen
cards, dice and rollout choices), so their difference is the move's and not the draw's
(docs/bots-benchmark.md gives the measured win rates, with their uncertainty).

Hidden information: the bot decides only from its seat's view. Each simulation starts from a
*determinization*, a state the seat cannot tell from the real one, with every unseen card
resampled (``GameInfo.resample``, a small per-game hook in ``boardlib/<game>/hidden.py``). The
tree is keyed by the seat's own and others' visible actions, so it averages over many possible
hands (single-observer information-set MCTS, in its simplest "determinize per simulation" form).

The rule of thumb also serves as a prior: at each node its move is tried first and gets a bonus
that fades with visits (progressive bias), so with a small budget the search mostly confirms
the rule of thumb and departs from it only where the simulations say so clearly.

Strength is set by ``budget``, the simulations per move; the search is seeded from the ``rng``
the driver hands in, so the same seed gives the same move.
"""

from __future__ import annotations

import math

from boardlib.levels import LEVELS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing: boardlib.info imports
if TYPE_CHECKING:  # this module, so ``import boardlib`` does too, and it is kept cheap (#11)
    import random
    from collections.abc import Callable, Sequence

    # at run time the search needs only the protocol's methods, not its module
    from boardlib.bots import Bot
    from boardlib.info import GameInfo
    from boardlib.protocol import Action, GameState
    from boardlib.ranking import Result

    Key = tuple[int, Action]  # a tree edge: (the seat that chose, the action)


EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (√2/2: a common choice, tuned lightly)."""

BIAS = 2.0
"""The progressive bias towards the rule-of-thumb move: worth ``BIAS / visits`` in reward."""

ROLLOUT_CAP = 20_000
"""A rollout that has not ended after this many actions counts as a draw (none comes close)."""


class Node:
    """A decision point reached by a path of actions (open loop: chance is not part of the key).

    ``visits`` and ``value`` are the statistics of the edge into this node, ``value`` summed
    from the point of view of the seat that chose that edge. ``hint`` is the rollout policy's
    own choice here, the first time the node was reached: tried first and favoured by a bonus
    that fades with visits (a prior, so few simulations never play worse than the rule of
    thumb by much).
    """

    __slots__ = ("children", "hint", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.children: dict[Key, Node] = {}
        self.hint: Key | None = None

    @property
    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0

    def size(self) -> int:
        """How many nodes the tree below (and including) this one has."""
        return 1 + sum(child.size() for child in self.children.values())


def rewards(result: Result, players: int) -> list[float]:
    """Each seat's reward in [0, 1]: the share of opponents it beat, ties counting half.

    Two players: 1 for a win, ½ for a shared win, 0 for a loss. Solo: 1 for a win.
    """
    if players == 1:
        return [1.0 if result.winners else 0.0]
    reward = [0.0] * players
    below = players
    for group in result.ranking:
        below -= len(group)
        for p in group:
            reward[p] = (below + 0.5 * (len(group) - 1)) / (players - 1)
    return reward


def ucb_pick(node: Node, seat: int, legal: Sequence[Action], c: float, bias: float) -> Action:
    """The legal action with the best UCB1 score (every one has been tried at least once),
    plus ``bias / visits`` for the node's hint (progressive bias towards the rule of thumb).

    The parent's count is the sum of its available children's visits, so actions that are
    legal only in some determinizations are not unfairly favoured.
    """
    children = node.children
    stats = [children[(seat, a)] for a in legal]
    log_n = math.log(sum(s.visits for s in stats))
    hint = node.children.get(node.hint) if node.hint is not None else None
    best_i, best = 0, -math.inf
    for i, s in enumerate(stats):
        score = s.value / s.visits + c * math.sqrt(log_n / s.visits)
        if s is hint:
            score += bias / s.visits
        if score > best:
            best_i, best = i, score
    return legal[best_i]


def advance(state: GameState, rng: random.Random) -> None:
    """Play chance outcomes (by their exact weights) and forced moves until a real choice."""
    while True:
        player = state.current_player()
        if player < 0 and not state.is_chance_node():
            return  # terminal
        legal = state.legal_tuple()
        if player >= 0 and len(legal) > 1:
            return
        state.apply_action(state.sample_chance(rng) if player < 0 else legal[0])


def rollout(state: GameState, policy: Bot, rng: random.Random) -> list[float]:
    """Play to the end with ``policy`` in every seat; the rewards of the final position."""
    n = state.num_players
    for _ in range(ROLLOUT_CAP):
        player = state.current_player()
        if player >= 0:
            state.apply_action(policy.choose(state, rng))
        elif state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            return rewards(state.result(), n)
    return [1.0 / n] * n


def settled(root: Node, seat: int, legal: Sequence[Action], remaining: int) -> bool:
    """Whether the most-visited root move is already certain: it leads every other legal move
    by more visits than there are simulations left, so ``best_action`` must pick it however
    those simulations fall. Stopping there gives the very move the whole budget would."""
    children = root.children
    first = second = 0
    for a in legal:
        child = children.get((seat, a))
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


def root_move(root: Node, seat: int, legal: Sequence[Action], rng: random.Random, c: float,
              bias: float) -> Action:
    """The root move the next simulation goes through: an untried one first, then by UCB1."""
    untried = [a for a in legal if (seat, a) not in root.children]
    if untried:
        return untried[rng.randrange(len(untried))]
    return ucb_pick(root, seat, legal, c, bias)


def descend(node: Node, sim: GameState, world: random.Random, policy: Bot, rng: random.Random,
            c: float, bias: float, path: list[tuple[Node, int]]) -> None:
    """Walk ``sim`` down the tree from ``node`` by UCB1 until a move not tried yet, which is
    added to the tree (one new node per simulation), or the end of the game; every node
    passed joins ``path``. Chance and forced moves are drawn from ``world``."""
    while True:
        advance(sim, world)
        seat = sim.current_player()
        if seat < 0:
            return
        legal = sim.legal_tuple()
        if node.hint is None and bias:
            node.hint = (seat, policy.choose(sim, rng))
        untried = [a for a in legal if (seat, a) not in node.children]
        if untried:
            hint = node.hint
            if hint is not None and hint[0] == seat and hint[1] in untried:
                action = hint[1]
            else:
                action = untried[rng.randrange(len(untried))]
            node.children[(seat, action)] = node = Node()
            path.append((node, seat))
            sim.apply_action(action)
            return
        action = ucb_pick(node, seat, legal, c, bias)
        node = node.children[(seat, action)]
        path.append((node, seat))
        sim.apply_action(action)


def search(state: GameState, sample: Callable[[random.Random], GameState], policy: Bot,
           budget: int, rng: random.Random, c: float = EXPLORATION, bias: float = BIAS,
           stop_early: bool = False) -> Node:
    """Run ``budget`` simulations from the seat to move in ``state``; the tree's root.

    ``sample(rng)`` gives each simulation its starting state (a determinization in games
    with hidden cards); ``state`` itself is used only for the seat to move and its moves.
    ``stop_early`` ends the search once no remaining simulation could change the most-visited
    move (``settled``): the same move, sooner; the tree then has fewer than ``budget`` visits.

    Common random numbers: the k-th simulation through any root move draws its hidden cards,
    dice and rollout from the same k-th stream, so two moves are compared in the same worlds
    and their difference shows the move, not the luck of the draw. The tree's own choices
    (which untried move next, the rule of thumb's hint) draw from ``rng`` instead, so they
    never shift a stream.
    """
    root = Node()
    root_seat = state.current_player()
    root_legal = state.legal_tuple()
    streams = [rng.getrandbits(64) for _ in range(budget)]
    for done in range(budget):
        if stop_early and done and settled(root, root_seat, root_legal, budget - done):
            break
        if done == 0:  # the first simulation: the rule of thumb's move, in world 0
            world = type(rng)(streams[0])
            sim = sample(world)
            if bias:
                root.hint = (root_seat, policy.choose(sim, rng))
            action = root.hint[1] if root.hint else root_legal[rng.randrange(len(root_legal))]
        else:
            action = root_move(root, root_seat, root_legal, rng, c, bias)
            known = root.children.get((root_seat, action))
            world = type(rng)(streams[known.visits if known else 0])
            sim = sample(world)
        node = root.children.get((root_seat, action))
        if node is None:
            node = root.children[(root_seat, action)] = Node()
        path = [(node, root_seat)]
        sim.apply_action(action)
        if node.visits:  # a root move seen before: on down the tree, in the same world
            descend(node, sim, world, policy, rng, c, bias, path)
        reward = rollout(sim, policy, world)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.value += reward[seat]
    return root


def best_action(root: Node, seat: int, legal: Sequence[Action]) -> Action:
    """The most-visited legal action at the root (robust to a lucky few rollouts); ties go to
    the rule of thumb's move, then to the higher mean, then to the first in the legal order.

    The tie matters when a move has more choices than the budget has simulations (changing
    dice in Amber Route offers dozens): every tried move then has one visit, and the mean of
    one rollout is luck — choosing by it lost 35 of 40 games to the rule of thumb there.
    """
    hint = root.hint

    def key(a: Action) -> tuple[int, bool, float]:
        child = root.children.get((seat, a))
        if child is None:
            return (-1, False, 0.0)
        return (child.visits, (seat, a) == hint, child.mean)
    return max(legal, key=key)


class LookaheadBot:
    """Monte Carlo tree search with ``budget`` simulations per move (see the module docstring).

    ``rollout`` is ``"heuristic"`` (the game's own rule-of-thumb bot plays the simulations
    out: stronger, slower) or ``"random"``. The search draws its own seed from the ``rng``
    it is given, once per move, so a game stays reproducible.
    """

    def __init__(self, info: GameInfo, budget: int = LEVELS["lookahead"],
                 rollout: str = "heuristic", exploration: float = EXPLORATION,
                 name: str = "lookahead") -> None:
        if budget < 1:
            raise ValueError(f"budget must be at least 1 simulation, not {budget}")
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        self.info, self.budget, self.exploration, self.name = info, budget, exploration, name
        self.rollout = rollout
        self.policy = info.make_bot(info.rule_bots[-1] if rollout == "heuristic" else "random")
        self.last_tree: Node | None = None

    def __repr__(self) -> str:
        return (f"LookaheadBot({self.info.name!r}, budget={self.budget}, "
                f"rollout={self.rollout!r})")

    def tree(self, state: GameState, rng: random.Random, stop_early: bool = False) -> Node:
        """The search tree for the seat to move: the root, its children and their statistics,
        after the whole budget (or, with ``stop_early``, once the move is certain).

        The search draws from its own generator, of the kind ``rng`` is (``random.Random``),
        seeded from it."""
        seat = state.current_player()
        if seat < 0:
            raise ValueError("the bot is asked to move only at a seat's turn")
        info = self.info

        def sample(r: random.Random) -> GameState:
            return info.resample(state, seat, r)

        return search(state, sample, self.policy, self.budget,
                      type(rng)(rng.getrandbits(64)), self.exploration, stop_early=stop_early)

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The most-visited move after the search, which stops as soon as that move is
        certain (``settled``): the same move as the whole budget, at a fraction of the cost."""
        legal = state.legal_tuple()
        if len(legal) == 1:
            return legal[0]
        root = self.tree(state, rng, stop_early=True)
        self.last_tree = root
        return best_action(root, state.current_player(), legal)


def make_level(info: GameInfo, name: str) -> LookaheadBot:
    """The registered bot ``name`` (a key of ``LEVELS``, or ``lookahead:N`` for a budget of
    N simulations) for game ``info``."""
    if name in LEVELS:
        return LookaheadBot(info, budget=LEVELS[name], name=name)
    prefix, _, budget = name.partition(":")
    if prefix != "lookahead" or not budget.isdigit():
        raise ValueError(f"no lookahead level {name!r}; choose from {', '.join(LEVELS)} "
                         "or lookahead:N")
    return LookaheadBot(info, budget=int(budget), name=name)
