"""Âmbar's own labels on the board, in English and Japanese (the generic ones: widgets.labels)."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "excavation": "Excavation",
        "face_down": "face-down",
        "face_up": "face-up",
        "in_hand": "In hand",
        "click_to_return": "click to return it",
        "revealing": "turning over…",
        "level_2": "level 2",
        "level_n": "L{level}: {n}",
        "bot_greedy": "greedy",
        "turn_choose": "{player}: choose a fossil from the Excavation.",
        "turn_choose_end": "{player}: take a face-up fossil, or pass.",
        "turn_place": "{player}: place {fossil} in a column, or return it.",
        "turn_reveal": "{player} turns a fossil over…",
        "over": "The game is over.",
        "nothing_here": "Click a fossil in the Excavation, or a column of your display.",
        "not_your_display": "That is {owner}'s display: you place fossils in your own.",
        "legend": "D Dinosaur (square) · P Plant (circle) · M Marine (diamond) · "
                  "A Amber (hexagon)",
        "column": "column {n}",
        "extra_turn_news": "Extra turn! {player} plays again.",
        "do_flip": "Turn over a face-down {kind}",
        "do_take": "Take {fossil}",
        "do_place": "Place {fossil} in column {n}",
        "do_return": "Return {fossil} to the Excavation",
        "do_pass": "Pass",
        "why_extra": "It goes next to your {neighbour}, so you get an extra turn (AF-7.1).",
        "why_stack": "Stacking on column {n} puts a fossil on level {level}, and fossils on "
                     "level 2 and higher are what wins (AF-3.1).",
        "why_swap": "Nothing stacks or earns an extra turn here; a swap shows a new number "
                    "and keeps your numbers in order.",
        "why_return": "{fossil} fits nowhere that helps you, so it goes back (AF-6.2).",
        "why_take": "You can place {fossil} well straight away.",
        "why_flip": "A face-down {kind} can be placed with probability {chance} "
                    "({percent}), the best of the piles.",
        "why_pass": "Nothing left would help you, so passing is best (AF-8.2).",
        "odds_lose": "lose the turn",
        "odds_place": "can be placed",
        "odds_extra": "extra turn",
        "odds_why": "Of the {unseen} {kind} fossils nobody has seen, {identical} would match a "
                    "fossil you show (your turn ends), {placeable} fit a column of yours, and "
                    "{extra} of those sit next to your {kind} 1 apart.",
        "odds_note": "Face-down numbers are unknown to everyone: each unseen copy is equally "
                     "likely (AF-2.2).",
    },
    "ja": {
        "excavation": "発掘現場",
        "face_down": "裏向き",
        "face_up": "表向き",
        "in_hand": "選んだ化石",
        "click_to_return": "クリックで戻す",
        "revealing": "表向きにしています…",
        "level_2": "2段目",
        "level_n": "{level}段目: {n}",
        "bot_greedy": "欲張り",
        "turn_choose": "{player}：発掘現場から化石を1つ選んでください。",
        "turn_choose_end": "{player}：表向きの化石を選ぶか、パスしてください。",
        "turn_place": "{player}：{fossil}を列に置くか、発掘現場に戻してください。",
        "turn_reveal": "{player}が化石を表向きにしています…",
        "over": "ゲーム終了です。",
        "nothing_here": "発掘現場の化石か、自分のディスプレイの列をクリックしてください。",
        "not_your_display": "それは{owner}のディスプレイです。化石は自分のディスプレイに置きます。",
        "legend": "D 恐竜（四角）· P 植物（円）· M 海洋（ひし形）· A 琥珀（六角形）",
        "column": "{n}列目",
        "extra_turn_news": "追加のターン！{player}がもう一度行います。",
        "do_flip": "裏向きの{kind}を1つ表向きにする",
        "do_take": "{fossil}を取る",
        "do_place": "{fossil}を{n}列目に置く",
        "do_return": "{fossil}を発掘現場に戻す",
        "do_pass": "パス",
        "why_extra": "あなたの{neighbour}の隣に置けるので、追加のターンを得ます（AF-7.1）。",
        "why_stack": "{n}列目に積むと{level}段目に化石ができます。2段目以上の化石で勝敗が決まります"
                     "（AF-3.1）。",
        "why_swap": "積める場所も追加のターンもありません。入れ替えれば新しい数字が見え、"
                    "数字の順番も保てます。",
        "why_return": "{fossil}は役に立つ場所に置けないので、戻します（AF-6.2）。",
        "why_take": "{fossil}はすぐに良い場所に置けます。",
        "why_flip": "裏向きの{kind}は確率{chance}（{percent}）で置けます。"
                    "どの山よりも高い確率です。",
        "why_pass": "役に立つ化石が残っていないので、パスが一番です（AF-8.2）。",
        "odds_lose": "手番が終わる",
        "odds_place": "置ける",
        "odds_extra": "追加のターン",
        "odds_why": "まだだれも見ていない{kind}の化石{unseen}個のうち、{identical}個は"
                    "あなたが見せている化石と同一（手番が終わります）、{placeable}個はあなたの列に"
                    "置け、そのうち{extra}個は数字が1違いの{kind}の隣に置けます。",
        "odds_note": "裏向きの数字はだれにも分かりません。まだ見えていない各コピーが"
                     "同じ確率で出ます（AF-2.2）。",
    },
}

for _level in range(2, 12):  # the result table's columns: fossils on level 2, 3, … (AF-9.1)
    LABELS["en"][f"short_L{_level}"] = f"Level {_level}"
    LABELS["ja"][f"short_L{_level}"] = f"{_level}段目"
