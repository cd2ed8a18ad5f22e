"""axe-core on the main pages, at a 360x740 phone and a 1280x900 desktop: no violation whose
impact is "moderate", "serious" or "critical" (issues 17 and 28). A failure lists each
violation's rule, impact, help text and the elements it found, per page and screen size."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from games.clocks.services import start_clock
from games.engine.gamerecord import Record
from games.recording.services import import_record, record_notation
from games.recording.setup import create_games_for_round
from tests.browser.conftest import SCREENSHOTS, log_in
from tests.factories import UserFactory, arbiter_of, director_of
from tests.games.factories import scripted_actions
from tests.scoring.builders import HandBuilt
from tournament.confirmations.services import confirm_result
from tournament.models.events import Festival, Round

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 900}}
BLOCKING = {"moderate", "serious", "critical"}
PASSWORD = "correct-horse-battery"
NAMES = [
    "Ada Byron",
    "Alan Turing",
    "Grace Hopper",
    "Edsger Dijkstra",
    "Barbara Liskov",
    "Don Knuth",
]

# Every rule axe-core has runs (no rule is disabled): WCAG 2.x A and AA and best practices.
AXE = Axe()


@dataclass
class Tournament:
    """An event of a festival in round 2 of 3: round 1 decided, round 2 in play (board 1's
    clocks running with a tile down, board 2's game imported whole, on board 3 Edsger, who
    signs in as "edsger", has given his word), round 3 a director's draft."""

    built: HandBuilt
    running_board: int
    finished_board: int
    confirm_board: int

    @property
    def slug(self) -> str:
        return self.built.event.slug


def tournament_in_round_two() -> Tournament:
    festival = Festival.objects.create(
        name="MSO 2026", slug="mso-2026", starts=date(2026, 8, 20), ends=date(2026, 8, 28)
    )
    built = HandBuilt(NAMES, rounds=3, festival=festival)
    director_of(built.event, "td")
    arbiter = arbiter_of(built.event, "arb")
    a, b, c, d, e, f = NAMES
    built.round(1, [(a, b, "1-0", 12, 9), (c, d, "1/2-1/2", 10, 10), (e, f, "0-1", 7, 11)])
    built.round(2, [(a, c, "", None, None), (b, e, "", None, None), (d, f, "", None, None)])
    running, finished = create_games_for_round(built.rounds[2])[:2]
    start_clock(game=running, user=arbiter, expected_index=0)
    running.refresh_from_db()
    record_notation(game=running, user=arbiter, expected_index=running.log_length, text="RO C9 D9")
    record = Record("mso", "board", list(finished.players), scripted_actions(seed=2))
    import_record(game=finished, user=arbiter, source=record.to_json())
    player = built[d].player
    player.user = UserFactory(username="edsger")
    player.save(update_fields=["user"])
    confirming = built.board(2, 3)
    confirm_result(board=confirming, user=player.user, result="0-1", levels=[[8], [11]])
    built.round(3, [(a, f, "", None, None), (b, c, "", None, None)], status=Round.Status.DRAFT)
    return Tournament(built, built.board(2, 1).pk, built.board(2, 2).pk, confirming.pk)


def open_menu(page: Page) -> None:
    page.locator("header.site-header").get_by_text("Menu", exact=True).click()
    expect(page.locator("#nav-links")).to_be_visible()


def refused_login(page: Page) -> None:
    page.fill("#id_username", "td")
    page.fill("#id_password", "not-the-password")
    page.click("form.form button[type=submit]")
    expect(page.locator("main .error[role=alert]")).to_be_visible()


def choosing_a_placement(page: Page) -> None:
    page.click('.tile-choice[data-tile="GB"]')
    page.click('svg.board [data-cell="D10"]')
    expect(page.locator("#sel-cells")).to_have_text("D10")


def refused_notation(page: Page) -> None:
    page.fill("#notation", "RO C8 C9")
    page.locator("#notation").press("Enter")
    expect(page.locator(".flash.error")).to_be_visible()


def standings_screen(page: Page) -> None:
    page.evaluate(
        """() => document.querySelectorAll('#projector .screen')
             .forEach(el => el.classList.toggle('active', el.dataset.screen === 'standings-1'))"""
    )
    expect(page.locator('#projector [data-screen="standings-1"]')).to_be_visible()


def first_step(page: Page) -> None:
    page.click('[data-step="first"]')
    expect(page.locator("#step-no")).to_have_text("0")


@dataclass(frozen=True)
class Visit:
    """A page: its address, who is logged in (None: the public), what to wait for, and what a
    person does there before the check (a menu opened, a form refused)."""

    path: Callable[[Tournament], str]
    user: str | None = None
    ready: str = "main"
    status: int = 200
    act: Callable[[Page], None] | None = None
    sizes: tuple[str, ...] = tuple(SIZES)


PAGES: dict[str, Visit] = {
    "home": Visit(lambda t: "/"),
    "event": Visit(lambda t: f"/events/{t.slug}/"),
    "event-director": Visit(lambda t: f"/events/{t.slug}/", user="td"),
    "pairings": Visit(lambda t: f"/events/{t.slug}/rounds/2/"),
    "standings": Visit(lambda t: f"/events/{t.slug}/standings/"),
    "crosstable": Visit(lambda t: f"/events/{t.slug}/crosstable/"),
    "player": Visit(lambda t: f"/events/{t.slug}/player/{t.built[NAMES[0]].pk}/"),
    "live": Visit(lambda t: f"/events/{t.slug}/live/"),
    "projector": Visit(lambda t: f"/events/{t.slug}/projector/", ready="#projector .screen"),
    "projector-standings": Visit(
        lambda t: f"/events/{t.slug}/projector/", ready="#projector .screen", act=standings_screen
    ),
    "viewer": Visit(lambda t: f"/games/board/{t.finished_board}/view/", ready="svg.board"),
    "viewer-first-step": Visit(
        lambda t: f"/games/board/{t.finished_board}/view/", ready="svg.board", act=first_step
    ),
    "public-board": Visit(lambda t: f"/games/board/{t.running_board}/", ready="svg.board .cell"),
    "arbiter-board": Visit(
        lambda t: f"/games/board/{t.running_board}/", user="arb", ready="svg.board .cell"
    ),
    "arbiter-board-choosing": Visit(
        lambda t: f"/games/board/{t.running_board}/",
        user="arb",
        ready="svg.board .cell",
        act=choosing_a_placement,
    ),
    "arbiter-board-refused": Visit(
        lambda t: f"/games/board/{t.running_board}/",
        user="arb",
        ready="svg.board .cell",
        act=refused_notation,
    ),
    "director-round-draft": Visit(lambda t: f"/events/{t.slug}/rounds/3/", user="td"),
    "director-round-published": Visit(lambda t: f"/events/{t.slug}/rounds/2/", user="td"),
    "entries": Visit(lambda t: f"/events/{t.slug}/entries/", user="td"),
    "check-in": Visit(lambda t: f"/events/{t.slug}/check-in/", user="edsger"),
    "check-in-director": Visit(lambda t: f"/events/{t.slug}/check-in/manage/", user="td"),
    "confirmation": Visit(
        lambda t: f"/events/{t.slug}/boards/{t.confirm_board}/confirm/", user="edsger"
    ),
    "festival": Visit(lambda t: "/festivals/mso-2026/"),
    "me": Visit(lambda t: "/me/", user="edsger"),
    "login": Visit(lambda t: "/accounts/login/"),
    "login-refused": Visit(lambda t: "/accounts/login/", act=refused_login),
    "phone-menu-open": Visit(
        lambda t: f"/events/{t.slug}/", user="td", act=open_menu, sizes=("phone",)
    ),
    # An arbiter may not change the entries: the 403 page, in the site's own layout.
    "forbidden": Visit(lambda t: f"/events/{t.slug}/entries/", user="arb", status=403),
}


def blocking_findings(page: Page) -> list[dict[str, Any]]:
    """Moderate, serious and critical violations, and such checks axe could not
    decide ("incomplete": a duplicate id, an aria-describedby to a missing element, aria-label
    on a plain span), which are as real for a screen reader. Left out of the undecided ones:
    colour contrast where axe cannot find the colour behind the text (text inside an SVG, rows
    scrolled out of a scrolling list). The board's cell names are measured by
    ``low_contrast_board_text``; axe measures the move list's rows in view, and the rest are
    drawn alike."""
    response = AXE.run(page, options={"resultTypes": ["violations", "incomplete"]}).response
    found = [v for v in response["violations"] if v["impact"] in BLOCKING]
    for v in response["incomplete"]:
        if v["impact"] in BLOCKING and v["id"] != "color-contrast":
            found.append({**v, "id": f"{v['id']} (undecided by axe)"})
    return found


# The contrast of each shown cell name against its cell's fill, by WCAG's formula.
BOARD_TEXT_CONTRAST = """() => {
  const lum = css => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(v => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return [...document.querySelectorAll('svg.board .cell')].flatMap(cell => {
    const text = cell.querySelector('.cell-name');
    if (!text || getComputedStyle(text).display === 'none') return [];
    const fill = el => getComputedStyle(el).fill;
    const [a, b] = [fill(text), fill(cell.querySelector('polygon'))].map(lum).sort((x, y) => y - x);
    return [[cell.dataset.cell, (a + 0.05) / (b + 0.05)]];
  });
}"""


def low_contrast_board_text(page: Page) -> list[str]:
    """Cell names on the board under WCAG AA's 4.5:1 for text."""
    measured = page.evaluate(BOARD_TEXT_CONTRAST)
    if page.locator("svg.board").count():
        assert measured, "no cell name on the board was measured"
    return [f"{cell} {ratio:.2f}:1" for cell, ratio in measured if ratio < 4.5]


def describe(where: str, violations: list[dict[str, Any]]) -> str:
    lines = [f"{where}: {len(violations)} moderate, serious or critical accessibility violation(s)"]
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            lines.append(f"    - {target}: {summary}")
    return "\n".join(lines)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", list(PAGES))
def test_no_moderate_serious_or_critical_axe_violations(
    name: str, browser: Browser, live_server: object, task_runner: object
) -> None:
    tournament = tournament_in_round_two()
    visit = PAGES[name]
    base = live_server.url  # type: ignore[attr-defined]
    failures: list[str] = []
    for size in visit.sizes:
        context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone")
        context.set_default_timeout(15_000)
        page = context.new_page()
        try:
            if visit.user:
                log_in(page, base, visit.user, PASSWORD)
            response = page.goto(f"{base}{visit.path(tournament)}")
            assert response is not None and response.status == visit.status, (name, size)
            expect(page.locator(visit.ready).first).to_be_attached()
            page.wait_for_load_state("networkidle")
            if visit.act:
                visit.act(page)
            where = f"{name} at {size} ({page.url})"
            violations = blocking_findings(page)
            if violations:
                failures.append(describe(where, violations))
            if low := low_contrast_board_text(page):
                failures.append(f"{where}: cell names under 4.5:1 contrast: {', '.join(low)}")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"a11y-{name}-{size}.png"), full_page=True)
        finally:
            context.close()
    assert not failures, "\n\n".join(failures)
