"""`manage.py seed_online`: an online event whose round 1 is published, its boards dealt by the
site and every player signed in, for the online bench (bench/online.py) and for trying online
play by hand.

Accounts `online-player-NNNN` (one password for all, printed; hashed once, since one hash per
account costs ~0.3 s) are each linked to their registry entry; the event's director is
`online-director`. With --plan FILE, the command writes a JSON plan: the event, and per game its
board and each seat's account with a session key, so a scripted client acts as that player
without logging in (the keys are real sessions of the site's session engine).
"""

from __future__ import annotations

import json
import time
from importlib import import_module
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from games.management.commands.seed_festival import player_rows
from games.models import Game
from tournament.entries.services import import_players_csv
from tournament.events.services import create_event
from tournament.models.events import Event, Player, Round
from tournament.models.where import EventPlayed
from tournament.rounds.services import compute_draft, publish_round, start_pairing

NAME = "Online Open (seeded)"
DIRECTOR = "online-director"


def player_account(number: int) -> str:
    return f"online-player-{number:04d}"


class Command(BaseCommand):
    help = "Create an online event with round 1 published: its games dealt, its players signed in."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=200, help="Two-player games (200)")
        parser.add_argument("--password", default="online-password")
        parser.add_argument("--plan", default="", help="Write the bench's plan (JSON) here")
        parser.add_argument("--clock-minutes", type=int, default=25)

    def handle(self, *args: Any, **options: Any) -> None:
        games = options["games"]
        if not 1 <= games <= 1000:
            raise CommandError("--games must be from 1 to 1000.")
        if Event.objects.filter(name=NAME).exists():
            raise CommandError(f"{NAME!r} exists already: seed an empty database.")
        started = time.monotonic()
        User = get_user_model()
        hashed = make_password(options["password"])
        wanted = [DIRECTOR] + [player_account(n) for n in range(1, 2 * games + 1)]
        User.objects.bulk_create([User(username=n, first_name=n, password=hashed) for n in wanted])
        users = User.objects.in_bulk(wanted, field_name="username")
        director = users[DIRECTOR]
        director.user_permissions.add(
            Permission.objects.get(content_type__app_label="tournament", codename="add_event")
        )
        today = timezone.localdate()
        event = create_event(
            user=director,
            data={
                "name": NAME,
                "venue": "Online",
                "start_date": today,
                "end_date": today,
                "rounds": 7,
                "pairing_system": "swiss",
                "clock_minutes": options["clock_minutes"],
                "boards_played": EventPlayed.ONLINE,
            },
        )
        rows = player_rows(2 * games, seed=2026)
        import_players_csv(
            event=event, user=director, text="\n".join(["name,club,country,rating", *rows])
        )
        # Each entry's player is an account's (the claim a player makes, made here at once).
        players = list(
            Player.objects.filter(entries__event=event).order_by("entries__starting_rank")
        )
        for number, player in enumerate(players, start=1):
            player.user = users[player_account(number)]
        Player.objects.bulk_update(players, ["user"])
        round_ = start_pairing(event=event, user=director)
        compute_draft(round_.pk)
        round_.refresh_from_db()
        if round_.status != Round.Status.DRAFT:
            raise CommandError(f"Round 1 was not paired: {round_.pairing_error}")
        publish_round(round_=round_, user=director)
        self.stdout.write(
            f"{NAME!r} ({event.slug}): {len(players)} players, round 1 published with "
            f"{Game.objects.filter(board__round=round_).count()} online games "
            f"({time.monotonic() - started:.1f} s). Accounts online-player-NNNN and "
            f"{DIRECTOR}, password: {options['password']}"
        )
        if options["plan"]:
            Path(options["plan"]).write_text(json.dumps(self.plan(event, round_), indent=1))

    def plan(self, event: Event, round_: Round) -> dict[str, Any]:
        store = import_module(settings.SESSION_ENGINE).SessionStore
        # Signed in as by a password: the last backend is the accounts' (the first, axes's,
        # only counts failures).
        sessions: dict[int, str] = {}

        def session_of(user: Any) -> str:
            if user.pk not in sessions:
                session = store()
                session[SESSION_KEY] = str(user.pk)
                session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
                session[HASH_SESSION_KEY] = user.get_session_auth_hash()
                session.create()
                sessions[user.pk] = session.session_key or ""
            return sessions[user.pk]

        games = []
        for board in round_.boards.order_by("number").prefetch_related(
            "seats__entry__player__user"
        ):
            seats = [s.entry.player.user for s in board.seats.order_by("number")]
            game = Game.objects.get(board=board)
            games.append(
                {
                    "game": game.pk,
                    "board": board.pk,
                    "seats": [{"user": u.username, "session": session_of(u)} for u in seats if u],
                }
            )
        return {"event": event.slug, "round": round_.number, "games": games}
