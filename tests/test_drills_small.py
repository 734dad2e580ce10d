"""The drills of ``bench/drills/`` at small N, as CI can run them: real
processes killed mid-save, and generated malformed files through the
loader. (The drills run by hand do the same at N in the thousands and
print times and memory.)"""

from __future__ import annotations

import random

import pytest

import fuzz  # the drills, from bench/drills
import kill
from _harness import DEMOS, Verdicts


@pytest.mark.parametrize("system", list(DEMOS))
def test_kills_mid_save_leave_every_file_whole_and_no_temp_behind(system):
    verdicts = Verdicts()
    kill.drill(system, 4, random.Random(3), verdicts, jitter=0)
    [(_, held, figures)] = verdicts.rows
    assert held, figures


def test_malformed_files_are_refused_in_one_clean_line_and_nothing_is_written(tmp_path):
    from tui.core.errors import MassCombatError
    from tui.core.files.rulesets import load_ruleset_file
    from tui.core.files.loading import load_battle

    rng = random.Random(5)
    files = fuzz.sources()
    for number in range(160):
        kind = rng.choice(list(files))
        mutator = rng.choice(list(fuzz.MUTATORS))
        path = tmp_path / f"{number}.toml"
        path.write_bytes(fuzz.MUTATORS[mutator](files[kind][1], rng))
        try:
            (load_battle if kind.startswith("save") else load_ruleset_file)(path)
        except MassCombatError as exc:
            assert "\n" not in str(exc) and not fuzz.RAW.search(str(exc)), (kind, mutator, str(exc))
        path.unlink()
        assert list(tmp_path.iterdir()) == [], (kind, mutator)
