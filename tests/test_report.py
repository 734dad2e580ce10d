"""``masscombat report``: a played Mass Combat battle as Markdown, wave by wave.

The battle is driven in code with typed-in skill checks and ``end_wave``;
the tests read what they expect from the battle's own records (End phase
reports, pools), so a fix to the engine's numbers does not break them.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tui.core.markdown import md_text

from tui.cli import main
from tui.core.systems.myz.battle import Battle
from tui.core.i18n import set_language, tr
from tui.core.files.saving import save_battle
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.after_battle import successor_needed
from tui.core.systems.myz.army import Army, Battlefield, Person
from tui.core.systems.myz.story import markdown_report
from tui.core.systems.myz.story_trace import wave_traces
from tui.core.systems.myz.story_writer import cell

ROOT = Path(__file__).resolve().parent.parent
OGRE = "Ogre|[/]"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- a battle, played in code ------------------------------------------------------


def ghoul_strike(attackers: str = "Zone-Ghouls") -> Battle:
    ghouls = Army(
        people=(Person(name="Ghoul Chief", position="leader", pc=False, skills={"comprehend": "3b2s", "command": "3b1s"}),),
        played_by="gm",
        fighters=150,
        battle_level=3,
    )
    ark = Army(
        people=(
            Person(name="Marlotte", position="leader", skills={"comprehend": "3b1s", "command": "4b3s", "manipulate": "4b2s"}),
            Person(name="Dora", position="assailant", skills={"sneak": "4b3s"}, armour=1),
            Person(name="Angus", position="engineer", skills={"jury_rig": "4b3s"}),
            Person(name="Mo", position="medic", skills={"heal": "3b2s"}),
        ),
        battle_level=2,
        fighters=60,
        combat_ready=False,
        units={"artillery": 1},
        defends_ark=True,
        ark_projects=("defenses",),
    )
    battle = Battle.new("Ghoul Strike", (attackers, "The Ark"), seed=1877, armies=(ghouls, ark), battlefield=Battlefield(environment="ruins", night=True))
    battle.record(ev.Reconnaissance(checks=(ev.SkillCheck(typed=3), ev.SkillCheck(typed=1))))
    if battle.game.stage == "ambush":
        battle.record(ev.Ambush(take=True))
    battle.record(ev.Initiative(first=1))
    return battle


def first_open(battle: Battle, events):
    """The first of ``events`` the rules allow now."""
    for event in events:
        if battle.step_refusal(event) is None:
            return event
    raise AssertionError(f"none of {events} is allowed: {[battle.step_refusal(e) for e in events]}")


def fight(battle: Battle) -> None:
    battle.roll()
    while battle.state.in_progress:
        roll = battle.state.sides[battle.state.turn].roll
        battle.push() if roll.can_push and roll.successes < 2 else battle.settle()


def play_wave(battle: Battle, ark_strategies: tuple[str, ...], ghoul_strategies: tuple[str, ...], ark_action: ev.Action, risks=(0, 1, 0, 0)) -> None:
    game = battle.game
    for side in game.order:
        battle.record(ev.SetRisk(side=side, risks=risks if side == 1 else (0,)))
    for side in battle.game.order:
        options = ark_strategies if side == 1 else ghoul_strategies
        battle.record(first_open(battle, [ev.ChooseStrategy(side=side, strategy=key) for key in (*options, "rally", "full_retreat")]))
    if battle.game.wave.resolution.outcome == "parley":
        battle.record(ev.AnswerParley(accept=False))
    for side in battle.game.order:
        battle.record(ark_action if side == 1 else ev.Action(side=0, action="grant", grant=1))
    fight(battle)
    for side in battle.game.order:
        if battle.game.wave.phase != "support" or battle.game.wave.support[side] is not None:
            continue
        if side == 1:
            confused = battle.game.forces[1].confused and battle.game.wave.resolution.final[1] == "rally"
            angus_fit = not battle.game.forces[1].broken[2]  # a broken engineer repairs nothing
            battle.record(ev.Support(
                side=1,
                repair=ev.SkillCheck(person=2, skill="jury_rig", typed=2) if angus_fit else None,
                rally=ev.SkillCheck(person=battle.game.forces[1].leader, skill="command", typed=1) if confused else None,
            ))
        else:
            battle.record(ev.Support(side=0))
    battle.end_wave()
    while (side := successor_needed(battle.game)) is not None:
        battle.record(ev.NextInCommand(side=side, person=1 if side == 1 else None, check=ev.SkillCheck(skill="command", typed=0)))


def played_battle(attackers: str = "Zone-Ghouls") -> Battle:
    """Three waves (or fewer, if the battle ends): a Remarkable Action with a
    helper, a Commando Operation, a declined Parley, the GM's adjustments."""
    battle = ghoul_strike(attackers)
    remarkable = ev.Action(side=1, action="remarkable", check=ev.SkillCheck(person=1, skill="sneak", helpers=(3,), typed=2))
    play_wave(battle, ("rally",), ("total_attack",), remarkable)
    commando = ev.Action(side=1, action="commando", check=ev.SkillCheck(person=1, skill="sneak", helpers=(2,), typed=3), support_pairs=1)
    for ark, ghouls, action, risks in (
        (("defense",), ("attack",), commando, (1, 0, 0, 0)),
        (("parley", "defense"), ("total_attack",), ev.Action(side=1, action="none"), (3, 3, 3, 3)),
    ):
        if battle.game.stage == "over":
            break
        battle.record(ev.Adjust(side=0, fighters=battle.game.forces[0].fighters + 10))
        battle.record(ev.NextWave(battle_levels={0: battle.game.forces[0].battle_level}))
        if battle.game.stage == "over":
            break
        play_wave(battle, ark, ghouls, action, risks)
    for _ in range(8):  # then plain waves until the battle is over
        if battle.game.stage == "over":
            break
        battle.record(ev.NextWave())
        if battle.game.stage == "over":
            break
        play_wave(battle, ("defense",), ("total_attack", "attack"), ev.Action(side=1, action="none"), (1, 1, 1, 1))
    return battle


@pytest.fixture(scope="module")
def battle() -> Battle:
    return played_battle()


@pytest.fixture(scope="module")
def ogre_battle() -> Battle:
    return played_battle(OGRE)


# -- reading Markdown ------------------------------------------------------------


def tables(text: str) -> list[list[str]]:
    """Every pipe table, as its lines."""
    found, current = [], []
    for line in text.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            found.append(current)
            current = []
    if current:
        found.append(current)
    return found


def cells(row: str) -> list[str]:
    """A row's cells, split only at unescaped pipes, Markdown escapes undone."""
    parts = re.split(r"(?<!\\)\|", row)
    assert parts[0] == "" and parts[-1] == "", row
    return [re.sub(r"\\(.)", r"\1", part.strip()) for part in parts[1:-1]]


def rows_with(text: str, *values: str) -> list[list[str]]:
    """Table rows holding each of ``values`` as a whole cell."""
    return [cells(row) for table in tables(text) for row in table if all(v in cells(row) for v in values)]


def reports(battle: Battle):
    return battle.game.reports


# -- the report's contents -----------------------------------------------------------


def test_the_battle_has_several_waves(battle):
    assert len(reports(battle)) >= 3 and battle.game.stage == "over"
    _, traces = wave_traces(battle)
    assert [t.number for t in traces][: len(reports(battle))] == [r.wave for r in reports(battle)]


@pytest.mark.parametrize("language", ["en", "de"])
def test_report_heads_and_sections(battle, language):
    text = markdown_report(battle, language)
    assert text.startswith("# Ghoul Strike\n")
    for key in ("report.battlefield.heading", "report.muster.heading", "report.recon.heading", "report.initiative.heading", "report.losses.heading"):
        assert f"\n## {tr(language, key)}\n" in text
    for report in reports(battle):
        assert f"\n## {tr(language, 'report.wave.heading', number=report.wave)}\n" in text
    rules = battle.ruleset
    assert rules.environment_type("ruins").name(language) in text
    assert "Marlotte" in text and "Ghoul Chief" in text
    assert rules.ark_project("defenses").name(language) in text
    recon = battle.game.recon
    assert tr(language, "report.recon.winner", name="Zone-Ghouls", margin=recon.margin, rating=recon.rating) in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_pool_sources_are_listed(battle, language):
    text = markdown_report(battle, language)
    rules = battle.ruleset
    _, traces = wave_traces(battle)
    for trace in traces:
        for breakdown in trace.wave.pools or ():
            for line in breakdown.lines:
                detail = line.detail
                if line.source in ("special_class", "superiority"):
                    detail = rules.special_class(detail).name(language)
                elif line.source in ("strategy", "strategy_repeated"):
                    detail = rules.strategy(detail).name(language)
                label = tr(language, f"myz.source.{line.source}", detail=detail)
                assert rows_with(text, label), label
            assert f"**{breakdown.pool.notation()}**" in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_casualty_die_is_shown(battle, language):
    text = markdown_report(battle, language)
    for report in reports(battle):
        for side, casualties in enumerate(report.casualties):
            for step in casualties.steps:
                label = tr(language, step.key)
                rows = [row for row in rows_with(text, str(step.total)) if row[0].startswith(label)]
                dice = " ".join(map(str, step.dice)) if step.dice else "-"
                assert any(row[1] == dice for row in rows), (step, rows)
            total = tr(language, "report.casualties.total_fighters", name=battle.game.names[side], count=casualties.total,
                       before=report.before[side].fighters, after=report.after[side].fighters)
            assert total in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_retaliation_rows(battle, language):
    text = markdown_report(battle, language)
    seen_helper = seen_armour = False
    for report in reports(battle):
        for side in (0, 1):
            people = report.after[side].army.people
            for retaliation in report.retaliation[side]:
                name = people[retaliation.person].name
                rows = rows_with(text, battle.game.names[side], name)
                if retaliation.helped is not None:
                    seen_helper = True
                    helped = tr(language, "report.retaliation.helped", name=people[retaliation.helped].name)
                    assert any(row[2] == helped for row in rows), rows
                    continue
                faces = " ".join(map(str, retaliation.faces))
                wanted = [str(retaliation.dice), faces, str(retaliation.successes)]
                assert any(row[3:6] == wanted and row[7].startswith(f"{retaliation.damage} (") for row in rows), (retaliation, rows)
                if retaliation.armour_faces:
                    seen_armour = True
                    armour = tr(language, "report.retaliation.armour_rolled", armour=retaliation.armour, faces=" ".join(map(str, retaliation.armour_faces)), stopped=retaliation.stopped)
                    assert any(len(row) > 7 and row[6] == armour for row in rows), (armour, rows)
    assert seen_armour  # armour is rolled (MYZ core rules)
    assert seen_helper  # Mo only helped Dora in the first wave


@pytest.mark.parametrize("language", ["en", "de"])
def test_result_rows_winners_and_running_totals(battle, language):
    text = markdown_report(battle, language)
    rules = battle.ruleset
    names = battle.game.names
    lost = [0, 0]
    for report in reports(battle):
        row = next(r for r in rules.margins if r.key == report.outcome.row)
        assert f"**{row.name(language)}**. {row.text(language)}" in text
        out = report.outcome
        if out.winner is not None:
            assert tr(language, "report.end.winner", name=names[out.winner], a=out.successes[out.winner],
                      b=out.successes[1 - out.winner], margin=out.raw_margin) in text
        for side in (0, 1):
            lost[side] += report.casualties[side].total
        assert tr(language, "report.next.running_total", a=names[0], lost_a=lost[0], b=names[1], lost_b=lost[1]) in text
    total_row = rows_with(text, f"**{lost[0]}**", f"**{lost[1]}**")
    assert total_row and total_row[0][0] == f"**{tr(language, 'report.pool.total')}**"


@pytest.mark.parametrize("language", ["en", "de"])
def test_how_the_battle_ends(battle, language):
    text = markdown_report(battle, language)
    game = battle.game
    assert game.stage == "over" and game.ended
    assert f"\n## {tr(language, 'report.over.heading')}\n" in text
    # each reason names the force it happened to
    for side, force in enumerate(game.forces):
        if force.battle_level <= 0:
            assert f"- {tr(language, 'myz.over_named.no_battle_dice', name=game.names[side])}" in text
    assert f"\n## {tr(language, 'report.ongoing.heading')}\n" not in text


def test_german_report_is_german(battle):
    text = markdown_report(battle, "de")
    assert "## Welle 1" in text and "## Wave" not in text
    assert "Schlachtpools" in text and "Vergeltung" in text and "Verluste" in text
    assert "Totaler Angriff" in text and "Battle Pool" not in text


def test_actions_support_and_parley_are_told(battle):
    text = markdown_report(battle, "en")
    assert "Remarkable Action: Dora rolls SNEAK with 4b" in text and "helped by Mo" in text
    assert "Commando Operation: Dora rolls SNEAK" in text
    assert "Emergency repairs: Angus rolls JURY-RIG" in text
    assert "Strategy dice granted by the GM: 1" in text
    assert "The GM adjusts Zone-Ghouls: fighters" in text
    assert "The Ark offers a Parley." in text and "| Parley | Defense |" in text
    assert "- The leader Marlotte is broken. Dora takes command: Dora rolls COMMAND" in text
    assert "-3 for the broken leader" in text


def test_tables_hold_together_with_a_piped_name(ogre_battle):
    text = markdown_report(ogre_battle, "en")
    assert f"### {md_text(OGRE)}\n" in text  # headings and sentences: escaped for Markdown
    assert f"{md_text(OGRE)} |" in text and md_text(OGRE) == "Ogre\\|\\[/\\]"
    found = tables(text)
    assert len(found) > 10
    for table in found:
        widths = {len(re.split(r"(?<!\\)\|", row)) for row in table}
        assert len(widths) == 1, table
        assert re.fullmatch(r"\|( ---:? \|)+", table[1]), table[1]
    assert rows_with(text, OGRE)  # the cell reads back as the name


def test_backslash_in_a_name_cannot_escape_the_pipe():
    name = "a\\|b"  # a, backslash, pipe, b
    assert cell(md_text(name)) == md_text(name) == "a\\\\\\|b"
    assert cells("| " + cell(md_text(name)) + " | x |") == [name, "x"]
    assert cell("a|b") == "a\\|b"  # the report's own words are escaped for the table too


def test_every_unfinished_step_reports(battle):
    """Undo step by step: every state of the battle makes a report, as far as it got."""
    copy = Battle(battle.meta, battle.rules, battle.history)
    seen = set()
    while True:
        for language in ("en", "de"):
            text = markdown_report(copy, language)
            assert text.startswith("# Ghoul Strike") and text.endswith("\n")
        game = copy.game
        seen.add((game.stage, game.wave.phase if game.wave else None))
        if not copy.can_undo:
            break
        copy.undo()
    assert ("muster", None) in seen and ("wave", "battle") in seen and ("wave", "support") in seen


def test_a_battle_in_its_battle_roll():
    battle = ghoul_strike()
    battle.record(ev.SetRisk(side=1, risks=(0, 0, 0, 0)))
    battle.record(ev.SetRisk(side=0, risks=(0,)))
    battle.record(ev.ChooseStrategy(side=1, strategy="rally"))
    battle.record(ev.ChooseStrategy(side=0, strategy="attack"))
    battle.record(ev.Action(side=1, action="none"))
    battle.record(ev.Action(side=0, action="grant", grant=0))
    battle.roll()
    text = markdown_report(battle, "en")
    assert battle.state.in_progress or battle.game.wave.phase != "battle"
    if battle.state.in_progress:
        assert "The Battle roll is still going on" in text
    assert "The wave is in its" in text or "Support phase" in text


def test_secret_strategy_stays_secret():
    battle = ghoul_strike()
    battle.record(ev.SetRisk(side=1, risks=(0, 0, 0, 0)))
    battle.record(ev.SetRisk(side=0, risks=(0,)))
    battle.record(ev.ChooseStrategy(side=1, strategy="rally"))
    text = markdown_report(battle, "en")
    assert "chosen (secret until both have chosen)" in text and "| Rally |" not in text


def test_null_battle_and_truce():
    battle = ghoul_strike()
    for side in battle.game.order:
        battle.record(ev.SetRisk(side=side, risks=(0, 0, 0, 0) if side else (0,)))
    battle.record(ev.ChooseStrategy(side=1, strategy="full_retreat"))
    battle.record(ev.ChooseStrategy(side=0, strategy=first_open(battle, [ev.ChooseStrategy(side=0, strategy=k) for k in ("full_retreat", "fighting_retreat")]).strategy))
    text = markdown_report(battle, "en")
    assert battle.game.stage == "over"
    assert tr("en", "myz.over.null_battle") in text and "Null Battle: " in text

    battle = Battle.new("Talks", ("North", "South"), seed=5, armies=(
        Army(people=(Person(name="N", position="leader", skills={"comprehend": "2b"}),), battle_level=2),
        Army(people=(Person(name="S", position="leader", skills={"comprehend": "2b"}),), battle_level=2),
    ))
    battle.record(ev.Reconnaissance(skip=True))
    battle.record(ev.Initiative(first=0))
    battle.record(ev.SetRisk(side=0, risks=(0,)))
    battle.record(ev.SetRisk(side=1, risks=(0,)))
    battle.record(ev.ChooseStrategy(side=0, strategy="parley"))
    battle.record(ev.ChooseStrategy(side=1, strategy="attack"))
    battle.record(ev.AnswerParley(accept=True))
    battle.record(ev.EndBattle())
    text = markdown_report(battle, "de")
    assert "Übersprungen" in text and "North bietet eine Verhandlung an." in text
    assert tr("de", "report.wave.truce") in text and tr("de", "myz.over.truce") in text


def test_a_battle_still_mustering():
    text = markdown_report(Battle.new("Muster", ("A", "B"), seed=1), "en")
    assert "Not rolled yet." in text and "The factions are still mustering." in text


def test_unknown_language_is_refused(battle):
    with pytest.raises(ValueError):
        markdown_report(battle, "fr")


# -- the command ---------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def saved(tmp_path_factory, battle) -> Path:
    path = tmp_path_factory.mktemp("report") / "ghoul-strike.toml"
    save_battle(battle, path)
    return path


def test_report_command_prints_the_report(capsys, saved, battle):
    code, out, err = run(capsys, "report", str(saved))
    assert (code, err) == (0, "")
    assert out == markdown_report(battle, "en")
    code, out, err = run(capsys, "report", str(saved), "--lang", "de")
    assert (code, err) == (0, "") and out == markdown_report(battle, "de")
    code, out, _ = run(capsys, "--lang", "de", "report", str(saved))
    assert code == 0 and out == markdown_report(battle, "de")


def test_report_command_writes_a_file(capsys, saved, battle, tmp_path):
    target = tmp_path / "out" / "report.md"
    code, out, err = run(capsys, "report", str(saved), "--output", str(target))
    assert (code, out, err) == (0, "", "")
    assert target.read_text(encoding="utf-8") == markdown_report(battle, "en")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, out, err = run(capsys, "report", str(saved), "-o", str(blocker / "report.md"))
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith(str(blocker / "report.md") + ": ")


def test_report_command_ascii(capsys, saved):
    code, out, _ = run(capsys, "report", str(saved), "--ascii")
    assert code == 0 and out.isascii()
    assert "| * | X |" in out  # the Battle roll's columns


def test_report_missing_or_broken_file(capsys, tmp_path):
    code, out, err = run(capsys, "report", str(tmp_path / "nope.toml"))
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith(str(tmp_path / "nope.toml") + ": ")
    broken = tmp_path / "broken.toml"
    broken.write_text('title = "Battle"\nseed = [1,\n', encoding="utf-8")
    code, out, err = run(capsys, "report", str(broken))
    assert code == 1 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    code, out, err = run(capsys, "report")
    assert code == 2 and out == "" and err.startswith("masscombat: ")


def test_report_subprocess_without_textual(saved):
    script = (
        "import sys\n"
        "from tui.cli import main\n"
        f"assert main(['report', {str(saved)!r}]) == 0\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Ghoul Strike")
    result = subprocess.run([sys.executable, "-m", "tui", "report", str(saved) + ".missing"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 1 and result.stdout == "" and result.stderr.count("\n") == 1


def test_a_fate_battle_reports_its_story_in_either_language(capsys):
    from tui.cli import main
    from tui.core.files.places import find_example

    assert main(["report", str(find_example("ford-of-brannock")), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# The Ford of Brannock")
    assert "The Horde schreibt einen verdeckten Aspekt auf „Ruined Mill“" in out
    # who rolled for each player is named
    assert "Initiative: der Anführer jedes Spielers würfelt Wille: Grak the Warboss (The Horde), Sir Ana (The Vale)" in out
    assert "Initiative (Wille): The Horde +6, The Vale +1" in out


def test_the_fate_report_names_the_skill_rolled_how_an_invoke_was_paid_and_an_initiative_tie():
    from tests.core.fate.kit import act, ev, fight, roll
    from tui.core.systems.fate.story import markdown_report as fate_report

    battle = fight({"u1": "meadow", "u2": "hill", "u3": "meadow", "u4": "woods"})
    act(battle, "u1")
    roll(battle, "attack", "u1", "fight", target="u3", defender="u3", defence_skill="fight")
    line = next(a for a in battle.game.aspects if a.text == "Hold the Line")
    battle.record(ev.Invoke(counter=battle.game.counter, roll="action", aspect=line.id))
    text = fate_report(battle, "en")
    assert "Pikes of Brannock rolls Fight:" in text
    assert "invokes Hold the Line (+2, for a fate point)" in text


def test_a_fate_battle_played_with_the_german_text_reports_in_german_unless_asked(capsys, tmp_path):
    """The report followed the settings' language, not the battle's: a
    battle played with the German text is reported in German; ``--lang``
    still decides when given."""
    from tests.ui.scenes import fate_muster
    from tui.core.systems.fate import events as fev

    battle = fate_muster()
    battle.record(fev.SetText(text="de"))
    saved = tmp_path / "de.toml"
    save_battle(battle, saved)
    assert main(["report", str(saved)]) == 0
    assert "(Seite 1)" in capsys.readouterr().out
    assert main(["report", str(saved), "--lang", "en"]) == 0
    assert "(side 1)" in capsys.readouterr().out
