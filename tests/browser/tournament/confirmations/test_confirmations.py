"""Confirming a paper result in the browser: both players confirm on 360 px phones, the page
fits the phone and has no serious accessibility violation; the round page then marks it. At a
table of 3 every seat gives its levels; a differing word is a dispute the arbiter settles from
the board page, with a reason."""

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tournament.models.events import Board, EventRole, Result, Round
from tournament.results.models import ResultCorrection
from tournament.rounds.seating import Table, seat_boards

PHONE = {"width": 360, "height": 740}
PASSWORD = "correct-horse-battery"


def confirm_on(page: Page, base: str, url: str, username: str, choice: str) -> None:
    log_in(page, base, username, PASSWORD)
    page.goto(f"{base}{url}")
    page.get_by_label(choice).check()
    button = page.get_by_role("button", name="Confirm this result")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide"
    violations = blocking_findings(page)
    assert not violations, describe(f"{username}'s confirm page", violations)
    button.tap()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_both_players_confirm_on_their_phones(browser: Browser, live_server: object) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event = EventFactory(tiebreak_chain=["results_between", "buchholz"])
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    names = ("Ada Byron", "Alan Turing")
    first, second = (
        EntryFactory(event=event, player=PlayerFactory(name=name), starting_rank=rank)
        for rank, name in enumerate(names, start=1)
    )
    board = BoardFactory(round=round_, number=1, sides=[first, second])
    for entry, username in ((first, "ada"), (second, "alan")):
        entry.player.user = UserFactory(username=username)
        entry.player.save(update_fields=["user"])
    url = f"/events/{event.slug}/boards/{board.pk}/confirm/"

    contexts = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True) for _ in names]
    try:
        ada, alan = (context.new_page() for context in contexts)
        for page in (ada, alan):
            page.set_default_timeout(15_000)
        confirm_on(ada, base, url, "ada", "Ada Byron won (1-0)")
        expect(ada.get_by_text("Waiting for Alan Turing to confirm.")).to_be_visible()
        assert Board.objects.get(pk=board.pk).result == ""

        confirm_on(alan, base, url, "alan", "Ada Byron won (1-0)")
        expect(alan.get_by_text("Both of you agree: the result counts now.")).to_be_visible()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        alan.screenshot(path=str(SCREENSHOTS / "confirm-phone.png"), full_page=True)
        assert Board.objects.get(pk=board.pk).result == "1-0"

        alan.goto(f"{base}/events/{event.slug}/rounds/1/")
        mark = alan.locator("#board-1 .confirmed-mark")
        expect(mark).to_have_attribute("title", "Confirmed by both sides")
        expect(mark.locator(".visually-hidden")).to_have_text("confirmed by both sides")
    finally:
        for context in contexts:
            context.close()


TABLE_NAMES = ("Ahmed Karimi", "Noor Haddad", "Oluwaseun Adeyemi")
# Seat by seat: lowest and next lowest (Noor places 1st, Ahmed 2nd, Oluwaseun 3rd).
LEVELS = (("7", "9"), ("9", "10"), ("3", "12"))


def give_levels(page: Page, levels: tuple[tuple[str, str], ...], prefix: str = "") -> None:
    for seat, (lowest, following) in enumerate(levels):
        page.fill(f"#id_{prefix}lowest_{seat}", lowest)
        page.fill(f"#id_{prefix}next_{seat}", following)


def give_word(page: Page, base: str, url: str, username: str, levels: Any) -> None:
    """A seated player's word at a table, on a phone: every seat's levels, then confirm."""
    log_in(page, base, username, PASSWORD)
    page.goto(f"{base}{url}")
    give_levels(page, levels)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{username}'s page is {width}px wide"
    with page.expect_navigation():
        page.get_by_role("button", name="Confirm this result").tap()


def settle_from(page: Page, base: str, start: str, url: str, levels: Any, reason: str) -> None:
    """An arbiter opens ``start`` (the board's or the table's page), follows the dispute's
    link to the confirm page ``url`` and settles it with every seat's levels and a reason."""
    log_in(page, base, "arb", PASSWORD)
    page.goto(f"{base}{start}")
    page.get_by_role("link", name="Settle it, with a reason").tap()
    page.wait_for_url(f"**{url}*")
    give_levels(page, levels, prefix="settle-")
    page.fill("#id_settle-reason", reason)
    with page.expect_navigation():
        page.get_by_role("button", name="Settle this result").tap()
    expect(page.locator("#next-step")).to_contain_text("The arbiter decided")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_of_three_disputes_and_the_arbiter_settles_at_the_board(
    browser: Browser, live_server: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    event = EventFactory(ruleset="standard", table_size=3)
    round_ = RoundFactory(event=event, number=1, status=Round.Status.PUBLISHED)
    entries = [
        EntryFactory(event=event, player=PlayerFactory(name=name), starting_rank=rank)
        for rank, name in enumerate(TABLE_NAMES, start=1)
    ]
    (board,) = seat_boards(round_, [Table([e.pk for e in entries])], first_number=1)
    usernames = ("ahmed", "noor", "seun")
    for entry, username in zip(entries, usernames, strict=True):
        entry.player.user = UserFactory(username=username)
        entry.player.save(update_fields=["user"])
    arbiter = UserFactory(username="arb")
    EventRole.objects.create(event=event, user=arbiter, role=EventRole.Role.ARBITER)
    url = f"/events/{event.slug}/boards/{board.pk}/confirm/"

    contexts = [
        browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True) for _ in range(4)
    ]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.set_default_timeout(15_000)
        for page, username, levels in zip(
            pages[:3],
            usernames,
            (LEVELS, LEVELS, (("7", "9"), ("9", "10"), ("3", "11"))),
            strict=True,
        ):
            give_word(page, base, url, username, levels)
        expect(pages[1].locator("#next-step")).to_have_text(
            "Waiting for Oluwaseun Adeyemi to confirm."
        )
        expect(pages[2].locator("#next-step")).to_have_text(
            "You disagree: the arbiter has been told and will decide at the board."
        )
        violations = blocking_findings(pages[2])
        assert not violations, describe("the disputed confirm page", violations)
        assert Board.objects.get(pk=board.pk).confirmation == Board.Confirmation.DISPUTED

        arb = pages[3]
        reason = "the scoresheet, signed by all three"
        settle_from(arb, base, f"/games/board/{board.pk}/", url, LEVELS, reason)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        arb.screenshot(path=str(SCREENSHOTS / "confirm-table-settled.png"), full_page=True)
        settled = Board.objects.get(pk=board.pk)
        assert settled.result == Result.TABLE
        audit = ResultCorrection.objects.get(board=board)
        assert (audit.user_id, audit.reason) == (arbiter.pk, "the scoresheet, signed by all three")
    finally:
        for context in contexts:
            context.close()
