"""The rating list's rebuild (issue 14): how long `rebuild_ratings()` takes over N two-player
games, beside its baseline, the pure openskill core alone over the same games (the rest is
the database: reading the boards, replacing every rating and change row).

    .venv/bin/python bench/ratings.py [--games 2000] [--players 200] [--repeat 3]

Runs on a fresh SQLite database in a temporary folder (never the project's), so the figures
are the worst case of the site's default database; PostgreSQL's bulk writes are faster.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="bench-ratings-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    history = build(args.games, args.players)

    from scoring.core.ratings import rate_history
    from scoring.ratings import services as ratings

    def core() -> None:
        rate_history(history)

    rows = [("pure core (baseline)", best(core, args.repeat))]
    rows.append(("rebuild_ratings()", best(ratings.rebuild_ratings, args.repeat)))
    print(f"{args.games} games, {args.players} players, best of {args.repeat}")
    print(f"{'':24} {'seconds':>9} {'games/s':>10} {'x baseline':>10}")
    base = rows[0][1]
    for name, seconds in rows:
        print(f"{name:24} {seconds:9.3f} {args.games / seconds:10.0f} {seconds / base:10.2f}")
    shutil.rmtree(folder, ignore_errors=True)


def best(run: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def build(games: int, players: int) -> list:
    """Events of `players` entries with rounds of random results until `games` boards exist;
    returns the same history as the pure core's input."""
    from scoring.ratings.services import rated_boards
    from tournament.models.events import Board, Entry, Event, Player, Round

    rng = random.Random(0)
    people = Player.objects.bulk_create(Player(name=f"P{n:04d}") for n in range(players))
    made = 0
    event_number = 0
    while made < games:
        event_number += 1
        event = Event.objects.create(name=f"Bench {event_number}", slug=f"bench-{event_number}")
        entries = Entry.objects.bulk_create(
            Entry(event=event, player=p, starting_rank=n) for n, p in enumerate(people, 1)
        )
        for number in range(1, event.rounds + 1):
            rnd = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETE)
            rng.shuffle(entries)
            boards = []
            for n in range(len(entries) // 2):
                if made >= games:
                    break
                result = rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])
                first, second = entries[2 * n], entries[2 * n + 1]
                boards.append(
                    Board(round=rnd, number=n + 1, first=first, second=second, result=result)
                )
                made += 1
            Board.objects.bulk_create(boards)
            if made >= games:
                break
    return [game for game, _ in rated_boards()]


if __name__ == "__main__":
    main()
