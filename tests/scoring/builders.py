"""Hand-built events for the standings tests: entries named A, B, C... and boards by round."""

from collections.abc import Sequence
from decimal import Decimal

from tests.factories import BoardFactory, EntryFactory, EventFactory, PlayerFactory, RoundFactory
from tournament.models.events import Board, Entry, Event, Round

# One board: (first, second or None, result, first's lowest level, second's lowest level).
BoardSpec = tuple[str, str | None, str, int | None, int | None]


class HandBuilt:
    """An event and its entries by letter; ``round()`` adds a round of boards."""

    def __init__(self, names: str | Sequence[str], **event_fields: object) -> None:
        self.event: Event = EventFactory(**event_fields)
        self.entries: dict[str, Entry] = {}
        for rank, name in enumerate(names, start=1):
            player = PlayerFactory(name=name, club=f"Club {name}")
            self.entries[name] = EntryFactory(event=self.event, player=player, starting_rank=rank)
        self.rounds: dict[int, Round] = {}

    def __getitem__(self, name: str) -> Entry:
        return self.entries[name]

    def round(
        self,
        number: int,
        boards: Sequence[BoardSpec],
        status: str = Round.Status.PUBLISHED,
        held: Sequence[int] = (),
    ) -> Round:
        """Boards are numbered from 1 in the order given; ``held`` lists held board numbers."""
        rnd = RoundFactory(event=self.event, number=number, status=status)
        self.rounds[number] = rnd
        for i, (first, second, result, first_lowest, second_lowest) in enumerate(boards, 1):
            BoardFactory(
                round=rnd,
                number=i,
                sides=[self.entries[first], self.entries[second] if second else None],
                result=result,
                lowest=(first_lowest, second_lowest),
                result_check=Board.Check.FAILED if i in held else Board.Check.NONE,
            )
        return rnd

    def board(self, round_number: int, board_number: int) -> Board:
        return Board.objects.get(round=self.rounds[round_number], number=board_number)

    def name(self, entry_id: int | None) -> str:
        return next(n for n, e in self.entries.items() if e.pk == entry_id)


def rulebook_example() -> HandBuilt:
    """The MSO rules' tie-break order on four players, all play all.

    A beat B (12-9), lost to C (8-11), beat D (13-6): 2 VP, progressive difference +7.
    C drew D and B, beat A: 2 VP, progressive difference +3. C is ahead of A all the same:
    results between come first, and C beat A. B 1½, D ½.
    """
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "1-0", 12, 9), ("C", "D", "1/2-1/2", 10, 10)])
    ev.round(2, [("A", "C", "0-1", 8, 11), ("B", "D", "1-0", 14, 7)])
    ev.round(3, [("A", "D", "1-0", 13, 6), ("B", "C", "1/2-1/2", 11, 11)])
    return ev


def three_way_tie() -> HandBuilt:
    """A beat B, B beat C, C beat A, and all three beat D: A, B, C on 2 VP each.

    Results between do not separate them (1 VP each in the group). Progressive difference:
    A +5, B +7, C +5; progressive level: A 29, C 33. So B, C, A, D.
    """
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "1-0", 10, 8), ("C", "D", "1-0", 13, 6)])
    ev.round(2, [("B", "C", "1-0", 12, 9), ("A", "D", "1-0", 9, 5)])
    ev.round(3, [("C", "A", "1-0", 11, 10), ("B", "D", "1-0", 10, 4)])
    return ev


def swiss_field(players: int, rounds: int = 3) -> HandBuilt:
    """``players`` entries (even), ``rounds`` rounds of the top half beating the bottom half
    with rotating pairings, all with levels: for the query-count tests."""
    names = [f"P{i:03d}" for i in range(players)]
    ev = HandBuilt(names, bye_value=Decimal("1.0"))
    half = players // 2
    for rnd in range(1, rounds + 1):
        boards: list[BoardSpec] = []
        for i in range(half):
            top = names[i]
            bottom = names[half + (i + rnd - 1) % half]
            boards.append((top, bottom, "1-0", 10 + i % 5, 8))
        ev.round(rnd, boards)
    return ev


def mixed_event() -> HandBuilt:
    """Five players, three rounds with every kind of result: a bye (E, round 1), a half-point
    bye (D, round 2), a forfeit (A over E, round 3) and an absence (C, round 3).

    VP: A 2, B 1½, C 1½, D 1½, E 1.
    """
    ev = HandBuilt("ABCDE")
    ev.round(
        1,
        [("A", "B", "1-0", 12, 9), ("C", "D", "1/2-1/2", 10, 10), ("E", None, "bye", None, None)],
    )
    ev.round(
        2,
        [("A", "C", "0-1", 8, 11), ("B", "E", "1-0", 14, 7), ("D", None, "half-bye", None, None)],
    )
    ev.round(
        3,
        [
            ("A", "E", "+/-", None, None),
            ("B", "D", "1/2-1/2", 11, 11),
            ("C", None, "absent", None, None),
        ],
    )
    return ev
