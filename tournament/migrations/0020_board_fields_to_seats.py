"""Seats are the only truth: ``Board.first``, ``Board.second``, ``Board.first_lowest`` and
``Board.second_lowest`` go. First every board's seats are made to carry what those fields held:
a board without seats is seated from ``first`` and ``second``; a two-sided board's seats without
levels take their side's lowest level; seats without a placing take it from the result code
(1-0, 0-1, ½-½). Backwards, the fields are filled again from the seats."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

# the placings of a two-sided board's sides by its result code (forfeits and byes place nobody)
PAIR_PLACINGS = {"1-0": (1, 2), "0-1": (2, 1), "1/2-1/2": (1, 1)}


def _sides(seats: list[Any]) -> list[int]:
    return list(dict.fromkeys(seat.entry_id for seat in seats))


def carry_to_seats(apps: Any, schema_editor: Any) -> None:
    Board = apps.get_model("tournament", "Board")
    Seat = apps.get_model("tournament", "Seat")
    boards = Board.objects.only(
        "id", "result", "first_id", "second_id", "first_lowest", "second_lowest"
    ).order_by("id")
    for start in range(0, boards.count(), 500):
        chunk = list(boards[start : start + 500])
        seats: dict[int, list[Any]] = {board.pk: [] for board in chunk}
        for seat in Seat.objects.filter(board__in=chunk).order_by("board_id", "number"):
            seats[seat.board_id].append(seat)
        made, changed = [], []
        for board in chunk:
            seated = seats[board.pk]
            if not seated:  # a board written before its seats were
                entries = [e for e in (board.first_id, board.second_id) if e is not None]
                seated = [
                    Seat(board_id=board.pk, number=n, entry_id=e) for n, e in enumerate(entries)
                ]
                made.extend(seated)
            sides = _sides(seated)
            if len(sides) > 2:
                continue  # a table of 3 or 4: its seats always held its result
            lowest = {board.first_id: board.first_lowest, board.second_id: board.second_lowest}
            placings = PAIR_PLACINGS.get(board.result)
            for seat in seated:
                side = sides.index(seat.entry_id)
                dirty = False
                level = lowest.get(seat.entry_id)
                if not seat.levels and level is not None:
                    seat.levels, dirty = [level], True
                if seat.placing is None and placings is not None and len(sides) == 2:
                    seat.placing, dirty = placings[side], True
                if dirty and seat.pk is not None:
                    changed.append(seat)
        Seat.objects.bulk_create(made)
        Seat.objects.bulk_update(changed, ["levels", "placing"])


def carry_back(apps: Any, schema_editor: Any) -> None:
    Board = apps.get_model("tournament", "Board")
    Seat = apps.get_model("tournament", "Seat")
    seats: dict[int, list[Any]] = {}
    for seat in Seat.objects.order_by("board_id", "number"):
        seats.setdefault(seat.board_id, []).append(seat)
    changed = []
    for board in Board.objects.order_by("id"):
        seated = seats.get(board.pk, [])
        first_seat: dict[int, Any] = {}
        for seat in seated:
            first_seat.setdefault(seat.entry_id, seat)
        sides = list(first_seat.values())
        board.first_id = sides[0].entry_id if sides else None
        board.second_id = sides[1].entry_id if len(sides) > 1 else None
        board.first_lowest = min(sides[0].levels[0], 18) if sides and sides[0].levels else None
        board.second_lowest = (
            min(sides[1].levels[0], 18) if len(sides) > 1 and sides[1].levels else None
        )
        changed.append(board)
    Board.objects.bulk_update(
        changed, ["first", "second", "first_lowest", "second_lowest"], batch_size=500
    )


class Migration(migrations.Migration):
    dependencies = [("tournament", "0019_confirmation_words")]

    operations = [
        # Nullable first, so that going back can add it again before filling it from the seats.
        migrations.AlterField(
            model_name="board",
            name="first",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="boards_first",
                to="tournament.entry",
            ),
        ),
        migrations.RunPython(carry_to_seats, carry_back),
        migrations.RemoveField(model_name="board", name="first"),
        migrations.RemoveField(model_name="board", name="second"),
        migrations.RemoveField(model_name="board", name="first_lowest"),
        migrations.RemoveField(model_name="board", name="second_lowest"),
    ]
