"""``python -m tui`` and the ``masscombat`` console script."""

from __future__ import annotations

from tui.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
