"""Where a board is played: a hybrid Swiss round with boards at the venue and online pairs,
publishes, takes results and exports like any other; the public round page marks online boards."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, GameAction
from tests.tournament.helpers import api_as, draft_round, event_with_players, hand_result
from tournament.entries.where import set_plays_online
from tournament.errors import DomainError
from tournament.models.events import Board, Entry, Round
from tournament.models.where import EventPlayed, Played, RoundPlayed, resolve
from tournament.pairing.trf import read_trf
from tournament.results.services import set_board_result
from tournament.rounds.services import publish_round

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def online_boards(round_: Round) -> set[int]:
    return set(round_.boards.filter(played=Played.ONLINE).values_list("number", flat=True))


def boards_with(round_: Round, entries: list[Entry]) -> set[int]:
    ids = {e.pk for e in entries}
    return {
        board.number
        for board in round_.boards.prefetch_related("seats")
        if ids & {seat.entry_id for seat in board.seats.all()}
    }


def test_a_board_is_online_when_any_seat_plays_online_in_a_hybrid_round() -> None:
    hybrid, entries = EventPlayed.HYBRID, RoundPlayed.ENTRIES
    assert resolve(hybrid, entries, [False, True]) == Played.ONLINE
    assert resolve(hybrid, entries, [False, False]) == Played.VENUE
    assert resolve(hybrid, RoundPlayed.VENUE, [True, True]) == Played.VENUE
    assert resolve(hybrid, RoundPlayed.ONLINE, [False, False]) == Played.ONLINE
    # A venue or an online event decides every board, whatever a round or an entry says.
    assert resolve(EventPlayed.VENUE, RoundPlayed.ONLINE, [True]) == Played.VENUE
    assert resolve(EventPlayed.ONLINE, RoundPlayed.VENUE, [False]) == Played.ONLINE


@pytest.mark.django_db
def test_a_hybrid_swiss_round_pairs_publishes_takes_results_and_exports(client: Client) -> None:
    event, td = event_with_players(8, system="swiss", rounds=3, boards_played=EventPlayed.HYBRID)
    remote = list(event.entries.order_by("starting_rank")[:2])
    for entry in remote:
        set_plays_online(entry=entry, user=td, online=True)

    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td)

    online = online_boards(round_)
    assert online == boards_with(round_, remote)
    assert 1 <= len(online) < round_.boards.count()
    for board in Board.objects.filter(round=round_):
        game = Game.objects.get(board=board)
        if board.number in online:  # dealt by the site: a fresh seed, each seat's rack drawn
            assert game.mode == Game.Mode.FULL and game.seed != 0
            draws = list(game.actions.order_by("index"))
            assert [a.kind for a in draws] == [GameAction.Kind.DRAW] * 2
            assert [len(a.payload["tiles"]) for a in draws] == [6, 6]
        else:  # the venue's board, recorded by its arbiters as ever
            assert game.mode == "" and game.log_length == 0

    for board in round_.boards.filter(result=""):
        set_board_result(board=board, user=td, **hand_result(1, board.number))
    round_.refresh_from_db()
    assert round_.status == Round.Status.COMPLETE

    trf = read_trf(client.get(reverse("export-event-trf", args=[event.slug])).content.decode())
    assert len(trf.players) == 8
    games = [p.game(1) for p in trf.players]
    assert all(g is not None and g.result.strip() for g in games)
    table = client.get(reverse("export-standings-csv", args=[event.slug])).content.decode()
    assert len(list(csv.reader(io.StringIO(table)))) == 1 + 8

    second = draft_round(event, td)  # the next round pairs like any other
    assert second.boards.count() == 4


@pytest.mark.django_db
def test_a_hybrid_round_may_put_every_board_online_as_it_is_published() -> None:
    event, td = event_with_players(4, system="swiss", boards_played=EventPlayed.HYBRID)
    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td, played=RoundPlayed.ONLINE)
    round_.refresh_from_db()
    assert round_.boards_played == RoundPlayed.ONLINE
    assert online_boards(round_) == {1, 2}


@pytest.mark.django_db
def test_a_venue_events_boards_stay_at_the_venue_and_are_recorded_as_ever() -> None:
    event, td = event_with_players(4, system="swiss")
    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td)
    assert online_boards(round_) == set()
    assert set(Game.objects.filter(board__round=round_).values_list("mode", flat=True)) == {""}


@pytest.mark.django_db
def test_an_entry_chooses_where_it_plays_only_in_a_hybrid_event() -> None:
    event, td = event_with_players(2, boards_played=EventPlayed.VENUE)
    entry = event.entries.first()
    assert entry is not None
    with pytest.raises(DomainError):
        set_plays_online(entry=entry, user=td, online=True)
    entry.refresh_from_db()
    assert entry.plays_online is False


@pytest.mark.django_db
def test_the_public_round_page_marks_online_boards(client: Client) -> None:
    event, td = event_with_players(4, system="swiss", boards_played=EventPlayed.HYBRID)
    remote = event.entries.order_by("starting_rank").first()
    assert remote is not None
    set_plays_online(entry=remote, user=td, online=True)
    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td)
    (number,) = online_boards(round_)

    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    rows = {n: page.split(f'id="board-{n}"')[1].split("</tr>")[0] for n in (1, 2)}
    assert 'class="online-board"' in rows[number]
    assert 'class="online-board"' not in rows[3 - number]

    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/events/{event.slug}/rounds/1/")
    assert "Online gespielt" in german.content.decode()


@pytest.mark.django_db
def test_the_directors_publish_form_offers_where_a_hybrid_round_is_played(client: Client) -> None:
    event, td = event_with_players(4, system="swiss", boards_played=EventPlayed.HYBRID)
    draft_round(event, td)
    client.force_login(td)
    url = f"/events/{event.slug}/rounds/1/"
    assert 'name="played"' in client.get(url).content.decode()
    client.post(f"{url}publish/", {"reviewed": "1", "played": RoundPlayed.VENUE})
    round_ = Round.objects.get(event=event, number=1)
    assert round_.status == Round.Status.PUBLISHED
    assert round_.boards_played == RoundPlayed.VENUE and online_boards(round_) == set()


@pytest.mark.django_db
def test_the_api_publishes_a_hybrid_round_online_and_says_where_each_board_is_played() -> None:
    event, td = event_with_players(4, system="swiss", boards_played=EventPlayed.HYBRID)
    draft_round(event, td)
    url = f"/api/events/{event.slug}/rounds/1/publish/"
    response = api_as(td).post(url, {"played": RoundPlayed.ONLINE}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["boards_played"] == RoundPlayed.ONLINE
    assert [b["played"] for b in body["boards"]] == [Played.ONLINE, Played.ONLINE]


@pytest.mark.django_db
def test_the_api_refuses_a_venue_events_round_online() -> None:
    event, td = event_with_players(4, system="swiss")
    draft_round(event, td)
    url = f"/api/events/{event.slug}/rounds/1/publish/"
    response = api_as(td).post(url, {"played": RoundPlayed.ONLINE}, format="json")
    assert response.status_code == 400, response.content
    assert Round.objects.get(event=event, number=1).status == Round.Status.DRAFT
