"""Results: rank players by a list of numbers compared in order, and say why in words.

Every game ends the same way — compare the first number, break ties with the next,
share the victory when all agree — so this lives once, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from boardlib.messages import join_names, localized_names

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


@dataclass(frozen=True)
class Result:
    """Who won, the full ranking, the numbers it was decided on, and why.

    ``ranking`` lists places best first; players who share a place are grouped.
    ``scores[p]`` are player p's numbers, in the order of ``criteria``; higher is better.
    A criterion is a template such as ``"{n} fossil{s} on level 2"``; ``short`` holds
    column headings (``"L2"``) and ``labels`` the templates in other languages.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[tuple[int, ...], ...]
    criteria: tuple[str, ...]
    names: tuple[str, ...]
    short: tuple[str, ...] = ()
    labels: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)

    @property
    def explanation(self) -> str:
        return self.explain("en")

    def place_of(self, player: int) -> int:
        """1 for the winners, 2 for the group after them, and so on."""
        place = 1
        for group in self.ranking:
            if player in group:
                return place
            place += len(group)
        raise ValueError(f"no player {player} in this result")

    def explain(self, lang: str = "en") -> str:
        """Every place in words: the number that decided it, and the ties before it."""
        templates = self.labels.get(lang, self.criteria) if lang != "en" else self.criteria
        names = localized_names(self.names, lang)
        sentences = []
        place = 1
        for index, group in enumerate(self.ranking):
            if len(group) > 1:
                sentences.append(_shared(group, place, names, self.scores, templates, lang))
            if index + 1 < len(self.ranking):
                sentences.append(_ahead(group, self.ranking[index + 1], place, names,
                                        self.scores, templates, lang))
            elif len(self.ranking) == 1 and len(group) == 1:
                sentences.append(f"{names[group[0]]}の勝ちです。" if lang == "ja"
                                 else f"{names[group[0]]} wins.")
            place += len(group)
        return " ".join(sentences) if lang != "ja" else "".join(sentences)

    def to_dict(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "scores": [list(score) for score in self.scores],
            "criteria": [phrase(c, None) for c in self.criteria],
            "explanation": self.explanation,
        }


def rank_players(
    scores: Sequence[Sequence[int]],
    criteria: Sequence[str],
    names: Sequence[str],
    short: Sequence[str] = (),
    labels: dict[str, Sequence[str]] | None = None,
) -> Result:
    """Rank by ``scores`` compared number by number (higher first); equal rows share a place."""
    keys = [tuple(score) for score in scores]
    order = sorted(range(len(keys)), key=lambda p: keys[p], reverse=True)
    ranking: list[tuple[int, ...]] = []
    for player in order:
        if ranking and keys[ranking[-1][0]] == keys[player]:
            ranking[-1] = (*ranking[-1], player)
        else:
            ranking.append((player,))
    return Result(
        winners=ranking[0],
        ranking=tuple(ranking),
        scores=tuple(keys),
        criteria=tuple(criteria),
        names=tuple(names),
        short=tuple(short),
        labels={lang: tuple(text) for lang, text in (labels or {}).items()},
    )


def phrase(template: str, n: int | None) -> str:
    """``"{n} fossil{s} on level 2"`` with a number (or, for n None, as a heading)."""
    if n is None:
        return template.replace("{n} ", "").format(n="", s="s")
    return template.format(n=n, s="" if n == 1 else "s")


def versus(template: str, a: int, b: int, lang: str = "en") -> str:
    """Two values of one criterion side by side, every field filled: "金貨3枚対1枚",
    "2段目の化石4個対2個", "5 points to 3" (the words after the number repeat, not before)."""
    before, _, after = template.partition("{n}")
    if lang == "ja":
        before, after = before.rstrip(), after.lstrip()
        return f"{before}{a}{after}対{b}{after}"
    return f"{phrase(template, a)} to {b}"


def _phrase_ja(template: str, n: int) -> str:
    """A Japanese criterion with its number, no space around it: "{n} 点" → "3点"."""
    return phrase(template.replace(" {n}", "{n}").replace("{n} ", "{n}"), n)


def _ordinal(place: int, lang: str) -> str:
    if lang == "ja":
        return f"{place}位"
    return _ORDINALS.get(place, f"{place}th")


def _shared(group: Sequence[int], place: int, names: Sequence[str],
            scores: Sequence[Sequence[Any]], templates: Sequence[str], lang: str) -> str:
    who = join_names([names[p] for p in group], lang)
    score = scores[group[0]]
    if lang == "ja":
        values = "、".join(_phrase_ja(t, v) for t, v in zip(templates, score))
        verb = "勝利を分け合います" if place == 1 else f"{_ordinal(place, lang)}を分け合います"
        return f"{who}はすべての項目で同点（{values}）なので{verb}。"
    values = ", ".join(phrase(t, v) for t, v in zip(templates, score))
    verb = "share the victory" if place == 1 else f"share {_ordinal(place, lang)} place"
    return f"{who} tie on everything ({values}) and {verb}."


def _ahead(group: Sequence[int], below: Sequence[int], place: int, names: Sequence[str],
           scores: Sequence[Sequence[Any]], templates: Sequence[str], lang: str) -> str:
    a, b = scores[group[0]], scores[below[0]]
    decider = next(i for i in range(len(a)) if a[i] != b[i])
    who = join_names([names[p] for p in group], lang)
    other = join_names([names[p] for p in below], lang)
    if lang == "ja":
        head = f"{who}の勝ちです" if place == 1 else f"{who}が{_ordinal(place, lang)}です"
        decided = versus(templates[decider], a[decider], b[decider], lang)
        if decider == 0:
            return f"{head}（{decided}で{other}を上回りました）。"
        ties = "、".join(_phrase_ja(t, v) for t, v in zip(templates[:decider], a))
        return f"{who}と{other}は{ties}で同点ですが、{decided}で{head}。"
    head = f"{who} {'win' if len(group) > 1 else 'wins'}" if place == 1 else (
        f"{who} {'come' if len(group) > 1 else 'comes'} {_ordinal(place, lang)}"
    )
    if decider == 0:
        return f"{head} with {phrase(templates[0], a[0])} against {b[0]} for {other}."
    ties = join_names([phrase(t, v) for t, v in zip(templates[:decider], a)], lang)
    return (f"{head}: {who} and {other} both have {ties}, but "
            f"{phrase(templates[decider], a[decider])} beat {b[decider]}.")
