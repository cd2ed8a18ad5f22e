"""A partnership board read from its seats: partners shown as partners on the board page, its
clocks, its tracks (the double track, 0-36) and the live page; the API's two-sided fields from
the seats."""

from __future__ import annotations

import itertools

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.recording.setup import game_for_board
from tests.factories import EntryFactory, EventFactory, PlayerFactory, RoundFactory, arbiter_of
from tournament.models.events import Board, Event
from tournament.models.tables import Seat
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.usefixtures("tasks_in_process")

CUPS = itertools.count(1)
TITLE = "Team A (Ada Byron &amp; Alan Turing) v Team B (Hedy Lamarr &amp; Claude Shannon)"


def partnership_board() -> tuple[Board, Game]:
    # Every test its own slug: on Redis the page cache outlives a test's database (conftest).
    event = EventFactory(
        name=f"Pairs Cup {next(CUPS)}", ruleset=Event.Ruleset.PARTNERSHIP, table_size=4
    )
    ours = EntryFactory(
        event=event,
        player=PlayerFactory(name="Ada Byron"),
        partner=PlayerFactory(name="Alan Turing"),
        starting_rank=1,
    )
    theirs = EntryFactory(
        event=event,
        player=PlayerFactory(name="Hedy Lamarr"),
        partner=PlayerFactory(name="Claude Shannon"),
        starting_rank=2,
    )
    round_ = RoundFactory(event=event)
    (board,) = seat_boards(
        round_, [Table([ours.pk, theirs.pk, ours.pk, theirs.pk])], first_number=1
    )
    return board, game_for_board(board)


@pytest.mark.django_db
def test_the_board_page_names_the_teams_and_labels_each_clock_with_its_team(
    client: Client,
) -> None:
    board, game = partnership_board()
    client.force_login(arbiter_of(board.round.event))
    html = client.get(reverse("game-board", args=[board.pk])).content.decode()
    title = html[html.index('<h1 class="game-title') : html.index("</h1>")]
    assert TITLE in title.replace('<span class="muted">v</span>', "v")
    clocks = html[html.index('<div class="clocks') : html.index('class="clock-buttons')]
    assert clocks.count('<span class="clock-team">Team A</span>') == 2  # seats 0 and 2
    assert clocks.count('<span class="clock-team">Team B</span>') == 2  # seats 1 and 3
    assert "Team A, partner of Alan Turing" in html  # Ada's track
    assert "Team A, partner of Ada Byron" in html  # Alan's track
    assert "Team B, partner of Hedy Lamarr" in html
    assert "scores (0 to 36)" in html


@pytest.mark.django_db
def test_a_level_past_18_on_the_double_track_is_drawn_within_the_track(client: Client) -> None:
    board, game = partnership_board()
    position = dict(game.position)
    position["scores"] = [[36, 27, 18, 20, 22, 24], [9, 10, 11, 12, 13, 14]]
    position["lowest"] = [18, 9]
    Game.objects.filter(pk=game.pk).update(position=position)
    html = client.get(reverse("game-board", args=[board.pk])).content.decode()
    assert 'class="fill c-R" style="width: 100%"' in html  # 36 of 36
    assert 'class="fill c-G" style="width: 75%"' in html  # 27 of 36
    assert 'class="fill c-B" style="width: 50%"' in html  # 18 of 36: half the track
    assert "calc(" not in html.split('class="tracks', 1)[1].split("</section>", 1)[0]


@pytest.mark.django_db
def test_the_api_reads_the_sides_lowest_levels_from_the_seats(client: Client) -> None:
    board, _game = partnership_board()
    Board.objects.filter(pk=board.pk).update(result="1-0")
    Seat.objects.filter(board=board, number__in=(0, 2)).update(placing=1, levels=[21, 23])
    Seat.objects.filter(board=board, number__in=(1, 3)).update(placing=2, levels=[19, 25])
    state = client.get(reverse("api-game-state", args=[board.pk])).json()
    assert (state["first_lowest"], state["second_lowest"]) == (21, 19)


@pytest.mark.django_db
def test_the_live_page_shows_partners_as_partners(client: Client) -> None:
    board, _game = partnership_board()
    html = client.get(reverse("event-live-boards", args=[board.round.event.slug])).content.decode()
    assert html.count('class="muted small lb-team"') == 4
    assert "Team A, partner of Alan Turing" in html
    assert "Team B, partner of Claude Shannon" in html
    assert "Watch live" in html and "bye" not in html
