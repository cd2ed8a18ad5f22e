"""The demo event's pages crawled as a visitor and as its director (issue 25, item 5): with
every account's user name an e-mail address, as sign-up makes it, no page shows another
person's address or its local part."""

import re
from collections import deque
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tournament.demo import DEMO_EVENT_SLUG

pytestmark = pytest.mark.usefixtures("tasks_in_process")

LINK = re.compile(r'href="(/[^"#]*)"')
SKIPPED = ("/admin/", "/static/", "/i18n/", "/accounts/logout/", "/api/docs/", "/api/schema/")
BINARY = (".pdf", ".zip", ".trf")
MOST_PAGES = 200


def private(user: Any) -> str:
    """A distinctive address, so its local part cannot turn up by chance."""
    return f"zq{user.pk}{user.username}xw@example.org"


def crawl(client: Client, start: list[str]) -> dict[str, str]:
    """GET every page reachable from ``start`` by the links on the pages (and each game's state
    with its log, which the board page fetches by script), at most MOST_PAGES of them."""
    seen: dict[str, str] = {}
    todo = deque(start)
    while todo and len(seen) < MOST_PAGES:
        url = todo.popleft()
        if url in seen or url.startswith(SKIPPED) or url.split("?")[0].endswith(BINARY):
            continue
        response = client.get(url)
        body = response.content.decode(errors="replace") if response.status_code == 200 else ""
        seen[url] = body
        links = [link.replace("&amp;", "&") for link in LINK.findall(body)]
        if match := re.fullmatch(r"/games/board/(\d+)/", url):
            links.append(f"/api/games/{match[1]}/?log=true")
        todo.extend(link for link in links if link not in seen)
    return seen


@pytest.mark.django_db
def test_no_page_of_the_demo_shows_an_address_but_ones_own() -> None:
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115, PTH123
    users = list(get_user_model().objects.all())
    for user in users:
        user.username = user.email = private(user)
        user.save(update_fields=["username", "email"])
    director = next(u for u in users if "director" in u.username)
    visitor, signed_in = Client(), Client()
    signed_in.force_login(director)
    start = ["/", "/events/", "/festivals/", "/ratings/"]
    for client, owner in ((visitor, None), (signed_in, director)):
        pages = crawl(client, start)
        assert len([body for body in pages.values() if body]) >= 30, "the crawl reached pages"
        assert any("/games/board/" in url for url in pages), "and the games' logs"
        if owner is not None:
            staff_pages = [f"/events/{DEMO_EVENT_SLUG}/{page}/" for page in ("log", "roles")]
            assert all(pages.get(url) for url in staff_pages), "and the director's pages"
        for user in users:
            if user == owner:
                continue
            local = user.email.split("@")[0]
            leaks = [url for url, body in pages.items() if local in body]
            assert leaks == [], (user.email, leaks)
