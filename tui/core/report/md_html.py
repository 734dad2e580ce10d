"""The GM's Markdown report as HTML, for the page: the little Markdown the
reports write (headings, lists, tables, code blocks, bold and italics),
with every backslash escape ``md_text`` put on user text honoured.

Every character of the text reaches the page escaped: a name like
``<img src=x onerror=…>`` or ``[x](javascript:…)`` stays text (the
reports write no links and no raw HTML, so none is ever made here).
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from tui.core.records import printable

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^(\s*)[-*]\s+(.*)$")
_NUMBERED = re.compile(r"^\d+\.\s+(.*)$")
_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _html(value: str) -> str:
    # not svg.text: that writes out control characters, and the placeholders
    # below are NULs (the whole text went through printable already)
    return escape(value, {'"': "&quot;"})


def inline(value: str) -> str:
    """One line's text: escapes honoured, then bold, italics and code."""
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match[1])
        return f"\x00{len(kept) - 1}\x00"

    value = _ESCAPED.sub(keep, value)
    value = _html(value)
    value = _CODE.sub(lambda m: f"<code>{m[1]}</code>", value)
    value = _STRONG.sub(lambda m: f"<strong>{m[1]}</strong>", value)
    value = _EM.sub(lambda m: f"<em>{m[1]}</em>", value)
    return re.sub("\x00(\\d+)\x00", lambda m: _html(kept[int(m[1])]), value)


def _cells(line: str) -> list[str]:
    """A table row's cells, split at pipes that no backslash escapes."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", body)]


def _table(rows: list[str]) -> str:
    head, rule, *body = rows
    aligns = ["right" if cell.endswith(":") else "" for cell in _cells(rule)]

    def row(cells: list[str], tag: str) -> str:
        out = []
        for n, cell in enumerate(cells):
            align = ' class="num"' if n < len(aligns) and aligns[n] == "right" else ""
            out.append(f"<{tag}{align}>{inline(cell)}</{tag}>")
        return "<tr>" + "".join(out) + "</tr>"

    return '<div class="table"><table><thead>' + row(_cells(head), "th") + "</thead><tbody>" + "".join(row(_cells(r), "td") for r in body) + "</tbody></table></div>"


def _list(items: list[tuple[int, str]]) -> str:
    """Bullets, nested by their indent."""
    out = ["<ul>"]
    depth = [items[0][0]]
    for n, (indent, words) in enumerate(items):
        if n:
            if indent > depth[-1]:
                out.append("<ul>")
                depth.append(indent)
            else:
                out.append("</li>")
                while len(depth) > 1 and indent < depth[-1]:
                    out.append("</ul></li>")
                    depth.pop()
        out.append(f"<li>{inline(words)}")
    out.append("</li>" + "</ul></li>" * (len(depth) - 1) + "</ul>")
    return "".join(out)


def markdown_html(markdown: str, *, shift: int = 1) -> str:
    """``markdown`` as HTML; headings go ``shift`` levels down (the page has its own h1)."""
    lines = printable(markdown, lines=True).splitlines()
    out: list[str] = []
    n = 0
    while n < len(lines):
        line = lines[n]
        if line.startswith("```"):
            end = n + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            out.append("<pre>" + _html("\n".join(lines[n + 1 : end])) + "</pre>")
            n = end + 1
            continue
        heading = _HEADING.match(line)
        if heading:
            level = min(6, len(heading[1]) + shift)
            out.append(f"<h{level}>{inline(heading[2])}</h{level}>")
            n += 1
            continue
        if line.lstrip().startswith("|") and n + 1 < len(lines) and _RULE.match(lines[n + 1]):
            end = n + 2
            while end < len(lines) and lines[end].lstrip().startswith("|"):
                end += 1
            out.append(_table(lines[n:end]))
            n = end
            continue
        if _ITEM.match(line):
            items = []
            while n < len(lines) and (item := _ITEM.match(lines[n])):
                items.append((len(item[1]), item[2]))
                n += 1
            out.append(_list(items))
            continue
        if _NUMBERED.match(line):
            numbered = []
            while n < len(lines) and (item := _NUMBERED.match(lines[n])):
                numbered.append(f"<li>{inline(item[1])}</li>")
                n += 1
            out.append("<ol>" + "".join(numbered) + "</ol>")
            continue
        if not line.strip():
            n += 1
            continue
        para = []
        while n < len(lines) and lines[n].strip() and not _HEADING.match(lines[n]) and not _ITEM.match(lines[n]) and not _NUMBERED.match(lines[n]) and not lines[n].startswith(("```", "|")):
            para.append(inline(lines[n].strip()))
            n += 1
        out.append("<p>" + "<br>".join(para) + "</p>")
    return "\n".join(out)


__all__ = ["inline", "markdown_html"]
