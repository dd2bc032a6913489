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
    MAX_DICE,
    R_REROLL1,
    R_REROLL2,
    REWARDS,
    STEP_ACTIONS,
    STEP_RULE,
    STEP_WHO,
    light_matches,
)
from boardlib.protocol import Action, IllegalAction, illegal

if TYPE_CHECKING:
    from boardlib.amber_route.state import AmberRouteState

CHANCE_KINDS = {"die": "AR-1.6", "card": "AR-1.4", "reveal": "AR-6.1", "steal": "AR-12.5"}
GAME = "amber_route"


def explain(state: AmberRouteState, action: Action) -> IllegalAction:
    head = state.queue[0]
    step, p = head.kind, head.player
    kind = action.kind
    if STEP_WHO[step] == "c":
        if kind in STEP_ACTIONS[step]:
            return _impossible_outcome(state, action, step)
        return _illegal(state, "wrong_phase", "wait_chance", STEP_RULE[step], wait=step)
    # a waiting step is a player's ("p") or chance's ("c"): automatic steps never wait
    if kind == "grace" and state.version == FAMILY:
        return _illegal(state, "rule", "no_grace_family", "AR-4.3")
    if kind in CHANCE_KINDS:
        return _illegal(state, "wrong_phase", "chance_decides", STEP_RULE[step],
                        action=str(action), who=p, wait=step)
    if kind not in STEP_ACTIONS[step]:
        return _illegal(state, "wrong_phase", "not_now", STEP_RULE[step], who=p, wait=step)
    return _why(state, action, step, p, head.a, head.b)


def _impossible_outcome(state: AmberRouteState, action: Action, step: str) -> IllegalAction:
    if step == "dark":
        return _illegal(state, "rule", "not_in_dark_deck", "AR-6.3",
                        dark=DARK_TOKENS[action.args[0]])
    if step == "steal":
        return _illegal(state, "rule", "loser_lacks", "AR-12.5",
                        light=LIGHT_TOKENS[action.args[0]])
    if state.light_top >= 0 and state.light_deck[action.args[0]]:
        return _illegal(state, "rule", "light_top_known", "AR-11.2")
    return _illegal(state, "rule", "not_in_light_deck", "AR-1.4",
                    light=LIGHT_TOKENS[action.args[0]])


def _why(state: AmberRouteState, action: Action, step: str, p: int, a: int,
         b: int) -> IllegalAction:
    kind, args = action.kind, action.args
    guards, hand = state.guards[p], state.hand[p]
    if kind in ("take_guard", "recruit") or (kind == "reward" and args[0] == 0):
        return _rule(state, "guard_limit", "AR-5.2", guards=guards)
    if kind == "buy":
        return _rule(state, "buy_no_amber", "AR-5.3")
    if kind == "move":
        if not guards:
            return _rule(state, "move_no_guard", "AR-5.5")
        return _rule(state, "move_past_castle", "AR-5.5", fields=CASTLE - state.field[p])
    if kind == "grace":
        return _rule(state, "grace_used", "AR-5.7")
    if kind in ("discard", "lose", "play", "add") and not hand[args[0]]:
        return _rule(state, "no_light_card", STEP_RULE[step] if kind != "play" else "AR-7.1",
                     light=LIGHT_TOKENS[args[0]])
    if kind == "play":
        if not light_matches(args[0], state.field[p]):
            return _rule(state, "other_terrain", "AR-7.1", light=LIGHT_TOKENS[args[0]])
        return _rule(state, "too_many_dice", "AR-7.4",
                     dice=state.dice_count + LIGHT_VALUE[args[0]], most=MAX_DICE)
    if kind == "use":
        c = args[0]
        if c not in state.kept[p]:
            return _rule(state, "not_kept", "AR-11.3", dark=DARK_TOKENS[c])
        return _rule(state, "kept_no_help", "AR-11.3", dark=DARK_TOKENS[c],
                     reward_code=REWARDS[CARD_REWARD[c]])
    if kind in ("up", "down", "set", "reroll", "reroll2"):
        return _why_dice(state, action, p, a, b)
    if kind == "attack":
        q = args[0]
        if q >= len(state.names) or q == p or state.field[q] != state.field[p]:
            return _rule(state, "attack_same_field", "AR-12.1")
        return _rule(state, "attack_no_card", "AR-13.1")
    if kind == "add":
        if step == "duel_cards":
            return _rule(state, "fight_two_cards", "AR-12.2")
        return _rule(state, "add_wrong_terrain",
                     "AR-13.2" if step == "contest_cards" else "AR-13.1",
                     light=LIGHT_TOKENS[args[0]])
    if kind == "loot":
        return _rule(state, "nothing_to_loot", "AR-12.5", who=a, loot=args[0])
    if kind == "pick":
        return _rule(state, "no_grace_die", "AR-5.8", face=args[0])
    if kind == "keep":
        return _rule(state, "not_looked_at", "AR-11.2", light=LIGHT_TOKENS[args[0]])
    return _rule(state, "not_possible", STEP_RULE[step])


def _why_dice(state: AmberRouteState, action: Action, p: int, mode: int,
              target: int) -> IllegalAction:
    kind, args = action.kind, action.args
    dice = state.dice if target == 0 else state.other_dice
    if mode == 1 and kind not in ("up", "down"):
        return _rule(state, "family_fight_dice", "AR-13.5")
    if any(i >= len(dice) for i in args[: 2 if kind == "reroll2" else 1]):
        return _rule(state, "only_dice", "AR-7.2", dice=len(dice))
    i = args[0]
    if kind in ("up", "down"):
        if not state.guards[p]:
            return _rule(state, "change_no_guard", "AR-7.2")
        if dice[i] == 6:
            return _rule(state, "die_six", "AR-7.2")
        return _rule(state, "die_below_one", "AR-7.2")
    if kind == "set":
        if not state.amber[p]:
            return _rule(state, "set_no_amber", "AR-7.3")
        return _rule(state, "die_already", "AR-7.3", die=i + 1, face=args[1])
    wanted = R_REROLL1 if kind == "reroll" else R_REROLL2
    if not any(CARD_REWARD[c] == wanted for c in state.kept[p]):
        return _rule(state, "no_reroll_kept", "AR-11.3", reward_code=REWARDS[wanted])
    return _rule(state, "reroll_impossible", "AR-11.3")


def _illegal(state: AmberRouteState, kind: str, key: str, clause: str,
             **fields: object) -> IllegalAction:
    """A refusal from the catalog (MESSAGES[lang]["illegal." + key]), tellable in any language."""
    return illegal(kind, "illegal." + key, clause, game=GAME, names=state.names, **fields)


def _rule(state: AmberRouteState, key: str, clause: str, **fields: object) -> IllegalAction:
    return _illegal(state, "rule", key, clause, **fields)
