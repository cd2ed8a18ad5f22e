"""An all-play-all cannot keep a forbidden pair apart: the draft says when it gives way."""

from tournament.pairing.berger import round_robin_schedule
from tournament.pairing.model import PlayerState
from tournament.pairing.systems import pair_round


def _field(forbidden: dict[int, tuple[int, ...]]) -> list[PlayerState]:
    return [PlayerState(id=i, rank=i, forbidden=forbidden.get(i, ())) for i in range(1, 7)]


def test_the_round_where_a_forbidden_pair_meets_names_it() -> None:
    schedule = round_robin_schedule(6)
    meeting = next(n for n, rnd in enumerate(schedule, 1) if any(set(p) == {2, 5} for p in rnd))
    players = _field({2: (5,), 5: (2,)})
    for number in range(1, len(schedule) + 1):
        rp = pair_round(players, number, len(schedule), system="round-robin")
        gave_way = [n for n in map(str, rp.notes) if n.startswith("restriction gave way")]
        if number == meeting:
            assert gave_way == [
                "restriction gave way: #2 v #5 is a forbidden pair, but in an all-play-all every "
                f"player meets every other (the Berger table's round {number})"
            ]
        else:
            assert gave_way == []
        # the table itself is not changed by the restriction
        unrestricted = pair_round(_field({}), number, len(schedule), system="round-robin")
        assert rp.pairings == unrestricted.pairings
