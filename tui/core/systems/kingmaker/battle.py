"""A Kingmaker battle in play: its save file's shape, the log with undo
and redo, and the GM's actions that roll dice (faces come from the
battle's seed and roll counter, so an undo cannot fish for better dice,
and a screen can show a roll's face before the GM commits to it)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from tui.core.history import BattleFile, History, LoggedBattle, RuleFix, decided_differently, new_seed
from tui.core.records import Record
from tui.core.systems.kingmaker import events as ev, fixes
from tui.core.systems.kingmaker.ambush import targets
from tui.core.systems.kingmaker.combat import natural_hit_below_defense, offense_after_hustle, rear_corner_attack
from tui.core.systems.kingmaker.morale import check, failing, morale_bonus, owed, tactic_is_free
from tui.core.systems.kingmaker.movement import left_contact_retreating, moving_away, ties_to_roll_again, withdraw_old_tie
from tui.core.systems.kingmaker.play import apply
from tui.core.systems.kingmaker.rules import KingmakerRuleset
from tui.core.systems.kingmaker.state import KMState
from tui.core.systems.kingmaker.standing import strikers


E = TypeVar("E", bound=Record)

RULE_FIXES = (
    RuleFix(fixes.NATURAL_20, "km.fix.natural_20", natural_hit_below_defense),
    RuleFix(fixes.WITHDRAW_TIES, "km.fix.withdraw_ties", withdraw_old_tie),
    RuleFix(fixes.HUSTLE_OFFENSE, "km.fix.hustle_offense", offense_after_hustle),
    RuleFix(fixes.CORNER_FLANK, "km.fix.corner_flank", rear_corner_attack),
    RuleFix(fixes.LEAVE_CONTACT, "km.fix.leave_contact", left_contact_retreating),
    RuleFix(fixes.NEVER_MILDER, "km.fix.never_milder", decided_differently(apply, fixes.NEVER_MILDER)),
    RuleFix(fixes.TRIAGE_HEALS, "km.fix.triage_heals", decided_differently(apply, fixes.TRIAGE_HEALS)),
    RuleFix(fixes.DUE_DAMAGE, "km.fix.due_damage", decided_differently(apply, fixes.DUE_DAMAGE)),
)


class KingmakerSetup(Record):
    """Nothing is set before the log: the battle is built by its events."""


class KingmakerBattleFile(BattleFile):
    """A save file of a Kingmaker battle (``system = "kingmaker"``)."""

    system: Literal["kingmaker"] = "kingmaker"
    setup: KingmakerSetup = KingmakerSetup()
    log: tuple[ev.KingmakerEvent, ...] = ()


def _ruleset() -> KingmakerRuleset:
    from tui.core.systems.kingmaker.rules import shipped

    return shipped()


def initial(ruleset: KingmakerRuleset | None = None) -> KMState:
    return KMState(rules=ruleset or _ruleset())


@dataclass
class KingmakerBattle(LoggedBattle[KMState, ev.KingmakerEvent]):
    meta: KingmakerBattleFile
    history: History[KMState, ev.KingmakerEvent]

    _apply = staticmethod(apply)
    rule_fixes = RULE_FIXES

    @property
    def ruleset_open(self) -> bool:
        return self.game.stage in ("muster", "setup")

    @classmethod
    def initial_state(cls, meta: KingmakerBattleFile, ruleset: KingmakerRuleset | None = None) -> KMState:
        return initial(ruleset)

    @classmethod
    def summary(cls, state: KMState) -> dict[str, Any]:
        return summary(state)

    @classmethod
    def new(cls, title: str, *, seed: int | None = None, ruleset: KingmakerRuleset | None = None) -> "KingmakerBattle":
        meta = KingmakerBattleFile(title=title, seed=new_seed() if seed is None else seed)
        return cls(meta, History.start(initial(ruleset)))

    @classmethod
    def from_file(cls, meta: KingmakerBattleFile, ruleset: KingmakerRuleset | None = None) -> "KingmakerBattle":
        battle = cls(meta, cls.replayed(meta, initial(ruleset)))
        battle.check_summary()
        return battle

    @property
    def ruleset(self) -> KingmakerRuleset:
        return self.game.rules

    def _do(self, event: E) -> E:
        """Record an event and hand back its own type (``record`` returns the union)."""
        self.record(cast(ev.KingmakerEvent, event))
        return event

    # -- the dice -------------------------------------------------------------------

    def _dice(self, offset: int = 0) -> random.Random:
        return self.rng(self.game.counter + offset)

    def faces(self, count: int, *, sides: int = 20, offset: int = 0) -> tuple[int, ...]:
        """The next roll's faces (the same until something is recorded)."""
        rng = self._dice(offset)
        return tuple(rng.randint(1, sides) for _ in range(count))

    def _face(self, typed: int | None, rolled: int | None = None) -> int:
        """One d20: the face rolled at the table, else the app's."""
        if typed is not None:
            return typed
        return rolled if rolled is not None else self.faces(1)[0]

    def opposed_round(self, offset: int, typed: dict[int, int] | None = None) -> tuple[tuple[int, ...], bool]:
        """One round of the generals' rolls, by their place in ``game.fighting``
        (``typed``: the faces of those rolled at the table), and whether the
        best totals tie, so another round is rolled (one stream per round)."""
        game = self.game
        sides = game.fighting
        bonus = [g.commander.profession if (g := game.general(side)) is not None else 0 for side in sides]
        faces = list(self.faces(len(sides), offset=offset))
        for place, face in (typed or {}).items():
            faces[place] = face
        totals = [f + b for f, b in zip(faces, bonus)]
        return tuple(faces), totals.count(max(totals)) != 1

    def _opposed(self) -> tuple[tuple[int, ...], ...]:
        """Generals' rolls, again while the best totals tie."""
        rounds: list[tuple[int, ...]] = []
        for offset in range(50):
            faces, tied = self.opposed_round(offset)
            rounds.append(faces)
            if not tied:
                break
        return tuple(rounds)

    # -- acting ---------------------------------------------------------------------------

    def setup_roll(self, rounds: tuple[tuple[int, ...], ...] | None = None) -> ev.SetupRoll:
        """``rounds``: rolled round by round with faces from the table (``opposed_round``)."""
        return self._do(ev.SetupRoll(counter=self.game.counter, rounds=rounds or self._opposed(), table=True if rounds else None))

    def ambush(self, side: int, typed: tuple[int, ...] | None = None) -> ev.Ambush:
        """``side`` lies in ambush: one Offense check per target army."""
        count = len(targets(self.game, side))
        faces = typed if typed is not None else self.faces(count, sides=self.game.rules.attack.die)
        return self._do(ev.Ambush(counter=self.game.counter, side=side, faces=faces, table=_table(typed)))

    def initiative(self, rounds: tuple[tuple[int, ...], ...] | None = None) -> ev.Initiative:
        return self._do(ev.Initiative(counter=self.game.counter, rounds=rounds or self._opposed(), table=True if rounds else None))

    def switch_tactic(self, key: str, tactic: str, typed: int | None = None) -> ev.SwitchTactic:
        face = None if tactic_is_free(self.game, tactic) else self._face(typed)
        return self._do(ev.SwitchTactic(counter=self.game.counter, key=key, tactic=tactic, face=face, table=_table(typed if face is not None else None)))

    def set_strategy(self, key: str, step: str, typed: int | None = None) -> ev.SetStrategy:
        from tui.core.systems.kingmaker.morale import strategy_needs_check

        face = self._face(typed) if strategy_needs_check(self.game, key, step) else None
        return self._do(ev.SetStrategy(counter=self.game.counter, key=key, step=step, face=face, table=_table(typed if face is not None else None)))

    def rally(self, key: str, typed: int | None = None) -> ev.Rally:
        return self._do(ev.Rally(counter=self.game.counter, key=key, face=self._face(typed), table=_table(typed)))

    def order(self, key: str, command: ev.Command, typed: int | None = None) -> ev.Order:
        """``typed``: the unit's own face, rolled at the table (the enemies' are the app's)."""
        if command == "about_face":
            return self._do(ev.Order(counter=self.game.counter, key=key, command=command))
        opposing = len(self.game.enemies_in_contact(key)) if command == "withdraw" else 0
        face, *others = self.faces(1 + opposing)
        face = self._face(typed, face)
        again = self._withdraw_again(key, face, others) if command == "withdraw" else ()
        return self._do(ev.Order(counter=self.game.counter, key=key, command=command, face=face, opposing=tuple(others), again=again, table=_table(typed)))

    def _withdraw_again(self, key: str, face: int, others: list[int]) -> tuple[tuple[int, int, int], ...]:
        """Rounds rolled again for each enemy the Withdraw tied with at the
        same modifier, until the two faces differ (one stream per round)."""
        game = self.game
        contact = game.enemies_in_contact(key)
        bonus = morale_bonus(game, key, "withdraw")
        bonuses = [morale_bonus(game, k, "withdraw") for k in contact]
        again: list[tuple[int, int, int]] = []
        offset = 1
        for place in ties_to_roll_again(face + bonus, bonus, [f + b for f, b in zip(others, bonuses)], bonuses):
            while offset < 100:
                mine, its = self.faces(2, offset=offset)
                offset += 1
                again.append((place, mine, its))
                if mine != its:
                    break
        return tuple(again)

    def move(self, key: str, step: ev.Step) -> ev.Move:
        return self._do(ev.Move(counter=self.game.counter, key=key, step=step, hacks=self.hacks_for(key, step)))

    def hacks_for(self, key: str, step: ev.Step) -> tuple[ev.Hack, ...]:
        """The free hacks a fleeing unit's step draws, rolled."""
        game = self.game
        unit = game.unit(key)
        if unit.standing != "flee" or step in ("turn_left", "turn_right") or not moving_away(game, key):
            return ()
        hackers = strikers(game, key, besides=unit.hacked_by)
        faces = self.faces(len(hackers))
        return tuple(ev.Hack(by=k, face=f) for k, f in zip(hackers, faces))

    def attack(self, attacker: str, target: str, mode: Literal["ranged", "melee", "siege"], count: int, *, ticks: tuple[str, ...] = (), cover: bool = False, typed: tuple[int, ...] | None = None) -> ev.Attack:
        """``typed``: the attacks' faces rolled at the table, one per attack."""
        event = ev.Attack(
            counter=self.game.counter, attacker=attacker, target=target, mode=mode, faces=typed if typed is not None else self.faces(count), ticks=ticks, cover=cover,
            table=_table(typed),
        )
        return self._do(event)

    def morale_preview(self, key: str, typed: int | None = None) -> tuple[int, bool, int]:
        """The coming threshold check: its face, whether it passes, its total."""
        threshold = owed(self.game, key)
        assert threshold is not None
        face = self._face(typed)
        passed, result = check(self.game, key, face, threshold.dc, "rout")
        return face, passed, result

    def morale_check(self, key: str, *, again: bool = False, typed: tuple[int, ...] | None = None) -> ev.MoraleCheck:
        """The threshold check; ``again``: a Hold the Line commander has a
        failed one rolled again (the second face stands). ``typed``: the
        faces rolled at the table (the first, and the second if rolled again)."""
        game = self.game
        threshold = owed(game, key)
        assert threshold is not None
        face, second = self.faces(2)
        if typed:
            face, second = typed[0], (typed[1] if len(typed) > 1 else second)
        passed, result = check(game, key, face, threshold.dc, "rout")
        final_face = second if again and not passed else face
        final_pass, final_result = check(game, key, final_face, threshold.dc, "rout")
        hacks: tuple[ev.Hack, ...] = ()
        if not final_pass and failing(game, key, threshold.dc, final_result).leaves_field:
            shooters = strikers(game, key)
            hacks = tuple(ev.Hack(by=k, face=f) for k, f in zip(shooters, self.faces(len(shooters), offset=1)))
        event = ev.MoraleCheck(
            counter=game.counter, key=key, threshold=threshold.key, face=face, again=second if again and not passed else None, hacks=hacks,
            table=True if typed else None,
        )
        return self._do(event)

    def press_preview(self, key: str, typed: int | None = None) -> tuple[int, bool, int, int]:
        """The coming Press: its face, whether it passes, its total, the squares it may shift."""
        game = self.game
        command = game.rules.commands.press if game.phase == "movement" else game.rules.commands.press_morale
        face = self._face(typed)
        passed, result = check(game, key, face, command.dc)
        squares = command.extra_squares + (result - command.dc) // command.per_margin if passed else 0
        return face, passed, result, squares

    def press(self, key: str, steps: tuple[ev.Direction, ...] = (), typed: int | None = None) -> ev.Press:
        return self._do(ev.Press(counter=self.game.counter, key=key, face=self._face(typed), steps=steps, table=_table(typed)))

    def aftermath(self) -> ev.Aftermath:
        game = self.game
        fallen = [a.key for a in game.armies if game.unit(a.key).standing == "defeated" and a.commander.name and a.commander.kind == "npc"]
        rolls = self.faces(len(fallen), sides=100)
        return self._do(ev.Aftermath(counter=game.counter, fates=tuple(zip(fallen, rolls))))


def summary(state: KMState) -> dict[str, Any]:
    """``[state]`` in the save: readable, and checked against the log on load."""
    result: dict[str, Any] = {"stage": state.stage, "rolls_made": state.counter, "armies": len(state.armies)}
    if state.stage in ("battle", "over"):
        result["turn"] = state.turn
        result["phase"] = state.phase
        result["hp"] = {a.key: state.hp(a.key) for a in state.armies}
        result["standing"] = {a.key: state.unit(a.key).standing for a in state.armies}
    return result


def _table(typed: object) -> bool | None:
    """An event's ``table``: set only when a face came from the table (saves stay as they were)."""
    return True if typed is not None and typed != () else None


__all__ = ["KingmakerBattle", "KingmakerBattleFile", "summary"]
