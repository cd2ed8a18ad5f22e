"""The signed-in player's "My games" page (/me/) and its API (/api/me/games/): every event they
are in (festival first), this round's board (opponent, number, seat, clocks while recorded,
links to check in and to confirm a paper result) and the history; private to its player."""

import datetime
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Game
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tournament.models.events import Festival, Player, Round


def linked(username: str, name: str) -> tuple[Any, Player]:
    user = UserFactory(username=username)
    player = PlayerFactory(name=name, user=user)
    return user, player


@pytest.fixture
def setting() -> dict[str, Any]:
    """Alice plays in a festival event (a recorded game in round 2, clocks running) and in a
    stand-alone event (a paper game in round 1); Bob is her festival opponent."""
    alice_user, alice = linked("alice", "Alice Able")
    bob_user, bob = linked("bob", "Bob Baker")
    carol = PlayerFactory(name="Carol Cole")
    festival = Festival.objects.create(
        name="MSO 2026", starts=datetime.date(2026, 8, 1), ends=datetime.date(2026, 8, 9)
    )
    standalone = EventFactory(name="Club Night", start_date=datetime.date(2026, 9, 1))
    fest_event = EventFactory(
        name="MSO Ingenious",
        festival=festival,
        start_date=datetime.date(2026, 8, 2),
        check_in_required=True,
    )
    a1 = EntryFactory(event=fest_event, player=alice, starting_rank=1)
    b1 = EntryFactory(event=fest_event, player=bob, starting_rank=2)
    c1 = EntryFactory(event=fest_event, player=carol, starting_rank=3)
    r1 = RoundFactory(event=fest_event, number=1, status=Round.Status.COMPLETE)
    BoardFactory(round=r1, number=1, sides=[c1, a1], result="0-1")
    BoardFactory(round=r1, number=2, sides=[b1], result="bye")
    r2 = RoundFactory(event=fest_event, number=2, status=Round.Status.PLAYING)
    live = BoardFactory(round=r2, number=3, sides=[a1, b1], result="")
    now = timezone.now()
    Game.objects.create(
        board=live,
        players=["Alice Able", "Bob Baker"],
        clock_ms=600_000,
        status=Game.Status.PLAYING,
        remaining_ms=[420_000, 500_000],
        clock_seat=0,
        clock_running=True,
        clock_since=now - datetime.timedelta(seconds=30),
        log_length=4,
    )
    # A draft is not public: it must not show as this round.
    RoundFactory(event=fest_event, number=3, status=Round.Status.DRAFT)
    a2 = EntryFactory(event=standalone, player=alice, starting_rank=1)
    d2 = EntryFactory(event=standalone, player=PlayerFactory(name="Dan Dunn"), starting_rank=2)
    paper_round = RoundFactory(event=standalone, number=1, status=Round.Status.PUBLISHED)
    paper = BoardFactory(round=paper_round, number=1, sides=[d2, a2], result="")
    return {
        "alice": alice_user,
        "bob": bob_user,
        "alice_player": alice,
        "bob_player": bob,
        "fest": fest_event,
        "standalone": standalone,
        "live": live,
        "paper": paper,
    }


@pytest.mark.django_db
def test_my_games_shows_this_rounds_boards_and_history(
    client: Client, setting: dict[str, Any]
) -> None:
    client.force_login(setting["alice"])
    response = client.get("/me/")
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    page = response.content.decode()
    fest, standalone = setting["fest"], setting["standalone"]
    # The festival's event comes first.
    assert page.index("MSO Ingenious") < page.index("Club Night")
    festival_part = page[page.index("MSO Ingenious") : page.index("Club Night")]
    assert "Round 2" in festival_part and 'class="board-number">3<' in festival_part
    assert "Bob Baker" in festival_part and 'class="seat">first<' in festival_part
    assert f'href="/games/board/{setting["live"].pk}/"' in festival_part
    # Bob's clock is stopped at 8:20; Alice's runs (7:00 less the 30 s since).
    alice_clock = re.search(
        r'Clock of Alice Able</dt><dd class="clock">(\d+:\d\d) (.*?)</dd>', page
    )
    assert alice_clock is not None and "running" in alice_clock.group(2)
    assert alice_clock.group(1) in {"6:30", "6:29", "6:28"}
    assert 'Clock of Bob Baker</dt><dd class="clock">8:20</dd>' in festival_part
    assert f'href="/events/{fest.slug}/check-in/"' in festival_part
    assert "Confirm the result" not in festival_part  # moves are recorded at the board
    # History: round 1's win over Carol, with links to her player and rating pages.
    assert "Carol Cole" in festival_part and "rating" in festival_part
    carol = fest.entries.get(player__name="Carol Cole")
    assert f"/events/{fest.slug}/player/{carol.pk}/" in festival_part
    assert f"/ratings/{carol.player_id}/" in festival_part
    assert f"/ratings/{setting['alice_player'].pk}/" in page
    paper_part = page[page.index("Club Night") :]
    assert "Dan Dunn" in paper_part and 'class="seat">second<' in paper_part
    paper = setting["paper"]
    assert f'href="/events/{standalone.slug}/boards/{paper.pk}/confirm/"' in paper_part
    assert "Confirm the result" in paper_part
    assert "check-in/" not in paper_part  # that event needs no check-in


@pytest.mark.django_db
def test_another_players_page_shows_only_their_own(client: Client, setting: dict[str, Any]) -> None:
    client.force_login(setting["bob"])
    page = client.get("/me/").content.decode()
    assert "MSO Ingenious" in page and "Club Night" not in page
    assert 'class="seat">second<' in page and "Dan Dunn" not in page
    assert f"/ratings/{setting['alice_player'].pk}/" in page  # his opponent's rating page
    assert f"/ratings/{setting['bob_player'].pk}/" in page


@pytest.mark.django_db
def test_without_a_player_or_signed_out(client: Client, setting: dict[str, Any]) -> None:
    response = client.get("/me/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(UserFactory(username="nobody"))
    page = client.get("/me/").content.decode()
    assert 'href="/account/"' in page and "MSO Ingenious" not in page


@pytest.mark.django_db
def test_api_my_games(setting: dict[str, Any]) -> None:
    api = APIClient()
    assert api.get("/api/me/games/").status_code == 403
    api.force_authenticate(setting["alice"])
    response = api.get("/api/me/games/")
    assert response.status_code == 200 and "private" in response["Cache-Control"]
    body = response.json()
    assert body["player"]["name"] == "Alice Able"
    assert [e["name"] for e in body["events"]] == ["MSO Ingenious", "Club Night"]
    fest, club = body["events"]
    now = fest["this_round"]
    assert now["round"] == 2 and now["board"] == 3 and now["first_seat"] is True
    assert now["opponent"]["name"] == "Bob Baker" and now["can_confirm"] is False
    assert [c["name"] for c in now["clocks"]] == ["Alice Able", "Bob Baker"]
    assert now["clocks"][1]["ms"] == 500_000 and now["clocks"][0]["running"] is True
    assert 385_000 <= now["clocks"][0]["ms"] <= 390_000
    assert fest["festival"] == "MSO 2026"
    first = fest["history"][0]
    assert first["round"] == 1 and first["opponent"]["name"] == "Carol Cole"
    assert first["moved_first"] is False and first["points"] == 1.0
    assert club["this_round"]["can_confirm"] is True and club["this_round"]["clocks"] == []
    api.force_authenticate(setting["bob"])
    bob = api.get("/api/me/games/").json()
    assert [e["name"] for e in bob["events"]] == ["MSO Ingenious"]
    assert bob["events"][0]["this_round"]["first_seat"] is False
    api.force_authenticate(UserFactory(username="nobody"))
    assert api.get("/api/me/games/").json() == {"player": None, "events": []}
