"""The zone board: adjacency with links and cuts, distances, placing and
removing cards, and refusals that read as one clear line."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from tui.core.maps.zones import GRID, MAX_ZONE_NAME, Board, Zone, check_zone_name
from tui.core.errors import BoardError
from tui.core.i18n import set_language


def z(key: str, col: int, row: int, name: str | None = None) -> Zone:
    return Zone(key=key, name=name or key.upper(), col=col, row=row)


def grid() -> Board:
    """Five cards round an empty middle::

        a b c
        d . e
    """
    return Board(zones=(z("a", 0, 0), z("b", 1, 0), z("c", 2, 0), z("d", 0, 1), z("e", 2, 1)))


def one_line(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert text and "\n" not in text
    return text


# -- records --------------------------------------------------------------------


def test_zone_checks_its_fields():
    assert z("z1", 0, 0).cell == (0, 0)
    for bad in (dict(name=""), dict(name="   "), dict(name="x" * (MAX_ZONE_NAME + 1)), dict(name="a\nb"),
                dict(key=""), dict(key="z 1"), dict(key="ä"), dict(col=-2), dict(row=GRID)):
        fields = dict(key="z1", name="Hill", col=0, row=0) | bad
        with pytest.raises(ValidationError):
            Zone(**fields)
    with pytest.raises(ValidationError):
        Zone(key="z1", name="Hill", col=0, row=0, extra=1)
    assert Zone(key="z1", name="x" * MAX_ZONE_NAME, col=GRID - 1, row=0).name
    # -1: a card being placed left of or above the board (a PlaceZone event stores it)
    assert Zone(key="z1", name="West", col=-1, row=-1).cell == (-1, -1)
    with pytest.raises(ValidationError) as exc:
        Zone(key="z1", name="Hill", col=0, row=-2)
    assert "run from 0 to 29 (-1 only to place a card left of or above the board), not -2" in str(exc.value)


def test_zone_names_are_refused_in_one_line():
    for bad, words in (("", "needs a name"), ("x" * 61, "at most 60"), ("a\rb", "one line")):
        with pytest.raises(BoardError) as exc:
            check_zone_name(bad)
        assert words in one_line(exc)


def test_boards_are_frozen_and_round_trip():
    board = Board(zones=(z("a", 0, 0), z("b", 1, 0), z("c", 1, 1)), links=(("a", "c"),), cuts=(("a", "b"),))
    with pytest.raises(ValidationError):
        board.zones = ()  # type: ignore[misc]
    again = Board.model_validate(board.model_dump())
    assert again == board
    board.neighbours("a")  # caches must not change equality or dumps
    assert board == again and board.model_dump() == again.model_dump()
    # the lists a TOML file gives back
    text = 'zones = [{key = "a", name = "A", col = 0, row = 0}, {key = "b", name = "B", col = 0, row = 1}]\ncuts = [["a", "b"]]\n'
    assert Board.model_validate(tomllib.loads(text)).cuts == (("a", "b"),)


@pytest.mark.parametrize("fields, words", [
    (dict(zones=(z("a", 0, 0), z("a", 1, 0))), "already a zone with the id a"),
    (dict(zones=(z("a", 0, 0), z("b", 0, 0, "Bog"))), "column 1, row 1 already holds the zone A"),
    (dict(zones=(z("a", 0, 0), z("b", 1, 0)), links=(("a", "x"),)), "no zone with the id x"),
    (dict(zones=(z("a", 0, 0), z("b", 1, 0)), cuts=(("q", "b"),)), "no zone with the id q"),
    (dict(zones=(z("a", 0, 0), z("b", 1, 0)), cuts=(("a", "a"),)), "itself"),
    (dict(zones=(z("a", 0, 0), z("b", 1, 0)), cuts=(("a", "b"), ("b", "a"))), "twice"),
    (dict(zones=(z("a", 0, 0), z("b", 1, 0)), links=(("a", "b"),)), "touch already"),
    (dict(zones=(z("a", 0, 0), z("b", 2, 0)), cuts=(("a", "b"),)), "not side by side"),
])
def test_inconsistent_boards_are_refused(fields, words):
    with pytest.raises(ValidationError) as exc:
        Board(**fields)
    assert words in str(exc.value)


# -- adjacency and distance ----------------------------------------------------------


def test_lookups():
    board = grid()
    assert board.zone("b").name == "B"
    assert board.at(2, 1).key == "e"
    assert board.at(1, 1) is None and board.at(-1, 0) is None
    with pytest.raises(BoardError) as exc:
        board.zone("nope")
    assert one_line(exc) == "there is no zone with the id nope"


def test_neighbours_are_grid_neighbours_in_reading_order():
    board = grid()
    assert board.neighbours("a") == ("b", "d")
    assert board.neighbours("c") == ("b", "e")
    assert board.neighbours("d") == ("a",)
    assert board.adjacent("a", "b") and board.adjacent("b", "a")
    assert not board.adjacent("a", "c") and not board.adjacent("b", "e")  # diagonal/no card between
    with pytest.raises(BoardError):
        board.neighbours("x")
    with pytest.raises(BoardError):
        board.adjacent("a", "x")


def test_links_add_and_cuts_remove_adjacency():
    board = Board(zones=grid().zones, links=(("d", "e"),), cuts=(("b", "c"),))
    assert board.neighbours("d") == ("a", "e")
    assert board.neighbours("e") == ("c", "d")
    assert board.neighbours("b") == ("a",)
    assert not board.adjacent("b", "c") and board.adjacent("e", "d")
    assert board.distance("b", "c") == 4  # b a d e c
    assert board.path("b", "c") == ("b", "a", "d", "e", "c")


def test_distance_path_and_within():
    board = grid()
    assert board.distance("a", "a") == 0 and board.path("a", "a") == ("a",)
    assert board.distance("a", "b") == 1
    assert board.distance("d", "e") == 4
    assert board.path("d", "e") == ("d", "a", "b", "c", "e")
    assert board.within("a", 0) == ("a",)
    assert board.within("a", 1) == ("a", "b", "d")
    assert board.within("a", 2) == ("a", "b", "d", "c")
    assert board.within("a", 9) == ("a", "b", "d", "c", "e")
    assert board.within("a", -1) == ()
    with pytest.raises(BoardError):
        board.distance("a", "x")
    with pytest.raises(BoardError):
        board.within("x", 1)


def test_unreachable_zones_and_connectivity():
    board = Board(zones=(z("a", 0, 0), z("b", 1, 0), z("c", 2, 0)), cuts=(("b", "c"),))
    assert board.distance("a", "c") is None and board.path("a", "c") is None
    assert board.within("a", 5) == ("a", "b")
    assert not board.is_connected()
    assert grid().is_connected() and Board().is_connected()
    assert Board(zones=(z("a", 0, 0), z("b", 2, 0)), links=(("a", "b"),)).is_connected()


# -- the grid ----------------------------------------------------------------------


def test_bounds_open_cells_and_next_key():
    assert Board().bounds() == (0, 0, 0, 0)
    assert Board().open_cells() == ((0, 0),)
    assert Board().next_key() == "z1"
    board = Board(zones=(z("z1", 3, 2), z("z3", 4, 2)))
    assert board.bounds() == (3, 2, 4, 2)
    assert board.open_cells() == ((3, 1), (4, 1), (2, 2), (5, 2), (3, 3), (4, 3))
    assert board.next_key() == "z2"
    corner = Board(zones=(z("z1", 0, 0),))
    assert corner.open_cells() == ((0, -1), (-1, 0), (1, 0), (0, 1))  # every side: -1 shifts the board
    far = Board(zones=(z("z1", GRID - 1, GRID - 1),))
    assert far.open_cells() == ((GRID - 1, GRID - 2), (GRID - 2, GRID - 1))  # never off the grid
    assert grid().bounds() == (0, 0, 2, 1)
    assert (1, 1) in grid().open_cells()


# -- changes -----------------------------------------------------------------------


def test_place_builds_a_board_card_by_card():
    board = Board()
    first = board.place(z("z1", 5, 5))
    assert board.zones == () and first.zones == (z("z1", 5, 5),)
    second = first.place(z(first.next_key(), 5, 6))
    assert second.neighbours("z1") == ("z2",)
    assert second.next_key() == "z3"


@pytest.mark.parametrize("zone, words", [
    (z("b", 0, 0), "already a zone with the id b"),
    (z("q", 0, 0), "column 1, row 1 already holds the zone A"),
    (z("q", 4, 0), "column 5, row 1 would not touch the others"),
    (z("q", 1, 1), None),  # the empty middle cell is fine
])
def test_place_refusals(zone, words):
    board = grid()
    if words is None:
        assert board.place(zone).adjacent("q", "b")
        return
    with pytest.raises(BoardError) as exc:
        board.place(zone)
    assert words in one_line(exc)


def _distances(board: Board) -> dict[tuple[str, str], int | None]:
    return {(a.key, b.key): board.distance(a.key, b.key) for a in board.zones for b in board.zones}


def test_placing_west_or_north_of_the_board_shifts_every_card():
    board = Board(zones=grid().zones, links=(("d", "e"),), cuts=(("b", "c"),))  # b a d e c
    west = board.place(z("w", -1, 1))  # left of d
    assert [(zone.key, zone.cell) for zone in west.zones] == [
        ("a", (1, 0)), ("b", (2, 0)), ("c", (3, 0)), ("d", (1, 1)), ("e", (3, 1)), ("w", (0, 1))]
    assert west.links == board.links and west.cuts == board.cuts
    assert west.neighbours("w") == ("d",) and west.neighbours("d") == ("a", "w", "e")
    assert {pair: d for pair, d in _distances(west).items() if "w" not in pair} == _distances(board)
    assert west.distance("w", "c") == 3  # w d e c (b and c are cut)
    assert west.bounds() == (0, 0, 3, 1) and west.at(0, 1).key == "w" and west.at(-1, 1) is None
    north = west.place(z("n", 3, -1))  # above c
    assert [(zone.key, zone.cell) for zone in north.zones] == [
        ("a", (1, 1)), ("b", (2, 1)), ("c", (3, 1)), ("d", (1, 2)), ("e", (3, 2)), ("w", (0, 2)), ("n", (3, 0))]
    assert north.neighbours("n") == ("c",) and north.neighbours("c") == ("n", "e")  # the cut to b stays
    assert {pair: d for pair, d in _distances(north).items() if "n" not in pair} == _distances(west)
    assert north.bounds() == (0, 0, 3, 2)
    assert north.open_cells()[0] == (3, -1) and (-1, 2) in north.open_cells()  # it grows on every side
    assert not north.adjacent("w", "n") and north.within("n", 1) == ("n", "c")


def test_the_first_card_and_the_open_cells_after_a_shift():
    assert Board().place(z("z1", -1, -1)).zones == (z("z1", 0, 0),)
    board = Board().place(z("z1", 0, 0)).place(z("z2", -1, 0))
    assert [zone.cell for zone in board.zones] == [(1, 0), (0, 0)]
    assert board.open_cells() == ((0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (1, 1))
    with pytest.raises(BoardError) as exc:
        board.place(z("z3", -1, -1))  # a corner touches nothing
    assert one_line(exc) == "a zone card at column 0, row 0 would not touch the others: place it next to a card"


def test_the_grid_limit_still_refuses_on_every_side():
    row = Board(zones=tuple(z(f"c{col}", col, 0) for col in range(GRID - 1)))
    assert (-1, 0) in row.open_cells() and (GRID - 1, 0) in row.open_cells()
    full = row.place(z("w", -1, 0))
    assert full.bounds() == (0, 0, GRID - 1, 0) and full.zone("c0").cell == (1, 0)
    assert (-1, 0) not in full.open_cells() and (0, -1) in full.open_cells()
    assert all(0 <= col < GRID for col, _ in full.open_cells())
    for side in (z("x", -1, 0), z("x", GRID - 1, -1)):
        if side.row < 0:
            assert full.place(side).zone("x").cell == (GRID - 1, 0)  # rows still have room
            continue
        with pytest.raises(BoardError) as exc:
            full.place(side)
        assert one_line(exc) == "the battlefield is at most 30 cards wide and 30 cards tall: no more cards fit on that side"
    with pytest.raises(ValidationError):
        z("x", GRID, 0)  # the right edge: no such card
    column = Board(zones=tuple(z(f"r{r}", 0, r) for r in range(GRID)))
    assert (0, -1) not in column.open_cells() and (-1, 0) in column.open_cells()
    with pytest.raises(BoardError) as exc:
        column.place(z("x", 0, -1))
    assert "at most 30 cards" in one_line(exc)


def test_a_stored_board_never_holds_a_card_at_minus_one():
    for cell in ((-1, 0), (2, -1)):
        with pytest.raises(ValidationError) as exc:
            Board(zones=(z("a", 0, 0), z("q", *cell, "Quarry")))
        assert f"zone Quarry is stored at column {cell[0]}, row {cell[1]}: -1 is only for a card being placed" in str(exc.value)
    text = 'zones = [{key = "a", name = "A", col = -1, row = 0}]\n'
    with pytest.raises(ValidationError):
        Board.model_validate(tomllib.loads(text))


def test_replaying_the_log_lays_the_same_board(tmp_path):
    from tests.core.fate.kit import ev, mustered
    from tui.core.files.loading import load_battle
    from tui.core.files.saving import save_battle

    battle = mustered()
    battle.record(ev.StartBattlefield())
    for zone in (z("hill", 0, 0), z("west", -1, 0), z("north", 1, -1), z("ford", 0, 2), z("far", -1, 1)):
        battle.record(ev.PlaceZone(player=battle.game.placer, zone=zone))
    board = battle.game.board
    assert [(zone.key, zone.cell) for zone in board.zones] == [
        ("hill", (2, 1)), ("west", (1, 1)), ("north", (2, 0)), ("ford", (1, 2)), ("far", (0, 1))]
    assert board.neighbours("west") == ("far", "hill", "ford") and board.neighbours("north") == ("hill",)
    assert battle.history.events[2].zone.cell == (-1, 0)  # the log keeps the card as it was placed
    save_battle(battle, tmp_path / "b.toml")
    assert "col = -1" in (tmp_path / "b.toml").read_text(encoding="utf-8")
    again = load_battle(tmp_path / "b.toml")
    assert again.game.board == board
    battle.undo()
    assert [zone.cell for zone in battle.game.board.zones] == [(1, 1), (0, 1), (1, 0), (0, 2)]
    battle.redo()
    assert battle.game.board == board


def test_remove_keeps_the_battlefield_in_one_piece():
    board = Board(zones=grid().zones, links=(("d", "e"),), cuts=(("b", "c"),))  # b a d e c
    smaller = board.remove("b")
    assert [zone.key for zone in smaller.zones] == ["a", "c", "d", "e"]
    assert smaller.links == (("d", "e"),) and smaller.cuts == ()
    assert board.remove("c").links == (("d", "e"),)
    with pytest.raises(BoardError) as exc:
        board.remove("d")
    assert one_line(exc) == "removing D would split the battlefield in two"
    with pytest.raises(BoardError):
        grid().remove("b")
    assert grid().remove("e").remove("d").remove("c").remove("b").remove("a") == Board()
    with pytest.raises(BoardError):
        grid().remove("x")


def test_remove_in_an_already_split_board_looks_at_its_own_piece():
    board = Board(zones=(z("a", 0, 0), z("b", 1, 0), z("c", 2, 0)), cuts=(("b", "c"),))
    assert [zone.key for zone in board.remove("a").zones] == ["b", "c"]
    assert [zone.key for zone in board.remove("c").zones] == ["a", "b"]


def test_rename():
    board = grid().rename("a", "Ogre[/] Hill")
    assert board.zone("a").name == "Ogre[/] Hill" and board.zone("a").cell == (0, 0)
    assert grid().zone("a").name == "A"
    with pytest.raises(BoardError) as exc:
        grid().rename("a", "  ")
    assert one_line(exc) == "a zone needs a name"
    with pytest.raises(BoardError):
        grid().rename("x", "Hill")


def test_errors_speak_german():
    set_language("de")
    with pytest.raises(BoardError) as exc:
        grid().remove("b")
    assert one_line(exc) == "Ohne B zerfiele das Schlachtfeld in zwei Teile"
    with pytest.raises(BoardError) as exc:
        grid().place(z("q", 9, 9))
    assert "Zonenkarte in Spalte 10, Zeile 10" in one_line(exc)
    with pytest.raises(BoardError) as exc:
        Board(zones=tuple(z(f"r{r}", 0, r) for r in range(GRID))).place(z("c", 0, -1))
    assert one_line(exc).startswith("Das Schlachtfeld ist höchstens 30 Karten breit")
    with pytest.raises(ValidationError) as exc:
        Board(zones=(z("q", -1, 0, "Steinbruch"),))
    assert "Die Zone Steinbruch des Schlachtfelds ist in Spalte -1, Zeile 0 gespeichert" in str(exc.value)
