"""Labels the boards show, in English and Japanese: the generic ones here, each game's own in
``widgets/<game>/labels.py`` (event sentences and refusals live in boardlib's catalogs)."""

from __future__ import annotations

from collections.abc import Mapping

from boardlib.messages import fill

LANGUAGES = ("en", "ja")

Catalog = Mapping[str, Mapping[str, str]]
"""lang → key → template (``str.format`` fields)."""

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "not_allowed": "Not allowed: {reason}",
        "rule": " (rule {rule})",
        "nothing_here": "Nothing to play there: click one of the outlined places.",
        "bots_turn": "Wait: it is a bot's turn.",
        "game_over_click": "The game is over: press New game to play again.",
        "new_game": "New game",
        "setup": "Game setup",
        "players": "Players",
        "seed": "Seed",
        "variant": "Version",
        "seat": "Seat {n}",
        "person": "person",
        "undo": "Undo",
        "undo_can": "Take back your last move (and the bots' answers to it).",
        "undo_chance": "Undo is off: a card or a die has been revealed since your move, and what "
                       "chance showed stays in the game.",
        "undo_nothing": "Undo is off: you have made no move yet.",
        "hint": "Hint",
        "show_legal": "Show legal moves",
        "language": "Language",
        "save": "Save",
        "load": "Load",
        "saved": "Saved: the text below is this game; keep it to load it later.",
        "loaded": "Game loaded: {moves:move/moves} replayed and checked.",
        "load_refused": "That save was refused, and the game on screen is unchanged: {reason}",
        "undone": "Move taken back.",
        "hint_text": "Hint: {move}. {reason}",
        "hint_none": "No hint: it is not your move.",
        "ranking": "Final ranking",
        "place": "Place",
        "player": "Player",
        "you_tag": " (you)",
        "bot": "{bot} bot",
        "bot_random": "random",
        "bot_lookahead_easy": "lookahead (easy)",
        "bot_lookahead": "lookahead",
        "bot_lookahead_hard": "lookahead (hard)",
        "choose_between": "This place stands for several moves. Which one?",
        "cancel": "Cancel",
        "or_by_route": "Another way is open: choose it here.",
        "curtain": "Pass the screen to {player}.",
        "curtain_hint": "The others look away: {player}'s own cards are shown next.",
        "curtain_button": "I am {player}: show my view",
        "curtain_first": "First pass the screen: {player} presses the button below the board.",
        "last_tag": "last: {who}",
        "moves_heading": "What happened (newest first)",
        "moved": "{player}: {move}.",
        "your_move_now": "Your move, {player}.",
        "placeholder": "Placeholder data on screen: {note}",
        "reset_step": "Reset step",
        "step_goal": "Your move: {goal}",
        "step_done": "✔ That is the move this rule is about.",
        "step_done_more": "✔ You did this step. Keep playing, or press Reset step to try it again.",
        "step_on_way": "Good: {move}. Go on — {goal}",
        "step_set_aside": "“{move}” is allowed by the rules, but it is not this step's move, so "
                          "it was not played. This step: {goal}",
        "step_reset": "The step is set up again. Your move: {goal}",
        "demo_copy": "(on a copy: the board above is still waiting for you)",
        "odds": "Chances",
        "odds_heading": "What are my chances? Exact, from what you can see",
        "odds_none": "No chance in this decision: what happens next is your choice.",
        "odds_wait": "The chances are shown when it is your move.",
        "odds_best": "★ best",
        "odds_choice": "Choice",
    },
    "ja": {
        "not_allowed": "できません：{reason}",
        "rule": "（ルール {rule}）",
        "nothing_here": "そこには打てる手がありません。枠で囲まれた場所をクリックしてください。",
        "bots_turn": "お待ちください：ボットの番です。",
        "game_over_click": "ゲームは終わりました。「新しいゲーム」でもう一度遊べます。",
        "new_game": "新しいゲーム",
        "setup": "ゲームの設定",
        "players": "人数",
        "seed": "シード",
        "variant": "バージョン",
        "seat": "席{n}",
        "person": "人",
        "undo": "取り消し",
        "undo_can": "最後の自分の手（とそれに続くボットの手）を取り消します。",
        "undo_chance": "取り消せません：あなたの手のあとにカードやダイスが明らかになりました。"
                       "偶然で決まったことは取り消せません。",
        "undo_nothing": "取り消せません：まだ手を指していません。",
        "hint": "ヒント",
        "show_legal": "打てる手を表示",
        "language": "言語",
        "save": "保存",
        "load": "読み込み",
        "saved": "保存しました：下のテキストがこのゲームです。"
                 "後で読み込むために取っておきましょう。",
        "loaded": "ゲームを読み込みました：{moves}手を再生して確認しました。",
        "load_refused": "その保存データは読み込めません。画面のゲームはそのままです：{reason}",
        "undone": "手を取り消しました。",
        "hint_text": "ヒント：{move}。{reason}",
        "hint_none": "ヒントはありません：あなたの番ではありません。",
        "ranking": "最終順位",
        "place": "順位",
        "player": "プレイヤー",
        "you_tag": "（あなた）",
        "bot": "ボット（{bot}）",
        "bot_random": "ランダム",
        "bot_lookahead_easy": "先読み（やさしい）",
        "bot_lookahead": "先読み",
        "bot_lookahead_hard": "先読み（強い）",
        "choose_between": "この場所には複数の手があります。どれにしますか？",
        "cancel": "やめる",
        "or_by_route": "別の方法があります：ここから選べます。",
        "curtain": "画面を{player}に渡してください。",
        "curtain_hint": "ほかの人は見ないでください：次に{player}の手札が表示されます。",
        "curtain_button": "{player}です：自分の画面を見る",
        "curtain_first": "まず画面を渡してください：{player}がボードの下のボタンを押します。",
        "last_tag": "直前：{who}",
        "moves_heading": "これまでの出来事（新しい順）",
        "moved": "{player}：{move}。",
        "your_move_now": "{player}の番です。",
        "placeholder": "画面には仮のデータがあります：{note}",
        "reset_step": "やり直す",
        "step_goal": "あなたの番：{goal}",
        "step_done": "✔ これがこのルールの手です。",
        "step_done_more": "✔ このステップはできました。"
                          "続けて遊ぶか、「やり直す」でもう一度試せます。",
        "step_on_way": "いいですね：{move}。続けて — {goal}",
        "step_set_aside": "「{move}」はルール上できますが、このステップの手ではないので、"
                          "行いませんでした。このステップ：{goal}",
        "step_reset": "ステップを最初に戻しました。あなたの番：{goal}",
        "demo_copy": "（コピーの上で：上のボードはまだあなたの手を待っています）",
        "odds": "確率",
        "odds_heading": "どのくらいの確率？見えている情報だけから求めた正確な値",
        "odds_none": "この判断に偶然は関わりません。次に起きることはあなたが選びます。",
        "odds_wait": "確率はあなたの番に表示されます。",
        "odds_best": "★ 最善",
        "odds_choice": "選択",
    },
}


def label(key: str, lang: str = "en", own: Catalog | None = None, **values: object) -> str:
    """The label ``key`` in ``lang``: the game's own (``own``) first, then the generic ones,
    then English, so a missing translation shows English rather than a key. Templates count
    their nouns as the rules' catalogs do: ``{n:die/dice}`` says "1 die", "2 dice"."""
    for catalog in (own, LABELS):
        if catalog is None:
            continue
        for language in (lang, "en"):
            template = catalog.get(language, {}).get(key)
            if template is not None:
                return fill(template, **values)
    raise KeyError(f"no label {key!r}")
