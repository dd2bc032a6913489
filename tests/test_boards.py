"""The generic board, for every game in ``widgets.BOARDS``: clicks, hidden information, saves,
renderers and language — through the public API (a click at x, y; the buttons).

What a click decides is the controller's (``widgets.controller``): those tests build no widget.
The widget's own tests check that it hands the controller every click and press, and draws
what the controller says, on the canvas and in the rows around it."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from html import escape

import pytest
from ipycanvas import canvas as ipycanvas_canvas

from boardlib import GAMES, Match
from boardlib.match import SHARED_SCREEN
from tests.helpers import tags_and_what_they_cover
from widgets import BOARDS, Board
from widgets.board import status_html
from widgets.canvas import _paint_key, dirty_region, paint_runs, reach
from widgets.controller import BoardController
from widgets.focus import CANVAS_CLASS
from widgets.scene import LAYERS, Circle, Polygon, Rect, Text, box_of
from widgets.svg import to_svg

GAME_NAMES = list(BOARDS)


@pytest.fixture
def sent(monkeypatch):
    """Every canvas message the kernel sends (one per hold_canvas batch)."""
    messages: list = []
    original = ipycanvas_canvas._CANVAS_MANAGER._send_custom
    monkeypatch.setattr(ipycanvas_canvas._CANVAS_MANAGER, "_send_custom",
                        lambda commands, buffers=(): messages.append(commands) or
                        original(commands, list(buffers)))
    return messages


def random_positions(game: str, count: int, seed: int = 0):
    """States met in seeded random games of ``game`` (every player count, every variant)."""
    info = GAMES[game]
    rng = random.Random(seed)
    found = []
    variants = list(info.variants) or [None]
    while len(found) < count:
        state = info.new_game(players=rng.choice(info.player_counts), seed=rng.randrange(10**6),
                              variant=rng.choice(variants))
        bot = info.make_bot("random")
        steps = rng.randrange(0, 120)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else bot.choose(state, rng))
        found.append(state)
    return found


def person_controller(game: str, state) -> BoardController:
    """A board's controller where every seat is a person, so it never moves by itself: each
    click is exactly one person's move. Behind a curtain (a game that hides cards) the person
    to move has the screen: the curtain is lifted first."""
    board = BoardController(game, state=state.clone())
    board.unveil()
    return board


def person_board(game: str, state) -> Board:
    """The same as a widget (for the tests of what the canvas is sent)."""
    board = Board(game, state=state.clone(), controls=None)
    board.unveil()
    return board


def page_click(board: Board, x: float, y: float) -> None:
    """A click as the page sends it: the canvas's mouse-down message, in scene coordinates."""
    top = board.renderer.canvas._canvases[-1]
    top._handle_frontend_event(top, {"event": "mouse_down", "x": x, "y": y}, [])


# ----- clicks land on the move they name ---------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_legal_target_plays_exactly_its_move(game):
    spec = BOARDS[game]
    for state in random_positions(game, 25):
        board = person_controller(game, state)
        if not board.match.waiting_for_person():
            continue
        seat = board.state.current_player()
        seen = board.seen()
        by_target: dict[str, list[str]] = {}
        for action in board.state.legal_actions():
            target = spec.target_of(action, seat, seen)
            if target:
                by_target.setdefault(target, []).append(action)
        for target, actions in by_target.items():
            trial = person_controller(game, board.state)
            before = list(trial.match.moves)  # the position's last moves, recalled
            x, y = trial.scene.center_of(target)
            assert trial.scene.hit(x, y) == target
            trial.click(x, y)
            if len(actions) == 1:
                assert trial.match.moves == [*before, (seat, actions[0])], (target, actions)
            else:
                assert trial.match.moves == before and trial.choices == actions


@pytest.mark.slow  # 45-125 s a game: left out of scripts/test.sh --fast
@pytest.mark.parametrize("game", GAME_NAMES)
def test_ten_thousand_random_clicks_never_break_the_game(game):
    rng = random.Random(5)
    info = GAMES[game]
    board = BoardController(game, players=info.player_counts[-1], seed=3)
    refused = 0
    for _ in range(10_000):
        if board.state.is_terminal() or rng.random() < 0.002:
            board.new_game(seed=rng.randrange(1000))
        if board.curtained() and rng.random() < 0.5:
            board.unveil()  # the screen is passed (the curtain itself is tried too)
        before = board.state.to_json()
        moves = len(board.match.moves)
        scene = board.scene
        board.click(rng.uniform(-5, scene.width + 5), rng.uniform(-5, scene.height + 5))
        if len(board.match.moves) == moves:
            refused += 1
            assert board.state.to_json() == before  # a refused click changes nothing
        board.state.validate()
    assert 0 < refused < 10_000


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_refused_click_is_told_in_the_header_and_beside_the_pointer(game):
    board = BoardController(game, seed=1)
    board.unveil()  # people sharing a screen of a game that hides cards: the screen is passed
    scene = board.scene
    x, y = scene.width - 3, scene.height - 3  # a corner: never a target
    message = board.click(x, y)
    texts = [s.text for s in board.scene.layer("marks") if isinstance(s, Text)]
    assert any(message.split()[0] in t for t in texts)  # in the header
    boxes = [s for s in board.scene.layer("marks") if isinstance(s, Rect)
             and s.style.stroke == "#b00020"]
    assert boxes and abs(boxes[0].x - x) < 400 and abs(boxes[0].y - y) < 200  # by the click


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_canvas_carries_the_class_the_focus_fix_looks_for(game):
    board = Board(game, seed=1)
    assert CANVAS_CLASS in board.renderer.canvas._dom_classes
    assert any(type(child).__name__ == "FocusWithoutScroll" for child in board.children)


def shows_the_controllers_screen(board: Board) -> bool:
    """The canvas, the status line, the narration and the move buttons draw what the
    controller says is on screen now."""
    screen = board.controller.screen()
    return (board.renderer.scene is screen.scene
            and board.status.value == status_html(screen.status)
            and all(escape(line) in board.narration.value for line in screen.narration)
            and [b.description for b in board.move_buttons.children]
            == [move.words for move in screen.moves])


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_widget_hands_the_controller_every_click_and_draws_what_it_says(game):
    board = Board(game, players=2, seed=1, bots={1: "random"})
    assert shows_the_controllers_screen(board)
    seat, seen = board.state.current_player(), board.seen()
    action = next(a for a in board.state.legal_actions() if board.spec.target_of(a, seat, seen))
    page_click(board, *board.scene.center_of(board.spec.target_of(action, seat, seen)))
    if board._choices:  # several moves on the place: the one meant, by its button below
        assert len(board.chooser.children) == len(board._choices) + 2  # question, moves, Cancel
        board.chooser.children[1 + board._choices.index(action)].click()
    assert board.match.moves[0] == (seat, action) and shows_the_controllers_screen(board)
    if board.move_buttons.children:
        moves = len(board.match.moves)
        board.move_buttons.children[-1].click()
        assert len(board.match.moves) > moves and shows_the_controllers_screen(board)
    text = board.save()
    assert board.save_box.value == text and board.save_box.layout.display == ""
    board.controls.moves.hint.click()
    assert board.status.value == status_html(board.controller.status())
    assert board.load().startswith("Game loaded") and board.state.to_json() == text


@pytest.mark.parametrize("game", [g for g in GAME_NAMES if GAMES[g].hidden_information])
def test_the_curtain_button_lifts_the_controllers_curtain(game):
    board = Board(game, players=2, seed=2)
    assert board.curtained() and board.curtain_button.layout.display == ""
    assert board.curtain_button.description == board.controller.screen().curtain
    board.curtain_button.click()
    assert not board.curtained() and board.curtain_button.layout.display == "none"
    assert shows_the_controllers_screen(board)


# ----- hidden information ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_view_is_a_function_of_the_observation_alone(game):
    spec = BOARDS[game]
    for state in random_positions(game, 30, seed=1):
        board = person_controller(game, state)
        for viewer in [None, *range(state.num_players)]:
            seen = state.observation(viewer)
            context = board.view_context(viewer)
            again = json.loads(json.dumps(seen))  # only what the JSON-safe view says
            assert spec.view(seen, context) == spec.view(again, context)
            assert board.scene_for(viewer) == spec.view(
                json.loads(json.dumps(board.state.observation(viewer))), context)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_narration_for_a_viewer_never_tells_what_the_viewer_may_not_know(game):
    for state in random_positions(game, 10, seed=2):
        match = Match(state.clone(), seed=4)
        bot = GAMES[game].make_bot("random")
        for _ in range(60):
            if match.is_over():
                break
            if match.state.is_chance_node():
                match.step()
            else:
                match.state.apply_action(bot.choose(match.state, match.rng))
        for event in match.log:
            for viewer in [SHARED_SCREEN, *range(state.num_players)]:
                if not event.hidden_from(viewer):
                    continue
                scrambled = type(event).__new__(type(event))
                for slot in ("game", "kind", "player", "seen_by", "secret"):
                    setattr(scrambled, slot, getattr(event, slot))
                scrambled.fields = {k: ("?" if k in event.secret else v)
                                    for k, v in event.fields.items()}
                for lang in ("en", "ja"):
                    assert (event.sentence(lang, state.names, viewer)
                            == scrambled.sentence(lang, state.names, viewer))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_people_sharing_a_screen_see_a_curtain_when_the_game_hides_cards(game):
    board = BoardController(game, seed=2)
    board.info = board.info.replace(hidden_information=True)  # as such games do
    board.refresh()
    assert board.curtained() and board.viewer is None
    before = board.state.to_json()
    assert "pass the screen" in board.click(*board.scene.center_of(board.scene.ids()[0])).lower()
    assert board.state.to_json() == before
    board.unveil()
    assert not board.curtained() and board.viewer == board.state.current_player()
    assert board.narration_viewer() == SHARED_SCREEN
    board.info = board.info.replace(hidden_information=False)
    board.new_game(bots={1: "random"})
    assert not board.curtained() and board.viewer == 0 and board.narration_viewer() == 0


def test_the_game_to_move_decides_the_viewer():
    game = GAME_NAMES[0]
    seats = GAMES[game].player_counts[0]
    all_bots = BoardController(game, seed=1, bots=dict.fromkeys(range(seats), "random"))
    assert all_bots.viewer is None and all_bots.narration_viewer() is None


# ----- chooser, buttons, undo, hint -------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_several_moves_on_one_target_offer_a_chooser(game):
    board = BoardController(game, seed=1)
    board.unveil()
    seat = board.state.current_player()
    legal = board.state.legal_actions()
    first = board.spec.target_of(legal[0], seat, board.seen())
    board.spec = dataclasses.replace(board.spec, target_of=lambda a, s, seen: first)
    board.refresh()
    point = board.scene.center_of(first)
    assert "Which one?" in board.click(*point)
    assert len(board.screen().choices) == len(legal)  # the moves below the board too
    items = [i for i in board.scene.ids() if i.startswith("choice-")]
    assert len(items) == len(legal) + 1  # the same menu on the board, beside the click
    menu = board.scene.shape_of("choice-0")
    assert abs(menu.x - point[0]) < 480 and abs(menu.y - point[1]) < 480
    board.click(*board.scene.center_of("choice-cancel"))
    assert not board.scene.ids() or "choice-0" not in board.scene.ids()
    board.click(*point)
    board.click(*board.scene.center_of(f"choice-{len(legal) - 1}"))  # chosen on the board
    assert board.match.moves[0] == (seat, legal[-1])


@pytest.mark.parametrize("game", GAME_NAMES)
def test_moves_without_a_place_on_the_board_get_buttons(game):
    for state in random_positions(game, 20, seed=3):
        board = person_controller(game, state)
        if not board.match.waiting_for_person():
            continue
        seat, seen = board.state.current_player(), board.seen()
        wanted = [a for a in board.state.legal_actions()
                  if a.kind in board.spec.button_kinds
                  or board.spec.target_of(a, seat, seen) is None]
        buttons = board.screen().moves
        assert [button.action for button in buttons] == wanted
        if wanted:
            board.play(buttons[-1].action)
            assert board.match.moves[-1] == (seat, wanted[-1])


@pytest.mark.parametrize("game", GAME_NAMES)
def test_hint_is_said_in_words_and_outlined(game):
    board = BoardController(game, seed=4)
    board.unveil()
    message = board.hint()
    assert message.startswith("Hint: ") and len(message) > 30
    assert any(s.style.dash for s in board.scene.layer("highlights"))
    japanese = BoardController(game, seed=4, lang="ja")
    japanese.unveil()
    assert "ヒント" in japanese.hint()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_undo_takes_back_a_person_move_and_says_so(game):
    board = BoardController(game, seed=6)
    for _ in range(200):
        legal = [a for a in board.state.legal_actions()] if board.match.waiting_for_person() else []
        if not legal or board.match.can_undo():
            break
        board.play(legal[-1])
    if board.match.can_undo():
        before_moves = len(board.match.moves)
        assert board.undo() == "Move taken back."
        assert board.screen().undo.tooltip.startswith(("Take back", "Undo is off"))
        assert len(board.match.moves) < before_moves
    else:
        assert board.undo().startswith("Undo is off")
    undo = board.screen().undo
    assert undo.greyed == (board.match.why_no_undo() is not None) and not undo.disabled


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_greyed_undo_says_why_on_the_button_and_when_asked(game):
    """Issue #33.7: Undo turned grey after a reveal or the bots' moves, its tooltip "Undo"."""
    board = Board(game, seed=6, controls="moves", bots={1: "random"})
    assert board.controls.moves.undo.tooltip.startswith("Undo is off: you have made no move")
    for _ in range(200):
        if board.state.is_terminal() or board.match.why_no_undo() == "chance":
            break
        board.play(board.state.legal_actions()[0])
    assert board.match.why_no_undo() == "chance", "no reveal in 200 moves"
    undo = board.controls.moves.undo
    assert not undo.disabled and undo.style.text_color  # greyed, and still says why on a click
    assert "a card or a die has been revealed" in undo.tooltip
    moves = list(board.match.moves)
    undo.click()
    assert "revealed" in board.status_text() and board.match.moves == moves
    board.set_language("ja")
    assert "明らかになりました" in board.controls.moves.undo.tooltip


# ----- saving -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_save_and_load_and_a_tampered_save_is_refused(game):
    board = BoardController(game, seed=8, bots={1: "random"})
    for _ in range(6):
        if not board.match.waiting_for_person():
            break
        board.play(board.state.legal_actions()[0])
    text = board.save()
    played = board.state.to_json()
    other = BoardController(game, seed=9)
    assert other.load(text).startswith("Game loaded")
    assert other.state.to_json() == played
    before = other.state.to_json()
    tampered = json.loads(text)
    tampered["actions" if "actions" in tampered else next(iter(tampered))] = ["nonsense"]
    message = other.load(json.dumps(tampered))
    assert message.startswith("That save was refused") and other.state.to_json() == before
    assert other.load("{not json").startswith("That save was refused")


# ----- language ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_language_switch_retells_everything_on_screen(game):
    board = Board(game, seed=1, bots={1: "random"})
    board.click(2, board.scene.height - 2)
    undo = board.controls.moves.undo
    english = (board.status_text(), undo.description,
               board.seat_menus[0].description, board.seat_menus[1].options)
    board.set_language("ja")
    japanese = (board.status_text(), undo.description,
                board.seat_menus[0].description, board.seat_menus[1].options)
    assert all(e != j for e, j in zip(english, japanese))
    assert not any(ch.isascii() and ch.isalpha() for ch in undo.description)
    assert board.language_toggle.value == "ja"


# ----- the two renderers agree --------------------------------------------------------------------
def _paint_order(shapes) -> list[int]:
    """Indexes of shapes in the order the canvas paints them (a shape may be painted twice)."""
    index = {id(shape): i for i, shape in enumerate(shapes)}
    order = []
    for run in paint_runs(shapes):
        painted = [index[id(s)] for s in run.shapes]
        order += painted
        if run.kind in (Rect, Circle, Polygon) and run.key[0] and run.key[1]:
            order += painted  # fills first, then the strokes
    return order


@pytest.mark.parametrize("game", GAME_NAMES)
def test_canvas_paints_overlapping_shapes_in_the_order_svg_draws_them(game):
    for state in random_positions(game, 8, seed=7):
        scene = BoardController(game, state=state).scene
        for layer in ("board", "pieces", "highlights", "marks"):
            shapes = scene.layer(layer)
            order = _paint_order(shapes)
            last_paint = {i: n for n, i in enumerate(order)}
            first_paint = {i: n for n, i in reversed(list(enumerate(order)))}
            solid = [i for i, s in enumerate(shapes) if isinstance(s, Rect | Circle | Polygon)
                     and i in first_paint]
            for a in solid:
                for b in solid:
                    if a < b and _overlap(box_of(shapes[a]), box_of(shapes[b])):
                        assert last_paint[a] < first_paint[b], (layer, shapes[a], shapes[b])
            svg_layer = to_svg(scene).split(f'<g class="{layer}">')[1].split("</g>")[0]
            assert svg_layer.count("<") >= len(solid)  # SVG draws them too, in scene order


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_paint_runs_batch_alike_shapes_but_never_across_an_overlap():
    from widgets.scene import Style

    under = Rect(0, 0, 10, 10, Style(fill="#000", stroke="#fff"))
    over = Rect(5, 5, 10, 10, Style(fill="#f00", stroke="#fff"))
    apart = Rect(50, 50, 10, 10, Style(fill="#0f0", stroke="#fff"))
    label = Text(5, 5, "x", 10)
    assert [len(r.shapes) for r in paint_runs([under, over])] == [1, 1]
    assert [len(r.shapes) for r in paint_runs([under, apart])] == [2]
    # a later rect joins the first run when what came between does not touch it …
    assert [len(r.shapes) for r in paint_runs([under, label, apart])] == [2, 1]
    # … and must wait for it when it does
    assert [len(r.shapes) for r in paint_runs([under, label, over])] == [1, 1, 1]


# ----- one message per redraw --------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_one_canvas_message_per_redraw(game, sent):
    board = Board(game, players=GAMES[game].player_counts[-1], seed=2)
    sent.clear()
    board.click(*board.scene.center_of(board.scene.ids()[0]))
    assert len(sent) == 1
    sent.clear()
    board.renderer.redraw_all()  # what a page reload or Voila triggers
    assert len(sent) == 1


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_highlight_change_redraws_only_the_highlight_layer(game, sent):
    board = Board(game, seed=2)
    board.unveil()  # legal moves are outlined only once the curtain is lifted
    sent.clear()
    board.set_show_legal(False)
    switch = ipycanvas_canvas.COMMANDS["switchCanvas"]
    drawn_on = [c[1][0] for c in sent[0] if c[0] == switch]
    highlights = board.renderer.canvas[LAYERS.index("highlights")]
    assert len(sent) == 1 and drawn_on == [f"IPY_MODEL_{highlights.model_id}"]


# ----- a redraw repaints only what changed -----------------------------------------------------
STEP = 4  # px between the sample points of the painting model below


def _model_picture(shapes, size, regions) -> dict[tuple[int, int], tuple]:
    """A painting model: at each sample point of ``regions`` (boxes) on a canvas of ``size``,
    the shapes that may paint there, in paint order (each painting all of its ``reach``)."""
    width, height = size
    picture: dict[tuple[int, int], tuple] = {}
    for shape in shapes:
        if _paint_key(shape) is None:
            continue
        sx0, sy0, sx1, sy1 = reach(shape)
        points = set()
        for rx0, ry0, rx1, ry1 in regions:
            x0, y0 = max(sx0, rx0, 0), max(sy0, ry0, 0)
            x1, y1 = min(sx1, rx1, width), min(sy1, ry1, height)
            points.update((x, y) for x in range(math.ceil(x0 / STEP), math.ceil(x1 / STEP))
                          for y in range(math.ceil(y0 / STEP), math.ceil(y1 / STEP)))
        for point in points:  # x0 ≤ x·STEP < x1, in every region the shape reaches
            picture[point] = (*picture.get(point, ()), shape)
    return picture


def _inside(point, boxes) -> bool:
    x, y = point[0] * STEP, point[1] * STEP
    return any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in boxes)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_repainting_the_dirty_region_gives_the_picture_of_a_full_repaint(game, monkeypatch):
    """In the painting model: outside the boxes the picture stays as it was and is right;
    what is painted again paints only inside the cleared boxes; inside them it gives the
    picture of a full repaint."""
    import widgets.canvas as canvas_module

    calls: list = []  # (drawn, shapes, region) of each layer redraw
    region_of = canvas_module.dirty_region

    def recording(drawn, shapes, width, height):
        calls.append((drawn, shapes, region_of(drawn, shapes, width, height)))
        return calls[-1][2]

    monkeypatch.setattr(canvas_module, "dirty_region", recording)
    rng = random.Random(11)
    for state in random_positions(game, 4, seed=3):
        board = person_board(game, state)
        for _ in range(8):
            seat, seen = board.state.current_player(), board.seen()
            targets = [t for a in board.state.legal_actions()
                       if (t := board.spec.target_of(a, seat, seen))]
            if board.state.is_terminal() or not targets:
                break
            board.click(*board.scene.center_of(rng.choice(targets)))
    size = (board.scene.width, board.scene.height)
    partial = [(old, new, region) for old, new, region in calls if region and region[0]]
    assert len(partial) >= 3, f"only {len(partial)} of {len(calls)} redraws were partial"
    whole = [(0, 0, *size)]
    for old, new, (boxes, repainted) in partial:
        changed = [reach(x) for x in set(old) ^ set(new) if _paint_key(x) is not None]
        old_picture = _model_picture(old, size, changed)  # where a change could show
        new_picture = _model_picture(new, size, changed)
        for point in set(old_picture) | set(new_picture):
            if not _inside(point, boxes):
                assert old_picture.get(point) == new_picture.get(point), point
        assert all(_inside(p, boxes) for p in _model_picture(repainted, size, whole))
        assert _model_picture(repainted, size, boxes) == _model_picture(new, size, boxes)


def test_the_dirty_region_falls_back_to_a_full_repaint_when_a_part_would_not_be_exact():
    from widgets.scene import Style

    a = Rect(0, 0, 20, 20, Style(fill="#000"))
    b = Rect(10, 10, 20, 20, Style(fill="#f00"))
    c = Rect(200, 200, 10, 10, Style(fill="#0f0"))
    assert dirty_region((a, b), (b, a), 400, 400) is None  # an overlap now paints the other way
    assert dirty_region((a, a), (a,), 400, 400) is None  # a shape listed twice
    assert dirty_region((a,), (a, Rect(0, 0, 400, 300, Style(fill="#00f"))), 400, 400) is None
    assert dirty_region((a, b), (a, b), 400, 400) == ([], [])
    assert dirty_region((a, b), (a, b, Rect(5, 5, 1, 1, id="target")), 400, 400) == ([], [])
    (box,), repainted = dirty_region((a, b), (a, b, c), 400, 400)
    assert box[0] <= 200 and box[1] <= 200 and box[2] >= 210 and box[3] >= 210
    assert all(isinstance(v, int) for v in box) and repainted == [c]  # whole pixels
    boxes, repainted = dirty_region((a,), (a, b), 400, 400)  # b lies on a: a is painted again
    assert repainted == [a, b] and len(boxes) == 2


def test_a_text_reaches_past_its_estimated_width():
    label = Text(100, 50, "WWMM", 20, anchor="middle", bold=True)
    x0, y0, x1, y1 = reach(label)
    bx0, by0, bx1, by1 = box_of(label)
    assert x0 < bx0 and x1 > bx1 and y0 < by0 and y1 > by1
    assert x1 - x0 >= 4 * 20  # four of the widest letters, an em each


@pytest.mark.parametrize("game", GAME_NAMES)
def test_on_move_tells_each_person_move_with_its_events(game):
    board = BoardController(game, seed=3)
    heard: list = []
    board.on_move(lambda action, events: heard.append((action, len(events))))
    seat = board.state.current_player()
    action = board.state.legal_actions()[0]
    board.play(action)
    assert heard == [(str(action), len(board.last_events))] and board.last_events
    assert board.match.moves[0] == (seat, action)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_board_plays_on_a_copy_of_the_state_it_is_given(game):
    state = GAMES[game].new_game(seed=5)
    saved = state.to_json()
    board = BoardController(game, state=state)
    board.click(*board.scene.center_of(board.scene.ids()[0]))
    assert state.to_json() == saved and board.state is not state


@pytest.mark.parametrize("game", GAME_NAMES)
def test_wrong_settings_are_refused_with_the_reason(game):
    info = GAMES[game]
    with pytest.raises(ValueError, match="seat"):
        BoardController(game, bots={max(info.player_counts) + 1: "random"})
    with pytest.raises(ValueError, match="unknown bot"):
        BoardController(game, bots={1: "genius"})
    with pytest.raises(ValueError):
        BoardController(game, players=max(info.player_counts) + 1)
    with pytest.raises(ValueError, match="lang must be one of en, ja"):
        BoardController(game, lang="fr")
    board = BoardController(game, seed=1)
    with pytest.raises(ValueError, match="version"):
        board.new_game(variant="turbo")
    with pytest.raises(ValueError, match="controls must be"):
        Board(game, controls="some")


def test_last_move_tags_never_cover_each_other():
    from widgets.overlays import last_move_tags
    from widgets.scene import Style

    tiles = [Rect(10 + 30 * k, 50, 28, 28, Style(fill="#ccc"), f"t{k}") for k in range(4)]
    marks = last_move_tags(tiles, {f"t{k}": f"last: Player {k + 1}" for k in range(4)}, 400)
    boxes = [box_of(m) for m in marks if isinstance(m, Rect)]
    assert len(boxes) == 4
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlap(a, b), (a, b)


def tagged_boards(game: str):
    """Boards of seeded games with 2 to 4 players, a person in seat 1 and random bots in the
    others, after a few, several and many moves: every seat's last move carries a tag."""
    info = GAMES[game]
    for players in [n for n in info.player_counts if n >= 2]:
        for seed in (1, 2):
            for moves in (2, 9, 30):
                board = BoardController(game, players=players, seed=seed,
                                        bots={seat: "random" for seat in range(1, players)})
                rng = random.Random(seed * 100 + moves)
                for _ in range(moves):
                    if not board.match.waiting_for_person():
                        break
                    board.play(str(rng.choice(board.state.legal_actions())))
                yield board


@pytest.mark.parametrize("game", GAME_NAMES)
def test_last_move_tags_cover_no_label_and_no_other_target(game):
    """Issue 31, item 5 ('last: Player 1' covered Âmbar's 'face-down' label): a tag covers no
    text on the board (labels, counts, the header) and no click target but its own (a tall one
    holds its tag inside its top); it stays inside the picture, under the header."""
    tags_seen = 0
    for board in tagged_boards(game):
        tags, covered = tags_and_what_they_cover(board)
        assert not covered, (f"{game}, {board.state.num_players} players, "
                             f"{len(board.match.moves)} moves: {covered}")
        tags_seen += tags
    assert tags_seen >= 10, f"{game}: only {tags_seen} tags drawn: the test saw too little"


def test_a_tall_board_and_its_controls_fit_a_laptop_screen():
    """Issue 31, item 5: the canvas keeps its pixels but is drawn smaller, its ratio kept, when
    the screen is too short for it and its rows (tests/browser/test_board_fits_in_browser.py
    measures it at 1400×900); the setup rows (players, seats, seed, New game, Save, Load) open
    on demand, and by themselves once the game is over."""
    from widgets.board import FIT_RESERVE

    board = Board("amber_route", players=4, seed=1, bots={1: "careful"})
    canvas = board.renderer.canvas
    assert (canvas.width, canvas.height) == (board.scene.width, board.scene.height)
    assert canvas.layout.width == canvas.layout.height == "auto"
    assert f"calc(100vh - {FIT_RESERVE}px)" in canvas.layout.max_height
    assert canvas.layout.max_width == "100%" and "boardlib-board" in board._dom_classes
    assert board.setup_panel.layout.display == "none" and board.controls.setup.new_game
    board.setup_toggle.value = True
    assert board.setup_panel.layout.display == ""
    board.setup_toggle.value = False
    assert board.setup_panel.layout.display == "none"
    watched = Board("ambar_fossils", players=2, seed=1, bots={0: "random", 1: "random"})
    assert watched.state.is_terminal() and watched.setup_panel.layout.display == ""
