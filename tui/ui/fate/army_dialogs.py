"""The Fate army builder's cards and dialogs: what a unit, a leader and a
player's chest show, and the dialogs for a unit card, a leader, a line of
text and the chest's size.

Each asks for one thing and dismisses with it (None when cancelled). What
the GM typed is checked here (a name, distinct skills, ratings on the
ladder), so a mistake shows under the form and nothing typed is lost; the
battle chest is the screen's business.

| Key | Action |
| :- | :- |
| ↑ ↓ | previous / next field |
| ← →, space | change a choice (quality, skill, PC/NPC) |
| enter, ctrl+s | save |
| escape | cancel |
"""

from __future__ import annotations


from pydantic import ValidationError
from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Input, Label, Static

from tui.ui.widgets.steady_input import SteadyInput
from tui.core.errors import ForcesError
from tui.core.i18n import language, t
from tui.core.systems.fate.forces import carried, Leader, Player, Rating, Unit, check_unit, left, missing_aspects, spent, unit_cost
from tui.core.systems.fate.rules import FateRuleset
from tui.core.records import MAX_NAME, check_name
from tui.ui.widgets.cycle import Cycle, CycleItem
from tui.ui.shell.dialogs import Choice as PickOption, ChoiceDialog, validation_message
from tui.ui.shell.dialogs import DIALOG_CSS, Form

LEADER_ASPECTS = 4
"""Aspect lines a leader's form offers (a Fate Core character has five, the name being one)."""


def rating_bounds() -> tuple[int, int]:
    """The ratings a card may hold, as ``forces.Rating`` declares them."""
    least, most = -2, 8
    for info in getattr(Rating, "__metadata__", ()):
        for rule in getattr(info, "metadata", ()):
            least = getattr(rule, "ge", least)
            most = getattr(rule, "le", most)
    return least, most


def signed(rating: int) -> str:
    return f"{rating:+d}"


# -- what the cards show -------------------------------------------------------


def _skills(rules: FateRuleset, skills: dict[str, int], lang: str, first: str | None = None) -> str:
    """"Fight Fair (+2), Shoot Average (+1)": highest first (``first`` leads)."""
    order = sorted(skills.items(), key=lambda kv: (kv[0] != first, -kv[1]))
    return ", ".join(
        t("fate_army.card.skill", skill=rules.skill(k).name(lang), ladder=rules.ladder_name(r, lang), rating=signed(r)) for k, r in order
    ) or t("fate_army.card.no_skills")


def _card(head: Text, lines: list[Text]) -> Group:
    """A card: its head line, the rest indented (wrapped lines stay indented)."""
    return Group(head, Padding(Text("\n").join(lines), (0, 0, 0, 2)))


def unit_card(unit: Unit, rules: FateRuleset, lang: str) -> Group:
    """A unit's card; the name and aspects exactly as typed."""
    quality = rules.quality(unit.quality)
    head = Text()
    head.append(unit.name, style="bold")
    head.append("  " + t("fate_army.card.quality", quality=quality.name(lang), troops=quality.troops(lang)))
    head.append(" · " + t("fate_army.card.cost", cost=unit_cost(unit, rules)), style="dim")
    last = Text()
    if unit.aspects:
        last.append(t("fate_army.card.aspects", aspects="; ".join(unit.aspects)) + " · ")
    slots = ", ".join(rules.consequence(c).name(lang) for c in quality.consequences)
    count = len(quality.consequences)
    last.append(t("fate_army.card.consequences", slots=slots, count=count) if slots else t("fate_army.card.no_consequences"), style="dim")
    free = missing_aspects(unit, rules)
    if free:
        last.append(" · " + t("fate_army.card.free_aspects", count=free), style="italic")
    _carried(last, unit, rules, lang)
    return _card(head, [Text(_skills(rules, unit.skills, lang)), last])


def _carried(last: Text, card: Unit | Leader, rules: FateRuleset, lang: str) -> None:
    """The consequences a card brings from an earlier battle, by name."""
    if card.consequences:
        taken = "; ".join(f"{rules.consequence(slot).name(lang)}: {text}" for slot, text in carried(card))
        last.append(" · " + t("fate_army.card.carried", consequences=taken), style="bold")


def leader_card(leader: Leader, rules: FateRuleset, lang: str) -> Group:
    head = Text()
    head.append(leader.name, style="bold")
    head.append("  " + t("fate_army.card.pc" if leader.pc else "fate_army.card.npc"))
    last = Text()
    if leader.aspects:
        last.append(t("fate_army.card.aspects", aspects="; ".join(leader.aspects)) + " · ")
    slots = ", ".join(rules.consequence(c).name(lang) for c in rules.leaders.consequences)
    last.append(t("fate_army.card.consequences", slots=slots, count=len(rules.leaders.consequences)), style="dim")
    _carried(last, leader, rules, lang)
    return _card(head, [Text(_skills(rules, leader.skills, lang, first=rules.leaders.bonus_skill)), last])


def player_lines(player: Player, rules: FateRuleset, selected: bool) -> Text:
    head = Text(no_wrap=True, overflow="ellipsis", style="reverse bold" if selected else "")
    head.append("> " if selected else "  ")
    head.append(player.name)
    head.append(" · " + t("fate_army.side", number=player.side + 1), style="dim" if not selected else "")
    body = Text(no_wrap=True, overflow="ellipsis")
    body.append("  " + t("fate_army.budget", spent=spent(player, rules), chest=player.chest, left=left(player, rules)))
    body.append(" · " + t("fate_army.fate_points", count=player.fate_points))
    return Text("\n").join((head, body))


def name_error(name: str) -> str | None:
    try:
        check_name(name)
    except ValueError as exc:
        return str(exc)
    return None


def chest_dialog(title: str, rules: FateRuleset, chest: int) -> ChoiceDialog:
    """The text's battle sizes (small 5, middle ground 10–12, epic 20) or
    another number. A size with a range answers ``(least, most)``: the
    number within it is asked next."""
    lang = language()
    choices = [
        PickOption(
            (p.points, p.most) if p.most > p.points else p.points,
            p.name(lang),
            t("fate_army.dialog.chest_range", points=p.points, most=p.most) if p.most > p.points else t("fate_army.dialog.chest_points", points=p.points),
        )
        for p in rules.battle_chest.presets
    ]
    choices.append(PickOption("other", t("fate_army.dialog.chest_other")))
    # The size the chest is now, its range included (12 is the middle ground).
    fits = [p for p in rules.battle_chest.presets if p.points <= chest <= p.most]
    highlight: object = "other"
    if fits:
        highlight = (fits[0].points, fits[0].most) if fits[0].most > fits[0].points else fits[0].points
    return ChoiceDialog(title, choices, t("fate_army.dialog.chest_help"), highlight=highlight)


# -- the dialogs ---------------------------------------------------------------


class CardDialog(Form):
    enter_saves = True
    BINDINGS = [
        Binding("escape", "cancel", "key.cancel", id="fate_army.dialog.cancel"),
        Binding("ctrl+s,enter", "save", "key.save", id="fate_army.dialog.save"),
        Binding("down", "app.focus_next", "fate_army.key.next_field", show=False, priority=True, id="fate_army.dialog.next"),
        Binding("up", "app.focus_previous", "fate_army.key.previous_field", show=False, priority=True, id="fate_army.dialog.previous"),
    ]

    DEFAULT_CSS = "CardDialog {" + DIALOG_CSS + """
        & > Vertical { width: 66; }
        & Grid { grid-size: 2; grid-columns: 22 1fr; grid-rows: 1; height: auto; grid-gutter: 0 1; }
        & Grid.-rated { grid-size: 3; grid-columns: 22 6 1fr; }
        & Grid > Label { color: $text-muted; }
        & Grid > .ladder { color: $text; }
        & .-hidden { display: none; }
        & Input { padding: 0 1; background: $boost; }
        & Input:focus { background: $accent 30%; }
        & .dialog-cost { height: 1; color: $text-muted; }
        & .dialog-cost.-over { color: $text-warning; }
        &:ansi Input { background: ansi_default; }
        &:ansi Input:focus { background: ansi_blue; }
        &:ansi .dialog-cost.-over { color: ansi_yellow; }
    }"""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def _error(self, message: str) -> None:
        self.query_one(".dialog-error", Static).update(Text(message))

    # A complaint about the form goes as soon as the GM changes it (the save
    # checks again); Textual calls these besides a subclass's own handlers.
    def on_input_changed(self, _: Input.Changed) -> None:
        self._error("")

    def on_cycle_changed(self, _: Cycle.Changed) -> None:
        self._error("")

    def action_save(self) -> None:
        raise NotImplementedError

    def action_cancel(self) -> None:
        self.dismiss(None)


class UnitDialog(CardDialog):
    """A unit card: quality, name (its first aspect), one distinct skill for
    each rating the quality gives, and the quality's further aspects.

    ``budget`` is what the chest has left for this card (its own cost
    included when editing): the cost line warns before saving.
    """

    def __init__(self, rules: FateRuleset, key: str, unit: Unit | None, budget: int) -> None:
        super().__init__()
        self._rules, self._key, self._unit, self._budget = rules, key, unit, budget
        self._quality = unit.quality if unit else rules.qualities[0].key
        self._slots = max(len(q.skills) for q in rules.qualities)
        self._aspects = max(q.aspects for q in rules.qualities) - 1

    def compose(self) -> ComposeResult:
        rules, lang, unit = self._rules, language(), self._unit
        skills = [CycleItem(s.key, s.name(lang)) for s in rules.skills]
        picked = [k for k, _ in sorted(unit.skills.items(), key=lambda kv: -kv[1])] if unit else []
        unpicked = [s.key for s in rules.skills if s.key not in picked]
        defaults = picked + unpicked
        with Vertical() as box:
            box.border_title = t("fate_army.dialog.edit_unit" if unit else "fate_army.dialog.new_unit")
            with Grid():
                yield Label(t("fate_army.dialog.quality"), markup=False)
                items = [
                    CycleItem(q.key, t("fate_army.dialog.quality_item", quality=q.name(lang), troops=q.troops(lang), cost=q.cost))
                    for q in rules.qualities
                ]
                yield Cycle(items, self._quality, id="quality")
                yield Label(t("fate_army.dialog.unit_name"), markup=False)
                yield SteadyInput(unit.name if unit else "", max_length=MAX_NAME, compact=True, id="name")
                for slot in range(self._slots):
                    yield Label("", markup=False, id=f"slot-label-{slot}", classes=f"slot-{slot}")
                    yield Cycle(skills, defaults[slot % len(defaults)], id=f"slot-{slot}")
                for index in range(self._aspects):
                    value = unit.aspects[index] if unit and index < len(unit.aspects) else ""
                    yield Label(t("fate_army.dialog.aspect", number=index + 2), markup=False, id=f"aspect-label-{index}")
                    yield SteadyInput(value, max_length=MAX_NAME, compact=True, id=f"aspect-{index}")
            yield Static("", classes="dialog-cost", markup=False)
            yield Static(Content(t("fate_army.dialog.unit_help")), classes="dialog-help")
            yield Static("", classes="dialog-error")

    def on_mount(self) -> None:
        self._show_quality()
        self.query_one("#quality", Cycle).focus()

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        if event.choice.id == "quality":
            self._quality = event.value
            self._show_quality()

    def _show_quality(self) -> None:
        rules, lang = self._rules, language()
        quality = rules.quality(self._quality)
        for slot in range(self._slots):
            shown = slot < len(quality.skills)
            label = self.query_one(f"#slot-label-{slot}", Label)
            if shown:
                rating = quality.skills[slot]
                label.update(Content(t("fate_army.dialog.slot", ladder=rules.ladder_name(rating, lang), rating=signed(rating))))
            for widget in (label, self.query_one(f"#slot-{slot}")):
                widget.set_class(not shown, "-hidden")
        for index in range(self._aspects):
            hidden = index + 1 >= quality.aspects
            for widget in (self.query_one(f"#aspect-label-{index}"), self.query_one(f"#aspect-{index}")):
                widget.set_class(hidden, "-hidden")
        over = quality.cost - self._budget
        cost = self.query_one(".dialog-cost", Static)
        if over > 0:
            cost.update(Content(t("fate_army.dialog.over", cost=quality.cost, over=over)))
        else:
            cost.update(Content(t("fate_army.dialog.cost", cost=quality.cost, left=self._budget - quality.cost)))
        cost.set_class(over > 0, "-over")

    def action_save(self) -> None:
        rules, lang = self._rules, language()
        quality = rules.quality(self._quality)
        skills: dict[str, int] = {}
        for slot, rating in enumerate(quality.skills):
            key = self.query_one(f"#slot-{slot}", Cycle).value
            if key in skills:
                self._error(t("fate_army.dialog.same_skill", skill=rules.skill(key).name(lang)))
                self.query_one(f"#slot-{slot}", Cycle).focus()
                return
            skills[key] = rating
        aspects = [self.query_one(f"#aspect-{i}", Input).value for i in range(quality.aspects - 1)]
        try:
            unit = Unit(
                key=self._key,
                name=self.query_one("#name", Input).value,
                quality=quality.key,
                skills=skills,
                aspects=tuple(a for a in aspects if a.strip()),
            )
            check_unit(unit, rules)
        except ValidationError as exc:
            self._error(validation_message(exc))
            return
        except ForcesError as exc:
            self._error(str(exc))
            return
        self.dismiss(unit)


class LeaderDialog(CardDialog):
    """A leader: name, PC or NPC, skill ratings (the leader's bonus skill,
    Will, first; empty for none) and aspects."""

    def __init__(self, rules: FateRuleset, key: str, leader: Leader | None) -> None:
        super().__init__()
        self._rules, self._key, self._leader = rules, key, leader
        first = rules.leaders.bonus_skill
        self._skills = [rules.skill(first), *(s for s in rules.skills if s.key != first)]
        self._aspects = max(LEADER_ASPECTS, len(leader.aspects) if leader else 0)

    def compose(self) -> ComposeResult:
        lang, leader = language(), self._leader
        least, most = rating_bounds()
        with Vertical() as box:
            box.border_title = t("fate_army.dialog.edit_leader" if leader else "fate_army.dialog.new_leader")
            with Grid():
                yield Label(t("fate_army.dialog.name"), markup=False)
                yield SteadyInput(leader.name if leader else "", max_length=MAX_NAME, compact=True, id="name")
                yield Label(t("fate_army.dialog.plays"), markup=False)
                plays = [CycleItem("pc", t("fate_army.dialog.pc")), CycleItem("npc", t("fate_army.dialog.npc"))]
                yield Cycle(plays, "pc" if leader is None or leader.pc else "npc", id="pc")
            with Grid(classes="-rated"):
                for skill in self._skills:
                    value = str(leader.skills[skill.key]) if leader and skill.key in leader.skills else ""
                    yield Label(skill.name(lang), markup=False)
                    yield SteadyInput(value, compact=True, max_length=3, id=f"skill-{skill.key}")
                    yield Label("", markup=False, id=f"ladder-{skill.key}", classes="ladder")
            with Grid():
                for index in range(self._aspects):
                    value = leader.aspects[index] if leader and index < len(leader.aspects) else ""
                    yield Label(t("fate_army.dialog.aspect", number=index + 1), markup=False)
                    yield SteadyInput(value, max_length=MAX_NAME, compact=True, id=f"aspect-{index}")
            yield Static(Content(t("fate_army.dialog.rating_help", least=least, most=most)), classes="dialog-help")
            yield Static(Content(t("fate_army.dialog.leader_help")), classes="dialog-help")
            yield Static("", classes="dialog-error")

    def on_mount(self) -> None:
        for skill in self._skills:
            self._show_ladder(skill.key)
        self.query_one("#name", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("skill-"):
            self._show_ladder(event.input.id.removeprefix("skill-"))

    def _rating(self, key: str) -> int | None:
        text = self.query_one(f"#skill-{key}", Input).value.strip()
        least, most = rating_bounds()
        try:
            value = int(text)
        except ValueError:
            return None
        return value if least <= value <= most else None

    def _show_ladder(self, key: str) -> None:
        rating = self._rating(key)
        words = "" if rating is None else self._rules.rated(rating, language())
        self.query_one(f"#ladder-{key}", Label).update(Content(words))

    def action_save(self) -> None:
        lang = language()
        least, most = rating_bounds()
        skills: dict[str, int] = {}
        for skill in self._skills:
            text = self.query_one(f"#skill-{skill.key}", Input).value.strip()
            if not text:
                continue
            rating = self._rating(skill.key)
            if rating is None:
                self._error(t("fate_army.dialog.rating_bad", skill=skill.name(lang), text=text, least=least, most=most))
                self.query_one(f"#skill-{skill.key}", Input).focus()
                return
            skills[skill.key] = rating
        aspects = [self.query_one(f"#aspect-{i}", Input).value for i in range(self._aspects)]
        try:
            leader = Leader(
                key=self._key,
                name=self.query_one("#name", Input).value,
                pc=self.query_one("#pc", Cycle).value == "pc",
                skills=skills,
                aspects=tuple(a for a in aspects if a.strip()),
            )
        except ValidationError as exc:
            self._error(validation_message(exc))
            return
        self.dismiss(leader)


__all__ = ["LeaderDialog", "UnitDialog", "chest_dialog", "leader_card", "name_error", "player_lines", "rating_bounds", "signed", "unit_card"]
