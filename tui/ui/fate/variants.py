"""The text's attack variants in the Fate army builder: the line the left
panel shows and the dialog that switches each on or off.

"If your battle only uses Shoot—as is typical in a dogfight—then all
attacks are made with Shoot"; "in medieval warfare, maybe the only defense
against Shoot is Will". The GM chooses them at the muster; the choice is a
``SetVariants`` event, so the saved battle replays with them.

| Key | Action |
| :- | :- |
| ↑ ↓ | previous / next variant |
| ← →, space | switch it on or off |
| enter, ctrl+s | save |
| escape | cancel |
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Label, Static

from tui.core.i18n import language, t
from tui.core.systems.fate.rules import WILL_DEFENDS, FateRuleset, VariantError
from tui.ui.widgets.cycle import Cycle, CycleItem
from tui.ui.fate.army_dialogs import CardDialog


def _skill_name(rules: FateRuleset, key: str, lang: str) -> str:
    """A skill's name; a key the ruleset lacks as itself (the save refuses it)."""
    try:
        return rules.skill(key).name(lang)
    except KeyError:
        return key


def variants_text(rules: FateRuleset) -> str:
    """"Variants: every attack Shoot, only Will defends against Shoot" (or none)."""
    lang, attack = language(), rules.attack
    shoot = _skill_name(rules, attack.adjacent_skill, lang)
    on = []
    if attack.shoot_only:
        on.append(t("fate_army.variant_shoot_only", shoot=shoot))
    if attack.shoot_defence_skill is not None:
        on.append(t("fate_army.variant_defence", skill=_skill_name(rules, attack.shoot_defence_skill, lang), shoot=shoot))
    return t("fate_army.variants", variants=", ".join(on) or t("fate_army.variants_none"))


class VariantsDialog(CardDialog):
    """Each variant on or off. Dismisses with ``(shoot_only, shoot_defence_skill)``,
    or None when cancelled or nothing changed. The defence variant uses the
    ruleset's own skill for it if it names one, else the text's Will."""

    DEFAULT_CSS = """
    VariantsDialog {
        & > Vertical { width: 72; }
        & Grid { grid-columns: 38 1fr; }
    }
    """

    def __init__(self, rules: FateRuleset) -> None:
        super().__init__()
        self._rules = rules
        self._defence = rules.attack.shoot_defence_skill or WILL_DEFENDS

    def compose(self) -> ComposeResult:
        rules, lang = self._rules, language()
        shoot = _skill_name(rules, rules.attack.adjacent_skill, lang)
        skill = _skill_name(rules, self._defence, lang)
        switch = [CycleItem("off", t("fate_army.dialog.off")), CycleItem("on", t("fate_army.dialog.on"))]
        with Vertical() as box:
            box.border_title = t("fate_army.dialog.variants")
            with Grid():
                yield Label(t("fate_army.dialog.shoot_only", shoot=shoot), markup=False)
                yield Cycle(switch, "on" if rules.attack.shoot_only else "off", id="shoot-only")
                yield Label(t("fate_army.dialog.defence", skill=skill, shoot=shoot), markup=False)
                yield Cycle(switch, "on" if rules.attack.shoot_defence_skill is not None else "off", id="defence")
            yield Static(Content(t("fate_army.dialog.variants_help", shoot=shoot, skill=skill)), classes="dialog-help")
            yield Static(Content(t("fate_army.dialog.leader_help")), classes="dialog-help")
            yield Static("", classes="dialog-error")

    def on_mount(self) -> None:
        self.query_one("#shoot-only", Cycle).focus()

    def action_save(self) -> None:
        shoot_only = self.query_one("#shoot-only", Cycle).value == "on"
        skill = self._defence if self.query_one("#defence", Cycle).value == "on" else None
        try:
            self._rules.with_variants(shoot_only=shoot_only, shoot_defence_skill=skill)
        except VariantError as exc:
            self._error(str(exc))
            return
        attack = self._rules.attack
        self.dismiss(None if (shoot_only, skill) == (attack.shoot_only, attack.shoot_defence_skill) else (shoot_only, skill))


__all__ = ["VariantsDialog", "variants_text"]
