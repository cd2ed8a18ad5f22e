"""Building events and playing rounds by hand, for the tournament layer's tests."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, PlayerFactory, director_of
from tournament.models.events import Entry, Event, Result, Round
from tournament.results.services import set_board_result
from tournament.rounds.selectors import pair_of
from tournament.rounds.services import compute_draft, publish_round, start_pairing

CSV_TWELVE = """name,club,country,rating
Amelia Hartley,Cambridge,ENG,1985
Tomasz Kowalczyk,Warsaw,POL,1940
Priya Raman,Oxford,ENG,1902
Lukas Brenner,Berlin,GER,1875
Siobhan Walsh,Dublin,IRL,1850
Kenji Morita,Tokyo,JPN,1822
Hannah Lindqvist,Uppsala,SWE,1790
Oluwaseun Adeyemi,London,ENG,1764
Marco Bellini,Milano,ITA,1731
Fiona MacLeod,Edinburgh,SCO,1700
David Okonkwo,Manchester,ENG,
Claire Dubois,Paris,FRA,
"""


def event_with_players(
    n: int, *, rounds: int = 7, system: str = "auto", director: str = "td", **fields: Any
) -> tuple[Event, AbstractBaseUser]:
    event = EventFactory(rounds=rounds, pairing_system=system, **fields)
    user = director_of(event, director)
    for rank in range(1, n + 1):
        EntryFactory(event=event, player=PlayerFactory(), starting_rank=rank)
    return event, user  # type: ignore[return-value]


def api_as(user: AbstractBaseUser | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def hand_result(round_number: int, board_number: int) -> dict[str, Any]:
    """A plausible result for a board, varied by board and round: wins both ways, draws and
    now and then a forfeit, with lowest colour levels that agree with the result."""
    key = (board_number + round_number) % 6
    if key in (0, 3):
        return {"result": Result.FIRST_WINS, "first_lowest": 11, "second_lowest": 8}
    if key in (1, 4):
        return {"result": Result.SECOND_WINS, "first_lowest": 7, "second_lowest": 12}
    if key == 2:
        return {"result": Result.DRAW, "first_lowest": 10, "second_lowest": 10}
    return {"result": Result.FIRST_FORFEIT_WIN}


def pairs_of(round_: Round) -> list[frozenset[int]]:
    return [frozenset(pair_of(b)) for b in round_.boards.filter(seats__number=1)]


def active_entries(event: Event) -> list[Entry]:
    return list(event.entries.filter(status=Entry.Status.ACTIVE))


def draft_round(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return round_


def play_round(event: Event, td: Any) -> Round:
    round_ = draft_round(event, td)
    publish_round(round_=round_, user=td)
    for board in round_.boards.filter(result=""):
        set_board_result(board=board, user=td, **hand_result(round_.number, board.number))
    return round_
