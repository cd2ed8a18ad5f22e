"""Every export of an event at tables of 4 (10 players: tables of 4, 3 and 3): the pairings CSV
and JSON seat by seat with placings and VP, the PDF's tables, a result slip per table with every
seat, the game records' index, and TRF refused with a clear message (CSV/JSON offered)."""

import csv
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.exports import selectors as export_selectors
from scoring.exports.pairings import pairings_csv
from scoring.exports.records import games_zip
from scoring.exports.trf import event_trf
from tests.conftest import need
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    director_of,
)
from tests.result_calls import record_table_game_result, set_table_result
from tests.scoring.pdfreader import page_count
from tournament.models.events import Board, Event, Round
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.django_db

POPPLER = bool(shutil.which("pdftotext"))


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


@pytest.fixture
def fours() -> tuple[Event, list[Board]]:
    """Round 1 published: table 1 (P1-P4) and table 2 (P5-P7) decided by the director, table 3
    (P8-P10) sent by its game and waiting for the replay check."""
    event = EventFactory(name="Standard Fours 2026", ruleset="standard", table_size=4)
    user = director_of(event)
    entries = [
        EntryFactory(event=event, player=PlayerFactory(name=f"P{n}"), starting_rank=n).pk
        for n in range(1, 11)
    ]
    rnd = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    tables = [Table(entries[0:4]), Table(entries[4:7]), Table(entries[7:10])]
    boards = seat_boards(rnd, tables, first_number=1)
    set_table_result(
        board=boards[0], user=user, reason="slip", levels=[[9, 11], [12, 12], [9, 11], [5, 14]]
    )  # placings 2, 1, 2, 4
    set_table_result(board=boards[1], user=user, reason="slip", levels=[[7, 8], [10, 10], [6, 12]])
    record_table_game_result(board=boards[2], levels=[[8, 9], [8, 9], [4, 5]], placings=[1, 1, 3])
    return event, boards


def get(client: Client, name: str, *args: object, status: int = 200) -> Any:
    response = client.get(reverse(name, args=args))
    assert response.status_code == status, response.content[:500]
    return response


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    return re.sub(r"\s+", " ", out)


def test_pairings_csv_has_every_seat_with_placings_and_vp(
    client: Client, fours: tuple[Event, list[Board]]
) -> None:
    event, _ = fours
    body = get(client, "export-pairings-csv", event.slug).content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))

    assert [(r["Board"], r["Seat"], r["Player"]) for r in rows] == [
        ("1", "1", "P1"),
        ("1", "2", "P2"),
        ("1", "3", "P3"),
        ("1", "4", "P4"),
        ("2", "1", "P5"),
        ("2", "2", "P6"),
        ("2", "3", "P7"),
        ("3", "1", "P8"),
        ("3", "2", "P9"),
        ("3", "3", "P10"),
    ]
    first = rows[:4]
    assert [r["Placing"] for r in first] == ["2", "1", "2", "4"]
    assert [r["Lowest"] for r in first] == ["9", "12", "9", "5"]
    assert [r["Next lowest"] for r in first] == ["11", "12", "11", "14"]
    assert [float(r["VP"]) for r in first] == [0.5, 1.0, 0.5, 0.0]
    assert {r["Result"] for r in first} == {"table"}
    assert [r["Placing"] for r in rows[4:7]] == ["2", "1", "3"]
    assert [float(r["VP"]) for r in rows[4:7]] == [0.5, 1.0, 0.0]
    # The game's result waits for its replay check: shown as provisional, nothing more.
    assert {(r["Placing"], r["VP"], r["Result"], r["Status"]) for r in rows[7:]} == {
        ("", "", "", "provisional")
    }


def test_pairings_json_holds_whole_tables(client: Client, fours: tuple[Event, list[Board]]) -> None:
    event, _ = fours
    data = json.loads(get(client, "export-pairings-json", event.slug).content)

    assert (data["ruleset"], data["table_size"]) == ("standard", 4)
    assert [len(b["seats"]) for b in data["boards"]] == [4, 3, 3]
    table = data["boards"][0]
    assert (table["round"], table["board"], table["table"], table["result"]) == (
        1,
        1,
        True,
        "table",
    )
    assert [s["name"] for s in table["seats"]] == ["P1", "P2", "P3", "P4"]
    assert [s["placing"] for s in table["seats"]] == [2, 1, 2, 4]
    assert [s["vp"] for s in table["seats"]] == [0.5, 1.0, 0.5, 0.0]
    pending = data["boards"][2]
    assert pending["status"] == "provisional"
    assert [s["placing"] for s in pending["seats"]] == [None, None, None]


def test_pairings_leave_out_unpublished_rounds(
    client: Client, fours: tuple[Event, list[Board]]
) -> None:
    event, boards = fours
    draft = RoundFactory(event=event, number=2, status=Round.Status.DRAFT)
    seat_boards(draft, [Table([s.entry_id for s in boards[0].seats.all()])], first_number=1)

    data = json.loads(get(client, "export-pairings-json", event.slug).content)

    assert {b["round"] for b in data["boards"]} == {1}


def test_the_pdf_lists_each_table_seat_by_seat(
    client: Client, fours: tuple[Event, list[Board]], tmp_path: Path
) -> None:
    need("poppler-utils (pdftotext; `make fonts` installs it)", POPPLER)
    event, _ = fours
    pdf = get(client, "export-event-pdf", event.slug).content

    text = pdf_text(pdf, tmp_path)

    assert "Standard, tables of 4" in text
    assert "Round 1: tables" in text
    assert "Seat 4" in text
    assert "P1 (2) P2 (1) P3 (2) P4 (4) placings" in text
    assert "P5 (2) P6 (1) P7 (3) placings" in text
    assert "P8 P9 P10 provisional" in text


def test_a_slip_per_table_with_every_seat(
    client: Client, fours: tuple[Event, list[Board]], tmp_path: Path
) -> None:
    event, _ = fours
    pdf = get(client, "export-slips", event.slug, 1).content

    assert page_count(pdf) == 1  # three tables, three slips to a page
    need("poppler-utils (pdftotext; `make fonts` installs it)", POPPLER)
    text = pdf_text(pdf, tmp_path)
    for number in (1, 2, 3):
        assert f"Round 1 · Table {number}" in text
    for name in [f"P{n} (#{n})" for n in range(1, 11)]:
        assert name in text
    assert text.count("placing") >= 10
    assert "Seat 4" in text


class _Record:
    def to_json(self) -> dict[str, Any]:
        return {"format": 1, "players": ["P1", "P2", "P3", "P4"], "actions": []}

    def to_text(self) -> str:
        return "[Ruleset standard]\n"


def test_the_game_records_index_names_every_seat(fours: tuple[Event, list[Board]]) -> None:
    event, _ = fours
    boards = export_selectors.public_boards(event)

    data = games_zip(event, [(boards[0], _Record()), (boards[2], _Record())])

    archive = zipfile.ZipFile(io.BytesIO(data))
    index = json.loads(archive.read(f"{event.slug}/index.json"))
    decided, pending = index["games"]
    assert decided["seats"] == ["P1", "P2", "P3", "P4"]
    assert (decided["result"], decided["placings"]) == ("table", [2, 1, 2, 4])
    assert pending["seats"] == ["P8", "P9", "P10"]
    assert (pending["result"], pending["placings"]) == ("", [])


def test_trf_is_refused_for_tables_and_csv_json_offered(
    client: Client, fours: tuple[Event, list[Board]]
) -> None:
    event, _ = fours
    page = get(client, "event-exports", event.slug).content.decode()
    assert "TRF has no tables: use CSV or JSON" in page
    assert reverse("export-event-trf", args=[event.slug]) not in page
    assert reverse("export-pairings-csv", args=[event.slug]) in page
    assert reverse("export-pairings-json", args=[event.slug]) in page

    for query in ("", "?version=2026"):
        response = client.get(reverse("export-event-trf", args=[event.slug]) + query)
        assert response.status_code == 400
        body = response.content.decode()
        assert "TRF has no tables: use CSV or JSON" in body
        assert reverse("export-pairings-csv", args=[event.slug]) in body
        assert "attachment" not in response.get("Content-Disposition", "")
    with pytest.raises(ValueError, match="TRF has no tables"):
        event_trf(event, _standings_stub())


def _standings_stub() -> Any:
    from scoring.standings.sheet import Standings

    return Standings(event_id=0, chain=(), rounds=(), lines=(), pairings=(), computed_at="")


def test_a_two_player_event_keeps_its_trf_and_gets_pairings_too(client: Client) -> None:
    event = EventFactory(name="MSO Pairs")
    board = BoardFactory(round=RoundFactory(event=event), result="1-0")
    page = get(client, "event-exports", event.slug).content.decode()
    assert reverse("export-event-trf", args=[event.slug]) in page
    assert "TRF has no tables" not in page
    get(client, "export-event-trf", event.slug)

    body = get(client, "export-pairings-csv", event.slug).content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [(r["Seat"], r["Player"], r["Result"]) for r in rows] == [
        ("1", board.sides[0].player.name, "1-0"),
        ("2", board.sides[1].player.name, "1-0"),
    ]


def test_exports_read_the_seats_in_a_fixed_number_of_queries(
    fours: tuple[Event, list[Board]], django_assert_max_num_queries: Any
) -> None:
    event, _ = fours
    with django_assert_max_num_queries(2):
        boards = export_selectors.public_boards(event)
        pairings_csv(boards)
