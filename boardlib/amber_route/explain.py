"""Why a well-formed Amber Route move is not allowed now, in a player's words, with its clause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlib.amber_route.data import (
    CARD_REWARD,
    CASTLE,
    DARK_TOKENS,
    FAMILY,
    LIGHT_TOKENS,
    LIGHT_VALUE,
    REWARDS,
    light_matches,
)
from boardlib.amber_route.state import (
    MAX_DICE,
    R_REROLL1,
    R_REROLL2,
    STEP_ACTIONS,
    STEP_RULE,
    STEP_WAIT,
    STEP_WHO,
)
from boardlib.protocol import Action, IllegalAction

if TYPE_CHECKING:
    from boardlib.amber_route.state import AmberRouteState

CHANCE_KINDS = {"die": "AR-1.6", "card": "AR-1.4", "reveal": "AR-6.1", "steal": "AR-12.5"}


def explain(state: AmberRouteState, action: Action) -> IllegalAction:
    step, p, a, b = state.queue[0]
    kind = action.kind
    name = state.names[p] if STEP_WHO[step] == "p" else ""
    if STEP_WHO[step] == "c":
        if kind in STEP_ACTIONS[step]:
            return _impossible_outcome(state, action, step)
        return IllegalAction("wrong_phase", f"Wait: the game needs {STEP_WAIT[step]} first.",
                             STEP_RULE[step])
    if kind == "grace" and state.version == FAMILY:
        return IllegalAction("rule", "The Family version has no divine grace action.", "AR-4.3")
    if kind in CHANCE_KINDS:
        return IllegalAction("wrong_phase", f"{action} is chance's to decide, and nothing of that "
                             f"kind is happening now: {name} must {STEP_WAIT[step]}.",
                             STEP_RULE[step])
    if kind not in STEP_ACTIONS[step]:
        return IllegalAction("wrong_phase", f"Not now: {name} must {STEP_WAIT[step]}.",
                             STEP_RULE[step])
    return _why(state, action, step, p, a, b)


def _impossible_outcome(state: AmberRouteState, action: Action, step: str) -> IllegalAction:
    if step == "dark":
        return IllegalAction("rule", f"{DARK_TOKENS[action.args[0]]} is not in the darkness "
                             "deck now.", "AR-6.3")
    if step == "steal":
        return IllegalAction("rule", f"The loser holds no {LIGHT_TOKENS[action.args[0]]}.",
                             "AR-12.5")
    return IllegalAction("rule", f"No {LIGHT_TOKENS[action.args[0]]} is left in the light deck.",
                         "AR-1.4")


def _why(state: AmberRouteState, action: Action, step: str, p: int, a: int,
         b: int) -> IllegalAction:
    kind, args = action.kind, action.args
    guards, hand = state.guards[p], state.hand[p]
    if kind in ("take_guard", "recruit") or (kind == "reward" and args[0] == 0):
        return _rule(f"You already have {guards} guard markers, the most anyone may have.",
                     "AR-5.2")
    if kind == "buy":
        return _rule("Drawing light cards costs one unsecured amber, and you have none.", "AR-5.3")
    if kind == "move":
        if not guards:
            return _rule("Moving 2 fields costs one guard marker, and you have none.", "AR-5.5")
        return _rule(f"The castle is {CASTLE - state.pos[p]} field away: you cannot move past "
                     "it.", "AR-5.5")
    if kind == "grace":
        return _rule("You have already played your divine grace card: once per game.", "AR-5.7")
    if kind in ("discard", "lose", "play", "add") and not hand[args[0]]:
        return _rule(f"You hold no {LIGHT_TOKENS[args[0]]} light card.", STEP_RULE[step]
                     if kind != "play" else "AR-7.1")
    if kind == "play":
        if not light_matches(args[0], state.pos[p]):
            return _rule(f"{LIGHT_TOKENS[args[0]]} is for another terrain: only cards of this "
                         "field's terrain (or any-terrain cards) help here.", "AR-7.1")
        return _rule(f"That would make {state.nd + LIGHT_VALUE[args[0]]} dice; the box has only "
                     f"{MAX_DICE}.", "AR-7.4")
    if kind == "use":
        c = args[0]
        if c not in state.kept[p]:
            return _rule(f"You have not kept {DARK_TOKENS[c]}.", "AR-11.3")
        return _rule(f"The kept reward of {DARK_TOKENS[c]} ({REWARDS[CARD_REWARD[c]]}) does not "
                     "help in this challenge now.", "AR-11.3")
    if kind in ("up", "down", "set", "reroll", "reroll2"):
        return _why_dice(state, action, p, a, b)
    if kind == "attack":
        q = args[0]
        if q >= len(state.names) or q == p or state.pos[q] != state.pos[p]:
            return _rule("You may attack only another player on your field.", "AR-12.1")
        return _rule("To attack you must play a light card of this field's terrain, and you "
                     "have none.", "AR-13.1")
    if kind == "add":
        if step == "duel_cards":
            return _rule("Each player may add at most 2 light cards to a fight.", "AR-12.2")
        return _rule(f"{LIGHT_TOKENS[args[0]]} does not match this field's terrain.",
                     "AR-13.2" if step == "contest_cards" else "AR-13.1")
    if kind == "loot":
        what = ("unsecured amber", "light cards", "guard markers")[args[0]]
        return _rule(f"{state.names[a]} has no {what} to take.", "AR-12.5")
    if kind == "pick":
        return _rule(f"No grace die left shows {args[0]}.", "AR-5.8")
    if kind == "keep":
        return _rule(f"{LIGHT_TOKENS[args[0]]} is not one of the cards you looked at.", "AR-11.2")
    return _rule("That is not possible now.", STEP_RULE[step])


def _why_dice(state: AmberRouteState, action: Action, p: int, mode: int,
              target: int) -> IllegalAction:
    kind, args = action.kind, action.args
    dice = state.dice if target == 0 else state.odice
    if mode == 1 and kind not in ("up", "down"):
        return _rule("In a Family fight between players only guard markers change dice.",
                     "AR-13.5")
    if any(i >= len(dice) for i in args[: 2 if kind == "reroll2" else 1]):
        return _rule(f"There are only {len(dice)} dice.", "AR-7.2")
    i = args[0]
    if kind in ("up", "down"):
        if not state.guards[p]:
            return _rule("Changing a die costs a guard marker, and you have none.", "AR-7.2")
        if dice[i] == 6:
            return _rule("A die showing 6 cannot be changed with guard markers.", "AR-7.2")
        return _rule("A die shows 1 to 6: it cannot go below 1.", "AR-7.2")
    if kind == "set":
        if not state.amber[p]:
            return _rule("Setting a die costs one unsecured amber, and you have none.", "AR-7.3")
        return _rule(f"Die {i + 1} already shows {args[1]}.", "AR-7.3")
    wanted = R_REROLL1 if kind == "reroll" else R_REROLL2
    if not any(CARD_REWARD[c] == wanted for c in state.kept[p]):
        return _rule(f"You keep no '{REWARDS[wanted]}' reward.", "AR-11.3")
    return _rule("That reroll is not possible now.", "AR-11.3")


def _rule(reason: str, clause: str) -> IllegalAction:
    return IllegalAction("rule", reason, clause)

