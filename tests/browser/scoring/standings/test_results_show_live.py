"""A result reaches every page that shows it within 5 seconds, without a reload (issue 28): the
standings and the crosstable, the live page's boards and standings, the board's own page. A
director enters it while the pages are open; each page's poll brings it. Between results a
poll changes nothing on the page: the keyboard's focus in the standings stays where it was."""

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from games.recording.setup import create_games_for_round
from tests.browser.conftest import SCREENSHOTS
from tests.factories import director_of
from tests.scoring.builders import HandBuilt
from tournament.results.services import set_board_result

WITHIN_SECONDS = 5.0
NAMES = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]


def vp_of(page: Page, name: str) -> object:
    return page.locator("#standings-table tr", has_text=name).locator("td.vp")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_result_shows_on_every_page_within_5_seconds(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    built = HandBuilt(NAMES, rounds=3)
    ada, alan, grace, edsger = NAMES
    built.round(1, [(ada, alan, "1-0", 12, 9), (grace, edsger, "1-0", 11, 10)])
    built.round(2, [(ada, grace, "", None, None), (alan, edsger, "", None, None)])
    create_games_for_round(built.rounds[2])
    board = built.board(2, 1)
    slug = built.event.slug
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    pages: dict[str, Page] = {}
    try:
        for name, path in (
            ("standings", f"/events/{slug}/standings/"),
            ("crosstable", f"/events/{slug}/crosstable/"),
            ("live", f"/events/{slug}/live/"),
            ("board", f"/games/board/{board.pk}/"),
        ):
            page = context.new_page()
            page.goto(f"{base}{path}")
            page.evaluate("window.notReloaded = true")
            pages[name] = page
        standings = pages["standings"]
        expect(vp_of(standings, ada)).to_have_text("1")
        # A keyboard reader on Ada's line: a poll that finds nothing new leaves the focus there.
        link = standings.locator("#standings-table").get_by_role("link", name=ada)
        link.focus()
        with standings.expect_response(lambda r: "/standings/" in r.url and r.status == 204):
            pass
        expect(link).to_be_focused()

        started = time.monotonic()
        set_board_result(
            board=board,
            result="1-0",
            user=director_of(built.event),
            first_lowest=13,
            second_lowest=8,
        )
        entered = round(time.monotonic() - started, 1)
        checks = [
            ("standings", vp_of(standings, ada), "2"),
            ("crosstable", pages["crosstable"].locator("#crosstable-table"), "13-8"),
            (
                "live boards",
                pages["live"].locator('#live-boards [data-result="1-0"]'),
                None,
            ),
            ("live standings", pages["live"].locator("#live-standings tr", has_text=ada), "2"),
            ("board", pages["board"].locator("#game-live"), "Board decided:"),
        ]
        seen: dict[str, float] = {}
        for name, locator, text in checks:
            left = max(WITHIN_SECONDS - (time.monotonic() - started), 0.1) * 1000
            if text is None:
                expect(locator).to_have_count(1, timeout=left)
            else:
                expect(locator).to_contain_text(text, timeout=left)
            seen[name] = round(time.monotonic() - started, 1)
        for name, page in pages.items():
            assert page.evaluate("window.notReloaded === true"), f"the {name} page was reloaded"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        standings.screenshot(path=str(SCREENSHOTS / "standings-live-result.png"), full_page=True)
        (SCREENSHOTS / "results-show-live.txt").write_text(
            "".join(f"{name}: {seconds} s\n" for name, seconds in seen.items())
        )
        print(f"\nentered in {entered} s; seconds to show the result: {seen}")
        assert max(seen.values()) <= WITHIN_SECONDS, seen
    finally:
        context.close()
