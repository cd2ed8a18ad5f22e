"""factory_boy factories shared by the integration tests of every app."""

import datetime

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournament.models import Board, Entry, Event, EventRole, Player, Round, Seat, VerifiedAddress


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    # The name others see (tournament/names.py): a test's "td" shows as "td"; an address
    # typed as a name never shows.
    first_name = factory.LazyAttribute(lambda user: user.username)
    password = factory.django.Password("correct-horse-battery")

    @factory.post_generation
    def verified(self, create: bool, extracted: bool | None, **kwargs: object) -> None:
        """Its address counts as verified, as every account's before verification did;
        ``UserFactory(verified=False)`` is one that signed up and has not followed the link."""
        if create and extracted is not False:
            VerifiedAddress.objects.get_or_create(
                user=self, defaults={"email": self.email, "source": "existing"}
            )


def may_create_events(user: object) -> object:
    """Grant what the site's administrators grant a director: creating events."""
    user.user_permissions.add(  # type: ignore[attr-defined]
        Permission.objects.get(content_type__app_label="tournament", codename="add_event")
    )
    return user


class EventCreatorFactory(UserFactory):
    """A director the site's administrators named: may create events (``add_event``)."""

    class Meta:
        skip_postgeneration_save = True

    @factory.post_generation
    def may_create_events(self, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            may_create_events(self)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n:03d}")
    club = "Cambridge"
    country = "ENG"
    rating = factory.Sequence(lambda n: 2000 - n)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"MSO Ingenious {2026 + n}")
    venue = "JW3, London"
    start_date = datetime.date(2026, 8, 20)
    end_date = datetime.date(2026, 8, 20)
    rounds = 7
    tiebreak_chain = ["results_between", "progressive_difference", "progressive_level"]


class EventRoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventRole

    event = factory.SubFactory(EventFactory)
    user = factory.SubFactory(UserFactory)
    role = EventRole.Role.DIRECTOR


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)
    starting_rank = factory.Sequence(lambda n: n + 1)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = 1
    status = Round.Status.PUBLISHED


class BoardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Board
        skip_postgeneration_save = True  # the seats hook writes seats, not the board

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)
    first = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..round.event"))
    second = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..round.event"))

    @factory.post_generation
    def seats(board: Board, create: bool, extracted: object, **kwargs: object) -> None:
        """The board's seats, as tournament.services.seating writes them."""
        if create:
            for number, entry in enumerate(e for e in (board.first, board.second) if e):
                Seat.objects.create(board=board, number=number, entry=entry)


def director_of(event: Event, username: str = "td") -> object:
    user = UserFactory(username=username)
    EventRole.objects.get_or_create(event=event, user=user, role=EventRole.Role.DIRECTOR)
    return user


def arbiter_of(event: Event, username: str = "arb") -> object:
    user = UserFactory(username=username)
    EventRole.objects.get_or_create(event=event, user=user, role=EventRole.Role.ARBITER)
    return user


def with_registry_rights(user: object) -> object:
    """What an administrator gives a registrar: ``keep_registry`` (merges, registry players)."""
    user.user_permissions.add(  # type: ignore[attr-defined]
        Permission.objects.get(content_type__app_label="tournament", codename="keep_registry")
    )
    return user


def registrar(username: str = "registrar") -> object:
    return with_registry_rights(UserFactory(username=username))
