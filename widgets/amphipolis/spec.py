"""Amphipolis on the generic board: where each move is clicked, its words, its hints, its lessons.

A tile is taken by clicking it in its sorting area (``take MR`` → ``tile-MR``); a character
by clicking its card on the player's row; ``end`` (stop taking) gets a button.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from boardlib.amphipolis import AREAS, CHARACTERS, TOKENS, from_snapshot
from boardlib.amphipolis.data import AREA_NAMES, AREA_OF, CHARACTER_NAMES, TILE_NAMES
from boardlib.amphipolis.observation import AmphipolisObservation
from boardlib.amphipolis.probability import (
    end_before_next_take,
    landslides_still_needed,
    next_turn_landslides,
    points_added,
    score_change,
)
from boardlib.amphipolis.state import AmphipolisState
from boardlib.messages import localized_names
from boardlib.protocol import Event
from widgets.amphipolis.labels import LABELS
from widgets.amphipolis.lessons import LESSONS
from widgets.amphipolis.view import AREA_TOKENS, SHOW_BAG, view
from widgets.labels import label
from widgets.spec import BoardSpec, News, Odds, OddsRow


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def _names_in(lang: str, table: dict[str, list[str]]) -> list[str]:
    return table.get(lang, table["en"])


def tile_words(code: str, lang: str) -> str:
    """"MR" → "red mosaic" / "赤のモザイク" (the engine's own names)."""
    return _names_in(lang, TILE_NAMES)[TOKENS.index(code)]


def character_words(code: str, lang: str) -> str:
    return _names_in(lang, CHARACTER_NAMES)[CHARACTERS.index(code)]


def area_words(code: str | None, lang: str) -> str:
    return _names_in(lang, AREA_NAMES)[AREAS.index(code)] if code else ""


def target_of(action: str, seat: int, seen: AmphipolisObservation) -> str | None:
    """The click target that makes ``action`` by ``seat`` (None for ``end``: it gets a button)."""
    kind, _, arg = str(action).partition(" ")
    if kind == "take":
        return f"tile-{arg}"
    if kind in CHARACTERS:
        return f"character-{seat}-{kind}"
    return None


def intent(target: str, seen: AmphipolisObservation, lang: str) -> tuple[str | None, str | None]:
    """The move a click on ``target`` asks for, or None and the reason there is none."""
    kind, _, rest = target.partition("-")
    if kind == "tile":
        return f"take {rest}", None
    if kind == "character":
        seat_text, _, code = rest.partition("-")
        seat = int(seat_text)
        if seat != seen["to_move"]:
            owner = localized_names(seen["names"], lang)[seat]
            return None, _label("not_your_cards", lang, owner=owner)
        return code, None
    return None, _label("nothing_here", lang)


def routes(target: str, seen: AmphipolisObservation) -> list[tuple[str, ...]]:
    """A tile the take cannot reach may still be reached by a character: the character, then
    that tile (the board keeps only the routes that are legal now, AM-4.1–4.5)."""
    kind, _, tile = target.partition("-")
    if kind != "tile":
        return []
    return [(character, f"take {tile}") for character in CHARACTERS]


def status(seen: AmphipolisObservation, names: Sequence[str], lang: str) -> str:
    """Whose turn and which step: the draws, the main take, a character's take."""
    phase = seen["phase"]
    if phase == "over":
        return _final_words(seen, names, lang)
    player = names[seen["to_move"]]
    if phase in ("seed", "draw"):
        return _label("turn_draw", lang, player=player, n=seen["draws_left"])
    chosen = area_words(seen["chosen"], lang)
    if phase == "take":
        if not seen["taken"]:
            return _label("turn_take", lang, player=player)
        if seen["taken"] < 2 and any(seen["areas"].get(t, 0) for t in _tiles_of(seen["chosen"])):
            return _label("turn_take_more", lang, player=player, area=chosen)
        return _label("turn_character", lang, player=player)
    if phase == "archaeologist" and seen["taken"]:
        return _label("turn_archaeologist_more", lang, player=player,
                      area=area_words(seen["character_area"], lang))
    return _label(f"turn_{phase}", lang, player=player, area=chosen)


def _final_words(seen: AmphipolisObservation, names: Sequence[str], lang: str) -> str:
    """Who won, from the engine's own ranking of this finished position (AM-7, AM-8.4)."""
    result = from_snapshot(seen).result()  # nothing is hidden (AM-3.4)
    if result.robber is not None:
        mine, his = sum(result.areas[0]), sum(result.robber)
        outcome = _label("solo_won" if result.beat_robber else "solo_lost", lang)
        return _label("over_solo", lang, player=names[0], mine=mine, his=his, outcome=outcome)
    winners = [names[seat] for seat in result.winners]
    return _label("over", lang, winners=" & ".join(winners), points=sum(result.areas[
        result.winners[0]]), verb=_label("win_one" if len(winners) == 1 else "win_many", lang))


def _tiles_of(area: str | None) -> list[str]:
    return AREA_TOKENS.get(area, []) if area else []


def action_words(action: str, seen: AmphipolisObservation, lang: str) -> str:
    """A move in words: "Take a red mosaic", "Use the Digger", "End the turn"."""
    kind, _, arg = str(action).partition(" ")
    if kind == "take":
        return _label("do_take", lang, tile=tile_words(arg, lang))
    if kind in CHARACTERS:
        return _label("do_character", lang, character=character_words(kind, lang))
    if kind == "end":
        return _label("do_end", lang)
    return str(action)


def hint_reason(seen: AmphipolisObservation, action: str, lang: str) -> str:
    """Why the greedy bot's move is good: the exact points a tile adds now (AM-6)."""
    kind, _, arg = str(action).partition(" ")
    if kind == "take":
        gain = points_added(from_snapshot(seen), arg)  # nothing is hidden (AM-3.4)
        if gain:
            return _label("why_take", lang, tile=tile_words(arg, lang), gain=gain)
        return _label("why_take_promise", lang, tile=tile_words(arg, lang))
    if kind in CHARACTERS:
        return _label("why_character", lang, character=character_words(kind, lang))
    return _label("why_end", lang)


def news(events: Sequence[Event], seen: AmphipolisObservation, lang: str) -> News | None:
    """The grave robber's strike, or the landslides a draw brought, said in the header: bad
    news for everyone at the table (the robber takes, a landslide brings the end nearer)."""
    if seen["phase"] == "over":
        return None  # the status says who won
    for event in reversed(events):
        if event.kind == "robber":
            return News(_label("robber_news", lang, n=event.fields["count"]), bad=True)
    if any(event.kind == "landslide" for event in events):
        names = localized_names(seen["names"], lang)  # the news, then what to do now
        return News(_label("landslide_news", lang, covered=seen["covered"]) + " "
                    + status(seen, names, lang), bad=True)
    return None


def odds(seen: AmphipolisObservation, lang: str) -> Odds | None:
    """During a take: the exact points each legal take adds now (AM-6), then the chances of
    the next turn's draw — its landslides, and that the game ends (AM-5.1) or, solo, that the
    grave robber strikes (AM-8.2) before the player takes again. Nothing is hidden (AM-3.4):
    the bag's contents follow from what is out of it."""
    if seen["phase"] in ("seed", "draw", "over"):
        return None
    state = from_snapshot(seen)
    takes = [str(a).partition(" ")[2] for a in state.legal_actions() if a.kind == "take"]
    gains = {tile: points_added(state, tile) for tile in takes}
    top = max(gains.values(), default=0)
    marked = len(set(gains.values())) > 1
    rows = tuple(OddsRow(action_words(f"take {tile}", seen, lang), (Fraction(gain),),
                         _take_why(state, tile, lang), marked and gain == top)
                 for tile, gain in gains.items())
    draw = _draw_odds(state, lang)
    if not rows:  # only a character or the end of the turn is left to choose
        return draw
    return Odds((_label("odds_points", lang),), rows, numbers=("points",), then=(draw,))


def _take_why(state: AmphipolisState, tile: str, lang: str) -> str:
    """The area a take scores in, before and after: "Your mosaics: 4 → 8 points."."""
    area = AREA_OF[TOKENS.index(tile)]
    before, after = score_change(state, tile)
    if before[area] == after[area]:
        return _label("why_take_promise", lang, tile=tile_words(tile, lang))
    return _label("odds_take_why", lang, area=area_words(AREAS[area], lang),
                  before=before[area], after=after[area])


def _draw_odds(state: AmphipolisState, lang: str) -> Odds:
    """The next turn's draws: how many landslides, and the chance of the end (or the robber)."""
    needed = landslides_still_needed(state)
    rows = [OddsRow(_slides_words(k, needed, lang), (p,), "")
            for k, p in next_turn_landslides(state).items()]
    bag = {"bag": state.bag_total, "landslides": state.bag[TOKENS.index("LS")], "needed": needed}
    if state.solo:
        strike = 1 - next_turn_landslides(state).get(0, Fraction(0))
        rows.append(OddsRow(_label("odds_robber", lang), (strike,),
                            _label("odds_robber_why", lang)))
    rows.append(OddsRow(_label("odds_end", lang), (end_before_next_take(state),),
                        _label("odds_end_why", lang, **bag)))
    return Odds((_label("odds_chance", lang),), tuple(rows), _label("odds_note_bag", lang),
                subject=_label("odds_next_draw", lang))


def _slides_words(k: int, needed: int, lang: str) -> str:
    if k >= needed:
        return _label("odds_slides_end", lang, n=k)
    return _label("odds_slides_0" if k == 0 else "odds_slides_1" if k == 1 else "odds_slides_n",
                  lang, n=k)


SPEC = BoardSpec(
    game="amphipolis",
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
    header_colour="#3d4f5c",
    lessons=LESSONS,
    view_options={SHOW_BAG: True},
    routes=routes,
)
