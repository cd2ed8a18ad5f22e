"""The spectators' window (SPECTATOR_STALE_SECONDS, tournament.web.page_cache.spectators_entry):
an anonymous spectator is served the live version pinned when the window began, at most one
window behind; arbiters, directors and seated players always get the current version, and
never a rendering made for spectators, nor a spectator one made for them."""

import datetime
from typing import Any

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client

from tests.factories import UserFactory, arbiter_of, director_of
from tests.scoring.live.test_live_pages import event_in_play, first_board_won
from tournament.models.events import Board
from tournament.web import page_cache

pytestmark = pytest.mark.django_db

# The start of a window of one second (aligned on the clock: 12:00:00.000).
START = datetime.datetime(2026, 11, 28, 12, 0, 0, tzinfo=datetime.UTC)
WON = 'data-result="1-0"'


@pytest.fixture(autouse=True)
def _window(settings: Any) -> None:
    settings.SPECTATOR_STALE_SECONDS = 1
    cache.clear()
    page_cache.forget_served()


def at(seconds: float) -> Any:
    return time_machine.travel(START + datetime.timedelta(seconds=seconds), tick=False)


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def board_one(built: Any) -> Board:
    return Board.objects.get(round=built.rounds[4], number=1)


def live_urls(built: Any) -> list[str]:
    slug, board = built.event.slug, board_one(built).pk
    return [
        f"/events/{slug}/live/boards/",
        f"/events/{slug}/live/",
        f"/events/{slug}/projector/screens/",
        f"/games/board/{board}/",
        f"/games/board/{board}/live/",
    ]


def test_a_spectator_sees_a_change_within_one_window_and_not_before_it_ends(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(8)
    urls = live_urls(built)
    with at(0.1):
        before = {url: client.get(url).content for url in urls}
        first_board_won(built, django_capture_on_commit_callbacks)
    with at(0.9):  # the same window: the version pinned at 0.1, the same bytes
        for url in urls:
            assert client.get(url).content == before[url], url
    with at(1.0):  # the next window: pinned now, after the result
        for url in urls:
            assert client.get(url).content != before[url], url
        assert WON in client.get(urls[0]).content.decode()


def test_the_window_can_be_turned_off(
    client: Client, settings: Any, django_capture_on_commit_callbacks: object
) -> None:
    settings.SPECTATOR_STALE_SECONDS = 0
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    with at(0.1):
        assert WON not in client.get(url).content.decode()
        first_board_won(built, django_capture_on_commit_callbacks)
        assert WON in client.get(url).content.decode()


def test_a_longer_window_holds_a_change_back_as_long_and_no_longer(
    client: Client, settings: Any, django_capture_on_commit_callbacks: object
) -> None:
    settings.SPECTATOR_STALE_SECONDS = 5
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    with at(0.5):
        client.get(url)
        first_board_won(built, django_capture_on_commit_callbacks)
    with at(4.9):
        assert WON not in client.get(url).content.decode()
    with at(5.0):
        assert WON in client.get(url).content.decode()


def test_every_process_serves_the_version_the_first_one_pinned(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    with at(0.1):
        before = client.get(url).content
        first_board_won(built, django_capture_on_commit_callbacks)
        page_cache.forget_served()  # another process: nothing of this one's in memory
        assert client.get(url).content == before


@pytest.mark.parametrize("role", ["arbiter", "director", "seated player"])
def test_signed_in_users_see_a_change_at_once_while_spectators_wait(
    client: Client, role: str, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(8)
    if role == "arbiter":
        user = arbiter_of(built.event)
    elif role == "director":
        user = director_of(built.event, username="td-watching")
    else:
        user = UserFactory(username="seated")
        player = board_one(built).seats.get(number=0).entry.player
        player.user = user
        player.save(update_fields=["user"])
    staff = signed_in(user)
    slug = built.event.slug
    with at(0.1):
        client.get(f"/events/{slug}/live/boards/")
        client.get(f"/events/{slug}/live/")
        first_board_won(built, django_capture_on_commit_callbacks)
    with at(0.5):
        for url in (f"/events/{slug}/live/boards/", f"/events/{slug}/live/"):
            assert WON in staff.get(url).content.decode(), url
            assert WON not in client.get(url).content.decode(), url


def test_a_spectator_never_gets_the_arbiters_board_page_nor_the_arbiter_a_spectators(
    client: Client,
) -> None:
    built = event_in_play(8)
    arbiter = signed_in(arbiter_of(built.event))
    board = board_one(built).pk
    recording = 'name="op" value="start"'
    with at(0.1):
        for url in (f"/games/board/{board}/", f"/games/board/{board}/live/"):
            # The arbiter first: nothing of the arbiter's rendering is kept for spectators.
            assert recording in arbiter.get(url).content.decode(), url
            spectators = client.get(url)
            assert spectators.status_code == 200
            assert recording not in spectators.content.decode(), url
            assert "csrfmiddlewaretoken" not in spectators.content.decode(), url
            # The spectators' rendering is now cached: the arbiter still gets the controls.
            assert recording in arbiter.get(url).content.decode(), url
            assert "private" in arbiter.get(url)["Cache-Control"], url


def test_a_poll_holding_the_windows_version_is_answered_204_and_later_gets_the_change(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    with at(0.1):
        first = client.get(url, HTTP_HX_REQUEST="true")
        held = first["X-Version"]
        first_board_won(built, django_capture_on_commit_callbacks)
    with at(0.8):
        again = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=held)
        assert again.status_code == 204
    with at(1.2):
        later = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=held)
        assert later.status_code == 200
        assert later["X-Version"] != held
        assert WON in later.content.decode()


def test_a_spectator_told_of_a_change_by_the_socket_gets_it_within_the_window(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    """A page whose socket heard the new version fetches with it (X-Pushed-Version, push.js):
    the window's pinned version, read before the change, would show nothing new, and nothing
    would tell the page again. A version nobody pushed does not get past the window."""
    built = event_in_play(8)
    urls = live_urls(built)
    with at(0.1):
        before = {url: client.get(url).content for url in urls}
        first_board_won(built, django_capture_on_commit_callbacks)
    pushed = page_cache.live_entry(built.event.slug)
    assert pushed is not None
    with at(0.5):
        for url in urls:
            told = client.get(url, headers={page_cache.PUSHED_HEADER: pushed[1]})
            assert told.content != before[url], url
        assert WON in client.get(urls[0], headers={page_cache.PUSHED_HEADER: pushed[1]}).text
        for url in urls:
            guessed = client.get(url, headers={page_cache.PUSHED_HEADER: "not-a-version"})
            assert guessed.content == before[url], url
