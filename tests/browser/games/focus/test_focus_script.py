"""static/js/focus.js in a browser: a seated player's page, hidden and shown again, posts each
change to the game's focus endpoint, which keeps it with the server's time."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser

from games.focus.models import FocusChange
from tests.browser.conftest import log_in
from tests.games.focus.test_focus import online_game

FLIP = """hidden => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tasks_in_process")
def test_the_script_posts_each_change_of_the_pages_visibility(
    browser: Browser, live_server: object
) -> None:
    game, _ada, _alan = online_game()
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context()
    page = context.new_page()
    try:
        log_in(page, base, "ada", "correct-horse-battery")
        page.goto(f"{base}/")
        page.add_script_tag(url=f"{base}/static/js/focus.js")
        token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
        url = reverse("play-focus", args=[game.pk])
        page.evaluate("([url, token]) => window.ingeniousFocus(url, token)", [url, token])
        with page.expect_response(lambda r: r.url.endswith(url) and r.status == 201):
            page.evaluate(FLIP, True)
        with page.expect_response(lambda r: r.url.endswith(url) and r.status == 201):
            page.evaluate(FLIP, False)
    finally:
        context.close()
    changes = list(FocusChange.objects.filter(game=game).order_by("at", "pk"))
    assert [(c.seat, c.hidden) for c in changes] == [(0, True), (0, False)]
    assert all(c.client_at is not None for c in changes)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("tasks_in_process")
def test_the_players_game_page_reports_when_it_is_hidden(
    browser: Browser, live_server: object
) -> None:
    game, _ada, _alan = online_game()
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context()
    page = context.new_page()
    url = reverse("play-focus", args=[game.pk])
    try:
        log_in(page, base, "ada", "correct-horse-battery")
        page.goto(f"{base}/play/{game.pk}/")
        with page.expect_response(lambda r: r.url.endswith(url) and r.status == 201):
            page.evaluate(FLIP, True)
    finally:
        context.close()
    assert list(FocusChange.objects.filter(game=game).values_list("seat", "hidden")) == [(0, True)]
