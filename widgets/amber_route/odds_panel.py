"""The odds panel of Amber Route: the exact chance of each choice in front of the player.

Before a challenge (AR-7.1): for each number of dice the player's own matching light cards
(and kept extra-die rewards) can make, the chance to overcome it with the dice alone, with the
guards spent well, and with guards and amber (boardlib.amber_route.odds). In a monster fight,
after the player's roll: the chance to win the fight from here if the dice are counted as they
are, or changed first. Before a fight between players: the chance to win for each number of
cards added. Everything is read from ``seen`` (the viewer's observation): the opponent's hand
is only a count there, so the panel gives a column for each number of cards they may add.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from boardlib.amber_route import odds as exact
from boardlib.amber_route.data import (
    CARD_KIND,
    CARD_LEVEL,
    CARD_REWARD,
    CASTLE,
    DARK_TOKENS,
    EXTRA_DIE_TERRAIN,
    FIELD_TERRAIN,
    FIELD_TYPE,
    GHOSTS,
    GRACE,
    MAX_DICE,
    MONSTERS,
    R_DAMAGE,
    TERRAIN,
    TERRAIN_LETTERS,
    TOTAL_DARK,
    TRAP_DICE,
    VERSIONS,
    parse_dark,
)
from boardlib.amber_route.observation import AmberRouteObservation
from boardlib.messages import localized_names
from widgets.amber_route.labels import LABELS
from widgets.amber_route.view import hand_tokens, step_of
from widgets.labels import label
from widgets.spec import Odds, OddsRow

MONSTER, GHOST, TRAP = 0, 1, 2


def _label(key: str, lang: str, **values: object) -> str:
    return label(key, lang, LABELS, **values)


def odds(seen: AmberRouteObservation, lang: str) -> Odds | None:
    """The odds of the decision at hand, or None when chance plays no part in it."""
    step, numbers = step_of(seen)
    if not numbers:
        return None
    seat = numbers[0]
    if hand_tokens(seen, seat) is None:  # not the viewer's decision: nothing of theirs to show
        return None
    if step == "action":
        return _moves(seen, seat, lang)
    if step == "prepare" and seen.get("card"):
        return _before_challenge(seen, seat, lang)
    faced = seen["card"]
    fighting = faced and CARD_KIND[parse_dark(faced)] == MONSTER
    if step == "modify" and fighting:
        return _monster_roll(seen, seat, lang)
    if step in ("attack", "duel_cards") and seen["version"] == "advanced":
        return _duel(seen, seat, step, numbers, lang)
    if step in ("attack", "contest_cards", "contest_first") and seen["version"] == "family":
        return _contest(seen, seat, step, numbers, lang)
    return None


# ----- before a move -----
def unseen_darkness(seen: AmberRouteObservation) -> list[int]:
    """The darkness cards that may be in the deck: every card not face up or held in view
    (resolved pile, kept rewards, the box, grace cards held, the card being faced)."""
    known = set(seen["dark_discard"].split()) | set(seen["box"].split())
    for info in seen["seats"]:
        known |= set(info["kept"].split())
        if info["grace"]:
            known.add(info["grace"])
    faced = seen["card"]
    if faced:
        known.add(faced)
    return [c for c in range(TOTAL_DARK) if DARK_TOKENS[c] not in known]


def _moves(seen: AmberRouteObservation, seat: int, lang: str) -> Odds | None:
    """For each move: the chance the darkness card drawn on that field is level I, II, III
    (AR-6.4), over the cards nobody has seen — or that it brings divine grace (Family)."""
    field = seen["seats"][seat]["field"]
    deck = unseen_darkness(seen)
    if not deck or seen["dark_deck"] != len(deck):  # a reshuffle is due: say nothing wrong
        return None
    rows = []
    for steps in (1, 2):
        if f"move {steps}" not in seen["legal_actions"]:
            continue
        to = min(CASTLE, field + steps)
        if FIELD_TYPE[to] != TERRAIN:
            continue
        counts = [0, 0, 0, 0]  # levels I, II, III, grace
        for c in deck:
            counts[3 if CARD_KIND[c] == GRACE else CARD_LEVEL[c][to]] += 1
        chances = tuple(Fraction(n, len(deck)) for n in counts[:3])
        why = _label("odds_why_move", lang, n=len(deck), one=counts[1], two=counts[2],
                     grace=counts[3])
        rows.append(OddsRow(_label("odds_row_move", lang, n=steps, field=to), chances, why))
    if not rows:
        return None
    headings = tuple(_label(f"odds_level_{level}", lang) for level in range(3))
    return Odds(headings, tuple(rows), _label("odds_note_move", lang))


# ----- before a challenge -----
def card_options(seen: AmberRouteObservation, seat: int) -> dict[int, tuple[str, ...]]:
    """Dice count → the fewest, smallest cards that reach it (light cards of the field's terrain
    or any terrain, and kept extra-die rewards on their terrain), within the box's 5 dice."""
    info = seen["seats"][seat]
    terrain = FIELD_TERRAIN[info["field"]]
    letter = TERRAIN_LETTERS[terrain] if terrain >= 0 else "?"
    playable = [t for t in hand_tokens(seen, seat) or [] if t[0] in (letter, "A")]
    kept = [t for t in info["kept"].split()
            if EXTRA_DIE_TERRAIN.get(CARD_REWARD[parse_dark(t)]) == terrain]
    start = seen["dice_count"]
    found: dict[int, tuple[int, int, tuple[str, ...]]] = {start: (0, 0, ())}
    cards = sorted(playable) + kept
    for chosen in product((False, True), repeat=min(len(cards), 12)):
        used = tuple(c for c, take in zip(cards, chosen) if take)
        values = [1 if c.startswith("D") else int(c[1]) for c in used]
        dice = start + sum(values)
        if dice > MAX_DICE:  # AR-7.4: a card that would make a 6th die cannot be played
            continue
        key = (len(used), sum(values))
        if dice not in found or key < found[dice][:2]:
            found[dice] = (*key, used)
    return {dice: found[dice][2] for dice in sorted(found)}


def _row_words(used: tuple[str, ...], dice: int, lang: str) -> str:
    if not used:
        return _label("odds_play_none", lang, n=dice)
    return _label("odds_play", lang, cards=" + ".join(used), n=dice)


def _before_challenge(seen: AmberRouteObservation, seat: int, lang: str) -> Odds:
    info = seen["seats"][seat]
    faced = seen["card"]
    assert faced  # asked for only while a darkness card is faced (odds: step "prepare")
    card = parse_dark(faced)
    kind = CARD_KIND[card]
    version = VERSIONS.index(seen["version"])
    level = seen["level"]
    guards, amber = info["guards"], info["amber"]
    rows: list[OddsRow] = []
    if kind == MONSTER:
        _, m_dice, low = MONSTERS[version][level]
        boost = seen["damage36"] or any(CARD_REWARD[parse_dark(t)] == R_DAMAGE
                                        for t in info["kept"].split())
        mine = 3 if seen["damage36"] else 4
        for dice, used in card_options(seen, seat).items():
            chances: list[Fraction] = [exact.monster_win(seen["hp"], guards, dice, m_dice, low,
                                                         mine)]
            if boost:
                chances.append(exact.monster_win(seen["hp"], guards, dice, m_dice, low, 3))
            why = _label("odds_why_monster", lang, n=dice, mine=mine, m=m_dice, low=low, g=guards)
            rows.append(OddsRow(_row_words(used, dice, lang), tuple(chances), why))
        headings = [_label("odds_win_fight", lang)]
        if boost:
            headings.append(_label("r_damage36", lang))
    else:
        for dice, used in card_options(seen, seat).items():
            if kind == GHOST:
                need = GHOSTS[version][level][0]
                chances = [exact.ghost_escape(need, dice), exact.ghost_escape(need, dice, guards),
                           exact.ghost_escape(need, dice, guards, amber)]
                why = _label("odds_why_ghost", lang, need=need, n=dice, total=6 ** dice,
                             **_ways(chances, 6 ** dice))
            else:
                need = TRAP_DICE[level]
                chances = [exact.trap_avoid(need, dice), exact.trap_avoid(need, dice, guards),
                           exact.trap_avoid(need, dice, guards, amber)]
                why = _label("odds_why_trap", lang, need=need, n=dice, total=6 ** dice,
                             **_ways(chances, 6 ** dice))
            rows.append(OddsRow(_row_words(used, dice, lang), tuple(chances), why))
        headings = [_label("odds_overcome_dice", lang),
                    _label("odds_overcome_guards", lang, g=guards),
                    _label("odds_overcome_all", lang, g=guards, a=amber)]
    return Odds(tuple(headings), _mark_best(rows), _label("odds_note", lang))


def _ways(chances: list[Fraction], total: int) -> dict[str, Fraction]:
    """The rolls of ``total`` that each column counts, named as the why-line names them: dice
    alone (p0), with the guards (p1), with guards and amber (p)."""
    alone, guarded, everything = (chance * total for chance in chances)
    return {"p0": alone, "p1": guarded, "p": everything}


def _mark_best(rows: list[OddsRow]) -> tuple[OddsRow, ...]:
    """The best row: the highest chance in the last column, fewest cards among equals (rows
    come cheapest first); none marked when every row is as good."""
    if not rows or all(row.chances[-1] == rows[0].chances[-1] for row in rows):
        return tuple(rows)
    top = max(row.chances[-1] for row in rows)
    best = next(i for i, row in enumerate(rows) if row.chances[-1] == top)
    return tuple(OddsRow(row.choice, row.chances, row.why, i == best)
                 for i, row in enumerate(rows))


# ----- after the player's roll in a monster fight -----
def _monster_roll(seen: AmberRouteObservation, seat: int, lang: str) -> Odds | None:
    dice = seen["dice"]
    if not dice or not all(dice):
        return None
    info = seen["seats"][seat]
    version = VERSIONS.index(seen["version"])
    _, m_dice, low = MONSTERS[version][seen["level"]]
    mine = 3 if seen["damage36"] else 4
    guards, hp, n = info["guards"], seen["hp"], len(dice)
    hits = sum(1 for v in dice if v >= mine)

    def chance(extra: int, spent: int) -> Fraction:
        return exact.after_player_attack(hp, hits + extra, guards - spent, n, m_dice, low, mine)

    rows = [OddsRow(_label("odds_row_count", lang), (chance(0, 0),),
                    _label("odds_why_count", lang, hits=hits))]
    near = next((i for i, v in enumerate(dice) if v == mine - 1), None)
    if near is not None and guards:
        rows.append(OddsRow(_label("odds_row_raise", lang, die=near + 1), (chance(1, 1),),
                            _label("odds_why_raise", lang)))
    miss = next((i for i, v in enumerate(dice) if v < mine), None)
    if miss is not None and info["amber"]:
        rows.append(OddsRow(_label("odds_row_set", lang, die=miss + 1), (chance(1, 0),),
                            _label("odds_why_set", lang)))
    return Odds((_label("odds_win_fight", lang),), _mark_best(rows), _label("odds_note", lang))


# ----- fights between players -----
def _their_columns(count: str | int, lang: str) -> tuple[list[int], tuple[str, ...]]:
    """The opponent's possible extra cards (0 … up to 2, no more than they hold)."""
    assert isinstance(count, int)  # the mover sees another seat's hand only as a count
    extras = list(range(min(2, count) + 1))
    words = {"en": "they add {k}", "ja": "相手が{k}枚追加"}
    return extras, tuple(words.get(lang, words["en"]).format(k=k) for k in extras)


def _their_dice(dice: int, extras: list[int]) -> int | str:
    """The opponent's dice over the columns, as the why-line says them: "1–3" over the columns
    "they add 0, 1, 2" from 1 die (#33.9: it said "against 1" above them); one number for one."""
    return dice if len(extras) == 1 else f"{dice + extras[0]}–{dice + extras[-1]}"


def _duel(seen: AmberRouteObservation, seat: int, step: str, numbers: list[int],
          lang: str) -> Odds | None:
    """Advanced dice duel (AR-12): the attacker's chance for each number of cards added."""
    names = localized_names(seen["names"], lang)
    mine = len(hand_tokens(seen, seat) or [])
    rows = []
    if step == "attack":
        targets = [q for q, info in enumerate(seen["seats"])
                   if q != seat and info["field"] == seen["seats"][seat]["field"]]
        if not targets:
            return None
        q = targets[0]
        extras, headings = _their_columns(seen["seats"][q]["hand"], lang)
        for k in range(min(2, mine) + 1):
            chances = tuple(exact.duel_win(1 + k, 1 + e) for e in extras)
            rows.append(OddsRow(_label("odds_row_attack", lang, player=names[q]) + f" (+{k})",
                                chances, _label("odds_why_duel", lang, a=1 + k,
                                                d=_their_dice(1, extras))))
        return Odds(headings, _mark_best(rows), _label("odds_note", lang))
    _, defender, a_hp, d_hp, a_added, d_added = seen["duel"]
    role = numbers[1] if len(numbers) > 1 else 0
    if role == 0:
        extras, headings = _their_columns(seen["seats"][defender]["hand"], lang)
        for k in range(min(2 - a_added, mine) + 1):
            chances = tuple(exact.duel_win(a_hp + k, d_hp + e) for e in extras)
            rows.append(OddsRow(_label("odds_row_ready", lang, n=a_hp + k), chances,
                                _label("odds_why_duel", lang, a=a_hp + k,
                                       d=_their_dice(d_hp, extras))))
        return Odds(headings, _mark_best(rows), _label("odds_note", lang))
    for k in range(min(2 - d_added, mine) + 1):
        chance = 1 - exact.duel_win(a_hp, d_hp + k)
        rows.append(OddsRow(_label("odds_row_ready", lang, n=d_hp + k), (chance,),
                            _label("odds_why_duel", lang, a=a_hp, d=d_hp + k)))
    return Odds((_label("odds_win_fight", lang),), _mark_best(rows), _label("odds_note", lang))


def _contest(seen: AmberRouteObservation, seat: int, step: str, numbers: list[int],
             lang: str) -> Odds | None:
    """Family fight (AR-13): sums of dice, for each number of cards of this terrain added,
    both sides spending their guards as well as they can (AR-13.5)."""
    info = seen["seats"][seat]
    terrain = FIELD_TERRAIN[info["field"]]
    letter = TERRAIN_LETTERS[terrain] if terrain >= 0 else "?"
    matching = sum(1 for t in hand_tokens(seen, seat) or [] if t[0] in (letter, "A"))
    rows = []
    if step in ("attack", "contest_first"):
        if not matching:
            return None
        # the defender: whom the attack is aimed at, or the best guarded one it may be aimed at
        others = [s for s in range(len(seen["seats"])) if s != seat
                  and seen["seats"][s]["field"] == info["field"]]
        if step == "contest_first":
            others = [seen["duel"][1]]
        theirs = max((seen["seats"][s]["guards"] for s in others), default=0)
        headings = tuple({"en": "they play {k}", "ja": "相手が{k}枚"}.get(lang, "they play {k}")
                         .format(k=k) for k in range(3))
        for k in range(1, min(matching, 4) + 1):
            chances = tuple(exact.contest_win(k + 1, e + 1, info["guards"], theirs)
                            for e in range(3))
            rows.append(OddsRow(_label("odds_row_ready", lang, n=k + 1), chances,
                                _label("odds_why_contest", lang, a=k + 1, d="1–3",
                                       ga=info["guards"], gd=theirs)))
        return Odds(headings, _mark_best(rows), _label("odds_note", lang))
    attacker, defender, a_cards, d_cards = seen["duel"][:4]
    a_guards = seen["seats"][attacker]["guards"]
    d_guards = seen["seats"][defender]["guards"]
    role = numbers[1] if len(numbers) > 1 else 0
    for k in range(0, min(matching, 4) + 1):
        if role == 0:
            a, d = min(MAX_DICE, a_cards + k + 1), min(MAX_DICE, d_cards + 1)
            chance = exact.contest_win(a, d, a_guards, d_guards)
        else:
            a, d = min(MAX_DICE, a_cards + 1), min(MAX_DICE, d_cards + k + 1)
            chance = 1 - exact.contest_win(a, d, a_guards, d_guards)
        rows.append(OddsRow(_label("odds_row_ready", lang, n=(a if role == 0 else d)), (chance,),
                            _label("odds_why_contest", lang, a=a, d=d, ga=a_guards,
                                   gd=d_guards)))
    return Odds((_label("odds_win_fight", lang),), _mark_best(rows), _label("odds_note", lang))
