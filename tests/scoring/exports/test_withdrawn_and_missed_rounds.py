"""Exports of an event with a late entrant and a withdrawn player: a missed round is no board in
the PDF; every standings export marks the withdrawn player; the TRF's ranks are unique and its
codes cover every public round of every player."""

import csv
import io
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.exports.trf import unique_ranks
from scoring.standings.build import build_standings
from tests.conftest import need
from tests.factories import PlayerFactory
from tests.scoring.builders import HandBuilt
from tests.tournament.helpers import event_with_players, play_round
from tournament.entries.services import add_entry, withdraw_entry
from tournament.models.events import Entry, Event
from tournament.pairing.trf import read_trf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

POPPLER = bool(shutil.which("pdftotext"))


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def get(client: Client, name: str, *args: object) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, response.content[:300]
    return response.content


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


def read_csv(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


@pytest.fixture
def late_and_withdrawn() -> tuple[Event, Entry, Entry]:
    """Six players, Swiss over four rounds: round 1 played; then Zora Late enters (her round 1
    missed, scored zero) and the sixth seed withdraws; round 2 played."""
    event, td = event_with_players(6, rounds=4, system="swiss")
    play_round(event, td)
    late = add_entry(event=event, user=td, player=PlayerFactory(name="Zora Late"))
    gone = event.entries.get(starting_rank=6)
    withdraw_entry(entry=gone, user=td)
    play_round(event, td)
    gone.refresh_from_db()
    return event, late, gone


def test_a_late_entrants_missed_round_is_no_board_in_the_pdf(
    client: Client, late_and_withdrawn: tuple[Event, Entry, Entry], tmp_path: Path
) -> None:
    need("poppler-utils (pdftotext; `make fonts` installs it)", POPPLER)
    event, late, _gone = late_and_withdrawn
    text = pdf_text(get(client, "export-event-pdf", event.slug), tmp_path)
    round_one = text[text.index("Round 1: pairings") : text.index("Round 2: pairings")]
    assert "(no opponent)" not in round_one
    assert round_one.count("Zora Late") == 1
    assert "Not playing this round: Zora Late (absent)." in round_one
    # Boards 1 to 3 are the games; the missed round took board 4, which is not printed.
    assert re.search(r"\b4 [A-Z]", round_one) is None


def test_the_pdf_marks_the_withdrawn_player_in_the_standings_and_the_crosstable(
    client: Client, late_and_withdrawn: tuple[Event, Entry, Entry], tmp_path: Path
) -> None:
    need("poppler-utils (pdftotext; `make fonts` installs it)", POPPLER)
    event, _late, gone = late_and_withdrawn
    text = pdf_text(get(client, "export-event-pdf", event.slug), tmp_path)
    standings = text[text.index("Standings") : text.index("Crosstable")]
    crosstable = text[text.index("Crosstable") :]
    assert f"{gone.player.name} (withdrawn)" in standings
    assert f"{gone.player.name} (withdrawn)" in crosstable
    assert text.count("(withdrawn)") == 2


def test_the_german_pdf_says_withdrawn_and_not_playing_in_german(
    late_and_withdrawn: tuple[Event, Entry, Entry], tmp_path: Path
) -> None:
    need("poppler-utils (pdftotext; `make fonts` installs it)", POPPLER)
    event, _late, gone = late_and_withdrawn
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    text = pdf_text(get(client, "export-event-pdf", event.slug), tmp_path)
    assert f"{gone.player.name} (zurückgezogen)" in text
    assert "In dieser Runde spielfrei: Zora Late (abwesend)." in text


def test_every_standings_csv_and_json_marks_the_withdrawn_player(
    client: Client, late_and_withdrawn: tuple[Event, Entry, Entry]
) -> None:
    event, _late, gone = late_and_withdrawn
    name = gone.player.name
    for export in ("export-standings-csv", "export-crosstable-csv", "export-placings-csv"):
        rows = read_csv(get(client, export, event.slug))
        marked = {r["Player"]: r["Withdrawn"] for r in rows}
        assert marked[name] == "yes", export
        assert [n for n, w in marked.items() if w] == [name], export
    for export, key in (
        ("export-standings-json", "standings"),
        ("export-crosstable-json", "crosstable"),
        ("export-placings-json", "placings"),
    ):
        rows = json.loads(get(client, export, event.slug))[key]
        assert [r["name"] for r in rows if r["withdrawn"]] == [name], export


def test_the_trf_codes_every_public_round_and_names_the_withdrawn_player(
    client: Client, late_and_withdrawn: tuple[Event, Entry, Entry]
) -> None:
    event, late, gone = late_and_withdrawn
    text = get(client, "export-event-trf", event.slug).decode()
    trf = read_trf(text)
    by_rank = {p.start_rank: p for p in trf.players}
    for player in trf.players:  # both public rounds coded for everyone, none left blank
        for rnd in (1, 2):
            game: Any = player.game(rnd)
            assert game is not None and game.result != " ", (player.name, rnd)
    withdrawn: Any = by_rank[gone.starting_rank].game(2)
    assert (withdrawn.opponent, withdrawn.colour, withdrawn.result) == (0, "-", "Z")
    missed: Any = by_rank[late.starting_rank].game(1)
    assert (missed.opponent, missed.result) == (0, "Z")
    line = next(ln for ln in text.splitlines() if ln.startswith(f"001 {gone.starting_rank:>4}"))
    assert line.endswith("0000 - Z")
    assert f"### withdrawn: {gone.starting_rank} {gone.player.name}" in text.splitlines()
    ranks = sorted(p.rank for p in trf.players if p.rank is not None)
    assert ranks == list(range(1, len(trf.players) + 1))


def tied_field() -> HandBuilt:
    """Two draws at 10-10: all four on ½ point, never all met, equal on every tie-break."""
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "1/2-1/2", 10, 10), ("C", "D", "1/2-1/2", 10, 10)])
    return ev


def test_trf_ranks_are_unique_and_ties_go_by_starting_rank(client: Client) -> None:
    ev = tied_field()
    table = build_standings(ev.event)
    assert {line.rank for line in table.lines} == {1}  # the standings share first place
    ranks = unique_ranks(table)
    assert [ranks[ev[n].pk] for n in "ABCD"] == [1, 2, 3, 4]
    for version in ("16", "2026"):
        response = client.get(
            reverse("export-event-trf", args=[ev.event.slug]), {"version": version}
        )
        trf = read_trf(response.content.decode())
        assert sorted(p.rank or 0 for p in trf.players) == [1, 2, 3, 4], version
        assert {p.name: p.rank for p in trf.players} == {"A": 1, "B": 2, "C": 3, "D": 4}


def test_trf_ranks_follow_the_tie_breaks_before_the_starting_rank(client: Client) -> None:
    # D beat C with the better levels: D ranks above C though C is the higher seed; A and B
    # drew 10-10 and stay tied, so the higher seed (A) comes first.
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "1/2-1/2", 10, 10), ("C", "D", "0-1", 6, 12)])
    trf = read_trf(get(client, "export-event-trf", ev.event.slug).decode())
    assert {p.name: p.rank for p in trf.players} == {"D": 1, "A": 2, "B": 3, "C": 4}


def test_every_standings_export_of_challenges_marks_the_withdrawn_player(
    client: Client, tmp_path: Path
) -> None:
    event, td = event_with_players(
        5,
        rounds=3,
        system="swiss",
        table_size=4,
        ruleset=Event.Ruleset.CHALLENGES,
        ruleset_options={"challenges": ["card", "dice", "tile"], "mode": "full"},
    )
    gone = event.entries.select_related("player").get(starting_rank=2)
    withdraw_entry(entry=gone, user=td)
    name = gone.player.name
    rows = read_csv(get(client, "challenge-standings-csv", event.slug))
    assert [r["Player"] for r in rows if r["Withdrawn"]] == [name]
    assert {r["Withdrawn"] for r in rows} == {"yes", ""}
    data = json.loads(get(client, "challenge-standings-json", event.slug))
    assert [r["name"] for r in data["standings"] if r["withdrawn"]] == [name]
    page = get(client, "challenge-standings", event.slug).decode()
    assert re.search(rf"{re.escape(name)} <span class=\"badge\">withdrawn</span>", page)
    need("poppler-utils (pdftotext; `make fonts` installs it)", POPPLER)
    text = pdf_text(get(client, "challenge-standings-pdf", event.slug), tmp_path)
    assert f"{name} (withdrawn)" in text
