"""English and German everywhere: every string marked for translation has good German, and the
pages, the API and the services' refusals answer in the visitor's language (English by default).

The completeness check runs Django's own `makemessages -l de` over a copy of the project, so a
string added to a template or an app without German fails here, by name, before it ships.
"""

import ast
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

from games.errors import engine_message
from tests.conftest import need
from tests.factories import (
    EntryFactory,
    EventCreatorFactory,
    EventFactory,
    director_of,
)

BASE = Path(settings.BASE_DIR)
PO = BASE / "locale" / "de" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
# What makemessages reads: the pages and the three floors (tests and benches are not shown).
SOURCES = ("templates", "tournament", "games", "scoring")
MSGFMT = Path("/usr/bin/msgfmt")


@dataclass
class Message:
    """One entry of a .po file."""

    msgid: str = ""
    context: str | None = None
    plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def name(self) -> str:
        return f"{self.msgid!r}" + (f" (context {self.context!r})" if self.context else "")


def read_po(text: str) -> list[Message]:
    """The entries of a .po file, obsolete ones (#~) left out; the header is the empty msgid."""
    messages: list[Message] = []
    current: Message | None = None
    target: tuple[str, int] = ("msgid", 0)

    def finish() -> None:
        nonlocal current
        if current is not None:
            messages.append(current)
        current = None

    for line in text.splitlines():
        if not line.strip():
            finish()
            continue
        if line.startswith("#~"):
            continue
        if current is None:
            current = Message()
        if line.startswith("#,"):
            current.fuzzy = current.fuzzy or "fuzzy" in line
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        value = ast.literal_eval(rest)
        if keyword == "msgctxt":
            current.context, target = value, ("msgctxt", 0)
        elif keyword == "msgid":
            current.msgid, target = value, ("msgid", 0)
        elif keyword == "msgid_plural":
            current.plural, target = value, ("msgid_plural", 0)
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if "[" in keyword else 0
            current.msgstr[index], target = value, ("msgstr", index)
        elif target[0] == "msgctxt":
            current.context = (current.context or "") + value
        elif target[0] == "msgid":
            current.msgid += value
        elif target[0] == "msgid_plural":
            current.plural = (current.plural or "") + value
        else:
            current.msgstr[target[1]] += value
    finish()
    return messages


def problems_of(messages: list[Message]) -> list[str]:
    """Every entry that would show English (or a guess) on a German page."""
    problems = []
    for message in messages:
        if not message.msgid:
            continue
        if message.fuzzy:
            problems.append(f"{message.name} is fuzzy (a guess): check and confirm its German")
        elif not message.msgstr or not all(message.msgstr.values()):
            problems.append(f"{message.name} has no German")
    return problems


def test_the_reader_finds_missing_fuzzy_and_plural_translations() -> None:
    text = (
        'msgid ""\nmsgstr "Language: de\\n"\n\n'
        'msgid "Board"\nmsgstr "Brett"\n\n'
        '#, fuzzy, python-format\nmsgid "Round %(n)s"\nmsgstr "Runde"\n\n'
        'msgctxt "step"\nmsgid "Next"\nmsgstr ""\n\n'
        'msgid "%(n)s move"\nmsgid_plural "%(n)s moves"\nmsgstr[0] "%(n)s Zug"\nmsgstr[1] ""\n\n'
        'msgid ""\n"Two "\n"lines"\nmsgstr ""\n"Zwei "\n"Zeilen"\n\n'
        '#~ msgid "Gone"\n#~ msgstr ""\n'
    )
    messages = read_po(text)
    assert [m.msgid for m in messages] == [
        "",
        "Board",
        "Round %(n)s",
        "Next",
        "%(n)s move",
        "Two lines",
    ]
    assert messages[5].msgstr == {0: "Zwei Zeilen"}
    assert problems_of(messages) == [
        "'Round %(n)s' is fuzzy (a guess): check and confirm its German",
        "'Next' (context 'step') has no German",
        "'%(n)s move' has no German",
    ]


@pytest.fixture(scope="module")
def regenerated_po(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Message]]:
    """`makemessages -l de` over a copy of the project, merged with the German we keep."""
    need(
        "GNU gettext (xgettext, msgmerge; `make test` installs it)", bool(shutil.which("xgettext"))
    )
    copy = tmp_path_factory.mktemp("messages")
    for name in SOURCES:
        shutil.copytree(
            BASE / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    shutil.copytree(BASE / "locale", copy / "locale", ignore=shutil.ignore_patterns("*.mo"))
    # makemessages writes into the first of LOCALE_PATHS and walks the working directory.
    with override_settings(LOCALE_PATHS=[copy / "locale"]):
        previous = Path.cwd()
        try:
            os.chdir(copy)
            call_command("makemessages", locale=["de"], no_obsolete=True, verbosity=0)
        finally:
            os.chdir(previous)
    yield read_po((copy / "locale" / "de" / "LC_MESSAGES" / "django.po").read_text())


def test_every_string_of_the_pages_and_apps_has_german(regenerated_po: list[Message]) -> None:
    # Hundreds of strings: the templates' headings and buttons, the forms, the services' refusals.
    assert len(regenerated_po) > 300
    problems = problems_of(regenerated_po)
    assert not problems, (
        f"{len(problems)} string(s) would show in English on German pages; translate them in "
        f"{PO.relative_to(BASE)} (`manage.py makemessages -l de`, then compilemessages):\n"
        + "\n".join(problems)
    )


def test_makemessages_finds_the_pairing_cores_notes(regenerated_po: list[Message]) -> None:
    # The pure core imports no Django: it marks its templates with note() and note_n(), which
    # the project's makemessages gives xgettext as keywords (else they would go unchecked).
    found = {m.msgid: m for m in regenerated_po}
    assert "top half v bottom half" in found
    assert "bye: #%(rank)s, the lowest-ranked player without a bye" in found
    counted = found["%(count)s repeated table-mate pair"]
    assert counted.plural == "%(count)s repeated table-mate pairs"
    assert "requested bye (%(points)s) in round %(round)s" in found  # marked in a Django module


def test_the_kept_german_catalogue_is_complete_and_its_placeholders_match() -> None:
    problems = problems_of(read_po(PO.read_text()))
    assert not problems, "\n".join(problems)
    need("GNU gettext's msgfmt (`make test` installs it)", MSGFMT.exists())
    # --check: every %(name)s of an English string is in its German, and the header is sound.
    checked = subprocess.run(
        [str(MSGFMT), "--check", "-o", "/dev/null", str(PO)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


@pytest.fixture(autouse=False)
def german_catalogue() -> Iterator[None]:
    """The compiled German (`make test` compiles it first); rebuilt here when the .po is newer."""
    if not MO.exists() or MO.stat().st_mtime < PO.stat().st_mtime:
        need("GNU gettext's msgfmt (`make test` installs it)", MSGFMT.exists())
        call_command(
            "compilemessages", locale=["de"], ignore_patterns=[".venv", "var"], verbosity=0
        )
        trans_real._translations = {}
    yield
    translation.activate(settings.LANGUAGE_CODE)


def page_text(client: Client, url: str, **extra: str) -> str:
    response = client.get(url, **extra)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.usefixtures("german_catalogue")
class TestTheSiteSpeaksTheVisitorsLanguage:
    def test_english_by_default(self, client: Client) -> None:
        html = page_text(client, "/")
        assert '<html lang="en-gb">' in html
        assert "Ingenious events" in html and "Ingenious-Turniere" not in html

    def test_german_from_the_browsers_accept_language(self, client: Client) -> None:
        html = page_text(client, "/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
        assert '<html lang="de">' in html
        assert "Ingenious-Turniere" in html and "Ingenious events" not in html
        # The switch offers both languages, each named in its own language.
        assert ">Sprache</label>" in html
        assert ">English</option>" in html and ">Deutsch</option>" in html

    def test_the_switch_keeps_german_and_goes_back_to_english(self, client: Client) -> None:
        event = EventFactory()
        EntryFactory(event=event)
        url = reverse("event-detail", args=[event.slug])
        response = client.post(reverse("set_language"), {"language": "de", "next": url})
        assert response.status_code == 302 and response["Location"] == url
        html = page_text(client, url)
        assert "<h2>Spieler</h2>" in html and "<h2>Players</h2>" not in html
        assert "Regeln" in html and "Feinwertungen" in html
        # A choice stored as a code is shown in German: the event's status.
        assert '<span class="badge">Anmeldung</span>' in html
        client.post(reverse("set_language"), {"language": "en-gb", "next": url})
        html = page_text(client, url)
        assert "<h2>Players</h2>" in html and "Regeln" not in html

    def test_the_standings_page_in_german(self, client: Client) -> None:
        event = EventFactory()
        EntryFactory(event=event)
        url = reverse("event-standings", args=[event.slug])
        german = page_text(client, url, HTTP_ACCEPT_LANGUAGE="de")
        assert "<h1>Tabelle</h1>" in german and ">Rang</th>" in german
        assert "Noch keine Runde veröffentlicht" in german
        english = page_text(client, url)
        assert "<h1>Standings</h1>" in english and ">Rank</th>" in english

    def test_a_service_refusal_in_german_and_english(self, client: Client) -> None:
        EventFactory(name="MSO Ingenious 2026")
        client.force_login(EventCreatorFactory())
        url, body = reverse("api-event-list"), {"name": "mso ingenious 2026"}
        refused = client.post(url, body, content_type="application/json")
        assert refused.status_code == 400
        assert refused.json()["detail"] == (
            "There is already an event called 'mso ingenious 2026': give this one another "
            "name (add the year or the venue, say)."
        )
        refused = client.post(url, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")
        assert refused.status_code == 400
        assert refused.json() == {
            "detail": "Es gibt bereits ein Turnier namens 'mso ingenious 2026': Geben Sie diesem "
            "einen anderen Namen (etwa mit Jahr oder Ort).",
            "code": "invalid",
            "field": "name",
        }

    def test_a_refusal_on_a_page_in_german(self, client: Client) -> None:
        event = EventFactory()
        director = director_of(event)
        client.force_login(director)  # type: ignore[arg-type]
        client.post(reverse("set_language"), {"language": "de", "next": "/"})
        url = reverse("event-roles", args=[event.slug])
        response = client.post(url, {"username": "nobody-here", "role": "arbiter"})
        html = response.content.decode()
        assert "Es gibt keinen Benutzer &#x27;nobody-here&#x27;." in html, html


@pytest.mark.usefixtures("german_catalogue")
def test_an_engine_refusal_is_worded_by_its_code_in_german_and_left_as_is_in_english() -> None:
    detail = "H8 is the red start symbol"
    with translation.override("en-gb"):
        assert engine_message("CELL_OCCUPIED", detail) == detail
    with translation.override("de"):
        # No internal code (CELL_OCCUPIED) shows; the engine's own detail names the cell.
        assert engine_message("CELL_OCCUPIED", detail) == f"Dieses Feld ist schon belegt ({detail})"
        assert engine_message("SOMETHING_NEW", detail).startswith(
            "Das Regelprogramm hat die Aktion abgelehnt"
        )


def test_a_seat_is_a_sitz_in_german_never_a_platz() -> None:
    """One meaning per name: in German "Platz" is a placing ("erster Platz": first place), so a
    seat at the table is a "Sitz" ("Ada (Platz 1)" read as Ada in first place)."""
    mixed = [
        message.name
        for message in read_po(PO.read_text())
        if re.search(r"\bseats?\b", message.msgid, re.IGNORECASE)
        and any(re.search(r"Platz(?!ierung)|Plätze", text) for text in message.msgstr.values())
    ]
    assert mixed == []
