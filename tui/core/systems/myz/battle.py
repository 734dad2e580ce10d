"""A battle in play: the saved file's metadata plus its log, with the
actions a GM takes. Each action becomes one event; randomness comes from a
stream seeded by the battle's seed and its roll counter, so the same
actions replay the same rolls (and an undo cannot fish for better dice).

The state is a Mass Combat battle (``systems.myz.state.MyzState``); its
Battle Pool roller is ``battle.state`` (the dice exchange of the Battle
phase, and the GM's scratch pad before and after the battle).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from tui.core.systems.myz import models as m
from tui.core.systems.myz.battle_pool import BattlePoolState
from tui.core.systems.myz.battle_pool import summary as roller_summary
from tui.core.dice.year_zero import KINDS, DieKind, Pool, YearZeroRules, roll_pool
from tui.core.errors import MassCombatError, RuleViolation
from tui.core.dice.faces import FaceRecorder
from tui.core.dice.typed import in_pool_order, reroll_counts
from tui.core.history import History, LoggedBattle, RuleFix, new_seed
from tui.core.i18n import t
from tui.core.systems.myz import engine, fixes
from tui.core.systems.myz.wave_end import arsenal_destroyed, end_wave
from tui.core.systems.myz.army import Army, Battlefield
from tui.core.systems.myz.forces import Force
from tui.core.systems.myz.play import apply, initial_state
from tui.core.systems.myz.rules import MyzRuleset
from tui.core.systems.myz.state import MyzState


def _shipped_ruleset() -> MyzRuleset:
    from tui.core.systems.myz.rules import shipped

    return shipped()


@dataclass
class Battle(LoggedBattle[MyzState, m.Event]):
    """A mutable handle on an immutable log (the app and CLI hold one)."""

    meta: m.BattleFile
    rules: YearZeroRules
    history: History[MyzState, m.Event]
    _apply = staticmethod(apply)
    rule_fixes = (RuleFix(fixes.ARSENAL_LIKE_FORTIFICATION, "myz.fix.arsenal", arsenal_destroyed),)

    @property
    def ruleset_open(self) -> bool:
        return self.game.stage == "muster"

    @classmethod
    def initial_state(cls, meta: m.BattleFile, ruleset: MyzRuleset | None = None) -> MyzState:
        ruleset = ruleset or _shipped_ruleset()
        return start_state(meta.setup, YearZeroRules.from_ruleset(ruleset), ruleset)

    @classmethod
    def summary(cls, state: MyzState) -> dict[str, Any]:
        return summary(state)

    # -- making and loading --------------------------------------------------

    @classmethod
    def new(cls, title: str, names: tuple[str, str], pools: tuple[Pool, Pool] = (Pool(), Pool()), *, seed: int | None = None, rules: YearZeroRules | None = None, armies: tuple[Army, Army] | None = None, battlefield: Battlefield | None = None, ruleset: MyzRuleset | None = None) -> "Battle":
        rules = rules or YearZeroRules()
        if seed is None:
            seed = new_seed()
        setup = m.Setup(
            sides=(m.SideSetup(name=names[0], pool=pools[0].notation()), m.SideSetup(name=names[1], pool=pools[1].notation())),
            armies=armies or (Army(), Army()),
            battlefield=battlefield or Battlefield(),
        )
        meta = m.BattleFile(title=title, seed=seed, setup=setup)
        return cls(meta, rules, History.start(start_state(setup, rules, ruleset or _shipped_ruleset())))

    @classmethod
    def from_file(cls, meta: m.BattleFile, ruleset: MyzRuleset | None = None, rules: YearZeroRules | None = None) -> "Battle":
        """Replay a saved log; raises a ``MassCombatError`` naming the event that does not fit."""
        ruleset = ruleset or _shipped_ruleset()
        rules = rules or YearZeroRules.from_ruleset(ruleset)
        battle = cls(meta, rules, cls.replayed(meta, start_state(meta.setup, rules, ruleset)))
        battle.check_summary()
        return battle

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> BattlePoolState:
        """The Battle Pool roller."""
        return self.history.state.roller

    @property
    def ruleset(self) -> MyzRuleset:
        return self.game.rules

    def refusal(self, action: str, side: int | None = None) -> str | None:
        """Why a roller action cannot be taken now (None if it can): keys grey out on it."""
        state = self.state
        if action == "undo":
            return None if self.can_undo else t("error.nothing_to_undo")
        if action == "redo":
            return None if self.can_redo else t("error.nothing_to_redo")
        probe: m.Event
        if action == "roll":
            probe = m.Roll(counter=state.counter, sides=(m.RolledSide(), m.RolledSide()))
        elif action == "push":
            side = state.turn if side is None else side
            if side is None:
                return self._gate(m.Settle(side=0)) or (t("error.no_roll") if not state.rolled else t("error.roll_over"))
            probe = m.Push(counter=state.counter, side=side, spent=(), faces=())
        elif action == "settle":
            side = state.turn if side is None else side
            if side is None:
                return self._gate(m.Settle(side=0)) or (t("error.no_roll") if not state.rolled else t("error.roll_over"))
            probe = m.Settle(side=side)
        elif action == "new_roll":
            probe = m.NewRoll()
        elif action == "set_pool":
            probe = m.SetPool(side=side or 0, pool="0b")
        elif action == "set_first":
            probe = m.SetFirst(first=0)
        else:
            return None
        return self._gate(probe) or state.refusal(probe)

    def _gate(self, event: m.Event) -> str | None:
        """Why the battle's stage keeps the roller from taking ``event``."""
        return engine.roller_refusal(self.game, event)

    # -- acting: each returns the event it recorded --------------------------

    def roll(self) -> m.Event:
        return self.roll_sides((None, None))

    def roll_sides(self, typed: tuple[dict[DieKind, tuple[int, ...]] | None, dict[DieKind, tuple[int, ...]] | None]) -> m.Event:
        """Both sides roll: each with the faces its real dice showed, typed
        in (checked against its pool), or in the app (None)."""
        state = self.state
        counter = self.game.counter
        rng = self.rng(counter)
        sides = []
        for side, faces in zip(state.sides, typed):
            if faces is None:
                rolled = roll_pool(side.pool, rng, self.rules)
                faces = {kind: tuple(d.face for d in rolled.dice if d.kind is kind) for kind in KINDS}
            sides.append(m.RolledSide(base=faces[DieKind.BASE], skill=faces[DieKind.SKILL], gear=faces[DieKind.GEAR]))
        table = (typed[0] is not None, typed[1] is not None)
        return self.record(m.Roll(counter=counter, sides=(sides[0], sides[1]), typed=any(table), table=table if any(table) and not all(table) else None))

    def push(self, side: int | None = None, spend: Iterable[int] | None = None) -> m.Event:
        state = self.state
        counter = self.game.counter
        side = state.turn if side is None else side
        if side is None:
            return self.record(m.Push(counter=counter, side=0, spent=(), faces=()))  # raises why
        roll = state.sides[side].roll
        if roll is None or state.turn != side or not roll.can_push:
            return self.record(m.Push(counter=counter, side=side, spent=(), faces=()))  # raises why
        recorder = FaceRecorder(self.rng(counter))
        chosen = roll.default_spend() if spend is None else tuple(sorted(set(spend)))
        roll.push(recorder, chosen)
        return self.record(m.Push(counter=counter, side=side, spent=chosen, faces=tuple(recorder.faces)))

    def roll_typed(self, faces: tuple[dict[DieKind, tuple[int, ...]], dict[DieKind, tuple[int, ...]]]) -> m.Event:
        """Record a Battle roll made with real dice: each side's faces by kind
        (``typed_dice.parse_faces``); the pools check the counts."""
        return self.roll_sides(faces)

    def push_counts(self) -> dict[DieKind, int]:
        """How many dice of each kind the next push (paid as ``p`` pays) rerolls."""
        state = self.state
        roll = state.sides[state.turn].roll if state.turn is not None else None
        if roll is None or not roll.can_push:
            return {}
        return reroll_counts(roll, roll.default_spend())

    def push_typed(self, faces: dict[DieKind, tuple[int, ...]]) -> m.Event:
        """Record a push made with real dice: the new faces of the dice rerolled."""
        state = self.state
        side = state.turn
        roll = state.sides[side].roll if side is not None else None
        if side is None or roll is None or not roll.can_push:
            return self.push()  # refused, saying why
        return self.record(m.Push(counter=self.game.counter, side=side, spent=roll.default_spend(), faces=in_pool_order(faces), typed=True))

    def settle(self, side: int | None = None) -> m.Event:
        side = self.state.turn if side is None else side
        return self.record(m.Settle(side=0 if side is None else side))

    def set_pool(self, side: int, pool: Pool) -> m.Event:
        return self.record(m.SetPool(side=side, pool=pool.checked(self.rules.max_pool_dice).notation()))

    def rename(self, side: int, name: str) -> m.Event:
        return self.record(m.Rename(side=side, name=name))

    def set_first(self, first: int) -> m.Event:
        return self.record(m.SetFirst(first=first))

    def new_roll(self) -> m.Event:
        return self.record(m.NewRoll())

    def end_wave(self, damaged: dict[int, tuple[str, ...]] | None = None) -> m.Event:
        """Roll the End phase: casualties, Retaliation, the Ark project die;
        ``damaged``: the opponent's pick of lost Support dice per side."""
        from tui.core.systems.myz.events import EndWave

        counter = self.game.counter
        recorder = FaceRecorder(self.rng(counter))
        damaged = {side: tuple(picks) for side, picks in (damaged or {}).items() if picks} or None
        armour = self.game.rules.retaliation.armour
        end_wave(self.game, recorder, damaged, armour)  # raises why, changing nothing
        return self.record(EndWave(counter=counter, faces=tuple(recorder.faces), damaged=damaged, armour=armour))

    def roll_initiative(self, bonuses: tuple[int, int] = (0, 0)) -> m.Event:
        """Both leaders roll a die plus their bonus, again on a tie; the higher acts first."""
        from tui.core.systems.myz.events import Initiative

        rng = self.rng(self.game.counter)
        sides = self.ruleset.initiative.die_sides
        faces: list[int] = []
        while True:
            a, b = rng.randint(1, sides), rng.randint(1, sides)
            faces += [a, b]
            if a + bonuses[0] != b + bonuses[1]:
                return self.record(Initiative(first=0 if a + bonuses[0] > b + bonuses[1] else 1, faces=tuple(faces), bonuses=bonuses))



def start_state(setup: m.Setup, rules: YearZeroRules, ruleset: MyzRuleset) -> MyzState:
    from tui.core.dice.year_zero import parse_pool

    names = (setup.sides[0].name, setup.sides[1].name)
    first, second = (parse_pool(s.pool, rules.max_pool_dice) for s in setup.sides)
    return initial_state(names, (first, second), setup.first, setup.armies, setup.battlefield, ruleset, rules)


def summary(state: MyzState) -> dict[str, Any]:
    """What the save file shows as ``[state]``: readable, and checked on load."""
    result = roller_summary(state.roller)
    result["rolls_made"] = state.counter
    result["stage"] = state.stage
    if state.wave is not None:
        result["wave"] = state.wave.number
        result["phase"] = state.wave.phase
    if state.forces is not None:
        result["forces"] = [
            {
                "battle_level": f.battle_level,
                "fighters": f.fighters,
                **({"conditions": conditions} if (conditions := _conditions(f)) else {}),
            }
            for f in state.forces
        ]
    if state.ended:
        result["ended"] = list(state.ended)
    return result


def _conditions(force: Force) -> list[str]:
    return [name for name in ("confused", "routed", "escaped", "surrendered", "leader_captured") if getattr(force, name)]


__all__ = ["Battle", "summary", "MassCombatError", "RuleViolation"]
