"""Standings built from an event's boards: what counts, the tie-break chain, shared ranks."""

from decimal import Decimal

import pytest
from django.core.cache import cache

from scoring.standings import build as standings
from scoring.standings.build import build_standings
from scoring.standings.sheet import Standings
from tests.scoring.builders import HandBuilt, rulebook_example, three_way_tie
from tournament.models.events import Entry, Round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def order(ev: HandBuilt, table: Standings) -> list[tuple[str, str]]:
    """(rank text, name) in standings order."""
    return [(line.rank_text, line.contender.name) for line in table.lines]


def tiebreaks(table: Standings, name: str) -> dict[str, float]:
    line = next(ln for ln in table.lines if ln.contender.name == name)
    return dict(zip([c.key for c in table.chain], line.tiebreaks, strict=True))


def test_rulebook_example_results_between_before_progressive_difference() -> None:
    ev = rulebook_example()
    table = build_standings(ev.event)
    assert order(ev, table) == [("1", "C"), ("2", "A"), ("3", "B"), ("4", "D")]
    assert [line.vp for line in table.lines] == [2.0, 2.0, 1.5, 0.5]
    assert [c.key for c in table.chain] == [
        "results_between",
        "progressive_difference",
        "progressive_level",
    ]
    assert tiebreaks(table, "C")["results_between"] == 1.0
    assert tiebreaks(table, "A")["results_between"] == 0.0
    assert tiebreaks(table, "A")["progressive_difference"] == 7.0
    assert tiebreaks(table, "C")["progressive_difference"] == 3.0
    assert tiebreaks(table, "A")["progressive_level"] == 33.0
    assert tiebreaks(table, "B")["progressive_level"] == 34.0
    assert [line.games_played for line in table.lines] == [3, 3, 3, 3]
    assert not any(line.tied for line in table.lines)


def test_three_way_tie_goes_through_the_whole_chain() -> None:
    ev = three_way_tie()
    table = build_standings(ev.event)
    assert order(ev, table) == [("1", "B"), ("2", "C"), ("3", "A"), ("4", "D")]
    assert {n: tiebreaks(table, n)["results_between"] for n in "ABC"} == {
        "A": 1.0,
        "B": 1.0,
        "C": 1.0,
    }
    assert {n: tiebreaks(table, n)["progressive_difference"] for n in "ABC"} == {
        "A": 5.0,
        "B": 7.0,
        "C": 5.0,
    }
    assert tiebreaks(table, "C")["progressive_level"] == 33.0
    assert tiebreaks(table, "A")["progressive_level"] == 29.0


def test_mso_two_player_preset_orders_the_same_event_differently() -> None:
    ev = three_way_tie()
    ev.event.tiebreak_chain = "mso-two-player"
    ev.event.save()
    table = build_standings(ev.event)
    assert [c.key for c in table.chain] == ["head_to_head_mso", "spread", "sonneborn_berger"]
    # Nobody beat both others; spread (PD without the best game): A 5-4=1, B 7-6=1, C 5-7=-2;
    # Sonneborn-Berger: A beat B (2 VP) and D (0), B beat C (2) and D: A and B share first.
    names = [line.contender.name for line in table.lines]
    assert names[-1] == "D" and names.index("C") == 2
    a, b = tiebreaks(table, "A"), tiebreaks(table, "B")
    assert (a["spread"], b["spread"], tiebreaks(table, "C")["spread"]) == (1.0, 1.0, -2.0)
    assert a["sonneborn_berger"] == b["sonneborn_berger"] == 2.0
    assert [line.rank_text for line in table.lines[:2]] == ["1=", "1="]


def test_empty_chain_uses_the_mso_ingenious_preset() -> None:
    ev = rulebook_example()
    ev.event.tiebreak_chain = []
    ev.event.save()
    table = build_standings(ev.event)
    assert [c.key for c in table.chain] == [
        "results_between",
        "progressive_difference",
        "progressive_level",
    ]
    assert table.lines[0].contender.name == "C"


def test_unusable_chain_falls_back_to_the_default_and_says_so() -> None:
    ev = rulebook_example()
    ev.event.tiebreak_chain = ["results_between", "coin_toss"]
    ev.event.save()
    table = build_standings(ev.event)
    assert [c.key for c in table.chain][0] == "results_between"
    assert any("coin_toss" in p for p in table.problems)


def test_players_equal_on_everything_share_a_rank_and_a_span_of_places() -> None:
    # A and B never meet; each beats one of C, D by the same levels.
    ev = HandBuilt("ABCDE")
    ev.round(
        1, [("A", "C", "1-0", 12, 9), ("B", "D", "1-0", 12, 9), ("E", None, "absent", None, None)]
    )
    table = build_standings(ev.event)
    assert order(ev, table)[:2] == [("1=", "A"), ("1=", "B")]
    assert [line.place for line in table.lines[:2]] == ["1-2", "1-2"]
    # E, absent, has 0 VP but no game lost (PD 0); C and D (PD -3, PL 9) share fourth.
    assert order(ev, table)[2:] == [("3", "E"), ("4=", "C"), ("4=", "D")]
    assert [line.place for line in table.lines[2:]] == ["3", "4-5", "4-5"]
    # Five entries are listed; E played no game, so the field (docs/festival.md) is four.
    assert (table.entry_count, table.field_size) == (5, 4)


def test_byes_forfeits_held_results_and_unpublished_rounds() -> None:
    ev = HandBuilt("ABCDE")
    ev.round(
        1, [("A", "B", "1-0", 10, 8), ("C", "D", "+/-", None, None), ("E", None, "bye", None, None)]
    )
    ev.round(
        2,
        [("A", "C", "1-0", 12, 3), ("E", "B", "0-1", 7, 9), ("D", None, "half-bye", None, None)],
        status=Round.Status.COMPLETE,
        held=[1],
    )
    ev.round(3, [("A", "E", "1-0", 12, 5)], status=Round.Status.DRAFT)
    table = build_standings(ev.event)
    vp = {line.contender.name: line.vp for line in table.lines}
    # A's held win and the draft round do not count; C's forfeit win does, without levels.
    assert vp == {"A": 1.0, "B": 1.0, "C": 1.0, "D": 0.5, "E": 1.0}
    assert order(ev, table) == [("1", "A"), ("2", "B"), ("3", "C"), ("4", "E"), ("5", "D")]
    assert tiebreaks(table, "A")["progressive_difference"] == 2.0
    assert tiebreaks(table, "B")["progressive_difference"] == 0.0
    assert tiebreaks(table, "B")["progressive_level"] == 17.0
    assert tiebreaks(table, "C")["progressive_difference"] == 0.0
    assert tiebreaks(table, "E")["progressive_difference"] == -2.0
    games = {line.contender.name: line.games_played for line in table.lines}
    assert games == {"A": 1, "B": 2, "C": 0, "D": 0, "E": 1}
    assert table.rounds == (1, 2)

    a = table.line(ev["A"].pk)
    assert a is not None
    r1, r2 = a.cells
    assert (r1.kind, r1.opponent_rank, r1.moved_first, r1.score, r1.levels) == (
        "played",
        2,
        True,
        "1",
        "10-8",
    )
    assert (r2.kind, r2.opponent, r2.points, r2.score) == ("held", ev["C"].pk, None, "")
    c = table.line(ev["C"].pk)
    assert c is not None and (c.cells[0].kind, c.cells[0].score) == ("forfeit", "+")
    d = table.line(ev["D"].pk)
    assert d is not None and [cell.label for cell in d.cells] == ["- forfeit", "½ bye"]
    e = table.line(ev["E"].pk)
    assert e is not None and e.cells[0].label == "bye 1" and e.cells[1].moved_first is True


def test_bye_value_is_the_events() -> None:
    ev = HandBuilt("ABC", bye_value=Decimal("0.5"))
    ev.round(1, [("A", "B", "1-0", 10, 8), ("C", None, "bye", None, None)])
    table = build_standings(ev.event)
    assert {line.contender.name: line.vp for line in table.lines}["C"] == 0.5


def test_boards_without_result_show_as_pending_and_do_not_count() -> None:
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "", None, None), ("C", "D", "0-1", 9, 11)], status=Round.Status.PLAYING)
    table = build_standings(ev.event)
    a = table.line(ev["A"].pk)
    assert a is not None and a.vp == 0 and a.cells[0].kind == "pending"
    assert a.cells[0].opponent == ev["B"].pk and a.cells[0].label == "playing"
    assert table.lines[0].contender.name == "D"


def test_late_entry_scores_missed_rounds_as_its_entry_says() -> None:
    ev = HandBuilt("ABCDEF")
    ev.round(1, [("A", "B", "1-0", 10, 8), ("C", "D", "1-0", 10, 8)])
    ev.round(2, [("A", "C", "1-0", 10, 8), ("B", "E", "1-0", 10, 8), ("D", "F", "1-0", 10, 9)])
    Entry.objects.filter(pk=ev["E"].pk).update(joined_round=2, missed_rounds="half")
    Entry.objects.filter(pk=ev["F"].pk).update(joined_round=2, missed_rounds="zero")
    table = build_standings(ev.event)
    e, f = table.line(ev["E"].pk), table.line(ev["F"].pk)
    assert e is not None and f is not None
    assert e.vp == 0.5 and e.cells[0].kind == "half_bye"
    assert f.vp == 0.0 and f.cells[0].kind == "absent"


def test_withdrawn_players_stay_in_the_standings() -> None:
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "B", "1-0", 10, 8), ("C", "D", "1-0", 10, 8)])
    Entry.objects.filter(pk=ev["D"].pk).update(status=Entry.Status.WITHDRAWN)
    ev.round(2, [("A", "C", "1/2-1/2", 9, 9), ("B", None, "bye", None, None)])
    table = build_standings(ev.event)
    d = table.line(ev["D"].pk)
    assert d is not None and d.contender.withdrawn and d.cells[1] is None
    assert table.field_size == 4


def test_cached_table_round_trips_through_plain_data() -> None:
    ev = three_way_tie()
    table = standings.standings_for(ev.event)
    again = standings.standings_for(ev.event)
    assert again == table
    assert Standings.from_dict(table.to_dict()) == table
