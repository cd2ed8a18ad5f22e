"""Standard-game events at tables of 3 and of 4 in one festival, each run for two rounds.

The director creates the festival and both events on their forms: six players at two tables of
3, then eight (the same six and two more) at two tables of 4. In each event the results come in
every way: round 1's first table is recorded move by move by the arbiter (its placings and
levels come from the game), its second is typed on the director's result form; in round 2 one
table's players all give the same word and the other's disagree, so the arbiter settles it with
a reason. Then the standings, crosstable, exports, site ratings, the festival's Pentamind and
overall table, and the e-mails are checked against values worked out by hand from RULINGS.md
(VP at a table: (beaten + 1/2 tied) / (k - 1); progressive difference: own lowest minus the mean
of the others' lowest at the table), docs/ratings.md and docs/festival.md.
"""

from dataclasses import dataclass

import pytest
from django.test import Client
from openskill.models import PlackettLuce

from tests.end_to_end import steps as s
from tournament.models.events import Board, Event

pytestmark = pytest.mark.usefixtures("tasks_in_process")

NAMES = s.PIONEERS
FULL = {name.split()[0]: name for name in NAMES}


@dataclass(frozen=True)
class Table:
    """A table as it finally stands: who sat where (seat 0 first), each seat's levels (lowest
    first: all six for a recorded game, the lowest two for a word or a form) and how the result
    came in."""

    round: int
    board: int
    seats: list[str]
    levels: list[list[int]]
    how: str  # "recorded", "hand", "confirmed", "settled"

    @property
    def places(self) -> list[int]:
        """RULINGS.md's result order: the lowest colour, then the next...; ties share a place."""
        return [1 + sum(other > mine for other in self.levels) for mine in self.levels]

    def vp(self, seat: int) -> float:
        """(opponents beaten + 1/2 opponents tied) / (k - 1)."""
        mine = self.levels[seat]
        others = [lv for n, lv in enumerate(self.levels) if n != seat]
        return (sum(mine > o for o in others) + 0.5 * sum(mine == o for o in others)) / len(others)

    def pd(self, seat: int) -> float:
        """Own lowest minus the mean of the other players' lowest at the table."""
        others = [lv[0] for n, lv in enumerate(self.levels) if n != seat]
        return self.levels[seat][0] - sum(others) / len(others)


@dataclass(frozen=True)
class Plan:
    name: str
    size: int
    players: list[str]
    tables: list[Table]
    # rank as shown, player, VP, results between, progressive difference, progressive level;
    # the numbers as the standings page writes them
    standings: list[tuple[str, str, str, str, str, str]]
    values: dict[str, tuple[float, float, float]]  # VP, PD, PL as numbers, by hand
    places: dict[str, float]  # Pentamind's P (the middle of a shared span)


# ---- tables of 3: Ada, Alan, Grace, Edsger, Barbara, Donald
# Round 1, table 1 is recorded (seed 1): Ada and Grace both reach [4, 4], Grace is ahead at the
# third colour (7 against 5), Alan's lowest is 2. Table 2 is typed: Edsger and Barbara tie.
# Round 2 (Swiss on the round-1 scores): table 1 confirmed by all three, table 2 settled.
#
# VP by hand: R1 T1 Grace 1, Ada 1/2, Alan 0; R1 T2 Edsger 3/4, Barbara 3/4, Donald 0;
#             R2 T1 Grace 1, Edsger 1/2, Barbara 0; R2 T2 Alan 1, Ada 1/2, Donald 0.
# PD by hand: R1 T1 Ada 4-(2+4)/2 = 1, Alan 2-4 = -2, Grace 4-3 = 1;
#             R1 T2 Edsger 7-6 = 1, Barbara 1, Donald 5-7 = -2;
#             R2 T1 Grace 10-(6+8)/2 = 3, Barbara 6-9 = -3, Edsger 8-8 = 0;
#             R2 T2 Alan 9-7 = 2, Donald 7-8 = -1, Ada 7-8 = -1.
# Ada and Alan end on 1 VP; they shared both tables (each beat the other once: 1 each between
# them), their differences are 0 and 0 and their levels 4+7 = 2+9 = 11: they share 3rd-4th.
THREES = Plan(
    name="Ingenious Threes",
    size=3,
    # Entered in this order (the starting ranks): round 1 deals the seeded list round the
    # tables (docs/pairing.md), ranks 1, 3 and 5 to table 1 and 2, 4 and 6 to table 2.
    players=["Ada", "Edsger", "Alan", "Barbara", "Grace", "Donald"],
    tables=[
        Table(
            1,
            1,
            ["Ada", "Alan", "Grace"],
            [[4, 4, 5, 6, 8, 17], [2, 4, 7, 10, 13, 18], [4, 4, 7, 9, 13, 15]],
            "recorded",
        ),
        Table(1, 2, ["Edsger", "Barbara", "Donald"], [[7, 9], [7, 9], [5, 12]], "hand"),
        Table(2, 1, ["Barbara", "Grace", "Edsger"], [[6, 9], [10, 11], [8, 12]], "confirmed"),
        Table(2, 2, ["Alan", "Donald", "Ada"], [[9, 10], [7, 9], [7, 11]], "settled"),
    ],
    standings=[
        ("1", "Grace", "2", "0", "4", "14"),
        ("2", "Edsger", "1.25", "0", "1", "15"),
        ("3=", "Ada", "1", "1", "0", "11"),
        ("3=", "Alan", "1", "1", "0", "11"),
        ("5", "Barbara", "0.75", "0", "-2", "13"),
        ("6", "Donald", "0", "0", "-3", "12"),
    ],
    values={
        "Grace": (2, 4, 14),
        "Edsger": (1.25, 1, 15),
        "Ada": (1, 0, 11),
        "Alan": (1, 0, 11),
        "Barbara": (0.75, -2, 13),
        "Donald": (0, -3, 12),
    },
    places={"Grace": 1, "Edsger": 2, "Ada": 3.5, "Alan": 3.5, "Barbara": 5, "Donald": 6},
)

# ---- tables of 4: the same six and Frances and John
# Round 1, table 1 recorded (seed 1): Alan 1st (lowest 4), Grace 2nd and Ada 3rd (both lowest
# 1: Grace's next is 4, Ada's 2), Edsger 4th (0). Table 2 typed: Barbara and Frances tie.
# Round 2: table 1 confirmed by all four, table 2 settled (Edsger and Ada tie for 3rd).
#
# VP: R1 T1 Alan 1, Grace 2/3, Ada 1/3, Edsger 0;  R1 T2 Donald 1, Barbara 1/2, Frances 1/2,
#     John 0;  R2 T1 Barbara 1, Alan 2/3, Donald 1/3, Grace 0;  R2 T2 Frances 1, John 2/3,
#     Edsger 1/6, Ada 1/6.
# PD: R1 T1 (lowest 1, 4, 1, 0) Ada 1-5/3, Alan 4-2/3, Grace 1-5/3, Edsger 0-2;
#     R1 T2 (9, 12, 9, 5) Barbara 9-26/3, Donald 12-23/3, Frances 9-26/3, John 5-10;
#     R2 T1 (10, 8, 10, 11) Alan 10-29/3, Grace 8-31/3, Donald 10-29/3, Barbara 11-28/3;
#     R2 T2 (6, 12, 9, 6) Edsger 6-9, Frances 12-7, John 9-8, Ada 6-9.
# Frances and Barbara end on 3/2 and tied each other at their one shared table (1/2 each):
# Frances's difference 16/3 beats Barbara's 2. Grace and John end on 2/3 and never met:
# Grace's -3 beats John's -4.
FOURS = Plan(
    name="Ingenious Fours",
    size=4,
    # Entered in this order: round 1 deals ranks 1, 3, 5 and 7 to table 1, 2, 4, 6 and 8 to 2.
    players=["Ada", "Barbara", "Alan", "Donald", "Grace", "Frances", "Edsger", "John"],
    tables=[
        Table(
            1,
            1,
            ["Ada", "Alan", "Grace", "Edsger"],
            [
                [1, 2, 3, 11, 14, 17],
                [4, 4, 9, 10, 10, 18],
                [1, 4, 6, 6, 14, 18],
                [0, 3, 8, 9, 14, 16],
            ],
            "recorded",
        ),
        Table(
            1,
            2,
            ["Barbara", "Donald", "Frances", "John"],
            [[9, 11], [12, 12], [9, 11], [5, 14]],
            "hand",
        ),
        Table(
            2,
            1,
            ["Alan", "Donald", "Grace", "Barbara"],
            [[10, 12], [10, 11], [8, 9], [11, 13]],
            "confirmed",
        ),
        Table(
            2,
            2,
            ["Frances", "Edsger", "John", "Ada"],
            [[12, 14], [6, 8], [9, 9], [6, 8]],
            "settled",
        ),
    ],
    standings=[
        ("1", "Alan", "1.67", "0", "3.67", "14"),
        ("2", "Frances", "1½", "½", "5.33", "21"),
        ("3", "Barbara", "1½", "½", "2", "20"),
        ("4", "Donald", "1.33", "0", "4.67", "22"),
        ("5", "Grace", "0.67", "0", "-3", "9"),
        ("6", "John", "0.67", "0", "-4", "14"),
        ("7", "Ada", "½", "0", "-3.67", "7"),
        ("8", "Edsger", "0.17", "0", "-5", "6"),
    ],
    values={
        "Alan": (5 / 3, 11 / 3, 14),
        "Frances": (3 / 2, 16 / 3, 21),
        "Barbara": (3 / 2, 2, 20),
        "Donald": (4 / 3, 14 / 3, 22),
        "Grace": (2 / 3, -3, 9),
        "John": (2 / 3, -4, 14),
        "Ada": (1 / 2, -11 / 3, 7),
        "Edsger": (1 / 6, -5, 6),
    },
    places={
        p: n
        for n, p in enumerate(
            ["Alan", "Frances", "Barbara", "Donald", "Grace", "John", "Ada", "Edsger"], start=1
        )
    },
)
PLANS = [THREES, FOURS]


def names(short: list[str]) -> list[str]:
    return [FULL[p] for p in short]


def test_the_hand_values_follow_the_tables() -> None:
    """The literals above are the rules applied to the tables: VP, progressive difference and
    level summed over each player's tables, and the recorded tables' placings."""
    for plan in PLANS:
        sums: dict[str, list[float]] = {p: [0.0, 0.0, 0.0] for p in plan.players}
        for table in plan.tables:
            for seat, p in enumerate(table.seats):
                sums[p][0] += table.vp(seat)
                sums[p][1] += table.pd(seat)
                sums[p][2] += table.levels[seat][0]
        for p, (vp, pd, pl) in plan.values.items():
            assert sums[p] == pytest.approx([vp, pd, pl]), (plan.name, p)
    assert THREES.tables[0].places == [2, 3, 1]
    assert FOURS.tables[0].places == [3, 1, 2, 4]
    assert FOURS.tables[3].places == [1, 3, 2, 3]


@pytest.mark.django_db
def test_events_at_tables_of_three_and_four_run_two_rounds_with_results_entered_every_way() -> None:
    """Both events of the festival, run through their pages; then every reader's view."""
    td = s.director("td")
    arb = s.staff("arb")
    festival = s.create_festival(td, "Ingenious Festival 2026")
    people = {p.name.split()[0]: p for p in s.players_with_accounts(NAMES)}
    events = []
    for plan in PLANS:
        event = s.create_event(
            td,
            plan.name,
            festival=festival,
            ruleset="standard",
            table_size=plan.size,
            pairing_system="swiss",
            rounds=2,
        )
        assert (event.festival_id, event.ruleset, event.table_size) == (
            festival.pk,
            "standard",
            plan.size,
        )
        s.name_arbiter(td, event, arb)
        s.enter_players(td, event, [people[p] for p in plan.players])
        run(plan, event, td, arb, people)
        event.refresh_from_db()
        assert event.status == Event.Status.FINISHED
        events.append(event)

    reader = Client()
    for plan, event in zip(PLANS, events, strict=True):
        check_standings(reader, plan, event)
        check_crosstable(reader, plan, event)
        check_exports(reader, plan, event)
        check_printouts(reader, plan, event)
    check_ratings(reader, people)
    check_festival(reader, festival.slug)


def run(plan: Plan, event: Event, td: s.Person, arb: s.Person, people: dict[str, s.Person]) -> None:
    """Two rounds: pair, publish, and enter each table's result the way the plan says."""
    for number in (1, 2):
        s.clear_mail()
        s.pair_and_publish(td, event, number)
        tables = [t for t in plan.tables if t.round == number]
        assert s.seating(event, number) == [names(t.seats) for t in tables]
        check_pairing_mail(plan, number, tables)
        for table in tables:
            board = s.board(event, number, table.board)
            s.clear_mail()
            enter(table, board, td, arb, people)
            board.refresh_from_db()
            assert board.result == "table"
            assert s.placings(board) == table.places
            levels = [seat.levels for seat in board.side_seats()]
            assert levels == [lv if table.how == "recorded" else lv[:2] for lv in table.levels]
            check_result_mail(plan, table)


def enter(
    table: Table, board: Board, td: s.Person, arb: s.Person, people: dict[str, s.Person]
) -> None:
    seated = [people[p] for p in table.seats]
    if table.how == "recorded":
        recorded = s.record_game(arb, board, seed=1)
        assert recorded.levels == table.levels
        assert Board.objects.get(pk=board.pk).result_check == Board.Check.PASSED
    elif table.how == "hand":
        s.director_table_result(td, board, table.levels, reason="scoresheet handed in")
    elif table.how == "confirmed":
        word = s.table_fields(table.levels)
        for n, person in enumerate(seated):
            done = s.confirm(person, board, word)
            waiting = n < len(seated) - 1
            assert done.result == ("" if waiting else "table"), n
            assert done.confirmation == (
                Board.Confirmation.AWAITING if waiting else Board.Confirmation.CONFIRMED
            )
        assert len(s.outbox()) == len(seated), "one result e-mail each, nothing before"
    else:  # the first seat's word, then the second's differs by one level: a dispute
        right = s.table_fields(table.levels)
        wrong = {**right, "next_1": right["next_1"] + 1}
        s.confirm(seated[0], board, right)
        done = s.confirm(seated[1], board, wrong)
        assert (done.result, done.confirmation) == ("", Board.Confirmation.DISPUTED)
        check_dispute_mail(board, seated[0].name, seated[1].name)
        s.clear_mail()
        done = s.settle(arb, board, right, "the arbiter counted the tracks")
        assert (done.result, done.confirmation) == ("table", Board.Confirmation.DISPUTED)
        log = s.page(td.client, f"/events/{board.round.event.slug}/log/")
        assert (
            f"Round {table.round}, board {table.board} ({' v '.join(names(table.seats))}): "
            "the arbiter arb settles it:" in log
        )
        assert "because: the arbiter counted the tracks." in log


def check_pairing_mail(plan: Plan, number: int, tables: list[Table]) -> None:
    """Each player gets one e-mail naming their table, seat and the others at it."""
    assert len(s.outbox()) == plan.size * len(tables)
    for table in tables:
        for seat, p in enumerate(table.seats):
            (message,) = s.mails_to(f"{p.lower()}@example.org")
            assert message.subject == f"Round {number} of {plan.name}: board {table.board}"
            others = ", ".join(FULL[o] for o in table.seats if o != p)
            assert (
                f"Round {number} of {plan.name}: table {table.board}, seat {seat + 1} of "
                f"{plan.size}, with {others}." in message.body
            ), message.body


def check_result_mail(plan: Plan, table: Table) -> None:
    """Everybody at the table, and nobody else, is told the placings and how they came in."""
    how = {
        "confirmed": "confirmed by every player at the table",
        "recorded": "recorded at the board",
        "hand": "entered by the director",
        "settled": "entered by the arbiter",
    }[table.how]
    placings = ", ".join(
        f"{FULL[p]} {place}" for p, place in zip(table.seats, table.places, strict=True)
    )
    line = f"Round {table.round}, board {table.board}: placings at the table: {placings}"
    assert sorted(m.to[0] for m in s.outbox()) == sorted(
        f"{p.lower()}@example.org" for p in table.seats
    )
    for message in s.outbox():
        assert message.subject == f"{plan.name}: {line}"
        assert f"{line} ({how}).\n" in message.body, message.body


def check_dispute_mail(board: Board, first: str, second: str) -> None:
    """The directors and arbiters of the event are told, each alone; the players are not."""
    assert sorted(m.to[0] for m in s.outbox()) == ["arb@example.org", "td@example.org"]
    event = board.round.event
    for message in s.outbox():
        assert (
            message.subject
            == f"{event.name}: Round {board.round.number}, board {board.number} is disputed"
        )
        assert f"- {first} says " in message.body and f"- {second} says " in message.body
        assert f"/events/{event.slug}/boards/{board.pk}/confirm/#settle" in message.body


def check_standings(reader: Client, plan: Plan, event: Event) -> None:
    rows = s.table_rows(s.page(reader, f"/events/{event.slug}/standings/"), "standings")
    assert rows == [
        [rank, FULL[p], vp, rb, pd, pl, "2"] for rank, p, vp, rb, pd, pl in plan.standings
    ]


def check_crosstable(reader: Client, plan: Plan, event: Event) -> None:
    """Each round's cell names the table's place and VP; the VP column is the sum."""
    rows = s.table_rows(s.page(reader, f"/events/{event.slug}/crosstable/"), "crosstable")
    expected = []
    for rank, p, vp, *_ in plan.standings:
        cells = [
            f"T{t.board}{'f' if seat == 0 else ''} {t.places[seat]}/{plan.size} · "
            f"{shown(t.vp(seat))} {t.levels[seat][0]}"
            for t, seat in tables_of(plan, p)
        ]
        expected.append([rank, FULL[p], *cells, vp])
    assert rows == expected
    data = s.json_of(reader, f"/events/{event.slug}/export/crosstable.json")["crosstable"]
    for row in data:
        p = row["name"].split()[0]
        mine = tables_of(plan, p)
        assert [
            (g["round"], g["board"], g["placing"], g["table_size"], g["own_lowest"])
            for g in row["rounds"]
        ] == [(t.round, t.board, t.places[seat], plan.size, t.levels[seat][0]) for t, seat in mine]
        assert [g["points"] for g in row["rounds"]] == pytest.approx(
            [t.vp(seat) for t, seat in mine]
        )


def check_exports(reader: Client, plan: Plan, event: Event) -> None:
    base = f"/events/{event.slug}/export/"
    order = [p for _rank, p, *_ in plan.standings]
    standings = s.csv_rows(reader, base + "standings.csv")
    assert [r["Player"] for r in standings] == names(order)
    assert [r["Rank"] for r in standings] == [rank.rstrip("=") for rank, *_ in plan.standings]
    for row in standings:
        vp, pd, pl = plan.values[row["Player"].split()[0]]
        assert float(row["VP"]) == pytest.approx(vp, abs=0.005)
        assert float(row["Progressive difference"]) == pytest.approx(pd, abs=0.005)
        assert float(row["Progressive level"]) == pytest.approx(pl)
    data = s.json_of(reader, base + "standings.json")
    assert data["field_size"] == plan.size * 2
    assert [(r["name"], r["rank"], r["tied"]) for r in data["standings"]] == [
        (FULL[p], int(rank.rstrip("=")), rank.endswith("=")) for rank, p, *_ in plan.standings
    ]
    for row in data["standings"]:
        vp, pd, pl = plan.values[row["name"].split()[0]]
        assert row["vp"] == pytest.approx(vp, abs=0.005)
        assert row["tiebreaks"]["progressive_difference"] == pytest.approx(pd, abs=0.005)
        assert row["tiebreaks"]["progressive_level"] == pl

    cross = s.csv_rows(reader, base + "crosstable.csv")
    expected_cross = []
    for rank, p, *_ in plan.standings:
        line = [rank.rstrip("="), FULL[p]]
        for t, seat in tables_of(plan, p):
            first = "yes" if seat == 0 else "no"
            line += [f"T{t.board}", first, plain(t.vp(seat)), str(t.levels[seat][0]), ""]
            line.append(str(t.places[seat]))
        expected_cross.append([*line, plain(plan.values[p][0]), ""])  # nobody withdrew
    assert [list(r.values()) for r in cross] == expected_cross

    refused = reader.get(base + "event.trf")  # TRF has no tables
    assert refused.status_code == 400
    assert "TRF has no tables: use CSV or JSON" in refused.content.decode()

    placings = s.csv_rows(reader, base + "placings.csv")
    assert [(r["Player"], r["Place"], r["Field size"]) for r in placings] == [
        (FULL[p], span(plan, p), str(plan.size * 2)) for p in order
    ]
    placings_json = s.json_of(reader, base + "placings.json")["placings"]
    assert [(r["name"], r["place"], r["shared"]) for r in placings_json] == [
        (FULL[p], span(plan, p), "-" in span(plan, p)) for p in order
    ]

    pairings = s.csv_rows(reader, base + "pairings.csv")
    expected = []
    for table in plan.tables:
        for seat, p in enumerate(table.seats):
            expected.append(
                (
                    str(table.round),
                    str(table.board),
                    str(seat + 1),
                    FULL[p],
                    str(table.places[seat]),
                    str(table.levels[seat][0]),
                    str(table.levels[seat][1]),
                    "table",
                )
            )
    assert [
        (
            r["Round"],
            r["Board"],
            r["Seat"],
            r["Player"],
            r["Placing"],
            r["Lowest"],
            r["Next lowest"],
            r["Result"],
        )
        for r in pairings
    ] == expected
    vps = [t.vp(seat) for t in plan.tables for seat in range(plan.size)]
    assert [float(r["VP"]) for r in pairings] == pytest.approx(vps, abs=0.005)
    boards = s.json_of(reader, base + "pairings.json")["boards"]
    assert [
        (
            b["round"],
            b["board"],
            b["table"],
            [x["name"] for x in b["seats"]],
            [x["placing"] for x in b["seats"]],
        )
        for b in boards
    ] == [(t.round, t.board, True, names(t.seats), t.places) for t in plan.tables]


def tables_of(plan: Plan, p: str) -> list[tuple[Table, int]]:
    """The player's tables, round by round, with their seat at each."""
    return [(t, t.seats.index(p)) for t in plan.tables if p in t.seats]


def shown(value: float) -> str:
    """A table's VP as the crosstable page writes it: 1, ½, 0.75, 0.67."""
    if value == int(value):
        return str(int(value))
    if value == 0.5:
        return "½"
    return f"{value:.2f}"


def plain(value: float) -> str:
    """A number as the CSV files write it: 2, 1.25, 0.5, 0.67."""
    return str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")


def span(plan: Plan, p: str) -> str:
    """A place as the placings write it: 3, or 3-4 shared."""
    place = plan.places[p]
    return str(int(place)) if place == int(place) else f"{int(place - 0.5)}-{int(place + 0.5)}"


def expected_ratings() -> tuple[dict[str, int], dict[str, list[int]]]:
    """openskill's Plackett-Luce with its defaults over every table in the order rated (the
    rounds as published: the threes' two rounds, then the fours'; by board within a round),
    each seat a side placed by the table's placings."""
    model = PlackettLuce()
    ratings = {p: model.rating() for p in FULL}
    history: dict[str, list[int]] = {p: [] for p in FULL}
    for plan in PLANS:
        for table in plan.tables:
            teams = model.rate(
                [[ratings[p]] for p in table.seats], ranks=[float(x) for x in table.places]
            )
            for p, (rating,) in zip(table.seats, teams, strict=True):
                ratings[p] = rating
                history[p].append(s.site_rating(rating))
    return {p: s.site_rating(r) for p, r in ratings.items()}, history


def check_ratings(reader: Client, people: dict[str, s.Person]) -> None:
    final, history = expected_ratings()
    rows = s.table_rows(s.page(reader, "/ratings/"), "list")
    games = {p: sum(p in t.seats for plan in PLANS for t in plan.tables) for p in FULL}
    assert sorted((r[1], r[2], r[3]) for r in rows) == sorted(
        (FULL[p], str(final[p]), str(games[p])) for p in FULL
    )
    assert [int(r[2]) for r in rows] == sorted((final[p] for p in FULL), reverse=True)
    for p, person in people.items():
        assert person.player is not None
        html = s.page(reader, f"/ratings/{person.player.pk}/")
        assert f'<dd class="site-rating">{final[p]}</dd>' in html
        mine = [(plan, t) for plan in PLANS for t in plan.tables if p in t.seats]
        before = [1500, *history[p][:-1]]
        expected = []
        for (plan, t), after, prior in zip(mine, history[p], before, strict=True):
            others = ", ".join(FULL[o] for o in t.seats if o != p)
            place = f"{t.places[t.seats.index(p)]} of {plan.size}"
            expected.append(
                [plan.name, str(t.round), others, place, str(after), f"{after - prior:+d}"]
            )
        assert s.table_rows(html, "rating-history") == expected[::-1], p


def check_festival(reader: Client, slug: str) -> None:
    points = {
        (plan.name, p): s.pentamind(plan.size * 2, place)
        for plan in PLANS
        for p, place in plan.places.items()
    }
    # Spot checks of the formula by hand: 1st of 6 = 100 x 11/12 x 5/5; 3rd-4th of 6 (P 3.5)
    # = 100 x 11/12 x 2.5/5; 1st of 8 = 100 x 13/14 x 7/7.
    assert points[("Ingenious Threes", "Grace")] == 91.67
    assert points[("Ingenious Threes", "Ada")] == points[("Ingenious Threes", "Alan")] == 45.83
    assert points[("Ingenious Fours", "Alan")] == 92.86
    rows = s.csv_rows(reader, f"/festivals/{slug}/pentamind.csv")
    assert sorted(
        (r["Player"], r["Event"], r["Place"], r["Field size"], r["Pentamind points"]) for r in rows
    ) == sorted(
        (FULL[p], plan.name, span(plan, p), str(plan.size * 2), f"{points[(plan.name, p)]:.2f}")
        for plan in PLANS
        for p in plan.players
    )
    data = s.json_of(reader, f"/festivals/{slug}/pentamind.json")["placings"]
    assert sorted((r["player"], r["event"], r["pentamind_points"]) for r in data) == sorted(
        (FULL[p], plan.name, points[(plan.name, p)]) for plan in PLANS for p in plan.players
    )
    totals = {p: round(sum(v for (_e, q), v in points.items() if q == p), 2) for p in FULL}
    # By hand: Alan 45.83 + 92.86 = 138.69 leads, then Grace 91.67 + 39.80 = 131.47.
    assert (totals["Alan"], totals["Grace"]) == (138.69, 131.47)
    order = sorted(FULL, key=lambda p: -totals[p])
    overall = s.json_of(reader, f"/festivals/{slug}/overall.json")["table"]
    assert [(r["rank"], r["player"], r["total"]) for r in overall] == [
        (n, FULL[p], totals[p]) for n, p in enumerate(order, start=1)
    ]
    page_rows = s.table_rows(s.page(reader, f"/festivals/{slug}/overall/"), "festival-overall")
    assert [r[:3] for r in page_rows] == [
        [str(n), FULL[p], f"{totals[p]:.2f}"] for n, p in enumerate(order, start=1)
    ]
    ada = next(r for r in page_rows if r[1] == FULL["Ada"])
    assert (
        "Ingenious Threes: 3-4 of 6, 45.83" in ada[3] and "Ingenious Fours: 7 of 8, 13.27" in ada[3]
    )


def check_printouts(reader: Client, plan: Plan, event: Event) -> None:
    """The event PDF prints each round's tables seat by seat with each seat's placing, then the
    standings' ranks and names; each round's slips are one per table naming its seats in order;
    games.zip holds a record per table, the recorded one replaying to its levels, the typed,
    confirmed and settled ones empty."""
    tables = [
        [
            str(t.board),
            *(f"{FULL[p]} ({place})" for p, place in zip(t.seats, t.places, strict=True)),
        ]
        for t in plan.tables
    ]
    standings = [[rank, FULL[p]] for rank, p, *_ in plan.standings]
    s.check_event_pdf(reader, event, [*tables, ["Standings"], *standings], absent=["bye"])
    for number in (1, 2):
        slips = [
            [f"Round {number} · Table {t.board}", *names(t.seats)]
            for t in plan.tables
            if t.round == number
        ]
        s.check_slips(reader, event, number, slips)
    s.check_games_zip(
        reader,
        event,
        {(t.round, t.board): names(t.seats) for t in plan.tables},
        {(t.round, t.board): t.levels for t in plan.tables if t.how == "recorded"},
    )
