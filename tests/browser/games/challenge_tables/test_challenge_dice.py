"""An arbiter records a Dice Challenge turn on a 1024x768 tablet: the set-up roll, a roll and a
re-roll, then the dice scored with a wild pair; the score rows and the log follow."""

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.challenge_tables.selectors import record_of
from games.models import Game
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import blocking_findings
from tests.factories import EventFactory, arbiter_of

WIDTH, HEIGHT = 1024, 768


@pytest.fixture
def tablet(browser: Browser, live_server: object) -> Iterator[tuple[Page, str]]:
    arbiter = arbiter_of(EventFactory(), "dice-arbiter")
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, base, arbiter.username, "correct-horse-battery")
    try:
        yield page, base
    finally:
        context.close()


def roll(page: Page, who: str, faces: str, index: int) -> None:
    form = page.locator(f'form[aria-label="Roll: {who}"]')
    for n, face in enumerate(faces, start=1):
        form.get_by_label(f"Die {n}", exact=True).select_option(face)
    form.get_by_role("button").click()
    expect(page.locator(".messages")).to_contain_text(f"Recorded: action {index}.")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_arbiter_records_a_dice_turn_with_re_rolls_and_a_wild_pair(
    tablet: tuple[Page, Any],
) -> None:
    page, base = tablet
    page.goto(f"{base}/challenges/new/")
    page.locator("#id_challenge").select_option("dice")
    page.get_by_label("Table: the arbiter enters what the table shows").check()
    page.locator("#id_player_1").fill("Ada")
    page.locator("#id_player_2").fill("Alan")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Dice Challenge")
    expect(page.locator("#expected")).to_contain_text("Ada (seat 0) makes the set-up roll")

    roll(page, "Ada", "RGBO", 0)
    roll(page, "Alan", "YPRG", 1)
    roll(page, "Ada", "BBBB", 2)
    expect(page.locator("#roll-count")).to_contain_text("Rolls this turn: 1 of 3")
    roll(page, "Ada", "RRYP", 3)  # the re-roll
    expect(page.locator("#roll-count")).to_contain_text("Rolls this turn: 2 of 3")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    resolve = page.locator('form[aria-label="Score the dice: Ada"]')
    resolve.get_by_label("Step 1", exact=True).select_option(label="wild pair of red")
    resolve.get_by_label("Wild colour of step 1").select_option("B")
    resolve.get_by_label("Step 2", exact=True).select_option(label="match a yellow die")
    resolve.get_by_label("Step 3", exact=True).select_option(label="match a purple die")
    resolve.get_by_role("button").click()
    expect(page.locator(".messages")).to_contain_text("Recorded: action 4.")

    ada = page.locator("#seat-0 td")
    expect(ada).to_have_text(["0", "0", "1", "0", "1", "1"])
    expect(page.locator("#expected")).to_contain_text("Alan (seat 1)'s turn to roll")
    expect(page.locator("ol.log li")).to_have_count(5)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "challenge-dice-tablet.png"), full_page=True)

    table = Game.objects.challenges().get()
    assert record_of(table).actions[-1] == {
        "type": "resolve",
        "player": 0,
        "steps": [{"wild": ["R", "R"], "colour": "B"}, {"match": "Y"}, {"match": "P"}],
    }
    # axe-core, with the page's "recorded" message shown.
    expect(page.locator("[role=status] .messages")).to_be_visible()
    assert [v["id"] for v in blocking_findings(page)] == []
    # The same page on a 360 px phone: nothing runs off the side.
    page.set_viewport_size({"width": 360, "height": 740})
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert [v["id"] for v in blocking_findings(page)] == []
    for path in ("/challenges/", "/challenges/new/"):
        page.goto(f"{base}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        assert [v["id"] for v in blocking_findings(page)] == [], path
