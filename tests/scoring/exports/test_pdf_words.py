"""The event PDF dates the event as the reader's language does (Django's date formats: German
with the day's dot and the month's name), never with English month abbreviations in German."""

import datetime
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import need
from tests.scoring.builders import HandBuilt

pytestmark = pytest.mark.django_db


def pdf_text(client: Client, slug: str, tmp_path: Path) -> str:
    cache.clear()
    response = client.get(reverse("export-event-pdf", args=[slug]))
    assert response.status_code == 200
    path = tmp_path / "event.pdf"
    path.write_bytes(response.content)
    out = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    return re.sub(r"\s+", " ", out)


def test_the_pdf_dates_the_event_in_the_readers_language(tmp_path: Path) -> None:
    need("poppler-utils (pdftotext; `make fonts` installs it)", bool(shutil.which("pdftotext")))
    ev = HandBuilt(
        "AB",
        venue="JW3, London",
        start_date=datetime.date(2026, 8, 20),
        end_date=datetime.date(2026, 8, 21),
    )
    ev.round(1, [("A", "B", "1-0", 12, 9)])
    german = pdf_text(Client(HTTP_ACCEPT_LANGUAGE="de"), ev.event.slug, tmp_path)
    assert "JW3, London · 20. August 2026 – 21. August 2026" in german
    assert "Aug 2026" not in german
    english = pdf_text(Client(HTTP_ACCEPT_LANGUAGE="en"), ev.event.slug, tmp_path)
    assert "JW3, London · 20 Aug 2026 – 21 Aug 2026" in english
