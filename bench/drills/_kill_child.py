"""The process the kill drill kills: it opens a battle as the app does
(lock, stale temps removed, session backup, a journal left by the last
kill folded in) and changes and saves it as fast as it can, saying
``begin N`` before each save and ``done N`` after, where N is the log's
cursor in the file being written. Saves are journal lines, and every
fifth one rewrites the whole file, so kills land in both.

    python bench/drills/_kill_child.py SAVE
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from tui.core.files import journal
from tui.core.files.storage import open_session

journal.FOLD_EVERY = 5


def step(battle, turn: int) -> None:
    """One more saved change: a Mass Combat army renamed (the log grows), or
    a Fate battle's last step undone and redone (the cursor moves)."""
    rename = getattr(battle, "rename", None)
    if rename is not None:
        rename(turn % 2, f"Side {turn}")
    elif turn % 2 == 0 and battle.can_undo or not battle.can_redo:
        battle.undo()
    else:
        battle.redo()


def main() -> None:
    session = open_session(Path(sys.argv[1]), read_only_if_locked=False)
    turn = 0
    while True:
        turn += 1
        step(session.battle, turn)
        cursor = session.battle.history.cursor
        print(f"begin {cursor} {len(session.battle.history.events)}", flush=True)
        session.save()
        print(f"done {cursor} {len(session.battle.history.events)}", flush=True)


if __name__ == "__main__":
    main()
