"""Ambar (2018) on the generic board: where each move is clicked, its words, hints and odds.

The deck draws (and reveals an Oracle's card); a line-up card is bought or sold on, or — the
danger just drawn — fought or paid; a seat's own alchemy makes gems, its traveller carries
them, its forest is explored or recovered, its soldiers are hired, its event cards are played
or discarded. ``stop``, ``end``, ``pass`` and the round-1 choice get buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from boardlib.ambar_2018.data import BLACK, CODES, COLOUR_NAMES, COLOURS, KIND, KINDS
from boardlib.ambar_2018.messages import card_words
from boardlib.ambar_2018.observation import Ambar2018Observation
from boardlib.ambar_2018.odds import choices
from boardlib.messages import localized_names
from boardlib.protocol import Event
from widgets.ambar_2018.labels import LABELS
from widgets.ambar_2018.lessons import LESSONS
from widgets.ambar_2018.view import event_words, to_move, view
from widgets.labels import label
from widgets.spec import BoardSpec, News, Odds, OddsRow

OWN_CARD = {"make": "alchemy", "carry": "traveller", "recover": "forest", "forest": "forest",
            "soldier": "soldiers"}


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def target_of(action: str, seat: int, seen: Ambar2018Observation) -> str | None:
    """The click target that makes ``action`` by ``seat`` (None: the move gets a button)."""
    kind, _, rest = str(action).partition(" ")
    if kind in ("draw", "reveal"):
        return "deck"
    if kind in ("fight", "pay"):
        return f"lineup-{len(seen['lineup']) - 1}"
    if kind in ("sell", "buy"):
        return f"lineup-{int(rest) - 1}"
    if kind in OWN_CARD:
        return f"{OWN_CARD[kind]}-{seat}"
    if kind in ("discard", "play"):
        return f"event-{seat}-{rest.split()[0]}"
    return None


def intent(target: str, seen: Ambar2018Observation, lang: str) -> tuple[str | None, str | None]:
    """The move a click on ``target`` asks for (for the engine to explain), or the reason."""
    if target == "deck":
        return "draw", None
    kind, _, rest = target.partition("-")
    if kind == "lineup":
        return ("sell" if seen["phase"] in ("trade", "actions") else "buy") + \
            f" {int(rest) + 1}", None
    seat_text, _, code = rest.partition("-")
    seat = int(seat_text) if seat_text.isdigit() else -1
    mover = to_move(seen)
    if seat >= 0 and mover is not None and seat != mover:
        owner = localized_names(seen["names"], lang)[seat]
        return None, _label("not_your_cards", lang, owner=owner)
    wanted = {"alchemy": "make Y1", "traveller": "carry Y 1", "forest": "forest",
              "soldiers": "soldier", "village": None, "event": f"discard {code}"}
    move = wanted.get(kind)
    return (move, None) if move else (None, _label("nothing_here", lang))


def status(seen: Ambar2018Observation, names: Sequence[str], lang: str) -> str:
    """Whose turn and which step, with what to click."""
    phase = seen["phase"]
    if phase == "over":
        return _final_words(seen, names, lang)
    mover = to_move(seen)
    if mover is None:
        return _label("status_chance", lang)
    player = names[mover]
    if phase == "journey":
        if not seen["drawn"]:
            return _label("status_journey_first", lang, player=player)
        return _label("status_journey", lang, player=player, days=len(seen["lineup"]),
                      black=seen["black_cards"])
    if phase == "danger":
        card = card_words(seen["lineup"][-1], lang)
        options = " / ".join(_label(f"opt_{move}", lang) for move in seen["legal_actions"]
                             if move in ("fight", "pay", "draw")) or _label("opt_draw", lang)
        return _label("status_danger", lang, player=player, card=card, options=options)
    if phase == "actions":
        return _label("status_actions", lang, player=player, n=seen["actions"])
    return _label(f"status_{phase}", lang, player=player)


def _final_words(seen: Ambar2018Observation, names: Sequence[str], lang: str) -> str:
    """Who won: most gold, then soldiers, then event cards (AB-13), from what is seen."""
    def key(p: int) -> tuple[int, int, int]:
        info = seen["seats"][p]
        events = info["event_hand"]
        held = events if isinstance(events, int) else sum(events.values())
        return info["gold"], info["soldiers"], held

    seats = range(len(names))
    best = max(key(p) for p in seats)
    winners = [names[p] for p in seats if key(p) == best]
    return _label("over", lang, winners=" & ".join(winners), gold=best[0],
                  verb=_label("win_one" if len(winners) == 1 else "win_many", lang))


def _gem_words(letter: str, n: int, lang: str) -> str:
    colour = COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[COLOURS.index(letter)]
    return f"{colour}{n}個" if lang == "ja" else f"{n} {colour}"


def _replaced_by(code: str, seen: Ambar2018Observation) -> str | None:
    """The card of the buyer's that a bought line-up card ``code`` replaces (the same kind:
    alchemy, traveller or village), or None."""
    slot = KINDS[KIND[CODES.index(code)]]
    buyer = to_move(seen)
    if buyer is None or slot not in ("alchemy", "traveller", "village"):
        return None
    seat = seen["seats"][buyer]
    cards = {"alchemy": seat["alchemy"], "traveller": seat["traveller"], "village": seat["village"]}
    return cards[slot]


def action_words(action: str, seen: Ambar2018Observation, lang: str) -> str:
    """A move in words: "Make 1 yellow", "Sell on the Market", "Play Fox on Player 2"."""
    kind, _, rest = str(action).partition(" ")
    if kind == "make":
        return _label("do_make", lang, gems=_gem_words(rest[0], int(rest[1:]), lang))
    if kind == "carry":
        letter, n = rest.split()
        return _label("do_carry", lang, gems=_gem_words(letter, int(n), lang))
    if kind in ("sell", "buy"):
        code = seen["lineup"][int(rest) - 1]
        card = card_words(code, lang)
        replaced = _replaced_by(code, seen) if kind == "buy" else None
        if replaced:  # said before it happens: the old card is discarded (AB-8.3)
            return _label("do_buy_replacing", lang, card=card, old=card_words(replaced, lang))
        return _label(f"do_{kind}", lang, card=card)
    if kind == "discard":
        return _label("do_discard", lang, event=event_words(rest, lang))
    if kind == "play":
        parts = rest.split()
        event = event_words(parts[0], lang)
        if len(parts) > 1:
            player = localized_names(seen["names"], lang)[int(parts[1]) - 1]
            return _label("do_play_on", lang, event=event, player=player)
        return _label("do_play", lang, event=event)
    key = "do_" + str(action).replace(" ", "_")
    try:
        return _label(key, lang)
    except KeyError:
        return str(action)


def hint_reason(seen: Ambar2018Observation, action: str, lang: str) -> str:
    """Why the cautious bot's move is sensible, in its own rules of thumb."""
    kind = str(action).partition(" ")[0]
    reason = {"draw": "why_draw", "stop": "why_stop", "fight": "why_danger",
              "pay": "why_danger", "make": "why_gems", "carry": "why_gems", "sell": "why_sell",
              "buy": "why_buy", "forest": "why_buy"}.get(kind, "why_other")
    return _label(reason, lang)


def news(events: Sequence[Event], seen: Ambar2018Observation, lang: str) -> News | None:
    """A flight, or the Serpent earned, said in the header: bad news when it is the viewer's."""
    if seen["phase"] == "over":
        return None
    names = localized_names(seen["names"], lang)
    for kind, key in (("flee", "news_flee"), ("serpent", "news_serpent")):
        for event in events:
            if event.kind == kind and event.player is not None:
                return News(_label(key, lang, player=names[event.player]),
                            bad=event.player == seen["viewer"])
    return None


def _decimal(value: Fraction) -> str:
    return f"{float(value):.2f}"


def odds(seen: Ambar2018Observation, lang: str) -> Odds | None:
    """The journey decision's exact numbers (``boardlib.ambar_2018.odds``), from ``seen``
    alone: for each move, the chance the next card is black and the third black, and the
    expected actions with best play after. None when the decision is not about the journey."""
    found = choices(seen)
    if not found:
        return None
    best = max(found, key=lambda c: c.value)
    tied = sum(1 for c in found if c.value == best.value) > 1
    days, left = len(seen["lineup"]), sum(seen["deck"].values())
    black_left = sum(n for code, n in seen["deck"].items() if BLACK[CODES.index(code)])
    rows = []
    for choice in found:
        if choice.move in ("draw", "reveal"):
            top = seen["top"]
            if top:
                why = _label("odds_why_known", lang, card=card_words(top, lang))
            else:
                third = (_label("odds_why_third", lang, n=seen["black_cards"])
                         if seen["black_cards"] >= 2 else _label("odds_why_safe", lang))
                why = _label("odds_why_draw", lang, black=black_left, left=left, third=third,
                             value=_decimal(choice.value))
        elif choice.move == "stop":
            why = _label("odds_why_stop", lang, days=days, value=_decimal(choice.value))
        else:
            why = _label(f"odds_why_{choice.move}", lang)
        rows.append(OddsRow(action_words(choice.move, seen, lang),
                            (choice.black, choice.flee, choice.value), why,
                            choice is best and not tied))
    headings = tuple(_label(key, lang) for key in ("odds_black", "odds_third", "odds_value"))
    return Odds(headings, tuple(rows), _label("odds_note", lang),
                numbers=("chance", "chance", "mean"))


SPEC = BoardSpec(
    game="ambar_2018",
    view=view,
    target_of=target_of,
    intent=intent,
    status=status,
    action_words=action_words,
    hint_reason=hint_reason,
    labels=LABELS,
    news=news,
    odds=odds,
    hint_bot="cautious",
    header_colour="#4a2e12",
    lessons=LESSONS,
    untagged=("buy", "sell", "fight", "pay"),  # line-up positions: the next turn refills them
)
