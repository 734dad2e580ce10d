"""The army builder: both factions of a Mutant: Year Zero mass combat as
mustered, and the battlefield, edited from the keyboard. Beside the form, a
preview of the selected faction's first Battle Pool with the source of
every die. Every edit is one event (saved at once, undoable); once the
battle has started the muster is read-only.

| Key | Action |
| :- | :- |
| tab, ←, → | edit the other faction |
| ↑ ↓ PgUp PgDn Home End | move between fields |
| enter, space | change the field: switch it, choose, type a number, edit the person |
| +, = / - | step a number or a choice; switch a yes/no field on / off |
| a | add a person (PC or NPC) |
| l | make the person under the cursor the leader |
| delete, x | remove the person under the cursor |
| n | rename the faction |
| u, ctrl+z / U, ctrl+y | undo / redo |
"""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from tui.core.systems.myz.battle import Battle
from tui.ui.widgets.show import show
from tui.ui.shell.house_rules import ACTION as RULESET_ACTION, MusterScreen, ruleset_check
from textual.widgets import Header, OptionList, Static

from tui.core.errors import MassCombatError
from tui.core.i18n import language, t
from tui.core.systems.myz.models import Rename
from tui.core.systems.myz.army import Person
from tui.core.systems.myz.events import SetArmy, SetBattlefield
from tui.core.systems.myz.preview import MusterPreview, muster_preview
from tui.ui.widgets.form import ArmyForm
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.myz.widgets.pool_sources import PoolSources, SourcesView
from tui.ui.myz import army_fields as af
from tui.ui.myz.army_dialogs import PersonDialog
from tui.ui.shell.dialogs import BLANK, Choice, ChoiceDialog, NumberDialog, TextDialog, validation_message

# Actions that change the muster: greyed out once the battle has started.
_EDIT_ACTIONS = {"edit", "step", "add_person", "make_leader", "remove_person", "rename"}
# Actions whose state depends on the row under the cursor.
_ROW_ACTIONS = (("edit", ()), ("step", (1,)), ("step", (-1,)), ("make_leader", ()), ("remove_person", ()))


class ArmyScreen(MusterScreen[Battle]):
    """The army builder (see the module docstring for its keys)."""

    BACK_MODE = "wave"

    BINDINGS = [
        Binding("enter,space", "edit", "army.key.edit", id="army.edit"),
        Binding("plus,equals_sign", "step(1)", "army.key.more", id="army.more"),
        Binding("minus", "step(-1)", "army.key.less", show=False, id="army.less"),
        Binding("a", "add_person", "army.key.add_person", show=False, id="army.add_person"),
        Binding("tab,left,right", "switch_side", "army.key.switch_side", id="army.switch_side"),
        Binding("u,ctrl+z", "undo", "key.undo", id="army.undo"),
        Binding("U,ctrl+y", "redo", "key.redo", show=False, id="army.redo"),
        Binding("l", "make_leader", "army.key.make_leader", show=False, id="army.make_leader"),
        Binding("delete,x", "remove_person", "army.key.remove_person", show=False, id="army.remove_person"),
        Binding("n", "rename", "army.key.rename", show=False, id="army.rename"),
    ]

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    DEFAULT_CSS = """
    ArmyScreen {
        layout: vertical;
        & > #army-bar { height: 1; padding: 0 1; }
        & #army-tabs { width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
        & #army-status { width: auto; max-width: 50%; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
        & #army-status.-locked { color: $text-warning; text-style: bold; }
        & > #army-main { height: 1fr; }
        & #army-left { width: 1fr; }
        & #army-hint { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
        &.-narrow PoolSources { width: 32; & > .opponent { display: none; } }
        &.-wide PoolSources { width: 48; }
        &:ansi #army-status.-locked { color: ansi_yellow; }
    }
    """

    """The faction being edited."""

    _binding_state: tuple = ()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="army-bar"):
            yield Static(id="army-tabs", markup=False)
            yield Static(id="army-status", markup=False)
        with Horizontal(id="army-main"):
            with Vertical(id="army-left"):
                yield ArmyForm(id="army-form")
                yield Static(id="army-hint", markup=False)
            yield PoolSources(id="army-pool")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(ArmyForm).focus()


    @property
    def editable(self) -> bool:
        return not self.read_only and self.battle.game.stage == "muster"

    @property
    def form(self) -> ArmyForm:
        return self.query_one(ArmyForm)

    # -- drawing -------------------------------------------------------------

    def _redraw(self, *_: object, focus: str | None = None) -> None:
        self.sub_title = t("army.title")
        game, side = self.battle.game, self.selected
        glyphs = self.shell.glyphs
        preview: MusterPreview | None = None
        error = None
        try:
            preview = muster_preview(game)
        except (MassCombatError, KeyError) as exc:
            error = str(exc)
        tabs = [(f" {name} ", "reverse bold" if index == side else "dim") for index, name in enumerate(game.names)]
        show(self.query_one("#army-tabs", Static), Content.assemble((t("army.factions") + " ", "dim"), tabs[0], " ", tabs[1]))
        status = self.query_one("#army-status", Static)
        if self.read_only:
            status.update(Content(t("army.status.file_read_only")))
        elif game.stage != "muster":
            status.update(Content(t("army.status.started")))
        else:
            status.update(Content(t("army.status.muster")))
        status.set_class(not self.editable, "-locked")
        form = self.form
        form.border_title = Content(game.names[side])
        form.border_subtitle = t("army.side", number=side + 1)
        form.rows = tuple(af.faction_rows(game, side, glyphs, preview))
        if focus is not None:
            form.move_to(focus)
        self._hint()
        self.query_one(PoolSources).view = self._sources(preview, error)
        self._sync_bindings(force=True)

    def _sources(self, preview: MusterPreview | None, error: str | None) -> SourcesView:
        game, side = self.battle.game, self.selected
        glyphs, lang, rules = self.shell.glyphs, language(), game.rules
        name = game.names[side]
        if preview is None:
            return SourcesView(name=name, error=error, glyphs=glyphs, language=lang, rules=rules)
        leader = game.armies[side].leader
        return SourcesView(
            name=name,
            lines=preview.pools[side].lines,
            pool=preview.pools[side].pool,
            strategy=preview.strategies[side],
            opponent=game.names[1 - side],
            opponent_pool=preview.pools[1 - side].pool,
            opponent_lines=preview.pools[1 - side].lines,
            defending=preview.defending[side],
            recon=preview.recon[side],
            recon_modifier=preview.recon_modifier[side],
            leader=leader.name if leader else None,
            leader_pool=leader.skills.get(rules.reconnaissance.skill) if leader else None,
            glyphs=glyphs,
            language=lang,
            rules=rules,
        )

    def _hint(self) -> None:
        if self.read_only:
            hint = t("army.hint.file_locked")
        elif self.battle.game.stage != "muster":
            hint = t("army.hint.locked")
        else:
            hint = af.row_hint(self.battle.game, self.selected, self.form.current)
        show(self.query_one("#army-hint", Static), Content(hint))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._hint()
        self._sync_bindings()

    def _sync_bindings(self, force: bool = False) -> None:
        """Redraw the footer when a key greys out or comes back (not on every cursor move)."""
        state = tuple(self.check_action(action, parameters) for action, parameters in _ROW_ACTIONS)
        if force or state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.check_action("edit", ()):
            self.action_edit()

    # -- what applies now ----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == RULESET_ACTION:
            return ruleset_check(self.shell)
        if action in _EDIT_ACTIONS and not self.editable:
            return None
        forms = self.query(ArmyForm)
        game, side, row = self.battle.game, self.selected, (forms.first().current if forms else None)
        if action == "edit":
            return True if af.kind(row) else None
        if action == "step":
            return True if af.step(game, side, row, int(str(parameters[0]))) is not None else None
        if action in ("make_leader", "remove_person"):
            index = af.person_index(row)
            if index is None or index >= len(game.armies[side].people):
                return None
            people = game.armies[side].people
            if action == "make_leader":
                return None if people[index].position == "leader" else True
            return None if people[index].position == "leader" and len(people) > 1 else True
        if action in ("undo", "redo"):
            if self.read_only or game.stage != "muster":
                return None
            return None if self.battle.refusal(action) else True
        return True

    def binding_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a greyed-out key does nothing, said when it is pressed anyway."""
        if action in ("undo", "redo") and (self.read_only or self.battle.game.stage != "muster"):
            # the muster's own undo: the battle's steps are undone in the battle
            return t("app.read_only_refused") if self.read_only else t("app.muster_closed")
        if action in _EDIT_ACTIONS and not self.editable:
            return t("app.read_only_refused") if self.read_only else t("app.muster_closed")
        forms = self.query(ArmyForm)
        row = forms.first().current if forms else None
        if action == "edit":
            return t("army.refuse.nothing_here")
        if action == "step":
            return t("army.refuse.no_step")
        if action in ("make_leader", "remove_person"):
            index = af.person_index(row)
            people = self.battle.game.armies[self.selected].people
            if index is None or index >= len(people):
                return t("army.refuse.not_a_person")
            if action == "make_leader":
                return t("army.refuse.leads_already", name=people[index].name)
            return t("army.refuse.leader_stays", name=people[index].name)
        return super().binding_refusal(action, parameters)

    # -- changing the muster ---------------------------------------------------

    def _apply(self, change: af.Change | None, focus: str | None = None) -> None:
        if change is None:
            return
        game, side = self.battle.game, self.selected
        try:
            if change.target == "army":
                army = af.changed_army(game.armies[side], change.values)
                event: object = SetArmy(side=side, army=army)
                unchanged = army == game.armies[side]
            else:
                field_ = af.changed_field(game.battlefield, change.values)
                event = SetBattlefield(battlefield=field_)
                unchanged = field_ == game.battlefield
        except ValidationError as exc:
            self.notify(validation_message(exc), severity="error", markup=False)
            self.app.bell()
            return
        if not unchanged and self.shell.act(lambda b: b.record(event)) and focus is not None:
            self._redraw(focus=focus)

    def action_edit(self) -> None:
        game, side, row = self.battle.game, self.selected, self.form.current
        what = af.kind(row)
        if row is None or what is None:
            return
        if what == "toggle":
            self._apply(af.toggle(game, side, row))
        elif what == "choice":
            self._choose(row)
        elif what == "number":
            self._type_number(row)
        elif what == "name":
            self.action_rename()
        elif what == "person":
            self._edit_person(af.person_index(row))
        elif what == "add_person":
            self.action_add_person()

    def action_step(self, delta: int) -> None:
        self._apply(af.step(self.battle.game, self.selected, self.form.current, delta))

    def _label(self, row: str) -> str:
        return next((r.label for r in self.form.rows if r.id == row), row)

    def _choose(self, row: str) -> None:
        game, side = self.battle.game, self.selected
        options = af.choices(game, row)
        values = [value for value, _ in options]
        current = af.current_choice(game, side, row)

        def done(index: int | None) -> None:
            if index is not None:
                self._apply(af.chosen(row, values[index]))

        choices = [Choice(index, label) for index, (_, label) in enumerate(options)]
        highlight = values.index(current) if current in values else None
        self.app.push_screen(ChoiceDialog(Content(self._label(row)), choices, t("army.dialog.choose_help"), highlight=highlight), done)

    def _type_number(self, row: str) -> None:
        game, side = self.battle.game, self.selected
        text, least, most = af.number_spec(game, side, row)
        level = row == "battle_level"
        help_text = t("army.dialog.level_help", ratio=game.rules.battle_level.fighters_per_level) if level else ""

        def done(value: int | str | None) -> None:
            if value is not None:
                self._apply(af.typed_number(self.battle.game, side, row, None if value == BLANK else int(value)))

        title = Content.assemble(self._label(row), " · ", Content(game.names[side]))
        self.app.push_screen(NumberDialog(title, text, least, most, help_text, allow_empty=level), done)

    def _edit_person(self, index: int | None) -> None:
        game, side = self.battle.game, self.selected
        army = game.armies[side]
        person = army.people[index] if index is not None else None

        def check(candidate: Person) -> str | None:
            current = self.battle.game.armies[side]
            if person is not None and person.position == "leader" and candidate.position != "leader" and len(current.people) > 1:
                return t("army.error.keep_leader")
            try:
                af.changed_army(current, {"people": af.with_person(current, index, candidate)})
            except ValidationError as exc:
                return validation_message(exc)
            return None

        def done(candidate: Person | None) -> None:
            if candidate is None:
                return
            current = self.battle.game.armies[side]
            people = af.with_person(current, index, candidate)
            self._apply(af.Change("army", {"people": people}), focus=f"person:{len(people) - 1 if index is None else index}")
            self._say_new_leader(current, index)

        default = "leader" if army.leader is None else "assailant"
        self.app.push_screen(PersonDialog(person, default, game.rules, check), done)

    def _say_new_leader(self, before, index: int | None) -> None:
        """A new leader took over: say who stepped down (to an assailant)."""
        old = before.leader_index()
        after = self.battle.game.armies[self.selected]
        if old is not None and old != index and old < len(after.people) and after.people[old].position != "leader":
            self.notify(t("army.leader_changed", name=after.people[old].name), markup=False)

    def action_add_person(self) -> None:
        self._edit_person(None)

    def action_make_leader(self) -> None:
        index = af.person_index(self.form.current)
        army = self.battle.game.armies[self.selected]
        if index is not None and index < len(army.people):
            person = army.people[index].model_copy(update={"position": "leader"})
            self._apply(af.Change("army", {"people": af.with_person(army, index, person)}))
            self._say_new_leader(army, index)

    def action_remove_person(self) -> None:
        index = af.person_index(self.form.current)
        army = self.battle.game.armies[self.selected]
        if index is None or index >= len(army.people):
            return
        if army.people[index].position == "leader" and len(army.people) > 1:
            self.notify(t("army.error.keep_leader"), severity="warning", markup=False)
            return
        rest = len(army.people) - 1
        self._apply(af.Change("army", {"people": af.without_person(army, index)}), focus=f"person:{min(index, rest - 1)}" if rest else "add_person")

    def action_rename(self) -> None:
        side = self.selected
        current = self.battle.game.names[side]

        def done(name: str | None) -> None:
            if name is None or name == current:
                return
            try:
                event = Rename(side=side, name=name)
            except ValidationError as exc:
                self.notify(validation_message(exc), severity="error", markup=False)
                return
            self.shell.act(lambda b: b.record(event))

        self.app.push_screen(TextDialog(t("dialog.name_title"), current, t("dialog.name_help")), done)

