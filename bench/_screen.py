"""Just enough of a terminal to read a screen back from the bytes an app
writes: absolute and relative cursor moves, text, line breaks; colours
and every other sequence are passed over. The apps send only the cells
that change (``tui.ui.shell.shadow``), so a word on screen can only be
read from a screen kept up to date, not from the byte stream.

Not a benchmark itself (run_all.py runs only the scripts it names).
"""

from __future__ import annotations

import codecs
import re

_SEQUENCE = re.compile(r"\x1b(?:\[([0-9;?<>=]*)([ -/]*[@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[P^_][^\x1b]*\x1b\\|[()][0-9A-Za-z]|[@-Z\\-_])")


class Screen:
    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        self._pending = ""
        position = 0
        while position < len(text):
            escape = text.find("\x1b", position)
            plain = text[position:] if escape < 0 else text[position:escape]
            self._write(plain)
            if escape < 0:
                return
            found = _SEQUENCE.match(text, escape)
            if found is None:
                self._pending = text[escape:]  # cut off mid-sequence: the rest comes with the next chunk
                return
            if found[2] is not None:
                self._csi(found[1], found[2])
            position = found.end()

    def _csi(self, params: str, final: str) -> None:
        if params[:1] in ("?", "<", ">", "="):
            return  # private modes and queries: nothing drawn
        numbers = [int(p) if p else 0 for p in params.split(";")] if params else []
        first = numbers[0] if numbers else 0
        if final in "Hf":
            self.y = max(1, first or 1) - 1
            self.x = max(1, numbers[1] if len(numbers) > 1 and numbers[1] else 1) - 1
        elif final == "A":
            self.y = max(0, self.y - max(1, first))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + max(1, first))
        elif final == "C":
            self.x = min(self.columns - 1, self.x + max(1, first))
        elif final == "D":
            self.x = max(0, self.x - max(1, first))
        elif final == "G":
            self.x = max(1, first or 1) - 1
        elif final == "J" and first == 2:
            self.cells = [[" "] * self.columns for _ in range(self.rows)]

    def _write(self, text: str) -> None:
        for ch in text:
            if ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.y = min(self.rows - 1, self.y + 1)
            elif ch >= " ":
                if 0 <= self.y < self.rows and 0 <= self.x < self.columns:
                    self.cells[self.y][self.x] = ch
                self.x += 1

    def line(self, number: int) -> str:
        return "".join(self.cells[number])

    def text(self) -> str:
        return "\n".join(self.line(n) for n in range(self.rows))


__all__ = ["Screen"]
