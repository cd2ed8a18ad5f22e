"""The demo event of `manage.py seed_demo`: its standings, crosstable and every export."""

import csv
import io
import json
import zipfile

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.engine.loading import load_record
from tests.scoring.pdfreader import page_count
from tournament.demo import DEMO_EVENT_SLUG
from tournament.models.events import Event
from tournament.pairing.trf import read_trf

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(tasks_in_process: None) -> Event:
    call_command("seed_demo", stdout=io.StringIO())
    cache.clear()
    return Event.objects.get(slug=DEMO_EVENT_SLUG)


def get(client: Client, name: str, *args: object) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, name
    return response.content


def test_demo_event_shows_standings_and_a_crosstable(client: Client, demo: Event) -> None:
    entries = demo.entries.count()
    standings = get(client, "event-standings", demo.slug).decode()
    assert standings.count('class="player"') == entries
    crosstable = get(client, "event-crosstable", demo.slug).decode()
    assert crosstable.count('class="sticky-name"') == entries + 1  # and the heading
    assert '<th scope="col" class="round">R1</th>' in crosstable


def test_every_export_of_the_demo_event_reads_back(client: Client, demo: Event) -> None:
    entries = demo.entries.count()
    slug = demo.slug
    for name in ("export-standings-csv", "export-crosstable-csv"):
        rows = list(csv.DictReader(io.StringIO(get(client, name, slug).decode())))
        assert len(rows) == entries, name
    for name in ("export-standings-json", "export-crosstable-json", "export-placings-json"):
        body = json.loads(get(client, name, slug))
        assert body["event"]["slug"] == slug, name
    # The placings list the field: the entries that played a game (none counted yet here).
    played = sum(
        1
        for row in json.loads(get(client, "export-standings-json", slug))["standings"]
        if row["games_played"]
    )
    placings = list(csv.DictReader(io.StringIO(get(client, "export-placings-csv", slug).decode())))
    assert len(placings) == played
    assert json.loads(get(client, "export-placings-json", slug))["field_size"] == played
    assert page_count(get(client, "export-event-pdf", slug)) >= 3
    round_one = demo.round_set.get(number=1)
    slips = -(-round_one.boards.filter(seats__number=1).count() // 3)
    assert page_count(get(client, "export-slips", slug, 1)) == slips
    archive = zipfile.ZipFile(io.BytesIO(get(client, "export-games-zip", slug)))
    records = [n for n in archive.namelist() if n.endswith(".json") and "/round-" in n]
    assert records
    for name in records:
        load_record(archive.read(name))
        load_record(archive.read(name.replace(".json", ".txt")).decode())
    trf = read_trf(get(client, "export-event-trf", slug).decode())
    assert len(trf.players) == entries
