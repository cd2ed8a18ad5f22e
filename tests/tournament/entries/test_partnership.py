"""Partnership events end to end (RULINGS.md "Events beyond two players"): teams of two
registered players, paired like players, two teams a table with partners opposite (seats 0 and
2 against 1 and 3), four names and four clocks, two-sided results, team standings, and each
player's page listing the team's games."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from rest_framework.test import APIClient

from games.engine.randomgame import random_game
from games.models import Game
from games.recording import positions
from games.recording.services import import_record
from games.recording.setup import game_for_board
from scoring.me.selectors import my_events
from tests.factories import EventCreatorFactory, PlayerFactory, UserFactory, arbiter_of
from tests.tournament.helpers import api_as
from tournament.entries.selectors import entries_of, entry_boards
from tournament.entries.services import add_entry, add_player_entry, withdraw_entry
from tournament.errors import DomainError
from tournament.models.events import Board, Entry, Event, Player, Result, Round
from tournament.models.tables import Seat
from tournament.registry.selectors import player_entries
from tournament.results.services import set_board_result
from tournament.rounds.services import publish_round, swap_entries

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

TEAMS_CSV = """name,club,partner,partner_club
Grace Hopper,Arlington,Edsger Dijkstra,Austin
Barbara Liskov,Boston,John McCarthy,Stanford
Ada Lovelace,London,Charles Babbage,London
"""


def create_event(api: APIClient, **fields: Any) -> Event:
    data = {"name": "Partnership Pairs", "ruleset": "partnership", "rounds": 3, **fields}
    created = api.post("/api/events/", {**data, "pairing_system": "swiss"}, format="json")
    assert created.status_code == 201, created.content
    return Event.objects.get(slug=created.json()["slug"])


def pair_and_publish(api: APIClient, event: Event, capture: Any) -> dict[str, Any]:
    with capture(execute=True):
        response = api.post(f"/api/events/{event.slug}/rounds/")
    assert response.status_code == 202, response.content
    url = response.json()["url"]
    assert api.get(url).json()["status"] == "draft"
    published = api.post(url + "publish/")
    assert published.status_code == 200, published.content
    return published.json()


def six_teams(client: Client, api: APIClient, event: Event) -> list[Entry]:
    """Two teams on the entries page, three by CSV, one by the API with registry players."""
    for name, partner in (("Ada Byron", "Alan Turing"), ("Hedy Lamarr", "Claude Shannon")):
        response = client.post(
            reverse("event-entry-add", args=[event.slug]),
            {"name": name, "partner_name": partner, "partner_club": "Bletchley"},
        )
        assert response.status_code == 302, response.content.decode()[-3000:]
    imported = api.post(
        f"/api/events/{event.slug}/entries/import/", {"text": TEAMS_CSV}, format="json"
    )
    assert imported.status_code == 201, imported.content
    assert imported.json()[0]["name"] == "Grace Hopper & Edsger Dijkstra"
    one, two = PlayerFactory(name="Donald Knuth"), PlayerFactory(name="Frances Allen")
    added = api.post(
        f"/api/events/{event.slug}/entries/",
        {"player": one.pk, "partner": two.pk},
        format="json",
    )
    assert added.status_code == 201, added.content
    assert added.json()["partner"]["name"] == "Frances Allen"
    assert added.json()["name"] == "Donald Knuth & Frances Allen"
    return list(entries_of(event))


def test_partnership_needs_tables_of_four_and_chooses_them() -> None:
    api = api_as(EventCreatorFactory(username="td"))
    event = create_event(api)
    assert (event.ruleset, event.table_size) == ("partnership", 4)
    refused = api.post(
        "/api/events/",
        {"name": "Pairs of two", "ruleset": "partnership", "table_size": 2},
        format="json",
    )
    assert refused.status_code == 400
    assert "table_size" in str(refused.json()) and "must be 4" in str(refused.json())


def test_the_event_form_offers_partnership_and_sets_four(client: Client) -> None:
    client.force_login(EventCreatorFactory(username="maker"))
    data = {
        "name": "Partners on the page",
        "ruleset": "partnership",
        "table_size": "2",  # the form's default, left as it was
        "pairing_system": "swiss",
        "rounds": 5,
        "clock_minutes": 20,
        "bye_value": "1.0",
        "tiebreak_preset": "mso-ingenious",
        "requested_bye_points": ["0.5"],
    }
    assert 'value="partnership"' in client.get(reverse("event-create")).content.decode()
    response = client.post(reverse("event-create"), data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert Event.objects.get(name="Partners on the page").table_size == 4


def test_a_player_is_in_one_team_only(client: Client) -> None:
    director = EventCreatorFactory(username="td")
    api = api_as(director)
    event = create_event(api)
    client.force_login(director)
    entries = six_teams(client, api, event)
    alan = Player.objects.get(name="Alan Turing")

    for data in ({"player": alan.pk, "name": "", "partner_name": "Somebody New"},):
        refused = api.post(f"/api/events/{event.slug}/entries/", data, format="json")
        assert refused.status_code == 400, refused.content
        assert "already in the team Ada Byron & Alan Turing" in str(refused.json())
    as_partner = api.post(
        f"/api/events/{event.slug}/entries/",
        {"name": "Somebody New", "partner": alan.pk},
        format="json",
    )
    assert as_partner.status_code == 400 and "one team only" in str(as_partner.json())
    alone = api.post(f"/api/events/{event.slug}/entries/", {"name": "Solo"}, format="json")
    assert alone.status_code == 400 and "with a partner" in str(alone.json())
    csv = api.post(
        f"/api/events/{event.slug}/entries/import/",
        {"text": "name,partner,partner_club\nNew Two,New Three,\nNew One,Alan Turing,Bletchley\n"},
        format="json",
    )
    assert csv.status_code == 400 and "line 3: Alan Turing is already in" in str(csv.json())
    with pytest.raises(DomainError, match="partner themselves"):
        add_entry(event=event, user=director, player=alan, partner=alan)
    assert list(entries_of(event)) == entries, "nothing was entered"
    assert not Player.objects.filter(name="New Two").exists()


def test_a_partnership_event_runs_three_rounds(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    director = EventCreatorFactory(username="td")
    api = api_as(director)
    event = create_event(api)
    client.force_login(director)
    entries = six_teams(client, api, event)
    assert [e.name for e in entries][:2] == [
        "Ada Byron & Alan Turing",
        "Hedy Lamarr & Claude Shannon",
    ]
    page = client.get(reverse("event-entries", args=[event.slug])).content.decode()
    assert "Ada Byron &amp; Alan Turing" in page and "<code>partner</code>" in page

    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        round_ = pair_and_publish(api, event, django_capture_on_commit_callbacks)
        boards = round_["boards"]
        assert len(boards) == 3 and all(len(b["seats"]) == 4 for b in boards)
        for board in boards:
            seated = [s["entry"]["id"] for s in board["seats"]]
            a, b = seated[0], seated[1]
            assert seated == [a, b, a, b], "partners opposite"
            assert frozenset((a, b)) not in met, f"teams meet twice in round {number}"
            met.add(frozenset((a, b)))
            team_a, team_b = Entry.objects.get(pk=a), Entry.objects.get(pk=b)
            assert [s["player"] for s in board["seats"]] == [
                team_a.player.name,
                team_b.player.name,
                team_a.partner.name,
                team_b.partner.name,
            ]
        round_obj = Round.objects.get(event=event, number=number)
        played = list(round_obj.boards.order_by("number"))
        # The first board's game is recorded at the board; the others a director enters.
        game = game_for_board(played[0])
        assert game.ruleset == "partnership" and len(game.remaining_ms) == 4
        seats = Seat.objects.filter(board=played[0]).order_by("number")
        assert game.players == [s.player.name for s in seats]
        record = random_game("partnership", mode="board", seed=number)
        actions = positions.board_mode_actions(record)
        with django_capture_on_commit_callbacks(execute=True):
            import_record(
                game=game,
                user=arbiter_of(event, f"arb{number}"),
                source=positions.make_record(
                    game.ruleset, game.options, game.players, actions
                ).to_json(),
            )
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
        board = Board.objects.get(pk=played[0].pk)
        assert board.result in (Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW)
        assert board.result_counts, board.check_message
        for other in played[1:]:
            with django_capture_on_commit_callbacks(execute=True):
                response = api.patch(
                    f"/api/events/{event.slug}/boards/{other.pk}/",
                    {"result": "1-0", "first_lowest": 12, "second_lowest": 9, "replaces": 0},
                    format="json",
                )
            assert response.status_code == 200, response.content
        assert api.get(round_["url"]).json()["status"] == "complete"

    # Partners share their team's placing at every decided board.
    for board in Board.objects.filter(round__event=event).exclude(result=""):
        placings = {s.entry_id: s.placing for s in board.seats.all()}
        assert len(placings) == 2 and all(
            Seat.objects.filter(board=board, entry_id=e, placing=p).count() == 2
            for e, p in placings.items()
        )

    standings = api.get(f"/api/events/{event.slug}/standings/").json()["standings"]
    assert sorted(row["entry"] for row in standings) == sorted(e.pk for e in entries)
    assert all(row["games_played"] == 3 for row in standings), "teams score like players"
    assert sum(row["vp"] for row in standings) == 9  # nine two-sided games, 1 VP each

    # Each player's registry page lists the team's entry; the team's page its three games.
    alan = Player.objects.get(name="Alan Turing")
    team = Entry.objects.get(event=event, partner=alan)
    assert list(player_entries(alan)) == [team]
    assert entry_boards(team).count() == 3
    mine = my_events(alan)  # "My games" of the partner: the team's games
    assert [m.entry for m in mine] == [team] and len(mine[0].history) == 3
    record_page = client.get(reverse("registry-player", args=[alan.pk])).content.decode()
    assert reverse("player-detail", args=[event.slug, team.pk]) in record_page
    team_page = client.get(reverse("player-detail", args=[event.slug, team.pk])).content.decode()
    assert "Ada Byron &amp; Alan Turing" in team_page


def test_the_standings_name_the_teams(client: Client) -> None:
    director = EventCreatorFactory(username="td")
    api = api_as(director)
    event = create_event(api)
    client.force_login(director)
    six_teams(client, api, event)
    names = [
        row["name"] for row in api.get(f"/api/events/{event.slug}/standings/").json()["standings"]
    ]
    assert "Ada Byron & Alan Turing" in names


def test_the_pages_and_exports_show_four_players_at_their_seats(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    director = EventCreatorFactory(username="td")
    api = api_as(director)
    event = create_event(api, rounds=1)
    client.force_login(director)
    for n in range(4):
        add_player_entry(
            event=event,
            user=director,
            player=None,
            player_fields={"name": f"First {n}"},
            partner_fields={"name": f"Second {n}"},
        )
    round_ = pair_and_publish(api, event, django_capture_on_commit_callbacks)
    board = Board.objects.get(pk=round_["boards"][0]["id"])
    seats = [s.player.name for s in Seat.objects.filter(board=board).order_by("number")]
    a, b = board.sides
    assert seats == [a.player.name, b.player.name, a.partner.name, b.partner.name]

    url = reverse("event-round", args=[event.slug, 1])
    round_page = client.get(url).content.decode()
    assert f"{a.player.name} &amp; {a.partner.name}" in round_page
    assert f"{b.player.name} &amp; {b.partner.name}" in round_page
    result_page = client.get(reverse("board-result", args=[event.slug, board.pk]))
    assert result_page.status_code == 200
    assert 'name="result"' in result_page.content.decode(), "a two-sided result, not placings"
    live = client.get(reverse("event-live", args=[event.slug])).content.decode()
    assert all(name in live for name in seats)
    game_page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    assert all(name in game_page for name in seats)
    pairings = client.get(reverse("export-pairings-json", args=[event.slug]))
    assert pairings.status_code == 200
    assert all(name in pairings.content.decode() for name in seats), "every seat's own player"
    # Once the game is over: the board page, the viewer and the live page still read it.
    game = game_for_board(board)
    actions = positions.board_mode_actions(random_game("partnership", mode="board", seed=7))
    record = positions.make_record(game.ruleset, game.options, game.players, actions)
    with django_capture_on_commit_callbacks(execute=True):
        import_record(game=game, user=arbiter_of(event), source=record.to_json())
    for name in ("game-board", "game-view"):
        page = client.get(reverse(name, args=[board.pk]))
        assert page.status_code == 200 and seats[3] in page.content.decode()
    assert seats[2] in client.get(reverse("event-live", args=[event.slug])).content.decode()


def test_teams_take_byes_swaps_withdrawals_and_late_entries_as_players_do(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    director = EventCreatorFactory(username="td")
    api = api_as(director)
    event = create_event(api, rounds=3)
    teams = [
        add_player_entry(
            event=event,
            user=director,
            player=None,
            player_fields={"name": f"Lead {n}"},
            partner_fields={"name": f"Partner {n}"},
        )
        for n in range(5)
    ]
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(f"/api/events/{event.slug}/rounds/")
    assert response.status_code == 202
    round_ = Round.objects.get(event=event, number=1)
    boards = list(round_.boards.order_by("number"))
    assert [b.seats.count() for b in boards] == [4, 4, 1], "an odd team out takes the bye"
    assert boards[2].result == Result.BYE

    # A swap in the draft moves a team's two seats together.
    a, b = boards[0].sides[0], boards[1].sides[1]
    swap_entries(round_=round_, user=director, first_id=a.pk, second_id=b.pk, reason="same club")
    for board in Board.objects.filter(pk__in=[boards[0].pk, boards[1].pk]):
        seated = [s.entry_id for s in board.seats.order_by("number")]
        assert seated[:2] == seated[2:] and len(set(seated)) == 2
    assert b.pk in [s.entry_id for s in boards[0].seats.all()]
    client.force_login(director)
    draft_page = client.get(reverse("event-round", args=[event.slug, 1]))
    assert draft_page.status_code == 200 and escape(b.name) in draft_page.content.decode()
    publish_round(round_=round_, user=director)
    for board in round_.boards.exclude(result=Result.BYE):
        set_board_result(
            board=board, user=director, result="1-0", first_lowest=10, second_lowest=7, reason=""
        )

    # A team withdraws; another team enters late and scores its missed round as a zero bye.
    withdraw_entry(entry=teams[4], user=director)
    late = add_player_entry(
        event=event,
        user=director,
        player=None,
        player_fields={"name": "Late Lead"},
        partner_fields={"name": "Late Partner"},
    )
    assert late.joined_round == 2 and late.name == "Late Lead & Late Partner"
    missed = Board.objects.filter(seats__entry=late).distinct().get(round=round_)
    assert missed.result == Result.ABSENT
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/events/{event.slug}/rounds/")
    second = Round.objects.get(event=event, number=2)
    seated = {s.entry_id for s in Seat.objects.filter(board__round=second)}
    assert teams[4].pk not in seated and late.pk in seated
    assert [b.seats.count() for b in second.boards.order_by("number")] == [4, 4, 1]


def test_the_partner_may_act_for_the_team_as_its_first_player_may() -> None:
    director = EventCreatorFactory(username="td")
    event = create_event(api_as(director))
    team = add_player_entry(
        event=event,
        user=director,
        player=None,
        player_fields={"name": "Lead"},
        partner_fields={"name": "Partner"},
    )
    partner = Player.objects.get(name="Partner")
    partner.user = UserFactory(username="partner")
    partner.save(update_fields=["user"])
    stranger = UserFactory(username="stranger")
    PlayerFactory(name="Stranger", user=stranger)

    url = f"/api/events/{event.slug}/entries/{team.pk}/"
    refused = api_as(stranger).patch(url, {"requested_byes": [2]}, format="json")
    assert refused.status_code == 403
    done = api_as(partner.user).patch(url, {"requested_byes": [2]}, format="json")
    assert done.status_code == 200, done.content
    assert done.json()["requested_byes"] == [2]


def test_the_ruleset_cannot_turn_players_into_teams_or_back() -> None:
    director = EventCreatorFactory(username="td")
    api = api_as(director)
    event = create_event(api)
    add_player_entry(
        event=event,
        user=director,
        player=None,
        player_fields={"name": "Lead"},
        partner_fields={"name": "Partner"},
    )
    refused = api.patch(
        f"/api/events/{event.slug}/", {"ruleset": "standard", "table_size": 2}, format="json"
    )
    assert refused.status_code == 400 and "teams of two" in str(refused.json())
    solo = create_event(api, name="Solo Open", ruleset="standard", table_size=2)
    add_player_entry(event=solo, user=director, player=None, player_fields={"name": "Alone"})
    refused = api.patch(f"/api/events/{solo.slug}/", {"ruleset": "partnership"}, format="json")
    assert refused.status_code == 400 and "ruleset" in str(refused.json())
    event.refresh_from_db()
    solo.refresh_from_db()
    assert (event.ruleset, solo.ruleset, solo.table_size) == ("partnership", "standard", 2)


def test_a_bad_team_line_is_named_by_the_line_it_starts_on() -> None:
    """The teams file is read as the players file is (one CSV reader): a short row whose quoted
    club spans two lines is named by its first line, and the next row by its own."""
    from tournament.entries.teams import parse_teams_csv
    from tournament.registry.services import CsvImportError

    text = (
        "name,club,partner,partner_club\n"
        'Ada Byron,"Bletchley\nPark",Alan Turing\n'
        "Grace Hopper,Harvard\n"
    )
    with pytest.raises(CsvImportError) as refused:
        parse_teams_csv(text)
    assert refused.value.problems == [
        "line 2: 3 fields, the header has 4.",
        "line 4: 2 fields, the header has 4.",
    ]
