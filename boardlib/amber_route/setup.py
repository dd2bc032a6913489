"""Amber Route set-up (AR-2) and the position as data: the position's ``SCHEMA`` (every saved
field once: its save key, codec and copy depth) and ``validate``, the rules the fields must
keep together. The state (state.py) builds on this module, which needs only the state's
fields, not its class."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.amber_route.data import (
    ATTACKER,
    CARD_KEEP,
    CARD_KIND,
    CASTLE,
    DARK_TOKENS,
    DUEL_SEAT,
    FAMILY,
    GRACE,
    GRACE_CARDS,
    GUARD_LIMIT,
    HAND_LIMIT,
    LIGHT_COPIES,
    LIGHT_KINDS,
    LIGHT_TOKENS,
    MAX_DICE,
    PLAYER_COUNTS,
    REWARDS,
    STEP_WHO,
    TOTAL_AMBER,
    TOTAL_DARK,
    TOTAL_GUARDS,
    VERSIONS,
    Step,
    _step,
    parse_dark,
    parse_light,
)
from boardlib.fields import (
    SEAT,
    SEAT_OR_NONE,
    Choice,
    Codec,
    Field,
    Flag,
    ListOf,
    Loaded,
    Names,
    OneOf,
    Optional,
    Players,
    Schema,
    Whole,
    player_count,
)
from boardlib.games import AMBER_ROUTE

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.amber_route.state import AmberRouteState


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, AMBER_ROUTE.titles, "AR-1.2")


_VERSION = Choice(VERSIONS, " (AR-4.1)")


def check_version(version: object) -> int:
    """The version's index in ``VERSIONS``: Advanced or Family (AR-4.1)."""
    return int(_VERSION.load(version, "version", {}))


_LIGHT_DECK = tuple(k for k in range(LIGHT_KINDS) for _ in range(LIGHT_COPIES[k]))
_CHALLENGE_CARDS = tuple(c for c in range(TOTAL_DARK) if CARD_KIND[c] != GRACE)
_FAMILY_DARK_DECK = tuple(sorted(_CHALLENGE_CARDS + tuple(GRACE_CARDS)))
_GRACE_SET = frozenset(GRACE_CARDS)
_KEEP_CARDS = frozenset(c for c in range(TOTAL_DARK) if CARD_KEEP[c])


def _light_counts_of(kinds: list[int]) -> list[int]:
    counts = [0] * LIGHT_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


_TOKENS_SPACED = tuple(f"{token} " for token in LIGHT_TOKENS)


def _counts_text(counts: list[int]) -> str:
    """Light card counts as tokens, each kind as often as it is held: "F1 F1 A3" (each token
    repeated with its space and the last space cut: half the work of joining tokens one by one,
    and every snapshot writes six of these)."""
    return "".join([token * n for token, n in zip(_TOKENS_SPACED, counts) if n])[:-1]


def _dark_text(cards: list[int]) -> str:
    return " ".join(map(DARK_TOKENS.__getitem__, cards))


class _LightCards(Codec):
    """Light cards saved as their tokens, each as often as there are ("F1 F1 A3"), kept as
    counts by kind: the form the rules draw from. At most ``most`` cards (``rule``), if given."""

    depth = 1

    def __init__(self, most: int | None = None, rule: str = "") -> None:
        self.most, self.rule = most, rule

    def dump(self, value: list[int]) -> str:
        return _counts_text(value)

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[int]:
        if not isinstance(raw, str):
            raise ValueError(f"'{label}' must be light cards like \"F2 A1\".")
        counts = [0] * LIGHT_KINDS
        for token in raw.split():
            counts[parse_light(token)] += 1
        if self.most is not None and sum(counts) > self.most:
            raise ValueError(f"'{label}' holds at most {self.most} light cards, not "
                             f"{sum(counts)} ({self.rule}).")
        return counts


class _LightCard(Codec):
    """One light card, saved as its token ("F2"), kept as its kind."""

    def dump(self, value: int) -> str:
        return LIGHT_TOKENS[value]

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        if not isinstance(raw, str) or len(raw.split()) != 1:
            raise ValueError(f"'{label}' must be null or one light card like \"F2\".")
        return parse_light(raw)


class _DarkCard(Codec):
    """One darkness card, saved as its token ("D07"), kept as its number; if ``only`` is
    given, one of those (``what`` names them, ``rule`` the clause)."""

    def __init__(self, only: frozenset[int] | None = None, what: str = "", rule: str = "") -> None:
        self.only, self.what, self.rule = only, what, rule

    def dump(self, value: int) -> str:
        return DARK_TOKENS[value]

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        if not isinstance(raw, str):
            raise ValueError(f"'{label}' must be a darkness card like \"D07\".")
        return self.allowed(parse_dark(raw), label)

    def allowed(self, card: int, label: str) -> int:
        """``card``, if it is one this field may hold."""
        if self.only is not None and card not in self.only:
            raise ValueError(f"'{label}' holds only {self.what}, not {DARK_TOKENS[card]} "
                             f"({self.rule}).")
        return card


class _DarkCards(Codec):
    """Darkness cards saved as their tokens ("D07 D12"), kept as their numbers, sorted; each
    one ``card`` allows."""

    depth = 1

    def __init__(self, card: _DarkCard | None = None) -> None:
        self.card = card if card is not None else _DarkCard()

    def dump(self, value: list[int]) -> str:
        return _dark_text(value)

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[int]:
        if not isinstance(raw, str):
            raise ValueError(f"'{label}' must be darkness cards like \"D07 D12\".")
        cards = sorted([parse_dark(token) for token in raw.split()])
        if self.card.only is not None:  # a deck may hold any card: only a seat's are checked
            for card in cards:
                self.card.allowed(card, label)
        return cards


ROUND_LIMIT = 600_000
"""No fight has more rounds than a game has actions (``max_actions`` in boardlib.games)."""


class _Round(Codec):
    """The round of the fight under way: null outside a fight, kept as 0 (AR-8.4, AR-12.4)."""

    def dump(self, value: int) -> int | None:
        return value or None

    def load(self, raw: Any, label: str, loaded: Loaded) -> int:
        if raw is None:
            return 0
        if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= ROUND_LIMIT:
            raise ValueError(f"'{label}' must be null (no fight) or the fight's round, a whole "
                             f"number 1–{ROUND_LIMIT}, not {raw!r}.")
        return raw


class _Queue(Codec):
    """The steps still to come, saved as text ("roll 0 1": the kind and the numbers it has),
    kept as ``Step``s; the queue's own shape is checked here, how it fits the rest in
    ``validate``."""

    depth = 1

    def dump(self, value: list[Step]) -> list[str]:
        return [" ".join([step.kind, *(str(x) for x in (step.player, step.a, step.b) if x != -1)])
                for step in value]

    def load(self, raw: Any, label: str, loaded: Loaded) -> list[Step]:
        steps = _queue(raw, loaded["players"])
        _check_queue_shape(steps)
        return steps


_DICE = ListOf(Whole(0, 6), longest=MAX_DICE, rule="AR-7.4")  # no more than the box's 5 dice
_KEPT = _DarkCards(_DarkCard(_KEEP_CARDS, "cards whose reward waits for later", "AR-11.2"))
SCHEMA = Schema(
    Field("version", _VERSION),
    Field("players", Players(PLAYER_COUNTS, AMBER_ROUTE.titles, "AR-1.2"), kept=False),
    Field("names", Names()),
    Field("field", Whole(0, CASTLE), seat=True),  # 0 the sea shore … 25 the castle
    Field("guards", Whole(0, GUARD_LIMIT), seat=True),
    Field("amber", Whole(0, 2), seat=True),  # unsecured, beside the player card (AR-3.1)
    Field("secured", Whole(0, TOTAL_AMBER), seat=True),  # on the player card (AR-3.2)
    Field("hand", _LightCards(), seat=True),
    Field("kept", _KEPT, seat=True),  # hourglass darkness cards kept for later (AR-11.2)
    Field("grace", Optional(_DarkCard(_GRACE_SET, "grace cards", "AR-2.2")),
          seat=True),  # the Advanced divine grace card held, or -1 (AR-2.2)
    Field("missed", Whole(0, 99), seat=True),  # turns still to miss (AR-10.2)
    Field("light_deck", _LightCards()),
    Field("light_top", Optional(_LightCard())),  # put back on the deck after a look, or -1
    Field("light_top_seen_by", SEAT_OR_NONE, words="light top"),  # … and who knows it (AR-11.2)
    Field("light_discard", _LightCards()),
    Field("table", _LightCards()),  # light cards played in a player fight, until it ends
    Field("look", _LightCards(most=2, rule="AR-11.2")),  # being looked at: "look at 2, take 1"
    Field("dark_deck", _DarkCards()),
    Field("dark_discard", _DarkCards()),
    Field("box", _DarkCards()),  # grace cards out of the game
    Field("amber_pool", Whole(0, TOTAL_AMBER)),
    Field("guard_pool", Whole(0, TOTAL_GUARDS)),
    Field("card", Optional(_DarkCard()), words="facing"),  # being resolved, or -1
    Field("level", Whole(0, 2)),  # 0, 1, 2 = I, II, III
    Field("hp", Whole(0, 5)),  # the monster's hit points left
    Field("round", _Round()),
    Field("dice_count", Whole(0, MAX_DICE)),  # dice the player rolls in this challenge
    Field("damage36", Flag()),  # a kept "damage 3-6" reward is in use (AR-11.3)
    Field("dice", _DICE),
    Field("other_dice", _DICE),
    Field("duel", ListOf(Whole(0, 20), lengths=(0, 4, 6))),  # a fight: see data.DUEL_SEAT
    Field("turn", SEAT, words="to move"),  # described 1-based
    Field("first", SEAT_OR_NONE),  # the first player in the castle (AR-14.1)
    Field("finals", ListOf(SEAT)),  # players still owed their one more turn (AR-14.1)
    Field("fresh", Flag()),  # the ending began during the turn now being played
    Field("queue", _Queue()),
    Field("ended", OneOf((None, "castle")), words="over"),
    derived=("light_table", "dark_table", "_actor", "_json"),
)
"""Amber Route's position: every saved field once, in the order a snapshot writes them.
Derived, never saved: the decks' draw tables (``light_table_of``, ``dark_table_of``), who
acts (``current_player``), the save kept by ``to_json`` and ``new_game``'s arguments, from
which the start's snapshot is written when a save first asks for it."""


def validate(s: AmberRouteState) -> None:
    """Raise ValueError, naming the rule, if ``s`` could not arise in a game of Amber Route.

    The rules that fields must keep together; each field's own bounds are its codec's in
    ``SCHEMA``, checked as it is loaded."""
    n = len(s.names)
    totals = s.inventory()
    if totals["amber"] != TOTAL_AMBER:
        raise ValueError(f"The position has {totals['amber']} amber; the game has {TOTAL_AMBER} "
                         "(AR-1.1).")
    if totals["guards"] != TOTAL_GUARDS:
        raise ValueError(f"The position has {totals['guards']} guard markers; the game has "
                         f"{TOTAL_GUARDS} (AR-1.1).")
    counts = [sum(column)
              for column in zip(s.light_deck, s.light_discard, s.table, s.look, *s.hand)]
    for k in range(LIGHT_KINDS) if counts != LIGHT_COPIES else ():
        have = counts[k]
        if have != LIGHT_COPIES[k]:
            raise ValueError(f"The position has {have} light cards {LIGHT_TOKENS[k]}; the game "
                             f"has {LIGHT_COPIES[k]} (AR-1.4).")
    if (s.light_top >= 0) != (s.light_top_seen_by >= 0):
        raise ValueError("A card is known on top of the light deck exactly when someone put it "
                         "back there (AR-11.2).")
    if s.light_top >= 0 and (not s.light_deck[s.light_top] or any(s.look)):
        raise ValueError("The card put back on top of the light deck must be in the deck, and no "
                         "look at the deck is under way (AR-11.2).")
    places = [*s.dark_deck, *s.dark_discard, *s.box, *(k for kept in s.kept for k in kept),
              *(g for g in s.grace if g >= 0), *([s.card] if s.card >= 0 else [])]
    if sorted(places) != list(range(TOTAL_DARK)):
        raise ValueError(f"Every darkness card D00–D{TOTAL_DARK - 1} must be in exactly one place "
                         "(AR-1.5).")
    discarding = {step.player for step in s.queue if step.kind == "discard"}
    for p in range(n):
        if s.grace[p] >= 0 and s.version == FAMILY:
            raise ValueError(f"{s.names[p]} holds a grace card only in Advanced (AR-2.2).")
        if sum(s.hand[p]) > HAND_LIMIT and p not in discarding:
            raise ValueError(f"{s.names[p]} has more than {HAND_LIMIT} light cards (AR-5.4).")
    if s.version == FAMILY and s.box:
        raise ValueError("In the Family version the grace cards stay in the deck (AR-2.3).")
    if s.version != FAMILY and not (_GRACE_SET.isdisjoint(s.dark_deck)
                                    and _GRACE_SET.isdisjoint(s.dark_discard)):
        raise ValueError("In the Advanced version no grace card is in the deck (AR-2.2).")
    if s.first >= 0 and s.field[s.first] != CASTLE:
        raise ValueError("The first player in the castle must stand on the castle (AR-14.1).")
    if s.first < 0 and (s.finals or any(field == CASTLE for field in s.field)):
        raise ValueError("Someone is in the castle (or owed a final turn) but nobody came first "
                         "(AR-14.1).")
    if (s.ended is None) != bool(s.queue):
        raise ValueError("The game is over exactly when nothing is left to do.")
    if not s.queue and (s.first < 0 or s.finals):
        raise ValueError("The game ends only after the final turns (AR-14.1).")
    fighting = next((st.kind for st in s.queue if st.kind in _ROUND_STEPS), None)
    if fighting and not s.round:
        raise ValueError(f"The fight under way (step {fighting!r}) must say which round it is in: "
                         "'round' is 1 for the first round, one more for each next round "
                         "(AR-8.4, AR-12.4).")
    if s.round and not fighting:
        raise ValueError(f"'round' is {s.round}, but no monster fight or player fight is "
                         "under way: outside a fight it must be null (AR-8.4, AR-12.4).")
    for place, step in enumerate(s.queue):
        _check_step(s, step, place)
    _check_order(s)
    if s.card >= 0:
        grace = CARD_KIND[s.card] == GRACE
        if not any((st.kind in ("grace", "grace_done") and st.a == 1) if grace
                   else st.kind in _NEEDS_CHALLENGE for st in s.queue):
            raise ValueError("A darkness card is in play only while it is being resolved "
                             "(AR-6.1).")


_ROUND_STEPS = frozenset(("hit", "mon_hit", "duel_hit"))
"""Steps in the queue only while the rounds of a monster fight (AR-8.4) or of an Advanced
player fight (AR-12.4) are being fought: exactly then the position counts a round."""
_NEEDS_CHALLENGE = {"prepare", "hit", "mon_hit", "ghost", "trap"}
_CHALLENGER = _NEEDS_CHALLENGE | {"reward", "card_reward", "attack"}
_NEEDS_DUEL = {"duel_cards": 6, "duel_round": 6, "duel_hit": 6, "contest_first": 4,
               "contest_cards": 4, "contest_roll": 4, "contest_end": 4}


def _check_step(s: AmberRouteState, step: Step, place: int) -> None:
    """A step must fit the position: a challenge needs its card, a roll its die, a fight its
    fighters, so that no tampered save can reach a step that does not make sense. ``place``
    is the step's place in the queue (0: next)."""
    kind, p = step.kind, step.player
    if kind in _NEEDS_CHALLENGE and (s.card < 0 or CARD_KIND[s.card] == GRACE):
        raise ValueError(f"The step {kind!r} needs a challenge card being resolved (AR-6.1).")
    if kind in _NEEDS_DUEL and len(s.duel) != _NEEDS_DUEL[kind]:
        raise ValueError(f"The step {kind!r} needs a fight between players (AR-12.1, AR-13.1).")
    if kind == "roll" and step.a >= len(s.dice if p == 0 else s.other_dice):
        raise ValueError("A die is rolled that is not on the table (AR-1.6).")
    if kind == "modify" and not (s.dice if step.b == 0 else s.other_dice):
        raise ValueError("Dice can be changed only once they are on the table (AR-7.2).")
    if kind == "pick" and not s.dice:
        raise ValueError("A grace die can be picked only once the dice are rolled (AR-5.8).")
    if (kind in ("grace_done", "grace") and step.a == 1
            and (s.card < 0 or CARD_KIND[s.card] != GRACE)):
        raise ValueError("A grace card drawn from the deck must be the card in play (AR-6.5).")
    if kind in ("roll", "modify") and (s.card < 0 and not s.duel and not any(
            st.kind == "pick" for st in s.queue)):
        raise ValueError("Dice are rolled only in a challenge, a fight or for grace (AR-1.6).")
    if kind in _CHALLENGER and p != s.turn:
        raise ValueError(f"Only the player whose turn it is faces the challenge ({kind!r}).")
    if kind == "modify" and step.a == 0 and (s.card < 0 or p != s.turn):
        raise ValueError("Dice are changed with amber and rerolls only in a challenge (AR-7.3).")
    if kind == "modify" and step.a == 1 and (len(s.duel) != 4
                                             or s.duel[DUEL_SEAT + step.b] != p):
        raise ValueError("In a Family fight each player changes only his own dice (AR-13.5).")
    if kind in ("duel_cards", "contest_cards") and s.duel[DUEL_SEAT + step.a] != p:
        raise ValueError(f"The step {kind!r} names a player who is not in the fight.")
    if kind == "contest_first" and s.duel[DUEL_SEAT + ATTACKER] != p:
        raise ValueError("Only the attacker plays the first card (AR-13.1).")
    if kind in ("loot", "steal") and p == step.a:
        raise ValueError("A player cannot take loot from himself (AR-12.5).")
    if kind == "pick" and (len(s.dice) != len(s.names) or not any(
            st.kind == "grace_done" for st in s.queue)):
        raise ValueError("Grace picks need one grace die per player (AR-5.8).")
    if kind in ("duel_cards", "contest_cards") and step.a not in (0, 1):
        raise ValueError(f"The step {kind!r} needs the attacker (0) or the defender (1).")
    if kind == "discard" and (place or sum(s.hand[p]) <= HAND_LIMIT):
        raise ValueError("A discard happens at once, and only above 7 light cards (AR-5.4).")


_ONCE = frozenset(("grace", "grace_done", "duel_round", "duel_hit", "contest_roll",
                   "contest_end", "contest_first", "action", "draw_phase", "attack", "reward",
                   "card_reward", "keep"))
_TWICE_AT_MOST = frozenset(("grace", "grace_done", "duel_round", "duel_hit", "contest_roll",
                            "contest_end", "action", "draw_phase", "attack"))
_RESETS_DICE = frozenset(("hit", "mon_hit", "ghost", "trap", "duel_round", "duel_hit",
                          "contest_roll", "contest_end", "grace", "grace_done"))


def _check_queue_shape(queue: list[Step]) -> None:
    """The queue on its own: a turn's steps, ending with its end, each stage at most once,
    the next step waiting for someone (the engine runs the automatic ones at once)."""
    if not queue:
        return
    if queue[-1].kind != "end_turn":
        raise ValueError("The queue of steps must end with the end of the turn.")
    if STEP_WHO[queue[0].kind] == "a":
        raise ValueError("The next step must wait for a player or for chance.")
    kinds = [step.kind for step in queue]
    if (sum(k in _NEEDS_CHALLENGE for k in kinds) > 1 or kinds.count("end_turn") != 1
            or kinds.count("modify") > 2 or "turn" in kinds
            or any(kinds.count(k) > 1 for k in _ONCE)
            or sum(k in _TWICE_AT_MOST for k in kinds) > 2):
        raise ValueError("The queue of steps repeats a stage of the turn that happens once.")


def _check_order(s: AmberRouteState) -> None:
    """Dice still to roll come before the step that counts (and clears) them."""
    counted = blocked = False
    for step in s.queue:
        kind = step.kind
        if kind == "roll" and (counted or blocked):
            raise ValueError("Dice still to roll come first, before anything else (AR-1.6).")
        counted = counted or kind in _RESETS_DICE
        blocked = blocked or not (kind == "roll" or (kind == "modify" and step.a == 1))
    picks = sum(st.kind == "pick" for st in s.queue)
    if picks > sum(1 for v in s.dice if v) + sum(st.kind == "roll" for st in s.queue):
        raise ValueError("More grace picks than grace dice (AR-5.8).")


def _check_next_step(s: AmberRouteState) -> None:
    """Someone must be able to act: a loaded position whose next step offers nothing, or
    cannot even be read, is not one the game can reach."""
    try:
        ok = s.is_terminal() or bool(s.legal_actions())
    except (IndexError, KeyError, ValueError):
        ok = False
    s.invalidate()
    if not ok:
        raise ValueError("Nobody can act in this position: its next step does not fit it.")


_PLAYER_SLOT = frozenset(("light", "look", "dark", "steal", "turn", "hit", "mon_hit", "ghost",
                          "trap", "grace", "grace_done", "card_reward"))
"""Steps other than a player's choice whose ``player`` is a seat."""


def _queue(value: Any, n: int) -> list[Step]:
    """The saved steps (``"kind"`` and its numbers) as ``Step`` tuples, each number in range."""
    if not isinstance(value, list):
        raise ValueError("'queue' must list the steps still to come.")
    steps = []
    for text in value:
        parts = text.split() if isinstance(text, str) else []
        if not parts or parts[0] not in STEP_WHO or len(parts) > 4 or not all(
                x.isdigit() for x in parts[1:]):
            raise ValueError(f"{text!r} is not a step of the game.")
        kind = parts[0]
        player, a, b = [int(x) for x in parts[1:]] + [-1] * (4 - len(parts))
        if (STEP_WHO[kind] == "p" or kind in _PLAYER_SLOT) and not 0 <= player < n:
            raise ValueError(f"Step {text!r} names no player of this game.")
        if kind == "roll" and (player not in (0, 1) or not 0 <= a < MAX_DICE):
            raise ValueError(f"Step {text!r} rolls no die of this game.")
        if kind in ("steal", "loot") and not 0 <= a < n:
            raise ValueError(f"Step {text!r} names no player of this game.")
        if kind == "card_reward" and not 0 <= a < len(REWARDS):
            raise ValueError(f"Step {text!r} gives no reward of this game.")
        if kind == "modify" and (a not in (0, 1) or b not in (0, 1)):
            raise ValueError(f"Step {text!r} is not a way to change dice.")
        steps.append(_step(kind, player, a, b))
    return steps
