"""Issue 28: one form of a player's details (tournament/registry/forms.py) for everyone who types
them: a person adding themselves to the registry and a director correcting an entry (or entering
a new player, or a team's partner) get the same checks and the same messages, and nothing
changes when one fails."""

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, UserFactory, director_of
from tournament.models.events import Entry, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@dataclass
class Typist:
    """Someone who types a player's details on a page, and how to tell nothing changed."""

    client: Client
    url: str
    unchanged: Callable[[], bool]


def self_registering() -> Typist:
    ann = UserFactory(username="ann@example.org", email="ann@example.org", first_name="Ann")
    client = Client()
    client.force_login(ann)
    url = reverse("account-new-player")
    return Typist(client, url, lambda: not Player.objects.filter(user=ann).exists())


def correcting_director() -> Typist:
    event = EventFactory()
    entry = EntryFactory(event=event, player=PlayerFactory(name="Ada Lovelace", club="Leeds"))
    client = Client()
    client.force_login(director_of(event))
    url = reverse("entry-correct", args=[event.slug, entry.pk])

    def unchanged() -> bool:
        player = Entry.objects.select_related("player").get(pk=entry.pk).player
        return (player.name, player.club, player.country) == ("Ada Lovelace", "Leeds", "ENG")

    return Typist(client, url, unchanged)


TYPISTS = {"a person adding themselves": self_registering, "a director": correcting_director}
GOOD = {"name": "Ada King", "club": "Leeds", "country": "ENG", "rating": "1800"}


@pytest.mark.parametrize("who", TYPISTS)
@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "This field is required."),
        ({"name": "Ada\u0007King"}, "The name contains a control character (U+0007): remove it."),
        ({"club": "L" * 121}, "Ensure this value has at most 120 characters (it has 121)."),
        ({"club": "Leeds\tNorth"}, "The club contains a control character (U+0009, a tab)"),
        ({"country": "ENGL"}, "Ensure this value has at most 3 characters (it has 4)."),
        ({"country": "E1"}, "Country &#x27;E1&#x27; must be a code of 2 or 3 letters, e.g. ENG."),
    ],
)
def test_the_same_details_are_refused_with_the_same_message_for_both(
    who: str, change: dict[str, str], message: str
) -> None:
    typist = TYPISTS[who]()
    response = typist.client.post(typist.url, {**GOOD, **change})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert typist.unchanged()


@pytest.mark.parametrize("who", TYPISTS)
def test_both_pages_ask_for_the_details_alike(who: str) -> None:
    typist = TYPISTS[who]()
    page = typist.client.get(typist.url).content.decode()
    assert "A code of 2 or 3 letters, e.g. ENG." in page
    assert re.search(r'name="name"[^>]* maxlength="120" required', page)
    assert re.search(r'name="country"[^>]* maxlength="3" aria-describedby', page)


def test_a_new_partner_typed_in_is_checked_as_any_players_name() -> None:
    event = EventFactory(ruleset="partnership", table_size=4)
    client = Client()
    client.force_login(director_of(event))
    sent = {"name": "Ann Ash", "partner_name": "Ben\u0007Bow"}
    response = client.post(reverse("event-entry-add", args=[event.slug]), sent)
    assert "The name contains a control character (U+0007): remove it." in (
        response.content.decode()
    )
    assert not event.entries.exists()


def test_a_director_may_leave_the_name_out_to_enter_a_registry_player() -> None:
    event = EventFactory()
    client = Client()
    client.force_login(director_of(event))
    known = PlayerFactory(name="Grace Hopper")
    add = reverse("event-entry-add", args=[event.slug])
    response = client.post(add, {"player": known.pk})
    assert response.status_code == 302
    assert list(event.entries.values_list("player__name", flat=True)) == ["Grace Hopper"]
    refused = client.post(add, {"club": "Leeds"})
    assert "Choose a registry player or type a new player&#x27;s name." in (
        refused.content.decode()
    )
