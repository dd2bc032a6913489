"""Labels the boards show, in English and Japanese: the generic ones here, each game's own in
``widgets/<game>/labels.py`` (event sentences and refusals live in boardlib's catalogs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from boardlib.messages import fill

if TYPE_CHECKING:
    from widgets.spec import ViewContext

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
        "keys_label": "Moves (←/→, Enter):",
        "keys_none": "No move of yours now.",
        "keys_count": "{n} of {of}",
        "predict_tag": "Predict:",
        "exercise_tag": "Work it out:",
        "check": "Check",
        "show_me": "Show me",
        "answer_placeholder": "e.g. 0.25, 25% or 1/4",
        "answer_label": "Your answer:",
        "name_label": "Name:",
        "class_code_label": "Class:",
        "prediction_kept": "Your prediction is kept as you made it: the point is to compare it "
                           "with the exact answer, not to change it afterwards.",
        "prediction_near": "Your prediction: {given}. The exact answer: {exact}. Close — well "
                           "predicted.",
        "prediction_far": "Your prediction: {given}. The exact answer: {exact}. Quite far off: "
                          "the cells below show where the number comes from.",
        "prediction_picked": "Your prediction: {given}. Right — the cells below show why.",
        "prediction_missed": "Your prediction: {given}. The answer: {exact}. The cells below "
                             "show why.",
        "shown_answer": "The answer: {exact}. (Shown, not answered.)",
        "answer_right": "Right: {exact}.",
        "answer_wrong_count": "Not yet right ({tries:try/tries} so far): try again, or ask for a "
                              "hint.",
        "answer_hidden": "Hidden until you answer: the exact answer is computed here and shown "
                         "once you have answered the question above (or pressed Show me) — "
                         "{question}",
        "code_answer_missing": "No answer yet: put your result in place of None, then run the "
                               "cell again (question {qid}).",
        "name_placeholder": "Your name (optional)",
        "class_code_placeholder": "Class code",
        "join": "Join class",
        "use_name": "Use this name",
        "name_needed": "Type your name first: the class sees your answers under it.",
        "joined": "In class {code} as {name}: your answers go to your teacher too.",
        "not_sent": "Your answer is kept in your file, but it did not reach the class ({reason}); "
                    "it is sent with your next answer.",
        "progress_new": "Your progress will be kept in {file}, beside this notebook.",
        "progress_restored": "Welcome back: your progress is restored from {file} "
                             "({answers:answer/answers}, {steps:step/steps} done).",
        "progress_saved": "Saved in {file}: {answers:answer/answers}, {steps:step/steps} done.",
        "progress_not_saved": "Your progress could not be saved: {reason}",
        "progress_unreadable": "Your progress file could not be read, so it was set aside as "
                               "{kept} (nothing deleted) and a new one is started: {reason}",
        "download_progress": "Download my progress (a file to hand in)",
        "teacher_code": "Class code (empty: a new one)",
        "teacher_key": "Teacher's key (8+ characters)",
        "teacher_open": "Open class",
        "teacher_new": "New class",
        "teacher_folder": "Folder of handed-in progress files",
        "teacher_read_folder": "Read folder",
        "teacher_created": "Class {code} is open: give the students this code (keep the key "
                           "to yourself).",
        "teacher_class": "class {code}",
        "teacher_files": "handed-in files",
        "teacher_showing": "Showing {where}, lesson {lesson}: {students:student/students}, "
                           "{answers:answer/answers} in all. Refreshes as answers arrive.",
        "teacher_no_folder": "There is no folder {folder}.",
        "teacher_refused": "{n:file/files} refused: {reasons}",
        "teacher_counts": "{answered} answered · first try right: {first} · {shown} pressed "
                          "Show me first",
        "teacher_exact": "exact",
        "teacher_help": "Start a class: type a key of your own (8 characters or more) and press "
                        "New class, then give the students the code it shows; each student "
                        "types their name and the code in the lesson's bar. Here you see, per "
                        "question, what the class answered against the exact answer, refreshing "
                        "as answers arrive. Coming back: type the code and your key, press Open "
                        "class. JupyterLite students hand in their progress files: put them in "
                        "a folder and read it.",
        "teacher_students": "students",
        "teacher_lesson": "Lesson",
        "teacher_plot_choices": "The class's first answers: {counts}.",
        "teacher_right": "right",
        "teacher_plot_values": "The first answers of {n:student/students}: from {low} to "
                               "{high}, median {median}; exact {exact}.",
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
        "keys_label": "手（←/→・Enter）：",
        "keys_none": "いまあなたの手はありません。",
        "keys_count": "{of}件中{n}件目",
        "predict_tag": "予想：",
        "exercise_tag": "求めてみよう：",
        "check": "答え合わせ",
        "show_me": "答えを見る",
        "answer_placeholder": "例：0.25、25%、1/4",
        "answer_label": "答え：",
        "name_label": "名前：",
        "class_code_label": "クラス：",
        "prediction_kept": "予想は最初に入力したまま残します。大切なのは正確な答えと比べることで、"
                           "あとから変えることではありません。",
        "prediction_near": "あなたの予想：{given}。正確な答え：{exact}。近い、よい予想です。",
        "prediction_far": "あなたの予想：{given}。正確な答え：{exact}。かなり離れています。"
                          "下のセルでこの数がどこから来るかを見てみましょう。",
        "prediction_picked": "あなたの予想：{given}。正解です。理由は下のセルで見られます。",
        "prediction_missed": "あなたの予想：{given}。答え：{exact}。理由は下のセルで見られます。",
        "shown_answer": "答え：{exact}（答えを見ました。解答はしていません）",
        "answer_right": "正解：{exact}。",
        "answer_wrong_count": "まだ正解ではありません（ここまで{tries}回）。"
                              "もう一度試すか、ヒントを見てみましょう。",
        "answer_hidden": "答えるまで非表示：正確な答えはここで計算され、上の問いに答える"
                         "（または「答えを見る」を押す）と表示されます — {question}",
        "code_answer_missing": "まだ答えがありません。None をあなたの結果に書き換えて、"
                               "セルをもう一度実行してください（問い {qid}）。",
        "name_placeholder": "名前（なくても可）",
        "class_code_placeholder": "クラスコード",
        "join": "クラスに参加",
        "use_name": "この名前を使う",
        "name_needed": "先に名前を入力してください。クラスではその名前で答えが表示されます。",
        "joined": "クラス {code} に {name} として参加中：答えは先生にも届きます。",
        "not_sent": "答えはファイルに保存されましたが、クラスには届きませんでした（{reason}）。"
                    "次に答えるときに送ります。",
        "progress_new": "進み具合はこのノートブックの隣の {file} に保存されます。",
        "progress_restored": "おかえりなさい。{file} から進み具合を読み込みました"
                             "（答え{answers}件、ステップ{steps}個完了）。",
        "progress_saved": "{file} に保存しました：答え{answers}件、ステップ{steps}個完了。",
        "progress_not_saved": "進み具合を保存できませんでした：{reason}",
        "progress_unreadable": "進み具合のファイルが読めなかったため、{kept} として別に残し（何も"
                               "消していません）、新しく始めます：{reason}",
        "download_progress": "進み具合をダウンロード（提出用ファイル）",
        "teacher_code": "クラスコード（空欄なら新規）",
        "teacher_key": "先生用キー（8文字以上）",
        "teacher_open": "クラスを開く",
        "teacher_new": "新しいクラス",
        "teacher_folder": "提出された進み具合ファイルのフォルダー",
        "teacher_read_folder": "フォルダーを読む",
        "teacher_created": "クラス {code} を作りました。生徒にはこのコードを伝えてください（キーは"
                           "先生だけのものです）。",
        "teacher_class": "クラス {code}",
        "teacher_files": "提出ファイル",
        "teacher_showing": "{where}・レッスン {lesson}：生徒{students}人、答え全{answers}件。"
                           "答えが届くと更新されます。",
        "teacher_no_folder": "フォルダー {folder} はありません。",
        "teacher_refused": "{n}個のファイルを読み込めませんでした：{reasons}",
        "teacher_counts": "回答{answered}人・1回目で正解：{first}・先に「答えを見る」：{shown}人",
        "teacher_exact": "正確な値",
        "teacher_help": "クラスを始めるには、自分だけのキー（8文字以上）を入力して"
                        "「新しいクラス」を押し、表示されたコードを生徒に伝えます。生徒はレッスンの上の欄に名前と"
                        "コードを入力します。ここには問いごとに、クラスの答えと正確な答えが並び、"
                        "答えが届くたびに更新されます。あとで開くときは、コードとキーを入力して"
                        "「クラスを開く」を押します。JupyterLite の生徒は進み具合のファイルを"
                        "提出します。ファイルを1つのフォルダーに置いて読み込んでください。",
        "teacher_students": "生徒数",
        "teacher_lesson": "レッスン",
        "teacher_plot_choices": "クラスの最初の答え：{counts}。",
        "teacher_right": "正解",
        "teacher_plot_values": "{n}人の最初の答え：{low}から{high}まで、中央値{median}、"
                               "正確な値{exact}。",
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


def seat_title(names: Sequence[str], seat: int, context: ViewContext, own: Catalog,
               moving: bool, you: str = "you_tag") -> str:
    """A seat's name as its row on the board heads it: "▶ " if it is ``moving``, ``you`` at the
    viewer's seat and the bot that plays it. A bot no catalog names is called by its own name:
    a board must not fail over a label."""
    lang = context.lang
    title = ("▶ " if moving else "") + names[seat]
    title += label(you, lang, own) if seat == context.viewer else ""
    bot = context.bots.get(seat)
    if bot is not None:
        try:
            bot_name = label(f"bot_{bot}", lang, own)
        except KeyError:
            bot_name = bot
        title += " · " + label("bot", lang, own, bot=bot_name)
    return title
