"""A festival of two events sharing two players, for the festival tests of both floors (the
`two_events` fixture of tests/conftest.py builds it)."""

import datetime

from tests.factories import BoardFactory, EntryFactory, EventFactory, PlayerFactory, RoundFactory
from tournament.checkin.models import CheckInWindow
from tournament.models.events import Entry, Event, Festival, Player


def _entries(event: Event, players: list[Player]) -> list[Entry]:
    return [
        EntryFactory(event=event, player=player, starting_rank=rank)
        for rank, player in enumerate(players, start=1)
    ]


class TwoEvents:
    """A festival of two events sharing Alice and Bob.

    Open (20-21 Aug): Alice beat Bob 10-8, Carol beat Dave 10-8, Eve entered but played no
    game. Alice and Carol are equal on everything (places 1-2), so are Bob and Dave (3-4);
    Eve is no part of the field (4 players).
    Blitz (22 Aug, check-in for round 1 at 10:00 London time): Bob beat Alice 12-6, Frank beat
    Gina 9-8: Bob 1, Frank 2, Gina 3, Alice 4.
    """

    def __init__(self) -> None:
        self.festival = Festival.objects.create(
            name="MSO 2026",
            slug="mso-2026",
            starts=datetime.date(2026, 8, 20),
            ends=datetime.date(2026, 8, 28),
            venue="JW3, London",
            time_zone="Europe/London",
        )
        names = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Gina"]
        self.players = {name: PlayerFactory(name=name) for name in names}
        p = self.players
        self.open = EventFactory(
            name="Ingenious Open",
            festival=self.festival,
            start_date=datetime.date(2026, 8, 20),
            end_date=datetime.date(2026, 8, 21),
        )
        a, b, c, d, _e = _entries(
            self.open, [p["Alice"], p["Bob"], p["Carol"], p["Dave"], p["Eve"]]
        )
        rnd = RoundFactory(event=self.open, number=1)
        self.open_board = BoardFactory(
            round=rnd, number=1, sides=[a, b], result="1-0", lowest=(10, 8)
        )
        BoardFactory(round=rnd, number=2, sides=[c, d], result="1-0", lowest=(10, 8))
        self.blitz = EventFactory(
            name="Ingenious Blitz",
            festival=self.festival,
            start_date=datetime.date(2026, 8, 22),
            end_date=datetime.date(2026, 8, 22),
        )
        a2, b2, f, g = _entries(self.blitz, [p["Alice"], p["Bob"], p["Frank"], p["Gina"]])
        rnd = RoundFactory(event=self.blitz, number=1)
        BoardFactory(round=rnd, number=1, sides=[b2, a2], result="1-0", lowest=(12, 6))
        BoardFactory(round=rnd, number=2, sides=[f, g], result="1-0", lowest=(9, 8))
        CheckInWindow.objects.create(
            event=self.blitz,
            round_number=1,
            opens_at=datetime.datetime(2026, 8, 22, 9, 0, tzinfo=datetime.UTC),
            closes_at=datetime.datetime(2026, 8, 22, 9, 15, tzinfo=datetime.UTC),
        )
        # Not in the festival: never on its page nor in its export.
        EventFactory(name="Stand-alone Open")
