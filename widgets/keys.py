"""A board for the keyboard and for screen readers: the moves as a list, the position in words.

Why two small anywidgets rather than ipycanvas's own keys: ipycanvas's key handler stops Tab
on the canvas (a keyboard trap), and a canvas has no words for a screen reader. So:

- ``KeyboardMoves``: the legal moves in the board's words as one ARIA listbox, the first stop
  of Tab in the row above the board — ←/→ (or ↑/↓, Home, End) go through them, Enter or Space
  plays the one in focus; while it is focused, its target is outlined on the canvas. Like a
  "skip link" it takes no room until it has the focus, then shows over the row (one move at a
  time, with "3 of 12"): nothing above the board moves, and a board still fits the screen. Tab
  leaves it, as from any control.
- ``BoardVoice``: gives the board's canvas ``role="img"`` and a label that says the position
  in words for the seat at the screen (the command line's position text, from the same code),
  takes the canvas out of the Tab order (ipycanvas makes it a stop, with keys it would keep),
  and holds an ``aria-live="polite"`` region where each move's news, refusal, hint or ✔ is
  said once.
"""

from __future__ import annotations

from collections.abc import Iterable

import anywidget
import traitlets

from widgets.controller import MoveButton
from widgets.focus import CANVAS_CLASS

_KEYS_ESM = """
function render({ model, el }) {
  const id = "bk" + Math.random().toString(36).slice(2, 9);
  el.classList.add("boardlib-keys");
  const panel = document.createElement("div");
  panel.className = "boardlib-keys-panel";
  el.append(panel);
  const label = document.createElement("span");
  label.className = "boardlib-keys-label";
  label.id = id + "-label";
  const list = document.createElement("div");
  list.className = "boardlib-keys-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("tabindex", "0");
  list.setAttribute("aria-labelledby", label.id);
  const count = document.createElement("span");
  count.className = "boardlib-keys-count";
  count.setAttribute("aria-hidden", "true");
  panel.append(label, list, count);
  let active = 0;
  function moves() { return model.get("moves") || []; }
  function show() {
    const all = moves();
    label.textContent = model.get("label");
    list.replaceChildren();
    if (!all.length) {  // still an option (a listbox needs one), one that plays nothing
      const none = document.createElement("div");
      none.className = "boardlib-keys-none";
      none.id = id + "-none";
      none.setAttribute("role", "option");
      none.setAttribute("aria-disabled", "true");
      none.setAttribute("aria-selected", "false");
      none.textContent = model.get("empty");
      list.append(none);
      list.setAttribute("aria-activedescendant", none.id);
      count.textContent = "";
      return;
    }
    active = Math.min(Math.max(active, 0), all.length - 1);
    all.forEach((move, index) => {
      const option = document.createElement("div");
      option.id = id + "-" + index;
      option.className = "boardlib-key" + (index === active ? " boardlib-key-active" : "");
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", index === active ? "true" : "false");
      option.dataset.action = move.action;
      option.textContent = move.words;
      option.addEventListener("click", () => { active = index; play(); });
      list.append(option);
    });
    list.setAttribute("aria-activedescendant", id + "-" + active);
    count.textContent = model.get("count").replace("{n}", active + 1).replace("{of}", all.length);
  }
  function tell() {
    const all = moves();
    const focused = document.activeElement === list && all.length ? all[active].action : "";
    if (model.get("focused") !== focused) {
      model.set("focused", focused);
      model.save_changes();
    }
  }
  function play() {
    const all = moves();
    if (!all.length) return;
    model.send({ event: "play", index: active, action: all[active].action });
  }
  list.addEventListener("keydown", (event) => {
    const all = moves();
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined && all.length) {
      active = (active + step + all.length) % all.length;
    } else if (event.key === "Home") {
      active = 0;
    } else if (event.key === "End") {
      active = Math.max(all.length - 1, 0);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      play();
      return;
    } else {
      return;  // Tab and everything else: the browser's (no keyboard trap)
    }
    event.preventDefault();
    show();
    tell();
  });
  list.addEventListener("focus", tell);
  list.addEventListener("blur", tell);
  model.on("change:moves", () => { active = 0; show(); tell(); });
  model.on("change:label", show);
  model.on("change:empty", show);
  show();
}
export default { render };
"""

_KEYS_CSS = """
.boardlib-keys { position: relative; width: 0; height: 40px; flex: 0 0 0; overflow: visible; }
.boardlib-keys-panel { position: absolute; left: -10000px; top: 0; z-index: 30;
  display: flex; align-items: center; gap: 6px; height: 40px; padding: 0 8px;
  background: #fffbe8; border: 2px solid #1a56c4; border-radius: 6px;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); white-space: nowrap; }
.boardlib-keys:focus-within .boardlib-keys-panel { left: 0; }
.boardlib-keys-label { font-size: 14px; color: #222; }
.boardlib-keys-list { min-width: 240px; max-width: 520px; height: 30px; display: flex;
  align-items: center; padding: 0 10px; border: 1px solid #555; border-radius: 4px;
  background: #fff; font-size: 15px; cursor: default; overflow: hidden; }
.boardlib-keys-list:focus { outline: 3px solid #1a56c4; outline-offset: 1px; }
.boardlib-key { display: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.boardlib-key-active { display: block; }
.boardlib-keys-none { color: #444; font-style: italic; }
.boardlib-keys-count { font-size: 13px; color: #333; min-width: 4em; }
"""


class KeyboardMoves(anywidget.AnyWidget):
    """The legal moves as a listbox: ``moves`` ({"action", "words"} each, in the board's
    words), ``focused`` the action in focus now ("" when the list is not focused); a press
    of Enter sends ``{"event": "play", "index", "action"}`` to ``on_play``'s callback."""

    _esm = _KEYS_ESM
    _css = _KEYS_CSS
    moves = traitlets.List(traitlets.Dict()).tag(sync=True)
    focused = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    empty = traitlets.Unicode("").tag(sync=True)
    count = traitlets.Unicode("{n} / {of}").tag(sync=True)


_VOICE_ESM = """
function render({ model, el }) {
  el.classList.add("boardlib-voice");
  const live = document.createElement("div");
  live.className = "boardlib-live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  el.append(live);
  let flip = false;
  function canvas() {
    const board = el.closest(".boardlib-board");
    return board ? board.querySelector(".CANVAS_CLASS") : null;
  }
  function name() {
    const found = canvas();
    if (!found) return false;
    found.setAttribute("role", "img");
    found.setAttribute("aria-label", model.get("label"));
    found.setAttribute("tabindex", "-1");  // out of Tab's way: the list plays, not the picture
    for (const inner of found.querySelectorAll("canvas, svg")) {
      inner.setAttribute("aria-hidden", "true");  // the picture's parts: the label says it all
    }
    return true;
  }
  function say() {
    flip = !flip;  // the same words twice are still news: a reader hears a changed text
    live.textContent = model.get("said") + (flip ? "" : "\\u200b");
  }
  function regions() {  // a box that scrolls must be reachable by keys to be read (WCAG 2.1.1)
    const board = el.closest(".boardlib-board");
    if (!board) return;
    for (const [css, words] of [["boardlib-narration", model.get("narration_label")],
                                ["boardlib-side", model.get("side_label")]]) {
      const box = board.querySelector("." + css);
      if (box) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", words);
      }
    }
  }
  function ready() { const done = name(); regions(); return done; }
  if (!ready()) {
    requestAnimationFrame(function retry() { if (!ready()) setTimeout(retry, 200); });
  }
  model.on("change:narration_label", regions);
  model.on("change:side_label", regions);
  model.on("change:label", name);
  model.on("change:said", say);
}
export default { render };
""".replace("CANVAS_CLASS", CANVAS_CLASS)

_VOICE_CSS = """
.boardlib-voice { position: relative; height: 0; overflow: visible; }
.boardlib-live { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
"""


class BoardVoice(anywidget.AnyWidget):
    """The canvas's words (``label``: the position for the seat at the screen) and the live
    region (``said``: the latest news, refusal, hint or ✔), both for screen readers."""

    _esm = _VOICE_ESM
    _css = _VOICE_CSS
    label = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    narration_label = traitlets.Unicode("").tag(sync=True)  # the scrolling boxes' names
    side_label = traitlets.Unicode("").tag(sync=True)


def key_moves_data(moves: Iterable[MoveButton]) -> list[dict[str, str]]:
    """The controller's keyboard moves as the listbox takes them."""
    return [{"action": move.action, "words": move.words} for move in moves]
