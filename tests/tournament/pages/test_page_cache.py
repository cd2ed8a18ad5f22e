"""Public pages rendered once per change (tournament.web.page_cache): a write shows at once, ETag
and 304, Vary, gzip only when accepted, no CSRF token in a compressed page, and each language and
htmx partial cached apart."""

import gzip
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tests.factories import director_of
from tests.scoring.live.test_live_pages import event_in_play, first_board_won
from tournament.rounds.review import review_of as rounds_review_of
from tournament.rounds.services import compute_draft, start_pairing, swap_players
from tournament.web import drafts, page_cache

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()
    page_cache.forget_served()


def public_urls(slug: str, board_pk: int, entry_pk: int) -> list[str]:
    return [
        f"/events/{slug}/",
        f"/events/{slug}/rounds/4/",
        f"/events/{slug}/standings/",
        f"/events/{slug}/crosstable/",
        f"/events/{slug}/player/{entry_pk}/",
        f"/events/{slug}/live/",
        f"/events/{slug}/projector/",
        f"/games/board/{board_pk}/",
        f"/games/board/{board_pk}/view/",
    ]


def built_urls(players: int = 8) -> tuple[object, list[str]]:
    built = event_in_play(players)
    board = built.rounds[4].boards.get(number=1)
    return built, public_urls(built.event.slug, board.pk, built["P000"].pk)


def test_every_public_page_is_served_from_the_cache_the_second_time(client: Client) -> None:
    _, urls = built_urls()
    for url in urls:
        first = client.get(url)
        assert first.status_code == 200, url
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url)
        assert again.content == first.content, url
        assert len(queries) == 0, (url, [q["sql"] for q in queries])


def test_a_result_shows_on_every_page_right_after_it_is_entered(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built, urls = built_urls()
    round_page = f"/events/{built.event.slug}/rounds/4/"
    standings = f"/events/{built.event.slug}/standings/"
    before_round = client.get(round_page).content.decode()
    before_standings = client.get(standings).content.decode()
    assert "1-0" not in re.search(r'<tr id="board-1".*?</tr>', before_round, re.S).group()

    first_board_won(built, django_capture_on_commit_callbacks)
    after_round = client.get(round_page).content.decode()
    assert "1-0" in re.search(r'<tr id="board-1".*?</tr>', after_round, re.S).group()
    assert client.get(standings).content.decode() != before_standings
    live = client.get(f"/events/{built.event.slug}/live/").content.decode()
    assert 'data-result="1-0"' in live


def test_etag_is_strong_and_answers_304_until_a_change(
    client: Client, django_capture_on_commit_callbacks: object
) -> None:
    built, _ = built_urls()
    url = f"/events/{built.event.slug}/standings/"
    first = client.get(url)
    etag = first["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    # Shared for a moment by a CDN, then revalidated with the ETag (see test_shared_cache.py).
    assert "public" in first["Cache-Control"] and "s-maxage=2" in first["Cache-Control"]

    unchanged = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag
    # The gzipped copy has its own tag; either tells the server the client is up to date.
    packed = client.get(url, **GZIP)
    assert packed["ETag"] != etag
    assert client.get(url, HTTP_IF_NONE_MATCH=packed["ETag"]).status_code == 304

    first_board_won(built, django_capture_on_commit_callbacks)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_pages_say_what_they_vary_on(client: Client) -> None:
    _, urls = built_urls()
    for url in urls:
        vary = {v.strip().lower() for v in client.get(url)["Vary"].split(",")}
        assert {"accept-encoding", "hx-request", "cookie", "accept-language"} <= vary, url


def test_the_htmx_table_and_the_whole_page_are_cached_apart(client: Client) -> None:
    built, _ = built_urls()
    url = f"/events/{built.event.slug}/standings/"
    whole = client.get(url).content.decode()
    table = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" in whole and "<html" not in table
    assert 'id="standings-table"' in table
    assert client.get(url).content.decode() == whole
    assert "HX-Request" in client.get(url, HTTP_HX_REQUEST="true")["Vary"]


def test_gzip_only_for_clients_that_accept_it(client: Client) -> None:
    _, urls = built_urls()
    for url in urls:
        plain = client.get(url)
        packed = client.get(url, **GZIP)
        assert "Content-Encoding" not in plain, url
        assert packed["Content-Encoding"] == "gzip", url
        assert gzip.decompress(packed.content) == plain.content, url
        assert len(packed.content) < len(plain.content), url


def test_no_compressed_page_carries_a_csrf_token(client: Client) -> None:
    _, urls = built_urls()
    for url in urls:
        packed = client.get(url, **GZIP)
        assert packed["Content-Encoding"] == "gzip", url
        body = gzip.decompress(packed.content).decode()
        assert "csrfmiddlewaretoken" not in body, url
        assert "csrftoken" not in packed.cookies, url


def test_a_page_that_uses_the_csrf_token_is_neither_cached_nor_compressed() -> None:
    renders: list[int] = []

    def form(request: HttpRequest) -> HttpResponse:
        renders.append(1)
        return HttpResponse(f'<input name="csrfmiddlewaretoken" value="{get_token(request)}">' * 50)

    view = page_cache.cached_page(lambda request: "v1")(form)
    for _ in range(2):
        request = RequestFactory().get("/form/", HTTP_ACCEPT_ENCODING="gzip")
        request._messages = []  # type: ignore[attr-defined]  # no MessageMiddleware here
        response = view(request)
        assert "Content-Encoding" not in response
    assert len(renders) == 2


def test_german_and_english_are_cached_apart(client: Client) -> None:
    built, _ = built_urls()
    url = f"/events/{built.event.slug}/standings/"
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    # The language switch marks the language the page was rendered in.
    assert re.search(r'<option value="de"[^>]*selected', german)
    assert re.search(r'<option value="en-gb"[^>]*selected', english)
    assert not re.search(r'<option value="de"[^>]*selected', english)
    client.cookies["django_language"] = "de"
    assert client.get(url).content.decode() == german


def test_the_cache_key_holds_the_language() -> None:
    def language(request: HttpRequest) -> HttpResponse:
        return HttpResponse(translation.get_language())

    view = page_cache.cached_page(lambda request: "v1")(language)
    for code in ("de", "en-gb", "de"):
        request = RequestFactory().get("/language/")
        request._messages = []  # type: ignore[attr-defined]
        with translation.override(code):
            assert view(request).content.decode() == code


def test_signed_in_staff_get_their_own_rendering_never_the_cached_one(client: Client) -> None:
    built, _ = built_urls()
    url = f"/events/{built.event.slug}/rounds/4/"
    public = client.get(url).content.decode()
    client.force_login(director_of(built.event, username="td-cache"))
    own = client.get(url)
    assert "private" in own["Cache-Control"] and "ETag" not in own
    assert "td-cache" in own.content.decode() and "td-cache" not in public
    client.logout()
    assert "td-cache" not in client.get(url).content.decode()


def test_the_directors_review_is_computed_again_only_when_the_draft_changes(
    client: Client, django_capture_on_commit_callbacks: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.tournament.rounds.test_public_pairings import swiss_event

    event, td = swiss_event()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        round_ = start_pairing(event=event, user=td)
        compute_draft(round_.pk)
    reviews: list[int] = []
    monkeypatch.setattr(drafts, "review_of", lambda r: reviews.append(r.pk) or rounds_review_of(r))
    client.force_login(td)
    url = f"/events/{event.slug}/rounds/1/"

    def page() -> str:  # a director's page carries the CSRF token, masked anew each time
        body = client.get(url).content.decode()
        return re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", body)

    first = page()
    assert page() == first and 'class="score"' in first
    assert reviews == [round_.pk]

    board = round_.boards.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        swap_players(
            round_=round_, user=td, first=board.sides[0], second=board.sides[1], reason="seat check"
        )
    after = page()
    assert reviews == [round_.pk, round_.pk]
    assert "seat check" in after


def test_the_language_switch_works_without_a_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "de"


def test_three_hundred_junk_query_strings_make_one_cache_entry(client: Client) -> None:
    """?utm=1 ... ?utm=300 is one page: rendered once, stored once, served to all."""
    _, urls = built_urls()
    first = client.get(urls[0])
    with CaptureQueriesContext(connection) as queries:
        pages = [client.get(f"{urls[0]}?utm={i}") for i in range(300)]
    assert len(queries) == 0  # not one of them rendered the page again
    assert {page.content for page in pages} == {first.content}


def test_no_public_page_reflects_or_is_keyed_by_a_query_it_does_not_read(client: Client) -> None:
    _, urls = built_urls()
    for url in urls:
        plain = client.get(url)
        with CaptureQueriesContext(connection) as queries:
            junk = client.get(f"{url}?fbclid=x1&utm_source=mail")
        assert len(queries) == 0, url
        assert junk.content == plain.content, url
        assert b"fbclid" not in junk.content, url


def test_a_page_is_keyed_by_the_parameters_it_declares_in_any_order() -> None:
    seen: list[str] = []

    def stepper(request: HttpRequest) -> HttpResponse:
        seen.append(request.get_full_path())
        return HttpResponse(f"step {request.GET.get('step')} of {request.GET.get('utm')}")

    view = page_cache.cached_page(lambda request: "v1", params=("step", "size"))(stepper)

    def get(query: str) -> str:
        request = RequestFactory().get(f"/steps/?{query}")
        request._messages = []  # type: ignore[attr-defined]  # no MessageMiddleware here
        return view(request).content.decode()

    assert get("step=2&utm=a") == "step 2 of None"
    assert get("utm=b&step=2") == "step 2 of None"
    assert get("size=1&step=2&x=y") == "step 2 of None"
    assert get("step=3") == "step 3 of None"
    # Rendered for step 2 (once), step 2 with size 1, and step 3; never seeing the junk.
    assert seen == ["/steps/?step=2", "/steps/?step=2&size=1", "/steps/?step=3"]
