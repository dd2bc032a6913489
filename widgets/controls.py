"""A slider every student can use: a native ``<input type="range">`` with its label.

Why not ``ipywidgets.IntSlider``: its handle is a ``<div role="slider">`` with no accessible
name (axe-core: aria-input-field-name, serious; the visible description is not tied to it), so a
screen reader says only "slider, 3". A native range input named by its ``<label>`` is read as
"D4s face-up, slider, 1", moves by arrow keys, Home, End and Page keys, shows the browser's
focus ring, and needs nothing but anywidget (so it works in Voila and JupyterLite too).

``Slider`` is an ipywidgets ``ValueWidget``: ``interact``/``interactive`` take it as they take an
``IntSlider``, and name it after the argument when it has no description.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets
from ipywidgets.widgets.valuewidget import ValueWidget

_ESM = """
function render({ model, el }) {
  const id = "bs" + Math.random().toString(36).slice(2, 9);
  el.classList.add("boardlib-slider");
  const label = document.createElement("label");
  label.htmlFor = id;
  const input = document.createElement("input");
  input.type = "range";
  input.id = id;
  const readout = document.createElement("output");
  readout.htmlFor = id;
  readout.setAttribute("aria-hidden", "true");  // the slider itself says its value
  el.append(label, input, readout);
  function said() {  // the value's word if it has one, else the number
    const words = model.get("labels"), at = Math.round((input.value - input.min) / input.step);
    return words.length && words[at] !== undefined ? words[at] : input.value;
  }
  function tell() {
    readout.textContent = said();
    if (model.get("labels").length) input.setAttribute("aria-valuetext", said());
    else input.removeAttribute("aria-valuetext");
  }
  function show() {
    label.textContent = model.get("description");
    for (const key of ["min", "max", "step"]) input[key] = String(model.get(key));
    input.value = String(model.get("value"));
    input.style.width = model.get("width");
    input.disabled = model.get("disabled");
    tell();
  }
  input.addEventListener("input", tell);
  input.addEventListener("change", () => {  // on release or key: one computation per choice
    model.set("value", Number(input.value));
    model.save_changes();
  });
  for (const name of ["description", "min", "max", "step", "value", "labels", "width",
                      "disabled"]) model.on("change:" + name, show);
  show();
}
export default { render };
"""

_CSS = """
.boardlib-slider { display: flex; align-items: center; gap: 10px; margin: 2px 0;
                   font-size: var(--jp-widgets-font-size, 13px); }
.boardlib-slider label { min-width: 8em; text-align: right; }
.boardlib-slider input[type=range] { accent-color: #3d5a80; }
.boardlib-slider input[type=range]:focus-visible { outline: 3px solid #111; outline-offset: 2px; }
.boardlib-slider output { min-width: 3em; font-variant-numeric: tabular-nums; }
"""


class Slider(anywidget.AnyWidget, ValueWidget):  # type: ignore[misc]  # untyped ipywidgets
    """A labelled range slider: ``Slider(1, 0, 3, description="D4s face-up")``; ints stay ints
    (whole ``min`` and ``step``), a float ``step`` gives floats; ``labels`` gives each value a
    word, shown and said instead of the number (``labels=["I", "II", "III"]``)."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Union([traitlets.Int(), traitlets.Float()], default_value=0).tag(sync=True)
    min = traitlets.Union([traitlets.Int(), traitlets.Float()], default_value=0).tag(sync=True)
    max = traitlets.Union([traitlets.Int(), traitlets.Float()], default_value=100).tag(sync=True)
    step = traitlets.Union([traitlets.Int(), traitlets.Float()], default_value=1).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)  # a word for each value, if any
    width = traitlets.Unicode("240px").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, value: float = 0, min: float = 0, max: float = 100, step: float = 1,
                 **kwargs: Any):
        if not min <= value <= max:
            raise ValueError(f"a slider's value {value} must lie between its min {min} and "
                             f"max {max}")
        super().__init__(min=min, max=max, step=step, **kwargs)
        self.value = self._kind(value)  # after the steps: they say int or float
        if self.labels and len(self.labels) != round((max - min) / step) + 1:
            raise ValueError(f"a slider from {min} to {max} by {step} needs a label for each "
                             f"value, not {len(self.labels)}")

    @traitlets.validate("value")
    def _within(self, proposal: Any) -> float:
        """A value the page sends comes in as a number: kept within the ends, int if the
        steps are whole."""
        return self._kind(max(self.min, min(self.max, proposal["value"])))

    def _kind(self, value: float) -> float:
        """``value`` as an int when the slider's steps are whole, else as a float."""
        whole = all(float(x).is_integer() for x in (self.min, self.step))
        return round(value) if whole else float(value)
