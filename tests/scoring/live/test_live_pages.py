"""The public live page, its cached fragments, the projector and the board QR codes."""

import gzip
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.clocks.services import start_clock
from games.recording.setup import create_games_for_round
from scoring.live import cache as live_cache
from scoring.standings import cache as standings_cache
from tests.factories import EventCreatorFactory, UserFactory, director_of
from tests.scoring.builders import HandBuilt, swiss_field
from tournament import effects
from tournament.events.services import create_event
from tournament.models.events import Board, Round
from tournament.results.services import set_board_result


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()


def event_in_play(players: int) -> HandBuilt:
    """Three rounds with results, a fourth published with its games not started."""
    built = swiss_field(players, rounds=3)
    names = list(built.entries)
    half = players // 2
    built.round(4, [(names[i], names[half + i], "", None, None) for i in range(half)])
    create_games_for_round(built.rounds[4])
    return built


def first_board_won(built: HandBuilt, on_commit: Any) -> None:
    """A director enters 1-0 on round 4's board 1; the after-commit work runs at once."""
    board = Board.objects.get(round=built.rounds[4], number=1)
    with on_commit(execute=True):
        set_board_result(
            board=board,
            result="1-0",
            user=director_of(built.event, username=f"td-{board.pk}"),
            first_lowest=12,
            second_lowest=9,
        )


@pytest.mark.django_db
def test_live_page_shows_the_round_and_the_standings(client: Client) -> None:
    built = event_in_play(8)
    response = client.get(f"/events/{built.event.slug}/live/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Round 4 of" in body
    assert 'id="live-board-4"' in body
    assert "P000" in body and "P007" in body
    assert 'hx-get="/events/' in body  # the fragments poll by themselves
    assert response["X-Server-Ms"].isdigit()


@pytest.mark.django_db
def test_fragments_are_served_from_the_cache_until_a_result_changes(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    first = client.get(url).content
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert again.content == first
    assert len(queries) == 0, [q["sql"] for q in queries]
    assert 'data-result="1-0"' not in first.decode()

    first_board_won(built, django_capture_on_commit_callbacks)
    after = client.get(url).content.decode()
    assert 'data-result="1-0"' in after
    standings = client.get(f"/events/{built.event.slug}/live/standings/").content.decode()
    assert "P000" in standings


@pytest.mark.django_db
def test_a_fragment_is_served_in_each_readers_language(client: Client) -> None:
    """The English rendering of a version is never served to a German reader, nor its ETag
    taken for the German one (both were cached under the version alone)."""
    built = event_in_play(4)
    url = f"/events/{built.event.slug}/live/boards/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en-gb")
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert "Watch live" in english.content.decode()
    assert "Live zusehen" in german.content.decode()
    assert "Watch live" not in german.content.decode()
    assert german["ETag"] != english["ETag"]
    assert "Accept-Language" in german["Vary"] and "Cookie" in german["Vary"]
    revalidated = client.get(url, HTTP_ACCEPT_LANGUAGE="de", HTTP_IF_NONE_MATCH=english["ETag"])
    assert revalidated.status_code == 200 and "Live zusehen" in revalidated.content.decode()
    client.cookies["django_language"] = "de"
    page = client.get(f"/events/{built.event.slug}/live/").content.decode()
    assert "Live zusehen" in page and "Watch live" not in page


@pytest.mark.django_db
def test_a_started_clock_is_sent_with_the_server_time_it_refers_to(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(4)
    board = Board.objects.get(round=built.rounds[4], number=1)
    arbiter = UserFactory(username="arb-live", is_superuser=True)
    game = board.game
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        start_clock(game=game, user=arbiter, expected_index=game.log_length)
    body = client.get(f"/events/{built.event.slug}/live/boards/").content.decode()
    assert 'data-running="1"' in body
    assert "data-at-ms=" in body
    assert "in play" in body


@pytest.mark.django_db
def test_a_poll_that_finds_nothing_new_gets_304_with_the_server_time(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/boards/"
    first = client.get(url)
    assert first.status_code == 200 and "s-maxage=2" in first["Cache-Control"]
    etag = first["ETag"]

    unchanged = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    assert unchanged["X-Server-Ms"].isdigit() and unchanged["ETag"] == etag

    first_board_won(built, django_capture_on_commit_callbacks)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert 'data-result="1-0"' in changed.content.decode()


@pytest.mark.django_db
def test_fragments_are_sent_gzipped_to_clients_that_accept_it(client: Client) -> None:
    built = event_in_play(8)
    url = f"/events/{built.event.slug}/live/standings/"
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content)


@pytest.mark.django_db
@pytest.mark.parametrize("fragment", ["boards", "standings", "projector/screens"])
def test_a_cold_fragment_costs_the_same_queries_for_any_field(
    client: Client, fragment: str
) -> None:
    counts = []
    for players in (6, 40):
        built = event_in_play(players)
        prefix = "live/" if fragment != "projector/screens" else ""
        url = f"/events/{built.event.slug}/{prefix}{fragment}/"
        client.get(url)
        # Cold: a new live version (read afresh with the slug) and no cached standings.
        cache.delete(effects.live_key(built.event.slug))
        cache.delete(standings_cache.cache_key(built.event.pk))
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


@pytest.mark.django_db
def test_projector_fragment_splits_standings_into_screens_of_40(client: Client) -> None:
    built = event_in_play(44)
    body = client.get(f"/events/{built.event.slug}/projector/screens/").content.decode()
    assert 'data-screen="pairings"' in body
    assert 'data-screen="standings-1"' in body and 'data-screen="standings-2"' in body
    assert "(2/2)" in body


@pytest.mark.django_db
def test_board_qr_code_opens_the_board_page(client: Client) -> None:
    built = event_in_play(4)
    board = Board.objects.get(round=built.rounds[4], number=1)
    response = client.get(f"/boards/{board.pk}/qr.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in response.content and b"<path" in response.content

    Round.objects.filter(pk=built.rounds[4].pk).update(status=Round.Status.DRAFT)
    assert client.get(f"/boards/{board.pk}/qr.svg").status_code == 404


@pytest.mark.django_db
def test_unknown_event_is_404_not_500(client: Client) -> None:
    assert client.get("/events/no-such-event/live/").status_code == 404
    assert client.get("/events/no-such-event/live/boards/").status_code == 404


@pytest.mark.django_db
def test_a_bump_between_a_pollers_miss_and_its_write_keeps_the_newer_version() -> None:
    built = event_in_play(4)
    slug, event_id = built.event.slug, built.event.pk
    bumped: list[object] = []

    def lookup_while_a_result_commits() -> int:
        effects.bump_live(event_id)
        bumped.append(cache.get(effects.live_key(slug)))
        return event_id

    live = live_cache.current(slug, lookup_while_a_result_commits)
    assert live is not None and live.event_id == event_id
    assert bumped == [(event_id, live.version)]
    assert live_cache.current(slug, lambda: None) == live


@pytest.mark.django_db
def test_a_slug_that_named_a_deleted_event_leads_to_the_event_that_has_it_now(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    creator = EventCreatorFactory()
    with django_capture_on_commit_callbacks(execute=True):
        old = create_event(user=creator, data={"name": "Summer Open"})
    assert client.get(f"/events/{old.slug}/live/").status_code == 200  # cached for the slug
    old_pk = old.pk
    old.delete()
    with django_capture_on_commit_callbacks(execute=True):  # the slug is free: made again
        new = create_event(user=creator, data={"name": "Summer Open"})
    assert new.slug == old.slug
    assert client.get(f"/events/{new.slug}/live/").status_code == 200
    assert cache.get(effects.live_key(new.slug))[0] == new.pk

    # Had the new event's creation not reached the cache, the page finds the event itself.
    cache.set(effects.live_key(new.slug), (old_pk, "stale"), 60)
    assert client.get(f"/events/{new.slug}/live/").status_code == 200
    assert cache.get(effects.live_key(new.slug))[0] == new.pk
