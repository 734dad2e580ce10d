"""The skill checks a wave's steps ask for: who rolls (positions enforced,
the GM's final say at hand), which skill, who helps, and the roll itself:
rolled in the app, typed from the table, or bought with a mutation.
"""

from __future__ import annotations


from rich.text import Text

from tui.core.dice.year_zero import DieKind
from tui.core.i18n import language, t
from tui.core.dice.skill_roll import SkillDie, SkillPool
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.army import Person
from tui.core.systems.myz.battle import Battle
from tui.core.systems.myz.checks import check_pool, check_stream, evaluate, position_refusal, roll_check
from tui.core.systems.myz.forces import Force
from tui.core.systems.myz.state import MyzState, WaveState
from tui.ui.glyphs import Glyphs, pool_shown
from tui.ui.myz import menus
from tui.ui.myz.dialogs import RollDialog
from tui.ui.shell.battle_screen import shell
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog
from tui.ui.shell.battle_screen import BattleScreen



WaveHost = BattleScreen[Battle]
"""The wave screen as the flows see it (they never import the screen)."""


def forces_of(game: MyzState) -> tuple[Force, Force]:
    assert game.forces is not None, "a wave's steps come after the muster"
    return game.forces


def wave_of(game: MyzState) -> WaveState:
    assert game.wave is not None, "this step is taken during a wave"
    return game.wave


def person_index(person: int | str | None) -> int:
    """A person chosen where "no one" was not offered."""
    assert isinstance(person, int)
    return person


async def ask_dialog(screen: WaveHost, dialog):
    return await screen.app.push_screen_wait(dialog)


def roll_lines(battle: Battle, pool: SkillPool, check: ev.SkillCheck, g: Glyphs) -> list[Text]:
    result = evaluate(check, pool, battle.rules, battle.ruleset)
    lines = [Text(t("wave.roll.pool", pool=pool_shown(pool.base, pool.skill, pool.gear, g, pool.notation())))]
    roll = result.roll
    if roll is not None:
        for stage_number, stage in enumerate(roll.stages):
            label = t("wave.roll.stage", number=stage_number) if stage_number else t("wave.roll.first")
            line = Text(label + " " if roll.pushed else "")
            for kind, letter in ((SkillDie.BASE, DieKind.BASE), (SkillDie.SKILL, DieKind.SKILL), (SkillDie.GEAR, DieKind.GEAR), (SkillDie.NEGATIVE, DieKind.SKILL)):
                faces = stage.of(kind)
                if not faces:
                    continue
                line.append(("−" if kind is SkillDie.NEGATIVE else "") + g.kind[letter] + " ", style="dim")
                for face in faces:
                    mark = g.success if face == battle.rules.success_face else (g.bane if face == battle.rules.bane_face and kind in (SkillDie.BASE, SkillDie.GEAR) else str(face))
                    line.append(mark + " ", style="bold" if face == battle.rules.success_face else "")
            lines.append(line)
        if roll.pushed and (roll.banes or roll.gear_banes):
            # Mutant: Year Zero's own rule for a pushed roll; the app keeps no PC sheet
            lines.append(Text(t("wave.roll.push_cost", banes=roll.banes, gear=roll.gear_banes, bane=g.bane), style="italic"))
    lines.append(Text(t("wave.roll.successes", count=result.successes), style="bold"))
    return lines


MUTATION_SLOTS = ("action", "repair", "mend", "rally")
"""The checks of the Action and Support phases, where a mutation may stand in."""


async def skill_check(
    screen: WaveHost, battle: Battle, title: str, check: ev.SkillCheck, pool: SkillPool, slot: str, people: tuple[Person, ...] = ()
) -> ev.SkillCheck | None:
    """Roll ``check`` in the app (with a push if wanted), type its successes,
    or (Action and Support phases) use a mutation instead: "It costs two MP
    or FP to get a single ☢". ``people``: the roller's side, to grey out an
    app roll of a skill whose dice were never entered (it would lack the
    attribute dice)."""
    per_success = battle.ruleset.skill_rolls.mutation_points_per_success
    mutation_closed = None if slot in MUTATION_SLOTS else t("myz.error.no_mutations")
    shown = pool_shown(pool.base, pool.skill, pool.gear, shell(screen).glyphs, pool.notation())
    how = await ask_dialog(screen, ChoiceDialog(title + " — " + shown, [
        Choice("roll", t("wave.check.roll"), shown, _not_entered(battle, people, check)),
        Choice("type", t("wave.check.type")),
        Choice("mutation", t("wave.check.mutation", points=per_success), closed=mutation_closed),
    ], menu=menus.CHECK))
    if how is None:
        return None
    if how == "mutation":
        points = await ask_dialog(screen, NumberDialog(t("wave.check.mutation_title", name=title), per_success, 0, 99, t("wave.check.mutation_help", points=per_success), step=per_success))
        return None if points is None else check.model_copy(update={"typed": 0, "mutation_points": points, "faces": (), "pushed": None})
    if how == "type":
        # No more ☢ than the pool has dice: refused as it is typed, not after.
        typed = await ask_dialog(screen, NumberDialog(title, 0, 0, pool.most_successes or 99, t("wave.check.type_help")))
        return None if typed is None else check.model_copy(update={"typed": typed, "faces": (), "pushed": None})
    stream = lambda: check_stream(battle.seed, battle.game.counter, slot)  # noqa: E731
    rolled = roll_check(check, pool, stream(), battle.rules, battle.ruleset)
    glyphs = shell(screen).glyphs
    while True:
        can_push = rolled.pushed is None and battle.ruleset.skill_rolls.max_pushes > 0
        answer = await ask_dialog(screen, RollDialog(title, roll_lines(battle, pool, rolled, glyphs), can_push))
        if answer is None:
            return None
        if answer == "accept":
            return rolled
        rolled = roll_check(check, pool, stream(), battle.rules, battle.ruleset, push=True)


def _not_entered(battle: Battle, people: tuple[Person, ...], check: ev.SkillCheck) -> str | None:
    """Why the app can't roll ``check``: its roller has no dice entered for
    the skill (None: it can)."""
    if check.person is None or check.skill is None or check.person >= len(people) or check.skill in people[check.person].skills:
        return None
    return t("wave.check.not_entered", name=people[check.person].name, skill=battle.ruleset.skill(check.skill).name(language()))


def _position(battle: Battle, person) -> str:
    return battle.ruleset.position(person.position).name(language())


async def choose_person(screen: WaveHost, battle: Battle, side: int, title: str, prefer: str | None = None, *, allow_none: bool = False) -> int | None | str:
    """Who rolls; with ``prefer`` (a position), those out of it are greyed
    out with why: positions are enforced, and they may still help. The GM's
    final say (g) makes someone else hold the position there and then."""
    while True:
        answer = await ask_dialog(screen, ChoiceDialog(title, _people_choices(battle, side, prefer, allow_none)))
        if answer != "reassign":
            return answer
        assert prefer is not None
        await _reassign(screen, battle, side, prefer)


def _people_choices(battle: Battle, side: int, prefer: str | None, allow_none: bool) -> list[Choice]:
    force = forces_of(battle.game)[side]
    people = force.army.people
    order = sorted(range(len(people)), key=lambda i: (people[i].position != prefer, i))

    def closed(i: int) -> str | None:
        if force.broken[i]:
            return t("wave.card.broken")
        return position_refusal(people, i, prefer, battle.ruleset, force.broken) if prefer else None

    choices = [Choice(i, people[i].name, _position(battle, people[i]) + ("" if people[i].pc else " · " + t("army.value.npc")), closed(i)) for i in order]
    if allow_none:
        choices.append(Choice("none", t("wave.check.nobody")))
    kept_out = any(closed(i) is not None and not force.broken[i] for i in order)
    if prefer is not None and kept_out and _stand_ins(force, prefer):
        position = battle.ruleset.position(prefer).name(language())
        choices.append(Choice("reassign", t("wave.check.reassign", position=position), "g", key="g"))
    return choices


def _stand_ins(force: Force, position: str) -> list[int]:
    """Who the GM may put in ``position``: neither the leader, nor broken, nor in it already."""
    people = force.army.people
    return [i for i in range(len(people)) if i != force.leader and not force.broken[i] and people[i].position != position]


async def _reassign(screen: WaveHost, battle: Battle, side: int, position: str) -> None:
    people = forces_of(battle.game)[side].army.people
    name = battle.ruleset.position(position).name(language())
    options = [Choice(i, people[i].name, _position(battle, people[i])) for i in _stand_ins(forces_of(battle.game)[side], position)]
    picked = await ask_dialog(screen, ChoiceDialog(t("wave.check.reassign_title", position=name), options, t("wave.gm.position_help")))
    if picked is not None:
        event = ev.Adjust(side=side, positions={person_index(picked): position})
        shell(screen).act(lambda b: b.record(event))


async def choose_skill(screen: WaveHost, battle: Battle, side: int, person: int, skills: tuple[str, ...], title: str) -> str | None:
    people = forces_of(battle.game)[side].army.people
    rules = battle.ruleset
    choices = [Choice(k, rules.skill(k).name(language()), people[person].skills.get(k, t("wave.check.no_dice"))) for k in skills]
    known = next((k for k in skills if k in people[person].skills), None)  # the skill this person actually has
    return await ask_dialog(screen, ChoiceDialog(title, choices, highlight=known))


async def choose_helpers(screen: WaveHost, battle: Battle, side: int, person: int) -> tuple[int, ...] | None:
    force = forces_of(battle.game)[side]
    people = force.army.people
    helpers: list[int] = []
    most = battle.ruleset.skill_rolls.max_helpers
    while len(helpers) < most:
        # A broken PC can't help: greyed with why, not refused after the roll is typed.
        others = [
            Choice(i, p.name, _position(battle, p), t("wave.card.broken") if force.broken[i] else None)
            for i, p in enumerate(people) if i != person and i not in helpers
        ]
        if not any(c.closed is None for c in others):
            break
        answer = await ask_dialog(screen, ChoiceDialog(t("wave.check.helpers", count=len(helpers)), [Choice("done", t("wave.check.no_more_helpers")), *others]))
        if answer is None:
            return None
        if answer == "done":
            break
        helpers.append(answer)
    return tuple(helpers)


async def person_check(screen: WaveHost, battle: Battle, side: int, skills: tuple[str, ...], title: str, prefer: str, slot: str, *, helpers: bool = True, extra: int = 0) -> ev.SkillCheck | None:
    game = battle.game
    picked_person = await choose_person(screen, battle, side, title, prefer)
    if picked_person is None:
        return None
    person = person_index(picked_person)
    skill = await choose_skill(screen, battle, side, person, skills, title)
    if skill is None:
        return None
    chosen: tuple[int, ...] = ()
    if helpers:
        picked = await choose_helpers(screen, battle, side, person)
        if picked is None:
            return None
        chosen = picked
    check = ev.SkillCheck(person=person, skill=skill, helpers=chosen)
    risk = wave_of(game).risk(side, person) if game.wave is not None else 0
    pool = check_pool(forces_of(game)[side].army.people, check, risk, battle.ruleset, extra)
    return await skill_check(screen, battle, title, check, pool, slot, forces_of(game)[side].army.people)
