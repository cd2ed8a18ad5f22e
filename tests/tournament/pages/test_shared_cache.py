"""What a CDN may keep: the public pages' anonymous answers say ``public`` with a short shared
lifetime and revalidate with their ETag (304); a signed-in user's answer, one that sets a cookie
or carries the CSRF token, and a visitor's own message stay private (tournament.web.page_cache,
tournament.web.middleware.SharedCacheGuardMiddleware)."""

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.test import Client, RequestFactory

from tests.factories import UserFactory, director_of
from tests.scoring.live.test_live_pages import first_board_won
from tests.tournament.pages.test_page_cache import built_urls
from tournament.web import page_cache
from tournament.web.middleware import SharedCacheGuardMiddleware

pytestmark = pytest.mark.django_db

PAGE = {"public", "max-age=2", "s-maxage=2", "stale-while-revalidate=10"}
# A poll is asked about every time by the browser: served stale, it would show a change late.
POLL = {"public", "max-age=0", "s-maxage=2"}
PRIVATE = {"private", "no-cache"}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()
    page_cache.forget_served()


def directives(response: HttpResponse) -> set[str]:
    return {d.strip() for d in response["Cache-Control"].split(",")}


def every_public_url() -> tuple[Any, list[str]]:
    """The public pages and the live fragments spectators poll."""
    built, urls = built_urls()
    slug = built.event.slug
    fragments = [f"/events/{slug}/live/{part}/" for part in ("boards", "standings")]
    return built, [*urls, *fragments, f"/events/{slug}/projector/screens/"]


def test_an_anonymous_answer_may_be_shared_by_a_cdn_for_two_seconds(client: Client) -> None:
    _, urls = every_public_url()
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert directives(response) == PAGE, url
        assert "X-Held-Version" in response["Vary"], url
        assert "X-Pushed-Version" in response["Vary"], url


def test_an_anonymous_poll_is_shared_but_never_served_stale_by_the_browser(
    client: Client,
) -> None:
    _, urls = every_public_url()
    for url in urls:
        response = client.get(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, url
        assert directives(response) == POLL, url


def test_a_signed_in_users_answers_are_never_shared(client: Client) -> None:
    built, urls = every_public_url()
    client.force_login(director_of(built.event, username="td-shared"))
    for url in urls:
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(url, **headers)
            assert response.status_code == 200, url
            assert directives(response) == PRIVATE, (url, headers)


def test_a_visitor_who_is_only_signed_in_as_a_player_is_not_shared_either(client: Client) -> None:
    _, urls = every_public_url()
    client.force_login(UserFactory(username="spectating-player"))
    for url in urls:
        assert "public" not in directives(client.get(url)), url


def test_every_public_answer_revalidates_with_304_and_a_result_changes_its_etag(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built, urls = every_public_url()
    etags = {}
    for url in urls:
        etags[url] = client.get(url)["ETag"]
        again = client.get(url, HTTP_IF_NONE_MATCH=etags[url])
        assert again.status_code == 304, url
        assert again.content == b"", url
        assert again["ETag"] == etags[url], url
        assert directives(again) == PAGE, url  # a CDN refreshes its copy's lifetime with it

    first_board_won(built, django_capture_on_commit_callbacks)
    for url in urls:
        changed = client.get(url, HTTP_IF_NONE_MATCH=etags[url])
        assert changed.status_code == 200, url
        assert changed["ETag"] != etags[url], url


def test_a_poll_that_holds_the_current_version_gets_a_204_a_cdn_may_share(
    client: Client,
) -> None:
    built, _ = every_public_url()
    slug = built.event.slug
    for url in (f"/events/{slug}/standings/", f"/events/{slug}/live/boards/"):
        version = client.get(url, HTTP_HX_REQUEST="true")["X-Version"]
        poll = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)
        assert poll.status_code == 204, url
        assert directives(poll) == POLL, url
        # The 204 is for holders of that version alone: a CDN keys it on the held version.
        assert "X-Held-Version" in poll["Vary"], url

    client.force_login(director_of(built.event, username="td-poll"))
    url = f"/events/{slug}/standings/"
    version = client.get(url, HTTP_HX_REQUEST="true")["X-Version"]
    poll = client.get(url, HTTP_HX_REQUEST="true", HTTP_X_HELD_VERSION=version)
    assert poll.status_code == 204
    assert directives(poll) == PRIVATE


def test_a_render_that_uses_the_csrf_token_is_private() -> None:
    def form(request: HttpRequest) -> HttpResponse:
        return HttpResponse(f'<input name="csrfmiddlewaretoken" value="{get_token(request)}">')

    view = page_cache.cached_page(lambda request: "v1")(form)
    request = RequestFactory().get("/form/")
    request._messages = []  # type: ignore[attr-defined]  # no MessageMiddleware here
    assert directives(view(request)) == PRIVATE


def test_a_visitor_with_a_message_waiting_gets_a_private_page() -> None:
    view = page_cache.cached_page(lambda request: "v1")(lambda request: HttpResponse("page"))
    request = RequestFactory().get("/page/")
    request.COOKIES["messages"] = "waiting"
    request._messages = ["You have been signed out."]  # type: ignore[attr-defined]
    request.user = AnonymousUser()
    assert directives(view(request)) == PRIVATE


def shared_answer(request: HttpRequest) -> HttpResponse:
    response = HttpResponse("page")
    response["Cache-Control"] = "public, max-age=2, s-maxage=2"
    return response


def test_the_guard_makes_a_public_answer_that_sets_a_cookie_private() -> None:
    def sets_a_cookie(request: HttpRequest) -> HttpResponse:
        response = shared_answer(request)
        response.set_cookie("csrftoken", "secret")
        return response

    request = RequestFactory().get("/")
    assert directives(SharedCacheGuardMiddleware(sets_a_cookie)(request)) == PRIVATE
    assert directives(SharedCacheGuardMiddleware(shared_answer)(request)) == {
        "public",
        "max-age=2",
        "s-maxage=2",
    }


def test_the_guard_makes_a_public_answer_to_a_signed_in_user_private() -> None:
    request = RequestFactory().get("/")
    request.user = UserFactory(username="signed-in-guard")
    assert directives(SharedCacheGuardMiddleware(shared_answer)(request)) == PRIVATE
