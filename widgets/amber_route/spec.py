"""Amber Route on the generic board: where each move is clicked, its words, hints and odds.

A move is clicked on the field it reaches, a light card on the card in your own hand, a die
change on the die (several changes of one die get the board's chooser, each saying what it
would make of the dice before it is made). Moves with no place on the board (Go, Done, Ready,
rewards, attacks, loot) get buttons. Every function reads only ``seen``, the viewer's
observation, so other players' hands never reach the screen or the odds.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardlib.amber_route.data import (
    CARD_REWARD,
    CASTLE,
    FIELD_TYPE,
    GIFTS,
    LIGHT_VALUE,
    VILLAGE,
    parse_dark,
    parse_light,
)
from boardlib.amber_route.observation import AmberRouteObservation
from boardlib.messages import localized_names
from boardlib.protocol import Event
from widgets.amber_route.labels import LABELS
from widgets.amber_route.lessons import LESSONS
from widgets.amber_route.odds_panel import odds
from widgets.amber_route.view import (
    challenge_of,
    dice_verdict,
    hand_tokens,
    reward_words,
    step_of,
    view,
)
from widgets.labels import label
from widgets.spec import BoardSpec, News


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


_CARD_VERBS = ("play", "discard", "lose", "add")
_GUARD_MOVES = ("recruit", "take guard", "reward guard")
_LIGHT_MOVES = ("draw card", "buy cards", "reward light")


def target_of(action: str, seat: int, seen: AmberRouteObservation) -> str | None:
    """The click target that makes ``action`` by ``seat`` (None: the move gets a button).

    Only for the seat deciding now: a field, card or die means another move once the position
    has changed, so an earlier move (a last-move tag) has no place on the board."""
    deciding = step_of(seen)[1]
    if not deciding or deciding[0] != seat:
        return None
    text = str(action)
    kind, _, arg = text.partition(" ")
    if kind == "move":
        return f"field-{min(CASTLE, seen['seats'][seat]['field'] + int(arg))}"
    if kind in _CARD_VERBS:
        return f"card-{seat}-{arg}"
    if kind == "keep":
        return f"look-{arg}"
    if kind == "use":
        return f"kept-{seat}-{arg}"
    if kind == "grace":
        return f"grace-{seat}"
    if text in _GUARD_MOVES:
        return f"guards-{seat}"
    if text in _LIGHT_MOVES:
        return "light-deck"
    if kind in ("up", "down", "set") or (kind == "reroll" and " " not in arg):
        step, numbers = step_of(seen)
        row = "odie" if step == "modify" and len(numbers) > 2 and numbers[2] == 1 else "die"
        return f"{row}-{int(arg.split()[0]) - 1}"
    if kind == "pick":
        dice = seen["dice"]
        face = int(arg)
        return f"die-{dice.index(face)}" if face in dice else None
    return None


def intent(target: str, seen: AmberRouteObservation, lang: str) -> tuple[str | None, str | None]:
    """The move a click on ``target`` asks for when none is legal there (the engine then says
    why not), or None and the reason."""
    kind, _, rest = target.partition("-")
    step, numbers = step_of(seen)
    mover = numbers[0] if numbers else seen["turn"]
    field = seen["seats"][mover]["field"]
    if kind == "field":
        steps = int(rest) - field
        if steps in (1, 2):
            return f"move {steps}", None
        return None, _label("move_range", lang, field=field)
    if kind == "card":
        seat_text, _, token = rest.partition("-")
        if int(seat_text) != mover:
            owner = localized_names(seen["names"], lang)[int(seat_text)]
            return None, _label("not_your_cards", lang, owner=owner)
        verb = {"discard": "discard", "pay": "lose", "duel_cards": "add",
                "contest_first": "add", "contest_cards": "add"}.get(step, "play")
        return f"{verb} {token}", None
    if kind == "look":
        return f"keep {rest}", None
    if kind == "kept":
        return f"use {rest.partition('-')[2]}", None
    if kind == "grace":
        return "grace", None
    if kind == "guards":
        return "recruit", None
    if kind == "light":
        return "buy cards", None
    if kind in ("die", "odie"):
        return f"up {int(rest) + 1}", None
    return None, _label("nothing_here", lang)


def status(seen: AmberRouteObservation, names: Sequence[str], lang: str) -> str:
    """Whose turn and which step, in words."""
    step, numbers = step_of(seen)
    if step == "over":
        return _final_words(seen, names, lang)
    player = names[numbers[0]] if numbers else ""
    if step in ("roll", "light", "look", "dark", "steal"):
        return _label("turn_chance", lang)
    if step == "action":
        grace = _label("turn_grace_option", lang) if seen["seats"][numbers[0]]["grace"] else ""
        return _label("turn_action", lang, player=player, grace=grace)
    if step == "prepare":
        found = challenge_of(seen)
        challenge = _label(f"symbol_{('monster', 'ghost', 'trap')[found[1]]}", lang) if found \
            else ""
        return _label("turn_prepare", lang, player=player, level="I" * (seen["level"] + 1),
                      challenge=challenge)
    if step == "modify":
        fight = len(numbers) > 1 and numbers[1] == 1
        return _label("turn_modify_fight" if fight else "turn_modify", lang, player=player)
    return _label(f"turn_{step}", lang, player=player)


def _final_words(seen: AmberRouteObservation, names: Sequence[str], lang: str) -> str:
    """Who won: the most points (AR-14.2, AR-14.3); equal points share the place."""
    points = seen["points"]
    best = max(points)
    winners = [names[p] for p, n in enumerate(points) if n == best]
    return _label("over", lang, winners=" & ".join(winners), points=best,
                  verb=_label("win_one" if len(winners) == 1 else "win_many", lang))


def _changed(seen: AmberRouteObservation, index: int, value: int) -> list[int]:
    numbers = step_of(seen)[1]
    target = numbers[2] if len(numbers) > 2 else 0
    dice = list(seen["dice"] if target == 0 else seen["other_dice"])
    dice[index] = value
    return dice


def action_words(action: str, seen: AmberRouteObservation, lang: str) -> str:
    """A move in words; a die change says what the dice would then give (before it is made)."""
    text = str(action)
    kind, _, arg = text.partition(" ")
    numbers = step_of(seen)[1]
    mover = numbers[0] if numbers else seen["turn"]
    if kind == "move":
        steps = int(arg)
        field = min(CASTLE, seen["seats"][mover]["field"] + steps)
        return _label("do_move", lang, n=steps, field=field,
                      cost=_label("move_cost", lang) if steps == 2 else "")
    if text == "recruit":
        village = FIELD_TYPE[seen["seats"][mover]["field"]] == VILLAGE
        return _label("do_recruit", lang, n=2 if village else 1)
    simple = {"take guard": "do_take_guard", "draw card": "do_draw_card", "buy cards": "do_buy",
              "grace": "do_grace", "reward guard": "do_reward_guard",
              "reward light": "do_reward_light", "done": "do_done", "no attack": "do_no_attack",
              "ready": "do_ready", "loot amber": "do_loot_amber", "loot cards": "do_loot_cards",
              "loot guards": "do_loot_guards"}
    if text in simple:
        return _label(simple[text], lang)
    if text == "go":
        return _label("do_go", lang, n=seen["dice_count"])
    if kind == "play":
        value = LIGHT_VALUE[parse_light(arg)]
        return _label("do_play", lang, card=arg, value=value, n=seen["dice_count"] + value)
    if kind in ("discard", "lose", "add", "keep"):
        return _label(f"do_{kind}", lang, card=arg)
    if kind == "use":
        return _label("do_use", lang, card=arg,
                      reward=reward_words(CARD_REWARD[parse_dark(arg)], lang))
    if kind in ("up", "down", "set"):
        parts = arg.split()
        index = int(parts[0]) - 1
        target = numbers[2] if len(numbers) > 2 else 0
        before = (seen["dice"] if target == 0 else seen["other_dice"])[index]
        after = int(parts[1]) if kind == "set" else before + (1 if kind == "up" else -1)
        verdict = dice_verdict(seen, _changed(seen, index, after), lang)
        return _label(f"do_{kind}", lang, die=index + 1, before=before, after=after,
                      effect=f" — {verdict}" if verdict else "")
    if kind == "reroll":
        parts = arg.split()
        return _label("do_reroll2" if len(parts) > 1 else "do_reroll", lang,
                      dice=" & ".join(parts))
    if kind == "attack":
        return _label("do_attack", lang, player=localized_names(seen["names"], lang)[int(arg) - 1])
    if kind == "pick":
        face = int(arg)
        return _label("do_pick", lang, face=face, gift=reward_words(GIFTS[face - 1], lang))
    return text


def hint_reason(seen: AmberRouteObservation, action: str, lang: str) -> str:
    """Why the careful bot's move is sensible, in a student's words."""
    text = str(action)
    kind = text.partition(" ")[0]
    if kind == "move":
        return _label("why_move", lang)
    if text in _GUARD_MOVES:
        return _label("why_guards", lang)
    if text in _LIGHT_MOVES:
        return _label("why_cards", lang)
    if text == "go":
        return _label("why_go", lang)
    if kind in ("play", "use"):
        return _label("why_play", lang)
    if text == "done":
        return _label("why_done", lang)
    if kind in ("up", "down", "set", "reroll"):
        return _label("why_change", lang)
    return _label("why_other", lang)


_NEWS = ("overcome", "failed", "secure_amber", "first_castle", "missed_turns", "contest",
         "fight_won", "ghost_total", "trap_matches", "monster_hits",
         "pick")  # #33.7: the grace dice the others took before the student picks


_BAD = ("failed", "missed_turns")  # bad news for the player it happens to


def news(events: Sequence[Event], seen: AmberRouteObservation, lang: str) -> News | None:
    """The outcome of a challenge or fight, told in the header in the engine's own words, the
    viewer's own first (#33.4): a warning when the viewer failed."""
    if step_of(seen)[0] == "over":
        return None
    told = [event for event in events if event.kind in _NEWS]
    if not told:
        return None
    joiner = "" if lang == "ja" else " "
    names = localized_names(seen["names"], lang)
    own = [event for event in told if event.player == seen["viewer"]]
    others = [event for event in told if event.player != seen["viewer"]]
    told = own[-3:] + others[-2:]  # the viewer's own outcome first: the header may drop the end
    text = joiner.join(event.sentence(lang, seen["names"], seen["viewer"]) for event in told)
    bad = any(event.kind in _BAD and event.player == seen["viewer"] for event in told)
    return News(text + joiner + status(seen, names, lang), bad=bad)


SPEC = BoardSpec(
    game="amber_route",
    view=view,
    target_of=target_of,
    intent=intent,
    status=status,
    action_words=action_words,
    hint_reason=hint_reason,
    labels=LABELS,
    news=news,
    odds=odds,
    hint_bot="careful",
    button_kinds=("move", "recruit", "take_guard", "draw_card", "buy", "grace", "reward"),
    header_colour="#4a3410",
    lessons=LESSONS,
)

__all__ = ["SPEC", "action_words", "hand_tokens", "intent", "status", "target_of"]
