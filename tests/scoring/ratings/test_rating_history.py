"""A player's rating history names everyone at the table from the seats (every opponent at a
table of 3, a partner as a partner), and the rating pages and API show the site rating on its
scale, say which games are rated and how, and tell it apart from the registry rating."""

from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.core.ratings import display_rating
from scoring.ratings import services as ratings
from scoring.ratings.models import PlayerRating
from scoring.ratings.selectors import player_history
from tests.factories import EntryFactory, EventFactory, PlayerFactory, RoundFactory, director_of
from tests.result_calls import set_table_result
from tournament.models.events import Board, Entry, Event, Player, Result
from tournament.models.tables import Seat
from tournament.results import services as results
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.django_db


def names(players: list[Player]) -> list[str]:
    return [p.name for p in players]


def table_of_three() -> tuple[Event, list[Entry], Board]:
    event = EventFactory(ruleset="standard", table_size=3)
    people = [EntryFactory(event=event, starting_rank=n) for n in (1, 2, 3)]
    rnd = RoundFactory(event=event, number=1)
    (table,) = seat_boards(rnd, [Table([e.pk for e in people])], first_number=1)
    set_table_result(
        board=table,
        user=director_of(event),
        reason="score sheet",
        levels=[[9, 9], [6, 8], [2, 14]],  # placings 1, 2, 3
    )
    ratings.rebuild_ratings()
    return event, people, table


def test_at_a_table_of_three_each_history_names_both_others() -> None:
    _event, (a, b, c), _table = table_of_three()
    for me, others in ((a, (b, c)), (b, (a, c)), (c, (a, b))):
        (line,) = player_history(me.player)
        assert names(line.opponents) == [o.player.name for o in others]
        assert line.partner is None
    outcomes = [player_history(e.player)[0].change.placing for e in (a, b, c)]
    assert outcomes == [1, 2, 3]


def test_the_history_page_of_a_table_of_three_names_both_others(client: Client) -> None:
    _event, (a, b, c), _table = table_of_three()
    page = client.get(reverse("player-rating", args=[a.player_id]))
    assert page.status_code == 200
    text = page.content.decode()
    row = text[text.index('<table class="list standings rating-history">') :]
    assert b.player.name in row and c.player.name in row
    assert "1 of 3" in row


def partnership_game() -> tuple[Entry, Entry]:
    event = EventFactory(ruleset="partnership", table_size=4)
    ours = EntryFactory(event=event, starting_rank=1, partner=PlayerFactory(name="Alan Turing"))
    theirs = EntryFactory(event=event, starting_rank=2, partner=PlayerFactory(name="Hedy Lamarr"))
    rnd = RoundFactory(event=event, number=1)
    (board,) = seat_boards(rnd, [Table([ours.pk, theirs.pk, ours.pk, theirs.pk])], first_number=1)
    results.set_board_result(board=board, result=Result.FIRST_WINS, user=director_of(event))
    ratings.rebuild_ratings()
    return ours, theirs


def test_a_partner_is_named_as_partner_and_both_opponents_as_opponents() -> None:
    ours, theirs = partnership_game()
    assert ours.partner is not None and theirs.partner is not None
    (line,) = player_history(ours.partner)  # the team's second player
    assert names(line.opponents) == [theirs.player.name, theirs.partner.name]
    assert line.partner == ours.player
    assert line.outcome == "win"
    (line,) = player_history(theirs.player)
    assert names(line.opponents) == [ours.player.name, ours.partner.name]
    assert line.partner == theirs.partner
    assert line.outcome == "loss"


def test_the_history_page_shows_the_partner_as_partner(client: Client) -> None:
    ours, theirs = partnership_game()
    assert ours.partner is not None and theirs.partner is not None
    text = client.get(reverse("player-rating", args=[ours.partner.pk])).content.decode()
    cell = text[text.index('<span class="partner">') :]
    cell = cell[: cell.index("</td>")]
    partner_part, opponents_part = cell.split('<span class="opponents">')
    assert ours.player.name in partner_part and "Partner" in partner_part
    assert ours.player.name not in opponents_part
    assert theirs.player.name in opponents_part and theirs.partner.name in opponents_part


def test_the_rating_list_states_what_is_rated_and_the_model(client: Client) -> None:
    table_of_three()
    page = client.get(reverse("rating-list"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "two-player games so far" not in text
    for words in (
        "Site rating",
        "tables of 3 and 4",
        "partnership games",
        "Ingenious Challenges",
        "Not rated: forfeits, byes and absences",
        "duplicate solitaire",
        "openskill's Plackett-Luce",
        "μ = 25",
        "σ = 8.33",
        "β = 4.17",
        "τ = 0.083",
        "1500 + 40 × (μ − 3σ)",
        "in the order their rounds were published",
        "is not the site rating",
    ):
        assert words in text, words


def test_the_list_shows_each_rating_on_the_site_scale(client: Client) -> None:
    _event, (a, _b, c), _table = table_of_three()
    text = client.get(reverse("rating-list")).content.decode()
    for entry in (a, c):
        rating = PlayerRating.objects.get(player=entry.player)
        assert f'<td class="num vp">{display_rating(rating.ordinal)}</td>' in text
    last = PlayerRating.objects.get(player=c.player)
    assert last.ordinal < 0 < display_rating(last.ordinal)  # negative on the old scale


def test_the_player_page_tells_the_site_rating_from_the_registry_rating(client: Client) -> None:
    _event, (a, _b, _c), _table = table_of_three()
    Player.objects.filter(pk=a.player_id).update(rating=1985)
    rating = PlayerRating.objects.get(player=a.player)
    text = client.get(reverse("player-rating", args=[a.player_id])).content.decode()
    assert f'<dd class="site-rating">{rating.site_rating}</dd>' in text
    assert '<dd class="registry-rating">1985</dd>' in text
    assert "<dt>Site rating</dt>" in text and "<dt>Registry rating</dt>" in text
    (line,) = player_history(a.player)
    assert line.change.site_rating_before == 1500
    assert line.change.site_rating_before + line.delta == line.change.site_rating_after


def test_the_rating_pages_in_german(client: Client) -> None:
    _event, (a, _b, _c), _table = table_of_three()
    listed = client.get(reverse("rating-list"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Website-Wertungszahl" in listed and "Nicht gewertet:" in listed
    page = client.get(reverse("player-rating", args=[a.player_id]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Wertungszahl im Register" in page.content.decode()


def test_the_api_gives_the_site_rating_and_the_registry_rating_apart(client: Client) -> None:
    _event, (a, _b, _c), _table = table_of_three()
    Player.objects.filter(pk=a.player_id).update(rating=1985)
    body = client.get(reverse("api-ratings")).json()
    row = next(r for r in body if r["player_id"] == a.player_id)
    stored = PlayerRating.objects.get(player=a.player)
    assert row["rating"] == display_rating(stored.ordinal)
    assert row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"])
    assert row["registry_rating"] == 1985
    assert [r["rank"] for r in body] == [1, 2, 3]


def schema_property(schema: dict[str, Any], component: str, name: str) -> dict[str, Any]:
    return schema["components"]["schemas"][component]["properties"][name]


def test_the_api_schema_says_which_rating_each_field_is(client: Client) -> None:
    response = client.get(reverse("api-schema"), {"format": "json"})
    assert response.status_code == 200
    schema = response.json()
    site = schema_property(schema, "Rating", "rating")["description"]
    assert site.startswith("The site rating") and "1500 + 40" in site
    assert schema_property(schema, "Rating", "registry_rating")["description"].startswith(
        "The registry rating"
    )
    for component in ("StandingsRow", "PlayerBrief", "Player"):
        described = schema_property(schema, component, "rating")["description"]
        assert described.startswith("The registry rating"), component


def test_event_pages_label_the_registry_rating(client: Client) -> None:
    event = EventFactory()
    EntryFactory(event=event, player__rating=1985)
    text = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Registry rating</th>" in text and "1985" in text


def test_duplicate_solitaire_entrants_are_not_rated() -> None:
    event = EventFactory(ruleset="solitaire")
    alone, other = (EntryFactory(event=event, starting_rank=n) for n in (1, 2))
    rnd = RoundFactory(event=event, number=1)
    boards = seat_boards(rnd, [Table([alone.pk]), Table([other.pk])], first_number=1)
    Board.objects.filter(pk__in=[b.pk for b in boards]).update(result=Result.TABLE)
    Seat.objects.filter(board__in=boards, entry=alone).update(placing=1, levels=[5])
    Seat.objects.filter(board__in=boards, entry=other).update(placing=2, levels=[3])
    ratings.rebuild_ratings()
    assert not PlayerRating.objects.exists()


def test_the_docs_state_the_model_the_scale_and_the_pinned_version() -> None:
    text = (Path(settings.BASE_DIR) / "docs" / "ratings.md").read_text()
    assert f"openskill {version('openskill')}" in text
    assert "1500 + 40 × (μ − 3σ)" in text
    for words in ("| β | 25/6", "| τ | 25/300", "| κ | 0.0001", "Not rated:", "registry rating"):
        assert words in text, words
