"""Edges between zones (Second World Armed Conflict): the text's
``open/traverse/close`` notation, what is left to pay as costs wear, opening
and closing, and how edges on the board shape sight and movement.

Rules text: "The traverse and state change costs can be summarized on the
map using open cost/traverse cost/close cost notation. An edge that can be
opened but not closed will assign an 'X' to the close cost. An edge that is
always open will assign an 'X' to both the open and close cost."
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tui.core.maps.zones import Board, Zone
from tui.core.maps.edges import MAX_COST, Edge, EdgeNotationError, parse_costs
from tui.core.errors import BoardError
from tui.core.i18n import set_language
from tui.core.files.tomlfile import dump_toml, parse_toml

EXAMPLES = {"door": "1/0/1", "bunker door": "4/0/4", "barbed wire": "X/4/X", "barricade": "4/2/X"}


def one_line(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert text and "\n" not in text
    return text


# -- the notation -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "costs"), [("1/0/1", (1, 0, 1)), ("4/0/4", (4, 0, 4)), ("X/4/X", (None, 4, None)), ("4/2/X", (4, 2, None)), (" x / 3 /x ", (None, 3, None))])
def test_the_texts_notation_reads_each_cost_or_x(text, costs):
    assert parse_costs(text) == costs


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_example_edges_write_back_as_the_text_prints_them(name):
    assert Edge.between("z1", "z2", EXAMPLES[name]).notation == EXAMPLES[name]


@pytest.mark.parametrize("bad", ["", "1/0", "1/0/1/2", "a/b/c", "-1/0/1", "1//1", "1.5/0/1", "1/0/1\x1b[2J"])
def test_costs_that_do_not_read_as_the_notation_are_refused_in_one_line(bad):
    with pytest.raises(EdgeNotationError) as caught:
        parse_costs(bad)
    assert "open/traverse/close" in one_line(caught)
    assert "\x1b" not in str(caught.value)


def test_a_cost_past_the_most_is_refused():
    with pytest.raises(EdgeNotationError, match=f"at most {MAX_COST}"):
        parse_costs(f"{MAX_COST + 1}/0/1")


# -- what an edge is and what is left to pay ---------------------------------------------


def test_x_for_open_and_close_is_always_open_and_cannot_be_closed():
    wire = Edge.between("z1", "z2", "X/4/X")
    assert wire.always_open and wire.passable and not wire.blocks_sight
    with pytest.raises(BoardError, match="cannot be closed"):
        wire.shut()
    with pytest.raises(ValidationError, match="always open"):
        Edge.between("z1", "z2", "X/4/X", closed=True)


@pytest.mark.parametrize(("costs", "closed", "crossing"), [("1/0/1", True, 1), ("1/0/1", False, 0), ("4/0/4", True, 4), ("X/4/X", False, 4), ("4/2/X", True, 6), ("4/2/X", False, 2)])
def test_getting_through_costs_the_traverse_and_the_opening_if_closed(costs, closed, crossing):
    assert Edge.between("z1", "z2", costs, closed=closed).crossing_cost() == crossing


def test_a_closed_edge_that_cannot_be_opened_and_an_impassable_one_cannot_be_got_through():
    sealed = Edge(a="z1", b="z2", open_cost=None, traverse=0, close_cost=2, closed=True)
    chasm = Edge(a="z1", b="z2", open_cost=None, traverse=None, close_cost=None)
    assert sealed.crossing_cost() is None and sealed.blocks_sight
    assert chasm.crossing_cost() is None and chasm.impassable and not chasm.blocks_sight
    with pytest.raises(BoardError, match="cannot be opened"):
        sealed.opened()


def test_opening_stays_open_and_a_barricade_once_cleared_cannot_be_put_back():
    barricade = Edge.between("z1", "z2", "4/2/X", closed=True)
    cleared = barricade.opened()
    assert not cleared.closed and cleared.crossing_cost() == 2
    with pytest.raises(BoardError, match="cannot be closed"):
        cleared.shut()
    with pytest.raises(BoardError, match="open already"):
        cleared.opened()


def test_wear_persists_until_the_cost_is_paid_and_is_used_up_by_opening():
    door = Edge.between("z1", "z2", "4/0/4", closed=True, label="Bunker door")
    worn = door.worn("open").worn("open", 2)
    assert (worn.open_left, worn.left_text, worn.crossing_cost()) == (1, "1/0/4", 1)
    forced = worn.worn("open", 5)  # worn to nothing: the door is forced open
    assert (forced.closed, forced.worn_open) == (False, 0)
    with pytest.raises(BoardError, match="open already"):
        forced.worn("open")
    shut_by_wear = forced.worn("close", 4)
    assert shut_by_wear.closed and shut_by_wear.worn_close == 0
    with pytest.raises(BoardError, match="paid already"):
        Edge.between("z1", "z2", "X/1/X").worn("traverse").worn("traverse")
    opened = worn.opened()
    assert (opened.worn_open, opened.closed) == (0, False)
    assert opened.shut().open_left == 4  # slammed shut again: forced again from the start


def test_work_goes_on_the_side_of_the_edge_it_can():
    door = Edge.between("z1", "z2", "1/0/1", closed=True)
    with pytest.raises(BoardError, match="opened before"):
        door.worn("traverse")
    with pytest.raises(BoardError, match="closed already"):
        door.worn("close")
    with pytest.raises(BoardError, match="open already"):
        door.opened().worn("open")
    with pytest.raises(BoardError, match="X"):
        Edge.between("z1", "z2", "X/4/X").worn("close")
    assert Edge.between("z1", "z2", "X/4/X").worn("traverse").traverse_left == 3


def test_wear_past_a_cost_in_a_file_is_refused():
    with pytest.raises(ValidationError, match="cannot be worn down by 3"):
        Edge(a="z1", b="z2", open_cost=2, traverse=0, close_cost=2, closed=True, worn_open=3)
    with pytest.raises(ValidationError, match="cannot be worn down"):
        Edge(a="z1", b="z2", traverse=0, worn_open=1)


def test_an_edge_names_its_zones_in_one_order_and_never_one_zone_twice():
    assert Edge.model_validate({"a": "z9", "b": "z1"}).pair == ("z1", "z9")
    assert Edge.between("z9", "z1", "1/0/1").pair == ("z1", "z9")
    with pytest.raises(ValidationError, match="two different zones"):
        Edge(a="z1", b="z1")


@pytest.mark.parametrize("label", ["Ogre[/]", "[@click=app.quit]x[/]", "Tür"])
def test_a_label_is_plain_text(label):
    assert Edge.between("z1", "z2", "1/0/1", label=label).label == label


@pytest.mark.parametrize("label", ["a\x1b]0;pwned\x07", "x\u202ey", "a\nb", "x" * 31])
def test_a_label_that_would_steer_the_terminal_or_is_too_long_is_refused(label):
    with pytest.raises(ValidationError):
        Edge.between("z1", "z2", "1/0/1", label=label)


def test_messages_speak_german_too():
    set_language("de")
    try:
        with pytest.raises(EdgeNotationError, match="öffnen/durchqueren/schließen"):
            parse_costs("1/0")
        with pytest.raises(BoardError, match="Durchqueren"):
            Edge.between("z1", "z2", "X/0/X").worn("traverse")
    finally:
        set_language("en")


# -- edges on the board --------------------------------------------------------------


def z(key: str, col: int, row: int) -> Zone:
    return Zone(key=key, name=key.upper(), col=col, row=row)


def bunker() -> Board:
    """Four zones, three edges::

        a |door, closed| b ~wire~ c
                         |
                         d   (b-d: no edge)
    """
    board = Board(zones=(z("a", 0, 0), z("b", 1, 0), z("c", 2, 0), z("d", 1, 1)))
    board = board.with_edge(Edge.between("a", "b", "1/0/1", closed=True, label="Door"))
    return board.with_edge(Edge.between("b", "c", "X/4/X", label="Wire"))


def test_a_closed_edge_blocks_sight_and_movement_and_an_open_wire_only_slows():
    board = bunker()
    assert board.distance("a", "c") == 2  # the board itself: cards touching
    assert board.sight_distance("a", "c") is None
    assert board.sight_distance("b", "c") == 1  # wire: seen through
    assert board.walk_path("a", "b") is None
    assert board.walk_path("b", "c") == ("b", "c")
    assert board.within_sight("b", 1) == ("b", "c", "d")
    opened = board.with_edge(board.edge("a", "b").opened())
    assert opened.sight_distance("a", "c") == 2 and opened.walk_path("a", "d") == ("a", "b", "d")


def test_an_impassable_open_edge_lets_fire_through_but_no_one_across():
    board = bunker().with_edge(Edge(a="c", b="b", open_cost=None, traverse=None, close_cost=None, label="Chasm"))
    assert board.sight_distance("b", "c") == 1
    assert board.walk_path("b", "c") is None
    assert board.walk_path("d", "c") is None


def test_an_edge_stands_only_between_zones_that_touch_and_once():
    board = bunker()
    with pytest.raises(BoardError, match="do not touch") as caught:
        board.with_edge(Edge.between("a", "d", "1/0/1"))
    one_line(caught)
    with pytest.raises(ValidationError, match="two edges"):
        Board(zones=board.zones, edges=(*board.edges, Edge.between("b", "a", "4/0/4")))
    with pytest.raises(ValidationError, match="no zone with the id q"):
        Board(zones=board.zones, edges=(Edge.between("a", "q", "1/0/1"),))
    replaced = board.with_edge(Edge.between("b", "a", "4/0/4", closed=True))
    assert len(replaced.edges) == 2 and replaced.edge("a", "b").notation == "4/0/4"


def test_edges_follow_their_zones_when_the_board_shifts_or_loses_a_card():
    board = bunker().place(z("e", -1, 0))  # every card moves one right; keys, and so edges, stay
    assert board.zone("a").col == 1 and board.edge("a", "b").label == "Door"
    smaller = board.remove("c")
    assert smaller.edge("b", "c") is None and len(smaller.edges) == 1
    assert smaller.without_edge("a", "b").edges == ()
    with pytest.raises(BoardError, match="no edge between A and D"):
        smaller.without_edge("a", "d")


def test_a_board_with_edges_saves_and_reads_back_the_same():
    board = bunker().with_edge(Edge.between("a", "b", "2/0/1", closed=True, label="Door").worn("open"))
    text = dump_toml({"board": board.model_dump(mode="json", exclude_defaults=True)})
    assert "worn_open = 1" in text
    assert Board.model_validate(parse_toml(text, "x.toml")["board"]) == board
