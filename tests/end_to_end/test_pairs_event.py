"""A two-player MSO event of a festival, run for two rounds as its people run it.

Six players with accounts enter a 2-round Swiss at the MSO festival. Results come in every way:
a game the arbiter records move by move (the result from the game), a director's result form,
both players' matching words, and a disputed board the arbiter settles at the board with a
reason; a round-1 result is then corrected with a reason. The standings, crosstable, exports,
site ratings, the festival's Pentamind placings and overall table, and the e-mails are checked
against values worked out by hand from RULINGS.md, docs/ratings.md and docs/festival.md.
"""

import pytest
from django.test import Client
from openskill.models import PlackettLuce

from tests.end_to_end import steps as s
from tournament.models.events import Board, Event

pytestmark = pytest.mark.usefixtures("tasks_in_process")

NAMES = s.PIONEERS[:6]
FULL = {name.split()[0]: name for name in NAMES}
RANK = {name.split()[0]: n for n, name in enumerate(NAMES, start=1)}  # starting ranks

# The recorded game of round 1, board 1 (seed 1): the engine's final levels, verified once and
# written down; Edsger's lowest (1) beats Ada's (0).
ADA_LEVELS = [0, 5, 6, 9, 10, 18]
EDSGER_LEVELS = [1, 2, 10, 11, 15, 16]

# Every game as it finally stands: (round, board, first, second, first's points, lowest levels).
GAMES: list[tuple[int, int, str, str, float, int, int]] = [
    (1, 1, "Ada", "Edsger", 0, 0, 1),  # recorded at the board
    (1, 2, "Barbara", "Alan", 0, 9, 12),  # the director's 1-0 12-9, corrected to 0-1 9-12
    (1, 3, "Grace", "Donald", 0.5, 10, 10),  # both players' word
    (2, 1, "Edsger", "Barbara", 1, 11, 8),  # disputed, settled by the arbiter
    (2, 2, "Alan", "Grace", 0, 7, 13),  # the director's form
    (2, 3, "Donald", "Ada", 0, 6, 9),  # both players' word
]

# By hand (RULINGS.md, MSO): VP win 1, draw 1/2; progressive difference = sum of own lowest -
# opponent's lowest; progressive level = sum of own lowest. Results between: only Ada and Alan
# tie on VP and they never met, so it is 0 for all and the difference decides (2 > -3).
#   Edsger  1 + 1 = 2    PD (1-0) + (11-8) = 4     PL 1 + 11 = 12
#   Grace   1/2 + 1      PD 0 + (13-7) = 6         PL 10 + 13 = 23
#   Ada     0 + 1 = 1    PD (0-1) + (9-6) = 2      PL 0 + 9 = 9
#   Alan    1 + 0 = 1    PD (12-9) + (7-13) = -3   PL 12 + 7 = 19
#   Donald  1/2 + 0      PD 0 + (6-9) = -3         PL 10 + 6 = 16
#   Barbara 0 + 0 = 0    PD (9-12) + (8-11) = -6   PL 9 + 8 = 17
STANDINGS = [  # rank, player, VP, results between, progressive difference, progressive level
    (1, "Edsger", 2.0, 0, 4, 12),
    (2, "Grace", 1.5, 0, 6, 23),
    (3, "Ada", 1.0, 0, 2, 9),
    (4, "Alan", 1.0, 0, -3, 19),
    (5, "Donald", 0.5, 0, -3, 16),
    (6, "Barbara", 0.0, 0, -6, 17),
]
FINAL_RANK = {who: rank for rank, who, *_ in STANDINGS}


def vp_text(vp: float) -> str:
    """VP as the pages write them: 1½, ½, 2."""
    whole, half = int(vp), vp % 1 == 0.5
    return ("" if whole == 0 and half else str(whole)) + ("½" if half else "")


def number(value: float) -> str:
    """A number as the CSV files write it: 2, 1.5, 0.5."""
    return str(int(value)) if value == int(value) else str(value)


def expected_ratings() -> tuple[dict[str, int], dict[str, list[int]]]:
    """openskill's Plackett-Luce with its defaults over the games in the order rated (round,
    then board): each player's final site rating and the rating after each of their games."""
    model = PlackettLuce()
    ratings = {who: model.rating() for who in FULL}
    history: dict[str, list[int]] = {who: [] for who in FULL}
    for _round, _board, first, second, points, _a, _b in GAMES:
        ranks = {1.0: [1.0, 2.0], 0.0: [2.0, 1.0], 0.5: [1.0, 1.0]}[float(points)]
        [[ratings[first]], [ratings[second]]] = model.rate(
            [[ratings[first]], [ratings[second]]], ranks=ranks
        )
        for who in (first, second):
            history[who].append(s.site_rating(ratings[who]))
    return {who: s.site_rating(r) for who, r in ratings.items()}, history


@pytest.mark.django_db
def test_a_pairs_event_of_a_festival_runs_two_rounds_with_results_entered_every_way() -> None:
    """The whole story: festival, event, entries, check-in, two rounds with results recorded,
    typed, confirmed, disputed and settled, one corrected; then everything a reader sees."""
    td = s.director("td")
    arb = s.staff("arb")
    festival = s.create_festival(td, "MSO London 2026")
    event = s.create_event(
        td,
        "Ingenious Pairs",
        festival=festival,
        ruleset="mso",
        pairing_system="swiss",
        rounds=2,
        check_in_required="on",
    )
    assert (event.festival_id, event.ruleset, event.table_size) == (festival.pk, "mso", 2)
    s.name_arbiter(td, event, arb)
    people = s.players_with_accounts(NAMES)
    who = {p.name.split()[0]: p for p in people}
    entries = s.enter_players(td, event, people)

    # ---- round 1: five check in on their phones, Donald at the desk
    for person in people[:-1]:
        s.check_in(event, person)
    s.check_in_by_hand(td, event, entries[-1], 1)
    s.clear_mail()
    s.pair_and_publish(td, event, 1)
    assert s.seating(event, 1) == [
        [FULL["Ada"], FULL["Edsger"]],
        [FULL["Barbara"], FULL["Alan"]],
        [FULL["Grace"], FULL["Donald"]],
    ]
    check_pairing_mail(1, [("Ada", "Edsger"), ("Barbara", "Alan"), ("Grace", "Donald")])

    b1, b2, b3 = (s.board(event, 1, n) for n in (1, 2, 3))
    s.clear_mail()
    recorded = s.record_game(arb, b1, seed=1)
    assert recorded.levels == [ADA_LEVELS, EDSGER_LEVELS]
    b1.refresh_from_db()
    assert (b1.result, b1.result_check) == ("0-1", Board.Check.PASSED)
    assert s.placings(b1) == [2, 1]
    assert [seat.levels for seat in b1.side_seats()] == [ADA_LEVELS, EDSGER_LEVELS]
    check_result_mail(
        "Ada",
        "Edsger",
        "Round 1, board 1: Ada Byron 0-1 Edsger Dijkstra",
        " (recorded at the board).",
    )

    s.clear_mail()
    s.director_pair_result(td, b2, "1-0", 12, 9)
    check_result_mail(
        "Barbara",
        "Alan",
        "Round 1, board 2: Barbara Liskov 1-0 Alan Turing",
        " (entered by the director).",
    )

    draw = s.pair_fields("1/2-1/2", 10, 10)
    s.clear_mail()
    board = s.confirm(who["Grace"], b3, draw)
    assert (board.result, board.confirmation) == ("", Board.Confirmation.AWAITING)
    assert s.outbox() == [], "nothing is sent on one word"
    board = s.confirm(who["Donald"], b3, draw)
    assert (board.result, board.confirmation) == ("1/2-1/2", Board.Confirmation.CONFIRMED)
    check_result_mail(
        "Grace",
        "Donald",
        "Round 1, board 3: Grace Hopper ½-½ Donald Knuth",
        " (confirmed by both players).",
    )

    # ---- round 2: everybody checks in on their phone
    for person in people:
        s.check_in(event, person)
    s.clear_mail()
    s.pair_and_publish(td, event, 2)
    # Swiss on the round-1 scores: the winners (Edsger, Barbara) meet, the draw (Grace) meets
    # the next group, and nobody meets twice.
    assert s.seating(event, 2) == [
        [FULL["Edsger"], FULL["Barbara"]],
        [FULL["Alan"], FULL["Grace"]],
        [FULL["Donald"], FULL["Ada"]],
    ]
    check_pairing_mail(2, [("Edsger", "Barbara"), ("Alan", "Grace"), ("Donald", "Ada")])

    c1, c2, c3 = (s.board(event, 2, n) for n in (1, 2, 3))
    s.clear_mail()
    s.confirm(who["Edsger"], c1, s.pair_fields("1-0", 11, 8))
    board = s.confirm(who["Barbara"], c1, s.pair_fields("0-1", 8, 11))
    assert (board.result, board.confirmation) == ("", Board.Confirmation.DISPUTED)
    disputes = [m for m in s.outbox() if "is disputed" in m.subject]
    assert sorted(m.to[0] for m in disputes) == ["arb@example.org", "td@example.org"]
    assert len(s.outbox()) == 2, "the players get no dispute e-mail"
    for message in disputes:
        assert message.subject == "Ingenious Pairs: Round 2, board 1 is disputed"
        assert "- Edsger Dijkstra says 1-0 (lowest levels 11-8)" in message.body
        assert "- Barbara Liskov says 0-1 (lowest levels 8-11)" in message.body
        assert f"/events/{event.slug}/boards/{c1.pk}/confirm/#settle" in message.body
    s.clear_mail()
    board = s.settle(arb, c1, s.pair_fields("1-0", 11, 8), "the arbiter saw the final board")
    assert (board.result, board.confirmation) == ("1-0", Board.Confirmation.DISPUTED)
    check_result_mail(
        "Edsger",
        "Barbara",
        "Round 2, board 1: Edsger Dijkstra 1-0 Barbara Liskov",
        " (entered by the arbiter).",
    )

    s.director_pair_result(td, c2, "0-1", 7, 13)
    s.confirm(who["Donald"], c3, s.pair_fields("0-1", 6, 9))
    board = s.confirm(who["Ada"], c3, s.pair_fields("0-1", 6, 9))
    assert (board.result, board.confirmation) == ("0-1", Board.Confirmation.CONFIRMED)

    # ---- a correction: the scoresheet of round 1, board 2 was misread
    s.clear_mail()
    s.director_pair_result(td, b2, "0-1", 9, 12, reason="scoresheet misread: Alan won")
    check_result_mail(
        "Barbara",
        "Alan",
        "Round 1, board 2: Barbara Liskov 0-1 Alan Turing",
        ", corrected from 1-0 to 0-1: scoresheet misread: Alan won.",
    )
    log = s.page(td.client, f"/events/{event.slug}/log/")
    corrections = s.table_rows(log[log.index("Results entered and corrected") :], "log")
    assert corrections[0][1:] == [
        "R1 B2: Barbara Liskov v Alan Turing",
        "1-0 → 0-1",
        "td",
        "scoresheet misread: Alan won",
    ]
    settled = next(
        row for row in corrections if row[1] == "R2 B1: Edsger Dijkstra v Barbara Liskov"
    )
    assert settled[2:] == ["none → 1-0", "arb", "the arbiter saw the final board"]
    assert (
        "Round 2, board 1 (Edsger Dijkstra v Barbara Liskov): the arbiter arb settles it: 1-0 "
        "(lowest levels 11-8); because: the arbiter saw the final board." in log
    )

    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    reader = Client()
    check_standings(reader, event)
    check_crosstable(reader, event)
    check_exports(reader, event)
    check_printouts(reader, event)
    check_ratings(reader, who)
    check_festival(reader, festival.slug)


def check_pairing_mail(number: int, pairs: list[tuple[str, str]]) -> None:
    """Each player gets one e-mail naming their board, whether they move first, and their
    opponent."""
    assert len(s.outbox()) == 6
    for board, (first, second) in enumerate(pairs, start=1):
        for me, other, order in ((first, second, "first"), (second, first, "second")):
            (message,) = s.mails_to(f"{me.lower()}@example.org")
            assert message.subject == f"Round {number} of Ingenious Pairs: board {board}"
            assert (
                f"Round {number} of Ingenious Pairs: board {board}, you play {order} against "
                f"{FULL[other]}." in message.body
            )
            assert f"/rounds/{number}/#board-{board}" in message.body


def check_result_mail(first: str, second: str, line: str, how: str) -> None:
    """Both players of the board, and nobody else, are told the result (``line``, the
    subject's) and how it came in (``how``, the rest of the body's sentence)."""
    assert sorted(m.to[0] for m in s.outbox()) == sorted(
        f"{p.lower()}@example.org" for p in (first, second)
    )
    for message in s.outbox():
        assert message.subject == f"Ingenious Pairs: {line}"
        assert f"{line}{how}\n" in message.body, message.body


def check_standings(reader: Client, event: Event) -> None:
    rows = s.table_rows(s.page(reader, f"/events/{event.slug}/standings/"), "standings")
    assert rows == [
        [str(rank), FULL[p], vp_text(vp), str(rb), str(pd), str(pl), "2"]
        for rank, p, vp, rb, pd, pl in STANDINGS
    ]


def crosstable_cell(me: str, round_number: int) -> str:
    """A crosstable cell by hand: opponent's final rank, f/s, score, own-opponent's lowest, and
    the mark of a result both players confirmed."""
    for rnd, _board, first, second, points, low1, low2 in GAMES:
        if rnd != round_number or me not in (first, second):
            continue
        mine = points if me == first else 1 - points
        opponent = second if me == first else first
        own, opp = (low1, low2) if me == first else (low2, low1)
        side = "f" if me == first else "s"
        confirmed = (
            " ✓confirmed by both sides" if (rnd, first) in {(1, "Grace"), (2, "Donald")} else ""
        )
        return f"{FINAL_RANK[opponent]}{side} {vp_text(mine) or '0'} {own}-{opp}{confirmed}"
    raise AssertionError(me)


def check_crosstable(reader: Client, event: Event) -> None:
    rows = s.table_rows(s.page(reader, f"/events/{event.slug}/crosstable/"), "crosstable")
    assert rows == [
        [str(rank), FULL[p], crosstable_cell(p, 1), crosstable_cell(p, 2), vp_text(vp) or "0"]
        for rank, p, vp, *_ in STANDINGS
    ]


def check_exports(reader: Client, event: Event) -> None:
    base = f"/events/{event.slug}/export/"
    standings = s.csv_rows(reader, base + "standings.csv")
    assert [
        (
            r["Rank"],
            r["Player"],
            r["VP"],
            r["Results between"],
            r["Progressive difference"],
            r["Progressive level"],
            r["Games"],
            r["Starting rank"],
        )
        for r in standings
    ] == [
        (str(rank), FULL[p], number(vp), str(rb), str(pd), str(pl), "2", str(RANK[p]))
        for rank, p, vp, rb, pd, pl in STANDINGS
    ]
    data = s.json_of(reader, base + "standings.json")
    assert data["field_size"] == 6 and data["event"]["status"] == "finished"
    assert [
        (r["rank"], r["name"], r["vp"], r["tiebreaks"], r["games_played"])
        for r in data["standings"]
    ] == [
        (
            rank,
            FULL[p],
            vp,
            {"results_between": rb, "progressive_difference": pd, "progressive_level": pl},
            2,
        )
        for rank, p, vp, rb, pd, pl in STANDINGS
    ]

    cross = s.csv_rows(reader, base + "crosstable.csv")
    expected = []
    for rank, p, vp, *_ in STANDINGS:
        row = [str(rank), FULL[p]]
        for _rnd, _b, first, second, points, low1, low2 in GAMES:
            if p in (first, second):
                me_first = p == first
                row += [
                    str(FINAL_RANK[second if me_first else first]),
                    "yes" if me_first else "no",
                    number(points if me_first else 1 - points),
                    str(low1 if me_first else low2),
                    str(low2 if me_first else low1),
                ]
        expected.append([*row, number(vp), ""])  # the last column: nobody withdrew
    assert [list(r.values()) for r in cross] == expected
    cross_json = s.json_of(reader, base + "crosstable.json")["crosstable"]
    assert [
        [
            (g["round"], g["opponent_name"], g["points"], g["own_lowest"], g["opp_lowest"])
            for g in r["rounds"]
        ]
        for r in cross_json
    ] == [
        [
            (
                rnd,
                FULL[second if p == first else first],
                points if p == first else 1 - points,
                low1 if p == first else low2,
                low2 if p == first else low1,
            )
            for rnd, _b, first, second, points, low1, low2 in GAMES
            if p in (first, second)
        ]
        for _rank, p, *_ in STANDINGS
    ]

    placings = s.csv_rows(reader, base + "placings.csv")
    assert [(r["Place"], r["Field size"], r["Player"], r["VP"]) for r in placings] == [
        (str(rank), "6", FULL[p], number(vp)) for rank, p, vp, *_ in STANDINGS
    ]
    placings_json = s.json_of(reader, base + "placings.json")
    assert placings_json["field_size"] == 6
    assert [(r["place"], r["shared"], r["name"], r["vp"]) for r in placings_json["placings"]] == [
        (str(rank), False, FULL[p], vp) for rank, p, vp, *_ in STANDINGS
    ]

    pairings = s.csv_rows(reader, base + "pairings.csv")
    codes = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}
    expected_pairings = []
    for rnd, board, first, second, points, low1, low2 in GAMES:
        places = {1.0: ("1", "2"), 0.0: ("2", "1"), 0.5: ("1", "1")}[float(points)]
        for seat, (p, place, low) in enumerate(
            ((first, places[0], low1), (second, places[1], low2)), 1
        ):
            expected_pairings.append(
                (
                    str(rnd),
                    str(board),
                    str(seat),
                    FULL[p],
                    str(RANK[p]),
                    place,
                    str(low),
                    codes[float(points)],
                )
            )
    assert [
        (
            r["Round"],
            r["Board"],
            r["Seat"],
            r["Player"],
            r["Starting rank"],
            r["Placing"],
            r["Lowest"],
            r["Result"],
        )
        for r in pairings
    ] == expected_pairings
    # The recorded game keeps every level; the others were given their lowest only.
    assert [r["Next lowest"] for r in pairings[:2]] == [str(ADA_LEVELS[1]), str(EDSGER_LEVELS[1])]
    pairings_json = s.json_of(reader, base + "pairings.json")
    assert [
        (b["round"], b["board"], b["result"], [x["name"] for x in b["seats"]])
        for b in pairings_json["boards"]
    ] == [
        (rnd, board, codes[float(points)], [FULL[first], FULL[second]])
        for rnd, board, first, second, points, *_ in GAMES
    ]

    trf = s.page(reader, base + "event.trf").splitlines()
    assert "062 6" in trf
    for rnd, board, first, second, _points, low1, low2 in GAMES:
        pair = f"{RANK[first]}-{RANK[second]}"
        assert f"### levels round {rnd} board {board}: {pair} lowest {low1}-{low2}" in trf
    players = [line.split() for line in trf if line.startswith("001")]
    expected_trf = []
    for p in FULL:
        games = []
        for _rnd, _b, first, second, points, *_ in GAMES:
            if p in (first, second):
                mine = points if p == first else 1 - points
                opp = second if p == first else first
                games += [
                    f"{RANK[opp]:04d}",
                    "w" if p == first else "b",
                    {1: "1", 0: "0", 0.5: "="}[mine],
                ]
        vp = next(v for _r, q, v, *_ in STANDINGS if q == p)
        expected_trf.append(
            [
                "001",
                str(RANK[p]),
                *FULL[p].split(),
                str(2000 - 10 * (RANK[p] - 1)),
                "ENG",
                f"{vp:.1f}",
                str(FINAL_RANK[p]),
                *games,
            ]
        )
    assert players == expected_trf


def check_ratings(reader: Client, who: dict[str, s.Person]) -> None:
    final, history = expected_ratings()
    rows = s.table_rows(s.page(reader, "/ratings/"), "list")
    order = sorted(FULL, key=lambda p: -final[p])
    assert [(r[1], r[2], r[3]) for r in rows] == [(FULL[p], str(final[p]), "2") for p in order]
    assert [r[0] for r in rows] == [str(n) for n in range(1, 7)]
    for p, person in who.items():
        assert person.player is not None
        html = s.page(reader, f"/ratings/{person.player.pk}/")
        assert f'<dd class="site-rating">{final[p]}</dd>' in html
        games = [g for g in GAMES if p in (g[2], g[3])]
        before = [1500, *history[p][:-1]]
        expected = []
        for (rnd, _b, first, second, points, *_), after, prior in zip(
            games, history[p], before, strict=True
        ):
            mine = points if p == first else 1 - points
            expected.append(
                [
                    "Ingenious Pairs",
                    str(rnd),
                    FULL[second if p == first else first],
                    {1: "won", 0: "lost", 0.5: "drew"}[mine],
                    str(after),
                    f"{after - prior:+d}",
                ]
            )
        assert s.table_rows(html, "rating-history") == expected[::-1], p


def check_festival(reader: Client, slug: str) -> None:
    points = {p: s.pentamind(6, rank) for rank, p, *_ in STANDINGS}
    assert points == {
        "Edsger": 91.67,
        "Grace": 73.33,
        "Ada": 55.0,
        "Alan": 36.67,
        "Donald": 18.33,
        "Barbara": 0.0,
    }
    rows = s.csv_rows(reader, f"/festivals/{slug}/pentamind.csv")
    assert sorted(
        (r["Player"], r["Event"], r["Place"], r["Field size"], r["Score"], r["Pentamind points"])
        for r in rows
    ) == sorted(
        (FULL[p], "Ingenious Pairs", str(rank), "6", number(vp), f"{points[p]:.2f}")
        for rank, p, vp, *_ in STANDINGS
    )
    data = s.json_of(reader, f"/festivals/{slug}/pentamind.json")
    assert sorted(
        (r["player"], r["place"], r["field_size"], r["pentamind_points"], r["final"])
        for r in data["placings"]
    ) == sorted((FULL[p], str(rank), 6, points[p], True) for rank, p, *_ in STANDINGS)
    overall = s.json_of(reader, f"/festivals/{slug}/overall.json")
    assert [(r["rank"], r["player"], r["total"]) for r in overall["table"]] == [
        (rank, FULL[p], points[p]) for rank, p, *_ in STANDINGS
    ]
    page_rows = s.table_rows(s.page(reader, f"/festivals/{slug}/overall/"), "festival-overall")
    assert page_rows == [
        [str(rank), FULL[p], f"{points[p]:.2f}", f"Ingenious Pairs: {rank} of 6, {points[p]:.2f}"]
        for rank, p, *_ in STANDINGS
    ]


def check_printouts(reader: Client, event: Event) -> None:
    """The event PDF prints each round's boards (first, second, result), the standings rows
    and the crosstable rows as the pages do; each round's result slips name the board's two
    players, first mover first; games.zip holds a record per board, the recorded game's moves
    ending on its final levels, the others empty."""
    shown = {1.0: "1-0", 0.0: "0-1", 0.5: "½-½"}
    pairings = [
        [str(board), FULL[first], FULL[second], shown[float(points)]]
        for _rnd, board, first, second, points, *_ in GAMES
    ]
    standings = [
        [str(rank), FULL[p], vp_text(vp) or "0", str(rb), str(pd), str(pl), "2"]
        for rank, p, vp, rb, pd, pl in STANDINGS
    ]
    crosstable = [
        [
            str(rank),
            FULL[p],
            *(crosstable_cell(p, n).split(" ✓")[0] for n in (1, 2)),
            vp_text(vp) or "0",
        ]
        for rank, p, vp, *_ in STANDINGS
    ]
    s.check_event_pdf(reader, event, [*pairings, *standings, *crosstable], absent=["bye"])
    for number in (1, 2):
        s.check_slips(
            reader,
            event,
            number,
            [
                [f"Round {number} · Board {board}", FULL[first], FULL[second]]
                for rnd, board, first, second, *_ in GAMES
                if rnd == number
            ],
        )
    s.check_games_zip(
        reader,
        event,
        {(rnd, board): [FULL[first], FULL[second]] for rnd, board, first, second, *_ in GAMES},
        {(1, 1): [ADA_LEVELS, EDSGER_LEVELS]},
    )
