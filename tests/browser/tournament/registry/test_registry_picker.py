"""The registry in Chromium: typing on the entries page narrows the registry picker (htmx) and
the picked record is entered; the merge page fits a 360 px phone."""

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import log_in
from tests.factories import EventFactory, PlayerFactory, director_of, registrar
from tournament.models.events import Player

PHONE = {"width": 360, "height": 740}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_typing_narrows_the_registry_picker_and_the_pick_is_entered(
    page: Page, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event = EventFactory(name="Picker Open")
    director_of(event)
    kenji = PlayerFactory(name="Kenji Morita", club="Tokyo")
    for n in range(30):
        PlayerFactory(name=f"Someone {n:02d}", club="Leeds")
    players = Player.objects.count()
    log_in(page, base, "td", "correct-horse-battery")

    page.goto(f"{base}/events/{event.slug}/entries/")
    options = page.locator("#id_player option")
    expect(options).to_have_count(players + 1)  # the whole registry, and "a new player"
    page.locator("#registry-search").press_sequentially("toky", delay=30)
    expect(options).to_have_count(2)
    expect(page.locator("#registry-matches")).to_contain_text("1 registry player matches")
    page.select_option("#id_player", str(kenji.pk))
    page.click("form[action$='/entries/add/'] button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Kenji Morita is entered")
    assert list(event.entries.values_list("player_id", flat=True)) == [kenji.pk]
    assert Player.objects.count() == players


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_merge_page_fits_a_phone(browser: Browser, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    registrar("td")  # merges need registry rights, not an event's
    a = PlayerFactory(name="Anna Hartley", club="Cambridge University Ingenious Society")
    b = PlayerFactory(name="A. Hartley", club="Oxford", contact="anna@example.org")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        log_in(page, base, "td", "correct-horse-battery")
        page.goto(f"{base}/players/merge/?a={a.pk}&b={b.pk}")
        expect(page.get_by_label("Keep A. Hartley (this record survives)")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide"
        page.get_by_label("Keep A. Hartley (this record survives)").check()
        page.fill("#id_reason", "Same person")
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("form[method=post] button.danger")
        page.wait_for_url("**/players/merges/")
        assert Player.objects.get(pk=a.pk).merged_into_id == b.pk
    finally:
        context.close()
