"""``masscombat roll``: one seeded roll of a Battle Pool, 4dF or a d20."""

from __future__ import annotations

from tui.core.systems.fate.rules import bundled as fate_ruleset
from tui.core.systems.kingmaker.rules import bundled as kingmaker_ruleset
from tui.core.systems.myz.rules import bundled as myz_ruleset
from tui.core.d20 import AttackRules, resolve_attack, roll_d20
from tui.core.dice import KINDS, DieKind, YearZeroRoll, YearZeroRules, parse_pool, roll_pool
from tui.core.fate_dice import fate_outcome, roll_fate
from tui.core.i18n import language, t
from tui.cli.output import emit, emit_json, seeded, signed, where


def yz_rules() -> YearZeroRules:
    return YearZeroRules.from_ruleset(myz_ruleset())


def pool_json(pool) -> dict:
    return {kind.value: pool.count(kind) for kind in KINDS}


def roll_yz(args) -> int:
    rules = yz_rules()
    with where("roll yz"):
        pool = parse_pool(args.pool, rules.max_pool_dice)
    seed, rng = seeded(args)
    roll = roll_pool(pool, rng, rules)
    with where(f"roll yz {pool.notation()}"):
        for _ in range(args.push):
            roll = roll.push(rng)
    if args.json:
        emit_json(yz_json(roll, seed))
    else:
        emit(args, yz_text(roll, seed))
    return 0


def spent_dice(roll: YearZeroRoll) -> list[dict]:
    """The Strategy dice removed to pay for pushes: which push, the face it
    showed, and its place among the Strategy dice of stage 0."""
    skill_indices = [i for i, die in enumerate(roll.dice) if die.kind is DieKind.SKILL]
    spent = [
        {"push": roll.spent_at(i), "face": die.faces[-1], "index": skill_indices.index(i)}
        for i, die in roll.spent()
    ]
    return sorted(spent, key=lambda entry: (entry["push"], entry["index"]))


def yz_json(roll: YearZeroRoll, seed: int) -> dict:
    return {
        "pool": pool_json(roll.pool),
        "notation": roll.pool.notation(),
        "stages": [{kind.value: faces for kind, faces in stage.items()} for stage in roll.stages()],
        "spent": spent_dice(roll),
        "successes": roll.successes,
        "banes": roll.banes,
        "gear_banes": roll.gear_banes,
        "pushes": roll.pushes,
        "seed": seed,
    }


def yz_text(roll: YearZeroRoll, seed: int) -> str:
    pushed = t("cli.pushed", count=roll.pushes) if roll.pushes else t("cli.not_pushed")
    lines = [t(
        "cli.yz_result", pool=roll.pool.notation(), successes=roll.successes,
        banes=roll.banes, gear_banes=roll.gear_banes, pushed=pushed, seed=seed,
    )]
    spent = spent_dice(roll)
    stages = roll.stages()
    labels = [t("cli.stage_roll")] + [t("cli.stage_push", number=k) for k in range(1, len(stages))]
    width = max(len(label) for label in labels)
    for number, (label, stage) in enumerate(zip(labels, stages)):
        parts = [
            f"{t(f'die.{kind.value}')} {' '.join(str(face) for face in faces)}"
            for kind, faces in stage.items() if faces
        ]
        line = f"  {label.ljust(width)}  " + " · ".join(parts)
        paid = [str(entry["face"]) for entry in spent if entry["push"] == number]
        if paid:
            line += "  " + t("cli.spent", faces=" ".join(paid))
        lines.append(line.rstrip())
    return "\n".join(lines)


# -- Fate -------------------------------------------------------------------


def roll_fate_command(args) -> int:
    ruleset = fate_ruleset()
    seed, rng = seeded(args)
    roll = roll_fate(rng, args.modifier, ruleset.dice.count)
    ladder = ruleset.ladder_name(roll.total, language())
    data: dict[str, object] = {"faces": list(roll.faces), "modifier": roll.modifier, "total": roll.total, "ladder": ladder, "seed": seed}
    shifts = 0
    if args.vs is not None:
        outcome = fate_outcome(roll.total, args.vs, ruleset.outcomes.success_with_style_shifts)
        shifts = roll.total - args.vs
        data.update(difficulty=args.vs, shifts=shifts, outcome=outcome.value)
    if args.json:
        emit_json(data)
        return 0
    lines = [t("cli.fate_result", faces=roll.symbols(), modifier=signed(roll.modifier), total=signed(roll.total), ladder=ladder, seed=seed)]
    if args.vs is not None:
        lines.append(t(
            "cli.fate_versus", difficulty=signed(args.vs), ladder=ruleset.ladder_name(args.vs, language()),
            outcome=t(f"cli.fate_outcome.{data['outcome']}"), shifts=signed(shifts),
        ))
    emit(args, "\n".join(lines))
    return 0


# -- d20 --------------------------------------------------------------------


def attack_rules() -> AttackRules:
    return AttackRules.from_ruleset(kingmaker_ruleset())


def roll_d20_command(args) -> int:
    rules = attack_rules()
    seed, rng = seeded(args)
    roll = roll_d20(rng, args.modifier, rules.die)
    data = {"face": roll.face, "modifier": roll.modifier, "total": roll.total, "seed": seed}
    result = None
    if args.vs is not None:
        result = resolve_attack(roll.face, roll.modifier, args.vs, args.cap, rules)
        data.update(target=args.vs, hit=bool(result.hit), damage=result.damage, critical=result.critical)
        if args.cap is not None:
            data["cap"] = args.cap
    if args.json:
        emit_json(data)
        return 0
    lines = [t("cli.d20_result", die=rules.die, face=roll.face, modifier=signed(roll.modifier), total=roll.total, seed=seed)]
    if result is not None:
        if not result.hit:
            lines.append(t("cli.d20_miss", target=args.vs))
        elif result.critical:
            lines.append(t("cli.d20_critical", target=args.vs, damage=result.damage))
        else:
            lines.append(t("cli.d20_hit", target=args.vs, damage=result.damage))
    emit(args, "\n".join(lines))
    return 0
