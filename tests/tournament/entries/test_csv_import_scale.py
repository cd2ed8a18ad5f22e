"""A CSV import costs a few queries whatever its size: the registry is matched in bulk, players
and entries are created in bulk (late entries' missed-round boards too), and a file over the cap
is refused before anything is written."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import PlayerFactory
from tests.tournament.helpers import api_as, event_with_players, hand_result
from tournament.entries.services import import_players_csv
from tournament.models.events import Board, Entry, Event, Player, Result, Round
from tournament.registry.services import CsvImportError
from tournament.results.services import set_board_result
from tournament.rounds.selectors import pair_of
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def csv_of(rows: int, *, known_every: int = 2, tag: str = "") -> str:
    """``rows`` players; every ``known_every``-th names a registry player (made here), written
    in other letter case; the others are new to the registry."""
    lines = ["name,club,rating"]
    for n in range(rows):
        if n % known_every == 0:
            player = PlayerFactory(name=f"Known {tag}{n:04d}", club="Leeds Chess")
            lines.append(f"{player.name.upper()},leeds chess,")
        else:
            lines.append(f"New {tag}{n:04d},York,{1500 + n}")
    return "\n".join(lines) + "\n"


def queries_to_import(rows: int, tag: str) -> int:
    event, td = event_with_players(3)
    text = csv_of(rows, tag=tag)
    with CaptureQueriesContext(connection) as queries:
        entries = import_players_csv(event=event, user=td, text=text)
    assert len(entries) == rows
    return len(queries)


@pytest.mark.django_db
def test_the_queries_of_an_import_do_not_grow_with_its_rows() -> None:
    PlayerFactory.create_batch(300)  # a registry to look in
    # 90 rows: one insert of entries on every database (SQLite binds at most 999 parameters, ten
    # an entry: 99 rows an insert).
    ten, ninety = queries_to_import(10, "a"), queries_to_import(90, "b")
    assert ten == ninety
    # More rows than a chunk takes (500; SQLite inserts ~99 at a time): a few more queries a
    # chunk, never one a row.
    assert queries_to_import(1200, "c") - ninety <= 1200 // 50


@pytest.mark.django_db
def test_an_import_reuses_registry_players_by_name_and_club_in_any_letter_case() -> None:
    event, td = event_with_players(0)
    oldest = PlayerFactory(name="Émile Zola", club="Club Médan", rating=1700)
    PlayerFactory(name="ÉMILE ZOLA", club="CLUB MÉDAN")  # the same pair, entered again later
    lower = PlayerFactory(name="ñandú pérez", club="")
    elsewhere = PlayerFactory(name="Ann Smith", club="Leeds")
    text = "name,club,rating\némile zola,club médan,\nÑANDÚ PÉREZ,,\nann smith,York,1500\n"
    before = Player.objects.count()
    entries = import_players_csv(event=event, user=td, text=text)
    players = {e.player.name: e.player for e in entries}
    assert players["Émile Zola"] == oldest and players["ñandú pérez"] == lower
    assert players["ann smith"] != elsewhere, "another club is another player"
    assert Player.objects.count() == before + 1
    assert [e.starting_rank for e in entries] == [1, 2, 3]
    # Rated first, then by the name as the file spells it.
    assert [e.player.name for e in entries] == ["ann smith", "ñandú pérez", "Émile Zola"]
    oldest.refresh_from_db()
    assert oldest.rating == 1700, "a registry player is reused as it is"


@pytest.mark.django_db
def test_a_late_import_gives_each_player_a_board_in_every_missed_round() -> None:
    event, td = event_with_players(4, rounds=3, system="swiss")
    for _ in range(2):
        round_ = start_pairing(event=event, user=td)
        compute_draft(round_.pk)
        publish_round(round_=Round.objects.get(pk=round_.pk), user=td)
        for board in round_.boards.all():
            set_board_result(board=board, user=td, **hand_result(round_.number, board.number))
    entries = import_players_csv(
        event=event, user=td, text=csv_of(3, known_every=2, tag="late"), missed_rounds="half"
    )
    assert [e.joined_round for e in entries] == [3, 3, 3]
    assert [e.starting_rank for e in entries] == [5, 6, 7]
    for number in (1, 2):
        boards = Board.objects.filter(round__event=event, round__number=number)
        late = list(boards.filter(seats__entry__in=entries).distinct().order_by("number"))
        assert [b.number for b in late] == [3, 4, 5]
        assert [b.side_ids[0] for b in late] == [e.pk for e in entries]
        assert {(b.result, pair_of(b)[1], b.reason) for b in late} == {
            (Result.HALF_BYE, None, f"late entry: missed round {number}")
        }


@pytest.mark.django_db
def test_a_file_over_the_cap_is_refused_before_anything_is_written(settings: Any) -> None:
    settings.MAX_IMPORT_ROWS = 5
    event, td = event_with_players(2)
    text = csv_of(6, known_every=99, tag="cap") + "\n,,\n"  # a blank line does not count
    players = Player.objects.count()
    with pytest.raises(CsvImportError) as refused:
        import_players_csv(event=event, user=td, text=text)
    assert refused.value.problems == [
        "The file lists 6 players; an import takes at most 5: split the file."
    ]
    assert (Player.objects.count(), event.entries.count()) == (players, 2)
    answer = api_as(td).post(
        f"/api/events/{event.slug}/entries/import/", {"text": text}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"] == refused.value.problems
    five = "\n".join(text.splitlines()[:6]) + "\n"
    assert len(import_players_csv(event=event, user=td, text=five)) == 5
    assert Entry.objects.filter(event=event).count() == 7


def test_the_cap_is_a_setting() -> None:
    from django.conf import settings

    assert settings.MAX_IMPORT_ROWS == 2000
    assert Event  # the models import without a database


def oversize_csv() -> bytes:
    """One byte over the cap, in rows that would import, and not UTF-8 at its end: refused
    for its size, so the file was not read first."""
    rows = b"name,club\n" + b"".join(b"Over %06d,York\n" % n for n in range(80_000))
    return rows[:1_000_000] + b"\xff"


@pytest.mark.django_db
def test_an_upload_over_the_size_cap_is_refused_naming_it_by_the_api_and_the_page() -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    event, td = event_with_players(2)
    players = Player.objects.count()
    upload = SimpleUploadedFile("big.csv", oversize_csv(), content_type="text/csv")
    answer = api_as(td).post(
        f"/api/events/{event.slug}/entries/import/", {"file": upload}, format="multipart"
    )
    assert answer.status_code == 400
    message = "The file has 1,000,001 bytes; an import takes at most 1,000,000: split it."
    assert answer.json() == {"file": [message]}
    text = oversize_csv()[:-1].decode() + "x"  # the same cap on the CSV sent as text
    answer = api_as(td).post(
        f"/api/events/{event.slug}/entries/import/", {"text": text}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json() == {"text": [message]}
    page = Client()
    page.force_login(td)
    upload = SimpleUploadedFile("big.csv", oversize_csv(), content_type="text/csv")
    response = page.post(f"/events/{event.slug}/entries/import/", {"file": upload})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert (Player.objects.count(), event.entries.count()) == (players, 2)


def test_the_size_cap_is_one_setting_for_the_pages_and_the_api() -> None:
    from django.conf import settings

    assert settings.MAX_IMPORT_BYTES == 1_000_000
