"""The README's library examples run as doctests, so they stay true."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_readme_examples_run_as_written():
    examples = EXAMPLE.findall((ROOT / "README.md").read_text("utf-8"))
    assert examples, "the README has no ```pycon examples"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, text in enumerate(examples, start=1):
        test = parser.get_doctest(text, {}, f"README example {number}", "README.md", 0)
        outcome = runner.run(test)
        assert outcome.failed == 0, f"README example {number} does not run as written"
