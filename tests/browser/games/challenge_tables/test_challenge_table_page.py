"""An arbiter plays a whole Card, Dice and Tile Challenge through the table page on a 1024x768
tablet, as the table shows it (table mode): every action through htmx, never a reload; the
deck and the pool go down; after each action the focus is on the next seat's controls; the
confirmation and the log are sentences; the page passes axe-core at 1024 and 360 px; and in
German the sentences are German.

Each game follows a random legal record (``random_game``, table mode): the test clicks, on the
page, the control of each of its actions, and the record stored is that record."""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from games.challenge_tables.selectors import record_of
from games.challenges.randomgame import random_game
from games.models import Game
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import EventFactory, arbiter_of

WIDTH, HEIGHT = 1024, 768
#: Short random games (2 players, table mode) with every kind of action: the Card Challenge's
#: has a swap, the Tile Challenge's a free score, the Dice Challenge's re-rolls and wild dice.
SEEDS = {"card": 14, "dice": 37, "tile": 4}
#: The page's own timing of each action: from the request to the new part settled.
TIMING = """() => {
  window.__samePage = true;
  window.__times = [];
  document.addEventListener('htmx:beforeRequest', e => {
    if (e.detail.elt.id !== 'challenge-live') window.__t0 = performance.now();
  });
  document.addEventListener('htmx:afterSettle', () => {
    if (window.__t0) { window.__times.push(performance.now() - window.__t0); window.__t0 = 0; }
  });
}"""


@pytest.fixture
def tablet(
    browser: Browser, live_server: Any, request: pytest.FixtureRequest
) -> Iterator[tuple[Page, str]]:
    """An arbiter's 1024x768 tablet, signed in; ``de-DE`` as the parameter: in German."""
    arbiter = arbiter_of(EventFactory(), "table-arbiter")
    locale = getattr(request, "param", "en-GB")
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale=locale)
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, live_server.url, arbiter.username, "correct-horse-battery")
    try:
        yield page, live_server.url
    finally:
        context.close()


def start(page: Page, base: str, challenge: str) -> Game:
    page.goto(f"{base}/challenges/new/")
    page.locator("#id_challenge").select_option(challenge)
    page.locator("input[name=mode][value=table]").check()
    page.locator("#id_player_1").fill("Ada")
    page.locator("#id_player_2").fill("Alan")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("#challenge-live")).to_be_visible()
    return Game.objects.challenges().latest("pk")


def control_for(page: Page, action: dict[str, Any]) -> Locator:
    """Fill in the controls of ``action`` and return the button that records it."""
    controls = page.locator("#challenge-controls")
    kind = action["type"]
    if kind == "faceup":  # two players: the centre card, then the near card
        for i, card in enumerate(action["cards"]):
            controls.locator(f'input[name="card_{i}"][value="{card}"]').check()
        return controls.get_by_role("button", name="Turn up the two cards")
    if kind == "play":
        return controls.locator(
            f'form[aria-label="{action["card"]}"] button[value="{action["first"]}"]'
        )
    if kind == "swap":
        controls.get_by_role("link", name=re.compile("swaps the hand instead")).click()
        expect(page.locator("#challenge-controls input[name^=shown_]").first).to_be_visible()
        for card, count in Counter(action["hand"]).items():
            page.locator(f'input[name="shown_{card}"]').fill(str(count))
        return page.get_by_role("button", name=re.compile("swaps the hand$"))
    if kind == "roll":
        for i, face in enumerate(action["faces"]):
            controls.locator(f'input[name="face_{i}"][value="{face}"]').check()
        return controls.locator(".roll-form button[type=submit]")
    if kind == "resolve":
        selects = controls.locator(".step select")
        for i in range(selects.count()):
            step = action["steps"][i] if i < len(action["steps"]) else None
            value = ""
            if step is not None:
                value = (
                    f"m:{step['match']}"
                    if "match" in step
                    else f"w:{''.join(step['wild'])}:{step['colour']}"
                )
            selects.nth(i).select_option(value)
        return controls.get_by_role("button", name="Score the dice")
    if kind == "refill":
        tiles = action["tiles"]
        if len(tiles) == 1:
            return controls.locator(f'button[name="tile_0"][value="{tiles[0]}"]')
        for i, tile in enumerate(tiles):
            controls.locator(f'input[name="tile_{i}"][value="{tile}"]').check()
        return controls.get_by_role("button", name="Fill up the centre")
    if kind == "draw":
        return controls.locator(f'button[name="tile"][value="{action["tile"]}"]')
    if kind == "score":
        return controls.locator("form:has(input[name=kind][value=score]) button")
    assert kind == "free", kind
    return controls.locator(f'button[name="colour"][value="{action["colour"]}"]')


def record(page: Page, action: dict[str, Any]) -> None:
    """Record ``action`` through the page and wait for the page to show the next one."""
    live = page.locator("#challenge-live")
    index = int(live.get_attribute("data-next-index") or "0")
    control_for(page, action).click()
    expect(live).to_have_attribute("data-next-index", str(index + 1))
    expect(page.locator("#table-messages .flash.error")).to_have_count(0)


def count(page: Page, selector: str) -> int:
    return int(re.findall(r"\d+", page.locator(selector).inner_text())[0])


def shown_sorted(action: dict[str, Any]) -> dict[str, Any]:
    """An action with a swap's hand in one order (the page counts the cards shown by kind)."""
    if "hand" in action:
        return {**action, "hand": sorted(action["hand"])}
    return action


def shot(page: Page, name: str) -> None:
    found = blocking_findings(page)
    assert not found, describe(name, found)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("challenge", ["card", "dice", "tile"])
def test_a_whole_challenge_is_recorded_on_the_page_without_a_reload(
    tablet: tuple[Page, str], challenge: str
) -> None:
    page, base = tablet
    table = start(page, base, challenge)
    page.evaluate(TIMING)
    game = random_game(challenge, 2, seed=SEEDS[challenge], mode="table")
    supply = {"card": "#card-counts", "tile": "#tile-counts"}.get(challenge)
    first_supply = count(page, supply) if supply else 0
    for n, action in enumerate(game.actions):
        record(page, action)
        notice = page.locator("#table-messages .flash.success")
        if n < 6 or action["type"] in ("swap", "free"):
            # confirmed in words, and the focus is where the arbiter works next
            expect(notice).to_have_count(1)
            assert "{" not in notice.inner_text() and "seat 0" not in notice.inner_text()
            if n < len(game.actions) - 1:
                assert page.evaluate(
                    "document.activeElement.closest('#challenge-controls') !== null"
                ), action
        if n == 6:
            shot(page, f"challenge-{challenge}-tablet")
    expect(page.locator("#now")).to_contain_text("The game is over")
    expect(page.locator("#challenge-controls")).to_have_count(0)
    assert page.evaluate("window.__samePage === true"), "the page was reloaded"
    if supply:
        assert count(page, supply) < first_supply, "the deck (or the pool) goes down"
    log = page.locator("#log li")
    expect(log).to_have_count(len(game.actions))
    expect(log.first).not_to_contain_text('"type"')
    stored = record_of(Game.objects.get(pk=table.pk)).actions
    assert [shown_sorted(a) for a in stored] == [shown_sorted(a) for a in game.actions]
    times = page.evaluate("window.__times")
    print(f"{challenge}: {len(times)} actions, median {statistics.median(times):.0f} ms")
    assert statistics.median(times) < 1000
    shot(page, f"challenge-{challenge}-over-tablet")
    # the same page on a 360 px phone: nothing runs off the side
    page.set_viewport_size({"width": 360, "height": 740})
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, f"challenge-{challenge}-over-phone")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_page_fits_a_phone_mid_game_and_the_controls_work_by_keyboard(
    tablet: tuple[Page, str],
) -> None:
    page, base = tablet
    start(page, base, "card")
    page.set_viewport_size({"width": 360, "height": 740})
    for action in random_game("card", 2, seed=SEEDS["card"], mode="table").actions[:4]:
        record(page, action)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "challenge-card-phone")
    # the keyboard: Enter on the focused control records, and the focus goes on to the next
    focused = page.evaluate("document.activeElement.closest('form').getAttribute('aria-label')")
    index = page.locator("#challenge-live").get_attribute("data-next-index")
    page.keyboard.press("Enter")
    expect(page.locator("#challenge-live")).not_to_have_attribute("data-next-index", index or "")
    expect(page.locator("#table-messages .flash.success")).to_contain_text(f"plays {focused}")
    assert page.evaluate("document.activeElement.closest('#challenge-controls') !== null")
    # the list of tables and the form that starts one fit the phone too
    for path in ("/challenges/", "/challenges/new/"):
        page.goto(f"{base}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        assert [v["id"] for v in blocking_findings(page)] == [], path


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("tablet", ["de-DE"], indirect=True)
def test_in_german_the_sentences_are_german(tablet: tuple[Page, str]) -> None:
    page, base = tablet
    start(page, base, "dice")
    expect(page.locator("#now")).to_have_text("Ada (Sitz 1) würfelt zum Aufbau.")
    for face, i in zip("RGBO", range(4), strict=True):
        page.locator(f'#challenge-controls input[name="face_{i}"][value="{face}"]').check()
    page.locator("#challenge-controls .roll-form button[type=submit]").click()
    expect(page.locator("#table-messages")).to_have_text(
        "Ada würfelt zum Aufbau: rot, grün, blau, orange."
    )
    expect(page.locator("#now")).to_have_text("Alan (Sitz 2) würfelt zum Aufbau.")
    expect(page.locator("#log li").first).to_contain_text(
        "Ada würfelt zum Aufbau: rot, grün, blau, orange."
    )
    shot(page, "challenge-dice-german-tablet")
