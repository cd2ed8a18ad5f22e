"""`manage.py seed_festival`: a festival of many events with round 1 published and its games
set up, for demos and for the festival load bench (bench/festival.py).

Each event gets its own director and arbiter account (`festival-director-NN`,
`festival-arbiter-NN`, one password for all, printed); the first director also directs the
festival. Players come from one pool, so that many of them play in several events as at the
MSO. Events, entries, pairings and publication go
through the tournament services (the CSV import writes entries in bulk); only the accounts are
bulk-created here, with one password hash, since hashing one per account costs ~0.3 s each.
A second run completes whatever is missing and changes nothing else; --fresh starts over.
"""

from __future__ import annotations

import random
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from games.models import Game
from tournament.entries.services import import_players_csv
from tournament.events.services import create_event
from tournament.festivals.models import FestivalRole
from tournament.models.events import Event, EventRole, Festival, Round
from tournament.rights import services as rights
from tournament.rounds.services import compute_draft, publish_round, start_pairing

FESTIVAL_DAYS = 9  # the MSO runs over nine days
FIRST_NAMES = [
    "Amelia",
    "Tomasz",
    "Priya",
    "Lukas",
    "Siobhan",
    "Kenji",
    "Hannah",
    "Oluwaseun",
    "Marco",
    "Fiona",
    "David",
    "Claire",
    "Ines",
    "Rafael",
    "Mei",
    "Anders",
    "Zofia",
    "Kwame",
    "Lucia",
    "Arjun",
    "Freya",
    "Mateo",
    "Yuki",
    "Nadia",
    "Emil",
    "Olga",
    "Tariq",
    "Beatriz",
]
LAST_NAMES = [
    "Hartley",
    "Kowalczyk",
    "Raman",
    "Brenner",
    "Walsh",
    "Morita",
    "Lindqvist",
    "Adeyemi",
    "Bellini",
    "MacLeod",
    "Okonkwo",
    "Dubois",
    "Silva",
    "Novak",
    "Chen",
    "Berg",
    "Mensah",
    "Rossi",
    "Iyer",
    "Jensen",
    "Garcia",
    "Sato",
    "Haddad",
    "Petrov",
    "Costa",
]
CLUBS = ("Cambridge", "Oxford", "London Mind Sports", "Edinburgh", "Spielkreis Berlin", "")


def account_names(number: int) -> tuple[str, str]:
    """The director's and the arbiter's user names of the festival's event `number` (1-based)."""
    return f"festival-director-{number:02d}", f"festival-arbiter-{number:02d}"


def player_rows(count: int, seed: int) -> list[str]:
    """The pool's CSV rows (name,club,country,rating); names are unique within the pool."""
    rng = random.Random(seed)
    rows = []
    for n in range(count):
        first = FIRST_NAMES[n % len(FIRST_NAMES)]
        last = LAST_NAMES[(n // len(FIRST_NAMES)) % len(LAST_NAMES)]
        # Past the first/last combinations, a number keeps names unique.
        suffix = f" {n // (len(FIRST_NAMES) * len(LAST_NAMES)) + 1}" if n >= 700 else ""
        club = CLUBS[n % len(CLUBS)]
        rating = rng.randint(1200, 2200) if n % 5 else ""
        rows.append(f"{first} {last}{suffix},{club},ENG,{rating}")
    return rows


class Command(BaseCommand):
    help = "Create a festival of many events, round 1 paired and published, games set up."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--events", type=int, default=50, help="Events (default 50)")
        parser.add_argument("--players", type=int, default=40, help="Entrants per event")
        parser.add_argument("--name", default="MSO Festival (seeded)", help="Festival name")
        parser.add_argument(
            "--password", default="festival-password", help="Password of the seeded accounts"
        )
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--fresh", action="store_true", help="Delete the festival's events first"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        events, players = options["events"], options["players"]
        if not 1 <= events <= 99:
            raise CommandError("--events must be from 1 to 99.")
        if not 2 <= players <= 500:
            raise CommandError("--players must be from 2 to 500.")
        started = time.monotonic()
        name = options["name"].strip()
        if not name:
            raise CommandError("--name must not be empty.")
        if options["fresh"]:
            self.drop(name)
        today = timezone.localdate()
        festival, _ = Festival.objects.get_or_create(
            slug=slugify(name)[:220] or "festival",
            defaults={
                "name": name,
                "starts": today,
                "ends": today + timedelta(days=FESTIVAL_DAYS - 1),
                "venue": "JW3, London",
            },
        )
        directors, arbiters = self.accounts(events, options["password"])
        # The first event's director directs the festival: edits it, decides who joins.
        FestivalRole.objects.get_or_create(festival=festival, user=directors[0])
        pool = player_rows(max(players, events * players // 3), options["seed"])
        rng = random.Random(options["seed"])
        for number in range(1, events + 1):
            sample = rng.sample(pool, players)
            event = self.event(festival, number, directors[number - 1], arbiters[number - 1])
            self.enter(event, directors[number - 1], sample)
            self.publish_round_one(event, directors[number - 1])
        self.report(festival, options["password"], time.monotonic() - started)

    def drop(self, name: str) -> None:
        festival = Festival.objects.filter(slug=slugify(name)[:220] or "festival").first()
        if festival is None:
            return
        with transaction.atomic():
            # Rounds first: boards protect the entries that an event's deletion removes.
            Round.objects.filter(event__festival=festival).delete()
            Event.objects.filter(festival=festival).delete()
            festival.delete()
        self.stdout.write(f"Deleted festival {name!r} and its events.")

    def accounts(self, events: int, password: str) -> tuple[list[Any], list[Any]]:
        User = get_user_model()
        wanted = [n for number in range(1, events + 1) for n in account_names(number)]
        existing = set(User.objects.filter(username__in=wanted).values_list("username", flat=True))
        hashed = make_password(password)  # once: hashing is deliberately slow
        User.objects.bulk_create(
            # The user name doubles as the display name others see (tournament/names.py).
            [User(username=n, first_name=n, password=hashed) for n in wanted if n not in existing]
        )
        users = User.objects.in_bulk(wanted, field_name="username")
        directors = [users[account_names(n)[0]] for n in range(1, events + 1)]
        # What the site's administrators grant a festival's directors: creating events.
        may_create = Permission.objects.get(
            content_type__app_label="tournament", codename="add_event"
        )
        may_create.user_set.add(*directors)
        return directors, [users[account_names(n)[1]] for n in range(1, events + 1)]

    def event(self, festival: Festival, number: int, director: Any, arbiter: Any) -> Event:
        name = f"{festival.name}: Ingenious event {number:02d}"
        event = Event.objects.filter(name=name).first()
        if event is None:
            day = festival.starts + timedelta(days=(number - 1) % FESTIVAL_DAYS)
            event = create_event(
                user=director,
                data={
                    "name": name,
                    "venue": festival.venue,
                    "start_date": day,
                    "end_date": day,
                    "rounds": 7,
                    "pairing_system": "swiss",
                    "clock_minutes": 10,
                },
            )
        if event.festival_id != festival.pk:
            Event.objects.filter(pk=event.pk).update(festival=festival)
        for user, role in ((director, EventRole.Role.DIRECTOR), (arbiter, EventRole.Role.ARBITER)):
            _, made = EventRole.objects.get_or_create(event=event, user=user, role=role)
            if made:  # every grant of a role is in the event's log
                rights.note_event_role(
                    event,
                    director,
                    person=user,
                    role=role,
                    granted=True,
                    reason="seed_festival: the demo festival",
                )
        return event

    def enter(self, event: Event, director: Any, rows: list[str]) -> None:
        if event.entries.exists():
            return
        text = "\n".join(["name,club,country,rating", *rows])
        import_players_csv(event=event, user=director, text=text)

    def publish_round_one(self, event: Event, director: Any) -> None:
        round_ = event.round_set.filter(number=1).first()
        if round_ is None:
            round_ = start_pairing(event=event, user=director)
        if round_.status == Round.Status.PAIRING:
            # Here rather than by a worker: a seed must not depend on one running.
            compute_draft(round_.pk)
            round_.refresh_from_db()
        if round_.status == Round.Status.DRAFT:
            publish_round(round_=round_, user=director)

    def report(self, festival: Festival, password: str, seconds: float) -> None:
        events = Event.objects.filter(festival=festival)
        rounds = Round.objects.filter(event__festival=festival, number=1)
        games = Game.objects.filter(board__round__event__festival=festival)
        say = self.stdout.write
        say(
            f"Festival {festival.name!r} ({festival.slug}): {events.count()} events, "
            f"{sum(e.entries.count() for e in events)} entries, "
            f"round 1 published in {rounds.exclude(status__in=['pairing', 'draft']).count()}, "
            f"{games.count()} games set up ({seconds:.1f} s)."
        )
        say(f"Accounts festival-director-NN and festival-arbiter-NN, password: {password}")
