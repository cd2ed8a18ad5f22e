"""A director creates an event, imports 12 players, pairs and publishes round 1, in Chromium."""

import datetime
import re

import pytest
from django.db.models import Count
from playwright.sync_api import Page, expect

from tests.browser.conftest import log_in
from tests.factories import EventCreatorFactory
from tournament.models.events import Board, Event, Round

PLAYERS_CSV = "name,club,country,rating\n" + "\n".join(
    f"Player {chr(65 + n)} Surname,Club {n % 3},ENG,{2100 - 25 * n}" for n in range(12)
)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_creates_imports_pairs_and_publishes(
    page: Page, live_server: object, task_runner: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    EventCreatorFactory(username="td")
    log_in(page, base, "td", "correct-horse-battery")

    page.goto(f"{base}/events/new/")
    page.fill("#id_name", "Browser Open 2026")
    page.fill("#id_venue", "Alexandra Palace")
    page.fill("#id_start_date", "2026-11-28")
    page.select_option("#id_pairing_system", "swiss")
    page.fill("#id_rounds", "7")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_contain_text("Browser Open 2026")
    event = Event.objects.get(name="Browser Open 2026")
    assert event.start_date == datetime.date(2026, 11, 28)

    # The edit form shows the date (one in the locale's format showed an empty field), and
    # saving the form unchanged keeps it.
    page.goto(f"{base}/events/{event.slug}/edit/")
    expect(page.locator("#id_start_date")).to_have_value("2026-11-28")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_contain_text("Browser Open 2026")
    event.refresh_from_db()
    assert event.start_date == datetime.date(2026, 11, 28)

    page.goto(f"{base}/events/{event.slug}/entries/")
    page.set_input_files(
        "input[type=file]",
        files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": PLAYERS_CSV.encode()}],
    )
    page.click("form[action$='/entries/import/'] button[type=submit]")
    expect(page.locator("body")).to_contain_text("Player L Surname")
    assert event.entries.count() == 12

    page.goto(f"{base}/events/{event.slug}/")
    page.click("form[action$='/rounds/pair/'] button[type=submit]")
    # The pairing runs as a task; the page polls until the draft is there.
    page.wait_for_url(re.compile(r"/rounds/1/"))
    publish = page.locator("form[action$='/rounds/1/publish/'] button[type=submit]")
    expect(publish).to_be_visible(timeout=30_000)
    page.check("form[action$='/rounds/1/publish/'] input[name=reviewed]")
    page.once("dialog", lambda dialog: dialog.accept())
    publish.click()

    round_1 = Round.objects.get(event=event, number=1)
    assert round_1.status == Round.Status.PUBLISHED
    boards = Board.objects.filter(round=round_1).annotate(
        n_sides=Count("seats__entry", distinct=True)
    )
    assert boards.filter(n_sides=2).count() == 6

    # The public sees the pairings without logging in.
    page.context.clear_cookies()
    page.goto(f"{base}/events/{event.slug}/rounds/1/")
    expect(page.locator("main")).to_contain_text("Player A Surname")
    expect(page.locator("main")).to_contain_text("Player L Surname")
