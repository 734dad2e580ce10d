"""The dialogs behind each step of the wave screen.

Each flow asks what it needs (one dialog after another, escape abandons
the step and changes nothing), then records exactly one event through
``app.act``, so every step is saved and can be undone. Skill rolls are
rolled from the battle's seed and counter before they are recorded, so a
GM who looks at a roll, abandons the step and comes back sees the same
dice.
"""

from __future__ import annotations



from tui.core.systems.myz.battle import Battle
from tui.core.dice.year_zero import DieKind
from tui.core.systems.myz.pool import strategy_worth
from tui.core.i18n import language, t
from tui.core.systems.myz import events as ev
from tui.core.systems.myz.after_battle import support_needs
from tui.core.systems.myz.checks import check_pool, evaluate
from tui.core.systems.myz.engine import strategy_closed
from tui.core.systems.myz.state import MyzState
from tui.core.systems.myz.strategy import Resolution
from tui.core.systems.myz.steps import next_step, recon_pool
from tui.ui.shell.battle_screen import shell
from tui.ui.myz import menus, wave_gm
from tui.ui.shell.dialogs import Choice, ChoiceDialog, NumberDialog

from tui.ui.myz.check_flows import ask_dialog, forces_of, person_index, wave_of, choose_person, choose_skill, person_check, skill_check
from tui.ui.shell.battle_screen import BattleScreen



WaveHost = BattleScreen[Battle]
"""The wave screen as the flows see it (they never import the screen)."""


def _resolution(game: MyzState) -> Resolution:
    resolution = wave_of(game).resolution
    assert resolution is not None, "Support comes after the strategies are resolved"
    return resolution



async def take_step(screen: WaveHost) -> None:
    battle: Battle = screen.battle
    step = next_step(battle.game)
    flow = _FLOWS.get(step.kind)
    if flow is None:
        return
    event = await flow(screen, battle, step.side)
    if event is None:
        return
    if step.kind == "end":
        if shell(screen).act(lambda b: b.end_wave(event)):
            shell(screen).action_mode("summary")
        return
    if step.kind == "battle":
        shell(screen).action_mode("roller")
        return
    shell(screen).act(lambda b: b.record(event))


# -- the steps -------------------------------------------------------------------


async def _reconnaissance(screen, battle: Battle, side):
    game = battle.game
    how = await ask_dialog(screen, ChoiceDialog(t("wave.step.reconnaissance"), [
        Choice("roll", t("wave.recon.roll")),
        Choice("skip", t("wave.recon.skip")),
    ], t("wave.recon.help", dice=battle.ruleset.reconnaissance.surprise_strategy_dice), menu=menus.RECONNAISSANCE))
    if how is None:
        return None
    if how == "skip":
        return ev.Reconnaissance(skip=True)
    try:
        pools = [recon_pool(game, s) for s in (0, 1)]
    except Exception as exc:  # no leader yet: say so
        shell(screen).refuse(str(exc), bell=False)
        return None
    checks = []
    for s in (0, 1):
        pool, factors = pools[s]
        names = ", ".join(f.name(language()) for f in game.rules.reconnaissance.factors if f.key in factors)
        title = t("wave.recon.title", name=game.names[s]) + (f" ({names})" if names else "")
        check = await skill_check(screen, battle, title, ev.SkillCheck(), pool, f"recon{s}")
        if check is None:
            return None
        checks.append(check)
    return ev.Reconnaissance(checks=(checks[0], checks[1]))


async def _ambush(screen, battle: Battle, side):
    recon = battle.game.recon
    assert recon is not None, "an ambush is offered only after the Reconnaissance"
    answer = await ask_dialog(screen, ChoiceDialog(t("wave.ambush.title", name=battle.game.names[side], margin=recon.margin, rating=recon.rating), [
        Choice(True, t("wave.ambush.take"), entry="take"),
        Choice(False, t("wave.ambush.surprise_only"), entry="surprise_only"),
    ], menu=menus.AMBUSH))
    return None if answer is None else ev.Ambush(take=answer)


async def _initiative(screen, battle: Battle, side):
    game = battle.game
    answer = await ask_dialog(screen, ChoiceDialog(t("wave.step.initiative"), [
        Choice("roll", t("wave.initiative.roll")),
        Choice("bonus", t("wave.initiative.bonus")),
        Choice(0, t("wave.initiative.first", name=game.names[0]), entry="first"),
        Choice(1, t("wave.initiative.first", name=game.names[1]), entry="first"),
    ], menu=menus.INITIATIVE))
    if answer is None:
        return None
    if answer == "roll":
        screen.app.act(lambda b: b.roll_initiative())
        return None
    if answer == "bonus":
        bonuses = []
        for side in (0, 1):
            bonus = await ask_dialog(screen, NumberDialog(t("wave.initiative.bonus_for", name=game.names[side]), 0, -10, 10))
            if bonus is None:
                return None
            bonuses.append(bonus)
        screen.app.act(lambda b: b.roll_initiative((bonuses[0], bonuses[1])))
        return None
    return ev.Initiative(first=answer)


async def _risk(screen, battle: Battle, side):
    game = battle.game
    force = forces_of(game)[side]
    rules = game.rules
    guidance = " · ".join(g.name(language()) for g in rules.risk.guidance)
    risks = []
    for index, person in enumerate(force.army.people):
        if force.broken[index]:
            risks.append(0)
            continue
        value = await ask_dialog(screen, NumberDialog(t("wave.risk.title", name=person.name), 0, rules.risk.least, rules.risk.most, guidance))
        if value is None:
            return None
        risks.append(value)
    return ev.SetRisk(side=side, risks=tuple(risks))


async def _strategy(screen, battle: Battle, side):
    game = battle.game
    forces = forces_of(game)
    strategy_die = shell(screen).glyphs.kind[DieKind.SKILL]
    choices = []
    for strategy in game.rules.strategies:
        closed = strategy_closed(game, side, strategy.key)
        reason = t(closed, strategy=strategy.name(language())).split(": ", 1)[-1] if closed else None
        # What it is worth to this side right now, before the enemy's secret choice
        worth = strategy_worth(forces, side, game.battlefield, game.rules, wave_of(game).number, strategy.key)
        note = f"{t(f'wave.category.{strategy.category}')}  {strategy_die}{worth:+d}"
        choices.append(Choice(strategy.key, strategy.name(language()), note, reason, strategy.summary(language())))
    answer = await ask_dialog(screen, ChoiceDialog(t("wave.strategy.title", name=game.names[side]), choices, t("wave.strategy.secret", other=game.names[1 - side]), secret=True, menu=menus.STRATEGY))
    return None if answer is None else ev.ChooseStrategy(side=side, strategy=answer)


async def _parley(screen, battle: Battle, side):
    game = battle.game
    answer = await ask_dialog(screen, ChoiceDialog(t("wave.parley.title", name=game.names[side], other=game.names[1 - side]), [
        Choice(True, t("wave.parley.accept"), entry="accept"),
        Choice(False, t("wave.parley.decline"), entry="decline"),
    ], menu=menus.PARLEY))
    return None if answer is None else ev.AnswerParley(accept=answer)


async def _action(screen, battle: Battle, side):
    game = battle.game
    force = forces_of(game)[side]
    rules = game.rules
    options = [Choice("remarkable", t("wave.action.remarkable")), Choice("commando", t("wave.action.commando"))]
    if force.army.played_by == "gm":
        options.insert(0, Choice("grant", t("wave.action.grant", dice=rules.remarkable_action.npc_default_strategy_dice)))
    options.append(Choice("none", t("wave.action.none")))
    kind = await ask_dialog(screen, ChoiceDialog(t("wave.action.title", name=game.names[side]), options, menu=menus.ACTION))
    if kind is None:
        return None
    if kind == "none":
        return ev.Action(side=side, action="none")
    if kind == "grant":
        # "The GM may just give any number of extra Strategy Dice": up to what a pool holds.
        dice = await ask_dialog(screen, NumberDialog(t("wave.action.grant_title"), rules.remarkable_action.npc_default_strategy_dice, 0, rules.dice.max_pool_dice))
        return None if dice is None else ev.Action(side=side, action="grant", grant=dice)
    title = t(f"wave.action.{kind}")
    check = await person_check(screen, battle, side, rules.remarkable_action.skills, title, "assailant", "action")
    if check is None:
        return None
    pairs = 0
    if kind == "commando":
        people = force.army.people
        risk = wave_of(game).risk(side, check.person) if check.person is not None else 0
        successes = evaluate(check, check_pool(people, check, risk, rules), battle.rules, rules).successes
        most = successes // rules.commando.successes_per_support_die
        if most:
            pairs = await ask_dialog(screen, NumberDialog(t("wave.action.pairs", successes=successes), 0, 0, most))
            if pairs is None:
                return None
    return ev.Action(side=side, action=kind, check=check, support_pairs=pairs)


async def _support(screen, battle: Battle, side):
    game = battle.game
    rules = game.rules
    force = forces_of(game)[side]
    chosen: dict[str, ev.SkillCheck] = {}
    rally_open = rules.strategy(_resolution(game).final[side]).rally and force.confused

    def rolled_already(slot: str) -> str | None:
        # A roll made stands: rolling it again would quietly replace it.
        check = chosen.get(slot)
        if check is None:
            return None
        risk = wave_of(game).risk(side, check.person) if check.person is not None else 0
        successes = evaluate(check, check_pool(force.army.people, check, risk, rules), battle.rules, rules).successes
        return t("wave.support.rolled", successes=successes, success=shell(screen).glyphs.success)

    damaged, banes = support_needs(wave_of(game), side)
    nothing = {"repair": None if damaged else t("wave.support.nothing_to_repair"), "mend": None if banes else t("wave.support.nothing_to_mend")}
    while True:
        options = [Choice("done", t("wave.support.done"))]
        for slot in ("repair", "mend"):
            options.append(Choice(slot, t(f"wave.support.{slot}"), "✓" if slot in chosen else "", rolled_already(slot) or nothing[slot]))
        if rally_open:
            options.append(Choice("rally", t("wave.support.rally"), "✓" if "rally" in chosen else "", rolled_already("rally")))
        answer = await ask_dialog(screen, ChoiceDialog(t("wave.support.title", name=game.names[side]), options, menu=menus.SUPPORT))
        if answer is None:
            return None
        if answer == "done":
            return ev.Support(side=side, **chosen)
        if answer == "rally":
            leader = force.leader
            assert leader is not None, "Rally is offered to a side with a leader"
            check = ev.SkillCheck(person=leader, skill=None)
            skill = await choose_skill(screen, battle, side, leader, rules.strategy_rules.rally_skills, t("wave.support.rally"))
            if skill is None:
                continue
            check = check.model_copy(update={"skill": skill})
            pool = check_pool(force.army.people, check, wave_of(game).risk(side, leader), rules)
            rolled = await skill_check(screen, battle, t("wave.support.rally"), check, pool, "rally", force.army.people)
        else:
            skills = rules.support.engineer_skills if answer == "repair" else rules.support.medic_skills
            rolled = await person_check(screen, battle, side, skills, t(f"wave.support.{answer}"), "engineer" if answer == "repair" else "medic", answer)
        if rolled is not None:
            chosen[answer] = rolled


async def _battle(screen, battle: Battle, side):
    return "roller"


async def _end(screen, battle: Battle, side):
    return await wave_gm.damaged_support_picks(screen, battle)


async def _successor(screen, battle: Battle, side):
    game = battle.game
    rules = game.rules
    picked = await choose_person(screen, battle, side, t("wave.successor.title", name=game.names[side]), allow_none=True)
    if picked is None:
        return None
    force = forces_of(game)[side]
    if picked == "none":
        typed = await ask_dialog(screen, NumberDialog(t("wave.successor.npc"), 0, 0, 99))
        return None if typed is None else ev.NextInCommand(side=side, person=None, check=ev.SkillCheck(typed=typed))
    person = person_index(picked)
    skill = await choose_skill(screen, battle, side, person, rules.retaliation.broken_leader_skills, t("wave.successor.title", name=game.names[side]))
    if skill is None:
        return None
    check = ev.SkillCheck(person=person, skill=skill)
    pool = check_pool(force.army.people, check, wave_of(game).risk(side, person), rules, rules.retaliation.broken_leader_modifier)
    rolled = await skill_check(screen, battle, t("wave.successor.title", name=game.names[side]), check, pool, "successor", force.army.people)
    return None if rolled is None else ev.NextInCommand(side=side, person=person, check=rolled)


async def _next_wave(screen, battle: Battle, side):
    return await wave_gm.next_wave_levels(screen, battle)


async def _truce(screen, battle: Battle, side):
    answer = await ask_dialog(screen, ChoiceDialog(t("wave.truce.title"), [
        Choice("next", t("wave.truce.next")),
        Choice("end", t("wave.truce.end")),
    ], menu=menus.TRUCE))
    if answer is None:
        return None
    return ev.NextWave() if answer == "next" else ev.EndBattle()


_FLOWS = {
    "reconnaissance": _reconnaissance,
    "ambush": _ambush,
    "initiative": _initiative,
    "risk": _risk,
    "strategy": _strategy,
    "parley": _parley,
    "action": _action,
    "battle": _battle,
    "support": _support,
    "end": _end,
    "successor": _successor,
    "next_wave": _next_wave,
    "siege_lifted": _next_wave,
    "truce": _truce,
}
