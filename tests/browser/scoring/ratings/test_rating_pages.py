"""The rating pages in Chromium at a phone's width: the list with its site ratings, the
statement of what is rated and how, and a partner's history naming the partner as partner."""

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.ratings import services as ratings
from tests.browser.tournament.rounds.test_teams_and_solitaire_pages import shot
from tests.factories import EntryFactory, EventFactory, PlayerFactory, RoundFactory, director_of
from tournament.models.events import Result
from tournament.results import services as results
from tournament.rounds.seating import Table, seat_boards


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_rating_pages_fit_a_phone_and_name_the_partner(page: Page, live_server: Any) -> None:
    event = EventFactory(ruleset="partnership", table_size=4)
    alan = PlayerFactory(name="Alan Turing")
    ours = EntryFactory(event=event, player__name="Ada Byron", partner=alan, player__rating=1985)
    theirs = EntryFactory(
        event=event, player__name="Hedy Lamarr", partner=PlayerFactory(name="Claude Shannon")
    )
    rnd = RoundFactory(event=event, number=1)
    (board,) = seat_boards(rnd, [Table([ours.pk, theirs.pk, ours.pk, theirs.pk])], first_number=1)
    results.set_board_result(board=board, result=Result.FIRST_WINS, user=director_of(event))
    ratings.rebuild_ratings()

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/ratings/")
    main = page.locator("main")
    expect(main).to_contain_text("Site rating")
    expect(main).to_contain_text("Not rated: forfeits")
    expect(main).to_contain_text("1500 + 40 × (μ − 3σ)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "ratings-list-360")

    page.goto(f"{live_server.url}/ratings/{alan.pk}/")
    expect(page.locator(".rating-history .partner")).to_contain_text("Ada Byron")
    expect(page.locator(".rating-history .opponents")).to_have_text("Hedy Lamarr, Claude Shannon")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "ratings-partner-history-360")

    page.goto(f"{live_server.url}/ratings/{ours.player_id}/")
    expect(page.locator("dd.registry-rating")).to_have_text("1985")
