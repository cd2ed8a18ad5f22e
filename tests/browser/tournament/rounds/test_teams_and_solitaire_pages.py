"""The pages of a partnership round and of a duplicate solitaire round, in Chromium: teams at
four seats with partners opposite, and an entrant's board that shows the tile dealt now and no
other."""

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games.engine.deal import dealt_sequence
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.browser.test_accessibility import blocking_findings, describe
from tests.factories import EntryFactory, EventFactory, PlayerFactory, arbiter_of, director_of
from tournament.models.events import Event, Round
from tournament.rounds.services import compute_draft, publish_round, start_pairing

TEAMS = [("Ada Byron", "Alan Turing"), ("Hedy Lamarr", "Claude Shannon")]


def shot(page: Page, name: str) -> None:
    """A screenshot, after axe-core finds no serious or critical violation on the page."""
    found = blocking_findings(page)
    assert not found, describe(name, found)
    Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SCREENSHOTS}/{name}.png", full_page=True)


def published(event: Event) -> Round:
    td = director_of(event)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return publish_round(round_=round_, user=td, notify=False)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_partnership_table_shows_both_teams_at_four_seats(page: Page, live_server: Any) -> None:
    event = EventFactory(name="Pairs Cup", ruleset="partnership", table_size=4, rounds=1)
    for rank, (name, partner) in enumerate(TEAMS, start=1):
        EntryFactory(
            event=event,
            starting_rank=rank,
            player=PlayerFactory(name=name),
            partner=PlayerFactory(name=partner),
        )
    round_ = published(event)
    board = round_.boards.get()
    arbiter = arbiter_of(event)

    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    main = page.locator("main")
    for name, partner in TEAMS:
        expect(main).to_contain_text(f"{name} & {partner}")
    log_in(page, live_server.url, arbiter.username, "correct-horse-battery")
    page.goto(f"{live_server.url}/games/board/{board.pk}/")
    names = page.locator(".clocks .clock-name")
    expect(names).to_have_count(4)
    seated = [t.replace("▶", "").strip() for t in names.all_inner_texts()]
    # Partners opposite: seats 0 and 2 are the first team's, 1 and 3 the second's.
    assert seated == ["Ada Byron", "Hedy Lamarr", "Alan Turing", "Claude Shannon"]
    shot(page, "lead-partnership-board-1280")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    shot(page, "lead-partnership-round-360")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_solitaire_entrant_sees_the_tile_dealt_now_and_no_later_one(
    page: Page, live_server: Any
) -> None:
    event = EventFactory(name="Solitaire Night", ruleset="solitaire", table_size=1, rounds=2)
    for rank, name in enumerate(["Ada Byron", "Alan Turing", "Grace Hopper"], start=1):
        EntryFactory(event=event, starting_rank=rank, player=PlayerFactory(name=name))
    round_ = published(event)
    assert round_.seed is not None
    sequence = dealt_sequence(round_.seed)
    board = round_.boards.order_by("number").first()
    assert board is not None
    arbiter = arbiter_of(event)

    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    expect(page.locator("main")).to_contain_text("Grace Hopper")
    expect(page.locator("main tr.bye")).to_have_count(0)  # entrants, not byes
    log_in(page, live_server.url, arbiter.username, "correct-horse-battery")
    page.goto(f"{live_server.url}/games/board/{board.pk}/")
    body = page.locator("main")
    expect(body).to_contain_text("Tile dealt now")
    html = page.content()
    # The next five tiles in order never reach the browser (each may appear alone elsewhere).
    assert "".join(sequence[1:6]) not in html.replace(" ", "")
    shot(page, "lead-solitaire-board-1280")
