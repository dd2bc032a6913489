"""Amber Route set-up (AR-2), positions as data, and checking that a position is one."""

from __future__ import annotations

from itertools import chain, repeat
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
    HAND_LIMIT,
    LIGHT_COPIES,
    LIGHT_KINDS,
    LIGHT_TOKENS,
    PLAYER_COUNTS,
    REWARDS,
    STEP_WHO,
    TOTAL_AMBER,
    TOTAL_DARK,
    TOTAL_GUARDS,
    VERSIONS,
    _step,
    parse_dark,
    parse_light,
)
from boardlib.fields import player_count

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.amber_route.state import AmberRouteState


def check_players(players: object) -> int:
    return player_count(players, PLAYER_COUNTS, "Amber Route", "AR-1.2")


def check_version(version: object) -> int:
    if version not in VERSIONS:
        raise ValueError(f"The version is 'advanced' or 'family', not {version!r} (AR-4.1).")
    return VERSIONS.index(version)


_LIGHT_DECK = tuple(k for k in range(LIGHT_KINDS) for _ in range(LIGHT_COPIES[k]))
_CHALLENGE_CARDS = tuple(c for c in range(TOTAL_DARK) if CARD_KIND[c] != GRACE)
_FAMILY_DARK_DECK = tuple(sorted(_CHALLENGE_CARDS + tuple(GRACE_CARDS)))


def _light_counts_of(kinds: list[int]) -> list[int]:
    counts = [0] * LIGHT_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def _counts_text(counts: list[int]) -> str:
    """Light card counts as tokens, each kind as often as it is held: "F1 F1 A3"."""
    return " ".join(chain.from_iterable(map(repeat, LIGHT_TOKENS, counts)))


def _dark_text(cards: list[int]) -> str:
    return " ".join(map(DARK_TOKENS.__getitem__, cards))


def snapshot(state: AmberRouteState) -> dict[str, Any]:
    """The whole position as JSON-safe data (hands included: see ``observation`` for a seat)."""
    return {
        "version": VERSIONS[state.version],
        "players": len(state.names),
        "names": list(state.names),
        "seats": [
            {
                "field": state.pos[p], "guards": state.guards[p], "amber": state.amber[p],
                "secured": state.secured[p], "hand": _counts_text(state.hand[p]),
                "kept": _dark_text(state.kept[p]),
                "grace": DARK_TOKENS[state.grace[p]] if state.grace[p] >= 0 else None,
                "missed": state.missed[p],
            }
            for p in range(len(state.names))
        ],
        "light_deck": _counts_text(state.light_deck),
        "light_top": LIGHT_TOKENS[state.light_top] if state.light_top >= 0 else None,
        "light_top_seen_by": state.light_top_seen if state.light_top_seen >= 0 else None,
        "light_discard": _counts_text(state.light_discard),
        "table": _counts_text(state.table),
        "look": _counts_text(state.look),
        "dark_deck": _dark_text(state.dark_deck),
        "dark_discard": _dark_text(state.dark_discard),
        "box": _dark_text(state.box),
        "amber_pool": state.amber_pool,
        "guard_pool": state.guard_pool,
        "card": DARK_TOKENS[state.card] if state.card >= 0 else None,
        "level": state.level,
        "hp": state.hp,
        "round": state.fight_round or None,
        "dice_count": state.challenge_dice,
        "damage36": state.damage_boost,
        "dice": list(state.dice),
        "other_dice": list(state.other_dice),
        "duel": list(state.duel),
        "turn": state.turn,
        "first": state.first if state.first >= 0 else None,
        "finals": list(state.finals),
        "fresh": state.fresh,
        "queue": [" ".join([s[0], *(str(x) for x in s[1:] if x != -1)]) for s in state.queue],
        "ended": state.ended,
    }


def validate(s: AmberRouteState) -> None:
    """Raise ValueError, naming the rule, if ``s`` could not arise in a game of Amber Route."""
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
    if sum(s.look) > 2:
        raise ValueError("A player looks at no more than the 2 top light cards (AR-11.2).")
    if (s.light_top >= 0) != (s.light_top_seen >= 0):
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
    discarding = {step[1] for step in s.queue if step[0] == "discard"}
    for p in range(n):
        if s.kept[p] and not all(CARD_KEEP[c] for c in s.kept[p]):
            raise ValueError(f"{s.names[p]} keeps a card whose reward is used at once (AR-11.2).")
        if s.grace[p] >= 0 and (s.version == FAMILY or CARD_KIND[s.grace[p]] != GRACE):
            raise ValueError(f"{s.names[p]} holds a grace card only in Advanced (AR-2.2).")
        if sum(s.hand[p]) > HAND_LIMIT and p not in discarding:
            raise ValueError(f"{s.names[p]} has more than {HAND_LIMIT} light cards (AR-5.4).")
    if s.version == FAMILY and s.box:
        raise ValueError("In the Family version the grace cards stay in the deck (AR-2.3).")
    if s.version != FAMILY and not (_GRACE_SET.isdisjoint(s.dark_deck)
                                    and _GRACE_SET.isdisjoint(s.dark_discard)):
        raise ValueError("In the Advanced version no grace card is in the deck (AR-2.2).")
    if s.first >= 0 and s.pos[s.first] != CASTLE:
        raise ValueError("The first player in the castle must stand on the castle (AR-14.1).")
    if s.first < 0 and (s.finals or any(pos == CASTLE for pos in s.pos)):
        raise ValueError("Someone is in the castle (or owed a final turn) but nobody came first "
                         "(AR-14.1).")
    if (s.ended is None) != bool(s.queue):
        raise ValueError("The game is over exactly when nothing is left to do.")
    if s.queue:
        if s.queue[-1][0] != "end_turn":
            raise ValueError("The queue of steps must end with the end of the turn.")
        if STEP_WHO[s.queue[0][0]] == "a":
            raise ValueError("The next step must wait for a player or for chance.")
    elif s.first < 0 or s.finals:
        raise ValueError("The game ends only after the final turns (AR-14.1).")
    if len(s.dice) > 5 or len(s.other_dice) > 5:
        raise ValueError("No roll uses more than the box's 5 dice (AR-7.4).")
    fighting = next((st[0] for st in s.queue if st[0] in _ROUND_STEPS), None)
    if fighting and not s.fight_round:
        raise ValueError(f"The fight under way (step {fighting!r}) must say which round it is in: "
                         "'round' is 1 for the first round, one more for each next round "
                         "(AR-8.4, AR-12.4).")
    if s.fight_round and not fighting:
        raise ValueError(f"'round' is {s.fight_round}, but no monster fight or player fight is "
                         "under way: outside a fight it must be null (AR-8.4, AR-12.4).")
    for step in s.queue:
        _check_step(s, step)
    _check_order(s)
    kinds = [st[0] for st in s.queue]
    if (sum(k in _NEEDS_CHALLENGE for k in kinds) > 1 or kinds.count("end_turn") != int(
            bool(kinds)) or kinds.count("modify") > 2 or "turn" in kinds
            or any(kinds.count(k) > 1 for k in _ONCE) or sum(
            k in ("grace", "grace_done", "duel_round", "duel_hit", "contest_roll", "contest_end",
                  "action", "draw_phase", "attack") for k in kinds) > 2):
        raise ValueError("The queue of steps repeats a stage of the turn that happens once.")
    if s.card >= 0:
        grace = CARD_KIND[s.card] == GRACE
        if not any((st[0] in ("grace", "grace_done") and st[2] == 1) if grace
                   else st[0] in _NEEDS_CHALLENGE for st in s.queue):
            raise ValueError("A darkness card is in play only while it is being resolved "
                             "(AR-6.1).")


_GRACE_SET = frozenset(GRACE_CARDS)
_ROUND_STEPS = frozenset(("hit", "mon_hit", "duel_hit"))
"""Steps in the queue only while the rounds of a monster fight (AR-8.4) or of an Advanced
player fight (AR-12.4) are being fought: exactly then the position counts a round."""
ROUND_LIMIT = 600_000
"""No fight has more rounds than a game has actions (``max_actions`` in boardlib.games)."""
_NEEDS_CHALLENGE = {"prepare", "hit", "mon_hit", "ghost", "trap"}
_CHALLENGER = _NEEDS_CHALLENGE | {"reward", "card_reward", "attack"}
_NEEDS_DUEL = {"duel_cards": 6, "duel_round": 6, "duel_hit": 6, "contest_first": 4,
               "contest_cards": 4, "contest_roll": 4, "contest_end": 4}


def _check_step(s: AmberRouteState, step: tuple[str, int, int, int]) -> None:
    """A step must fit the position: a challenge needs its card, a roll its die, a fight its
    fighters, so that no tampered save can reach a step that does not make sense."""
    kind, a, b, _ = step
    if kind in _NEEDS_CHALLENGE and (s.card < 0 or CARD_KIND[s.card] == GRACE):
        raise ValueError(f"The step {kind!r} needs a challenge card being resolved (AR-6.1).")
    if kind in _NEEDS_DUEL and len(s.duel) != _NEEDS_DUEL[kind]:
        raise ValueError(f"The step {kind!r} needs a fight between players (AR-12.1, AR-13.1).")
    if kind == "roll" and b >= len(s.dice if a == 0 else s.other_dice):
        raise ValueError("A die is rolled that is not on the table (AR-1.6).")
    if kind == "modify" and not (s.dice if step[3] == 0 else s.other_dice):
        raise ValueError("Dice can be changed only once they are on the table (AR-7.2).")
    if kind == "pick" and not s.dice:
        raise ValueError("A grace die can be picked only once the dice are rolled (AR-5.8).")
    if kind in ("grace_done", "grace") and b == 1 and (s.card < 0 or CARD_KIND[s.card] != GRACE):
        raise ValueError("A grace card drawn from the deck must be the card in play (AR-6.5).")
    if kind in ("roll", "modify") and (s.card < 0 and not s.duel and not any(
            st[0] == "pick" for st in s.queue)):
        raise ValueError("Dice are rolled only in a challenge, a fight or for grace (AR-1.6).")
    if kind in _CHALLENGER and a != s.turn:
        raise ValueError(f"Only the player whose turn it is faces the challenge ({kind!r}).")
    if kind == "modify" and b == 0 and (s.card < 0 or a != s.turn):
        raise ValueError("Dice are changed with amber and rerolls only in a challenge (AR-7.3).")
    if kind == "modify" and b == 1 and (len(s.duel) != 4 or s.duel[DUEL_SEAT + step[3]] != a):
        raise ValueError("In a Family fight each player changes only his own dice (AR-13.5).")
    if kind in ("duel_cards", "contest_cards") and s.duel[DUEL_SEAT + b] != a:
        raise ValueError(f"The step {kind!r} names a player who is not in the fight.")
    if kind == "contest_first" and s.duel[DUEL_SEAT + ATTACKER] != a:
        raise ValueError("Only the attacker plays the first card (AR-13.1).")
    if kind in ("loot", "steal") and a == b:
        raise ValueError("A player cannot take loot from himself (AR-12.5).")
    if kind == "pick" and (len(s.dice) != len(s.names) or not any(
            st[0] == "grace_done" for st in s.queue)):
        raise ValueError("Grace picks need one grace die per player (AR-5.8).")
    if kind in ("duel_cards", "contest_cards") and b not in (0, 1):
        raise ValueError(f"The step {kind!r} needs the attacker (0) or the defender (1).")
    if kind == "discard" and (step is not s.queue[0] or sum(s.hand[a]) <= HAND_LIMIT):
        raise ValueError("A discard happens at once, and only above 7 light cards (AR-5.4).")


_ONCE = frozenset(("grace", "grace_done", "duel_round", "duel_hit", "contest_roll",
                   "contest_end", "contest_first", "action", "draw_phase", "attack", "reward",
                   "card_reward", "keep"))
_RESETS_DICE = frozenset(("hit", "mon_hit", "ghost", "trap", "duel_round", "duel_hit",
                          "contest_roll", "contest_end", "grace", "grace_done"))


def _check_order(s: AmberRouteState) -> None:
    """Dice still to roll come before the step that counts (and clears) them."""
    counted = blocked = False
    for step in s.queue:
        kind = step[0]
        if kind == "roll" and (counted or blocked):
            raise ValueError("Dice still to roll come first, before anything else (AR-1.6).")
        counted = counted or kind in _RESETS_DICE
        blocked = blocked or not (kind == "roll" or (kind == "modify" and step[2] == 1))
    picks = sum(st[0] == "pick" for st in s.queue)
    if picks > sum(1 for v in s.dice if v) + sum(st[0] == "roll" for st in s.queue):
        raise ValueError("More grace picks than grace dice (AR-5.8).")


_PLAYER_SLOT = frozenset(("light", "look", "dark", "steal", "turn", "hit", "mon_hit", "ghost",
                          "trap", "grace", "grace_done", "card_reward"))


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


def _queue(value: Any, n: int) -> list[tuple[str, int, int, int]]:
    if not isinstance(value, list):
        raise ValueError("'queue' must list the steps still to come.")
    steps = []
    for text in value:
        parts = text.split() if isinstance(text, str) else []
        if not parts or parts[0] not in STEP_WHO or len(parts) > 4 or not all(
                x.isdigit() for x in parts[1:]):
            raise ValueError(f"{text!r} is not a step of the game.")
        numbers = [int(x) for x in parts[1:]] + [-1] * (4 - len(parts))
        if STEP_WHO[parts[0]] == "p" and not 0 <= numbers[0] < n:
            raise ValueError(f"Step {text!r} names no player of this game.")
        if parts[0] in ("roll",) and (numbers[0] not in (0, 1) or not 0 <= numbers[1] < 5):
            raise ValueError(f"Step {text!r} rolls no die of this game.")
        if parts[0] in _PLAYER_SLOT and not 0 <= numbers[0] < n:
            raise ValueError(f"Step {text!r} names no player of this game.")
        if parts[0] == "steal" and not 0 <= numbers[1] < n:
            raise ValueError(f"Step {text!r} names no player of this game.")
        if parts[0] == "loot" and not 0 <= numbers[1] < n:
            raise ValueError(f"Step {text!r} names no player of this game.")
        if parts[0] == "card_reward" and not 0 <= numbers[1] < len(REWARDS):
            raise ValueError(f"Step {text!r} gives no reward of this game.")
        if parts[0] == "modify" and (numbers[1] not in (0, 1) or numbers[2] not in (0, 1)):
            raise ValueError(f"Step {text!r} is not a way to change dice.")
        steps.append(_step(parts[0], *numbers[:3]))
    return steps


def _round(value: Any) -> int:
    """A save's fight round: null outside a fight (kept as 0), else 1, 2, …"""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ROUND_LIMIT:
        raise ValueError(f"'round' must be null (no fight) or the fight's round, a whole number "
                         f"1–{ROUND_LIMIT}, not {value!r}.")
    return value


def _int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"'{field}' must be a whole number {low}–{high}, not {value!r}.")
    return value


def _light_counts(text: Any, field: str) -> list[int]:
    if not isinstance(text, str):
        raise ValueError(f"'{field}' must be light cards like \"F2 A1\".")
    counts = [0] * LIGHT_KINDS
    for token in text.split():
        counts[parse_light(token)] += 1
    return counts


def _dark(token: Any, field: str) -> int:
    if not isinstance(token, str):
        raise ValueError(f"'{field}' must be a darkness card like \"D07\".")
    return parse_dark(token)


def _dark_list(text: Any, field: str) -> list[int]:
    if not isinstance(text, str):
        raise ValueError(f"'{field}' must be darkness cards like \"D07 D12\".")
    return [parse_dark(token) for token in text.split()]


def _dice(value: Any, field: str) -> list[int]:
    if not isinstance(value, list) or len(value) > 5:
        raise ValueError(f"'{field}' must list at most 5 dice.")
    return [_int(x, field, 0, 6) for x in value]
