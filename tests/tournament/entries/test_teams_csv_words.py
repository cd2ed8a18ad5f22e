"""The entries page of a partnership event says what its CSV import takes, a team a line with
the partner's columns, and counts teams when they are imported; a players' event says players."""

import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, director_of
from tournament.entries.teams import parse_teams_csv
from tournament.models.events import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

TEAMS = """name,club,partner,partner_club
Ines Silva,Lisbon,Rafael Novak,Lisbon
Mei Chen,Oxford,Anders Berg,Oxford
Zofia Mensah,Warsaw,Kwame Rossi,Warsaw
Lucia Iyer,Milano,Arjun Jensen,Milano
"""


def director_client(event: Event, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(director_of(event))
    return client


def help_section(client: Client, event: Event) -> str:
    page = client.get(reverse("event-entries", args=[event.slug])).content.decode()
    start = page.index('class="card csv-help"')
    return page[start : page.index("</section>", start)]


def help_text(client: Client, event: Event) -> str:
    return re.sub(r"\s+", " ", help_section(client, event))


def test_the_teams_help_says_a_team_a_line_and_names_the_partner_column() -> None:
    event = EventFactory(ruleset="partnership", table_size=4)
    text = help_text(director_client(event, "en"), event)
    assert "then one team a line" in text
    assert "one player a line" not in text
    assert "<code>partner</code>" in text and "<code>partner_family</code>" in text
    assert "name and partner, and optionally" in text  # the file field's own help
    # The example in the help is a file the importer takes: two teams.
    section = help_section(director_client(event, "en"), event)
    example = re.search(r'<pre class="csv-example">(.*?)</pre>', section, flags=re.S)
    assert example is not None
    assert len(parse_teams_csv(example.group(1) + "\n")) == 2
    german = help_text(director_client(event, "de"), event)
    assert "dann ein Team pro Zeile" in german and "ein Spieler pro Zeile" not in german


def test_a_players_event_keeps_its_players_help() -> None:
    event = EventFactory()
    text = help_text(director_client(event, "en"), event)
    assert "then one player a line" in text and "one team a line" not in text
    assert "contact, family." in text


@pytest.mark.parametrize(
    ("language", "flash"),
    [("en", "4 teams imported and entered."), ("de", "4 Teams importiert und gemeldet.")],
)
def test_importing_teams_counts_teams(language: str, flash: str) -> None:
    event = EventFactory(ruleset="partnership", table_size=4)
    client = director_client(event, language)
    upload = SimpleUploadedFile("teams.csv", TEAMS.encode(), content_type="text/csv")
    response: Any = client.post(
        reverse("event-import", args=[event.slug]), {"file": upload}, follow=True
    )
    assert response.status_code == 200
    assert event.entries.count() == 4
    assert flash in response.content.decode()


def test_importing_one_player_says_player() -> None:
    event = EventFactory()
    client = director_client(event, "en")
    upload = SimpleUploadedFile("p.csv", b"name,club\nAda Byron,Leeds\n", content_type="text/csv")
    response = client.post(
        reverse("event-import", args=[event.slug]), {"file": upload}, follow=True
    )
    assert "1 player imported and entered." in response.content.decode()
