"""An online partnership table whose event opens communication between partners: a partner's
page shows the partner's rack beside their own (and says who sees it); an opponent's never."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games.recording.writes import engine_at
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.games.play.test_partners import partnership_game


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_partner_sees_the_partners_rack_on_the_page(browser: Browser, live_server: Any) -> None:
    game, players, names = partnership_game(online_partners_see_racks=True)
    racks = engine_at(game).racks
    assert racks is not None
    for name in names:
        players[name].user.set_password("correct-horse-battery")
        players[name].user.save()
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    try:
        page = context.new_page()
        log_in(page, live_server.url, "ada", "correct-horse-battery")
        page.goto(f"{live_server.url}/play/{game.pk}/")
        partner = page.locator("#play-partner-rack .rack-tile")
        expect(partner).to_have_count(len(racks[2]))
        assert [t.get_attribute("data-tile") for t in partner.all()] == racks[2]
        expect(page.get_by_text("You and your partner see your rack")).to_be_visible()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "play-partner-rack-phone.png"), full_page=True)
    finally:
        context.close()
