"""Partners at an online partnership board play their own seats and see their own racks alone,
unless the event opens communication between partners (``online_partners_see_racks``): then
each also sees the partner's rack, and still never an opponent's."""

from __future__ import annotations

import pytest

from games.models import Game
from games.recording.setup import game_for_board
from games.recording.writes import engine_at
from tests.factories import EntryFactory, EventFactory, PlayerFactory, RoundFactory, UserFactory
from tests.games.play.test_play import client_of, lists_in, state_of
from tournament.models.events import Board, Event, Player
from tournament.models.where import EventPlayed, Played
from tournament.rounds.seating import Table, seat_boards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def partnership_game(**options: object) -> tuple[Game, dict[str, Player], list[str]]:
    event = EventFactory(
        ruleset=Event.Ruleset.PARTNERSHIP,
        table_size=4,
        boards_played=EventPlayed.ONLINE,
        **options,
    )
    names = ["ada", "hedy", "alan", "claude"]  # seats 0 to 3: partners opposite
    players = {n: PlayerFactory(name=n.title(), user=UserFactory(username=n)) for n in names}
    ours = EntryFactory(event=event, player=players["ada"], partner=players["alan"])
    theirs = EntryFactory(event=event, player=players["hedy"], partner=players["claude"])
    round_ = RoundFactory(event=event)
    (board,) = seat_boards(
        round_, [Table([ours.pk, theirs.pk, ours.pk, theirs.pk])], first_number=1
    )
    Board.objects.filter(pk=board.pk).update(played=Played.ONLINE)  # as publishing resolves it
    board.refresh_from_db()
    return game_for_board(board), players, names


def test_each_partner_sees_their_own_rack_and_not_their_partners() -> None:
    game, players, names = partnership_game()
    racks = engine_at(game).racks
    assert racks is not None and len(racks) == 4
    for seat, name in enumerate(names):
        state = state_of(client_of(players[name].user), game)
        assert state["seat"] == seat
        assert [t["tile"] for t in state["rack"]] == racks[seat]
        shown = [sorted(x) for x in lists_in(state) if all(isinstance(t, str) for t in x)]
        for other in range(4):
            if other != seat and sorted(racks[other]) != sorted(racks[seat]):
                assert sorted(racks[other]) not in shown, (seat, other)
        assert state["partner_rack"] is None


def test_where_the_event_opens_communication_partners_see_each_others_racks_only() -> None:
    game, players, names = partnership_game(online_partners_see_racks=True)
    racks = engine_at(game).racks
    assert racks is not None
    for seat, name in enumerate(names):
        state = state_of(client_of(players[name].user), game)
        partner = (seat + 2) % 4
        assert [t["tile"] for t in state["partner_rack"]] == racks[partner]
        shown = [sorted(x) for x in lists_in(state) if all(isinstance(t, str) for t in x)]
        for opponent in ((seat + 1) % 4, (seat + 3) % 4):
            if sorted(racks[opponent]) not in (sorted(racks[seat]), sorted(racks[partner])):
                assert sorted(racks[opponent]) not in shown, (seat, opponent)
        page = client_of(players[name].user).get(f"/play/{game.pk}/").content.decode()
        assert "Your partner&#x27;s rack" in page or "Your partner's rack" in page


def test_a_two_player_board_has_no_partner_rack_whatever_the_option() -> None:
    from tests.games.play.factories import online_board

    online = online_board(online_partners_see_racks=True)
    state = state_of(client_of(online.players[0]), online.game)
    assert state["partner_rack"] is None
