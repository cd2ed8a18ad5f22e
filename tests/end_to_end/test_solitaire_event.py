"""A duplicate solitaire event of a festival, run for two rounds through the pages as its people
would (RULINGS.md "Partnership and solitaire", "Events beyond two players"): five entrants, each
round one tile sequence dealt from the round's seed, entrants ranked on all six levels in order
(lowest first), victory points as at a table of all the round's entrants (the share of the other
four beaten, ties 1/2), never a bye.

Results enter every way that applies: recorded at the board through the round's sequence, by
the director's hand (all six levels), and confirmed by the entrant on the confirm page (all six
levels). Disputed-and-settled does not apply: nobody sits opposite a solitaire entrant, so there
is nobody to disagree with; the entrant's own word enters at once (the product's design,
tournament/confirmations/selectors.py) and a director corrects it like any result. Ratings do not
apply either: solitaire games are not rated (docs/ratings.md)."""

import json
from unittest import mock

import pytest
from django.test import Client

from games.engine.deal import dealt_sequence
from games.models import Game
from tests.end_to_end import steps as s
from tournament.models.events import Board, Event, Festival, Player, Result, Round
from tournament.results.models import ResultCorrection

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

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


# --- steps of this kind of event -----------------------------------------------------------------


def pair_and_publish(td: s.Person, event: Event, number: int) -> tuple[Round, dict[str, Board]]:
    """Pair and publish the round, its seed (drawn at random on the site) fixed here; each
    entrant's board by name."""
    with mock.patch("tournament.rounds.solitaire.secrets.randbits", return_value=SEEDS[number - 1]):
        round_ = s.pair_and_publish(td, event, number)
    assert round_.seed == SEEDS[number - 1]
    boards = {s.seat_names(b)[0]: b for b in round_.boards.all()}
    assert all(s.seat_names(b) == [name] for name, b in boards.items()), "one seat each"
    return round_, boards


def placings(boards: dict[str, Board]) -> dict[str, int | None]:
    return {name: s.placings(b)[0] for name, b in boards.items()}


# --- the event -----------------------------------------------------------------------------------


def test_a_duplicate_solitaire_event_of_a_festival_runs_two_rounds() -> None:
    # The event form: duplicate solitaire is its ruleset (the table size left at the form's 2
    # becomes 1); the festival's director lets it in.
    festival, td, event = s.event_by_request(
        "Winter Mind Sports",
        ("2027-12-01", "2027-12-05"),
        "Solo Deal",
        ruleset="solitaire",
        table_size=2,
        pairing_system="auto",
        rounds=2,
        check_in_required="on",
    )
    assert (event.festival_id, event.ruleset, event.table_size) == (festival.pk, "solitaire", 1)
    arb = s.staff("arb")
    s.name_arbiter(td, event, arb, "floor")
    # Five registered players with accounts, entered from the registry on the entries page.
    people = {p.name: p for p in s.players_with_accounts(NAMES, clubs="Hove")}
    entries = s.enter_players(td, event, [people[name] for name in NAMES])
    assert [e.name for e in entries] == NAMES

    # Round 1.
    for entry in entries:
        s.check_in_by_hand(td, event, entry, 1)
    s.clear_mail()
    round1, boards = pair_and_publish(td, event, 1)
    assert set(boards) == set(NAMES)
    assert all(b.result == "" for b in boards.values()), "no bye"
    check_pairing_mail(round1)

    # (1) Recorded: the arbiter enters Ada's game at the board, each tile as the site deals it
    # (the round's sequence) placed on a legal pair of cells the engine offers, the one clock
    # pressed after each. Her levels come from the engine (the seed and the arbiter's choices
    # fixed), lowest first.
    deal = dealt_sequence(SEEDS[0])
    recorded = s.record_game(arb, boards["Ada Byron"], RECORD_SEED, sample=None, deal=deal)
    assert [sorted(move["tile"]) for move in recorded.actions] == [
        sorted(tile) for tile in deal[: recorded.placements]
    ]
    assert len(Game.objects.get(board=boards["Ada Byron"]).remaining_ms) == 1
    assert (recorded.pressed, recorded.presses) == ({0}, recorded.placements - 1)
    ada = Board.objects.get(pk=boards["Ada Byron"].pk)
    assert (ada.result, ada.result_check) == (Result.TABLE, Board.Check.PASSED)
    assert [seat.levels for seat in ada.seats.all()] == [ROUND1["Ada Byron"]]
    # (2) By hand: the director types all six levels of the other four.
    for name in ("Bea Quinn", "Cy Young", "Di Prince", "Ed Stone"):
        s.director_table_result(td, boards[name], [ROUND1[name]], reason="score sheet handed in")
    assert placings(boards) == {name: place for name, (place, _vp) in PLACED1.items()}
    round1.refresh_from_db()
    assert round1.status == Round.Status.COMPLETE

    # Round 2: another sequence, the same for everybody.
    for entry in entries:
        s.check_in_by_hand(td, event, entry, 2)
    s.clear_mail()
    round2, boards = pair_and_publish(td, event, 2)
    assert dealt_sequence(SEEDS[1]) != dealt_sequence(SEEDS[0])
    assert set(boards) == set(NAMES)
    check_pairing_mail(round2)
    # (3) Confirmed: Bea and Cy give their own six levels on the confirm page; each enters at
    # once.
    for name in ("Bea Quinn", "Cy Young"):
        board = s.confirm(people[name], boards[name], s.table_fields([ROUND2[name]]))
        assert (board.result, board.confirmation) == (Result.TABLE, Board.Confirmation.CONFIRMED)
        assert [seat.levels for seat in board.seats.all()] == [ROUND2[name]]
        audit = ResultCorrection.objects.get(board=board)
        assert (audit.user, audit.reason) == (people[name].user, "confirmed by the entrant")
    for name in ("Ada Byron", "Di Prince", "Ed Stone"):
        s.director_table_result(td, boards[name], [ROUND2[name]], reason="score sheet handed in")
    assert placings(boards) == {name: place for name, (place, _vp) in PLACED2.items()}
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert not [m for m in s.outbox() if "bye" in m.body]

    check_standings(event)
    check_ratings()
    check_festival(festival)
    check_printouts(event)


def check_pairing_mail(round_: Round) -> None:
    told = {m.to[0]: m.body for m in s.outbox()}
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
    data = s.json_of(public, f"/events/{event.slug}/export/standings.json")
    assert data["field_size"] == 5
    tiebreaks = ("results_between", "progressive_difference", "progressive_level")
    standings = s.fields(
        data["standings"], "rank", "tied", "name", "vp", *(f"tiebreaks.{k}" for k in tiebreaks)
    )
    assert standings == expected
    assert {r["games_played"] for r in data["standings"]} == {2}
    rows = s.csv_rows(public, f"/events/{event.slug}/export/standings.csv")
    assert [(r["Rank"], r["Player"]) for r in rows] == [
        ("1", "Di Prince"),
        ("2", "Bea Quinn"),
        ("2", "Cy Young"),
        ("4", "Ed Stone"),
        ("5", "Ada Byron"),
    ]
    page = s.page(public, f"/events/{event.slug}/standings/")
    order = [page.index(name) for _r, _t, name, *_ in expected]
    assert order == sorted(order), "the standings page lists the entrants in rank order"

    # The crosstable: per round the entrant's placing among all, its VP and lowest level; no
    # opponent (the whole round is the table).
    cross = s.json_of(public, f"/events/{event.slug}/export/crosstable.json")
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
    s.page(public, f"/events/{event.slug}/crosstable/")
    s.page(public, f"/events/{event.slug}/export/crosstable.csv")

    placings_json = s.json_of(public, f"/events/{event.slug}/export/placings.json")
    assert [(r["name"], r["place"], r["field_size"]) for r in placings_json["placings"]] == [
        ("Di Prince", "1", 5),
        ("Bea Quinn", "2-3", 5),
        ("Cy Young", "2-3", 5),
        ("Ed Stone", "4", 5),
        ("Ada Byron", "5", 5),
    ]
    placings_csv = s.csv_rows(public, f"/events/{event.slug}/export/placings.csv")
    assert [(r["Place"], r["Player"]) for r in placings_csv] == [
        ("1", "Di Prince"),
        ("2-3", "Bea Quinn"),
        ("2-3", "Cy Young"),
        ("4", "Ed Stone"),
        ("5", "Ada Byron"),
    ]

    # The pairings: one seat per entrant per round, never a bye, with the entrant's levels.
    pairings = s.csv_rows(public, f"/events/{event.slug}/export/pairings.csv")
    assert len(pairings) == 10
    assert {r["Result"] for r in pairings} == {"table"}
    by_round = {(r["Round"], r["Player"]): (r["Placing"], r["Lowest"]) for r in pairings}
    for number, levels, placed in (("1", ROUND1, PLACED1), ("2", ROUND2, PLACED2)):
        for name in NAMES:
            assert by_round[(number, name)] == (str(placed[name][0]), str(levels[name][0]))
    pairings_json = s.json_of(public, f"/events/{event.slug}/export/pairings.json")
    assert [len(b["seats"]) for b in pairings_json["boards"]] == [1] * 10
    assert "bye" not in json.dumps(pairings_json).lower()


def check_ratings() -> None:
    """docs/ratings.md: duplicate solitaire is not rated (nobody to learn from)."""
    listed = s.json_of(Client(), "/api/ratings/")
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert rows == []
    ada = Player.objects.get(name="Ada Byron")
    page = s.page(Client(), f"/ratings/{ada.pk}/")
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
    data = s.json_of(public, f"/festivals/{festival.slug}/pentamind.json")
    assert {
        r["player"]: (r["place"], r["score"], r["pentamind_points"]) for r in data["placings"]
    } == expected
    assert {(r["field_size"], r["partner"], r["event_slug"]) for r in data["placings"]} == {
        (5, "", "solo-deal")
    }
    rows = s.csv_rows(public, f"/festivals/{festival.slug}/pentamind.csv")
    assert {r["Player"]: (r["Place"], r["Pentamind points"]) for r in rows} == {
        name: (place, f"{points:.2f}") for name, (place, _score, points) in expected.items()
    }
    overall = s.json_of(public, f"/festivals/{festival.slug}/overall.json")
    assert [(r["rank"], r["player"], r["total"]) for r in overall["table"]] == [
        (1, "Di Prince", 90.91),
        (2, "Bea Quinn", 56.82),
        (2, "Cy Young", 56.82),
        (4, "Ed Stone", 22.73),
        (5, "Ada Byron", 0.0),
    ]
    page = s.page(public, f"/festivals/{festival.slug}/overall/")
    assert page.index("Di Prince") < page.index("Bea Quinn") < page.index("Ada Byron")


def check_printouts(event: Event) -> None:
    """The event PDF prints each round's entrants as playing the round's deal, never a bye,
    and the standings' ranks and names (Bea and Cy sharing 2nd); each round's slips are one
    per entrant (boards in starting order); games.zip holds one record per entrant per round,
    Ada's recorded game replaying to her round-1 levels, the typed and confirmed ones empty."""
    public = Client()
    deal = "plays the round's deal (solitaire)"
    rounds = [
        [[f"Round {n}: pairings"], *([str(b), name, deal] for b, name in enumerate(NAMES, 1))]
        for n in (1, 2)
    ]
    standings = [
        ["1", "Di Prince", "Hove"],
        ["2=", "Bea Quinn", "Hove"],
        ["2=", "Cy Young", "Hove"],
        ["4", "Ed Stone", "Hove"],
        ["5", "Ada Byron", "Hove"],
    ]
    s.check_event_pdf(public, event, [*rounds[0], *rounds[1], *standings], absent=["bye"])
    for n in (1, 2):
        slips = [[f"Round {n} · Board {b}", name] for b, name in enumerate(NAMES, 1)]
        s.check_slips(public, event, n, slips)
    s.check_games_zip(
        public,
        event,
        {(n, b): [name] for n in (1, 2) for b, name in enumerate(NAMES, 1)},
        {(1, 1): [ROUND1["Ada Byron"]]},
    )
