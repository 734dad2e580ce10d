"""Before the battle: the sides, the armies, the mat, its terrain and the
battlefield conditions. Armies may still change during setup until they
are placed; the mat and its terrain until the battle begins."""

from __future__ import annotations

from tui.core.errors import RuleViolation
from tui.core.frozen import replace
from tui.core.i18n import t
from tui.core.secrets import with_marks
from tui.core.systems.kingmaker import events as ev
from tui.core.systems.kingmaker.derive import derive
from tui.core.systems.kingmaker.forces import Army
from tui.core.systems.kingmaker.state import KMState, Unit, army_item


def before_battle(state: KMState) -> None:
    if state.stage not in ("muster", "setup"):
        raise RuleViolation(t("km.rule.muster_only"))


def set_sides(state: KMState, event: ev.SetSides) -> KMState:
    if state.stage != "muster":
        raise RuleViolation(t("km.rule.sides_fixed"))
    used = {a.side for a in state.armies}
    if any(side >= len(event.names) for side in used):
        raise RuleViolation(t("km.rule.side_in_use", side=max(used) + 1))
    return replace(state, sides=event.names)


_CHANGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("troops", ("creature", "cr", "troops", "hit_die", "mount_cr")),
    ("resources", ("resources", "siege_engines")),
    ("tactics", ("tactics",)),
    ("abilities", ("abilities",)),
    ("commander", ("commander",)),
    ("numbers", ("speed", "base_speed", "max_damage", "attacks", "ranged_range", "thrown", "offense_bonus", "defense_bonus")),
    ("morale", ("morale",)),
    ("wounds", ("wounds",)),
)
"""What the story names when an army is changed, and the fields behind each."""


def _changed(state: KMState, old: Army, new: Army) -> KMState:
    """The story of an army changed in the muster: a new name, a new side, and which parts of its sheet."""
    if old.name != new.name:
        state = state.with_note("km.note.army_renamed", old=old.name, name=new.name)
    if old.side != new.side:
        state = state.with_note("km.note.army_side", name=new.name, side=new.side)
    parts = [group for group, fields in _CHANGES if any(getattr(old, f) != getattr(new, f) for f in fields)]
    if parts or (old.name == new.name and old.side == new.side):
        state = state.with_note("km.note.army_changed", name=new.name, changes=",".join(parts))
    return state


def set_army(state: KMState, event: ev.SetArmy) -> KMState:
    if event.hidden:
        # hidden first, so the line that tells of the army is the GM's only
        state = replace(state, hidden=with_marks(state.hidden, army_item(event.army.key)))
    before_battle(state)
    army = event.army
    if army.side >= len(state.sides):
        raise RuleViolation(t("km.rule.no_side", side=army.side + 1, count=len(state.sides)))
    found = derive(army, state.rules)
    if army.wounds >= found.hp.total:
        raise RuleViolation(t("km.army.wounds_too_many", name=army.name, hp=found.hp.total, wounds=army.wounds))
    known = [a.key for a in state.armies]
    if army.key in known:
        if state.unit(army.key).block is not None:
            raise RuleViolation(t("km.rule.placed_already", name=state.army(army.key).name))
        armies = tuple(army if a.key == army.key else a for a in state.armies)
        # not on the mat yet, so the only damage it has is what it brought
        units = tuple((key, replace(unit, damage=army.wounds) if key == army.key else unit) for key, unit in state.units)
        return _changed(replace(state, armies=armies, units=units), state.army(army.key), army)
    if state.stage == "setup" and army.side not in {a.side for a in state.armies}:
        raise RuleViolation(t("km.rule.new_side_in_setup"))
    added = replace(state, armies=state.armies + (army,))
    return replace(added, units=added.units + ((army.key, Unit(damage=army.wounds)),)).with_note("km.note.army_added", name=army.name, side=army.side)


def remove_army(state: KMState, event: ev.RemoveArmy) -> KMState:
    before_battle(state)
    army = state.army(event.key)
    if state.unit(event.key).block is not None:
        raise RuleViolation(t("km.rule.placed_already", name=army.name))
    left = tuple(a for a in state.armies if a.key != event.key)
    if state.stage == "setup" and army.side not in {a.side for a in left}:
        raise RuleViolation(t("km.rule.side_empties"))
    return replace(state, armies=left, units=tuple(u for u in state.units if u[0] != event.key)).with_note("km.note.army_removed", (army_item(army.key),), name=army.name)


def set_mat(state: KMState, event: ev.SetMat) -> KMState:
    if state.stage != "muster":
        raise RuleViolation(t("km.rule.mat_fixed"))
    kept = tuple((sq, key) for sq, key in state.terrain if sq[0] < event.width and sq[1] < event.height)
    return replace(state, width=event.width, height=event.height, terrain=kept)


def paint(state: KMState, event: ev.PaintTerrain) -> KMState:
    if state.stage not in ("muster", "setup"):
        raise RuleViolation(t("km.rule.mat_fixed"))
    if event.terrain not in {row.key for row in state.rules.terrain}:
        raise RuleViolation(t("km.rule.no_terrain", key=event.terrain, known=", ".join(r.key for r in state.rules.terrain)))
    if event.x + event.width > state.width or event.y + event.height > state.height:
        raise RuleViolation(t("km.rule.off_mat", width=state.width, height=state.height))
    area = {(x, y) for x in range(event.x, event.x + event.width) for y in range(event.y, event.y + event.height)}
    if not state.rules.terrain_of(event.terrain).passable:
        for key, block in state.blocks().items():
            if block.squares & area:
                raise RuleViolation(t("km.rule.terrain_under_unit", name=state.army(key).name))
    kept = {sq: key for sq, key in state.terrain if sq not in area}
    if event.terrain != "open":
        kept.update((sq, event.terrain) for sq in area)
    return replace(state, terrain=tuple(sorted(kept.items())))


def set_conditions(state: KMState, event: ev.SetConditions) -> KMState:
    before_battle(state)
    known = {c.key for c in state.rules.conditions}
    for key in event.keys:
        if key not in known:
            raise RuleViolation(t("km.rule.no_condition", key=key, known=", ".join(sorted(known))))
    if len(set(event.keys)) != len(event.keys):
        raise RuleViolation(t("km.rule.condition_twice"))
    return replace(state, conditions=event.keys)


__all__ = ["before_battle", "paint", "remove_army", "set_army", "set_conditions", "set_mat", "set_sides"]
