"""Shared test set-up. The helpers every game's tests use (``described``, ``do``, ``play``,
``kinds``, ``legal``, ``refused``, ``played``) live in tests/helpers.py, one copy for all
games; the generic invariants in tests/conformance.py. Both are registered here for pytest's
assertion rewriting, so a failing helper assert shows its values like a test's own."""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("tests.helpers", "tests.conformance")
