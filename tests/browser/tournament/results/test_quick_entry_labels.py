"""The round page's quick result entry names every level box on a phone: each box shows the
start of its own label ("Ada Byron: lowest colour"), not a bare number field."""

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, director_of
from tournament.models.events import Round


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_each_level_box_shows_whose_lowest_colour_it_takes_on_a_phone(
    page: Page, live_server: Any
) -> None:
    event = EventFactory(name="Quick Labels Open", slug="quick-labels-open", rounds=3)
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    names = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]
    entries = [EntryFactory(event=event, player__name=name) for name in names]
    BoardFactory(round=round_, number=1, sides=entries[:2])
    BoardFactory(round=round_, number=2, sides=entries[2:])
    director_of(event, "td")
    base = live_server.url
    log_in(page, base, "td", "correct-horse-battery")
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{base}/events/{event.slug}/rounds/1/")
    captions = page.locator("form.result-inline .level-caption")
    assert captions.count() == 4
    for n, name in enumerate(names):
        caption = captions.nth(n)
        assert caption.is_visible()
        box = caption.bounding_box()
        assert box is not None and box["width"] >= 30, (name, box)  # legible, not 1 px
        assert caption.inner_text().startswith(name)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "round-quick-entry-360.png"), full_page=True)
