"""An event of challenges in Chromium: after a round of the Card Challenge for 7 players at tables
of 4 and 3, the public reads the tally standings, the live tables and a finished game's viewer;
on a phone too."""

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import arbiter_of
from tests.games.challenge_tables.test_challenge_events import (
    challenge_event,
    draft,
    play_through_services,
)
from tournament.rounds.services import publish_round


def shot(page: Page, name: str) -> None:
    """A screenshot, after axe-core finds no serious or critical violation on the page."""
    found = blocking_findings(page)
    assert not found, describe(name, found)
    Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SCREENSHOTS}/{name}.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_tally_the_live_tables_and_a_finished_challenge_game(
    page: Page, live_server: Any
) -> None:
    event, td = challenge_event()
    arbiter = arbiter_of(event, "arb")
    round_ = publish_round(round_=draft(event, td), user=td)
    tables = [b.game for b in round_.boards.order_by("number")]
    for seed, table in enumerate(tables):
        play_through_services(table, arbiter, seed)
    base = live_server.url

    page.goto(f"{base}/events/{event.slug}/standings/")  # the standings of challenges: the tally
    expect(page).to_have_url(f"{base}/events/{event.slug}/challenges/")
    rows = page.locator("#challenge-standings tbody tr")
    expect(rows).to_have_count(7)
    names = {s.entry.player.name for t in tables for s in t.board.seats.all()}
    for name in names:
        expect(page.locator("main")).to_contain_text(name)
    shot(page, "lead-challenges-standings-1280")

    finished = Game.objects.challenges().get(pk=tables[0].pk)
    page.goto(f"{base}/challenges/{finished.pk}/viewer/?step=3")
    expect(page.locator("main")).to_contain_text(finished.seat_names[0])
    shot(page, "lead-challenges-viewer-1280")

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base}/events/{event.slug}/challenges/")
    expect(rows).to_have_count(7)
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow, "the tally fits a phone"
    shot(page, "lead-challenges-standings-360")
    page.goto(f"{base}/events/{event.slug}/challenges/live/")
    shot(page, "lead-challenges-live-360")
