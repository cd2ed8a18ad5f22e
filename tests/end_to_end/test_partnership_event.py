"""A partnership event of a festival, run for two rounds through the pages as its people would
(RULINGS.md "Partnership events"): four teams of two registered players, all play all, partners
opposite (seats 0 and 2 against 1 and 3), levels on the 0-36 track. The results enter every way
there is: recorded at the board move by move with each of the four clocks pressed per turn, by
the director's hand (levels above 18), confirmed by the players, and disputed then settled by an
arbiter at the board. The standings, crosstable, exports, site ratings, the festival's Pentamind
rows and overall table, and the e-mails are then checked against values worked out by hand."""

import pytest
from django.test import Client
from openskill.models import PlackettLuce

from games.models import Game
from tests.end_to_end import steps as s
from tournament.confirmations.models import ResultConfirmation
from tournament.events.models import EventLogEntry
from tournament.models.events import Board, Entry, Event, Festival, Player, Round
from tournament.results.models import ResultCorrection

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

# The teams in starting order: (first player, partner).
TEAMS = [
    ("Ada Byron", "Alan Turing"),
    ("Hedy Lamarr", "Claude Shannon"),
    ("Grace Hopper", "Edsger Dijkstra"),
    ("Barbara Liskov", "John McCarthy"),
]
TIEBREAKS = (  # the standings JSON's tie-breaks, in the preset's order
    "tiebreaks.results_between",
    "tiebreaks.progressive_difference",
    "tiebreaks.progressive_level",
)
RECORD_SEED = 1  # the arbiter's choice of legal moves at board 1 of round 1


# --- the event -----------------------------------------------------------------------------------


def test_a_partnership_event_of_a_festival_runs_two_rounds_every_way_of_entering_results() -> None:
    """Round 1: board 1 (Ada & Alan v Barbara & John) is recorded at the board, board 2 (Hedy &
    Claude v Grace & Edsger) entered by the director, Hedy & Claude's lowest colour 20 (on the
    second half of the double track). Round 2: board 2 (Barbara & John v Grace & Edsger) is
    confirmed by the players, board 1 (Ada & Alan v Hedy & Claude) disputed and settled by the
    arbiter as a draw 19-19."""
    # The festival's organiser creates it; the event's director names it on the event form
    # (partnership, all play all, check-in) and the organiser lets it in.
    festival, td, event = s.event_by_request(
        "Summer Mind Sports",
        ("2027-08-20", "2027-08-28"),
        "Summer Pairs Cup",
        ruleset="partnership",
        pairing_system="round-robin",
        rounds=2,
        check_in_required="on",
    )
    assert (event.festival_id, event.table_size) == (festival.pk, 4)
    arb = s.staff("arb")
    s.name_arbiter(td, event, arb, "floor")
    # Eight registered players, each with an account, entered as four teams on the entries
    # page (the first player and the partner chosen from the registry).
    who = {
        p.name: p
        for p in s.players_with_accounts([n for team in TEAMS for n in team], clubs="Bletchley")
    }
    entries = s.enter_players(td, event, [(who[a], who[b]) for a, b in TEAMS])
    assert [e.name for e in entries] == [f"{a} & {b}" for a, b in TEAMS]
    t1, t2, t3, t4 = entries

    # Round 1: all play all by the Berger table: 1 v 4 and 2 v 3, the first team in seats 0, 2.
    for entry in entries:
        s.check_in_by_hand(td, event, entry, 1)
    s.clear_mail()
    round1 = s.pair_and_publish(td, event, 1)
    b11, b12 = s.board(event, 1, 1), s.board(event, 1, 2)
    assert s.seat_names(b11) == ["Ada Byron", "Barbara Liskov", "Alan Turing", "John McCarthy"]
    assert s.seat_names(b12) == ["Hedy Lamarr", "Grace Hopper", "Claude Shannon", "Edsger Dijkstra"]
    # The pairing e-mail: one to each of the eight, naming the partner and the two opponents.
    told = {m.to[0]: m.body for m in s.outbox()}
    assert len(s.outbox()) == 8 and len(told) == 8
    assert (
        "Round 1 of Summer Pairs Cup: table 1, seat 3 of 4, with your partner Ada Byron "
        "(Bletchley) against Barbara Liskov (Bletchley) & John McCarthy (Bletchley)."
    ) in told["alan@example.org"]
    assert (
        "Round 1 of Summer Pairs Cup: table 2, seat 2 of 4, with your partner Edsger Dijkstra "
        "(Bletchley) against Hedy Lamarr (Bletchley) & Claude Shannon (Bletchley)."
    ) in told["grace@example.org"]
    assert all("bye" not in body for body in told.values())

    # (1) Recorded: the arbiter enters the game at the board move by move, each a legal move
    # the engine offers (drawn at random from all of them), pressing the clock whenever the
    # turn passes to another of the four seats; the result comes from the game. The engine's
    # levels for this seed (fixed), the first team's in seats 0 and 2, lowest first.
    recorded = s.record_game(arb, b11, RECORD_SEED, sample=None)
    assert len(Game.objects.get(board=b11).remaining_ms) == 4, "each of the four seats a clock"
    assert recorded.pressed == {0, 1, 2, 3}, "every seat's clock ran and was pressed"
    b11.refresh_from_db()
    levels = {seat.number: seat.levels for seat in b11.seats.all()}
    assert levels[0] == levels[2] == [2, 3, 5, 6, 10, 12]
    assert levels[1] == levels[3] == [2, 3, 3, 3, 4, 5]
    # Equal lowest (2) and next (3): Ada & Alan win on the third lowest, 5 to 3.
    assert (b11.result, b11.result_check, b11.result_counts) == ("1-0", "passed", True)

    # (2) By hand: Hedy & Claude beat Grace & Edsger 20-17 (both past 18 on the 0-36 track).
    b12 = s.director_pair_result(td, b12, "1-0", 20, 17, reason="score sheet handed in")
    assert [seat.levels[:1] for seat in b12.seats.order_by("number")] == [[20], [17], [20], [17]]
    round1.refresh_from_db()
    assert round1.status == Round.Status.COMPLETE

    # Round 2: 4 v 3 and 1 v 2.
    for entry in entries:
        s.check_in_by_hand(td, event, entry, 2)
    s.clear_mail()
    round2 = s.pair_and_publish(td, event, 2)
    b22, b21 = s.board(event, 2, 1), s.board(event, 2, 2)  # board 1: 1 v 2, board 2: 4 v 3
    assert s.seat_names(b22) == ["Ada Byron", "Hedy Lamarr", "Alan Turing", "Claude Shannon"]
    assert s.seat_names(b21) == [
        "Barbara Liskov",
        "Grace Hopper",
        "John McCarthy",
        "Edsger Dijkstra",
    ]
    assert len(s.outbox()) == 8

    # (3) Confirmed: Grace & Edsger beat Barbara & John, 14 to 9. Each team's two players give
    # the same word; the result enters when the second team has spoken (one word per team:
    # the latest of either partner), and the last player finds it confirmed.
    word = s.pair_fields("0-1", 9, 14)
    s.confirm(who["Barbara Liskov"], b21, word)
    board = s.confirm(who["John McCarthy"], b21, word)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    board = s.confirm(who["Edsger Dijkstra"], b21, word)
    assert (board.result, board.confirmation) == ("0-1", Board.Confirmation.CONFIRMED)
    late = who["Grace Hopper"].client.post(s.confirm_url(event, b21), word)
    assert late.status_code == 200 and 'name="result"' not in late.content.decode()
    assert ResultConfirmation.objects.filter(board=b21).count() == 3, "her word came too late"
    audit = ResultCorrection.objects.get(board=b21)
    assert (audit.user, audit.reason) == (who["Edsger Dijkstra"].user, "confirmed by both teams")

    # (4) Disputed and settled: Ada says her team won 20-19, Claude says it was a draw 19-19.
    s.clear_mail()
    s.confirm(who["Ada Byron"], b22, s.pair_fields("1-0", 20, 19))
    board = s.confirm(who["Claude Shannon"], b22, s.pair_fields("1/2-1/2", 19, 19))
    assert (board.result, board.confirmation) == ("", Board.Confirmation.DISPUTED)
    # The directors and arbiters are told, nobody else (not the players, not the festival's).
    assert sorted(m.to[0] for m in s.outbox()) == ["arb@example.org", "td@example.org"]
    body = s.outbox()[0].body
    assert "Round 2, board 1: the players disagree." in body
    assert "Ada Byron & Alan Turing says 1-0 (lowest levels 20-19)" in body
    assert "Hedy Lamarr & Claude Shannon says 1/2-1/2 (lowest levels 19-19)" in body
    # The arbiter follows the board page's link to the dispute and settles it, with a reason.
    board_page = s.page(arb.client, f"/games/board/{b22.pk}/")
    assert f'href="{s.confirm_url(event, b22)}#settle"' in board_page
    why = "both 19 on the board's tracks"
    board = s.settle(arb, b22, s.pair_fields("1/2-1/2", 19, 19), why)
    assert (board.result, board.confirmation) == ("1/2-1/2", Board.Confirmation.DISPUTED)
    assert ResultCorrection.objects.get(board=b22).reason == why
    logged = event.log_entries.filter(kind=EventLogEntry.Kind.CONFIRMATION).last()
    assert logged is not None and logged.description.endswith(f"because: {why}.")
    round2.refresh_from_db()
    assert round2.status == Round.Status.COMPLETE
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED

    teams = (t1, t2, t3, t4)
    check_standings(event, teams)
    check_ratings(who)
    check_festival(festival)
    check_my_games(who, teams)
    check_printouts(event)


def check_standings(event: Event, teams: tuple[Entry, Entry, Entry, Entry]) -> None:
    """By hand (RULINGS.md: win 1, draw 1/2; progressive difference = own lowest - opponent's;
    progressive level = own lowest):

    Ada & Alan (T1):      R1 beat T4 2-2, R2 drew T2 19-19: VP 1.5, PD 0 + 0 = 0,  PL 2 + 19 = 21
    Hedy & Claude (T2):   R1 beat T3 20-17, R2 drew T1:     VP 1.5, PD 3 + 0 = 3,  PL 20 + 19 = 39
    Grace & Edsger (T3):  R1 lost T2 17-20, R2 beat T4 14-9: VP 1, PD -3 + 5 = 2, PL 17 + 14 = 31
    Barbara & John (T4):  R1 lost T1 2-2, R2 lost T3 9-14:   VP 0, PD 0 - 5 = -5, PL 2 + 9 = 11

    T1 and T2 tie on 1.5; between them a draw (1/2 each), so progressive difference decides:
    T2 first, T1 second, T3 third, T4 fourth.
    """
    t1, t2, t3, t4 = teams
    public = Client()
    expected = [
        # (rank, entry, VP, results between, PD, PL)
        (1, t2, 1.5, 0.5, 3, 39),
        (2, t1, 1.5, 0.5, 0, 21),
        (3, t3, 1.0, 0.0, 2, 31),
        (4, t4, 0.0, 0.0, -5, 11),
    ]
    data = s.json_of(public, f"/events/{event.slug}/export/standings.json")
    assert data["field_size"] == 4
    got = s.fields(data["standings"], "rank", "entry", "vp", *TIEBREAKS)
    assert got == [(rank, e.pk, vp, de, pd, pl) for rank, e, vp, de, pd, pl in expected]
    assert {r["games_played"] for r in data["standings"]} == {2}

    page = s.page(public, f"/events/{event.slug}/standings/")
    order = [page.index(e.name.replace("&", "&amp;")) for _, e, *_ in expected]
    assert order == sorted(order), "the standings page lists the teams in rank order"

    rows = s.csv_rows(public, f"/events/{event.slug}/export/standings.csv")
    assert [(r["Rank"], r["Player"], r["VP"]) for r in rows] == [
        ("1", t2.name, "1.5"),
        ("2", t1.name, "1.5"),
        ("3", t3.name, "1"),
        ("4", t4.name, "0"),
    ]

    # The crosstable: each team's two games, the opponent team, the score, both lowest.
    cross = s.json_of(public, f"/events/{event.slug}/export/crosstable.json")
    cells = {
        line["entry"]: [
            (c["opponent"], c["points"], c["own_lowest"], c["opp_lowest"]) for c in line["rounds"]
        ]
        for line in cross["crosstable"]
    }
    assert cells == {
        t1.pk: [(t4.pk, 1.0, 2, 2), (t2.pk, 0.5, 19, 19)],
        t2.pk: [(t3.pk, 1.0, 20, 17), (t1.pk, 0.5, 19, 19)],
        t3.pk: [(t2.pk, 0.0, 17, 20), (t4.pk, 1.0, 14, 9)],
        t4.pk: [(t1.pk, 0.0, 2, 2), (t3.pk, 0.0, 9, 14)],
    }
    crosstable_page = s.page(public, f"/events/{event.slug}/crosstable/")
    assert all(e.name.replace("&", "&amp;") in crosstable_page for e in teams)
    s.page(public, f"/events/{event.slug}/export/crosstable.csv")

    placings = s.json_of(public, f"/events/{event.slug}/export/placings.json")
    assert [(r["place"], r["entry"], r["field_size"]) for r in placings["placings"]] == [
        ("1", t2.pk, 4),
        ("2", t1.pk, 4),
        ("3", t3.pk, 4),
        ("4", t4.pk, 4),
    ]
    placings_csv = s.csv_rows(public, f"/events/{event.slug}/export/placings.csv")
    assert [(r["Place"], r["Player"]) for r in placings_csv] == [
        ("1", t2.name),
        ("2", t1.name),
        ("3", t3.name),
        ("4", t4.name),
    ]

    # The pairings, seat by seat: each seat its own player, partners at 1 and 3, 2 and 4.
    pairings = s.csv_rows(public, f"/events/{event.slug}/export/pairings.csv")
    assert [(r["Round"], r["Board"], r["Seat"], r["Player"]) for r in pairings] == [
        ("1", "1", "1", "Ada Byron"),
        ("1", "1", "2", "Barbara Liskov"),
        ("1", "1", "3", "Alan Turing"),
        ("1", "1", "4", "John McCarthy"),
        ("1", "2", "1", "Hedy Lamarr"),
        ("1", "2", "2", "Grace Hopper"),
        ("1", "2", "3", "Claude Shannon"),
        ("1", "2", "4", "Edsger Dijkstra"),
        ("2", "1", "1", "Ada Byron"),
        ("2", "1", "2", "Hedy Lamarr"),
        ("2", "1", "3", "Alan Turing"),
        ("2", "1", "4", "Claude Shannon"),
        ("2", "2", "1", "Barbara Liskov"),
        ("2", "2", "2", "Grace Hopper"),
        ("2", "2", "3", "John McCarthy"),
        ("2", "2", "4", "Edsger Dijkstra"),
    ]
    assert [r["Result"] for r in pairings[::4]] == ["1-0", "1-0", "1/2-1/2", "0-1"]
    pairings_json = s.json_of(public, f"/events/{event.slug}/export/pairings.json")
    seats = [
        (b["round"], b["board"], b["result"], len(b["seats"])) for b in pairings_json["boards"]
    ]
    assert seats == [(1, 1, "1-0", 4), (1, 2, "1-0", 4), (2, 1, "1/2-1/2", 4), (2, 2, "0-1", 4)]


def check_ratings(people: dict[str, s.Person]) -> None:
    """The four games rated in order (round, then board: round 2's board 1 is the draw), each
    team one side of two players: openskill's Plackett-Luce with its defaults (docs/ratings.md),
    computed here."""
    model = PlackettLuce()
    r = {name: model.rating(name=name) for name in people}

    def play(first: tuple[str, str], second: tuple[str, str], ranks: list[float]) -> None:
        teams = [[r[first[0]], r[first[1]]], [r[second[0]], r[second[1]]]]
        (a, b), (c, d) = model.rate(teams, ranks=ranks)
        r[first[0]], r[first[1]], r[second[0]], r[second[1]] = a, b, c, d

    play(("Ada Byron", "Alan Turing"), ("Barbara Liskov", "John McCarthy"), [1, 2])
    play(("Hedy Lamarr", "Claude Shannon"), ("Grace Hopper", "Edsger Dijkstra"), [1, 2])
    play(("Ada Byron", "Alan Turing"), ("Hedy Lamarr", "Claude Shannon"), [1, 1])
    play(("Barbara Liskov", "John McCarthy"), ("Grace Hopper", "Edsger Dijkstra"), [2, 1])
    expected = {name: s.site_rating(rating) for name, rating in r.items()}
    # Partners moved together: Ada and Alan (equal before every game) stand equal.
    assert expected["Ada Byron"] == expected["Alan Turing"]

    listed = s.json_of(Client(), "/api/ratings/")
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert {row["name"]: row["rating"] for row in rows} == expected
    assert {row["name"]: row["games"] for row in rows} == dict.fromkeys(people, 2)
    # A player's page names each game's opponents as opponents and the partner as partner.
    alan = Player.objects.get(name="Alan Turing")
    ids = {p.name: p.pk for p in Player.objects.all()}
    page = s.page(Client(), f"/ratings/{alan.pk}/")
    assert f'<dd class="site-rating">{expected["Alan Turing"]}</dd>' in page
    partner = f'<span class="partner">Partner: <a href="/ratings/{ids["Ada Byron"]}/">Ada Byron</a>'
    assert page.count(partner) == 2
    for first, second in (("Hedy Lamarr", "Claude Shannon"), ("Barbara Liskov", "John McCarthy")):
        assert (
            f'against <span class="opponents"><a href="/ratings/{ids[first]}/">{first}</a>, '
            f'<a href="/ratings/{ids[second]}/">{second}</a></span>'
        ) in page


def check_festival(festival: Festival) -> None:
    """docs/festival.md: a row per player per event, both partners the team's place, score and
    field (N = 4 teams). Pentamind points 100 x (N+5)/(N+6) x (N-P)/(N-1): 1st 100 x 9/10 x 3/3
    = 90.00, 2nd 100 x 9/10 x 2/3 = 60.00, 3rd 100 x 9/10 x 1/3 = 30.00, 4th 0.00. The overall
    table: each player's one event; partners share a rank (1, 1, 3, 3, 5, 5, 7, 7)."""
    team_of: dict[str, tuple[str, str, float, float]] = {}  # player: partner, place, score, pts
    results = [  # (player, partner, place, score, points)
        ("Hedy Lamarr", "Claude Shannon", "1", 1.5, 90.0),
        ("Ada Byron", "Alan Turing", "2", 1.5, 60.0),
        ("Grace Hopper", "Edsger Dijkstra", "3", 1.0, 30.0),
        ("Barbara Liskov", "John McCarthy", "4", 0.0, 0.0),
    ]
    for first, second, place, score, points in results:
        team_of[first] = (second, place, score, points)
        team_of[second] = (first, place, score, points)
    ids = {p.name: p.pk for p in Player.objects.all()}
    public = Client()
    data = s.json_of(public, f"/festivals/{festival.slug}/pentamind.json")
    got = {
        row["player"]: (row["partner"], row["place"], row["score"], row["pentamind_points"])
        for row in data["placings"]
    }
    assert got == team_of and len(data["placings"]) == 8
    assert {(row["player_id"], row["partner_id"]) for row in data["placings"]} == {
        (ids[name], ids[partner]) for name, (partner, *_rest) in team_of.items()
    }
    assert {(row["field_size"], row["event_slug"]) for row in data["placings"]} == {
        (4, "summer-pairs-cup")
    }
    rows = s.csv_rows(public, f"/festivals/{festival.slug}/pentamind.csv")
    assert {r["Player"]: (r["Partner"], r["Place"], r["Pentamind points"]) for r in rows} == {
        name: (partner, place, f"{points:.2f}")
        for name, (partner, place, _score, points) in team_of.items()
    }

    overall = s.json_of(public, f"/festivals/{festival.slug}/overall.json")
    ranks = {1: ("Hedy Lamarr", "Claude Shannon"), 3: ("Ada Byron", "Alan Turing")}
    ranks |= {5: ("Grace Hopper", "Edsger Dijkstra"), 7: ("Barbara Liskov", "John McCarthy")}
    assert {(row["player"], row["rank"], row["total"]) for row in overall["table"]} == {
        (name, rank, team_of[name][3]) for rank, names in ranks.items() for name in names
    }
    page = s.page(public, f"/festivals/{festival.slug}/overall/")
    assert page.index("Hedy Lamarr") < page.index("Ada Byron") < page.index("Barbara Liskov")
    assert "90.00" in page and "60.00" in page


def check_my_games(people: dict[str, s.Person], teams: tuple[Entry, Entry, Entry, Entry]) -> None:
    """A partner's My games: the team's two games, the partner as partner, the other team as
    the opponents, and the team's order of play (Alan sits in seat 3: his team moved first)."""
    t1, t2, _t3, t4 = teams
    page = s.page(people["Alan Turing"].client, "/me/")
    history = page[page.index('<table class="list my-history">') :]
    rows = [row.split("</tr>")[0] for row in history.split("<tr><td")[1:]]
    assert len(rows) == 2
    for row, opponents, result in ((rows[0], t4, "<b>1</b>"), (rows[1], t2, "<b>½</b>")):
        assert '<span class="partner">with Ada Byron (partner)</span>' in row
        assert f">{opponents.name.replace('&', '&amp;')}</a>" in row
        assert "<td>first</td>" in row and result in row
    assert '<dt>Partner</dt><dd class="partner">Ada Byron</dd>' in page
    assert f">{t2.name.replace('&', '&amp;')}</a></dd>" in page
    assert t1.name not in page


def check_printouts(event: Event) -> None:
    """The event PDF prints each table's four players seat by seat, partners with their team's
    placing, and the result; its standings name the teams (both partners), their club and the
    values worked out in check_standings. Each round's slips are a pair's slips: the two teams,
    the first team first. games.zip: a record per board, four players in seat order; the
    recorded game replays to its levels (a team's tracks are its own, one per side), the
    others empty."""
    ada, barbara = [2, 3, 5, 6, 10, 12], [2, 3, 3, 3, 4, 5]
    public = Client()
    s.check_event_pdf(
        public,
        event,
        [
            ["Round 1: tables"],
            ["1", "Ada Byron (1)", "Barbara Liskov (2)", "Alan Turing (1)", "John McCarthy (2)"],
            ["1-0"],
            ["2", "Hedy Lamarr (1)", "Grace Hopper (2)", "Claude Shannon (1)"],
            ["Edsger Dijkstra (2)", "1-0"],
            ["Round 2: tables"],
            ["1", "Ada Byron (1)", "Hedy Lamarr (1)", "Alan Turing (1)", "Claude Shannon (1)"],
            ["½-½"],
            ["2", "Barbara Liskov (2)", "Grace Hopper (1)", "John McCarthy (2)"],
            ["Edsger Dijkstra (1)", "0-1"],
            ["Standings"],
            ["1", "Hedy Lamarr & Claude Shannon", "Bletchley", "1½", "½", "3", "39", "2"],
            ["2", "Ada Byron & Alan Turing", "Bletchley", "1½", "½", "0", "21", "2"],
            ["3", "Grace Hopper & Edsger Dijkstra", "Bletchley", "1", "0", "2", "31", "2"],
            ["4", "Barbara Liskov & John McCarthy", "Bletchley", "0", "0", "-5", "11", "2"],
        ],
        absent=["bye"],
    )
    teams = {n + 1: f"{a} & {b}" for n, (a, b) in enumerate(TEAMS)}
    for number, boards in ((1, [(1, 4), (2, 3)]), (2, [(1, 2), (4, 3)])):
        s.check_slips(
            public,
            event,
            number,
            [
                [f"Round {number} · Board {b}", teams[first], teams[second]]
                for b, (first, second) in enumerate(boards, start=1)
            ],
        )
    s.check_games_zip(
        public,
        event,
        {
            (1, 1): ["Ada Byron", "Barbara Liskov", "Alan Turing", "John McCarthy"],
            (1, 2): ["Hedy Lamarr", "Grace Hopper", "Claude Shannon", "Edsger Dijkstra"],
            (2, 1): ["Ada Byron", "Hedy Lamarr", "Alan Turing", "Claude Shannon"],
            (2, 2): ["Barbara Liskov", "Grace Hopper", "John McCarthy", "Edsger Dijkstra"],
        },
        {(1, 1): [ada, barbara]},  # one set of tracks per team
    )
