"""The type checker's rules stay strict: no blanket ignores, and every ``type: ignore``
names its error code and says why (the checker itself runs in scripts/test.sh)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<code>\[[a-z-, ]+\])?(?P<rest>.*)$")
CHECKED = ["boardlib", "widgets", "tests", "scripts", "benchmarks"]


def _ignores() -> list[tuple[str, str]]:
    found = []
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
                if IGNORE.search(line):
                    found.append((f"{path.relative_to(ROOT)}:{number}", line))
    return found


def test_the_mypy_config_ignores_no_errors_wholesale():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    overrides = config.get("overrides", [])
    assert not config.get("ignore_errors") and not any(o.get("ignore_errors") for o in overrides)
    assert "ignore-without-code" in config["enable_error_code"]
    assert config.get("strict") is True  # mypy --strict on boardlib and widgets (issue #32)


@pytest.mark.parametrize(("where", "line"), _ignores())
def test_every_type_ignore_names_its_code_and_reason(where, line):
    match = IGNORE.search(line)
    assert match and match["code"], f"{where}: a type: ignore without an error code"
    assert match["rest"].strip().startswith("#"), f"{where}: say why the ignore is needed"
