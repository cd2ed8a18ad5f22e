"""Demo data for `manage.py seed_demo`. Every step is idempotent: a second run changes nothing."""

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction
from django.utils import timezone

from tournament.accounts.models import VerifiedAddress
from tournament.entries.services import import_players_csv
from tournament.rounds.services import compute_draft, publish_round, start_pairing

DEMO_ACCOUNTS = [
    # username, password, is_staff/superuser, the display name others see
    ("admin", "ingenious-admin", True, "Demo admin"),
    ("director", "ingenious-director", False, "Demo director"),
    ("arbiter", "ingenious-arbiter", False, "Demo arbiter"),
]


def seed_accounts(say: Callable[[str], None]) -> None:
    User = get_user_model()
    for username, password, superuser, display_name in DEMO_ACCOUNTS:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.is_staff = user.is_superuser = superuser
            user.save()
        # A demo account has no address to prove: it counts as verified, as older accounts do.
        VerifiedAddress.objects.get_or_create(
            user=user, defaults={"email": user.email, "source": VerifiedAddress.Source.DEMO}
        )
        if not user.first_name:  # accounts seeded before display names get theirs
            user.first_name = display_name
            user.save(update_fields=["first_name"])
        say(f"  {username:<9} password: {password}{'  (new)' if created else ''}")
    # The demo director creates events and keeps the player registry (an admin grants both on
    # a real site).
    director = User.objects.get(username="director")
    director.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label="tournament", codename__in=["keep_registry", "add_event"]
        )
    )


DEMO_EVENT_SLUG = "mso-ingenious-open-demo"
DEMO_PLAYERS = [
    # name, club, country, rating
    ("Amelia Hartley", "Cambridge", "ENG", 1985),
    ("Tomasz Kowalczyk", "Warsaw Mind Sports", "POL", 1940),
    ("Priya Raman", "Oxford", "ENG", 1902),
    ("Lukas Brenner", "Spielkreis Berlin", "GER", 1875),
    ("Siobhan Walsh", "Dublin Games Club", "IRL", 1850),
    ("Kenji Morita", "Tokyo Boardgamers", "JPN", 1822),
    ("Hannah Lindqvist", "Uppsala", "SWE", 1790),
    ("Oluwaseun Adeyemi", "London Mind Sports", "ENG", 1764),
    ("Marco Bellini", "Milano Giochi", "ITA", 1731),
    ("Fiona MacLeod", "Edinburgh", "SCO", 1700),
    ("David Okonkwo", "Manchester", "ENG", None),
    ("Claire Dubois", "Paris Jeux", "FRA", None),
]


DEMO_TABLES_SLUG = "standard-fours-demo"


def seed_event(say: Callable[[str], None]) -> None:
    """The MSO event with 12 players, round 1 paired (here, not by a worker) and published."""
    event = _seed_round_one(
        DEMO_EVENT_SLUG, DEMO_PLAYERS, name="MSO Ingenious Open (demo)", rounds=7
    )
    say(f"Demo event: {event.name} ({event.entries.count()} players, round 1 published)")


def seed_table_event(say: Callable[[str], None]) -> None:
    """The standard game at tables of 4: 10 of the demo players, round 1 at tables of 4, 3, 3."""
    event = _seed_round_one(
        DEMO_TABLES_SLUG,
        DEMO_PLAYERS[:10],
        name="Standard Fours (demo)",
        rounds=3,
        ruleset="standard",
        table_size=4,
        pairing_system="swiss",
    )
    say(f"Demo event: {event.name} ({event.entries.count()} players at tables of 4)")


def _seed_round_one(slug: str, players: list[Any], **fields: Any) -> Any:
    from tournament.models.events import Event, EventRole, Round
    from tournament.rights import services as rights

    User = get_user_model()
    director = User.objects.get(username="director")
    arbiter = User.objects.get(username="arbiter")
    event = Event.objects.filter(slug=slug).first()
    with transaction.atomic():
        if event is None:
            event = Event.objects.create(
                slug=slug,
                venue="JW3, London",
                start_date=timezone.localdate(),
                end_date=timezone.localdate(),
                created_by=director,
                **fields,
            )
        for user, role in ((director, EventRole.Role.DIRECTOR), (arbiter, EventRole.Role.ARBITER)):
            _, made = EventRole.objects.get_or_create(event=event, user=user, role=role)
            if made:  # every grant of a role is in the event's log
                rights.note_event_role(
                    event,
                    director,
                    person=user,
                    role=role,
                    granted=True,
                    reason="seed_demo: the demo event",
                )
        if not event.entries.exists():
            rows = ["name,club,country,rating"]
            rows += [f"{n},{c},{k},{r or ''}" for n, c, k, r in players]
            import_players_csv(event=event, user=director, text="\n".join(rows))
    round_ = event.round_set.filter(number=1).first()
    if round_ is None:
        round_ = start_pairing(event=event, user=director)
    if round_.status == Round.Status.PAIRING:
        compute_draft(round_.pk)
        round_.refresh_from_db()
    if round_.status == Round.Status.DRAFT:
        publish_round(round_=round_, user=director)
    return event
