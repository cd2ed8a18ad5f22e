"""Exports treat what users typed as text: no ReportLab markup in the event PDF (which could
read a server file into it), no spreadsheet formulas in the CSV files."""

import csv
import io
import re
import tempfile
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from PIL import Image

from tests.scoring.builders import HandBuilt
from tests.scoring.pdfreader import decode_stream, page_count

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


_SHOWN = re.compile(rb"\(((?:[^()\\]|\\.)*)\)\s*Tj", re.S)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|.)", re.S)


def _unescape(raw: bytes) -> bytes:
    def one(m: re.Match[bytes]) -> bytes:
        code = m.group(1)
        if code[:1].isdigit():
            return bytes([int(code, 8) & 0xFF])
        return {b"n": b"\n", b"r": b"\r", b"t": b"\t"}.get(code, code)

    return _ESCAPE.sub(one, raw)


def shown_text(pdf: bytes) -> str:
    """Every string the pages show (Tj), run together. reportlab keeps ASCII as it is, also in
    its TrueType subsets, which is all these tests look for."""
    shown = []
    for m in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)\s*endstream", pdf, re.S):
        content = decode_stream(m.group(1), m.group(2))
        shown += [_unescape(s) for s in _SHOWN.findall(content)]
    return b"".join(shown).decode("latin-1")


def event_pdf(client: Client, ev: HandBuilt) -> bytes:
    response = client.get(reverse("export-event-pdf", args=[ev.event.slug]))
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("application/pdf")
    return response.content


def test_player_names_in_the_event_pdf_are_text_not_markup(client: Client) -> None:
    bold, passwd = "<b>bold", '<img src="/etc/passwd"/>'
    ev = HandBuilt([bold, passwd, "Ann & Co", "Dan"], name="<font size=40>Open</font> & more")
    ev.round(1, [(bold, passwd, "1-0", 12, 9), ("Ann & Co", "Dan", "0-1", 7, 11)])
    pdf = event_pdf(client, ev)
    assert page_count(pdf) >= 3
    text = shown_text(pdf)
    for literal in (bold, passwd, "Ann & Co", "<font size=40>Open</font> & more"):
        assert literal in text, literal
    assert "&amp;" not in text and "&lt;" not in text  # escaped once, shown as typed
    assert b"root:" not in pdf and "root:" not in text


def test_an_img_tag_in_a_name_reads_no_file_into_the_pdf(client: Client) -> None:
    """Before the fix an image a player's name pointed at was embedded in the public PDF."""
    with tempfile.NamedTemporaryFile(suffix=".png", dir="/tmp") as secret:
        Image.new("RGB", (4, 4), (200, 0, 0)).save(secret, format="PNG")
        secret.flush()
        name = f'<img src="{secret.name}" width="20" height="20"/>'
        ev = HandBuilt([name, "Bob"])
        ev.round(1, [(name, "Bob", "1-0", 12, 9)])
        pdf = event_pdf(client, ev)
    assert b"/Subtype /Image" not in pdf
    # The name is shown as text; a long one wraps in its column at a space that depends on the
    # random file name's glyph widths, so compare without the spaces.
    assert name.replace(" ", "") in shown_text(pdf).replace(" ", "")


def read_csv(client: Client, url_name: str, ev: HandBuilt) -> list[dict[str, str]]:
    response = client.get(reverse(url_name, args=[ev.event.slug]))
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def test_csv_exports_keep_typed_cells_from_being_formulas_and_numbers_numbers(
    client: Client,
) -> None:
    # A name cannot start with a tab any more (a control character: refused when entered,
    # tests/tournament/reading/test_control_characters.py), so the fifth is a formula too.
    names = ['=HYPERLINK("http://x")', "+44 Club", "-minus", "@SUM(A1)", "=1+2 Team", "Plain"]
    ev = HandBuilt(names)
    tricky = ev[names[0]].player
    tricky.club, tricky.country = "=1+1", "@UK"
    tricky.save()
    ev.round(
        1,
        [
            (names[0], names[1], "1-0", 14, 8),
            (names[2], names[3], "0-1", 6, 12),
            (names[4], names[5], "1/2-1/2", 10, 10),
        ],
    )
    standings = {r["Player"]: r for r in read_csv(client, "export-standings-csv", ev)}
    assert set(standings) == {"'" + n for n in names[:5]} | {"Plain"}
    first = standings["'" + names[0]]
    assert (first["Club"], first["Country"]) == ("'=1+1", "'@UK")
    assert standings["'+44 Club"]["Club"] == "Club +44 Club"  # not at the start: left alone
    # Numbers stay numbers, negative ones too.
    assert standings["'+44 Club"]["Progressive difference"] == "-6"
    assert standings["'-minus"]["Progressive difference"] == "-6"
    assert first["VP"] == "1" and first["Progressive difference"] == "6"

    crosstable = {r["Player"]: r for r in read_csv(client, "export-crosstable-csv", ev)}
    assert set(crosstable) == set(standings)
    placings = {r["Player"]: r for r in read_csv(client, "export-placings-csv", ev)}
    assert set(placings) == set(standings)
    assert (placings["'" + names[0]]["Club"], placings["'" + names[0]]["Country"]) == (
        "'=1+1",
        "'@UK",
    )
