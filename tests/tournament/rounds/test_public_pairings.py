"""The public pairings as players read them at the venue: points before the round beside each
name, an alphabetical "find my board", standings that say which round is still in play, a late
entrant's missed round kept off the board list, and a QR code to follow each board."""

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.standings import build as standings
from scoring.standings import cache as standings_cache
from scoring.standings.sheet import number_text
from tests.factories import EntryFactory, EventFactory, PlayerFactory, director_of
from tests.games.factories import board_with_game
from tests.tournament.helpers import hand_result
from tournament import effects
from tournament.entries.services import add_entry
from tournament.models.events import Event, Round
from tournament.results.services import set_board_result
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")

# Starting ranks in an order that is not the alphabet's.
NAMES = ["Zoe Quinn", "Adam Baker", "Mia Lopez", "Ben Carter", "Yuki Sato", "Eve Dunn"]


def swiss_event() -> tuple[Event, Any]:
    event = EventFactory(rounds=5, pairing_system="swiss")
    td = director_of(event)
    for rank, name in enumerate(NAMES, start=1):
        EntryFactory(event=event, player=PlayerFactory(name=name), starting_rank=rank)
    return event, td


def publish_next(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return publish_round(round_=round_, user=td)


def enter_results(round_: Round, td: Any) -> None:
    for board in round_.boards.filter(result=""):
        set_board_result(board=board, user=td, **hand_result(round_.number, board.number))


def public_page(client: Client, event: Event, number: int) -> str:
    client.logout()
    return client.get(reverse("event-round", args=[event.slug, number])).content.decode()


def board_rows(page: str) -> list[str]:
    return re.findall(r'<tr id="board-\d+".*?</tr>', page, flags=re.S)


def standings_footer(client: Client, event: Event) -> str:
    cache.delete(standings_cache.cache_key(event.pk))
    # A new generation, as results_changed() makes after commit (tests do not commit).
    cache.delete(effects.standings_generation_key(event.pk))
    page = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    return page.split('<p class="muted small">')[-1].split("</p>")[0]


@pytest.mark.django_db
def test_each_player_shows_points_before_the_round(client: Client) -> None:
    event, td = swiss_event()
    enter_results(publish_next(event, td), td)
    before = {
        line.contender.name: number_text(line.vp) for line in standings.build_standings(event).lines
    }
    assert len(set(before.values())) > 1  # the round made a difference
    round_2 = publish_next(event, td)
    rows = board_rows(public_page(client, event, 2))
    assert len(rows) == round_2.boards.count() == 3
    for board, row in zip(round_2.boards.order_by("number"), rows, strict=True):
        for entry in (board.sides[0], board.sides[1]):
            name = entry.player.name
            shown = re.search(
                re.escape(name) + r"</a>\s*<span class=\"rank\">#\d+</span>\s*"
                r"<span class=\"score\"[^>]*>\(([^)]*)\)</span>",
                row,
            )
            assert shown and shown.group(1) == before[name], (name, row)


@pytest.mark.django_db
def test_find_my_board_lists_every_player_alphabetically_with_board_and_first_move(
    client: Client,
) -> None:
    event, td = swiss_event()
    round_1 = publish_next(event, td)
    page = public_page(client, event, 1)
    assert "Find my board" in page
    finder = page.split('id="find-heading"')[1].split("</table>")[0]
    lines = re.findall(
        r"<tr><td>([^<]+)</td><td class=\"num\"><a href=\"#board-(\d+)\">\d+</a></td>"
        r"<td>(first|second)</td><td>([^<]+)</td></tr>",
        finder,
    )
    assert [name for name, *_ in lines] == sorted(NAMES)
    for board in round_1.boards.all():
        first, second = board.sides[0].player.name, board.sides[1].player.name
        assert (first, str(board.number), "first", second) in lines
        assert (second, str(board.number), "second", first) in lines


@pytest.mark.django_db
def test_standings_say_the_round_in_play_until_its_results_are_in(client: Client) -> None:
    event, td = swiss_event()
    round_1 = publish_next(event, td)
    footer = standings_footer(client, event)
    assert "After round 1" not in footer and "Round 1 in play" in footer

    enter_results(round_1, td)
    footer = standings_footer(client, event)
    assert "After round 1" in footer and "in play" not in footer

    publish_next(event, td)
    footer = standings_footer(client, event)
    assert "After round 1 · round 2 in play" in footer


@pytest.mark.django_db
def test_a_late_entrants_missed_round_is_no_board_of_the_public_pairings(client: Client) -> None:
    event, td = swiss_event()
    round_1 = publish_next(event, td)
    enter_results(round_1, td)
    add_entry(event=event, user=td, player=PlayerFactory(name="Lena Late"))
    assert round_1.boards.count() == 4  # the missed round is recorded as a board of one

    page = public_page(client, event, 1)
    rows = board_rows(page)
    assert len(rows) == 3 and not any("Lena Late" in row for row in rows)
    not_playing = page.split("Not playing this round:")[1].split("</p>")[0]
    assert "Lena Late (absent (zero): late entry)" in not_playing  # the round's page: round 1
    assert "Lena Late" not in page.split('id="find-heading"')[1]

    # Still in the standings and the crosstable, with the missed round scored.
    table = standings.build_standings(event)
    late = next(line for line in table.lines if line.contender.name == "Lena Late")
    assert late.vp == 0 and late.cells[0] is not None
    cache.delete(standings_cache.cache_key(event.pk))
    assert "Lena Late" in client.get(reverse("event-standings", args=[event.slug])).content.decode()


@pytest.mark.django_db
def test_the_board_page_and_the_round_page_show_the_boards_qr_code(client: Client) -> None:
    board, _game, _arbiter = board_with_game()
    qr = reverse("board-qr", args=[board.pk])
    page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    figure = page.split('<figure class="board-qr">')[1].split("</figure>")[0]
    assert f'src="{qr}"' in figure and "Scan to follow this board" in figure
    assert client.get(qr)["Content-Type"] == "image/svg+xml"

    event, td = swiss_event()
    round_1 = publish_next(event, td)
    rows = board_rows(public_page(client, event, 1))
    for b, row in zip(round_1.boards.order_by("number"), rows, strict=True):
        assert f'href="{reverse("board-qr", args=[b.pk])}"' in row
