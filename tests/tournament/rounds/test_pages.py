"""The director's key flow through the pages (Django test client): create an event, import
players (a bad row is refused with its line, nothing imported), pair, review, swap with a
rematch warning and its reason logged, publish, enter results, correct one (who, when, why)."""

import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.factories import EventCreatorFactory
from tests.tournament.helpers import CSV_TWELVE, hand_result
from tournament.models.events import Board, Entry, Event, Player, Round
from tournament.results.models import ResultCorrection
from tournament.results.services import set_board_result
from tournament.rounds.models import PairingChange
from tournament.rounds.selectors import pair_of, seat_in
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def csv_file(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def pair(client: Client, event: Event, capture: Any) -> Round:
    with capture(execute=True):
        response = client.post(f"/events/{event.slug}/rounds/pair/")
    assert response.status_code == 302
    round_ = event.round_set.order_by("-number").first()
    assert response["Location"] == f"/events/{event.slug}/rounds/{round_.number}/"
    round_.refresh_from_db()
    return round_


def enter_all_results(client: Client, event: Event, round_: Round) -> None:
    for board in round_.boards.filter(result=""):
        given = {**hand_result(round_.number, board.number), "replaces": board.result_version}
        data = {f"b{board.pk}-{k}": v for k, v in given.items()}
        response = client.post(
            f"/events/{event.slug}/boards/{board.pk}/result/", {"prefix": f"b{board.pk}", **data}
        )
        assert response.status_code == 302, response.content


@pytest.mark.django_db
def test_the_director_runs_an_event_through_the_pages(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    td = EventCreatorFactory(username="td")
    client.force_login(td)
    assert "Create an event" in client.get("/").content.decode()
    form = client.get("/events/new/")
    assert form.status_code == 200 and b"mso-ingenious" in form.content
    created = client.post(
        "/events/new/",
        {
            "name": "MSO Ingenious Open",
            "venue": "JW3",
            "ruleset": "mso",
            "pairing_system": "swiss",
            "rounds": "7",
            "clock_minutes": "10",
            "bye_value": "1.0",
            "tiebreak_preset": "mso-ingenious",
        },
    )
    event = Event.objects.get(name="MSO Ingenious Open")
    assert created["Location"] == f"/events/{event.slug}/entries/"
    assert event.roles.filter(user=td, role="director").exists()

    players_before = Player.objects.count()
    bad = CSV_TWELVE + "Zoe Bad,Leeds,ENGLAND,abc\n"
    refused = client.post(f"/events/{event.slug}/entries/import/", {"file": csv_file(bad)})
    page = refused.content.decode()
    assert refused.status_code == 200
    assert "Nothing was imported" in page
    assert "line 14: Country &#x27;ENGLAND&#x27; must be a code of 2 or 3 letters" in page
    assert Player.objects.count() == players_before and not event.entries.exists()

    imported = client.post(f"/events/{event.slug}/entries/import/", {"file": csv_file(CSV_TWELVE)})
    assert imported.status_code == 302
    assert event.entries.count() == 12

    round_1 = pair(client, event, django_capture_on_commit_callbacks)
    assert round_1.status == Round.Status.DRAFT
    draft = client.get(f"/events/{event.slug}/rounds/1/")
    assert "Draft: review, then publish" in draft.content.decode()
    published = client.post(f"/events/{event.slug}/rounds/1/publish/", {"reviewed": "1"})
    assert published.status_code == 302
    round_1.refresh_from_db()
    assert round_1.status == Round.Status.PUBLISHED
    enter_all_results(client, event, round_1)
    round_1.refresh_from_db()
    assert round_1.status == Round.Status.COMPLETE

    round_2 = pair(client, event, django_capture_on_commit_callbacks)
    # Swap two players so that a round-1 pair meets again: the page warns, the reason is logged.
    met = round_1.boards.first()
    met_first, met_second = pair_of(met)
    board_x = seat_in(round_2, met.sides[0])
    x_first, x_second = pair_of(board_x)
    x_opponent = x_second if x_first == met_first else x_first
    swapped = client.post(
        f"/events/{event.slug}/rounds/2/swap/",
        {"first": x_opponent, "second": met_second, "reason": "Seating by the stage"},
        follow=True,
    )
    shown = " ".join(messages_of(swapped))
    assert "Rematch" in shown, shown
    change = PairingChange.objects.get(round=round_2)
    assert change.reason == "Seating by the stage" and change.user == td
    assert any("Rematch" in w for w in change.warnings)
    pairs = {frozenset(pair_of(b)) for b in round_2.boards.all()}
    assert frozenset((met_first, met_second)) in pairs
    assert "Seating by the stage" in swapped.content.decode()

    published = client.post(f"/events/{event.slug}/rounds/2/publish/", {"reviewed": "1"})
    assert published.status_code == 302
    enter_all_results(client, event, round_2)

    # A correction without a reason is refused; with one, it is logged with who, when and why.
    board = round_2.boards.get(number=1)
    before = board.result
    url = f"/events/{event.slug}/boards/{board.pk}/result/"
    refused = client.post(url, {"result": "-/-", "replaces": board.result_version})
    assert refused.status_code == 200
    assert "Say why the result is being corrected." in refused.content.decode()
    board.refresh_from_db()
    assert board.result == before
    corrected = client.post(
        url,
        {"result": "-/-", "reason": "Both players left early", "replaces": board.result_version},
    )
    assert corrected.status_code == 302
    correction = ResultCorrection.objects.filter(board=board).latest("at")
    assert (correction.old_result, correction.new_result) == (before, "-/-")
    assert correction.user == td and correction.reason == "Both players left early"
    assert correction.at is not None
    log = client.get(f"/events/{event.slug}/log/").content.decode()
    assert "Both players left early" in log and "td" in log

    # The public sees the published rounds.
    public = Client().get(f"/events/{event.slug}/rounds/2/")
    assert public.status_code == 200
    assert board.sides[0].player.name in public.content.decode()
    assert "swap" not in public.content.decode().lower()


@pytest.mark.django_db
def test_the_draft_page_shows_progress_then_reloads(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    from tests.tournament.helpers import event_with_players

    event, td = event_with_players(12)
    client.force_login(td)
    round_ = start_pairing(event=event, user=td)
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert 'hx-get="/events/' in page and "Pairing round 1" in page
    waiting = client.get(f"/events/{event.slug}/rounds/1/progress/")
    assert "HX-Refresh" not in waiting
    compute_draft(round_.pk)
    done = client.get(f"/events/{event.slug}/rounds/1/progress/")
    assert done["HX-Refresh"] == "true"
    assert "is paired" in done.content.decode()


@pytest.mark.django_db
def test_a_failed_pairing_is_shown_and_can_be_retried(client: Client) -> None:
    from tests.tournament.helpers import event_with_players

    # Four players, three rounds of Swiss: round 4 cannot exist without rematches.
    event, td = event_with_players(4, rounds=5, system="swiss")
    client.force_login(td)
    for _ in range(3):
        round_ = start_pairing(event=event, user=td)
        compute_draft(round_.pk)
        publish_round(round_=round_, user=td)
        for board in round_.boards.all():
            set_board_result(board=board, result="1-0", user=td)
    failed = start_pairing(event=event, user=td)
    compute_draft(failed.pk)
    failed.refresh_from_db()
    assert failed.status == Round.Status.PAIRING and failed.pairing_error
    page = client.get(f"/events/{event.slug}/rounds/4/").content.decode()
    assert "could not be paired" in page and "Delete and try again" in page
    deleted = client.post(f"/events/{event.slug}/rounds/4/delete/")
    assert deleted.status_code == 302
    assert not event.round_set.filter(number=4).exists()
    assert Entry.objects.filter(event=event).count() == 4
    assert re.search(r"Pair round 4", client.get(f"/events/{event.slug}/").content.decode())
    assert Board.objects.filter(round__event=event).count() == 6
