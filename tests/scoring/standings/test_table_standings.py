"""Standings, crosstable and their exports of an event at tables of 4 (RULINGS.md "Events beyond
two players"): VP by placings (thirds at a table of 4), the table tie-breaks, the cells."""

import csv
import io
import json
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from scoring.standings.build import build_standings, player_boards
from tests.factories import EntryFactory, EventFactory, RoundFactory, director_of
from tests.result_calls import set_table_result
from tournament.models.events import Board, Entry, Event, Round
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.django_db

# Ten players at tables of 4, 3 and 3, two rounds: per table, the seats (player numbers) and
# each seat's [lowest, next lowest] at the end.
ROUNDS = [
    [
        ([0, 1, 2, 3], [[9, 10], [7, 8], [7, 8], [3, 5]]),  # placings 1, 2, 2, 4
        ([4, 5, 6], [[8, 9], [6, 7], [4, 12]]),  # 1, 2, 3
        ([7, 8, 9], [[10, 11], [10, 11], [2, 2]]),  # 1, 1, 3
    ],
    [
        ([0, 4, 7, 9], [[5, 6], [6, 7], [4, 9], [11, 12]]),  # 3, 2, 4, 1
        ([1, 5, 8], [[9, 9], [8, 10], [3, 4]]),  # 1, 2, 3
        ([2, 3, 6], [[7, 7], [6, 8], [12, 13]]),  # 2, 3, 1
    ],
]
# VP: p0 1 + 1/3, p1 1/2 + 1, p2 1/2 + 1/2, p3 0, p4 1 + 2/3, p5 1/2 + 1/2, p6 0 + 1,
# p7 3/4 + 0, p8 3/4 + 0, p9 0 + 1. Progressive difference (own lowest - mean of the others'):
# p6 -3 + 5.5 = 2.5, p5 0 + 2 = 2, p2 2/3 - 2 = -4/3, p9 -8 + 6 = -2; p7 4 - 10/3 = 2/3,
# p8 4 - 5.5 = -1.5 (p7 and p8 tied at their table: results between 1/2 each).
EXPECTED_ORDER = [4, 1, 0, 6, 5, 2, 9, 7, 8, 3]


@dataclass
class TableEvent:
    event: Event
    players: list[Entry]
    director: object
    boards: dict[tuple[int, int], Board]  # (round, table number) -> board


def table_event() -> TableEvent:
    event = EventFactory(table_size=4, rounds=3)
    players = [EntryFactory(event=event) for _ in range(10)]
    director = director_of(event)
    boards: dict[tuple[int, int], Board] = {}
    for number, tables in enumerate(ROUNDS, start=1):
        round_ = RoundFactory(event=event, number=number, status=Round.Status.PUBLISHED)
        seated = seat_boards(
            round_,
            [Table(entries=[players[p].pk for p in seats]) for seats, _ in tables],
            first_number=1,
        )
        for board, (_, levels) in zip(seated, tables, strict=True):
            boards[(number, board.number)] = board
            set_table_result(board=board, user=director, reason="scoresheet", levels=levels)
    return TableEvent(event, players, director, boards)


@pytest.fixture
def tables() -> TableEvent:
    return table_event()


def test_standings_rank_by_victory_points_with_thirds_then_the_table_tiebreaks(
    tables: TableEvent,
) -> None:
    standings = build_standings(tables.event)
    ids = {e.pk: i for i, e in enumerate(tables.players)}
    assert [ids[line.contender.entry_id] for line in standings.lines] == EXPECTED_ORDER
    by_player = {ids[line.contender.entry_id]: line for line in standings.lines}
    assert by_player[4].vp == pytest.approx(5 / 3) and by_player[4].vp_text == "1.67"
    assert by_player[0].vp == pytest.approx(4 / 3) and by_player[0].vp_text == "1.33"
    assert by_player[7].vp_text == "0.75"
    assert [line.rank for line in standings.lines] == list(range(1, 11))  # nobody tied
    pd = [c.key for c in standings.chain].index("progressive_difference")
    rb = [c.key for c in standings.chain].index("results_between")
    assert by_player[6].tiebreaks[pd] == pytest.approx(2.5)
    assert by_player[2].tiebreaks[pd] == pytest.approx(-4 / 3)
    assert by_player[2].tiebreak_texts[pd] == "-1.33"
    # p7 and p8 shared a table and tied there: results between counts it (1/2 each).
    assert by_player[7].tiebreaks[rb] == by_player[8].tiebreaks[rb] == 0.5
    assert all(line.games_played == 2 for line in standings.lines)
    assert standings.after_round == 2 and not standings.problems


def test_crosstable_cells_show_table_placing_and_vp(tables: TableEvent, client: Client) -> None:
    standings = build_standings(tables.event)
    line = standings.line(tables.players[4].pk)
    assert line is not None
    first, second = line.cells
    assert first is not None and second is not None
    assert (first.kind, first.board_number, first.placing, first.table_size) == ("table", 2, 1, 3)
    assert first.label == "1/3 · 1"
    assert second.label == "2/4 · 0.67" and second.board_number == 1
    assert second.moved_first is False and second.own_lowest == 6
    p0 = standings.line(tables.players[0].pk)
    assert p0 is not None and p0.cells[1] is not None
    assert p0.cells[1].label == "3/4 · 0.33" and p0.cells[1].moved_first is True
    page = client.get(reverse("event-crosstable", args=[tables.event.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "2/4 · 0.67" in html and "T1" in html and "1.67" in html


def test_standings_and_crosstable_exports_and_api(tables: TableEvent, client: Client) -> None:
    slug = tables.event.slug
    body = client.get(reverse("export-standings-csv", args=[slug])).content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    names = {e.player.name: i for i, e in enumerate(tables.players)}
    assert [names[r["Player"]] for r in rows] == EXPECTED_ORDER
    assert [r["VP"] for r in rows[:3]] == ["1.67", "1.5", "1.33"]
    assert rows[5]["Progressive difference"] == "-1.33"

    body = client.get(reverse("export-crosstable-csv", args=[slug])).content.decode()
    header, *lines = list(csv.reader(io.StringIO(body)))
    assert "R2 placing" in header
    top = dict(zip(header, lines[0], strict=True))
    assert (top["R2 opponent"], top["R2 result"], top["R2 placing"]) == ("T1", "0.67", "2")
    assert top["R2 first"] == "no" and top["VP"] == "1.67"

    data = json.loads(client.get(reverse("export-standings-json", args=[slug])).content)
    assert data["standings"][0]["vp"] == pytest.approx(5 / 3)
    api = client.get(reverse("api-event-crosstable", args=[slug])).json()
    cell = api["crosstable"][0]["rounds"][1]
    assert cell["kind"] == "table" and cell["placing"] == 2 and cell["table_size"] == 4
    assert cell["points"] == pytest.approx(2 / 3) and cell["score"] == "0.67"
    standings = client.get(reverse("api-event-standings", args=[slug])).json()
    assert standings["standings"][0]["vp"] == pytest.approx(5 / 3)


def test_a_table_waiting_for_its_result_shows_as_playing_and_counts_nothing() -> None:
    built = table_event()
    round_ = RoundFactory(event=built.event, number=3, status=Round.Status.PUBLISHED)
    seat_boards(round_, [Table(entries=[e.pk for e in built.players[:4]])], first_number=1)
    standings = build_standings(built.event)
    line = standings.line(built.players[0].pk)
    assert line is not None and line.cells[2] is not None
    assert line.cells[2].kind == "pending" and line.cells[2].label == "playing"
    assert line.vp == pytest.approx(4 / 3)
    assert standings.after_round == 2


def test_player_page_lists_every_table_of_the_player(tables: TableEvent) -> None:
    games = player_boards(tables.event, tables.players[3])  # seat 4 of R1's table 1
    assert [g.board.round.number for g in games] == [1, 2]
    assert games[0].cell is not None and games[0].cell.label == "4/4 · 0"
    assert games[0].opponent is None


def test_standings_of_a_table_event_read_boards_and_seats_in_one_query(
    tables: TableEvent, django_assert_num_queries: object
) -> None:
    from scoring.standings.build import load_event_boards

    with django_assert_num_queries(3):  # type: ignore[operator]
        data = load_event_boards(tables.event)
    assert sum(1 for b in data.boards if b.is_table) == 6
