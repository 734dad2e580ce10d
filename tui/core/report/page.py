"""The report as one HTML page: the battle at each moment that mattered,
each side's strength over it, every roll with its odds as a bar, the story,
and (the GM's copy) the whole written report.

One file with everything inline: no script, no web font, no link, no
image fetched; it opens offline in any browser, light or dark as the
reader's browser is. Every id on the page is unique (each picture's ids
start with its own prefix).
"""

from __future__ import annotations

from dataclasses import replace

from tui.core.i18n import t
from tui.core.panel import RollPanel
from tui.core.report.chart import chart_svg
from tui.core.report.gather import Gathered
from tui.core.report.md_html import markdown_html
from tui.core.report.picture import panel_svg
from tui.core.report.svg import DARK, LIGHT, Canvas, palette_css, side_class, text

BAR_W = 320

CSS = """
:root{color-scheme:light dark;--bg:#ffffff;--ink:#1d232b;--muted:#5d6975;--rule:#c9d1d9;--card:#f4f6f8}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--ink:#e6edf3;--muted:#9aa7b4;--rule:#3b4550;--card:#161b22}}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,'Segoe UI','DejaVu Sans',Roboto,sans-serif}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
h1{margin:.2rem 0}h2{margin-top:2.2rem;border-bottom:1px solid var(--rule)}
.muted{color:var(--muted)}
figure{margin:1rem 0;overflow-x:auto}
figure svg{width:100%;height:auto;border-radius:6px}.roll svg{max-width:100%;height:auto}
.copy{display:inline-block;padding:.1rem .5rem;border:1px solid var(--rule);border-radius:1rem;font-size:.85rem}
.roll{border-left:3px solid var(--rule);padding:.2rem .8rem;margin:.8rem 0;background:var(--card)}
.roll p{margin:.2rem 0}
.story{padding-left:1.2rem}
.table{overflow-x:auto}table{border-collapse:collapse;margin:.6rem 0}
th,td{border:1px solid var(--rule);padding:.2rem .5rem;text-align:left;vertical-align:top}
.num{text-align:right}
pre,code{font-family:'DejaVu Sans Mono','Cascadia Mono',Menlo,Consolas,monospace;font-size:.9rem}
pre{background:var(--card);padding:.6rem;overflow-x:auto}
footer{margin-top:3rem;color:var(--muted);font-size:.85rem}
"""


def bar_svg(roll: RollPanel, prefix: str) -> str:
    """A roll's odds as one bar of its outcomes, each as wide as it was likely."""
    canvas = Canvas(prefix=prefix, label=roll.odds or roll.title, width=BAR_W, height=14)
    x = 0.0
    neutral = iter(("muted", "rule", "rule"))
    for n, chance in enumerate(roll.chances):
        w = chance.value * BAR_W
        if chance.side >= 0:
            cls = side_class(chance.side)
        elif n == 0:
            cls = "side2"  # a success comes first
        else:
            cls = next(neutral, "rule")
        if w > 0:
            canvas.add(f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="14" class="mc-{cls}"><title>{text(chance.label)} {chance.value:.0%}</title></rect>')
        x += w
    return canvas.svg(least=False)


def _roll(roll: RollPanel, prefix: str) -> str:
    parts = [f'<div class="roll"><p><strong>{text(roll.title)}</strong></p>']
    parts.extend(f"<p>{text(line)}</p>" for line in roll.lines)
    if roll.chances:
        parts.append(f"<p>{bar_svg(roll, prefix)}</p>")
    if roll.odds:
        parts.append(f'<p class="muted">{text(roll.odds)}</p>')
    parts.append("</div>")
    return "".join(parts)


def pictures(report: Gathered) -> list[tuple[str, str]]:
    """Each picture of the report on its own (for a PNG): a file name
    (without suffix) and the standalone SVG."""
    found = []
    for n, moment in enumerate(report.moments, 1):
        # a picture posted alone says which battle it is
        found.append((f"{n:02d}-moment", panel_svg(moment.panel, f"moment-{n}", f"{report.title} · {moment.label}", standalone=True)))
    for n, chart in enumerate(report.charts, 1):
        found.append((f"chart-{n}", chart_svg(replace(chart, title=f"{report.title} · {chart.title}"), f"chart-{n}", standalone=True)))
    return found


def page(report: Gathered) -> str:
    """The whole page."""
    copy = t("report.copy.public") if report.public else t("report.copy.gm")
    head = (
        f'<!DOCTYPE html>\n<html lang="{text(report.language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="color-scheme" content="light dark">\n'
        f"<title>{text(report.title)}</title>\n<style>{CSS}{palette_css(LIGHT)}"
        f"@media (prefers-color-scheme:dark){{{palette_css(DARK)}}}</style>\n</head>\n<body>\n<main>\n"
    )
    body = [f"<header><h1>{text(report.title)}</h1>", f'<p class="muted">{text(report.system_name)} · <span class="copy">{text(copy)}</span></p>']
    if report.moments:
        body.append(f"<p>{text(report.moments[-1].panel.headline)}</p>")
    body.append("</header>")
    if report.charts:
        body.append(f'<section id="strength"><h2>{text(t("report.strength"))}</h2>')
        for n, chart in enumerate(report.charts, 1):
            body.append(f"<figure>{chart_svg(chart, f'chart-{n}')}</figure>")
        body.append("</section>")
    before = -1
    for n, moment in enumerate(report.moments, 1):
        rolls, story = report.between(before, moment.step)
        before = moment.step
        body.append(f'<section id="moment-{n}-part"><h2>{text(moment.label)}</h2>')
        if story:
            body.append('<ul class="story">' + "".join(f"<li>{text(line)}</li>" for _, line in story) + "</ul>")
        for r, (_, roll) in enumerate(rolls, 1):
            body.append(_roll(roll, f"roll-{n}-{r}"))
        body.append(f"<figure>{panel_svg(moment.panel, f'moment-{n}', moment.label, titled=False)}</figure>")
        body.append("</section>")
    if report.report:
        body.append(f'<section id="written"><h2>{text(t("report.written"))}</h2>{markdown_html(report.report, shift=2)}</section>')
    body.append(f"<footer>{text(t('report.footer'))}</footer>")
    return head + "\n".join(body) + "\n</main>\n</body>\n</html>\n"


__all__ = ["bar_svg", "page", "pictures"]
