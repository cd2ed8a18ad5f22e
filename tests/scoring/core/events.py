"""Hand-built events shared by the scoring tests."""

from scoring.core.results import Board, GameResult, results_from_boards


def rows(*boards: Board, **kwargs: object) -> list[GameResult]:
    return results_from_boards(boards, **kwargs)  # type: ignore[arg-type]


def round_robin_four() -> list[GameResult]:
    """Four players, all play all.

    ====== ========= ======== =========== ====== ===
    player VP        PD       PL          BH     SB
    ====== ========= ======== =========== ====== ===
    1      2         +7       33          4      2
    2      1.5       +4       34          4.5    1.5
    3      2         +3       32          4      3
    4      0.5       -14      23          5.5    1
    ====== ========= ======== =========== ====== ===

    3 beat 1, so 3 is ahead of 1 on results between / head-to-head.
    """
    return rows(
        Board(1, 1, 2, "1-0", 12, 9),
        Board(1, 3, 4, "1/2-1/2", 10, 10),
        Board(2, 1, 3, "0-1", 8, 11),
        Board(2, 2, 4, "1-0", 14, 7),
        Board(3, 1, 4, "1-0", 13, 6),
        Board(3, 2, 3, "1/2-1/2", 11, 11),
    )


def circular_three() -> list[GameResult]:
    """1 beat 2, 2 beat 3, 3 beat 1, and all three beat 4: 1, 2, 3 on 2 VP each.

    Progressive difference: 1 = +5, 2 = +7, 3 = +5; progressive level: 1 = 29, 3 = 33.
    """
    return rows(
        Board(1, 1, 2, "1-0", 10, 8),
        Board(1, 3, 4, "1-0", 13, 6),
        Board(2, 2, 3, "1-0", 12, 9),
        Board(2, 1, 4, "1-0", 9, 5),
        Board(3, 3, 1, "1-0", 11, 10),
        Board(3, 2, 4, "1-0", 10, 4),
    )


def swiss_six() -> list[GameResult]:
    """Six players, three Swiss rounds; 1, 2 and 3 finish on 2 VP but 3 met neither 1 nor 2.

    1 beat 2. Progressive difference: 1 = 0, 2 = +14, 3 = 0; progressive level: 1 = 28,
    3 = 32. Player 5 wins with 3 VP; 4 and 6 (0 VP) never met: PD 4 = -13, 6 = -10.
    """
    return rows(
        Board(1, 1, 2, "1-0", 10, 9),
        Board(1, 3, 4, "1-0", 12, 10),
        Board(1, 5, 6, "1-0", 12, 8),
        Board(2, 1, 5, "0-1", 7, 9),
        Board(2, 2, 4, "1-0", 16, 6),
        Board(2, 3, 6, "1-0", 11, 10),
        Board(3, 1, 4, "1-0", 11, 10),
        Board(3, 2, 6, "1-0", 13, 8),
        Board(3, 3, 5, "0-1", 9, 12),
    )
