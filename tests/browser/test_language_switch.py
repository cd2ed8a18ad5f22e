"""The language switch in the header: a visitor picks Deutsch on an event's page, reads it in
German (headings, buttons, the header itself), and switches back to English."""

import pytest
from playwright.sync_api import Page, expect

from tests.tournament.helpers import event_with_players


def _switch_to(page: Page, language: str) -> None:
    header = page.locator("header.site-header")
    header.get_by_label({"de": "Language", "en-gb": "Sprache"}[language]).select_option(language)
    header.locator(".language-switch button[type=submit]").click()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_switch_to_german_and_back_on_an_event_page(page: Page, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event, _ = event_with_players(4)
    url = f"{base}/events/{event.slug}/"
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()

    _switch_to(page, "de")
    # set_language brings the visitor back to the same page, now in German.
    page.wait_for_url(url)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", name="Spieler", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Runden", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Live verfolgen")).to_be_visible()
    header = page.locator("header.site-header")
    expect(header.get_by_role("link", name="Turniere", exact=True)).to_be_visible()
    expect(header.get_by_label("Sprache")).to_have_value("de")

    # The choice is kept: the next page is German too.
    header.get_by_role("link", name="Tabelle", exact=True).click()
    expect(page.get_by_role("heading", name="Tabelle", exact=True)).to_be_visible()

    _switch_to(page, "en-gb")
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")
    expect(page.get_by_role("heading", name="Standings", exact=True)).to_be_visible()
    expect(page.locator("header.site-header").get_by_label("Language")).to_have_value("en-gb")
