"""Keys in bursts, as a slow SSH link delivers them: every key of a burst
is put on the app's queue at once, with no pause between them. A second
Enter while a dialog opens goes to that dialog, digits typed ahead land in
the number field, and no step is taken twice."""

from __future__ import annotations

import pytest
from textual import events

from tests.core.fate.kit import act, fight
from tests.ui.fate.play import fate_app
from tests.ui.scenes import make_app, muster
from tests.ui.myz.test_army import go_to, open_army
from tests.ui.myz.test_wave import play_step
from tui.core.systems.myz.steps import next_step
from tui.ui.myz.wave import WaveScreen
from tui.ui.shell.dialogs import ChoiceDialog, Dialog, NumberDialog


def burst(app, *keys: str) -> None:
    """Queue every key at once, the way a terminal delivers a paste or a lagging link."""
    for key in keys:
        character = key if len(key) == 1 else ("\r" if key == "enter" else None)
        app.post_message(events.Key(key, character))


def _waiting_for_the_gm(app) -> bool:
    return isinstance(app.screen, Dialog) and not app.screen.answered


async def settle(app, pilot, rounds: int = 30) -> None:
    """Let the burst play out: no key held, and no flow running unless a
    dialog of it is up waiting for the GM."""
    quiet = 0
    for _ in range(rounds):
        await pilot.pause()
        # Every posted key taken from the queue (under load one pause may
        # not reach them all), none held, and no flow running but one
        # waiting for the GM: twice in a row.
        if app._message_queue.empty() and not app.key_gate.holding() and (not app.key_gate._flows or _waiting_for_the_gm(app)):
            quiet += 1
            if quiet == 2:
                return
        else:
            quiet = 0
    raise AssertionError("the burst did not settle")


async def test_enter_enter_at_the_first_step_answers_the_dialog_once(tmp_path):
    app = make_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WaveScreen)
        assert next_step(app.battle.game).kind == "reconnaissance"
        events_before = len(app.battle.history.events)
        burst(app, "enter", "enter")
        await settle(app, pilot)
        # The first Enter opened the Reconnaissance, the second chose its first
        # option (the opposed COMPREHEND roll), whose first roll now asks how.
        assert app.is_running
        assert isinstance(app.screen, ChoiceDialog) and not app.screen.answered
        assert "COMPREHEND" in app.screen._title
        assert len(app.screen_stack) == 2
        assert len(app.battle.history.events) == events_before
        # Escape leaves the step untaken; the screen is back, nothing recorded.
        burst(app, "escape")
        await settle(app, pilot)
        assert isinstance(app.screen, WaveScreen)
        assert len(app.battle.history.events) == events_before


async def test_enter_enter_in_the_support_menu(tmp_path):
    app = make_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(40):
            if next_step(app.battle.game).kind == "support":
                break
            await play_step(app, pilot)
        assert next_step(app.battle.game).kind == "support"
        events_before = len(app.battle.history.events)
        burst(app, "enter", "enter")
        await settle(app, pilot)
        assert app.is_running
        # The menu opened and took the second Enter: its first option, Done,
        # recorded the Ark's Support phase once; the board is back.
        assert len(app.battle.history.events) == events_before + 1
        support = app.battle.history.events[-1]
        assert support.kind == "support" and support.side == 1 and support.repair is None
        assert isinstance(app.screen, WaveScreen)


async def test_digits_typed_ahead_land_in_the_fighters_field(tmp_path):
    app = make_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_army(app, pilot)
        await go_to(pilot, screen, "fighters")
        burst(app, "enter", "4", "5", "6", "enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, NumberDialog)
        assert app.battle.game.armies[0].fighters == 456


def _pikes_acting(tmp_path):
    """A Fate battle with the Pikes (Sir Ana attached) acting."""
    battle = fight({"u1": "hill", "u2": "hill", "u3": "woods", "u4": "woods"})
    act(battle, "u1")
    return fate_app(tmp_path, battle)


async def test_a_repeated_key_starts_a_fate_flow_once(tmp_path):
    app = _pikes_acting(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events_before = len(app.battle.history.events)
        # l opens the leader menu; the second l reaches it as a key it ignores,
        # enter picks the first entry (the leader gives up their action).
        burst(app, "l", "l", "enter")
        await settle(app, pilot)
        assert app.is_running
        assert len(app.battle.history.events) == events_before + 1
        assert app.battle.game.activation.extra == "leader"
        assert not isinstance(app.screen, Dialog)


async def test_a_burst_that_ends_the_flow_hands_the_rest_back_to_the_screen(tmp_path):
    app = _pikes_acting(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events_before = len(app.battle.history.events)
        # Choose from the leader menu, then undo at once: both happen, in order.
        burst(app, "l", "enter", "u")
        await settle(app, pilot)
        assert len(app.battle.history.events) == events_before + 1
        assert app.battle.history.cursor == events_before
        assert app.battle.game.activation.extra is None


async def test_a_burst_runs_through_a_chain_of_dialogs(tmp_path):
    app = make_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Open the Reconnaissance, roll it, roll the Zone-Ghouls' check in the
        # app, accept the dice: each Enter lands on the dialog the last one opened.
        burst(app, "enter", "enter", "enter", "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, ChoiceDialog) and not app.screen.answered
        assert "The Ark" in app.screen._title and "COMPREHEND" in app.screen._title
        assert len(app.screen_stack) == 2


async def test_down_held_past_the_last_entry_stays_there_and_never_wraps_to_done():
    """Down pressed once too often must not land on the first entry (often
    "Done") for the Enter right behind it to take."""
    from textual.app import App

    from tui.ui.shell.dialogs import Choice

    answers: list[object] = []

    class One(App[None]):
        def on_mount(self) -> None:
            choices = [Choice("done", "Done"), Choice("repair", "Repair", closed="nothing to repair"), Choice("mend", "Mend"), Choice("rally", "Rally")]
            self.push_screen(ChoiceDialog("Support", choices), answers.append)

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "down", "down", "down", "down", "enter")  # wrapping would end on Mend
        for _ in range(10):
            await pilot.pause()
            if answers:
                break
        assert answers == ["rally"]
    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "up", "enter")  # already at the top: stays on Done
        for _ in range(10):
            await pilot.pause()
            if answers[1:]:
                break
        assert answers[1:] == ["done"]


async def _person_dialog_after(app, pilot, *keys: str):
    from tui.ui.myz.army_dialogs import PersonDialog

    await pilot.pause()
    await app.switch_mode("army")
    await pilot.pause()
    burst(app, *keys)
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, PersonDialog) and not app.key_gate.holding():
            break
    await pilot.pause()
    assert isinstance(app.screen, PersonDialog)
    return app.screen


@pytest.mark.covers("app.form_next", "app.form_previous")
async def test_tab_in_a_burst_moves_on_before_the_keys_behind_it_are_typed(tmp_path):
    app = make_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _person_dialog_after(app, pilot, "a", *"Ilona", "tab", "tab", "tab", *"3b1s", "shift+tab", "left")
        fields = {getattr(w, "id", None): w.value for w in dialog.focus_chain if hasattr(w, "value")}
        assert fields["name"] == "Ilona"
        assert "3b1s" in [w.value for w in dialog.focus_chain if hasattr(w, "value")]
        assert fields["pc"] == "npc"  # shift+tab went back to it before the left


async def test_keys_typed_behind_the_key_that_opens_a_form_go_to_the_form(tmp_path):
    app = make_app(tmp_path, muster())
    async with app.run_test(size=(80, 24)) as pilot:
        side = None
        await pilot.pause()
        await app.switch_mode("army")
        await pilot.pause()
        side = app.screen.selected
        # → acts on the choice while it has the focus, before the ↑ behind it moves on
        dialog = await _person_dialog_after(app, pilot, "a", "down", "right", "up")
        position = next(w for w in dialog.focus_chain if getattr(w, "id", None) == "position")
        assert position.value == "engineer"  # not the army screen's → (the other faction)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.selected == side


async def test_v_enter_with_one_unit_left_elsewhere_activates_it_and_moves_nothing(tmp_path):
    from tests.core.fate.kit import end
    from tui.ui.widgets.zone_board import ZoneBoard

    battle = fight({"u1": "hill", "u2": "meadow", "u3": "woods", "u4": "woods"})
    for actor in ("u1", "u3"):  # one each: then only u2 waits on its player's side
        act(battle, actor)
        end(battle)
    assert battle.game.waiting(battle.game.current_player) == ("u2",)
    app = fate_app(tmp_path, battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(ZoneBoard).cursor = battle.game.board.zone("woods").cell  # not u2's zone
        await pilot.pause()
        burst(app, "v", "enter")
        await settle(app, pilot)
        assert app.battle.game.activation.actor == "u2"
        assert app.battle.game.zone_of("u2") == "meadow"  # the enter chose it; it did not move it


async def test_a_form_inside_a_flow_takes_the_keys_typed_behind_it_and_the_next_dialog_the_rest(tmp_path):
    """A card form opened as a step of a flow (Fate's reinforcements: $,
    the new unit's card, then its zone): the name typed ahead lands in the
    form, and the Enter behind the form's own Enter answers the zone."""
    from tui.core.systems.fate import events as ev

    app = _pikes_acting(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "dollar_sign", "down", "enter", "down", *"Militia", "enter", "enter")
        await settle(app, pilot)
        last = app.battle.history.events[app.battle.history.cursor - 1]
        assert isinstance(last, ev.Reinforce) and last.unit.name == "Militia" and last.zone == app.battle.game.zone_of("u1")
        assert len(app.screen_stack) == 1


async def test_escape_and_the_key_behind_it_read_as_alt_are_taken_back_apart(tmp_path):
    """Over a slow link Esc and the next key arrive together and the
    terminal reads them as one Alt key ("Escape u" as alt+u): the dialog
    closes, then the key acts (found in play: the dialog stayed open and
    the key was lost)."""
    app = _pikes_acting(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events_before = app.battle.history.cursor
        burst(app, "l")  # the leader menu
        await settle(app, pilot)
        assert isinstance(app.screen, ChoiceDialog)
        app.post_message(events.Key("alt+u", None))
        await settle(app, pilot)
        assert not isinstance(app.screen, ChoiceDialog)
        assert app.battle.history.cursor == events_before - 1  # u undid the activation


def test_esc_and_any_key_in_one_burst_are_read_as_two_keys():
    """Textual read Esc + Enter as a lone Enter, Esc + Tab as Shift+Tab,
    Esc + b as Ctrl+Left, Esc + 2 as "™", and Esc + a letter with more keys
    behind it as "^" and the letter (a form's "Esc c ↓ Enter" cancelled
    nothing and the Enter saved it). Every key behind an Esc, parsed from
    the terminal's bytes as the app does, reads as Esc then that key, with
    the keys after it in their order."""
    from textual._xterm_parser import XTermParser

    from tui.ui.shell.escape_pairs import KEPT, read_escape_pairs_apart

    def keys(data: str) -> list[tuple[str, str | None]]:
        parser = XTermParser()
        read = [e for e in parser.feed(data) if isinstance(e, events.Key)]
        read += [e for e in parser.feed("") if isinstance(e, events.Key)]
        return [(e.key, e.character) for e in read]

    read_escape_pairs_apart()
    behind = [chr(code) for code in range(32, 127) if chr(code) not in KEPT] + ["\r", "\t"]
    for second in behind:
        alone = keys(second)
        assert keys("\x1b" + second) == [("escape", "\x1b"), *alone], repr(second)
        # more keys behind the pair: an arrow (itself an escape sequence), then Enter
        assert keys("\x1b" + second + "\x1b[B\r") == [("escape", "\x1b"), *alone, ("down", None), ("enter", "\r")], repr(second)
    assert keys("\x1b\x7f") == [("ctrl+w", None)]  # alt+backspace keeps its meaning: a word deleted
    assert keys("\x1b[B\x1bOA") == [("down", None), ("up", None)]  # the terminal's own sequences


async def test_a_key_behind_an_alt_pair_keeps_its_place(tmp_path):
    """"Esc i Enter" in one burst reads as alt+i then Enter: the Enter must
    come after the Esc and the i taken back apart, as typed (the Second
    World playthrough: the Enter acted first, on the dialog Esc was to close)."""
    outcomes = []
    for keys in (("escape", "l", "enter"), ("alt+l", "enter")):
        app = _pikes_acting(tmp_path / "-".join(keys))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            burst(app, "l")  # the leader menu, to be closed by the Esc
            await settle(app, pilot)
            for key in keys:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await settle(app, pilot)
            outcomes.append((type(app.screen).__name__, app.battle.history.cursor, getattr(app.screen, "_title", None)))
    assert outcomes[0] == outcomes[1], outcomes
