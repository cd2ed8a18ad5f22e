"""Every column of the projector has its header, over its own values, on every screen: a small
event (one column of rows), 20 players (the most standings in one column), 44 (22 boards: the
most pairings in one column; two columns of standings and a second screen) and 46 (two columns
of pairings). A bye row says what it is once; a legend says what the abbreviations
and symbols mean; the text is big enough for a hall."""

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.recording.setup import create_games_for_round
from scoring.standings.build import standings_for
from tests.browser.conftest import SCREENSHOTS
from tests.scoring.builders import HandBuilt

MIN_TEXT_PX = 24

# Each cell of every header and body row: its text, its box, where its text is drawn.
LAYOUT = """screen => {
  const cell = el => {
    const box = el.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    return {text: el.textContent.trim(), left: box.left, right: box.right, bottom: box.bottom,
            textLeft: text.left, textRight: text.right, align: getComputedStyle(el).textAlign,
            px: parseFloat(getComputedStyle(el).fontSize)};
  };
  const rows = sel => [...screen.querySelectorAll(sel)].map(tr => [...tr.children].map(cell));
  const legend = screen.querySelector('.pj-legend');
  return {heads: rows('thead tr'), rows: rows('tbody tr'),
          legend: legend ? legend.textContent.trim() : '',
          legendPx: legend ? parseFloat(getComputedStyle(legend).fontSize) : 0,
          titlePx: parseFloat(getComputedStyle(screen.querySelector('h1')).fontSize)};
}"""


def event_of(players: int, *, byes: bool = False) -> HandBuilt:
    """Round 1 played, round 2 in play; with ``byes``, round 2 also has a pairing-allocated
    bye, a requested half-point bye and an absence."""
    names = [f"Player {chr(65 + n % 26)}{n // 26 or ''} Surname-{n:02d}" for n in range(players)]
    built = HandBuilt(names)
    half = players // 2
    built.round(1, [(names[i], names[half + i], "1-0", 12, 9 + i % 3) for i in range(half)])
    if byes:
        seated, single = names[:-3], names[-3:]
        games = [(seated[i], seated[-1 - i], "", None, None) for i in range(len(seated) // 2)]
        specs = ["bye", "half-bye", "absent"]
        built.round(
            2, games + [(n, None, r, None, None) for n, r in zip(single, specs, strict=True)]
        )
    else:
        built.round(2, [(names[i], names[-1 - i], "", None, None) for i in range(half)])
    create_games_for_round(built.rounds[2])
    return built


def show(page: Page, n: int) -> None:
    page.evaluate(
        """n => document.querySelectorAll('#projector .screen')
             .forEach((el, i) => el.classList.toggle('active', i === n))""",
        n,
    )


def check_columns(name: str, layout: dict[str, Any]) -> dict[str, list[str]]:
    """Each body row lines up with the header row over it (one header row over each column of
    rows); returns the values under each header, in order."""
    heads, rows = layout["heads"], layout["rows"]
    columns_of_rows = {round(row[0]["left"]) for row in rows}
    assert len(heads) == len(columns_of_rows), f"{name}: a header row over each column of rows"
    width = len(heads[0])
    assert all(len(head) == width for head in heads)
    by_header: dict[str, list[str]] = {th["text"]: [] for th in heads[0]}
    for row in rows:
        assert len(row) == width, f"{name}: a row has {len(row)} cells under {width} headers"
        head = next((h for h in heads if abs(h[0]["left"] - row[0]["left"]) < 1), None)
        assert head is not None, f"{name}: no header row over {row[1]['text']!r}"
        for th, td in zip(head, row, strict=True):
            where = f"{name}: {td['text']!r} under {th['text']!r}"
            assert abs(th["left"] - td["left"]) < 1 and abs(th["right"] - td["right"]) < 1, where
            assert th["align"] == td["align"], where
            if td["text"]:  # the header's words and the value are drawn over each other
                assert td["textLeft"] < th["textRight"] and th["textLeft"] < td["textRight"], where
            by_header[th["text"]].append(td["text"])
    return by_header


def check_size(name: str, layout: dict[str, Any]) -> None:
    sizes = [c["px"] for row in layout["heads"] + layout["rows"] for c in row]
    sizes += [layout["legendPx"], layout["titlePx"]]
    assert min(sizes) >= MIN_TEXT_PX, f"{name}: text of {min(sizes)} px is too small for a hall"
    bottom = max(c["bottom"] for row in layout["rows"] for c in row)
    assert bottom <= 1080, f"{name}: the last row ends at {bottom} px, below the screen"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("players", "byes"), [(9, True), (20, False), (44, False), (46, False)])
def test_every_projector_column_has_its_header(
    browser: Browser, live_server: object, players: int, byes: bool
) -> None:
    built = event_of(players, byes=byes)
    table = standings_for(built.event)
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(f"{base}/events/{built.event.slug}/projector/")
        screens = page.locator("#projector .screen")
        expect(screens.first).to_be_attached()
        names = page.evaluate(
            "[...document.querySelectorAll('#projector .screen')].map(s => s.dataset.screen)"
        )
        assert names[0] == "pairings" and len(names) == 1 + (players + 39) // 40
        lines = iter(table.lines)
        for n, name in enumerate(names):
            show(page, n)
            expect(screens.nth(n)).to_be_visible()
            layout = screens.nth(n).evaluate(LAYOUT)
            assert page.evaluate("document.documentElement.scrollWidth") <= 1920, name
            count = len(layout["rows"])
            columns = check_columns(name, layout)
            assert layout["legend"], f"{name}: no legend"
            check_size(name, layout)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"projector_{players}_{name}.png"))
            if name == "pairings":
                assert list(columns) == ["Board", "First to move", "Result", "Second"]
                assert columns["Board"] == [str(b) for b in range(1, count + 1)]
                assert "● game in play" in layout["legend"] and "v not started" in layout["legend"]
                continue
            shown = [next(lines) for _ in range(count)]
            chain = [column.short for column in table.chain]
            assert list(columns) == ["#", "Player", "VP", *chain]
            assert columns["Player"] == [line.contender.name for line in shown]
            assert columns["VP"] == [line.vp_text for line in shown], "VP under its header"
            assert columns["#"] == [line.rank_text for line in shown]
            for i, short in enumerate(chain):
                assert columns[short] == [line.tiebreak_texts[i] for line in shown], short
            # The legend says what every abbreviation in the header stands for.
            assert "VP victory points" in layout["legend"] and "= shared" in layout["legend"]
            for column in table.chain:
                assert f"{column.short} {column.label.lower()}" in layout["legend"]
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_bye_row_says_what_it_is_once(browser: Browser, live_server: object) -> None:
    built = event_of(9, byes=True)
    base = live_server.url  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(f"{base}/events/{built.event.slug}/projector/")
        rows = page.locator('#projector [data-screen="pairings"] tbody tr')
        expect(rows.first).to_be_attached()
        texts = [rows.nth(i).inner_text() for i in range(rows.count())]
        singles = {
            "Player G Surname-06": "Pairing-allocated bye",
            "Player H Surname-07": "Requested half-point bye",
            "Player I Surname-08": "Absent (zero)",
        }
        for player, label in singles.items():
            row = next(t for t in texts if player in t)
            assert row.count(label) == 1, row
            assert row.split() == [row.split()[0], *player.split(), *label.split()], row
    finally:
        context.close()
