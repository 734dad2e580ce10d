"""The rules tables in docs/rules/ and their tally in docs/rules/README.md
say the same (a row added without the tally, or a kind of row the README
doesn't count, fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES = Path(__file__).parents[2] / "docs" / "rules"
KINDS = ("no", "settled reading", "assumed")


def _rows(table: str) -> list[str]:
    lines = (RULES / table).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.startswith("| ") and not line.startswith(("| Rule |", "| ---"))]


@pytest.mark.parametrize("table", ["mutant.md", "fate.md", "second-world.md", "kingmaker.md"])
def test_each_table_is_tallied_in_the_readme(table):
    rows = _rows(table)
    kinds = [row.rstrip(" |").split("|")[-1].strip() for row in rows]
    assert set(kinds) <= set(KINDS), set(kinds) - set(KINDS)
    readme = (RULES / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if f"({table})" in line)
    total, no, settled, assumed = map(int, re.search(r"(\d+): (\d+) / (\d+) / (\d+) \|$", line).groups())
    assert (total, no, settled, assumed) == (len(rows), *(kinds.count(kind) for kind in KINDS))
