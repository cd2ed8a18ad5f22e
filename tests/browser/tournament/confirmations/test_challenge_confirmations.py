"""A Challenge table played on paper, in the browser: its three players give their rows on
360 px phones, one differs, and the arbiter opens the table's page, follows "Settle it, with a
reason" and settles the rows there (issue 26: confirmations at every kind of table)."""

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.tournament.confirmations.test_confirmations import (
    PASSWORD,
    PHONE,
    give_word,
    settle_from,
)
from tests.factories import UserFactory, arbiter_of
from tests.games.challenge_tables.test_challenge_events import challenge_event, draft
from tournament.models.events import Board, Result, Round
from tournament.results.models import ResultCorrection
from tournament.rounds.services import publish_round

# Seat by seat: lowest and second-lowest row (seat 2 first, seat 1 second, seat 3 third).
ROWS = (("5", "6"), ("7", "7"), ("3", "9"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_three_players_give_their_rows_and_the_arbiter_settles_at_the_table(
    browser: Browser, live_server: Any
) -> None:
    base = live_server.url
    event, td = challenge_event(3, challenges=["tile"])
    round_ = draft(event, td)
    publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    board = Board.objects.get(round=round_, number=1)
    usernames = ("first", "second", "third")
    for entry, username in zip(board.seated, usernames, strict=True):
        entry.player.user = UserFactory(username=username)
        entry.player.save(update_fields=["user"])
    arbiter_of(event, "arb")
    url = f"/events/{event.slug}/boards/{board.pk}/confirm/"
    contexts = [
        browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True) for _ in range(4)
    ]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.set_default_timeout(15_000)
        differing = (("5", "6"), ("7", "8"), ("3", "9"))
        first = pages[0]
        log_in(first, base, usernames[0], PASSWORD)
        first.goto(f"{base}{url}")
        label = f"{board.seated[0].player.name}: lowest row (0 to 10)"
        expect(first.get_by_label(label)).to_be_visible()  # rows, in the Challenges' words
        for page, username, rows in zip(pages[:3], usernames, (ROWS, ROWS, differing), strict=True):
            give_word(page, base, url, username, rows)
        expect(pages[2].locator("#next-step")).to_have_text(
            "You disagree: the arbiter has been told and will decide at the board."
        )
        assert Board.objects.get(pk=board.pk).confirmation == Board.Confirmation.DISPUTED

        arb = pages[3]
        reason = "the score sheets, signed by all three"
        settle_from(arb, base, f"/challenges/{board.game.pk}/", url, ROWS, reason)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        arb.screenshot(path=str(SCREENSHOTS / "challenge-table-settled.png"), full_page=True)
        settled = Board.objects.get(pk=board.pk)
        assert settled.result == Result.TABLE
        placings = [seat.placing for seat in settled.seats.order_by("number")]
        assert placings == [2, 1, 3]
        audit = ResultCorrection.objects.get(board=board)
        assert audit.reason == "the score sheets, signed by all three"
    finally:
        for context in contexts:
            context.close()
