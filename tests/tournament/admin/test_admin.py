"""The admin never goes around the services: results, entries and rounds are read-only there,
and what it may change (a player, an event's name) is saved through the services."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from scoring.standings import build as standings
from scoring.standings import cache as standings_cache
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tournament.claims.models import PlayerClaim
from tournament.models.events import Board, Entry, Round
from tournament.results.models import ResultCorrection

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.fixture
def admin_client(client: Any, db: None) -> Any:
    user = get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-12345")
    client.force_login(user)
    return client


def played_board() -> Board:
    event = EventFactory()
    round_ = RoundFactory(event=event, number=1)
    return BoardFactory(
        round=round_,
        number=1,
        sides=[
            EntryFactory(event=event, player__name="Ada"),
            EntryFactory(event=event, player__name="Alan"),
        ],
        result="1-0",
    )


@pytest.mark.django_db
def test_a_result_cannot_be_changed_in_the_admin(admin_client: Any) -> None:
    board = played_board()
    url = reverse("admin:tournament_board_change", args=[board.pk])
    page = admin_client.get(url)
    assert page.status_code == 200  # shown...
    assert 'name="result"' not in page.content.decode()  # ...but not as a field to edit
    response = admin_client.post(url, {"result": "0-1", "round": board.round_id, "number": 1})
    assert response.status_code == 403
    board.refresh_from_db()
    assert board.result == "1-0"
    assert not ResultCorrection.objects.exists()
    for model, obj in (("entry", board.sides[0]), ("round", board.round)):
        change = reverse(f"admin:tournament_{model}_change", args=[obj.pk])
        assert admin_client.post(change, {"status": "withdrawn"}).status_code == 403
        delete = reverse(f"admin:tournament_{model}_delete", args=[obj.pk])
        assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Entry.objects.filter(status="active").count() == 2
    assert Round.objects.filter(pk=board.round_id).exists()


@pytest.mark.django_db
def test_a_player_renamed_in_the_admin_goes_through_the_registry_and_the_standings_follow(
    admin_client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    board = played_board()
    event = board.round.event
    # An earlier test's event may have had this id and left its standings in the cache.
    cache.delete(standings_cache.cache_key(event.pk))
    assert standings.standings_for(event).lines[0].contender.name == "Ada"
    player = board.sides[0].player
    url = reverse("admin:tournament_player_change", args=[player.pk])
    form = {
        "name": "Ada Lovelace",
        "club": "Cambridge",
        "country": "ENG",
        "rating": "",
        "contact": "",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(url, form)
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Ada Lovelace"
    assert standings.standings_for(event).lines[0].contender.name == "Ada Lovelace"

    # The registry's rules apply in the admin too: nothing is saved, the reason is shown.
    response = admin_client.post(url, {**form, "country": "E1"})
    assert response.status_code == 200
    assert "must be a code of 2 or 3 letters" in response.content.decode()
    player.refresh_from_db()
    assert player.country == "ENG"


@pytest.mark.django_db
def test_an_events_scoring_fields_are_read_only_in_the_admin(admin_client: Any) -> None:
    board = played_board()
    event = board.round.event
    url = reverse("admin:tournament_event_change", args=[event.pk])
    page = admin_client.get(url).content.decode()
    assert 'name="name"' in page and 'name="bye_value"' not in page
    assert 'name="tiebreak_chain"' not in page and 'name="rounds"' not in page
    data = {
        "name": "Renamed Open",
        "venue": event.venue,
        "start_date": "2026-08-20",
        "end_date": "2026-08-20",
        "bye_value": "0",
        "roles-TOTAL_FORMS": "0",
        "roles-INITIAL_FORMS": "0",
    }
    assert admin_client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed Open" and str(event.bye_value) == "1.0"


def test_players_claims_and_merges_are_shown_in_the_admin_but_decided_on_the_site(
    admin_client: Any,
) -> None:
    claim = PlayerClaim.objects.create(user=UserFactory(username="ann"), player=PlayerFactory())
    for name in (
        "playerclaim",
        "playermerge",
        "entryrequest",
        "checkin",
        "resultconfirmation",
        "notification",
    ):
        listed = admin_client.get(f"/admin/tournament/{name}/")
        assert listed.status_code == 200, name
        assert admin_client.get(f"/admin/tournament/{name}/add/").status_code == 403, name
    change = f"/admin/tournament/playerclaim/{claim.pk}/change/"
    admin_client.post(change, {"status": "approved", "user": claim.user_id})
    claim.refresh_from_db()
    assert claim.status == "pending"
