"""The tally from an event's boards (lowest, second lowest, placing per seat) ranks players as
the tally from the full rows does (CHALLENGES.md, victory points across challenges)."""

from __future__ import annotations

import random

from games.challenges.randomgame import random_game
from games.challenges.record import replay
from games.challenges.tally import GameResult, SeatedResult, rank_players, rank_seated
from games.engine.score_track import ranking


def test_seated_results_rank_as_the_full_rows_do() -> None:
    rng = random.Random(3)
    players = list(range(7))
    full: list[GameResult[int]] = []
    seated: list[list[SeatedResult[int]]] = []
    for n, challenge in enumerate(["card", "dice", "tile"] * 3):
        rng.shuffle(players)
        for table in (players[:4], players[4:]):
            game = replay(random_game(challenge, len(table), seed=n * 10 + len(table)))
            rows = dict(zip(table, game.rows, strict=True))
            winner = None if game.winner is None else table[game.winner]
            full.append(GameResult(rows=rows, winner=winner))
            places = ranking(game.rows)
            seated.append(
                [
                    SeatedResult(p, min(r), sorted(r)[1], place)
                    for p, r, place in zip(table, game.rows, places, strict=True)
                ]
            )
    a = [(r.player, r.key(), r.rank) for r in rank_players(full)]
    b = [(r.player, r.key(), r.rank) for r in rank_seated(seated)]
    assert a == b


def test_ties_are_broken_by_wins_then_second_rows_then_between() -> None:
    games = [
        # a and b share first place: neither wins; d wins alone
        [SeatedResult("a", 5, 6, 1), SeatedResult("b", 5, 6, 1), SeatedResult("c", 2, 3, 3)],
        [SeatedResult("d", 6, 6, 1), SeatedResult("c", 5, 9, 2)],
        [SeatedResult("a", 4, 8, 1), SeatedResult("b", 4, 8, 2), SeatedResult("d", 3, 3, 3)],
        # e and f: equal on points, wins and second rows; e placed before f where they met
        [SeatedResult("e", 4, 5, 1), SeatedResult("f", 4, 5, 2), SeatedResult("g", 0, 0, 3)],
        [SeatedResult("f", 3, 3, 1), SeatedResult("h", 2, 2, 2)],
        [SeatedResult("h", 5, 5, 1), SeatedResult("e", 3, 3, 2)],
    ]
    order = [r.player for r in rank_seated(games)]
    by = {r.player: r for r in rank_seated(games)}
    assert {by[p].victory_points for p in "abd"} == {9}
    assert order.index("d") < order.index("b")  # games won: 1 against 0
    assert (by["a"].games_won, by["a"].second_lowest, by["d"].second_lowest) == (1, 14, 9)
    assert order.index("a") < order.index("d")  # then the second-lowest rows
    assert by["e"].key()[:3] == by["f"].key()[:3] == (7, 1, 8)
    assert (by["e"].between, by["f"].between) == (1, 0)
    assert by["e"].rank + 1 == by["f"].rank  # then the results between them
