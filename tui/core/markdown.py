"""User text inside a Markdown report: shown as written, never as markup.

A GM's names travel in shared saves; in a report rendered by a wiki or a
chat, ``<img src=x onerror=...>`` or ``[x](javascript:...)`` must stay
text, and ``*`` or ``#`` must not turn a name bold or into a heading.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")
"""CommonMark lets a backslash escape any ASCII punctuation; these are the
characters that start markup anywhere in a line: emphasis, code, links and
images, HTML tags and entities, headings, table cells, strikethrough."""
_LEADING = re.compile(r"^(\s*)([-+=]|\d+(?=[.)]))")
"""What starts a list item or an underline only at the start of a text."""


def md_text(text: str) -> str:
    """``text`` with every character that could start Markdown or HTML escaped
    (a link needs ``[``, a tag ``<``: with those escaped, the rest stays plain)."""
    escaped = _SPECIAL.sub(r"\\\1", text)
    return _LEADING.sub(lambda m: m[1] + ("\\" + m[2] if not m[2][0].isdigit() else m[2] + "\\"), escaped, count=1)


__all__ = ["md_text"]
