"""The rule steps of the Amber Route lesson (notebooks/amber_route/01_rules.ipynb), kept once as
data: the position (``boardlib.amber_route.from_description``), the goal in every language,
and the moves each step is about. Advanced first, in the rulebook's order, then what Family
changes; the rulebook's worked examples are steps of their own."""

from __future__ import annotations

import random

from boardlib.amber_route import AmberRouteState, from_description
from widgets.spec import LessonStep

BOT = {1: "careful"}  # one person at the screen: no curtain, and Player 2 answers

GHOST_EXAMPLE = ("version: family\nplayer 1: field 3, guards 3, amber 1, hand S1 F2\n"
                 "player 2: field 1\nfacing: D37\n")
"""AR-9.3: a level II swamp ghost (card D37 on swamp field 3), 9 needed; the reward is two
light cards."""

GHOST_ROLLED = ("version: family\nplayer 1: field 3, guards 3, amber 0, hand F2\n"
                "player 2: field 1\nfacing: D37\ndice count: 2\ndice: 4 4\n"
                "light discard: S1\nqueue: modify 0 0 0; ghost 0; end_turn\n")
"""AR-9.3 after the roll: 8, one short of 9 — a guard raises a die to 5."""

MONSTER_EXAMPLE = ("version: family\nplayer 1: field 2, guards 3, amber 1, hand F2 M1\n"
                   "player 2: field 1\nfacing: D17\n")
"""AR-8.6: a level II forest monster (3 hit points, 2 dice), reward two guard markers."""

TRAP_EXAMPLE = ("version: advanced\nplayer 1: field 3, guards 2, amber 1, hand S1 A2, "
                "kept D04\nplayer 2: field 1\nfacing: D40\n")
"""AR-10.3: a legendary swamp trap (4 dice alike); a light card adds a die (5), and a kept
"reroll 2 dice" card waits for the roll."""

TRAP_ROLLED = ("version: advanced\nplayer 1: field 3, guards 2, amber 1, hand A2, kept D04\n"
               "player 2: field 1\nfacing: D40\ndice count: 5\ndice: 1 1 3 6 4\n"
               "light discard: S1\nqueue: modify 0 0 0; trap 0; end_turn\n")
"""AR-10.3 after the roll 1, 1, 3, 6, 4: reroll the 6 and the 4 with the kept card."""

LESSONS: dict[str, LessonStep] = {
    "move": LessonStep(
        rules=("AR-4.1", "AR-5.5", "AR-5.6", "AR-1.3", "AR-2.1"),
        position="version: advanced\nplayer 1: field 0, hand M1 F2 A1\nplayer 2: field 0\n",
        goal={"en": "move 1 field forward (click field 1) — or 2, paying a guard",
              "ja": "1マス進む（1マス目をクリック）— 護衛1を払えば2マス"},
        expect=("move 1", "move 2"),
        bots=BOT,
    ),
    "village": LessonStep(
        rules=("AR-5.1", "AR-5.2"),
        position="version: advanced\nplayer 1: field 5, guards 2, hand M1\nplayer 2: field 3\n",
        goal={"en": "recruit guards in the village: click your guards (+2 here)",
              "ja": "村で護衛を雇う：自分の護衛をクリック（ここでは+2）"},
        expect=("recruit",),
        bots=BOT,
    ),
    "buy": LessonStep(
        rules=("AR-5.3", "AR-5.4", "AR-3.3", "AR-1.4"),
        position="version: advanced\nplayer 1: field 4, amber 1, hand M1\nplayer 2: field 3\n",
        goal={"en": "pay 1 unsecured amber for 2 light cards (click the light deck)",
              "ja": "確保していない琥珀1で光のカード2枚（光の山札をクリック）"},
        expect=("buy cards",),
        bots=BOT,
    ),
    "ghost": LessonStep(
        rules=("AR-6.1", "AR-6.4", "AR-7.1", "AR-9.1"),
        position=GHOST_EXAMPLE,
        goal={"en": "the rulebook's ghost: play the swamp card S1 for a 2nd die, then Go",
              "ja": "ルールブックの幽霊：沼地のカードS1を出してダイス2個に、そして「振る」"},
        before=(("play S1",),),
        expect=("go",),
        bots=BOT,
    ),
    "ghost_guard": LessonStep(
        rules=("AR-7.2", "AR-9.3", "AR-9.2"),
        position=GHOST_ROLLED,
        goal={"en": "8 is one short of 9: spend a guard to raise a die (click it), then Done",
              "ja": "8は9に1足りない：護衛でダイスを1上げて（クリック）、「決定」"},
        before=(("up 1", "up 2"),),
        expect=("done",),
        bots=BOT,
    ),
    "monster": LessonStep(
        rules=("AR-8.1", "AR-8.2", "AR-8.3", "AR-8.4", "AR-8.5", "AR-8.6"),
        position=MONSTER_EXAMPLE,
        goal={"en": "the rulebook's monster: play F2 for 3 dice (1 + 2), then Go and fight",
              "ja": "ルールブックの怪物：F2を出してダイス3個（1+2）、そして「振る」で戦う"},
        before=(("play F2",),),
        expect=("go",),
        bots=BOT,
    ),
    "trap": LessonStep(
        rules=("AR-10.1", "AR-10.2", "AR-7.4", "AR-1.6"),
        position=TRAP_EXAMPLE,
        goal={"en": "the rulebook's trap: play S1 for a 5th die, then Go",
              "ja": "ルールブックの罠：S1を出して5個目のダイス、そして「振る」"},
        before=(("play S1",),),
        expect=("go",),
        bots=BOT,
    ),
    "trap_reroll": LessonStep(
        rules=("AR-10.3", "AR-11.3", "AR-7.3"),
        position=TRAP_ROLLED,
        goal={"en": "1, 1, 3, 6, 4: reroll the 6 and the 4 with your kept card (the button)",
              "ja": "1, 1, 3, 6, 4：保管カードで6と4を振り直す（ボタン）"},
        expect=("reroll 4 5",),
        bots=BOT,
    ),
    "reward": LessonStep(
        rules=("AR-11.1", "AR-11.2", "AR-3.1", "AR-3.2", "AR-6.2", "AR-6.3"),
        position=("version: family\nplayer 1: field 3, guards 3, amber 2, hand F2\n"
                  "player 2: field 1\nfacing: D37\ndice count: 2\ndice: 5 4\n"
                  "light discard: S1\nqueue: modify 0 0 0; ghost 0; end_turn\n"),
        goal={"en": "9 reached: press Done, collect your third amber (one is secured) and "
                    "choose the level II reward",
              "ja": "9に届きました：「決定」を押し、3個目の琥珀（1個は確保）を得て、"
                    "レベルIIの報酬を選ぶ"},
        before=(("done",),),
        expect=("reward guard", "reward light"),
        bots=BOT,
    ),
    "grace": LessonStep(
        rules=("AR-2.2", "AR-5.7", "AR-5.8", "AR-5.9", "AR-2.4"),
        position="version: advanced\nplayer 1: field 4, grace D56\nplayer 2: field 3\n",
        goal={"en": "play your divine grace card (click it): every player gets a gift",
              "ja": "神の恵みのカードを使う（クリック）：全員が贈り物を得る"},
        expect=("grace",),
        bots=BOT,
    ),
    "duel": LessonStep(
        rules=("AR-12.1", "AR-12.2", "AR-12.3", "AR-12.4", "AR-12.5", "AR-12.6", "AR-12.7"),
        position=("version: advanced\nplayer 1: field 3, hand F1 M2\nplayer 2: field 3, "
                  "hand S1 S2 W1\nqueue: attack 0; end_turn\n"),
        goal={"en": "you overcame the challenge: attack Player 2 on your field",
              "ja": "試練を乗り越えました：同じマスのプレイヤー2を攻撃"},
        expect=("attack 2",),
        bots=BOT,
    ),
    "family_turn": LessonStep(
        rules=("AR-2.3", "AR-4.2", "AR-4.3", "AR-6.5", "AR-1.5"),
        position="version: family\nplayer 1: field 2, hand M1 F2 A1 S1 W2\nplayer 2: field 1\n",
        goal={"en": "Family: first the draw phase — take a light card or a guard",
              "ja": "ファミリー：まず引く段階 — 光のカードか護衛を取る"},
        expect=("draw card", "take guard"),
        bots=BOT,
    ),
    "contest": LessonStep(
        rules=("AR-13.1", "AR-13.2", "AR-13.3", "AR-13.4", "AR-13.5", "AR-13.6"),
        position=("version: family\nplayer 1: field 3, hand S1 S2 M1\nplayer 2: field 3, "
                  "hand S3 W1\nqueue: attack 0; end_turn\n"),
        goal={"en": "Family fight: attack Player 2 (you need a swamp card)",
              "ja": "ファミリーの戦い：プレイヤー2を攻撃（沼地のカードが必要）"},
        expect=("attack 2",),
        bots=BOT,
    ),
    "castle": LessonStep(
        rules=("AR-14.1", "AR-14.2", "AR-14.3", "AR-14.4", "AR-1.1", "AR-1.2"),
        position="version: advanced\nplayer 1: field 24, amber 2, secured 1\nplayer 2: field 20\n",
        goal={"en": "reach the castle first (+3 points): the others get one more turn",
              "ja": "最初に城へ（+3点）：ほかのプレイヤーはあと1手番"},
        expect=("move 1",),
        bots=BOT,
    ),
}


DUEL_EXAMPLE = ("version: advanced\nplayer 1: field 3, hand F1 M2\nplayer 2: field 3, "
                "hand S1 S2 W1\nqueue: attack 0; end_turn\n")
CONTEST_EXAMPLE = ("version: family\nplayer 1: field 3, hand S1 S2 M1\nplayer 2: field 3, "
                   "hand S3 S2 A1\nqueue: attack 0; end_turn\n")

EXAMPLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "monster": (MONSTER_EXAMPLE, (  # AR-8.6: 2 damage, 1 guard lost, then the kill
        "play F2", "go", "die 4", "die 5", "die 1", "done", "die 5", "die 2",
        "die 6", "die 2", "die 1", "done", "reward guard")),
    "ghost": (GHOST_EXAMPLE, (  # AR-9.3: 4 + 4 = 8, a guard makes a 5: 9
        "play S1", "go", "die 4", "die 4", "up 1", "done", "reward light")),
    "trap": (TRAP_EXAMPLE, (  # AR-10.3: 1 1 3 6 4, reroll the 6 and the 4, a guard, an amber
        "play S1", "go", "die 1", "die 1", "die 3", "die 6", "die 4", "reroll 4 5", "die 2",
        "die 5", "down 4", "set 5 1", "done", "reward guard")),
    "duel": (DUEL_EXAMPLE, (  # AR-12.7: 2 dice against 3; two damage, then one a round
        "attack 2", "add F1", "ready", "add S1", "add S2", "ready",
        "die 6", "die 5", "die 4", "die 3", "die 1", "die 2", "die 1", "die 5", "die 3", "die 3",
        "loot amber")),
    "contest": (CONTEST_EXAMPLE, (  # AR-13.6: 3 dice for 9 against 4 dice for 11
        "attack 2", "add S1", "add S3", "add S2", "add A1", "ready", "add S2", "ready",
        "die 4", "die 3", "die 2", "done", "die 4", "die 3", "die 2", "die 2", "done")),
}
"""The rulebook's worked examples as moves and dice: the lesson replays them on the board."""


def scripted(name: str, seed: int = 1) -> tuple[AmberRouteState, list[str]]:
    """The start of the worked example ``name`` and every action of it, the example's own dice
    in order and, where the rulebook names no card (the light cards drawn), a seeded draw."""
    position, script = EXAMPLES[name]
    start = from_description(position)
    state, rng = start.clone(), random.Random(seed)
    actions: list[str] = []
    todo = list(script)
    while todo and not state.is_terminal():
        if state.is_chance_node() and state.why_illegal(todo[0]) is not None:
            action = str(state.sample_chance(rng))
        else:
            action = todo.pop(0)
        state.apply_action(action)
        actions.append(action)
    while state.is_chance_node():  # the draws the example's last move calls for
        action = str(state.sample_chance(rng))
        state.apply_action(action)
        actions.append(action)
    return start, actions
