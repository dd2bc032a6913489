"""The rule steps of the Ambar (2018) lesson (notebooks/ambar_2018/01_rules.ipynb)."""

from __future__ import annotations

from widgets.spec import LessonStep

LESSONS: dict[str, LessonStep] = {}
