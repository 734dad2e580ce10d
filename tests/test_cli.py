"""The command line: ``roll``, ``odds``, ``check`` and the app's arguments."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path

import pytest

from tui.cli import main
from tui.core.dice import odds
from tui.core.systems.myz.battle import Battle
from tui.core.dice.d20 import AttackRules, resolve_attack
from tui.core.dice.year_zero import Pool
from tui.core.dice.fudge import fudge_outcome
from tui.core.i18n import set_language
from tui.core.files.rulesets import find_ruleset
from tui.core.systems.kingmaker.rules import shipped as kingmaker

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "examples" / "ghoul-strike.toml"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert out.count("\n") == 1
    return json.loads(out)


def check_locked_dice(data: dict) -> None:
    """Stage by stage: locked dice keep their faces; one Strategy die leaves per push."""
    for push in range(1, data["pushes"] + 1):
        before, after = data["stages"][push - 1], data["stages"][push]
        for kind in ("base", "gear"):
            assert len(after[kind]) == len(before[kind])
            for old, new in zip(before[kind], after[kind]):
                if old in (6, 1):
                    assert new == old
        spent = [entry for entry in data["spent"] if entry["push"] == push]
        assert len(spent) == 1
        skill = list(before["skill"])
        position = spent[0]["index"] - sum(1 for e in data["spent"] if e["push"] < push and e["index"] < spent[0]["index"])
        assert skill.pop(position) == spent[0]["face"]
        if spent[0]["face"] == 6:  # a success is spent only when every Strategy die shows one
            assert all(face == 6 for face in before["skill"])
        assert len(after["skill"]) == len(before["skill"]) - 1 == len(skill)
        for old, new in zip(skill, after["skill"]):
            if old == 6:
                assert new == old
    last = data["stages"][-1]
    assert data["successes"] == sum(faces.count(6) for faces in last.values())
    assert data["banes"] == last["base"].count(1)
    assert data["gear_banes"] == last["gear"].count(1)


# -- roll yz ------------------------------------------------------------------


def test_roll_yz_json(capsys):
    data = run_json(capsys, "roll", "5b2s1g", "--push", "1", "--seed", "7")
    assert data["pool"] == {"base": 5, "skill": 2, "gear": 1}
    assert data["pushes"] == 1 and data["seed"] == 7 and len(data["stages"]) == 2
    assert [len(data["stages"][0][k]) for k in ("base", "skill", "gear")] == [5, 2, 1]
    check_locked_dice(data)


@pytest.mark.parametrize("seed", range(25))
def test_roll_yz_pushes_keep_locked_dice(capsys, seed):
    check_locked_dice(run_json(capsys, "roll", "3b3s2g", "--push", "3", "--seed", str(seed)))


def test_roll_yz_subprocess():
    result = subprocess.run(
        [sys.executable, "-m", "tui", "roll", "5b2s1g", "--push", "1", "--seed", "7", "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    check_locked_dice(data)
    assert len(data["stages"][1]["skill"]) == len(data["stages"][0]["skill"]) - 1


def test_seeded_rolls_are_reproducible(capsys):
    for argv in (["roll", "4b2s1g", "--push", "2"], ["roll", "dF+1"], ["roll", "d20+3", "--vs", "14"]):
        first = run(capsys, *argv, "--seed", "99")
        assert first == run(capsys, *argv, "--seed", "99")
        assert first[0] == 0 and "99" in first[1]


def test_unseeded_roll_reports_its_seed(capsys):
    data = run_json(capsys, "roll", "6b3s2g", "--push", "2")
    again = run_json(capsys, "roll", "6b3s2g", "--push", "2", "--seed", str(data["seed"]))
    assert again == data


def test_roll_yz_readable_and_ascii(capsys):
    code, out, err = run(capsys, "roll", "5b2s1g", "--push", "1", "--seed", "7")
    assert code == 0 and err == ""
    assert re.match(r"5b2s1g → ☢ \d+  ☠ \d+  ⚙ \d+  \(pushed 1×; seed 7\)", out)
    assert len(out.splitlines()) == 3  # the summary, the roll, the push
    code, out, _ = run(capsys, "--ascii", "roll", "5b2s1g", "--push", "1", "--seed", "7")
    assert code == 0 and re.match(r"5b2s1g -> \* \d+  X \d+  # \d+  \(pushed 1x; seed 7\)", out)
    assert out.isascii()


# -- roll fate / d20 ----------------------------------------------------------


@pytest.mark.parametrize("mod", ["-2", "+3", "0"])
def test_roll_fate_json(capsys, mod):
    data = run_json(capsys, "roll", f"4dF{mod if mod != '0' else ''}", "--vs", "-1", "--seed", "5")
    assert data["modifier"] == int(mod) and len(data["faces"]) == 4
    assert data["total"] == sum(data["faces"]) + int(mod)
    assert data["difficulty"] == -1 and data["shifts"] == data["total"] + 1
    assert data["outcome"] == fudge_outcome(data["total"], -1).value
    assert isinstance(data["ladder"], str) and data["seed"] == 5


def test_roll_fate_readable(capsys):
    code, out, _ = run(capsys, "roll", "4dF-2", "--seed", "3")
    assert code == 0 and re.match(r"[-+0]( [-+0]){3}  -2 → ", out)


def test_roll_d20_json(capsys):
    rules = AttackRules.from_ruleset(kingmaker())
    for seed in range(10):
        data = run_json(capsys, "roll", "d20+4", "vs", "15", "--cap", "3", "--seed", str(seed))
        result = resolve_attack(data["face"], 4, 15, 3, rules)
        assert (data["hit"], data["damage"], data["critical"]) == (bool(result.hit), result.damage, result.critical)
        assert data["total"] == data["face"] + 4 and data["target"] == 15
    plain = run_json(capsys, "roll", "d20", "--seed", "1")
    assert plain["modifier"] == 0 and "hit" not in plain


# -- odds ---------------------------------------------------------------------


def test_odds_yz_json(capsys):
    data = run_json(capsys, "odds", "5b2s1g")
    assert data["p_at_least_one"] == odds.fraction_text(1 - Fraction(5, 6) ** 8)
    for key in ("successes", "banes", "gear_banes"):
        assert sum(Fraction(p) for p in data[key].values()) == 1
    assert data["banes"]["5"] == "1/7776" and data["gear_banes"] == {"0": "5/6", "1": "1/6"}


def test_odds_yz_versus_json(capsys):
    data = run_json(capsys, "odds", "5b2s1g", "--pushes", "2", "--vs", "3b1s2g", "--vs-pushes", "4")
    assert data["pushes"] == 2 and data["vs"]["pushes"] == 1  # one Strategy die: one push
    expected = odds.opposed(Pool(5, 2, 1), Pool(3, 1, 2), 2, 1)
    assert Fraction(data["win"]) == expected.win and Fraction(data["lose"]) == expected.lose
    assert Fraction(data["win"]) + Fraction(data["tie"]) + Fraction(data["lose"]) == 1
    assert {int(m): Fraction(p) for m, p in data["margin"].items()} == expected.margin


def test_odds_readable(capsys):
    code, out, _ = run(capsys, "odds", "5b2s1g", "--vs", "3b1s2g")
    assert code == 0 and "77%" in out and "win" in out
    code, out, _ = run(capsys, "odds", "4dF+1 vs 2")
    assert code == 0 and "Fair" in out and "success with style" in out
    code, out, _ = run(capsys, "odds", "d20+5", "--vs", "15")
    assert code == 0 and "55%" in out


def test_odds_fate_and_d20_json(capsys):
    data = run_json(capsys, "odds", "dF-1", "vs", "1")
    assert {int(k): Fraction(v) for k, v in data["totals"].items()} == odds.fudge_totals(-1)
    assert {k: Fraction(v) for k, v in data["outcomes"].items()} == {o.value: p for o, p in odds.fudge_outcomes(-1, 1).items()}
    rules = AttackRules.from_ruleset(kingmaker())
    data = run_json(capsys, "odds", "d20+5 vs 15", "--cap", "2")
    assert Fraction(data["hit"]) == odds.d20_hit(5, 15, rules)
    assert {int(k): Fraction(v) for k, v in data["damage"].items()} == odds.d20_attack(5, 15, 2, rules)


# -- errors -------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["roll", "5x"],
    ["roll", "5b-2s"],
    ["roll", "-5b"],
    ["roll", "100b"],
    ["roll", "60b40s"],
    ["roll", "5b", "--push", "1"],
    ["roll", "5b1s", "--push", "2"],
    ["roll", "5b", "--push", "-1"],
    ["roll"],
    ["roll", "dice", "5b"],
    ["roll", "fate", "+2"],
    ["roll", "4dF", "x"],
    ["roll", "4dF", "--push", "1"],
    ["roll", "5b", "--cap", "2"],
    ["odds", "5b", "--vs", "3q"],
    ["odds", "d20+3"],
    ["odds", "4dF", "--pushes", "1"],
    ["army", "myz", "--cr", "1", "--troops", "10"],
    ["army", "kingmaker", "--cr", "1", "--troops", "0"],
    ["rol", "5b"],
    ["frobnicate"],
    ["--lang", "xx", "roll", "5b"],
])
def test_bad_arguments_are_one_line_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("masscombat: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_push_error_names_the_roll(capsys):
    _, _, err = run(capsys, "roll", "5b", "--push", "1")
    assert err == "masscombat: roll 5b: no Strategy die left to pay for a push\n"


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "roll", "--help")
    assert code == 0 and "DICE" in out and "4dF+2 vs 3" in out


def test_the_apps_help_names_every_command_and_the_environment(capsys):
    """The folder for battles and the settings file can be moved by the
    environment: --help says so (issue 29)."""
    from tui.cli.parser import COMMANDS

    code, out, _ = run(capsys, "--help")
    flat = " ".join(out.split())
    assert code == 0 and "MASSCOMBAT_SAVES" in flat and "MASSCOMBAT_CONFIG" in flat
    assert all(command in flat for command in (*COMMANDS, "army"))


# -- check --------------------------------------------------------------------


def test_check_ruleset_ok(capsys, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(find_ruleset("myz").read_text(encoding="utf-8"), encoding="utf-8")
    assert run(capsys, "check", str(path)) == (0, "ok: ruleset myz-mass-combat\n", "")


def test_check_battle_ok(capsys, tmp_path):
    from tui.core.files.saving import save_battle

    path = tmp_path / "battle.toml"
    save_battle(Battle.new("Night Raid", ("Ghouls", "Ark"), seed=3), path)
    assert run(capsys, "check", str(path)) == (0, 'ok: battle "Night Raid"\n', "")


def test_check_bundled_example(capsys):
    code, out, err = run(capsys, "check", str(EXAMPLE))
    assert code == 0, err
    assert out.startswith("ok: battle ")


@pytest.mark.parametrize("text, place", [
    ('title = "Battle"\nseed = [1,\n', r"\d+:\d+"),
    ('[ruleset]\nid = "x"\nsystem = "myz"\ntitle = { en = "X", de = "X" }\nschema_version = 1\n'
     "[dice]\nsides = 6\nsuccess_face = 9\nbane_face = 1\ngear_bane_face = 1\nmax_pool_dice = 99\n"
     "[push]\nstrategy_dice_per_push = 1\n", r"\d+:\d+"),
    ('schema_version = 1\nsystem = "myz"\ntitle = "T"\nseed = -4\n', r"\d+:\d+"),
])
def test_check_fails_with_one_located_line(capsys, tmp_path, text, place):
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert re.match(re.escape(str(path)) + ":" + place + ": ", err), err


def test_check_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "check", str(tmp_path / "nope.toml"))
    assert code == 1 and err.startswith(str(tmp_path / "nope.toml") + ": ") and err.count("\n") == 1


# -- languages and the app path ------------------------------------------------


def test_lang_de_does_not_crash(capsys):
    code, out, _ = run(capsys, "--lang", "de", "roll", "5b2s1g", "--seed", "1")
    assert code == 0 and out
    code, out, _ = run(capsys, "odds", "4dF+1", "--vs", "2", "--lang", "de")
    assert code == 0 and out


@pytest.fixture
def fake_app(monkeypatch):
    calls = []
    module = types.ModuleType("tui.ui.launch")
    module.launch = lambda args: calls.append(args) or 0
    monkeypatch.setitem(sys.modules, "tui.ui.launch", module)
    return calls


def test_no_command_opens_the_app(fake_app, tmp_path):
    argv = [str(EXAMPLE), "--lang", "en", "--ascii", "--theme", "nord", "--saves", str(tmp_path), "--seed", "4"]
    assert main(argv) == 0
    args = fake_app[-1]
    assert (args.battle, args.lang, args.ascii, args.theme, args.saves, args.seed) == (str(EXAMPLE), "en", True, "nord", str(tmp_path), 4)
    assert main([]) == 0 and fake_app[-1].battle is None
    assert main(["--seed", "5", "new-battle.toml"]) == 0 and fake_app[-1].battle == "new-battle.toml"


def test_commands_never_import_textual(tmp_path):
    ruleset = find_ruleset("fate")
    script = (
        "import sys\n"
        "from tui.cli import main\n"
        "assert main(['roll', '5b2s1g', '--push', '1', '--seed', '1']) == 0\n"
        "assert main(['roll', '4dF-1', '--vs', '0', '--seed', '1']) == 0\n"
        "assert main(['odds', '5b2s1g', '--vs', '3b1s1g']) == 0\n"
        "assert main(['odds', 'd20+2 vs 12']) == 0\n"
        "assert main(['army', 'kingmaker', '--cr', '1', '--troops', '100']) == 0\n"
        f"assert main(['check', {str(ruleset)!r}]) == 0\n"
        f"assert main(['check', {str(EXAMPLE)!r}]) == 0\n"
        "assert main(['roll', '5x']) == 2\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr


# -- army kingmaker ---------------------------------------------------------------


def test_army_kingmaker_prints_the_texts_fighters(capsys):
    code, out, err = run(capsys, "army", "kingmaker", "--cr", "2", "--troops", "500")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Huge army: 500 troops of CR 2"
    assert "ACR 6  (CR 2, Huge: +4 on the CR ladder)" in lines
    assert "hp 33  (ACR 6 × 5.5 for d10)" in lines
    assert "Offense +6  (ACR 6)" in lines
    assert "Defense 16  (base 10, ACR 6)" in lines
    assert "Consumption 3 BP a week  (ACR 6 / 2 = 3)" in lines
    assert "Maximum Damage 4  Attacks 8" in lines
    assert "4 squares on the mat (2x2, frontage x depth), speed 3" in lines
    assert "tactics known 3 (and Standard, Withdraw, which every army knows)" in lines


def test_army_kingmaker_json_and_cavalry(capsys):
    data = run_json(capsys, "army", "kingmaker", "--cr", "2", "--troops", "100", "--mount-cr", "1", "--hd", "d10")
    assert {k: data[k] for k in ("size", "acr", "hp", "offense", "defense", "consumption", "squares", "tactics_known")} == {
        "size": "medium", "acr": "2", "hp": 11, "offense": 4, "defense": 14, "consumption": 2, "squares": 1, "tactics_known": 1}
    assert data["ranged_offense"] is None


def test_army_kingmaker_in_german_and_ascii(capsys):
    code, out, _ = run(capsys, "--lang", "de", "army", "kingmaker", "--cr", "2", "--troops", "500", "--hd", "d8", "--ascii")
    assert code == 0
    assert "TP 27  (Armee-HG 6 x 4,5 für W8)" in out.splitlines()
    assert "×" not in out


@pytest.mark.parametrize(("argv", "says"), [
    (["--cr", "7/2", "--troops", "500"], "CR 7/2 is not on the ladder"),
    (["--cr", "2.5", "--troops", "500"], "CR 2.5 is not on the ladder"),
    (["--cr", "2", "--troops", "500", "--mount-cr", "big"], "CR big is not on the ladder"),
    (["--cr", "1/3", "--troops", "10"], "not an army"),
    (["--cr", "2", "--troops", "5"], "too few troops (5) to be an army"),
    (["--cr", "2", "--troops", "0"], "too few troops (0) to be an army"),
    (["--cr", "2", "--troops", "-5"], "too few troops (-5) to be an army"),
    (["--cr", "2", "--troops", "999999"], "split them into two armies"),
    (["--cr", "2", "--troops", "9000"], "split them into two armies"),
    (["--cr", "2", "--troops", "500", "--hd", "d7"], "no Hit Die"),
    (["--cr", "2", "--troops", "lots"], "not a whole number: lots"),
    (["--troops", "500"], "--cr"),
])
def test_army_kingmaker_bad_input_is_one_line_and_exit_2(capsys, argv, says):
    code, out, err = run(capsys, "army", "kingmaker", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err


def test_army_kingmaker_reads_a_cr_as_the_ladder_writes_it(capsys):
    code, out, err = run(capsys, "army", "kingmaker", "--cr", "2.0", "--troops", "500", "--json")
    assert code == 0 and json.loads(out)["cr"] == "2" and json.loads(out)["acr"] == "6"


def test_check_says_when_undone_steps_can_no_longer_be_redone(capsys, tmp_path):
    from tests.core.kingmaker.kit import muster, set_up
    from tui.core.files.storage import create_session

    battle = set_up(muster())
    battle.undo()
    path = tmp_path / "ford.toml"
    create_session(path, battle).close()
    path.write_text(path.read_text(encoding="utf-8").replace('key = "skirmish"\nx = 16\ny = 10', 'key = "skirmish"\nx = 10\ny = 9'), encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == 'ok: battle "Ashwater Ford"'
    assert "ford.toml: 1 undone step can no longer be redone" in out.splitlines()[1]


# -- view and serve ---------------------------------------------------------------------


def test_view_and_serve_want_a_file_and_serve_a_port(capsys):
    code, _, err = run(capsys, "view")
    assert code == 2 and "FILE" in err and err.count("\n") == 1
    code, _, err = run(capsys, "serve", "x.toml", "--port", "99999")
    assert code == 2 and "99999 is not a port" in err and err.count("\n") == 1


def test_view_without_a_terminal_says_so_and_ends(capsys, tmp_path):
    code, out, err = run(capsys, "view", str(tmp_path / "x.public.json"))  # pytest's stdin is no terminal
    assert code == 2 and out == "" and err == "masscombat: view needs a terminal: connect with ssh -t (the key's options need pty)\n"


def test_serve_without_its_extra_says_how_to_get_it(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    code, out, err = run(capsys, "serve", str(tmp_path / "x.toml"))
    assert code == 2 and out == "" and err == "masscombat: serve needs textual-serve: pip install 'masscombat[serve]'\n"


def test_serve_runs_the_viewer_on_the_projection_only_on_this_machine(capsys, monkeypatch, tmp_path):
    made = {}

    class Server:
        def __init__(self, command, host, port, title, public_url):
            made.update(command=command, host=host, port=port)
            self.public_url = f"http://{host}:{port}"

        def serve(self):
            made["served"] = True
            made["max_viewers"] = self.slots.most

    monkeypatch.setitem(sys.modules, "textual_serve", types.ModuleType("textual_serve"))
    monkeypatch.setitem(sys.modules, "textual_serve.server", types.SimpleNamespace(Server=Server))
    code, out, _ = run(capsys, "serve", str(tmp_path / "raid.toml"), "--lang", "de", "--ascii", "--theme", "ansi-dark")
    assert code == 0 and made["served"] and made["host"] == "127.0.0.1" and made["port"] == 8000
    assert made["command"].endswith(f"-m tui view {tmp_path / 'raid.public.json'} --lang de --ascii --theme ansi-dark")
    assert "ohne Anmeldung" in out
    assert made["max_viewers"] == 12  # the default bound on browser viewers


@pytest.mark.parametrize("text", ["5b2s1g", "3s", "4dF+2 vs 3", "dF-1", "d20+6 vs 17", "D20", "5x", "4dF+", "d12", "fate", "2d6"])
def test_roll_takes_exactly_what_the_quick_roll_takes(capsys, text):
    """One dice grammar wherever a GM types dice: the app's quick roll and
    ``masscombat roll`` read the same expressions the same way."""
    from tui.core.dice.quick import QuickRollError, parse_quick
    from tui.core.system import quick_dice

    try:
        spec = parse_quick(text, quick_dice())
    except QuickRollError:
        spec = None
    code, out, err = run(capsys, "roll", *text.split(), "--seed", "3", "--json")
    assert (code == 0) == (spec is not None), err
    if spec is not None:
        assert run_json(capsys, "roll", text, "--seed", "3") == json.loads(out)


def test_a_pool_against_a_pool_reads_in_the_dice_or_with_vs(capsys):
    """``odds 4b vs 3b`` is ``odds 4b --vs 3b``, as the help says."""
    assert run_json(capsys, "odds", "5b2s1g vs 3b1s2g", "--pushes", "1") == run_json(capsys, "odds", "5b2s1g", "--vs", "3b1s2g", "--pushes", "1")
    code, _, err = run(capsys, "odds", "4b vs 3b", "--vs", "2b")
    assert code == 2 and "--vs does not fit" in err
