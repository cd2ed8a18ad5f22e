"""factory_boy factories shared by the integration tests of every app."""

import datetime

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournament.accounts.models import VerifiedAddress
from tournament.models.events import Board, Entry, Event, EventRole, Player, Round
from tournament.rounds import seating


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
    """A board seated through tournament.rounds.seating: ``sides`` in seat order (one for a
    bye or an absence; two fresh entries unless given), ``result`` stored with the seats'
    placings, ``lowest`` each side's lowest level; other fields (``result_check`` ...) as
    given."""

    class Meta:
        model = Board

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)
    sides = factory.LazyAttribute(
        lambda board: [EntryFactory(event=board.round.event) for _ in range(2)]
    )

    @classmethod
    def _create(
        cls,
        model_class: type[Board],
        *,
        round: Round,  # noqa: A002 (the model's field)
        number: int,
        sides: list[Entry],
        result: str = "",
        lowest: tuple[int | None, ...] = (),
        **fields: object,
    ) -> Board:
        board = seating.seat_board(
            round, number, seating.Table([e.pk for e in sides if e is not None], result)
        )
        if fields:
            Board.objects.filter(pk=board.pk).update(**fields)
        if result or lowest:  # a pair's placings follow its code, as the result service writes
            placings = {"1-0": (1, 2), "0-1": (2, 1), "1/2-1/2": (1, 1)}.get(result, ())
            seating.settle_seats(
                board,
                [
                    (placings[i] if i < len(placings) else None, [] if level is None else [level])
                    for i, level in enumerate(list(lowest) + [None] * (len(sides) - len(lowest)))
                ],
            )
        board.refresh_from_db()
        return board


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
