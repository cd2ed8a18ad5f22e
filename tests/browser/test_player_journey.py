"""A new player on a 360 px phone: signs up, verifies the address, claims their registry player,
enters two events of a festival online, checks in, is paired, confirms a paper result, is
e-mailed, and is rated.

The director's and the arbiter's part goes through the services (their pages have their own
browser tests); every step of the player's is a tap in Chromium."""

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core import mail
from django.db.models import Count
from playwright.sync_api import Browser, Page, expect

from scoring.ratings.models import PlayerRating
from tests.browser.conftest import SCREENSHOTS
from tests.factories import EventCreatorFactory, PlayerFactory, UserFactory, arbiter_of
from tournament.checkin import services as checkin
from tournament.claims.models import PlayerClaim
from tournament.claims.services import approve_claim
from tournament.confirmations import services as confirmations
from tournament.entries.services import add_entry
from tournament.events.services import create_event
from tournament.models.events import Board, Event, Festival, Result, Round
from tournament.rounds.services import publish_round, request_pairing

PHONE = {"width": 360, "height": 740}
PASSWORD = "tile-hexagon-orange-47"


def eventually(
    what: str,
    check: Callable[[], Any],
    seconds: float = 60,
    describe: Callable[[], object] = lambda: "",
) -> Any:
    """Wait for a task's outcome (in-process here; a real worker in CI)."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not done after {seconds} s {describe()}")
        time.sleep(0.2)


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} scrolls sideways ({width} px)"


def festival_of_two(director: Any) -> tuple[Event, Event]:
    """A festival's two events open to online entry, three rivals in each; the first asks for
    check-in before each round."""
    festival = Festival.objects.create(
        name="Browser Festival", starts="2026-08-20", ends="2026-08-28", venue="Ally Pally"
    )
    rivals = [PlayerFactory(name=f"Rival {n}", club="Hastings") for n in range(3)]
    made = []
    for name, check_in in (("Festival Open", True), ("Festival Rapid", False)):
        event = create_event(
            user=director,
            data={
                "name": name,
                "rounds": 3,
                "pairing_system": "swiss",
                "entry_open": True,
                "check_in_required": check_in,
            },
        )
        event.festival = festival
        event.save(update_fields=["festival"])
        for rival in rivals:
            add_entry(event=event, user=director, player=rival)
        made.append(event)
    return made[0], made[1]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_new_player_signs_up_claims_enters_checks_in_and_confirms_on_a_phone(
    browser: Browser, live_server: object, task_runner: object
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    director = EventCreatorFactory(username="td")
    # The festival's director keeps the registry too, so decides claims of any player.
    director.user_permissions.add(Permission.objects.get(codename="keep_registry"))
    arbiter = UserFactory(username="arb")
    ann = PlayerFactory(name="Ann Lee", club="Hastings", country="ENG")
    PlayerFactory(name="Ann Leeming", club="York")
    open_, rapid = festival_of_two(director)
    arbiter_of(open_, "arb")

    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        # Sign up: the account page says no player is linked yet.
        page.goto(f"{base}/accounts/login/")
        page.get_by_role("link", name="Sign up").tap()
        page.fill("#id_email", "Ann.Lee@Example.org")
        page.fill("#id_display_name", "Ann Lee")
        page.fill("#id_password", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        page.locator("main button[type=submit]").tap()
        page.wait_for_url(re.compile(r"/accounts/signup/done/$"))
        fits_the_phone(page)
        # The address is proved by the e-mailed link; then the player logs in.
        sent = [m for m in mail.outbox if "ann.lee@example.org" in m.to]
        link = re.search(r"https?://\S+(/accounts/verify/\S+/)", sent[-1].body)
        assert link is not None, sent[-1].body
        page.goto(f"{base}{link.group(1)}")
        expect(page.locator("main")).to_contain_text("Your e-mail address is verified")
        page.locator("main").get_by_role("link", name="Log in").tap()
        page.fill("#id_username", "ann.lee@example.org")
        page.fill("#id_password", PASSWORD)
        page.locator("main button[type=submit]").tap()
        page.wait_for_url(re.compile(r"/account/$"))
        expect(page.locator("main")).to_contain_text("not linked to a player yet")
        fits_the_phone(page)

        # Claim the registry's Ann Lee (not Ann Leeming); a director approves.
        page.goto(f"{base}/account/claim/?q=Ann+Lee")
        page.locator(f"#player-{ann.pk} a").tap()
        page.fill("#id_message", "Hastings club, played the MSO in 2025")
        page.locator("main button[type=submit]").tap()
        page.wait_for_url(re.compile(r"/account/$"))
        expect(page.locator("main")).to_contain_text("Ann Lee")
        claim = PlayerClaim.objects.get(player=ann)
        assert claim.status == "pending" and claim.user.username == "ann.lee@example.org"
        approve_claim(claim=claim, user=director)
        ann.refresh_from_db()
        assert ann.user is not None and ann.user.email == "ann.lee@example.org"

        # Enter both events online from their pages.
        for event in (open_, rapid):
            page.goto(f"{base}/events/{event.slug}/")
            with page.expect_navigation():
                page.get_by_role("button", name="Enter this event").tap()
            expect(page.locator(".messages")).to_be_visible()
            assert event.entries.filter(player=ann).exists(), event.name
            fits_the_phone(page)

        # Check in for round 1 of the event that asks for it; the others are checked in by hand.
        page.goto(f"{base}/events/{open_.slug}/check-in/")
        page.get_by_role("button", name="Check in").tap()
        expect(page.get_by_role("button", name="Check out")).to_be_visible()
        fits_the_phone(page)
        mine = open_.entries.get(player=ann)
        assert mine.check_ins.filter(round_number=1).exists()
        for entry in open_.entries.exclude(pk=mine.pk):
            checkin.check_in(entry=entry, user=director, round_number=1, by_hand=True)

        # The director pairs and publishes round 1: Ann is e-mailed her board.
        round_ = request_pairing(event=open_, user=director)
        eventually(
            "the pairing",
            lambda: Round.objects.get(pk=round_.pk).status == Round.Status.DRAFT,
            describe=lambda: Round.objects.filter(pk=round_.pk).values()[0],
        )
        publish_round(round_=Round.objects.get(pk=round_.pk), user=director)
        board = (
            Board.objects.filter(round=round_)
            .annotate(n_sides=Count("seats__entry", distinct=True))
            .filter(n_sides=2)
            .filter(seats__entry__player=ann)
            .distinct()
            .get()
        )
        eventually(
            "the pairing e-mail",
            lambda: any(
                "ann.lee@example.org" in m.to and "Round 1" in m.subject for m in mail.outbox
            ),
        )

        # My games shows the board; Ann confirms the paper result there, the arbiter agrees.
        page.goto(f"{base}/me/")
        expect(page.locator("main")).to_contain_text("Festival Open")
        fits_the_phone(page)
        page.get_by_role("link", name=re.compile("Confirm the result")).first.tap()
        page.wait_for_url(re.compile(rf"/boards/{board.pk}/confirm/"))
        ann_won = Result.FIRST_WINS if board.sides[0].player_id == ann.pk else Result.SECOND_WINS
        page.locator(f"input[name=result][value='{ann_won}']").check()
        # The event breaks ties on lowest colour levels: both figures are confirmed too.
        levels = {"first_lowest": 12, "second_lowest": 9}
        if ann_won == Result.SECOND_WINS:
            levels = {"first_lowest": 9, "second_lowest": 12}
        page.fill("#id_first_lowest", str(levels["first_lowest"]))
        page.fill("#id_second_lowest", str(levels["second_lowest"]))
        with page.expect_navigation():
            page.get_by_role("button", name="Confirm this result").tap()
        # The page names whose word it waits for: Ann's opponent.
        (opponent,) = board.opponents_of(mine.pk)
        expect(page.locator("#next-step")).to_contain_text(
            f"Waiting for {opponent.name} to confirm"
        )
        fits_the_phone(page)
        board.refresh_from_db()
        assert board.result == "" and board.confirmation == Board.Confirmation.AWAITING
        confirmations.settle_result(
            board=board, user=arbiter, result=ann_won, reason="seen at the board", **levels
        )
        board.refresh_from_db()
        assert board.result == ann_won and board.confirmation == Board.Confirmation.CONFIRMED
        eventually(
            "the result e-mail",
            lambda: any("ann.lee@example.org" in m.to and ann_won in m.body for m in mail.outbox),
        )

        # The confirmed result counts: Ann is on the rating list.
        eventually(
            "the rating", lambda: PlayerRating.objects.filter(player=ann).exists(), seconds=90
        )
        page.goto(f"{base}/ratings/")
        expect(page.locator("main")).to_contain_text("Ann Lee")
        page.goto(f"{base}/me/")
        expect(page.locator("main")).to_contain_text(re.compile("1-0|0-1"))
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "player-journey-my-games.png"), full_page=True)
    finally:
        context.close()
