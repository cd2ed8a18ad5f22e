"""Every ``ChallengeTable`` becomes a ``Game`` of the kind ``challenge`` with its log.

A table at an event's board becomes that board's game and reads its players from the board's
seats from now on (its names list is not kept: the seats are the only truth); a table without a
board keeps its names. Status, log length, options, seed, mode, who started it and when it
started and finished are carried as they were; each ``ChallengeAction`` moves to the new game.
The game's id is new (the ids of games and of tables overlapped): ``/challenges/<id>/`` takes
the game's id, and ``/challenges/board/<board>/`` (the links the event's pages give) is
unchanged. A board that also had an empty board game set up (nothing recorded) gives it up for
its Challenge; one with a recorded board game stops the migration rather than lose either.
"""

from typing import Any

from django.db import migrations


def tables_to_games(apps: Any, schema_editor: Any) -> None:
    ChallengeTable = apps.get_model("games", "ChallengeTable")
    ChallengeAction = apps.get_model("games", "ChallengeAction")
    Game = apps.get_model("games", "Game")
    for table in ChallengeTable.objects.order_by("pk"):
        if table.board_id is not None:
            other = Game.objects.filter(board_id=table.board_id).first()
            if other is not None:
                if other.log_length:
                    raise RuntimeError(
                        f"Board {table.board_id} has both a recorded board game ({other.pk}) "
                        f"and Challenge table {table.pk}: settle which was played first."
                    )
                other.delete()
        game = Game.objects.create(
            kind="challenge",
            board_id=table.board_id,
            challenge=table.challenge,
            mode=table.mode,
            players=[] if table.board_id is not None else list(table.players),
            options=dict(table.options or {}),
            seed=table.seed,
            status=table.status,
            log_length=table.log_length,
            created_by_id=table.created_by_id,
            finished_at=table.finished_at,
            remaining_ms=[],
            position={},
            position_length=-1,
        )
        Game.objects.filter(pk=game.pk).update(created_at=table.created_at)
        ChallengeAction.objects.filter(table_id=table.pk).update(game_id=game.pk)


def games_to_tables(apps: Any, schema_editor: Any) -> None:
    ChallengeTable = apps.get_model("games", "ChallengeTable")
    ChallengeAction = apps.get_model("games", "ChallengeAction")
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("tournament", "Seat")
    for game in Game.objects.filter(kind="challenge").order_by("pk"):
        players = list(game.players)
        if game.board_id is not None:
            seats = Seat.objects.filter(board_id=game.board_id).select_related(
                "entry__player", "entry__partner"
            )
            names = [
                (s.entry.partner if s.entry.partner_id and s.number >= 2 else s.entry.player).name
                for s in seats.order_by("number")
            ]
            folded = [n.casefold() for n in names]
            players = [
                f"{n} ({i + 1})" if folded.count(n.casefold()) > 1 else n
                for i, n in enumerate(names)
            ]
        table = ChallengeTable.objects.create(
            board_id=game.board_id,
            challenge=game.challenge,
            mode=game.mode,
            players=players,
            options=dict(game.options or {}),
            seed=game.seed,
            status=game.status,
            log_length=game.log_length,
            created_by_id=game.created_by_id,
            finished_at=game.finished_at,
        )
        ChallengeTable.objects.filter(pk=table.pk).update(created_at=game.created_at)
        ChallengeAction.objects.filter(game_id=game.pk).update(table_id=table.pk, game_id=None)
        game.delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0006_challenges_are_games")]

    operations = [migrations.RunPython(tables_to_games, games_to_tables)]
