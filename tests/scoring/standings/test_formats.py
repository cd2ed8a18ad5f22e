"""Numbers, cells and the QR code as the standings pages and exports show them."""

import pytest

from scoring.exports.slips import qr_matrix
from scoring.standings.sheet import Cell, Line, TieBreakColumn, number_text, plain_number
from scoring.standings.sheet import Contender as C


@pytest.mark.parametrize(
    ("value", "text"),
    [(7.0, "7"), (2.5, "2½"), (0.5, "½"), (-0.5, "-½"), (-3.0, "-3"), (-2.5, "-2½"), (None, "")],
)
def test_number_text(value: float | None, text: str) -> None:
    assert number_text(value) == text


def test_plain_number_for_machines() -> None:
    assert [plain_number(v) for v in (7.0, 2.5, 0.0, None)] == ["7", "2.5", "0", ""]


@pytest.mark.parametrize(
    ("cell", "score", "label"),
    [
        (Cell(1, "played", opponent=2, points=1.0, moved_first=True), "1", "1"),
        (Cell(1, "played", opponent=2, points=0.5), "½", "½"),
        (Cell(1, "forfeit", opponent=2, points=1.0), "+", "+ forfeit"),
        (Cell(1, "forfeit", opponent=2, points=0.0), "-", "- forfeit"),
        (Cell(1, "bye", points=1.0), "1", "bye 1"),
        (Cell(1, "half_bye", points=0.5), "½", "½ bye"),
        (Cell(1, "absent", points=0.0), "0", "absent"),
        (Cell(1, "pending", opponent=2), "", "playing"),
        (Cell(1, "held", opponent=2), "", "held"),
    ],
)
def test_cell_score_and_label(cell: Cell, score: str, label: str) -> None:
    assert (cell.score, cell.label) == (score, label)


def test_cell_levels_own_first() -> None:
    assert Cell(1, "played", opponent=2, points=0.0, own_lowest=8, opp_lowest=11).levels == "8-11"
    assert Cell(1, "forfeit", opponent=2, points=1.0).levels == ""


def test_line_rank_and_place_texts() -> None:
    who = C(1, 1, "Ann", "", "", None, 1, False)
    shared = Line(2, True, 2, 3, who, 2.5, (1.0, -3.0), 3, ())
    alone = Line(1, False, 1, 1, who, 3.0, (0.0, 4.0), 3, ())
    assert (shared.rank_text, shared.place, shared.vp_text) == ("2=", "2-3", "2½")
    assert shared.tiebreak_texts == ["1", "-3"]
    assert (alone.rank_text, alone.place) == ("1", "1")


def test_qr_matrix_is_square_and_grows_with_the_data() -> None:
    short = qr_matrix("http://h/games/board/1/")
    long = qr_matrix("https://ingenious.example.org/games/board/123456/" + "x" * 60)
    assert len(short) == len(short[0]) >= 21 and len(long) > len(short)
    assert all(isinstance(m, bool) for row in short for m in row)


@pytest.mark.parametrize(
    ("label", "short"),
    [
        ("Progressive difference", "PD"),
        ("Results between", "RB"),
        ("Head-to-head", "HTH"),
        ("Sonneborn-Berger", "SB"),
        ("Buchholz", "Buc"),
    ],
)
def test_short_tiebreak_headings_for_phones(label: str, short: str) -> None:
    assert TieBreakColumn("k", label, "").short == short
