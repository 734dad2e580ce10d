"""``masscombat campaign``: new, show (and --json), upkeep, rest, muster
and carry from the shell, each refusal one line and exit 2, in English and
German."""

from __future__ import annotations

import json

import pytest

from tests.core.campaign.kit import fight
from tests.test_cli import run
from tui.core.files.loading import load_battle
from tui.core.files.places import find_example, open_example
from tui.core.files.storage import open_session
from tui.core.i18n import set_language


@pytest.fixture(autouse=True)
def _english():
    yield
    set_language("en")


def test_new_show_and_json(tmp_path, capsys):
    path = tmp_path / "war.toml"
    code, out, _ = run(capsys, "campaign", "new", str(path), "--system", "kingmaker", "--side", "Brevoy", "--side", "Pitax")
    assert code == 0 and "Brevoy, Pitax" in out
    code, out, _ = run(capsys, "campaign", "show", str(path))
    assert code == 0 and "Brevoy: Treasury 0 BP" in out and "none yet" in out
    code, out, _ = run(capsys, "campaign", "show", str(path), "--json")
    data = json.loads(out)
    assert data["system"] == "kingmaker" and [s["name"] for s in data["sides"]] == ["Brevoy", "Pitax"] and data["battles"] == []
    code, _, err = run(capsys, "campaign", "new", str(path), "--system", "kingmaker")
    assert code == 2 and err.count("\n") == 1 and "exists" in err


def test_the_demo_through_a_third_battle(tmp_path, capsys):
    copy = open_example(find_example("the-stolen-lands"), tmp_path)
    code, out, _ = run(capsys, "campaign", "muster", str(copy), "--forces", "pikes,warband", "--title", "Crow Ford")
    assert code == 0 and "b3" in out
    code, _, err = run(capsys, "campaign", "carry", str(copy), "b3")
    assert code == 2 and "has not ended yet" in err and err.count("\n") == 1
    assert [a.key for a in load_battle(tmp_path / "the-stolen-lands-b3.toml").game.armies] == ["pikes", "warband"]
    code, out, _ = run(capsys, "campaign", "rest", str(copy), "--days", "2", "--dry-run")
    assert code == 0
    code, out, _ = run(capsys, "campaign", "upkeep", str(copy))
    assert code == 0 and "Brevoy: Consumption" in out and "written" in out
    assert load_battle(copy).state.day == 21


def test_carry_back_from_the_shell_once(tmp_path, capsys):
    from tests.core.campaign.kit import mustered, stolen_lands
    from tui.core.files.storage import create_session

    campaign = stolen_lands()
    path, _ = mustered(campaign, tmp_path)
    create_session(path, campaign).close()
    with open_session(tmp_path / "stolen-lands-b1.toml") as session:
        fight(session.battle)
    code, out, _ = run(capsys, "campaign", "carry", str(path), "b1", "--dry-run")
    assert code == 0 and "Knights of Ostmark: destroyed" in out and "written" not in out
    code, out, _ = run(capsys, "--lang", "de", "campaign", "carry", str(path), "b1")
    assert code == 0 and "Knights of Ostmark: vernichtet" in out and "Sieg für Rivenhold" in out
    code, _, err = run(capsys, "--lang", "en", "campaign", "carry", str(path), "b1")
    assert code == 2 and "carried back as it ended" in err
    assert load_battle(path).state.roster.force("knights").status == "defeated"


@pytest.mark.parametrize("argv, says", [
    (("campaign", "show", "nowhere.toml"), "no such file"),
    (("campaign", "upkeep", "{battle}"), "is a battle, not a campaign"),
    (("campaign", "new", "{dir}/x.toml", "--system", "nope"), "invalid choice"),
    (("campaign", "rest", "{campaign}", "--days", "0"), "1 to 3650"),
    (("campaign", "muster", "{campaign}", "--forces", "ghost"), "no force ghost"),
])
def test_refusals_are_one_line(tmp_path, capsys, argv, says):
    from tests.core.campaign.kit import stolen_lands
    from tui.core.files.storage import create_session
    from tui.core.system import find_system

    create_session(tmp_path / "c.toml", stolen_lands()).close()
    create_session(tmp_path / "b.toml", find_system("kingmaker").new_battle(7)).close()
    words = [a.format(battle=tmp_path / "b.toml", campaign=tmp_path / "c.toml", dir=tmp_path) for a in argv]
    code, out, err = run(capsys, *words)
    assert code == 2 and says in err and err.count("\n") == 1 and "Traceback" not in err
