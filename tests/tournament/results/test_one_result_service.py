"""One result service by seats (issue 26): levels on the 0-36 track for partnership and
solitaire, the round page's quick entry with levels, the missing-levels warning, and no
other writer of results in the tournament app."""

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import tournament
from games.engine.randomgame import random_game
from games.recording import positions
from games.recording.services import import_record
from games.recording.setup import game_for_board
from scoring.standings.build import build_standings
from tests.factories import EntryFactory, PlayerFactory, arbiter_of
from tests.tournament.helpers import event_with_players
from tournament.errors import DomainError
from tournament.models.events import Board, Event, Result, Round
from tournament.models.tables import Seat
from tournament.results.models import ResultCorrection
from tournament.results.services import enter_result
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def published(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return publish_round(round_=round_, user=td, notify=False)


def partnership(teams: int = 2) -> tuple[Event, Any, Round]:
    event, td = event_with_players(0, rounds=1, ruleset="partnership", table_size=4)
    for rank in range(1, teams + 1):
        EntryFactory(event=event, partner=PlayerFactory(), starting_rank=rank)
    return event, td, published(event, td)


def sides(board: Board) -> list[tuple[int | None, list[int]]]:
    board = Board.objects.get(pk=board.pk)
    return [(seat.placing, seat.levels) for seat in board.side_seats()]


def test_a_partnership_game_whose_team_lowest_is_above_18_ends_and_is_ranked(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # Bug: the final placement was refused ("a whole number from 0 to 18").
    event, _td, round_ = partnership()
    board = round_.boards.get()
    game = game_for_board(board)
    record = random_game("partnership", mode="board", seed=56, policy="greedy")
    actions = positions.board_mode_actions(record)
    with django_capture_on_commit_callbacks(execute=True):
        import_record(
            game=game,
            user=arbiter_of(event),
            source=positions.make_record(
                game.ruleset, game.options, game.players, actions
            ).to_json(),
        )
    board.refresh_from_db()
    assert board.result == Result.SECOND_WINS and board.result_counts
    (first_placing, first), (second_placing, second) = sides(board)
    assert (first[0], second[0]) == (13, 20) and len(first) == len(second) == 6
    assert (first_placing, second_placing) == (2, 1)
    # Partners' seats carry their team's outcome.
    assert all(s.levels == second for s in Seat.objects.filter(board=board, number__in=(1, 3)))
    lines = build_standings(event).lines
    assert [line.vp for line in lines] == [1, 0]
    assert lines[0].contender.entry_id == Seat.objects.get(board=board, number=1).entry_id


def test_a_director_enters_partnership_levels_up_to_36_by_hand(client: Client) -> None:
    # Bug: the form and the service capped a team's lowest at 18.
    event, td, round_ = partnership()
    board = round_.boards.get()
    client.force_login(td)
    url = reverse("board-result", args=[event.slug, board.pk])
    page = client.get(url).content.decode()
    assert 'max="36"' in page and 'inputmode="numeric"' in page
    response = client.post(
        url, {"result": "1-0", "first_lowest": "27", "second_lowest": "19", "replaces": "0"}
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert sides(board) == [(1, [27]), (2, [19])]
    line = {li.contender.entry_id: li for li in build_standings(event).lines}
    first_entry = Seat.objects.get(board=board, number=0).entry_id
    assert line[first_entry].tiebreaks[1:] == (8, 27)  # progressive difference and level


@pytest.mark.parametrize("level", [37, 40])
def test_a_partnership_level_above_36_is_refused_and_nothing_changes(
    client: Client, level: int
) -> None:
    event, td, round_ = partnership()
    board = round_.boards.get()
    with pytest.raises(DomainError) as refused:
        enter_result(board=board, user=td, result="1-0", levels=[[level], [19]], replaces=0)
    assert "0 to 36" in refused.value.message and "first side" in refused.value.message
    client.force_login(td)
    url = reverse("board-result", args=[event.slug, board.pk])
    response = client.post(
        url, {"result": "1-0", "first_lowest": str(level), "second_lowest": "19", "replaces": "0"}
    )
    assert response.status_code == 200
    assert "36" in response.content.decode()
    board.refresh_from_db()
    assert board.result == "" and not ResultCorrection.objects.filter(board=board).exists()
    assert sides(board) == [(None, []), (None, [])]


def test_an_mso_level_above_18_is_refused_naming_the_side_and_the_limit() -> None:
    event, td = event_with_players(2, rounds=1)
    board = published(event, td).boards.get()
    with pytest.raises(DomainError) as refused:
        enter_result(board=board, user=td, result="0-1", levels=[[7], [19]])
    assert "The second side" in refused.value.message and "0 to 18" in refused.value.message
    assert refused.value.field == "second_lowest"
    assert Board.objects.get(pk=board.pk).result == ""


def test_a_director_enters_solitaire_levels_up_to_36_on_the_board_page(client: Client) -> None:
    event, td = event_with_players(3, rounds=2, ruleset="solitaire", table_size=1)
    boards = list(published(event, td).boards.order_by("number"))
    client.force_login(td)
    for board, (lowest, nxt) in zip(boards, [(30, 33), (30, 36), (12, 20)], strict=True):
        url = reverse("board-result", args=[event.slug, board.pk])
        data = {"lowest_0": lowest, "next_0": nxt, "reason": "scoresheet", "replaces": 0}
        assert client.post(url, data).status_code == 302
    assert [sides(b) for b in boards] == [[(2, [30, 33])], [(1, [30, 36])], [(3, [12, 20])]]
    url = reverse("board-result", args=[event.slug, boards[2].pk])
    data = {"lowest_0": 37, "next_0": 37, "reason": "scoresheet", "replaces": 1}
    assert client.post(url, data).status_code == 200
    assert sides(boards[2]) == [(3, [12, 20])]


def quick(client: Client, board: Board, **fields: Any) -> Any:
    prefix = f"b{board.pk}"
    data = {"prefix": prefix, f"{prefix}-replaces": board.result_version}
    data |= {f"{prefix}-{k}": v for k, v in fields.items()}
    return client.post(reverse("board-result", args=[board.round.event.slug, board.pk]), data)


def test_quick_entry_on_the_round_page_takes_levels_and_gives_the_mso_tie_breaks(
    client: Client,
) -> None:
    # Bug: the round page asked for no levels, so every MSO tie-break came out 0.
    event, td = event_with_players(4, rounds=3)
    event.tiebreak_chain = ["progressive_difference", "progressive_level"]
    event.save()
    round_ = published(event, td)
    client.force_login(td)
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    b1, b2 = round_.boards.order_by("number")
    for board in (b1, b2):
        for name in ("first_lowest", "second_lowest"):
            field = re.search(rf'<input[^>]*name="b{board.pk}-{name}"[^>]*>', page)
            assert field and 'inputmode="numeric"' in field.group(0), name
    assert quick(client, b1, result="1-0", first_lowest=12, second_lowest=9).status_code == 302
    assert quick(client, b2, result="0-1", first_lowest=7, second_lowest=14).status_code == 302
    entry = {b.pk: [s.entry_id for s in b.side_seats()] for b in (b1, b2)}
    lines = {li.contender.entry_id: (li.vp, li.tiebreaks) for li in build_standings(event).lines}
    assert lines[entry[b1.pk][0]] == (1, (3, 12))  # 12 - 9, 12
    assert lines[entry[b1.pk][1]] == (0, (-3, 9))
    assert lines[entry[b2.pk][0]] == (0, (-7, 7))  # 7 - 14, 7
    assert lines[entry[b2.pk][1]] == (1, (7, 14))


def test_quick_entry_at_a_table_takes_every_seats_lowest(client: Client) -> None:
    event, td = event_with_players(3, rounds=2, table_size=3, ruleset="standard")
    board = published(event, td).boards.get()
    client.force_login(td)
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert all(f'name="b{board.pk}-lowest_{n}"' in page for n in range(3))
    assert quick(client, board, lowest_0=9, lowest_1=14, lowest_2=9).status_code == 302
    assert sides(board) == [(2, [9]), (1, [14]), (2, [9])]
    assert quick(client, board, lowest_0=19, lowest_1=14, lowest_2=9).status_code == 302
    assert sides(board) == [(2, [9]), (1, [14]), (2, [9])], "19 is refused at a table of 3"


def test_a_warning_names_the_boards_missing_levels_before_the_next_round(client: Client) -> None:
    event, td = event_with_players(4, rounds=3)
    round_ = published(event, td)
    b1, b2 = round_.boards.order_by("number")
    enter_result(board=b1, user=td, result="1-0")
    enter_result(board=b2, user=td, result="1-0", levels=[[10], [8]])
    client.force_login(td)
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert "round 1 board 1" in page and "round 1 board 2" not in page
    response = client.post(reverse("event-pair", args=[event.slug]), follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert any("round 1 board 1" in m for m in said), said
    assert Round.objects.filter(event=event, number=2).exists(), "a warning, not a refusal"


def test_one_service_writes_results_and_the_seats_placings_and_levels() -> None:
    root = Path(tournament.__file__).parent
    # the pure pairing core writes no rows
    modules = [p for p in root.rglob("*.py") if not {"migrations", "pairing"} & set(p.parts)]
    writes = re.compile(
        r"\.result\s*=[^=]|\bresult_version\s*\+=|\.placing\s*=[^=]|\.levels\s*=[^=]"
        r"|update\([^)]*\b(result|placing|levels)\s*="
    )
    writers = {str(p.relative_to(root)) for p in modules if writes.search(p.read_text())}
    assert writers == {"results/services.py", "rounds/seating.py"}, writers
    seat_writers = {
        str(p.relative_to(root))
        for p in modules
        if re.search(r"\b(settle_seats|place)\(", p.read_text()) and p.name != "seating.py"
    }
    assert seat_writers == {"results/services.py"}
