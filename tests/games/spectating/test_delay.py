"""A spectators' delay on online boards, set by the director (issue 30, requirement 6): anyone
not seated at the board nor its arbiter sees an online board's game in play as it was
``online_delay_placements`` placements ago and/or ``online_delay_seconds`` ago (both: the
older), on the board page, its live part, the viewer, the downloads, the games API, the live
pages and the projector; the seats and the arbiters see it as it is, and the page cache never
serves one's rendering to the other; the whole game once it is over."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game
from games.spectating.selectors import WHOLE, Sight, cut
from tests.factories import director_of
from tests.games.spectating.online import Online, online_board, place
from tournament.errors import DomainError
from tournament.events.services import update_event
from tournament.web.page_cache import forget_served

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

T0 = datetime.datetime(2026, 8, 20, 10, 0, 0, tzinfo=datetime.UTC)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()
    forget_served()


def api_state(online: Online, user: Any = None) -> dict[str, Any]:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    response = client.get(reverse("api-game-state", args=[online.board.pk]))
    assert response.status_code == 200, response.content
    return dict(response.json())


def plies(state: dict[str, Any]) -> int:
    return int(state["position"]["plies"])


def placement_indices(online: Online) -> list[int]:
    return list(
        online.game.actions.filter(kind="place").order_by("index").values_list("index", flat=True)
    )


def expected_index(html: str) -> int:
    found = re.search(r'data-expected-index="(\d+)"', html)
    assert found, "no live part"
    return int(found.group(1))


# ---------------------------------------------------------------- the cut itself


def marks(*rows: tuple[int, str, int, int | None]) -> list[tuple[int, str, Any, int | None]]:
    """Log entries (index, kind, seconds after T0, taken back by) as the cut reads them."""
    return [(i, k, T0 + datetime.timedelta(seconds=s), by) for i, k, s, by in rows]


LOG = marks(
    (0, "draw", 0, None),
    (1, "draw", 0, None),
    (2, "start", 1, None),
    (3, "place", 10, None),
    (4, "press", 11, None),
    (5, "draw", 11, None),
    (6, "place", 20, None),
    (7, "press", 21, None),
    (8, "draw", 21, None),
    (9, "place", 30, None),
)


def test_placements_back_cut_before_the_nth_last_placement() -> None:
    assert cut(LOG, 0, 1, T0) == Sight(upto=9)
    assert cut(LOG, 0, 2, T0) == Sight(upto=6)
    assert cut(LOG, 0, 3, T0) == Sight(upto=3)
    assert cut(LOG, 0, 5, T0) == Sight(upto=3)  # fewer placements: the game before its first
    assert cut(LOG[:3], 0, 2, T0) == WHOLE  # no placement yet: nothing to hold back


def test_a_placement_taken_back_is_not_counted_and_a_take_back_after_the_cut_not_made() -> None:
    log = LOG + marks((10, "takeback", 40, None))
    log[9] = (9, "place", T0 + datetime.timedelta(seconds=30), 10)  # taken back by entry 10
    assert cut(log, 0, 1, T0) == Sight(upto=6)
    seen = Sight(upto=10)
    assert seen.shows(9) and not seen.taken_back(10)  # in sight, placement 9 still stands


def test_seconds_back_cut_at_the_first_entry_made_since_and_say_when_it_shows() -> None:
    at = T0 + datetime.timedelta(seconds=45)
    # 30 s back from 0:45 is 0:15: the placement made at 0:20 shows at 0:50.
    assert cut(LOG, 30, 0, at) == Sight(upto=6, reveal_at=T0 + datetime.timedelta(seconds=50))
    assert cut(LOG, 10, 0, at) == WHOLE  # everything is ten seconds old
    assert cut(LOG, 30, 1, at).upto == 6  # both set: the older (one placement back: 9)
    assert cut(LOG, 5, 2, at).upto == 6  # (five seconds back: 9 too)


# ---------------------------------------------------------------- the pages and the API


def test_a_spectator_sees_two_placements_behind_and_the_arbiter_and_seat_as_it_is() -> None:
    online = online_board(placements=2)
    place(online, 3)
    live = api_state(online, online.arbiter)
    assert plies(live) == 3 and live["delayed"] is False
    assert plies(api_state(online, online.seated)) == 3
    for viewer in (None, online.other):
        seen = api_state(online, viewer)
        assert plies(seen) == 1 and seen["delayed"] is True
        assert seen["next_index"] == placement_indices(online)[1]
        assert max(entry["index"] for entry in seen["log"]) < seen["next_index"]
        assert seen["clock"]["running"] is False


def test_every_spectators_path_shows_the_delayed_game(client: Client) -> None:
    online = online_board(placements=2)
    place(online, 3)
    pk, slug = online.board.pk, online.event.slug
    record = client.get(reverse("game-record-json", args=[pk])).json()
    assert [a["type"] for a in record["actions"]] == ["place"]
    frames = APIClient().get(reverse("api-game-frames", args=[pk])).json()
    assert len(frames) == 2  # the start and one placement
    viewer = client.get(reverse("game-view", args=[pk])).content.decode()
    assert viewer.count('class="link move"') == 2  # the start and one placement
    page = client.get(reverse("game-board", args=[pk])).content.decode()
    assert expected_index(page) == placement_indices(online)[1]
    assert "Spectators see this online board behind the play" in page
    boards = client.get(reverse("event-live-boards", args=[slug])).content.decode()
    assert re.search(r"\b1 move\b", boards), boards
    projector = client.get(reverse("event-projector-screens", args=[slug])).content.decode()
    assert re.search(r"\b1 move\b", projector) or "lb-moves" not in projector


def test_the_page_cache_does_not_serve_one_viewers_rendering_to_the_other() -> None:
    online = online_board(placements=2)
    place(online, 3)
    url = reverse("game-board", args=[online.board.pk])
    anonymous, arbiter = Client(), Client()
    arbiter.force_login(online.arbiter)
    behind, now = placement_indices(online)[1], online.game.log_length
    assert expected_index(anonymous.get(url).content.decode()) == behind  # cached
    assert expected_index(arbiter.get(url).content.decode()) == now
    assert expected_index(anonymous.get(url).content.decode()) == behind
    live = reverse("game-board-live", args=[online.board.pk])
    assert expected_index(arbiter.get(live, HTTP_HX_REQUEST="true").content.decode()) == now
    polled = anonymous.get(live, HTTP_HX_REQUEST="true")
    assert expected_index(polled.content.decode()) == behind


def test_a_seconds_delay_shows_a_placement_once_it_is_that_old_without_a_write() -> None:
    with time_machine.travel(T0 - datetime.timedelta(minutes=1), tick=False):
        online = online_board(seconds=30)  # dealt and started a minute before
    with time_machine.travel(T0 + datetime.timedelta(seconds=5), tick=False):
        place(online, 1)
    client = Client()
    url = reverse("game-board-live", args=[online.board.pk])
    with time_machine.travel(T0 + datetime.timedelta(seconds=20), tick=False):
        assert plies(api_state(online)) == 0
        assert plies(api_state(online, online.arbiter)) == 1
        early = client.get(url, HTTP_HX_REQUEST="true")
        assert expected_index(early.content.decode()) == placement_indices(online)[0]
        reveal = re.search(r'data-reveal-ms="(\d+)"', early.content.decode())
        assert reveal and 14_000 <= int(reveal.group(1)) <= 16_000
        version = early["X-Version"]
    with time_machine.travel(T0 + datetime.timedelta(seconds=40), tick=False):
        assert plies(api_state(online)) == 1
        # The poll holding the earlier version gets the placement: no write announced it.
        late = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)
        assert late.status_code == 200
        assert expected_index(late.content.decode()) == online.game.log_length


def test_both_delays_show_the_older_position() -> None:
    with time_machine.travel(T0, tick=False):
        online = online_board(seconds=60, placements=1)
        place(online, 2)
    with time_machine.travel(T0 + datetime.timedelta(seconds=10), tick=False):
        assert plies(api_state(online)) == 0  # a minute back: before either placement
    with time_machine.travel(T0 + datetime.timedelta(minutes=5), tick=False):
        assert plies(api_state(online)) == 1  # a placement back


def test_the_whole_game_once_it_is_over(client: Client) -> None:
    online = online_board(placements=2)
    place(online, 3)
    Game.objects.filter(pk=online.game.pk).update(status=Game.Status.FINISHED)
    seen = api_state(online)
    assert plies(seen) == 3 and seen["delayed"] is False


def test_a_venue_board_is_never_delayed() -> None:
    online = online_board(placements=2)
    Game.objects.filter(pk=online.game.pk).update(mode="")
    assert api_state(online)["delayed"] is False


# ---------------------------------------------------------------- the director sets it


def test_the_director_sets_the_delay_on_the_event_form() -> None:
    online = online_board()
    director = director_of(online.event)
    client = Client()
    client.force_login(director)
    page = client.get(reverse("event-edit", args=[online.event.slug])).content.decode()
    assert 'name="online_delay_seconds"' in page and 'name="online_delay_placements"' in page
    update_event(
        event=online.event,
        user=director,
        data={"online_delay_seconds": 45, "online_delay_placements": 3},
    )
    online.event.refresh_from_db()
    assert (online.event.online_delay_seconds, online.event.online_delay_placements) == (45, 3)
    with pytest.raises(DomainError, match="online delay placements"):
        update_event(event=online.event, user=director, data={"online_delay_placements": -1})


def test_a_delay_set_during_the_round_shows_at_once_on_the_live_pages(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    online = online_board()
    place(online, 3)
    url = reverse("event-live-boards", args=[online.event.slug])
    assert re.search(r"\b3 moves\b", client.get(url).content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        update_event(
            event=online.event,
            user=director_of(online.event),
            data={"online_delay_placements": 2},
        )
    assert re.search(r"\b1 move\b", client.get(url).content.decode())
