"""The event PDF and the result slips show names in any script: Latin, Greek, Cyrillic and CJK,
each character drawn from an embedded font whose cmap has it (no .notdef boxes)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from reportlab.pdfbase import pdfmetrics

from scoring.exports.fonts import font_chains
from tests.conftest import need
from tests.scoring.builders import HandBuilt
from tests.scoring.pdfreader import decode_stream, read_pdf

pytestmark = pytest.mark.django_db

LONG = "Maximilian Alexander Konstantin von Hohenzollern-Sigmaringen"  # 60 characters
_POPPLER = bool(shutil.which("pdftotext") and shutil.which("pdffonts"))
NAMES = ["山田 太郎", "王小明", "Γιώργος Παπαδόπουλος", "Иван Петров", LONG, "Ann"]


@pytest.fixture
def world_field() -> HandBuilt:
    need("poppler-utils (pdftotext, pdffonts; `make fonts` installs them)", _POPPLER)
    cache.clear()
    ev = HandBuilt(NAMES, name="MSO 世界 Open")
    ev.round(
        1,
        [
            (NAMES[0], NAMES[1], "1-0", 12, 9),
            (NAMES[2], NAMES[3], "1/2-1/2", 10, 10),
            (NAMES[4], NAMES[5], "0-1", 7, 11),
        ],
    )
    return ev


def _get(client: Client, name: str, *args: object) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("application/pdf")
    return response.content


def _text(pdf: bytes, tmp_path: Path) -> str:
    """The PDF's text by poppler, in drawing order, with line breaks (wrapped cells) as spaces."""
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    return re.sub(r"\s+", " ", out)


def _fonts(pdf: bytes, tmp_path: Path) -> list[tuple[str, bool]]:
    """(base font name, embedded) for every font poppler finds in the PDF."""
    path = tmp_path / "fonts.pdf"
    path.write_bytes(pdf)
    lines = subprocess.run(
        ["pdffonts", str(path)], capture_output=True, check=True, text=True
    ).stdout.splitlines()[2:]
    return [(line.split()[0], " yes " in line) for line in lines]


def _assert_only_embedded_fonts_show_text(pdf: bytes, tmp_path: Path) -> None:
    """Every font that shows text is embedded. reportlab declares Helvetica (/F1) on every
    page as the canvas's starting font; it must show nothing."""
    fonts = _fonts(pdf, tmp_path)
    assert all(embedded for name, embedded in fonts if name != "Helvetica"), fonts
    for m in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)\s*endstream", pdf, re.S):
        content = decode_stream(m.group(1), m.group(2))
        for shown_in_f1 in re.findall(rb"/F1 [\d.]+ Tf(.*?)(?:Tf|$)", content, re.S):
            assert b"Tj" not in shown_in_f1 and b"TJ" not in shown_in_f1


def _assert_every_glyph_covered(text: str) -> None:
    """Each run goes to a font whose own cmap has every one of its characters."""
    regular, bold = font_chains()
    for chain in (regular, bold):
        for font_name, part in chain.runs(text):
            cmap = pdfmetrics.getFont(font_name).face.charToGlyph
            missing = [c for c in part if ord(c) not in cmap]
            assert not missing, f"{font_name} has no glyph for {missing} in {text!r}"


def test_event_pdf_shows_names_in_every_script(
    client: Client, world_field: HandBuilt, tmp_path: Path
) -> None:
    pdf = _get(client, "export-event-pdf", world_field.event.slug)
    summary = read_pdf(pdf)
    assert summary.pages == summary.declared_pages >= 3
    text = _text(pdf, tmp_path)
    for name in NAMES + ["MSO 世界 Open"]:
        assert name in text, name
        _assert_every_glyph_covered(name)
    _assert_only_embedded_fonts_show_text(pdf, tmp_path)
    fonts = _fonts(pdf, tmp_path)
    assert any("DroidSansFallback" in name for name, _ in fonts), fonts  # the CJK runs
    assert any("DejaVuSans" in name for name, _ in fonts), fonts


def test_long_names_wrap_inside_their_column_and_games_stays_one_word(
    client: Client, world_field: HandBuilt, tmp_path: Path
) -> None:
    path = tmp_path / "event.pdf"
    path.write_bytes(_get(client, "export-event-pdf", world_field.event.slug))
    # -bbox-layout: every word with its box. A name running over its column is drawn over the
    # next cell's text: two words on one line whose boxes overlap.
    html = subprocess.run(
        ["pdftotext", "-bbox-layout", str(path), "-"], capture_output=True, check=True, text=True
    ).stdout
    word = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)</word>')
    pages = html.split("<page ")[1:]
    assert len(pages) >= 3
    for number, page in enumerate(pages, 1):
        words = [(float(x0), float(y0), float(x1), w) for x0, y0, x1, w in word.findall(page)]
        for i, (x0, y0, x1, w) in enumerate(words):
            for a0, b0, a1, v in words[i + 1 :]:
                if abs(y0 - b0) < 2 and x0 < a1 - 0.5 and a0 < x1 - 0.5:
                    raise AssertionError(f"page {number}: {w!r} runs into {v!r}")
    # Headers on one line each, not "Game" over "s" or "Ra" over "nk".
    standings = [w for *_, w in word.findall(pages[1])]
    assert "Games" in standings and "Rank" in standings, standings
    crosstable = [w for *_, w in word.findall(pages[2])]
    assert "Rank" in crosstable, crosstable


def test_result_slips_show_names_in_every_script(
    client: Client, world_field: HandBuilt, tmp_path: Path
) -> None:
    pdf = _get(client, "export-slips", world_field.event.slug, 1)
    text = _text(pdf, tmp_path)
    for name in NAMES[:4]:
        assert name in text, name
    assert "MSO 世界 Open" in text
    assert LONG[:20] in text  # cut short to fit the slip
    _assert_only_embedded_fonts_show_text(pdf, tmp_path)
    fonts = _fonts(pdf, tmp_path)
    assert any("DroidSansFallback" in name for name, _ in fonts), fonts


def test_event_pdf_follows_the_readers_language(
    client: Client, world_field: HandBuilt, tmp_path: Path
) -> None:
    url = reverse("export-event-pdf", args=[world_field.event.slug])
    english = _text(client.get(url).content, tmp_path)
    german = _text(client.get(url, headers={"accept-language": "de"}).content, tmp_path)
    assert "Round 1: pairings" in english and "Crosstable" in english
    for words in ("Runde 1: Paarungen", "Kreuztabelle", "Anzug", "Seite 1"):
        assert words in german, words
    assert "Round 1: pairings" not in german and "Crosstable" not in german
    for name in NAMES:  # the names stay as they were entered
        assert name in german, name


def test_result_slips_follow_the_readers_language(
    client: Client, world_field: HandBuilt, tmp_path: Path
) -> None:
    url = reverse("export-slips", args=[world_field.event.slug, 1])
    german = _text(client.get(url, headers={"accept-language": "de"}).content, tmp_path)
    for words in ("Runde 1 · Brett 1", "Ergebnis (eines ankreuzen):", "Unterschrift Anzug"):
        assert words in german, words
    english = _text(client.get(url).content, tmp_path)
    assert "Round 1 · Board 1" in english and "Result (tick one):" in english
