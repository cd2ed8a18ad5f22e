"""tournament/migrations/0020_board_fields_to_seats.py: every result kept in
``Board.first/second/first_lowest/second_lowest`` is carried into the seats before the fields
go, and back again. Rows are built in the 0018 state with the migration executor."""

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournament", "0019_confirmation_words")]
AFTER = [("tournament", "0020_board_fields_to_seats")]

pytestmark = pytest.mark.django_db(transaction=True)


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_apps() -> Iterator[Any]:
    apps = _migrate(BEFORE)
    yield apps
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    _migrate(leaves)  # the rest of the suite runs on the latest schema


def _world(apps: Any) -> dict[str, Any]:
    """An event with five entries (one a partnership team) and boards of every kind, some with
    seats and some without, as 0018 left them."""
    User = apps.get_model("auth", "User")
    Event = apps.get_model("tournament", "Event")
    Round = apps.get_model("tournament", "Round")
    Player = apps.get_model("tournament", "Player")
    Entry = apps.get_model("tournament", "Entry")
    Board = apps.get_model("tournament", "Board")
    Seat = apps.get_model("tournament", "Seat")
    director = User.objects.create(username="td-0019")
    event = Event.objects.create(
        name="Carried over",
        slug="carried-over",
        venue="JW3",
        start_date=date(2026, 7, 4),
        end_date=date(2026, 7, 4),
        created_by=director,
    )
    round_ = Round.objects.create(event=event, number=1, status="complete")
    players = [Player.objects.create(name=f"Player {n}") for n in range(6)]
    a, b, c, d, e = (
        Entry.objects.create(event=event, player=p, starting_rank=n + 1)
        for n, p in enumerate(players[:5])
    )
    e.partner = players[5]
    e.save()

    def board(number: int, first: Any, second: Any, result: str, *lowest: int | None) -> Any:
        levels = dict(zip(("first_lowest", "second_lowest"), lowest, strict=False))
        return Board.objects.create(
            round=round_, number=number, first=first, second=second, result=result, **levels
        )

    boards = {
        # no seats at all (written before seats existed): seated from first and second
        "unseated win": board(1, a, b, "0-1", 4, 7),
        "unseated bye": board(2, c, None, "bye"),
        # seats without levels or placings: they take the board's
        "bare draw": board(3, d, a, "1/2-1/2", 9, 9),
        # seats already carrying levels and placings keep theirs
        "settled": board(4, b, c, "1-0", 12, 3),
        # a forfeit places nobody
        "forfeit": board(5, c, d, "+/-"),
        # a partnership team (two seats) against a player, levels on the board only
        "team": board(6, e, a, "1-0", 15, 11),
    }
    Seat.objects.bulk_create(
        [
            Seat(board=boards["bare draw"], number=0, entry=d),
            Seat(board=boards["bare draw"], number=1, entry=a),
            Seat(board=boards["settled"], number=0, entry=b, placing=1, levels=[12, 14]),
            Seat(board=boards["settled"], number=1, entry=c, placing=2, levels=[3, 5]),
            Seat(board=boards["forfeit"], number=0, entry=c),
            Seat(board=boards["forfeit"], number=1, entry=d),
            Seat(board=boards["team"], number=0, entry=e),
            Seat(board=boards["team"], number=1, entry=a),
            Seat(board=boards["team"], number=2, entry=e),
            Seat(board=boards["team"], number=3, entry=a),
        ]
    )
    return {
        "boards": {k: v.pk for k, v in boards.items()},
        "entries": [x.pk for x in (a, b, c, d, e)],
    }


def _seats(apps: Any, board_id: int) -> list[tuple[int, int, int | None, list[int]]]:
    Seat = apps.get_model("tournament", "Seat")
    return list(
        Seat.objects.filter(board_id=board_id)
        .order_by("number")
        .values_list("number", "entry_id", "placing", "levels")
    )


def test_every_board_s_sides_levels_and_placings_are_carried_into_its_seats(
    old_apps: Any,
) -> None:
    world = _world(old_apps)
    new_apps = _migrate(AFTER)
    boards, (a, b, c, d, e) = world["boards"], world["entries"]
    assert _seats(new_apps, boards["unseated win"]) == [(0, a, 2, [4]), (1, b, 1, [7])]
    assert _seats(new_apps, boards["unseated bye"]) == [(0, c, None, [])]
    assert _seats(new_apps, boards["bare draw"]) == [(0, d, 1, [9]), (1, a, 1, [9])]
    assert _seats(new_apps, boards["settled"]) == [(0, b, 1, [12, 14]), (1, c, 2, [3, 5])]
    assert _seats(new_apps, boards["forfeit"]) == [(0, c, None, []), (1, d, None, [])]
    assert _seats(new_apps, boards["team"]) == [
        (0, e, 1, [15]),
        (1, a, 2, [11]),
        (2, e, 1, [15]),
        (3, a, 2, [11]),
    ]
    Board = new_apps.get_model("tournament", "Board")
    names = {field.name for field in Board._meta.get_fields()}
    assert names.isdisjoint({"first", "second", "first_lowest", "second_lowest"})


def test_going_back_fills_the_fields_again_from_the_seats(old_apps: Any) -> None:
    world = _world(old_apps)
    _migrate(AFTER)
    back = _migrate(BEFORE)
    Board = back.get_model("tournament", "Board")
    boards, (a, b, c, d, e) = world["boards"], world["entries"]
    rows = {
        pk: (board.first_id, board.second_id, board.first_lowest, board.second_lowest)
        for pk, board in Board.objects.in_bulk(list(boards.values())).items()
    }
    assert rows[boards["unseated win"]] == (a, b, 4, 7)
    assert rows[boards["unseated bye"]] == (c, None, None, None)
    assert rows[boards["bare draw"]] == (d, a, 9, 9)
    assert rows[boards["settled"]] == (b, c, 12, 3)
    assert rows[boards["team"]] == (e, a, 15, 11)
