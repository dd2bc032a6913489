"""The rule steps of the Âmbar lesson (notebooks/ambar_fossils/01_rules*.ipynb), kept once as
data: the position, the goal in every language, and the moves each step is about."""

from __future__ import annotations

from widgets.spec import LessonStep

ROW = "D? P? M? A? D? P? M? A? D? P?"
"""A display still face-down, in the set-up pattern (AF-2.1)."""


def the_rest_face_up(shown: list[str], hidden: dict[str, int]) -> str:
    """Every fossil not in a display, face-up (the face-down ones take the highest numbers):
    an Excavation for the end phase, where no face-down fossil is left (AF-8.1)."""
    pool = [f"{t}{n}" for t in "DPMA" for n in range(1, 7) for _ in range(4)]
    for fossil in shown:
        pool.remove(fossil)
    for letter, count in hidden.items():
        for _ in range(count):
            pool.remove(max(f for f in pool if f[0] == letter))
    return " ".join(pool)


ALL_BUT_D2 = " ".join(f"D{n}" for n in (1, 3, 4, 5, 6) for _ in range(4))
END_EXCAVATION = the_rest_face_up(["D1"], {"D": 5, "P": 6, "M": 4, "A": 4})

LESSONS: dict[str, LessonStep] = {
    "flip": LessonStep(
        rules=("AF-5.1",),
        position=f"player 1: {ROW}\nplayer 2: {ROW}",
        goal={"en": "turn over a face-down Marine fossil",
              "ja": "裏向きの海洋化石を1つ表向きにする"},
        expect=("flip M",),
    ),
    "identical": LessonStep(
        rules=("AF-5.2", "AF-5.3"),
        position=("player 1: D2 P? M? A? P3 P? M? A? M4 P?\n"
                  "player 2: A1 P? M? A? A2 P? M? A? A3 P?\n"
                  f"excavation: {ALL_BUT_D2}"),
        goal={"en": "turn over a face-down Dinosaur", "ja": "裏向きの恐竜化石を1つ表向きにする"},
        expect=("flip D",),
    ),
    "face_up": LessonStep(
        rules=("AF-5.4", "AF-5.5"),
        position=f"player 1: D3 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D3 M5",
        goal={"en": "take the face-up Marine 5", "ja": "表向きの海洋5を選ぶ"},
        expect=("take M5",),
    ),
    "stack": LessonStep(
        rules=("AF-6.1", "AF-6.3", "AF-6.4"),
        position=f"player 1: D1 {ROW[3:]}\nplayer 2: {ROW}\nholding: P4",
        goal={"en": "stack P4 on column 1", "ja": "P4 を1列目に積む"},
        expect=("place 1",),
    ),
    "swap": LessonStep(
        rules=("AF-6.3",),
        position=f"player 1: {ROW}\nplayer 2: {ROW}\nholding: P4",
        goal={"en": "swap P4 into column 3", "ja": "P4 を3列目の裏向きの化石と入れ替える"},
        expect=("place 3",),
    ),
    "height": LessonStep(
        rules=("AF-6.5", "AF-6.6"),
        position=f"player 1: D1 P1/P2 {ROW[6:]}\nplayer 2: {ROW}\nholding: M2",
        goal={"en": "try column 2 (refused), then put M2 on column 1",
              "ja": "2列目を試してから（置けません）、M2 を1列目に置く"},
        expect=("place 1",),
    ),
    "edge": LessonStep(
        rules=("AF-6.6",),
        position=f"player 1: D1/D2 {ROW[3:]}\nplayer 2: {ROW}\nholding: D3",
        goal={"en": "see why column 1 is closed, then place D3 in column 2",
              "ja": "1列目に置けない理由を見てから、D3 を2列目に置く"},
        expect=("place 2",),
    ),
    "ascending": LessonStep(
        rules=("AF-6.7",),
        position=f"player 1: D2 P? M5 {ROW[9:]}\nplayer 2: {ROW}\nholding: A4",
        goal={"en": "place A4 where the numbers still ascend",
              "ja": "数字が昇順のままになる列に A4 を置く"},
        expect=("place 1", "place 2", "place 3"),
    ),
    "return": LessonStep(
        rules=("AF-6.2",),
        position=f"player 1: D5/D6 {ROW[3:]}\nplayer 2: {ROW}\nholding: D1",
        goal={"en": "return D1 to the Excavation", "ja": "D1 を発掘現場に戻す"},
        expect=("return",),
    ),
    "extra_turn": LessonStep(
        rules=("AF-7.1", "AF-7.2"),
        position=f"player 1: D3 P? D5 {ROW[9:]}\nplayer 2: {ROW}\nholding: D4",
        goal={"en": "place D4 between D3 and D5, then use your extra turn",
              "ja": "D4 を D3 と D5 の間に置き、追加のターンを使う"},
        expect=("place 2",),
    ),
    "end_pass": LessonStep(
        rules=("AF-8.1", "AF-8.2", "AF-8.3", "AF-8.4"),
        position=(f"player 1: D1 {ROW[3:]}\nplayer 2: {ROW}\n"
                  f"excavation: {END_EXCAVATION}\nface-down: none"),
        goal={"en": "pass, then pass for Player 2 too: the game ends",
              "ja": "パスし、プレイヤー2もパスする：ゲームが終わります"},
        expect=("pass",),
    ),
    "stalemate": LessonStep(
        rules=("AF-8.5",),
        position=f"player 1: {ROW}\nplayer 2: {ROW}\nexcavation: D3",
        goal={"en": "take D3 and return it", "ja": "D3 を選んで戻す"},
        expect=("take D3",),
    ),
}
