"""Every export downloaded through its URL and read back: CSV parsed, JSON parsed, PDF pages
counted, the zip's records loaded by the engine, the TRF read by the pairing package's reader."""

import csv
import io
import json
import zipfile
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.engine.loading import load_record
from games.engine.randomgame import random_game
from games.recording.services import import_record
from games.recording.setup import game_for_board
from tests.factories import arbiter_of
from tests.scoring.builders import HandBuilt, rulebook_example, swiss_field
from tests.scoring.pdfreader import page_count, read_pdf
from tournament.models.events import Round
from tournament.pairing.trf import read_trf

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def download(client: Client, name: str, *args: object, content_type: str) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith(content_type)
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return response.content


def read_csv(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


@pytest.fixture
def shared_places() -> HandBuilt:
    """A and B share first (never met, same wins); C and D share third; E is last."""
    ev = HandBuilt(["Ann", "Bob", "Cat", "Dan", "Eve"])
    ev.round(
        1,
        [
            ("Ann", "Cat", "1-0", 12, 9),
            ("Bob", "Dan", "1-0", 12, 9),
            ("Eve", None, "absent", None, None),
        ],
    )
    return ev


def test_standings_csv_and_json(client: Client) -> None:
    ev = rulebook_example()
    rows = read_csv(
        download(client, "export-standings-csv", ev.event.slug, content_type="text/csv")
    )
    assert [r["Player"] for r in rows] == ["C", "A", "B", "D"]
    assert [r["Rank"] for r in rows] == ["1", "2", "3", "4"]
    assert rows[1]["VP"] == "2" and rows[2]["VP"] == "1.5"
    assert rows[1]["Progressive difference"] == "7" and rows[0]["Results between"] == "1"
    assert rows[1]["Progressive level"] == "33" and rows[1]["Games"] == "3"

    body = json.loads(
        download(client, "export-standings-json", ev.event.slug, content_type="application/json")
    )
    assert body["event"]["slug"] == ev.event.slug and body["event"]["rounds_public"] == [1, 2, 3]
    assert [t["key"] for t in body["tiebreaks"]] == [
        "results_between",
        "progressive_difference",
        "progressive_level",
    ]
    first = body["standings"][0]
    assert (first["rank"], first["name"], first["vp"]) == (1, "C", 2.0)
    assert first["tiebreaks"] == {
        "results_between": 1.0,
        "progressive_difference": 3.0,
        "progressive_level": 32.0,
    }
    assert body["field_size"] == 4


def test_crosstable_csv_and_json(client: Client) -> None:
    ev = rulebook_example()
    rows = read_csv(
        download(client, "export-crosstable-csv", ev.event.slug, content_type="text/csv")
    )
    a = next(r for r in rows if r["Player"] == "A")
    assert (a["R1 opponent"], a["R1 first"], a["R1 result"]) == ("3", "yes", "1")
    assert (a["R1 own lowest"], a["R1 opp lowest"]) == ("12", "9")
    assert (a["R2 opponent"], a["R2 result"], a["R2 own lowest"]) == ("1", "0", "8")
    c = next(r for r in rows if r["Player"] == "C")
    assert (c["R1 result"], c["R2 first"], c["VP"]) == ("0.5", "no", "2")

    body = json.loads(
        download(client, "export-crosstable-json", ev.event.slug, content_type="application/json")
    )
    assert body["rounds"] == [1, 2, 3]
    line = next(x for x in body["crosstable"] if x["name"] == "A")
    r1 = line["rounds"][0]
    assert r1["opponent"] == ev["B"].pk and r1["opponent_name"] == "B"
    assert (r1["moved_first"], r1["points"], r1["own_lowest"], r1["opp_lowest"]) == (
        True,
        1.0,
        12,
        9,
    )


def test_crosstable_csv_with_byes_forfeits_and_held_results(client: Client) -> None:
    ev = HandBuilt("ABCDE")
    ev.round(
        1,
        [("A", "B", "1-0", 10, 8), ("C", "D", "+/-", None, None), ("E", None, "bye", None, None)],
    )
    ev.round(2, [("A", "C", "1-0", 12, 3), ("E", "B", "", None, None)], held=[1])
    rows = {
        r["Player"]: r
        for r in read_csv(
            download(client, "export-crosstable-csv", ev.event.slug, content_type="text/csv")
        )
    }
    assert (rows["C"]["R1 result"], rows["D"]["R1 result"]) == ("+", "-")
    assert (rows["E"]["R1 opponent"], rows["E"]["R1 result"]) == ("bye", "1")
    assert (rows["A"]["R2 result"], rows["E"]["R2 result"]) == ("held", "pending")
    assert rows["D"]["R2 opponent"] == ""  # no board in round 2


def test_placings_csv_and_json_share_places_and_give_the_field_size(
    client: Client, shared_places: HandBuilt
) -> None:
    """Eve was absent and played no game: no part of the field (scoring/core/field.py), so
    no place, and Cat and Dan share 3-4 of a field of 4."""
    slug = shared_places.event.slug
    rows = read_csv(download(client, "export-placings-csv", slug, content_type="text/csv"))
    places = {r["Player"]: (r["Place"], r["Place from"], r["Place to"]) for r in rows}
    assert places == {
        "Ann": ("1-2", "1", "2"),
        "Bob": ("1-2", "1", "2"),
        "Cat": ("3-4", "3", "4"),
        "Dan": ("3-4", "3", "4"),
    }
    assert {r["Field size"] for r in rows} == {"4"}

    body = json.loads(
        download(client, "export-placings-json", slug, content_type="application/json")
    )
    assert body["field_size"] == 4
    ann = next(p for p in body["placings"] if p["name"] == "Ann")
    assert (ann["place"], ann["shared"], ann["field_size"], ann["vp"]) == ("1-2", True, 4, 1.0)
    assert "Eve" not in {p["name"] for p in body["placings"]}
    standings = json.loads(
        download(client, "export-standings-json", slug, content_type="application/json")
    )
    assert standings["field_size"] == 4  # the same rule
    assert len(standings["standings"]) == 5  # the standings still list Eve


def test_event_pdf_has_pairings_standings_and_crosstable_pages(client: Client) -> None:
    ev = rulebook_example()
    pdf = download(client, "export-event-pdf", ev.event.slug, content_type="application/pdf")
    summary = read_pdf(pdf)
    assert summary.pages == summary.declared_pages == 3  # pairings, standings, crosstable
    assert summary.title == f"{ev.event.name}: results"
    assert summary.streams >= 3


def test_event_pdf_of_a_large_field_runs_over_more_pages(client: Client) -> None:
    ev = swiss_field(60, rounds=5)
    pdf = download(client, "export-event-pdf", ev.event.slug, content_type="application/pdf")
    assert page_count(pdf) > 3


def test_event_pdf_before_any_round_is_published(client: Client) -> None:
    ev = HandBuilt(["Łukasz Żółć", "Zoë"])
    pdf = download(client, "export-event-pdf", ev.event.slug, content_type="application/pdf")
    assert page_count(pdf) == 3


def test_result_slips_one_per_board_with_the_boards_live_page(client: Client) -> None:
    ev = swiss_field(14, rounds=1)  # 7 boards: three pages of three slips
    ev.round(2, [("P000", None, "bye", None, None)])
    pdf = download(client, "export-slips", ev.event.slug, 1, content_type="application/pdf")
    summary = read_pdf(pdf)
    assert summary.pages == summary.declared_pages == 3
    boards = ev.rounds[1].boards.order_by("number")
    expected = [f"http://testserver{reverse('game-board', args=[b.pk])}" for b in boards]
    assert summary.uris == expected
    # A round with only a bye still gives a (one-page) PDF that says so.
    assert (
        page_count(
            download(client, "export-slips", ev.event.slug, 2, content_type="application/pdf")
        )
        == 1
    )


def test_slips_of_a_draft_round_are_for_arbiters_only(client: Client) -> None:
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "", None, None), ("C", "D", "", None, None)], status=Round.Status.DRAFT)
    url = reverse("export-slips", args=[ev.event.slug, 1])
    assert client.get(url).status_code == 404
    client.force_login(arbiter_of(ev.event))
    response = client.get(url)
    assert response.status_code == 200 and page_count(response.content) == 1
    assert client.get(reverse("export-slips", args=[ev.event.slug, 9])).status_code == 404


def test_games_zip_holds_every_record_in_both_forms(
    client: Client, django_capture_on_commit_callbacks: Any, tasks_in_process: None
) -> None:
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "", None, None), ("C", "D", "", None, None)])
    arbiter = arbiter_of(ev.event)
    finished = game_for_board(ev.board(1, 1))
    played = random_game("mso", "board", seed=3)
    with django_capture_on_commit_callbacks(execute=True):  # the replay check passes
        import_record(game=finished, user=arbiter, source=played.to_json())
    game_for_board(ev.board(1, 2))  # not started: an empty record

    data = download(client, "export-games-zip", ev.event.slug, content_type="application/zip")
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.testzip() is None
    names = set(archive.namelist())
    stem = f"{ev.event.slug}/round-01"
    assert {f"{stem}/board-01.json", f"{stem}/board-01.txt", f"{stem}/board-02.json"} <= names
    from_json = load_record(archive.read(f"{stem}/board-01.json"))
    from_text = load_record(archive.read(f"{stem}/board-01.txt").decode())
    assert from_json.actions == from_text.actions
    assert [a for a in from_json.actions if a["type"] == "place"] == [
        a for a in played.actions if a["type"] == "place"
    ]
    assert from_json.players == ["A", "B"]
    empty = load_record(archive.read(f"{stem}/board-02.json"))
    assert empty.actions == [] and empty.players == ["C", "D"]
    index = json.loads(archive.read(f"{ev.event.slug}/index.json"))
    assert [(g["round"], g["board"], g["first"]) for g in index["games"]] == [
        (1, 1, "A"),
        (1, 2, "C"),
    ]
    assert index["games"][0]["result"] in {"1-0", "0-1", "1/2-1/2"}


def test_games_zip_leaves_out_unpublished_rounds(client: Client) -> None:
    ev = HandBuilt("AB")
    ev.round(1, [("A", "B", "", None, None)])
    game_for_board(ev.board(1, 1))
    Round.objects.filter(pk=ev.rounds[1].pk).update(status=Round.Status.DRAFT)
    data = download(client, "export-games-zip", ev.event.slug, content_type="application/zip")
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names == [f"{ev.event.slug}/index.json"]


def test_trf_is_read_back_by_the_pairing_packages_reader(client: Client) -> None:
    ev = HandBuilt("ABCDE")
    ev.round(
        1,
        [("A", "B", "1-0", 12, 9), ("C", "D", "+/-", None, None), ("E", None, "bye", None, None)],
    )
    ev.round(
        2,
        [
            ("B", "C", "1/2-1/2", 10, 10),
            ("D", "E", "0-1", 6, 11),
            ("A", None, "half-bye", None, None),
        ],
    )
    ev.round(3, [("A", "C", "", None, None)], status=Round.Status.PLAYING)
    text = download(client, "export-event-trf", ev.event.slug, content_type="text/plain").decode()
    trf = read_trf(text)
    assert trf.record("012") == ev.event.name
    assert trf.total_rounds == ev.event.rounds
    by_rank = {p.start_rank: p for p in trf.players}
    a, b, c, d, e = (by_rank[ev[n].starting_rank] for n in "ABCDE")
    assert (a.name, a.points, a.rank, e.points, e.rank, c.points, c.rank) == (
        "A",
        1.5,
        2,
        2.0,
        1,
        1.5,
        3,
    )
    g = a.game(1)
    assert g is not None and (g.opponent, g.colour, g.result) == (b.start_rank, "w", "1")
    assert a.game(2) is not None and a.game(2).result == "H"  # type: ignore[union-attr]
    assert a.game(3) is not None and a.game(3).result == " "  # type: ignore[union-attr]
    assert (c.game(1).opponent, c.game(1).result) == (d.start_rank, "+")  # type: ignore[union-attr]
    assert d.game(1).result == "-"  # type: ignore[union-attr]
    assert e.game(1).result == "U" and e.game(2).colour == "b"  # type: ignore[union-attr]
    assert b.game(2).result == "="  # type: ignore[union-attr]
    levels = [c for c in trf.comments if c.startswith(" levels")]
    assert levels == [
        f" levels round 1 board 1: {a.start_rank}-{b.start_rank} lowest 12-9",
        f" levels round 2 board 1: {b.start_rank}-{c.start_rank} lowest 10-10",
        f" levels round 2 board 2: {d.start_rank}-{e.start_rank} lowest 6-11",
    ]


def test_every_export_of_an_event_without_players_or_rounds(client: Client) -> None:
    ev = HandBuilt([])
    slug = ev.event.slug
    assert read_csv(download(client, "export-standings-csv", slug, content_type="text/csv")) == []
    assert read_csv(download(client, "export-crosstable-csv", slug, content_type="text/csv")) == []
    body = json.loads(
        download(client, "export-placings-json", slug, content_type="application/json")
    )
    assert (body["field_size"], body["placings"]) == (0, [])
    assert (
        page_count(download(client, "export-event-pdf", slug, content_type="application/pdf")) == 3
    )
    assert (
        read_trf(
            download(client, "export-event-trf", slug, content_type="text/plain").decode()
        ).players
        == []
    )
    data = download(client, "export-games-zip", slug, content_type="application/zip")
    assert zipfile.ZipFile(io.BytesIO(data)).namelist() == [f"{slug}/index.json"]
    for name in ("event-standings", "event-crosstable", "event-exports"):
        assert client.get(reverse(name, args=[slug])).status_code == 200


def test_slips_fit_long_names(client: Client) -> None:
    long = "Maximilian Alexander von Hohenzollern-Sigmaringen der Jüngere"
    ev = HandBuilt([long, "Zoë Ng"], name="The Mind Sports Olympiad Ingenious Championship " * 3)
    ev.round(1, [(long, "Zoë Ng", "", None, None)])
    pdf = download(client, "export-slips", ev.event.slug, 1, content_type="application/pdf")
    assert page_count(pdf) == 1
