"""The standings, crosstable, player and exports pages, and their constant query count."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import arbiter_of
from tests.scoring.builders import HandBuilt, rulebook_example, swiss_field
from tournament.models.events import Round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def text_of(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


def test_standings_page_shows_rank_player_vp_each_tiebreak_and_games(client: Client) -> None:
    ev = rulebook_example()
    response = client.get(reverse("event-standings", args=[ev.event.slug]))
    assert response.status_code == 200
    text = text_of(response.content)
    for label in ("Rank", "Player", "VP", "Results between", "Progressive difference"):
        assert label in text
    assert "Progressive level" in text and "Games" in text
    # C (2 VP, results between 1, PD +3, PL 32, 3 games) first, then A.
    assert re.search(r"1 C Club C 2 1 3 32 3 2 A Club A 2 0 7 33 3", text), text
    assert "standings.css" in response.content.decode()
    # Every download is linked from the page.
    for name in ("export-standings-csv", "export-crosstable-json", "export-placings-csv"):
        assert reverse(name, args=[ev.event.slug]) in response.content.decode()
    assert reverse("export-event-pdf", args=[ev.event.slug]) in response.content.decode()


def test_htmx_refresh_gets_the_table_alone(client: Client) -> None:
    ev = rulebook_example()
    response = client.get(reverse("event-standings", args=[ev.event.slug]), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="standings-table"') and "<html" not in body


def test_shared_ranks_show_with_an_equals_sign(client: Client) -> None:
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "C", "1-0", 12, 9), ("B", "D", "1-0", 12, 9)])
    text = text_of(client.get(reverse("event-standings", args=[ev.event.slug])).content)
    assert "1= A" in text and "1= B" in text and "3= C" in text and "3= D" in text


def test_crosstable_shows_opponent_first_mover_result_and_levels(client: Client) -> None:
    ev = rulebook_example()
    response = client.get(reverse("event-crosstable", args=[ev.event.slug]))
    assert response.status_code == 200
    text = text_of(response.content)
    # A (rank 2): R1 v B (rank 3) moved first, won 12-9; R2 v C (rank 1) first, lost 8-11.
    assert re.search(r"2 A 3 f 1 12-9 1 f 0 8-11 4 f 1 13-6 2", text), text
    # C: R1 v D (4) first, draw 10-10; R2 v A second, won 11-8.
    assert re.search(r"1 C 4 f ½ 10-10 2 s 1 11-8 3 s ½ 11-11 2", text), text


def test_crosstable_of_an_event_without_public_rounds(client: Client) -> None:
    ev = HandBuilt("AB")
    ev.round(1, [("A", "B", "1-0", 10, 8)], status=Round.Status.DRAFT)
    response = client.get(reverse("event-crosstable", args=[ev.event.slug]))
    assert response.status_code == 200
    assert "R1" not in text_of(response.content)


def test_player_page_lists_their_games_with_links(client: Client) -> None:
    ev = rulebook_example()
    ev.round(4, [("D", "A", "", None, None)], status=Round.Status.DRAFT)
    url = reverse("player-detail", args=[ev.event.slug, ev["A"].pk])
    response = client.get(url)
    assert response.status_code == 200
    text = text_of(response.content)
    assert "Rank 2" in text and "VP 2" in text and "Progressive difference 7" in text
    assert re.search(r"1 1 B first 1 12-9", text), text
    assert re.search(r"2 1 C first 0 8-11", text), text
    assert "3 1 D first 1 13-6" in text
    assert "4 1 D second" not in text  # the draft round is not shown
    games_table = response.content.decode().split('class="list player-games"')[1]
    assert games_table.split("</table>")[0].count("<tr>") == 1 + 3  # header and three games
    body = response.content.decode()
    assert reverse("player-detail", args=[ev.event.slug, ev["B"].pk]) in body
    assert reverse("game-view", args=[ev.board(1, 1).pk]) in body  # the games' viewer


def test_player_page_of_another_events_entry_is_404(client: Client) -> None:
    ev, other = rulebook_example(), HandBuilt("Z")
    url = reverse("player-detail", args=[ev.event.slug, other["Z"].pk])
    assert client.get(url).status_code == 404


def test_unknown_event_is_404(client: Client) -> None:
    assert client.get(reverse("event-standings", args=["no-such-event"])).status_code == 404
    assert client.get(reverse("export-standings-csv", args=["no-such-event"])).status_code == 404


def test_exports_page_lists_slips_of_public_rounds_and_drafts_for_arbiters(client: Client) -> None:
    ev = rulebook_example()
    ev.round(4, [("A", "B", "", None, None)], status=Round.Status.DRAFT)
    url = reverse("event-exports", args=[ev.event.slug])
    draft_slips = reverse("export-slips", args=[ev.event.slug, 4])
    public = client.get(url).content.decode()
    assert reverse("export-slips", args=[ev.event.slug, 3]) in public
    assert draft_slips not in public
    assert reverse("export-games-zip", args=[ev.event.slug]) in public
    assert reverse("export-event-trf", args=[ev.event.slug]) in public
    client.force_login(arbiter_of(ev.event))
    assert draft_slips in client.get(url).content.decode()


def _queries(client: Client, url: str) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "name", ["event-standings", "event-crosstable", "api-event-standings", "api-event-crosstable"]
)
def test_pages_make_the_same_number_of_queries_for_6_and_40_players(
    client: Client, name: str
) -> None:
    small, large = swiss_field(6), swiss_field(40)
    few = _queries(client, reverse(name, args=[small.event.slug]))
    many = _queries(client, reverse(name, args=[large.event.slug]))
    assert few == many
    # The event's id for its cache version (pages only), the event, then entries, public
    # rounds and their boards; served again from the page cache, none.
    assert few <= (5 if name.startswith("event-") else 4)


def test_player_page_makes_the_same_number_of_queries_for_6_and_40_players(
    client: Client,
) -> None:
    small, large = swiss_field(6), swiss_field(40)
    few = _queries(client, reverse("player-detail", args=[small.event.slug, small["P000"].pk]))
    many = _queries(client, reverse("player-detail", args=[large.event.slug, large["P000"].pk]))
    assert few == many


def test_a_cached_page_reads_nothing(client: Client) -> None:
    ev = swiss_field(12)
    url = reverse("event-standings", args=[ev.event.slug])
    client.get(url)
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    assert len(ctx.captured_queries) == 0  # the page itself is cached (page_cache)
