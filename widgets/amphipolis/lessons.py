"""The rule steps of the Amphipolis lesson (notebooks/amphipolis/01_rules.ipynb), kept once as
data: the position (``boardlib.amphipolis.from_description``), the goal in every language,
and the moves each step is about."""

from __future__ import annotations

from widgets.spec import LessonStep

BOT = {1: "greedy"}  # the student is Player 1 throughout; Player 2 answers (#33.3)
TAKES = ("take AB", "take AN", "take AP")  # the Digger's amphoras
PROFESSOR = ("take CA", "take AB", "take LU")  # a tile from each other area

JOHN = ("names: John, Mike, Lisa\n"
        "player 1: MR*5 MG*3 MY*2 LU LL AB AN AR AG AY AB AN AR CA*2 SP*4\n"
        "player 2: SP*3\nplayer 3: CA*6 SP\ncovered: 16\nstep: over\nended by: 2\n")
"""The rulebook's scoring example (AM-6.7): John scores 21."""

STATUE_TABLE = ("players: 3\nplayer 1: CA*5 SP*3\nplayer 2: CA*3 SP*2\nplayer 3: CA*2 SP*4\n"
                "covered: 16\nstep: over\nended by: 3\n")
"""The rulebook's 3-player statue table (AM-6.5)."""

LESSONS: dict[str, LessonStep] = {
    "take": LessonStep(
        rules=("AM-3.3", "AM-3.4", "AM-1.3"),
        position="players: 2\nareas: MR*2 MG CA SP AB AR LU\nstep: take\n",
        goal={"en": "take a mosaic: click a tile in the Mosaics area",
              "ja": "モザイクを1枚取る：モザイクのエリアのタイルをクリック"},
        expect=("take MR", "take MG"),
        bots=BOT,
    ),
    "second": LessonStep(
        rules=("AM-3.3",),
        position=("players: 2\nplayer 1: MR\nareas: MR MG CA SP AB\nstep: take\n"
                  "chosen: mosaics\ntaken: 1\n"),
        goal={"en": "take a 2nd tile from the same area (click the sphinx first: refused)",
              "ja": "同じエリアから2枚目を取る（先にスフィンクスをクリック：取れません）"},
        expect=("take MR", "take MG"),
        bots=BOT,
    ),
    "assistant": LessonStep(
        rules=("AM-4.1", "AM-4.2"),
        position=("players: 2\nplayer 1: MR MG\nareas: CA AB AR\nstep: take\n"
                  "chosen: mosaics\ntaken: 2\n"),
        goal={"en": "use the Assistant (click its card) and take the caryatid",
              "ja": "助手を使い（カードをクリック）、カリアティードを取る"},
        before=(("assistant",),),
        expect=("take CA",),
        bots=BOT,
    ),
    "archaeologist": LessonStep(
        rules=("AM-4.3",),
        position=("players: 2\nplayer 1: AR AG\nareas: AB SP*2 MR\nstep: take\n"
                  "chosen: amphoras\ntaken: 1\n"),
        goal={"en": "use the Archaeologist to take both sphinxes",
              "ja": "考古学者を使ってスフィンクスを2枚取る"},
        before=(("archaeologist",), ("take SP",)),
        expect=("take SP",),
        bots=BOT,
    ),
    "digger": LessonStep(
        rules=("AM-4.4",),
        position=("players: 2\nplayer 1: AR AG\nused 1: archaeologist\nareas: AB AN AP MR\n"
                  "step: take\nchosen: amphoras\ntaken: 2\n"),
        goal={"en": "use the Digger for two more amphoras",
              "ja": "発掘者を使ってアンフォラをさらに2枚取る"},
        before=(("digger",), TAKES),
        expect=TAKES,
        bots=BOT,
    ),
    "professor": LessonStep(
        rules=("AM-4.5",),
        position=("players: 2\nplayer 1: MR MG\nareas: MR CA AB LU\nstep: take\n"
                  "chosen: mosaics\ntaken: 2\n"),
        goal={"en": "use the Professor: one tile from each other area",
              "ja": "教授を使う：ほかの各エリアから1枚ずつ"},
        before=(("professor",), PROFESSOR, PROFESSOR),
        expect=PROFESSOR,
        bots=BOT,
    ),
    "once": LessonStep(
        rules=("AM-4.1",),
        position=("players: 2\nplayer 1: MR MG\nused 1: assistant, professor\nareas: CA AB\n"
                  "step: take\nchosen: mosaics\ntaken: 2\n"),
        goal={"en": "click the used Assistant (refused), then end the turn or use another",
              "ja": "使用済みの助手をクリック（使えません）してから、手番を終えるか別の人物を使う"},
        expect=("end", "archaeologist"),
        bots=BOT,
    ),
    "last_landslide": LessonStep(
        rules=("AM-5.1", "AM-3.5", "AM-3.1", "AM-3.2"),
        position=("players: 2\nplayer 1: MR*3\nareas: MR SP AB LU\ncovered: 15\nstep: take\n"),
        goal={"en": "take your tile: 15 spaces are covered, one more landslide ends the game",
              "ja": "タイルを取る：入口は15マスふさがり、あと1枚の落石でゲーム終了"},
        expect=("take MR",),
        bots={1: "greedy"},
    ),
    "statues": LessonStep(
        rules=("AM-6.4", "AM-6.5"),
        position=("players: 3\nplayer 1: CA*2 SP*3\nplayer 2: CA*3 SP*2\nplayer 3: CA*2 SP*4\n"
                  "areas: CA*3 SP\nstep: take\n"),
        goal={"en": "take caryatids until you have the most: watch the statue points",
              "ja": "カリアティードを取って一番多くする：像の点数の変化を見る"},
        expect=("take CA",),
        bots={1: "greedy", 2: "greedy"},
    ),
    "solo": LessonStep(
        rules=("AM-8.1", "AM-8.2", "AM-8.3", "AM-8.4"),
        position=("players: 1\nplayer 1: AB AN AR\nrobber: MR CA*2\nareas: AG AY MR SP\n"
                  "covered: 10\nstep: take\n"),
        goal={"en": "take the green and yellow amphoras before the grave robber does",
              "ja": "盗掘者より先に緑と黄のアンフォラを取る"},
        expect=("take AG", "take AY"),
    ),
}
