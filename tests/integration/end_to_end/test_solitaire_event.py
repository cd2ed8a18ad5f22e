"""A duplicate solitaire event of a festival, run for two rounds through the pages as its people
would (RULINGS.md "Partnership and solitaire", "Events beyond two players"): five entrants, each
round one tile sequence dealt from the round's seed, entrants ranked on all six levels in order
(lowest first), victory points as at a table of all the round's entrants (the share of the other
four beaten, ties 1/2), never a bye.

Results enter every way that applies: recorded at the board through the round's sequence, by
the director's hand (all six levels), and confirmed by the entrant on the confirm page (all six
levels). Disputed-and-settled does not apply: nobody sits opposite a solitaire entrant, so there
is nobody to disagree with; the entrant's own word enters at once (the product's design,
tournament/confirmation_selectors.py) and a director corrects it like any result. Ratings do not
apply either: solitaire games are not rated (docs/ratings.md)."""

import csv
import io
import json
import random
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import Permission
from django.core import mail
from django.test import Client

from games import positions
from games import services as game_services
from games.engine.deal import dealt_sequence
from games.models import Game
from tests.factories import EventCreatorFactory, PlayerFactory, UserFactory
from tournament.models import (
    Board,
    Event,
    Festival,
    FestivalRequest,
    Player,
    Result,
    ResultCorrection,
    Round,
    Seat,
)

pytestmark = pytest.mark.django_db

NAMES = ["Ada Byron", "Bea Quinn", "Cy Young", "Di Prince", "Ed Stone"]
SEEDS = [1234567, 7654321]  # the rounds' seeds (drawn at random on the site; fixed here)
RECORD_SEED = 3  # the arbiter's choice among the legal placements of each dealt tile

# Each entrant's six levels, lowest first. Ada's in round 1 come from her recorded game.
ROUND1 = {
    "Ada Byron": [2, 4, 5, 6, 6, 7],  # the engine's, for SEEDS[0] and RECORD_SEED
    "Bea Quinn": [2, 4, 5, 6, 6, 9],  # as Ada's up to the sixth level, better there
    "Cy Young": [2, 4, 5, 6, 6, 7],  # as Ada's on all six: tied
    "Di Prince": [3, 3, 3, 3, 3, 3],  # the best lowest
    "Ed Stone": [2, 2, 20, 20, 20, 20],  # lowest 2 as three others, the next 2 below their 4
}
ROUND2 = {
    "Ada Byron": [4, 20, 20, 20, 20, 20],
    "Bea Quinn": [5, 6, 7, 8, 9, 10],  # confirmed by Bea
    "Cy Young": [5, 6, 7, 8, 9, 11],  # confirmed by Cy: as Bea's up to the sixth, better there
    "Di Prince": [5, 6, 7, 8, 9, 10],  # as Bea's: tied
    "Ed Stone": [6, 6, 6, 6, 6, 6],
}
# The round's placings over all six levels in order, and the VP: (beaten + 1/2 tied) / 4.
PLACED1 = {
    "Di Prince": (1, 4 / 4),
    "Bea Quinn": (2, 3 / 4),
    "Ada Byron": (3, (1 + 0.5) / 4),  # beats Ed, ties Cy
    "Cy Young": (3, (1 + 0.5) / 4),
    "Ed Stone": (5, 0 / 4),
}
PLACED2 = {
    "Ed Stone": (1, 4 / 4),
    "Cy Young": (2, 3 / 4),
    "Bea Quinn": (3, (1 + 0.5) / 4),  # beats Ada, ties Di
    "Di Prince": (3, (1 + 0.5) / 4),
    "Ada Byron": (5, 0 / 4),
}


# --- steps: what the people do -------------------------------------------------------------------


def login(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def user(username: str) -> Any:
    return UserFactory(username=username, email=f"{username}@example.org")


def create_festival(organiser: Any) -> Festival:
    response = login(organiser).post(
        "/festivals/new/",
        {
            "name": "Winter Mind Sports",
            "starts": "2027-12-01",
            "ends": "2027-12-05",
            "time_zone": "Europe/London",
        },
    )
    assert response.status_code == 302
    return Festival.objects.get(name="Winter Mind Sports")


def create_event(director: Client, festival: Festival, organiser: Any) -> Event:
    """The event form: duplicate solitaire is its ruleset (the table size left at the form's 2
    becomes 1); the festival's director lets it in."""
    response = director.post(
        "/events/new/",
        {
            "name": "Solo Deal",
            "ruleset": "solitaire",
            "table_size": "2",
            "festival": festival.pk,
            "pairing_system": "auto",
            "rounds": "2",
            "clock_minutes": "10",
            "bye_value": "1.0",
            "tiebreak_preset": "mso-ingenious",
            "check_in_required": "on",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(name="Solo Deal")
    asked = FestivalRequest.objects.get(event=event)
    approved = login(organiser).post(f"/festivals/{festival.slug}/requests/{asked.pk}/approve/")
    assert approved.status_code == 302
    event.refresh_from_db()
    assert (event.festival_id, event.ruleset, event.table_size) == (festival.pk, "solitaire", 1)
    return event


def name_arbiter(director: Client, event: Event, username: str) -> Any:
    arbiter = user(username)
    response = director.post(
        f"/events/{event.slug}/roles/", {"username": username, "role": "arbiter", "reason": "floor"}
    )
    assert response.status_code == 302
    return arbiter


def add_entries(director: Client, event: Event) -> dict[str, Any]:
    """Five registered players with accounts, entered from the registry on the entries page."""
    accounts = {}
    for name in NAMES:
        accounts[name] = user(name.split()[0].lower())
        player = PlayerFactory(name=name, club="Hove", user=accounts[name])
        response = director.post(f"/events/{event.slug}/entries/add/", {"player": player.pk})
        assert response.status_code == 302
    assert [e.name for e in event.entries.order_by("starting_rank")] == NAMES
    return accounts


def check_in(director: Client, event: Event, number: int) -> None:
    for entry in event.entries.order_by("starting_rank"):
        response = director.post(
            f"/events/{event.slug}/check-in/manage/",
            {"round": number, "entry": entry.pk, "action": "in"},
        )
        assert response.status_code == 302


def pair_and_publish(director: Client, event: Event, number: int, capture: Any) -> Round:
    with (
        mock.patch(
            "tournament.services.solitaire.secrets.randbits", return_value=SEEDS[number - 1]
        ),
        capture(execute=True),
    ):
        assert director.post(f"/events/{event.slug}/rounds/pair/").status_code == 302
    round_ = Round.objects.get(event=event, number=number)
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    assert round_.seed == SEEDS[number - 1]
    with capture(execute=True):
        published = director.post(
            f"/events/{event.slug}/rounds/{number}/publish/", {"reviewed": "1"}
        )
    assert published.status_code == 302
    return round_


def boards_of(round_: Round) -> dict[str, Board]:
    seats = Seat.objects.filter(board__round=round_).select_related("board", "entry__player")
    return {seat.player.name: seat.board for seat in seats}


def record_game(board: Board, arbiter: Any, capture: Any) -> list[str]:
    """The arbiter enters the entrant's game at the board: each tile as the site deals it (the
    round's sequence), placed on a legal pair of cells the engine offers, the one clock pressed
    after each. Returns the tiles placed."""
    game = game_services.game_for_board(board)
    assert len(game.remaining_ms) == 1
    engine = positions.replay(game.ruleset, game.options, game.players, [])
    rng = random.Random(RECORD_SEED)
    assert board.round.seed is not None
    sequence = dealt_sequence(board.round.seed)
    game_services.start_clock(game=game, user=arbiter, expected_index=game.log_length)
    placed: list[str] = []
    while not engine.over:
        tile = sequence[len(placed)]
        moves = [m for m in engine.legal_placements() if sorted(m["tile"]) == sorted(tile)]
        move = rng.choice(moves)
        game.refresh_from_db()
        with capture(execute=True):  # the last: the result, its replay check
            game_services.record_placement(
                game=game,
                user=arbiter,
                expected_index=game.log_length,
                tile=move["tile"],
                cells=move["cells"],
            )
        engine.apply(move)
        placed.append(tile)
        game.refresh_from_db()
        if not engine.over:
            game_services.press_clock(game=game, user=arbiter, expected_index=game.log_length)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    return placed


def hand_result(director: Client, board: Board, levels: list[int]) -> None:
    """The director's result form: the lowest, the next lowest and the other four levels."""
    board.refresh_from_db()
    response = director.post(
        f"/events/{board.round.event.slug}/boards/{board.pk}/result/",
        {
            "lowest_0": levels[0],
            "next_0": levels[1],
            "rest_0": " ".join(str(level) for level in levels[2:]),
            "reason": "score sheet handed in",
            "replaces": board.result_version,
        },
    )
    assert response.status_code == 302


def confirm(player: Any, board: Board, levels: list[int]) -> None:
    """The entrant gives their own six levels on the confirm page: they enter at once."""
    response = login(player).post(
        f"/events/{board.round.event.slug}/boards/{board.pk}/confirm/",
        {
            "lowest_0": levels[0],
            "next_0": levels[1],
            "rest_0": " ".join(str(level) for level in levels[2:]),
        },
    )
    assert response.status_code == 302


def get(client: Client, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, url
    return response


def rows_of_csv(response: Any) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def placings(round_: Round) -> dict[str, int | None]:
    seats = Seat.objects.filter(board__round=round_).select_related("entry__player")
    return {seat.player.name: seat.placing for seat in seats}


# --- the event -----------------------------------------------------------------------------------


def test_a_duplicate_solitaire_event_of_a_festival_runs_two_rounds(
    django_capture_on_commit_callbacks: Any,
) -> None:
    capture = django_capture_on_commit_callbacks
    organiser = user("organiser")
    organiser.user_permissions.add(Permission.objects.get(codename="add_festival"))
    festival = create_festival(organiser)
    td = EventCreatorFactory(username="td", email="td@example.org")
    director = login(td)
    event = create_event(director, festival, organiser)
    arbiter = name_arbiter(director, event, "arb")
    people = add_entries(director, event)

    # Round 1.
    check_in(director, event, 1)
    mail.outbox.clear()
    round1 = pair_and_publish(director, event, 1, capture)
    boards = boards_of(round1)
    assert set(boards) == set(NAMES)
    assert all(len(b.seats.all()) == 1 and b.result == "" for b in boards.values()), "no bye"
    check_pairing_mail(round1)

    # (1) Recorded: Ada's game through the round's sequence; her levels come from the engine
    # (the seed and the arbiter's choices fixed), lowest first.
    placed = record_game(boards["Ada Byron"], arbiter, capture)
    assert placed == dealt_sequence(SEEDS[0])[: len(placed)]
    ada = Board.objects.get(pk=boards["Ada Byron"].pk)
    assert (ada.result, ada.result_check) == (Result.TABLE, Board.Check.PASSED)
    assert Seat.objects.get(board=ada).levels == ROUND1["Ada Byron"]
    # (2) By hand: the director types all six levels of the other four.
    for name in ("Bea Quinn", "Cy Young", "Di Prince", "Ed Stone"):
        with capture(execute=True):
            hand_result(director, boards[name], ROUND1[name])
    assert placings(round1) == {name: place for name, (place, _vp) in PLACED1.items()}
    round1.refresh_from_db()
    assert round1.status == Round.Status.COMPLETE

    # Round 2: another sequence, the same for everybody.
    check_in(director, event, 2)
    mail.outbox.clear()
    round2 = pair_and_publish(director, event, 2, capture)
    assert dealt_sequence(SEEDS[1]) != dealt_sequence(SEEDS[0])
    boards = boards_of(round2)
    assert set(boards) == set(NAMES)
    check_pairing_mail(round2)
    # (3) Confirmed: Bea and Cy give their own six levels; each enters at once.
    for name in ("Bea Quinn", "Cy Young"):
        with capture(execute=True):
            confirm(people[name], boards[name], ROUND2[name])
        board = Board.objects.get(pk=boards[name].pk)
        assert (board.result, board.confirmation) == (Result.TABLE, Board.Confirmation.CONFIRMED)
        assert Seat.objects.get(board=board).levels == ROUND2[name]
        audit = ResultCorrection.objects.get(board=board)
        assert (audit.user, audit.reason) == (people[name], "confirmed by the entrant")
    for name in ("Ada Byron", "Di Prince", "Ed Stone"):
        with capture(execute=True):
            hand_result(director, boards[name], ROUND2[name])
    assert placings(round2) == {name: place for name, (place, _vp) in PLACED2.items()}
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert not [m for m in mail.outbox if "bye" in m.body]

    check_standings(event)
    check_ratings()
    check_festival(festival)


def check_pairing_mail(round_: Round) -> None:
    told = {m.to[0]: m.body for m in mail.outbox}
    assert sorted(told) == sorted(f"{n.split()[0].lower()}@example.org" for n in NAMES)
    for body in told.values():
        assert f"Round {round_.number} of Solo Deal: board " in body
        assert "you play the round's deal (duplicate solitaire)." in body
        assert "bye" not in body


def check_standings(event: Event) -> None:
    """By hand: VP the sum of the two rounds' (PLACED1, PLACED2). Tie-breaks (RULINGS.md, tables:
    the round's entrants are the table): results between tied players, progressive difference
    (own lowest - the mean of the other four's lowest), progressive level (own lowest).

    Round 1 lowest: Ada 2, Bea 2, Cy 2, Di 3, Ed 2. Round 2: Ada 4, Bea 5, Cy 5, Di 5, Ed 6.
    Di:  VP 1 + 3/8 = 1.375; PD (3 - 8/4) + (5 - 20/4) = 1;         PL 3 + 5 = 8
    Bea: VP 3/4 + 3/8 = 1.125; PD (2 - 9/4) + (5 - 20/4) = -0.25;   PL 2 + 5 = 7
    Cy:  VP 3/8 + 3/4 = 1.125; PD (2 - 9/4) + (5 - 20/4) = -0.25;   PL 7
    Ed:  VP 0 + 1 = 1;          PD (2 - 9/4) + (6 - 19/4) = 1;      PL 2 + 6 = 8
    Ada: VP 3/8 + 0 = 0.375;    PD (2 - 9/4) + (4 - 21/4) = -1.5;   PL 2 + 4 = 6
    Bea and Cy tie on 1.125: between them Bea placed above Cy in round 1, Cy above Bea in round
    2 (1 each); progressive difference and level equal too: they share 2nd-3rd.
    """
    public = Client()
    expected = [  # (rank, tied, name, VP, results between, PD, PL)
        (1, False, "Di Prince", 1.375, 0.0, 1.0, 8.0),
        (2, True, "Bea Quinn", 1.125, 1.0, -0.25, 7.0),
        (2, True, "Cy Young", 1.125, 1.0, -0.25, 7.0),
        (4, False, "Ed Stone", 1.0, 0.0, 1.0, 8.0),
        (5, False, "Ada Byron", 0.375, 0.0, -1.5, 6.0),
    ]
    for name, vp in {n: PLACED1[n][1] + PLACED2[n][1] for n in NAMES}.items():
        assert next(row[3] for row in expected if row[2] == name) == vp
    data = json.loads(get(public, f"/events/{event.slug}/export/standings.json").content)
    assert data["field_size"] == 5
    assert [
        (
            r["rank"],
            r["tied"],
            r["name"],
            r["vp"],
            r["tiebreaks"]["results_between"],
            r["tiebreaks"]["progressive_difference"],
            r["tiebreaks"]["progressive_level"],
        )
        for r in data["standings"]
    ] == expected
    assert {r["games_played"] for r in data["standings"]} == {2}
    rows = rows_of_csv(get(public, f"/events/{event.slug}/export/standings.csv"))
    assert [(r["Rank"], r["Player"]) for r in rows] == [
        ("1", "Di Prince"),
        ("2", "Bea Quinn"),
        ("2", "Cy Young"),
        ("4", "Ed Stone"),
        ("5", "Ada Byron"),
    ]
    page = get(public, f"/events/{event.slug}/standings/").content.decode()
    order = [page.index(name) for _r, _t, name, *_ in expected]
    assert order == sorted(order), "the standings page lists the entrants in rank order"

    # The crosstable: per round the entrant's placing among all, its VP and lowest level; no
    # opponent (the whole round is the table).
    cross = json.loads(get(public, f"/events/{event.slug}/export/crosstable.json").content)
    got = {
        line["name"]: [
            (c["kind"], c["placing"], c["points"], c["own_lowest"], c["opponent"])
            for c in line["rounds"]
        ]
        for line in cross["crosstable"]
    }
    assert got == {
        name: [
            ("table", PLACED1[name][0], PLACED1[name][1], ROUND1[name][0], None),
            ("table", PLACED2[name][0], PLACED2[name][1], ROUND2[name][0], None),
        ]
        for name in NAMES
    }
    get(public, f"/events/{event.slug}/crosstable/")
    get(public, f"/events/{event.slug}/export/crosstable.csv")

    placings_json = json.loads(get(public, f"/events/{event.slug}/export/placings.json").content)
    assert [(r["name"], r["place"], r["field_size"]) for r in placings_json["placings"]] == [
        ("Di Prince", "1", 5),
        ("Bea Quinn", "2-3", 5),
        ("Cy Young", "2-3", 5),
        ("Ed Stone", "4", 5),
        ("Ada Byron", "5", 5),
    ]
    placings_csv = rows_of_csv(get(public, f"/events/{event.slug}/export/placings.csv"))
    assert [(r["Place"], r["Player"]) for r in placings_csv] == [
        ("1", "Di Prince"),
        ("2-3", "Bea Quinn"),
        ("2-3", "Cy Young"),
        ("4", "Ed Stone"),
        ("5", "Ada Byron"),
    ]

    # The pairings: one seat per entrant per round, never a bye, with the entrant's levels.
    pairings = rows_of_csv(get(public, f"/events/{event.slug}/export/pairings.csv"))
    assert len(pairings) == 10
    assert {r["Result"] for r in pairings} == {"table"}
    by_round = {(r["Round"], r["Player"]): (r["Placing"], r["Lowest"]) for r in pairings}
    for number, levels, placed in (("1", ROUND1, PLACED1), ("2", ROUND2, PLACED2)):
        for name in NAMES:
            assert by_round[(number, name)] == (str(placed[name][0]), str(levels[name][0]))
    pairings_json = json.loads(get(public, f"/events/{event.slug}/export/pairings.json").content)
    assert [len(b["seats"]) for b in pairings_json["boards"]] == [1] * 10
    assert "bye" not in json.dumps(pairings_json).lower()


def check_ratings() -> None:
    """docs/ratings.md: duplicate solitaire is not rated (nobody to learn from)."""
    listed = json.loads(get(Client(), "/api/ratings/").content)
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert rows == []
    ada = Player.objects.get(name="Ada Byron")
    page = get(Client(), f"/ratings/{ada.pk}/").content.decode()
    assert "Solo Deal" not in page


def check_festival(festival: Festival) -> None:
    """docs/festival.md, N = 5: 100 x (N+5)/(N+6) x (N-P)/(N-1). Di 1st: 100 x 10/11 x 4/4 =
    90.91; Bea and Cy share 2nd-3rd, P = 2.5: 100 x 10/11 x 2.5/4 = 56.82; Ed 4th: 100 x 10/11
    x 1/4 = 22.73; Ada 5th: 0.00. No partners. The overall table: those totals, Bea and Cy
    sharing rank 2."""
    expected = {
        "Di Prince": ("1", 1.375, 90.91),
        "Bea Quinn": ("2-3", 1.125, 56.82),
        "Cy Young": ("2-3", 1.125, 56.82),
        "Ed Stone": ("4", 1.0, 22.73),
        "Ada Byron": ("5", 0.375, 0.0),
    }
    public = Client()
    data = json.loads(get(public, f"/festivals/{festival.slug}/pentamind.json").content)
    assert {
        r["player"]: (r["place"], r["score"], r["pentamind_points"]) for r in data["placings"]
    } == expected
    assert {(r["field_size"], r["partner"], r["event_slug"]) for r in data["placings"]} == {
        (5, "", "solo-deal")
    }
    rows = rows_of_csv(get(public, f"/festivals/{festival.slug}/pentamind.csv"))
    assert {r["Player"]: (r["Place"], r["Pentamind points"]) for r in rows} == {
        name: (place, f"{points:.2f}") for name, (place, _score, points) in expected.items()
    }
    overall = json.loads(get(public, f"/festivals/{festival.slug}/overall.json").content)
    assert [(r["rank"], r["player"], r["total"]) for r in overall["table"]] == [
        (1, "Di Prince", 90.91),
        (2, "Bea Quinn", 56.82),
        (2, "Cy Young", 56.82),
        (4, "Ed Stone", 22.73),
        (5, "Ada Byron", 0.0),
    ]
    page = get(public, f"/festivals/{festival.slug}/overall/").content.decode()
    assert page.index("Di Prince") < page.index("Bea Quinn") < page.index("Ada Byron")
