"""Âmbar on the generic board: where each move is clicked, its words, its hints, its lessons."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from boardlib import ambar_fossils as af
from boardlib.ambar_fossils import COMPONENTS
from boardlib.ambar_fossils.bots import placement_value
from boardlib.ambar_fossils.observation import AmbarFossilsObservation
from boardlib.ambar_fossils.odds import FlipOdds, extra_turn_chance, flip_odds, flip_table
from boardlib.ambar_fossils.state import excellent_neighbour
from boardlib.messages import localized_names
from boardlib.protocol import Event
from widgets.ambar_fossils.labels import LABELS
from widgets.ambar_fossils.lessons import LESSONS
from widgets.ambar_fossils.view import view
from widgets.labels import label
from widgets.spec import BoardSpec, News, Odds, OddsRow

TYPE_NAMES = {lang: {t["letter"]: t[lang] for t in COMPONENTS["types"]} for lang in ("en", "ja")}


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def _held(seen: AmbarFossilsObservation) -> str:
    """The fossil in hand: there is one while it is placed or returned (phase "place")."""
    held = seen["holding"]
    assert held is not None
    return held


def fossil_words(token: str, lang: str) -> str:
    """"D3" → "Dinosaur 3" / "恐竜3"."""
    name = TYPE_NAMES.get(lang, TYPE_NAMES["en"])[token[0]]
    return f"{name} {token[1:]}" if lang == "en" else f"{name}{token[1:]}"


def target_of(action: str, seat: int, seen: AmbarFossilsObservation) -> str | None:
    """The click target that makes ``action`` by ``seat`` (None for a pass: it gets a button)."""
    kind, _, arg = str(action).partition(" ")
    if kind == "flip":
        return f"down-{arg}"
    if kind == "take":
        return f"up-{arg}"
    if kind == "place":
        return f"column-{seat}-{arg}"
    if kind == "return":
        return "hand"
    return None


def intent(target: str, seen: AmbarFossilsObservation, lang: str) -> tuple[str | None, str | None]:
    """The move a click on ``target`` asks for, or None and the reason there is none."""
    kind, _, rest = target.partition("-")
    if kind == "down":
        return f"flip {rest}", None
    if kind == "up":
        return f"take {rest}", None
    if kind == "hand":
        return "return", None
    if kind == "column":
        seat, column = (int(part) for part in rest.split("-"))
        if seat != seen["to_move"]:
            owner = localized_names(seen["names"], lang)[seat]
            return None, _label("not_your_display", lang, owner=owner)
        return f"place {column}", None
    return None, _label("nothing_here", lang)


def status(seen: AmbarFossilsObservation, names: Sequence[str], lang: str) -> str:
    """Whose turn and which step: choose, place, or the end phase's take-or-pass."""
    if seen["phase"] == "over":
        return _label("over", lang)
    player = names[seen["to_move"]]
    if seen["phase"] == "place":
        return _label("turn_place", lang, player=player,
                      fossil=fossil_words(_held(seen), lang))
    if seen["phase"] in ("reveal", "reveal_swapped"):
        return _label("turn_reveal", lang, player=player)
    if seen["end_phase"]:
        return _label("turn_choose_end", lang, player=player)
    return _label("turn_choose", lang, player=player)


def action_words(action: str, seen: AmbarFossilsObservation, lang: str) -> str:
    """A move in words: "Take Dinosaur 3", "Place Plant 4 in column 2", "Pass"."""
    kind, _, arg = str(action).partition(" ")
    held = seen["holding"]
    holding = fossil_words(held, lang) if held else ""
    if kind == "flip":
        return _label("do_flip", lang, kind=TYPE_NAMES.get(lang, TYPE_NAMES["en"])[arg])
    if kind == "take":
        return _label("do_take", lang, fossil=fossil_words(arg, lang))
    if kind == "place":
        return _label("do_place", lang, fossil=holding, n=arg)
    if kind == "return":
        return _label("do_return", lang, fossil=holding)
    if kind == "pass":
        return _label("do_pass", lang)
    return str(action)


def hint_reason(seen: AmbarFossilsObservation, action: str, lang: str) -> str:
    """Why the greedy bot's move is good, in words (the bot's own ranking, AF-7 and AF-3)."""
    state = af.from_snapshot(seen)  # Âmbar hides nothing anyone knows (AF-2.2)
    seat = state.to_move
    kind, _, arg = str(action).partition(" ")
    if kind == "place":
        column = int(arg) - 1
        neighbour = excellent_neighbour(state.tops[seat], column, state.holding)
        if neighbour >= 0:
            return _label("why_extra", lang,
                          neighbour=fossil_words(af.fossil_token(neighbour), lang))
        height = state.heights[seat][column]
        if placement_value(state, seat, state.holding, column) > 1.0:
            return _label("why_stack", lang, n=arg, level=height + 1)
        return _label("why_swap", lang)
    if kind == "return":
        return _label("why_return", lang, fossil=fossil_words(_held(seen), lang))
    if kind == "take":
        return _label("why_take", lang, fossil=fossil_words(arg, lang))
    if kind == "flip":
        odds = flip_odds(state, seat, arg)
        return _label("why_flip", lang, kind=TYPE_NAMES.get(lang, TYPE_NAMES["en"])[arg],
                      chance=str(odds.placeable),
                      percent=f"{float(odds.placeable):.0%}")
    return _label("why_pass", lang)


def news(events: Sequence[Event], seen: AmbarFossilsObservation, lang: str) -> News | None:
    """An extra turn is said in the header, where the student looks (AF-7.1)."""
    for event in reversed(events):
        player = event.player
        if event.kind == "extra_turn" and player is not None and player == seen["to_move"]:
            names = localized_names(seen["names"], lang)
            return News(_label("extra_turn_news", lang, player=names[player]))
    return None


def odds(seen: AmbarFossilsObservation, lang: str) -> Odds | None:
    """For each face-down pile: the exact chance that its fossil ends the turn (identical,
    AF-5.2), can be placed (AF-6), and earns an extra turn (AF-7.1) — from the engine's own
    chance node, over the copies nobody has seen. None once the fossil is chosen."""
    if seen["phase"] != "choose" or not any(seen["excavation"]["face_down"].values()):
        return None
    state = af.from_snapshot(seen)  # Âmbar hides nothing anyone knows (AF-2.2)
    seat = state.to_move
    table = flip_table(state, seat)
    def rank(flip: FlipOdds) -> tuple[Fraction, Fraction]:
        return (flip.placeable, -flip.identical)

    top = max(rank(flip) for flip in table)
    marked = any(rank(flip) != top for flip in table)  # all as good as each other: mark none
    names = TYPE_NAMES.get(lang, TYPE_NAMES["en"])
    rows = []
    for flip in table:
        extra = extra_turn_chance(state, seat, flip.kind, flip)
        extra_copies = int(extra * flip.unseen)
        why = _label("odds_why", lang, unseen=flip.unseen, kind=names[flip.kind],
                     identical=flip.copies("identical"), placeable=flip.copies("placeable"),
                     extra=extra_copies)
        rows.append(OddsRow(action_words(f"flip {flip.kind}", seen, lang),
                            (flip.identical, flip.placeable, extra), why,
                            marked and rank(flip) == top))
    headings = tuple(_label(key, lang) for key in ("odds_lose", "odds_place", "odds_extra"))
    return Odds(headings, tuple(rows), _label("odds_note", lang))


SPEC = BoardSpec(
    game="ambar_fossils",
    view=view,
    target_of=target_of,
    intent=intent,
    status=status,
    action_words=action_words,
    hint_reason=hint_reason,
    labels=LABELS,
    news=news,
    odds=odds,
    hint_bot="greedy",
    button_kinds=("return",),
    lessons=LESSONS,
)
