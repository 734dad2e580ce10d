"""``masscombat report --html / --png / --public`` (issue 33): the page to a
file or a pipe, the pictures into a folder, each refusal one line; the
command never imports textual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_cli import english, run  # noqa: F401  (english: the autouse fixture, for this module too)
from tui.core.files.places import find_example

ROOT = Path(__file__).resolve().parent.parent


def test_the_page_goes_to_the_file_asked_for_and_says_so(capsys, tmp_path):
    demo = str(find_example("the-stolen-lands"))
    battle = Path(demo).with_suffix("") / "the-stolen-lands-b1.toml"
    target = tmp_path / "page" / "b1.html"
    code, out, err = run(capsys, "report", str(battle), "--html", "-o", str(target))
    assert (code, err) == (0, "") and out.startswith(f"wrote {target} (") and out.endswith(" KB)\n")
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "GM's copy" in html and "Restov Lancers" in html
    code, out, err = run(capsys, "report", str(battle), "--html", "--public", "-o", str(target), "--lang", "de")
    assert code == 0 and "Ausgabe für die Spieler" in target.read_text(encoding="utf-8")


def test_the_page_pipes_to_stdout_when_it_is_not_a_terminal(capsys):
    code, out, err = run(capsys, "report", str(find_example("ghoul-strike")), "--html")
    assert (code, err) == (0, "") and out.startswith("<!DOCTYPE html>") and out.endswith("</html>\n")


def test_the_pictures_go_into_the_folder_one_png_each(capsys, tmp_path):
    battle = Path(str(find_example("nightjar"))).with_suffix("") / "nightjar-b1.toml"
    code, out, err = run(capsys, "report", str(battle), "--png", str(tmp_path / "pngs"), "--public")
    names = sorted(p.name for p in (tmp_path / "pngs").iterdir())
    assert (code, err) == (0, "") and out == f"wrote {len(names)} pictures into {tmp_path / 'pngs'}\n"
    assert names == ["nightjar-b1-public-01-moment.png", "nightjar-b1-public-02-moment.png", "nightjar-b1-public-chart-1.png"]
    assert all((tmp_path / "pngs" / n).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for n in names)


def test_without_the_extra_png_asks_for_it_in_one_line_and_writes_nothing(capsys, tmp_path, monkeypatch):
    import tui.core.report.png as png

    monkeypatch.setattr(png, "available", lambda: False)
    code, out, err = run(capsys, "report", str(find_example("ghoul-strike")), "--png", str(tmp_path / "pngs"))
    assert (code, out) == (1, "") and err == 'PNG pictures need the report extra: pip install "masscombat[report]"\n'
    assert not (tmp_path / "pngs").exists()


def test_refusals_are_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "report", str(find_example("ghoul-strike")), "--public")
    assert (code, out) == (2, "") and err == "--public is for the page or the pictures: add --html or --png DIR\n"
    code, out, err = run(capsys, "report", str(tmp_path / "nope.toml"), "--html")
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith(str(tmp_path / "nope.toml"))
    code, out, err = run(capsys, "report", str(find_example("the-zone-war")), "--html")
    assert code == 1 and out == "" and "campaign" in err and err.count("\n") == 1
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, out, err = run(capsys, "report", str(find_example("ghoul-strike")), "--png", str(blocker / "in"))
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith(str(blocker / "in"))
    code, out, err = run(capsys, "report", str(find_example("ghoul-strike")), "--html", "-o", str(blocker / "x.html"))
    assert code == 1 and out == "" and err.count("\n") == 1


def test_the_page_and_pictures_never_import_textual(tmp_path):
    script = (
        "import sys\n"
        "from tui.cli import main\n"
        f"assert main(['report', {str(find_example('ghoul-strike'))!r}, '--html', '--png', {str(tmp_path)!r}, '-o', {str(tmp_path / 'p.html')!r}]) == 0\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "p.html").is_file() and len(list(tmp_path.glob("*.png"))) >= 2
