"""The event form in Chromium shows the fields that apply to the ruleset, players per table and
pairing system chosen, as the director changes them, and sends only those (issue 28): an MSO
event, an event at tables of 4 and an event of the Challenges, each looked at and shot."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import EventCreatorFactory
from tournament.models.events import Event

ENGINE = (
    "placement_rule",
    "bonus_placements",
    "board_radius",
    "track",
    "rack_size",
    "swap_allowed",
)
CHALLENGE = ("challenge_sequence", "challenge_mode", "dice_setup")


def row(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator(f'.field[data-field="{name}"]')


def shot(page: Page, name: str) -> None:
    """A screenshot of the whole form, after axe-core finds no serious or critical violation."""
    found = blocking_findings(page)
    assert not found, describe(name, found)
    Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SCREENSHOTS}/{name}.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_event_form_shows_what_applies_as_the_director_chooses(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    EventCreatorFactory(username="td")
    log_in(page, base, "td", "correct-horse-battery")
    page.goto(f"{base}/events/new/")

    # MSO: the board game's options, no table size, no Challenges.
    for name in (*ENGINE, "acceleration", "bye_value", "tiebreak_preset"):
        expect(row(page, name)).to_be_visible()
    for name in (*CHALLENGE, "table_size", "tiebreak_custom"):
        expect(row(page, name)).to_be_hidden()
    expect(page.locator("#id_placement_rule")).to_have_value("touch")
    expect(page.locator("#id_bonus_placements")).to_have_value("placement")
    shot(page, "event-form-mso")

    # The standard game at tables of 4: its own options; the tables' Swiss has no acceleration.
    page.select_option("#id_ruleset", "standard")
    expect(page.locator("#id_placement_rule")).to_have_value("first-round")
    expect(page.locator("#id_bonus_placements")).to_have_value("colour")
    expect(row(page, "table_size")).to_be_visible()
    page.select_option("#id_table_size", "4")
    expect(row(page, "acceleration")).to_be_hidden()
    expect(page.locator("#id_acceleration")).to_be_disabled()
    expect(row(page, "keep_apart")).to_be_visible()
    page.select_option("#id_pairing_system", "round-robin")
    expect(row(page, "keep_apart")).to_be_hidden()  # an all-play-all meets everyone
    page.select_option("#id_pairing_system", "swiss")
    shot(page, "event-form-tables-of-4")

    # The Challenges: their own options, tables of 3 or 4 only; no board-game options, no bye.
    page.select_option("#id_ruleset", "challenges")
    for name in (*CHALLENGE, "table_size", "pairing_system", "clock_minutes"):
        expect(row(page, name)).to_be_visible()
    for name in (*ENGINE, "bye_value", "tiebreak_preset", "requested_bye_points"):
        expect(row(page, name)).to_be_hidden()
    expect(page.locator("#id_table_size option[value='2']")).to_be_disabled()
    expect(page.locator("#id_challenge_sequence")).to_have_value("card, dice, tile")
    # The option fields are the Challenges' now: the server reads them so.
    expect(page.locator("input[name=options_for]")).to_have_value("challenges")
    page.fill("#id_name", "Challenges Weekend")
    page.fill("#id_challenge_sequence", "tile, dice")
    page.select_option("#id_challenge_mode", "full")
    page.select_option("#id_table_size", "3")
    page.fill("#id_rounds", "2")
    shot(page, "event-form-challenges")
    page.click("main form button[type=submit]")
    expect(page.locator("main")).to_contain_text("Challenges Weekend is created")
    expect(page.locator(".messages")).not_to_contain_text("does not apply")
    event = Event.objects.get(name="Challenges Weekend")
    assert (event.ruleset, event.table_size) == ("challenges", 3)
    assert event.ruleset_options == {"challenges": ["tile", "dice"], "mode": "full"}

    # Edited, the form opens on the event's own fields.
    page.goto(f"{base}/events/{event.slug}/edit/")
    expect(row(page, "challenge_mode")).to_be_visible()
    expect(page.locator("#id_challenge_mode")).to_have_value("full")
    expect(row(page, "placement_rule")).to_be_hidden()
