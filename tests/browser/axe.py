"""An accessibility audit with axe-core (the npm package, injected by Playwright) of what the
project puts on a page: a notebook's outputs and rendered text in JupyterLab, a Voila page.

Why axe-core: it is the engine behind the browsers' own audits and most CI accessibility
checks, and it reads the real page — the widgets as the front end drew them. The audit keeps
WCAG 2.1 A and AA rules and reports the critical and serious violations. JupyterLab's own
chrome (menus, toolbars, the file browser, the cell editors and prompts) is not the project's
and is left out of the audit by selector (``LAB_CHROME``); nothing inside an output is.
The package is fetched once with ``npm pack`` into build/axe-cache (like the Pyodide runtime
for the JupyterLite site), so the audit needs npm and the registry once, then nothing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser.conftest import ARTIFACTS, ROOT, skip_or_fail

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE_VERSION = "4.14.1"
CACHE = ROOT / "build" / "axe-cache"
REPORTS = ARTIFACTS / "axe"  # every violation of every audited page, one JSON file each
RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SERIOUS = ("critical", "serious")
LAB_OUTPUTS = [[".jp-OutputArea-output"], [".jp-MarkdownOutput"]]
"""What the project puts on a JupyterLab page: the cells' outputs and the rendered markdown."""
LAB_CHROME = [[".jp-InputArea"], [".jp-InputPrompt"], [".jp-OutputPrompt"]]
"""JupyterLab's own parts inside a notebook, never audited: editors and prompts."""


def axe_script() -> Path:
    """axe.min.js of ``AXE_VERSION``, fetched once with npm (skips, or fails in CI, without)."""
    script = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if script.exists():
        return script
    if not shutil.which("npm"):
        skip_or_fail("npm is missing: the accessibility audit takes axe-core from npm")
    CACHE.mkdir(parents=True, exist_ok=True)
    packed = subprocess.run(["npm", "pack", f"axe-core@{AXE_VERSION}", "--silent",
                             "--pack-destination", str(CACHE)], capture_output=True, text=True,
                            timeout=300, check=False)
    tarball = CACHE / f"axe-core-{AXE_VERSION}.tgz"
    if packed.returncode != 0 or not tarball.exists():
        skip_or_fail(f"npm pack axe-core@{AXE_VERSION} failed: {packed.stderr[-500:]}")
    with tarfile.open(tarball) as archive:
        member = archive.getmember("package/axe.min.js")
        extracted = archive.extractfile(member)
        assert extracted is not None
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_bytes(extracted.read())
    return script


AUDIT_JS = """
async ([include, exclude, tags]) => {
  const context = include ? {include, exclude} : {exclude};
  const found = await axe.run(context, {runOnly: {type: 'tag', values: tags},
                                        resultTypes: ['violations']});
  return found.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                              why: n.failureSummary.slice(0, 300)}))}));
}
"""


def audit(page: Page, include: list[list[str]] | None = None,
          exclude: list[list[str]] | None = None) -> list[dict[str, Any]]:
    """Every WCAG 2.1 A/AA violation axe-core finds in ``include`` (the whole page if None)
    less ``exclude``, of any impact."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    if include is not None and not page.evaluate(
            "(sels) => sels.some(s => document.querySelector(s[0]))", include):
        return []  # nothing of the project's on the page: nothing to audit
    found: list[dict[str, Any]] = page.evaluate(AUDIT_JS, [include, exclude or [], RULE_TAGS])
    return found


def serious(violations: list[dict[str, Any]]) -> list[str]:
    """The critical and serious violations, a line each (the rule, where, why)."""
    lines = []
    for violation in violations:
        if violation["impact"] not in SERIOUS:
            continue
        for node in violation["nodes"][:5]:
            lines.append(f"{violation['impact']} {violation['id']} ({violation['help']}) at "
                         f"{node['target']}: {node['html']} — {node['why']}")
    return lines


def counts(violations: list[dict[str, Any]]) -> dict[str, int]:
    """Violating elements by impact, for the report."""
    tally: dict[str, int] = {}
    for violation in violations:
        tally[violation["impact"]] = tally.get(violation["impact"], 0) + len(violation["nodes"])
    return tally


def report(violations: list[dict[str, Any]], name: str) -> dict[str, int]:
    """Keep the whole audit in test-artifacts/axe/<name>.json and print its counts (the closing
    note's before/after table comes from these); returns the counts."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"{name}.json").write_text(json.dumps(violations, indent=1, ensure_ascii=False),
                                          encoding="utf-8")
    tally = counts(violations)
    print(f"axe-core {name}: {tally or 'no violation'}")
    return tally
