"""The army builder's person dialog (numbers and choices use the shell's dialogs).

Each asks for one thing and dismisses with it (None when cancelled).
"""

from __future__ import annotations

from typing import Callable

from pydantic import ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Input, Label, Static

from tui.ui.widgets.steady_input import SteadyInput
from tui.core.errors import MassCombatError
from tui.core.i18n import language, t
from tui.core.dice.skill_roll import parse_skill_pool
from tui.core.records import MAX_NAME
from tui.core.systems.myz.army import Person
from tui.core.systems.myz.rules import MyzRuleset
from tui.ui.widgets.cycle import Cycle, CycleItem
from tui.ui.myz.army_fields import position_skills
from tui.ui.shell.dialogs import DIALOG_CSS, Form, validation_message


def _bounds(name: str) -> tuple[int, int]:
    """A Person field's range, as the model declares it."""
    least, most = 0, 99
    for rule in Person.model_fields[name].metadata:
        least = getattr(rule, "ge", least)
        most = getattr(rule, "le", most)
    return least, most

class PersonDialog(Form):
    """A leader, assailant, engineer or medic: name, position, PC or NPC,
    the skills the position rolls (as dice, ``4b2s``), armour, strength and
    the damage brought from an earlier battle (as much as Strength: broken).

    ``check`` says why the army could not take the person (None if it can),
    so a refusal shows here and nothing typed is lost.
    """

    enter_saves = True
    BINDINGS = [
        Binding("escape", "cancel", "key.cancel", id="army.dialog.cancel"),
        Binding("ctrl+s,enter", "save", "key.save", id="army.dialog.save"),
        Binding("down", "app.focus_next", "army.key.next_field", show=False, priority=True, id="army.dialog.next"),
        Binding("up", "app.focus_previous", "army.key.previous_field", show=False, priority=True, id="army.dialog.previous"),
        Binding("ctrl+o", "all_skills", "army.key.all_skills", id="army.dialog.all_skills"),
    ]

    DEFAULT_CSS = "PersonDialog {" + DIALOG_CSS + """
        & > Vertical { width: 64; }
        & Grid { grid-size: 2; grid-columns: 16 1fr; grid-rows: 1; height: auto; grid-gutter: 0 1; }
        & Grid > Label { color: $text-muted; }
        & Grid > .-hidden { display: none; }
        & Input { padding: 0 1; background: $boost; }
        & Input:focus { background: $accent 30%; }
        &:ansi Input { background: ansi_default; }
        &:ansi Input:focus { background: ansi_blue; }
    }"""

    def __init__(self, person: Person | None, default_position: str, rules: MyzRuleset, check: Callable[[Person], str | None]) -> None:
        super().__init__()
        self._person = person
        self._position = person.position if person else default_position
        self._rules = rules
        self._check = check
        self._all = False

    def compose(self) -> ComposeResult:
        rules, lang, person = self._rules, language(), self._person
        with Vertical() as box:
            box.border_title = t("army.dialog.person_title" if person else "army.dialog.new_person")
            with Grid():
                yield Label(t("army.dialog.name"), markup=False)
                yield SteadyInput(person.name if person else "", max_length=MAX_NAME, compact=True, id="name")
                yield Label(t("army.dialog.position"), markup=False)
                yield Cycle([CycleItem(p.key, p.name(lang)) for p in rules.positions], self._position, id="position")
                yield Label(t("army.dialog.plays"), markup=False)
                yield Cycle([CycleItem("pc", t("army.value.pc")), CycleItem("npc", t("army.value.npc"))], "pc" if person is None or person.pc else "npc", id="pc")
                for skill in rules.skills:
                    value = person.skills.get(skill.key, "") if person else ""
                    yield Label(skill.name(lang), markup=False, id=f"label-{skill.key}", classes="skill")
                    yield SteadyInput(value, placeholder=t("army.dialog.skill_placeholder"), compact=True, id=f"skill-{skill.key}", classes="skill")
                yield Label(t("army.dialog.armour"), markup=False)
                yield SteadyInput(str(person.armour if person else 0), type="integer", max_length=2, compact=True, id="armour")
                yield Label(t("army.dialog.strength"), markup=False)
                yield SteadyInput(str(person.strength if person else 4), type="integer", max_length=2, compact=True, id="strength")
                yield Label(t("army.dialog.damage"), markup=False)
                yield SteadyInput(str(person.damage if person else 0), type="integer", max_length=2, compact=True, id="damage")
            yield Static(Content(t("army.dialog.person_help")), classes="dialog-help")
            yield Static("", classes="dialog-error")

    def on_mount(self) -> None:
        self._show_skills()
        self.query_one("#name", Input).focus()

    def _show_skills(self) -> None:
        """The position's own skills first, in the order it rolls them, then
        any other skill that holds a pool (issue 29: an Engineer's dialog
        led with COMMAND and ASSAULT); the rest only with ``all_skills``."""
        own = position_skills(self._rules, self._position)
        others = [s.key for s in self._rules.skills if s.key not in own]
        grid = self.query_one(Grid)
        after = self.query_one("#pc")
        for key in (*own, *others):
            value = self.query_one(f"#skill-{key}", Input).value.strip()
            hidden = not (self._all or key in own or value)
            for widget in (self.query_one(f"#label-{key}"), self.query_one(f"#skill-{key}")):
                widget.set_class(hidden, "-hidden")
                grid.move_child(widget, after=after)
                after = widget

    def on_cycle_changed(self, event: Cycle.Changed) -> None:
        if event.choice.id == "position":
            self._position = event.value
            self._show_skills()

    def action_all_skills(self) -> None:
        self._all = not self._all
        self._show_skills()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def _error(self, message: str) -> None:
        self.query_one(".dialog-error", Static).update(Text(message))

    def action_save(self) -> None:
        lang = language()
        skills = {}
        for skill in self._rules.skills:
            value = self.query_one(f"#skill-{skill.key}", Input).value.strip()
            if not value:
                continue
            try:
                parse_skill_pool(value)
            except MassCombatError as exc:
                self._error(f"{skill.name(lang)}: {exc}")
                return
            skills[skill.key] = value
        numbers = {}
        for name in ("armour", "strength", "damage"):
            text = self.query_one(f"#{name}", Input).value.strip()
            least, most = _bounds(name)
            try:
                numbers[name] = int(text)
            except ValueError:
                numbers[name] = least - 1
            if not least <= numbers[name] <= most:
                self._error(t("army.dialog.number_field", field=t(f"army.dialog.{name}"), text=text or "∅", least=least, most=most))
                return
        try:
            person = Person(
                name=self.query_one("#name", Input).value,
                position=self._position,
                pc=self.query_one("#pc", Cycle).value == "pc",
                skills=skills,
                **numbers,
            )
        except ValidationError as exc:
            self._error(validation_message(exc))
            return
        refusal = self._check(person)
        if refusal:
            self._error(refusal)
            return
        self.dismiss(person)

    def action_cancel(self) -> None:
        self.dismiss(None)
