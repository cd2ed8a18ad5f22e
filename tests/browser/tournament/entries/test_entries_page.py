"""The entries page in Chromium (issue 28): adding players one after another keeps the
director in the add form, without a reload, each new row marked in the list below; Withdraw is
a quiet button that asks on a page of its own and returns to the row."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import EntryFactory, EventFactory, PlayerFactory, director_of
from tournament.models.events import Entry


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_adds_players_in_place_and_withdraws_one_after_asking(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event = EventFactory(name="Entries Open")
    for rank in range(1, 13):
        EntryFactory(event=event, player=PlayerFactory(), starting_rank=rank)
    director_of(event, "td")
    log_in(page, base, "td", "correct-horse-battery")
    page.goto(f"{base}/events/{event.slug}/entries/")
    marker = page.evaluate("() => { window.notReloaded = true; return true; }")
    assert marker

    for name, rating in (("Cleo Cole", "1750"), ("Dan Dale", "1650")):
        page.fill("#id_name", name)
        page.fill("#id_rating", rating)
        page.click("#add-entry-button")
        expect(page.locator(".add-entry div[role=status]")).to_contain_text(f"{name} is entered")
        added = Entry.objects.get(event=event, player__name=name)
        expect(page.locator(f"#entry-{added.pk}")).to_have_class("status-active just-added")
        # The same page (no reload), the search ready for the next player.
        assert page.evaluate("() => window.notReloaded === true")
        expect(page.locator("#registry-search")).to_be_focused()
        expect(page.locator("#id_name")).to_have_value("")
    assert event.entries.count() == 14
    expect(page.locator("tr.just-added")).to_have_count(1)  # the last one only
    found = blocking_findings(page)
    assert not found, describe("entries page after adds", found)

    dan = Entry.objects.get(event=event, player__name="Dan Dale")
    withdraw = page.locator(f"#entry-{dan.pk} a:has-text('Withdraw')")
    expect(withdraw).to_have_class("button secondary")
    withdraw.click()
    expect(page.locator("h1")).to_have_text("Withdraw Dan Dale?")
    dan.refresh_from_db()
    assert dan.status == Entry.Status.ACTIVE
    page.click("main form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Dan Dale has withdrawn")
    assert page.url.endswith(f"/entries/#entry-{dan.pk}")
    dan.refresh_from_db()
    assert dan.status == Entry.Status.WITHDRAWN
