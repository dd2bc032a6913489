"""Build any Ambar (2018) position from a few readable lines, and write one back out.

Only what matters needs writing; everything else takes its set-up value. For example
"three cards in the line-up, two of them black, this deck left"::

    phase: journey
    line-up: BY CH V6        # cards in the order drawn; SERPENT / REDDEMON for demons
    deck: OR:2 TA:1          # what is left to draw (default: every card not written elsewhere)

Other lines (all optional): ``players: 3``, ``names: Ann, Bob``, ``round: 2``,
``turn: 2`` (whose turn, from 1), ``decider: 3`` and ``queue: 1 2`` (who decides in a
response, carry, trade or upgrade window and who comes after; by default the first to decide
and everyone after them in turn order; write ``queue: none`` for nobody), ``used: 3`` (line-up
positions, from 1, of trade cards already sold on), ``turned: RD``, ``drawn: 2``,
``fled: yes``, ``chants check: yes``, ``actions: 3``, ``recover later: yes`` (the active
player's forest was emptied during this turn: AB-6.7), ``aside: …``, ``discard: …``,
``box: …``, ``top: V6 known by 1 2``, ``player 1: gold 5, soldiers 2, markers 2,
alchemy A2, traveller ST, village SV, alchemy gems Y2 B1, village gems none, events FC AM``
(unwritten parts as at set-up), ``hoard: Y30 B15 R10`` (default: every gem not written
elsewhere), ``supply: markers 8, soldiers 9, bank 180`` (default: the rest),
``loot: Y1 gold 1``, ``sold: …``, ``treasure: …``, ``carry: Y2``, ``event deck: FC:2 …``
(default: the rest), ``event discard: …``, ``serpent: place | line-up | player 2``,
``serpent next: 1``, ``demon: aside | player 1``, ``deal: 1``, ``over: yes``.
Card and event codes are listed in components.json. Everything is checked like a save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.ambar_2018.data import (
    BANK,
    CODES,
    COLOURS,
    EVENT_COUNTS,
    EVENTS,
    GEM_TOTALS,
    MARKERS,
    NCARDS,
    OTHERS_DECIDE,
    PHASES,
    PLAYER_COUNTS,
    ROUND1,
    ROUND2,
    SOLDIERS,
    START,
    STARTING,
    SUPPLIES,
)
from boardlib.ambar_2018.setup import PILES, SCHEMA, richest_seat, starting_seat
from boardlib.fields import description_lines
from boardlib.fields import whole_number as _int
from boardlib.fields import yes_no as _yes
from boardlib.protocol import default_names

if TYPE_CHECKING:  # the state builds on this module: only its type is needed here
    from boardlib.ambar_2018.state import Ambar2018State

_KEYS = ("players", *dict.fromkeys(SCHEMA.description_keys()))
"""The lines a description may have: one per field of the schema (several fields share one:
``top: V6 known by 1``, ``loot: Y1 gold 1``, ``supply: …``, the Red Demon in ``line-up``), and
``players``, the seat count (a schema field the state does not keep)."""
_SEAT_FIELDS = {f.description_key: f.name for f in SCHEMA.fields if f.seat}
"""A ``player N`` line's items (``alchemy gems Y2``) → the seat's fields in a snapshot."""
_SEAT_KEYS = tuple(_SEAT_FIELDS)
_SUPPLY_ITEMS = {"markers": "marker_supply", "soldiers": "soldier_supply", "bank": "bank"}
"""The ``supply`` line's items (``supply: markers 8, soldiers 9, bank 180``) → its fields."""


def parse_description(text: str) -> dict[str, Any]:
    """The position the lines describe (see the module docstring); ValueError if there is none."""
    fields, seat_lines = _read(text)
    count = int(fields["players"]) if "players" in fields else max(
        [2, *[s + 1 for s in seat_lines]])
    if count not in PLAYER_COUNTS:
        raise ValueError(f"Ambar (2018) is played by 2 to 4 players, not {count} (AB-1.2).")
    names = [x.strip() for x in fields["names"].split(",")] if "names" in fields else None
    round_ = _int(fields.get("round", "1"), "round")
    phase = fields.get("phase", "journey").strip()
    if phase not in PHASES:
        raise ValueError(f"'phase' must be one of {', '.join(PHASES)}.")
    active = _seat(fields.get("turn", "1"), count)
    lineup = _codes(fields.get("line-up", "none"), demons=True)
    seats = [_seat_data(seat_lines.get(p, "")) for p in range(count)]
    start = SUPPLIES["start"]
    data: dict[str, Any] = {
        "players": count,
        "names": names if names is not None else default_names(count),
        "round": round_,
        "phase": phase,
        "active": active,
        "decider": None,
        "queue": [_seat(q, count) for q in fields.get("queue", "").split() if q != "none"],
        "top": None, "top_known": [],
        "lineup": lineup,
        "used": [_int(k, "used") - 1 for k in fields.get("used", "").split()],
        "turned": _one_code(fields.get("turned")),
        "drawn": _int(fields["drawn"], "drawn") if "drawn" in fields else sum(
            1 for c in lineup if c not in ("SERPENT", "REDDEMON")),
        "fled": _yes(fields.get("fled", "no")),
        "chants_check": _yes(fields.get("chants check", "no")),
        "actions": _int(fields.get("actions", "0"), "actions"),
        "recover_later": _yes(fields.get("recover later", "no")),
        "seats": seats,
        "loot": {}, "loot_gold": 0, "sold": {}, "treasure": {}, "treasure_gold": 0,
        "carry": None,
        "serpent": "line-up" if "SERPENT" in lineup else "place",
        "serpent_next": None,
        "demon": "aside",
        "demon_out": "REDDEMON" in lineup,
        "deal": None,
        "ended": "deck" if _yes(fields.get("over", "no")) else None,
    }
    if phase in [PHASES[i] for i in OTHERS_DECIDE]:
        first = 0 if phase in ("trade", "upgrade") else 1
        order = [(active + i) % count for i in range(first, count)]
        decider = _seat(fields.get("decider", str(order[0] + 1)), count)
        data["decider"] = decider
        if "queue" not in fields and decider in order:  # the rest of the window, in turn order
            data["queue"] = order[order.index(decider) + 1:]
    if phase == "deal":
        data["deal"] = _seat(fields.get("deal", "1"), count)
    if "top" in fields:
        card, _, known = fields["top"].partition("known by")
        data["top"] = _one_code(card.strip())
        data["top_known"] = [_seat(q, count) for q in known.split()] or [active]
    data["loot"], data["loot_gold"] = _goods(fields.get("loot", "none"))
    data["sold"], _ = _goods(fields.get("sold", "none"))
    data["treasure"], data["treasure_gold"] = _goods(fields.get("treasure", "none"))
    if "carry" in fields:
        data["carry"] = _carried(fields["carry"])
    for key, field in (("serpent", "serpent"), ("demon", "demon")):
        if key in fields:
            value = fields[key].strip()
            data[field] = _seat(value, count) if value.startswith("player") or value.isdigit() \
                else value
    if "serpent next" in fields:
        data["serpent_next"] = _seat(fields["serpent next"], count)
    if round_ == 2 and "demon" not in fields:
        data["demon"] = active if data["demon_out"] else richest_seat([s["gold"] for s in seats])
    _fill_cards(data, fields, count)
    _fill_goods(data, fields, count, start)
    return data


def describe(state: Ambar2018State) -> str:
    """The lines ``from_description`` reads back into exactly this position."""
    d = state.snapshot()
    n = d["players"]
    lines = [f"players: {n}"]
    if d["names"] != default_names(n):
        lines.append("names: " + ", ".join(d["names"]))
    lines += [f"round: {d['round']}", f"phase: {d['phase']}", f"turn: {d['active'] + 1}"]
    if d["decider"] is not None:
        lines.append(f"decider: {d['decider'] + 1}")
        lines.append("queue: " + (" ".join(str(q + 1) for q in d["queue"]) or "none"))
    lines.append("line-up: " + (" ".join(d["lineup"]) or "none"))
    if d["used"]:
        lines.append("used: " + " ".join(str(k + 1) for k in d["used"]))
    if d["turned"]:
        lines.append(f"turned: {d['turned']}")
    lines += [f"drawn: {d['drawn']}", f"fled: {_yn(d['fled'])}",
              f"chants check: {_yn(d['chants_check'])}", f"actions: {d['actions']}"]
    if d["recover_later"]:
        lines.append("recover later: yes")
    for pile in PILES:
        lines.append(f"{pile}: {_count_text(d[pile])}")
    if d["top"]:
        lines.append(f"top: {d['top']} known by " + " ".join(str(q + 1) for q in d["top_known"]))
    for p, seat in enumerate(d["seats"]):
        lines.append(
            f"player {p + 1}: gold {seat['gold']}, soldiers {seat['soldiers']}, markers "
            f"{seat['markers']}, alchemy {seat['alchemy']}, traveller {seat['traveller']}, "
            f"village {seat['village']}, alchemy gems {_gem_text(seat['alchemy_gems'])}, "
            f"village gems {_gem_text(seat['village_gems'])}, events "
            + (" ".join(e for e, k in seat["event_hand"].items() for _ in range(k)) or "none")
        )
    s = {item: d["supply"][name] for item, name in _SUPPLY_ITEMS.items()}
    lines.append(f"hoard: {_gem_text(d['hoard'])}")
    lines.append(f"supply: markers {s['markers']}, soldiers {s['soldiers']}, bank {s['bank']}")
    lines.append(f"loot: {_gem_text(d['loot'])} gold {d['loot_gold']}")
    lines.append(f"sold: {_gem_text(d['sold'])}")
    lines.append(f"treasure: {_gem_text(d['treasure'])} gold {d['treasure_gold']}")
    if d["carry"]:
        lines.append(f"carry: {d['carry']['colour']}{d['carry']['count']}")
    lines.append(f"event deck: {_count_text(d['event_deck'])}")
    lines.append(f"event discard: {_count_text(d['event_discard'])}")
    lines.append(f"serpent: {_where(d['serpent'])}")
    if d["serpent_next"] is not None:
        lines.append(f"serpent next: {d['serpent_next'] + 1}")
    lines.append(f"demon: {_where(d['demon'])}")
    if d["deal"] is not None:
        lines.append(f"deal: {d['deal'] + 1}")
    if d["ended"]:
        lines.append("over: yes")
    return "\n".join(lines) + "\n"


# ----- defaults: everything not written is where set-up (or the rest) puts it ----------------
def _fill_cards(data: dict[str, Any], fields: dict[str, str], count: int) -> None:
    """Unwritten piles: the box and the laid-aside cards as at set-up; every card not written
    anywhere goes to the deck, or to the discard pile when the deck is written."""
    for pile in PILES:
        if pile in fields:
            data[pile] = _counts(fields[pile], CODES[:NCARDS])
    if "box" not in fields:
        spare = max(PLAYER_COUNTS) - count
        data["box"] = {CODES[c]: spare for c in STARTING} if spare else {}
    if "aside" not in fields:
        data["aside"] = ({CODES[c]: n for c, n in enumerate(ROUND2) if n}
                         if data["round"] == 1 else {})
    rest_to = "discard" if "deck" in fields else "deck"
    data.setdefault("discard", {})
    if rest_to in fields:
        return
    data[rest_to] = {}
    left = [ROUND1[c] + ROUND2[c] + (max(PLAYER_COUNTS) if START[c] else 0)
            for c in range(NCARDS)]
    written = [*data["lineup"], *([data["turned"]] if data["turned"] else [])]
    for seat in data["seats"]:
        written += ["SF", seat["alchemy"], seat["traveller"], seat["village"]]
    for pile in PILES:
        written += [code for code, k in data[pile].items() for _ in range(k)]
    for code in written:
        if code in CODES[:NCARDS]:
            left[CODES.index(code)] -= 1
    data[rest_to] = {CODES[c]: k for c, k in enumerate(left) if k > 0}


def _fill_goods(data: dict[str, Any], fields: dict[str, str], count: int,
                start: dict[str, Any]) -> None:
    seats = data["seats"]
    if "hoard" in fields:
        data["hoard"], _ = _goods(fields["hoard"])
    else:
        used = [sum(g.get(c, 0) for g in [*(s["alchemy_gems"] for s in seats),
                                           *(s["village_gems"] for s in seats),
                                           data["loot"], data["sold"], data["treasure"]])
                for c in COLOURS]
        if data["carry"]:
            used[COLOURS.index(data["carry"]["colour"])] += data["carry"]["count"]
        data["hoard"] = {c: GEM_TOTALS[i] - used[i] for i, c in enumerate(COLOURS)}
    supply = _supply(fields.get("supply", ""))
    supply.setdefault("markers", MARKERS - sum(s["markers"] for s in seats))
    supply.setdefault("soldiers", SOLDIERS - sum(s["soldiers"] for s in seats))
    supply.setdefault("bank", BANK - sum(s["gold"] for s in seats) - data["loot_gold"]
                      - data["treasure_gold"])
    data["supply"] = {name: supply[item] for item, name in _SUPPLY_ITEMS.items()}
    if "event discard" in fields:
        data["event_discard"] = _counts(fields["event discard"], EVENTS)
    else:
        data["event_discard"] = {}
    if "event deck" in fields:
        data["event_deck"] = _counts(fields["event deck"], EVENTS)
    else:
        left = list(EVENT_COUNTS)
        for held in [*(s["event_hand"] for s in seats), data["event_discard"]]:
            for code, k in held.items():
                left[EVENTS.index(code)] -= k
        data["event_deck"] = {EVENTS[e]: k for e, k in enumerate(left) if k}
    del start


# ----- readers ------------------------------------------------------------------------------
def _read(text: Any) -> tuple[dict[str, str], dict[int, str]]:
    fields: dict[str, str] = {}
    seats: dict[int, str] = {}
    for number, key, value in description_lines(text, "line-up: BY CH V6"):
        if key.startswith("player "):
            seat = key[len("player "):].strip()
            if not seat.isdigit() or not 1 <= int(seat) <= max(PLAYER_COUNTS):
                raise ValueError(f"Line {number}: players are numbered 1 to 4, not {seat!r}.")
            seats[int(seat) - 1] = value
        elif key in _KEYS:
            fields[key] = value.strip()
        else:
            raise ValueError(f"Line {number}: unknown key {key!r}; use 'player N' or one of "
                             f"{', '.join(_KEYS)}.")
    return fields, seats


def _seat_data(text: str) -> dict[str, Any]:
    seat = starting_seat()
    for part in filter(None, (x.strip() for x in text.split(","))):
        key = next((k for k in sorted(_SEAT_KEYS, key=len, reverse=True)
                    if part.lower().startswith(k + " ")), None)
        if key is None:
            raise ValueError(f"{part!r}: a player is described by {', '.join(_SEAT_KEYS)}.")
        value = part[len(key):].strip()
        name = _SEAT_FIELDS[key]
        if name in ("gold", "soldiers", "markers"):
            seat[name] = _int(value, key)
        elif name in ("alchemy", "traveller", "village"):
            seat[name] = value
        elif name == "event_hand":
            seat[name] = {} if value.lower() == "none" else _tally(value.split(), EVENTS)
        else:
            seat[name], _ = _goods(value)
    return seat


def _goods(text: str) -> tuple[dict[str, int], int]:
    """``"Y2 B1 gold 3"`` → ({"Y": 2, "B": 1}, 3)."""
    tokens = text.replace(",", " ").split()
    gems: dict[str, int] = {}
    gold = 0
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.lower() == "none":
            i += 1
        elif token.lower() == "gold" and i + 1 < len(tokens):
            gold = _int(tokens[i + 1], "gold")
            i += 2
        elif token[0].upper() in COLOURS and token[1:].isdigit():
            gems[token[0].upper()] = gems.get(token[0].upper(), 0) + int(token[1:])
            i += 1
        else:
            raise ValueError(f"{token!r}: gems are written like Y2 B1 R1 (and 'gold 3').")
    return {c: n for c, n in gems.items() if n}, gold


def _carried(text: str) -> dict[str, Any]:
    """The gems on the road, one colour: ``"Y2"``. ``"Y0"`` too: Distractions and Fog may take
    every gem carried while the window is still open (AB-11.10, AB-11.11), and the journey
    still ends in the village."""
    tokens = text.replace(",", " ").split()
    token = tokens[0] if len(tokens) == 1 else ""
    if not (token[:1].upper() in COLOURS and token[1:].isdigit()):
        raise ValueError(f"'carry' is one colour of gems, like Y2, not {text.strip()!r}.")
    return {"colour": token[0].upper(), "count": int(token[1:])}


def _supply(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in filter(None, (x.strip() for x in text.split(","))):
        key, _, value = part.partition(" ")
        if key not in _SUPPLY_ITEMS:
            raise ValueError(f"'supply' lists markers, soldiers and bank, not {key!r}.")
        out[key] = _int(value, key)
    return out


def _counts(text: str, names: list[str]) -> dict[str, int]:
    if text.strip().lower() in ("", "none"):
        return {}
    out: dict[str, int] = {}
    for item in text.replace(",", " ").split():
        code, sep, k = item.partition(":")
        if code not in names or (sep and not k.isdigit()):
            raise ValueError(f"{item!r}: write counts like V6:2 with a code among "
                             f"{', '.join(names)}.")
        out[code] = out.get(code, 0) + (int(k) if sep else 1)
    return {c: k for c, k in out.items() if k}


def _tally(tokens: list[str], names: list[str]) -> dict[str, int]:
    return _counts(" ".join(tokens), names)


def _codes(text: str, demons: bool = False) -> list[str]:
    if text.strip().lower() in ("", "none"):
        return []
    allowed = CODES if demons else CODES[:NCARDS]
    codes = text.replace(",", " ").split()
    for code in codes:
        if code not in allowed:
            raise ValueError(f"{code!r} is not a card code; codes: {', '.join(allowed)}.")
    return codes


def _one_code(text: str | None) -> str | None:
    if text is None or text.strip().lower() in ("", "none"):
        return None
    codes = _codes(text)
    if len(codes) != 1:
        raise ValueError(f"Expected one card code, not {text!r}.")
    return codes[0]


def _seat(text: str, count: int) -> int:
    value = text.strip().lower()
    if value.startswith("player"):
        value = value[len("player"):].strip()
    if not value.isdigit() or not 1 <= int(value) <= count:
        raise ValueError(f"A seat is a player number 1–{count}, not {text!r}.")
    return int(value) - 1


def _yn(flag: bool) -> str:
    return "yes" if flag else "no"


def _count_text(counts: dict[str, int]) -> str:
    return " ".join(f"{c}:{k}" for c, k in counts.items()) or "none"


def _gem_text(gems: dict[str, int]) -> str:
    return " ".join(f"{c}{k}" for c, k in gems.items() if k) or "none"


def _where(value: Any) -> str:
    return f"player {value + 1}" if isinstance(value, int) else value
