"""The pages' sockets (tournament/web/sockets.py) through the site's ASGI application: who may
join which group, and what a socket hears when a change commits: its kind and version only."""

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from tests.factories import EventFactory, RoundFactory, director_of
from tests.games.factories import board_with_game
from tests.tournament.push.helpers import a_move, heard, socket
from tournament import effects
from tournament.models.events import Round
from tournament.web.sockets import REFUSED, SPOKE

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tasks_in_process"),
]


def opens(path: str, user: Any = None, origin: bytes | None = b"http://testserver") -> bool:
    communicator = socket(path, user, origin)  # its session stored before the loop runs

    async def attempt() -> bool:
        connected, _code = await communicator.connect()
        await communicator.disconnect()
        return bool(connected)

    return async_to_sync(attempt)()


def test_a_move_reaches_the_event_and_the_board_sockets_with_its_version_only() -> None:
    board, game, arbiter = board_with_game()
    slug = board.round.event.slug

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        live, own = socket(f"/ws/events/{slug}/live/"), socket(f"/ws/boards/{board.pk}/")
        assert (await live.connect())[0] and (await own.connect())[0]
        await database_sync_to_async(a_move)(game, arbiter)  # two changes: clock, placement
        live_heard = [await heard(live), await heard(live)]
        own_heard = [await heard(own), await heard(own)]
        assert await live.receive_nothing() and await own.receive_nothing()
        await live.disconnect()
        await own.disconnect()
        return live_heard, own_heard

    live_heard, own_heard = async_to_sync(scenario)()
    assert [set(m) for m in live_heard + own_heard] == [{"kind", "version"}] * 4
    assert [m["kind"] for m in live_heard] == ["live", "live"]
    assert [m["kind"] for m in own_heard] == ["board", "board"]
    # the board's version is its event's live version (tournament.web.page_cache.board_version)
    assert [m["version"] for m in own_heard] == [m["version"] for m in live_heard]
    assert live_heard[0]["version"] != live_heard[1]["version"]


def test_another_boards_socket_hears_nothing_of_this_move() -> None:
    board, game, arbiter = board_with_game()
    other, _other_game, _ = board_with_game()

    async def scenario() -> bool:
        elsewhere = socket(f"/ws/boards/{other.pk}/")
        assert (await elsewhere.connect())[0]
        await database_sync_to_async(a_move)(game, arbiter)
        quiet = await elsewhere.receive_nothing(timeout=0.3)
        await elsewhere.disconnect()
        return bool(quiet)

    assert async_to_sync(scenario)()


def test_the_draft_socket_is_for_the_events_directors_only() -> None:
    event = EventFactory()
    RoundFactory(event=event, number=1, status=Round.Status.PAIRING)
    director = director_of(event)
    path = f"/ws/events/{event.slug}/rounds/1/draft/"
    assert not opens(path)

    communicator = socket(path, director)

    async def scenario() -> dict[str, Any]:
        assert (await communicator.connect())[0]
        await database_sync_to_async(effects.draft_changed)(event.pk, 1)
        message = await heard(communicator)
        await communicator.disconnect()
        return message

    message = async_to_sync(scenario)()
    assert message["kind"] == "draft" and set(message) == {"kind", "version"}


def test_a_board_of_an_unpublished_round_is_for_directors_only() -> None:
    board, _game, _arbiter = board_with_game()
    Round.objects.filter(pk=board.round_id).update(status=Round.Status.DRAFT)
    assert not opens(f"/ws/boards/{board.pk}/")
    assert opens(f"/ws/boards/{board.pk}/", director_of(board.round.event))


def test_unknown_groups_events_and_boards_are_refused() -> None:
    board, _game, _arbiter = board_with_game()
    assert opens(f"/ws/events/{board.round.event.slug}/live/")
    assert not opens("/ws/events/no-such-event/live/")
    assert not opens("/ws/boards/999999/")
    assert not opens("/ws/everything/")
    assert not opens(f"/ws/events/{board.round.event.slug}/rounds/1/boards/")


def test_a_socket_from_another_sites_page_is_refused() -> None:
    board, _game, _arbiter = board_with_game()
    path = f"/ws/events/{board.round.event.slug}/live/"
    assert not opens(path, origin=b"https://elsewhere.example")
    assert not opens(path, origin=None)


def test_a_socket_that_speaks_is_closed() -> None:
    board, _game, _arbiter = board_with_game()

    async def scenario() -> Any:
        communicator = socket(f"/ws/events/{board.round.event.slug}/live/")
        assert (await communicator.connect())[0]
        await communicator.send_to(text_data="subscribe board-1")
        return await communicator.receive_output(timeout=1)

    assert async_to_sync(scenario)() == {"type": "websocket.close", "code": SPOKE}


def test_sockets_over_the_rate_of_one_address_are_refused(settings: Any) -> None:
    settings.SOCKET_RATE = "2/minute"
    board, _game, _arbiter = board_with_game()
    path = f"/ws/events/{board.round.event.slug}/live/"
    assert [opens(path) for _ in range(3)] == [True, True, False]


def test_a_refused_socket_is_told_why_by_its_close_code() -> None:
    async def scenario() -> tuple[bool, int]:
        connected, code = await socket("/ws/boards/999999/").connect()
        return bool(connected), int(code)

    assert async_to_sync(scenario)() == (False, REFUSED)
