"""A whole event imported from a TRF file (TRF-16 or TRF-2026) to resume it here, and the export
in both versions: export -> import -> export gives the same file; a bad file is refused whole,
its line and column named."""

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.standings import build as standings
from tests.factories import may_create_events
from tests.tournament.helpers import api_as, event_with_players, hand_result
from tournament.entries.byes import set_requested_byes
from tournament.errors import DomainError
from tournament.events.models import EventLogEntry
from tournament.models.events import Entry, Event, Player, Result, Round
from tournament.pairing.trf import TrfEvent, TrfGame, TrfPlayer, read_trf, write_trf
from tournament.restrictions.models import ForbiddenPair
from tournament.restrictions.services import add_forbidden_pair
from tournament.restrictions.trf_import import import_trf
from tournament.results.models import ResultCorrection
from tournament.results.services import set_board_result
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def play_round(event: Event, user: Any, *, results: bool = True) -> Round:
    round_ = start_pairing(event=event, user=user)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    publish_round(round_=round_, user=user)
    if results:
        for board in round_.boards.filter(result=""):
            set_board_result(board=board, user=user, **hand_result(round_.number, board.number))
    return round_


def export(client: Client, event: Event, version: str = "16") -> str:
    response = client.get(f"/events/{event.slug}/export/event.trf?version={version}")
    assert response.status_code == 200
    return response.content.decode()


def played_event() -> tuple[Event, Any]:
    """Seven players, three of five rounds played: games, forfeits, a pairing-allocated bye,
    requested byes of ½ and 1 point, a game still being played, and a bye asked for later."""
    event, td = event_with_players(7, rounds=5, system="swiss", requested_bye_points=["0.5", "1"])
    entries = list(event.entries.order_by("starting_rank"))
    set_requested_byes(entry=entries[6], user=td, rounds=[2, (5, "1")])
    set_requested_byes(entry=entries[5], user=td, rounds=[(3, "1")])
    add_forbidden_pair(
        event=event, user=td, first=entries[0].pk, second=entries[3].pk, reason="siblings"
    )
    play_round(event, td)
    play_round(event, td)
    third = play_round(event, td, results=False)
    for board in third.boards.filter(result="").order_by("number")[1:]:
        set_board_result(board=board, user=td, **hand_result(3, board.number))
    return event, td


def same_but_name(a: str, b: str) -> tuple[list[str], list[str]]:
    def lines(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("012 ")]

    return lines(a), lines(b)


@pytest.mark.django_db
@pytest.mark.parametrize("version", ["16", "2026"])
def test_export_import_export_gives_the_same_file_and_the_event_resumes(
    client: Client, version: str
) -> None:
    event, td = played_event()
    may_create_events(td)
    first = export(client, event, version)
    codes = {line[:3] for line in first.splitlines()}
    if version == "2026":  # rounds, the bye asked for round 5, the pair kept apart
        assert {"142", "240", "260"} <= codes and "XXR" not in codes
    else:  # the bye in round 5's block, the pair on an XXP line
        assert {"XXR", "XXP"} <= codes and "240" not in codes
        assert "0000 - F" in next(ln for ln in first.splitlines() if ln.startswith("001    7"))
    api = api_as(td)
    response = api.post(
        "/api/events/import-trf/",
        {"file": SimpleUploadedFile("e.trf", first.encode()), "name": "Resumed here"},
        format="multipart",
    )
    assert response.status_code == 201, response.content
    copy = Event.objects.get(slug=response.json()["slug"])
    assert copy.name == "Resumed here" and copy.rounds == 5
    again = export(client, copy, version)
    left, right = same_but_name(first, again)
    assert left == right
    old = standings.standings_for(event)
    new = standings.standings_for(copy)
    assert [(ln.contender.name, ln.vp, ln.rank) for ln in old.lines] == [
        (ln.contender.name, ln.vp, ln.rank) for ln in new.lines
    ]
    # Results went through the result service: the log says who imported them, and why.
    imported = ResultCorrection.objects.filter(board__round__event=copy)
    assert imported.exists() and {(c.user, c.reason) for c in imported} == {
        (td, "imported from TRF")
    }
    assert EventLogEntry.objects.filter(event=copy, kind="import").exists()
    statuses = list(copy.round_set.order_by("number").values_list("status", flat=True))
    assert statuses == [Round.Status.COMPLETE, Round.Status.COMPLETE, Round.Status.PLAYING]
    last = copy.entries.get(starting_rank=7)
    assert (last.requested_byes, last.requested_bye_points) == ([5], {"5": "1"})
    assert copy.requested_bye_points == ["0.5", "1"]
    (pair,) = ForbiddenPair.objects.filter(event=copy)
    assert {pair.first.starting_rank, pair.second.starting_rank} == {1, 4}
    # Resume: finish round 3, then pair round 4 here.
    open_board = copy.round_set.get(number=3).boards.get(result="")
    set_board_result(board=open_board, result=Result.DRAW, user=td)
    fourth = start_pairing(event=copy, user=td)
    compute_draft(fourth.pk)
    fourth.refresh_from_db()
    assert fourth.status == Round.Status.DRAFT, fourth.pairing_error


def trf(*players: TrfPlayer, rounds: int = 3, comments: tuple[str, ...] = ()) -> str:
    return write_trf(
        TrfEvent(players=list(players), total_rounds=rounds, records=[("012", "Bad Open")]),
        comments=comments,
    )


def p(rank: int, *games: tuple[int, str, str], name: str = "") -> TrfPlayer:
    return TrfPlayer(
        start_rank=rank,
        name=name or f"Player {rank}",
        games=tuple(TrfGame(*g) for g in games),
    )


BAD_FILES = [
    ("", "The file has no player lines (001): nothing to import."),
    (
        trf(p(1, (3, "w", "1")), p(2, (0, "-", "U"))),
        "Line 3, column 92: round 1: opponent 3 has no 001 line.",
    ),
    (
        trf(p(1, (2, "w", "1")), p(2, (1, "b", "1"))),
        "line 3, column 99: round 1: result '1' against '1' on player 2's line.",
    ),
    (
        trf(p(1, (2, "w", "-")), p(2, (1, "b", "1"))),
        "line 3, column 99: round 1: a forfeit ('-') against '1' on player 2's line.",
    ),
    (
        trf(p(1, (2, "w", "1"), name="Ann Lee"), p(2, (1, "b", "0"), name="ann lee")),
        "Line 4, column 15: Ann Lee is also on line 3.",
    ),
    (
        trf(
            p(1, (2, "w", "1")),
            p(2, (1, "b", "0")),
            comments=(" levels round 1 board 1: 1-2 lowest 5-9",),
        ),
        "line 4, column 99: round 1, board 1: The second player's lowest colour (9) is "
        "higher than the first's (5): the result is 0-1.",
    ),
    (
        trf(p(1, (2, "w", "1")), p(2, (1, "b", "0")), rounds=31),
        "The file has 31 rounds: an event has at most 30.",
    ),
    ("001    1      Ann\n001    1      Bob\n", "Line 2, column 5: starting rank 1 already used"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_a_bad_file_is_refused_naming_line_and_column_and_changes_nothing(
    text: str, message: str
) -> None:
    _event, td = event_with_players(0)
    may_create_events(td)
    before = (Event.objects.count(), Player.objects.count(), Entry.objects.count())
    with pytest.raises(DomainError) as refused:
        import_trf(user=td, text=text)
    assert message.lower() in refused.value.message.lower(), refused.value.message
    assert refused.value.field == "file"
    assert (Event.objects.count(), Player.objects.count(), Entry.objects.count()) == before


@pytest.mark.django_db
def test_the_import_page_and_api_show_the_message_and_import_a_good_file(client: Client) -> None:
    _event, td = event_with_players(0)
    client.force_login(td)
    assert client.get("/events/import-trf/").status_code == 403  # directs, may not create
    assert api_as(td).post("/api/events/import-trf/", {"text": "x"}).status_code == 403
    may_create_events(td)
    bad = trf(p(1, (2, "w", "1")), p(2, (1, "b", "1")))
    page = client.post("/events/import-trf/", {"file": SimpleUploadedFile("bad.trf", bad.encode())})
    assert page.status_code == 200
    assert "line 3, column 99: round 1: result &#x27;1&#x27; against" in page.content.decode()
    api = api_as(td).post("/api/events/import-trf/", {"text": bad}, format="json")
    assert api.status_code == 400 and "line 3, column 99" in api.json()["detail"]
    assert api.json()["field"] == "file"
    good = trf(
        p(1, (2, "w", "1"), (3, "b", "=")),
        p(2, (1, "b", "0"), (0, "-", "H")),
        p(3, (0, "-", "U"), (1, "w", "=")),
    )
    done = client.post(
        "/events/import-trf/", {"file": SimpleUploadedFile("good.trf", good.encode())}
    )
    assert done.status_code == 302
    event = Event.objects.get(name="Bad Open")
    assert done["Location"] == event.get_absolute_url()
    results = {
        (
            b.round.number,
            b.sides[0].starting_rank,
            b.sides[1].starting_rank if len(b.sides) > 1 else None,
        ): (b.result)
        for b in event.round_set.get(number=1).boards.all()
    } | {
        (
            b.round.number,
            b.sides[0].starting_rank,
            b.sides[1].starting_rank if len(b.sides) > 1 else None,
        ): (b.result)
        for b in event.round_set.get(number=2).boards.all()
    }
    assert results == {
        (1, 1, 2): Result.FIRST_WINS,
        (1, 3, None): Result.BYE,
        (2, 3, 1): Result.DRAW,
        (2, 2, None): Result.HALF_BYE,
    }
    assert read_trf(export(client, event)).players[2].games[0] == TrfGame(0, "-", "U")
    assert api_as(None).post("/api/events/import-trf/", {"text": good}).status_code == 403


@pytest.mark.django_db
def test_the_export_offers_both_versions_and_refuses_an_unknown_one(client: Client) -> None:
    event, td = event_with_players(4, system="swiss")
    exports = client.get(f"/events/{event.slug}/export/").content.decode()
    assert "TRF-16 file" in exports and "TRF-2026 file" in exports and "?version=2026" in exports
    refused = client.get(f"/events/{event.slug}/export/event.trf?version=99")
    assert refused.status_code == 400 and "ask for 16 or 2026" in refused.content.decode()
    new = client.get(f"/events/{event.slug}/export/event.trf?version=2026")
    assert f"{event.slug}-trf2026.trf" in new["Content-Disposition"]
