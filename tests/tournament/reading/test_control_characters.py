"""Names and free texts refuse control characters, with a message naming the field, on the
pages and the API, and nothing is stored (issue 25, item 12: names with line breaks were
stored, and split every export's lines)."""

from datetime import date
from typing import Any

import pytest
from django.test import Client

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventCreatorFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    director_of,
)
from tests.tournament.helpers import api_as
from tournament.errors import DomainError
from tournament.festivals.models import FestivalRequest
from tournament.models.events import Event, Festival, Player
from tournament.results.models import ResultCorrection
from tournament.rights.models import RightsChange
from tournament.text import NoControlCharacters

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

# A line break, a carriage return, a tab, ESC (C0), NEL (C1), DEL, the line separator and a
# right-to-left override: each typed into a name, and each refused.
CONTROLS = {
    "\n": "U+000A, a line break",
    "\r": "U+000D, a line break",
    "\t": "U+0009, a tab",
    "\x1b": "U+001B",
    "\x85": "U+0085",
    "\x7f": "U+007F",
    "\u2028": "U+2028",
    "\u202e": "U+202E",
}


def refusal(field: str, char: str) -> str:
    return f"The {field} contains a control character ({CONTROLS[char]}): remove it."


@pytest.mark.parametrize("char", list(CONTROLS))
def test_the_api_refuses_a_new_players_name_with_a_control_character(char: str) -> None:
    event = EventFactory()
    players = Player.objects.count()
    answer = api_as(director_of(event)).post(
        f"/api/events/{event.slug}/entries/", {"name": f"Ann{char}Smith"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json() == {"name": [refusal("name", char)]}
    assert Player.objects.count() == players
    assert event.entries.count() == 0


def test_the_api_refuses_an_event_name_and_a_reason_naming_the_field() -> None:
    creator = EventCreatorFactory()
    answer = api_as(creator).post("/api/events/", {"name": "Autumn\nOpen"}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"name": [refusal("name", "\n")]}
    assert not Event.objects.exists()

    board = BoardFactory(result="1-0")
    event = board.round.event
    answer = api_as(director_of(event)).post(
        f"/api/events/{event.slug}/boards/{board.pk}/reopen/",
        {"reason": "scoresheet\thanded in"},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json() == {"reason": [refusal("reason", "\t")]}
    board.refresh_from_db()
    assert (board.result, ResultCorrection.objects.count()) == ("1-0", 0)


def test_the_api_refuses_a_player_edited_with_a_line_break() -> None:
    player = PlayerFactory(club="York")
    keeper = UserFactory(username="keeper", is_staff=True, is_superuser=True)
    answer = api_as(keeper).patch(
        f"/api/players/{player.pk}/", {"club": "York\nLeeds"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json() == {"club": [refusal("club", "\n")]}
    player.refresh_from_db()
    assert player.club == "York"


def test_a_csv_name_with_a_line_break_is_refused_by_its_line_and_nothing_is_imported() -> None:
    event = EventFactory()
    text = 'name,club\nAnn Smith,York\n"Bo\nBrown",Leeds\n'
    answer = api_as(director_of(event)).post(
        f"/api/events/{event.slug}/entries/import/", {"text": text}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"] == [f"line 3: {refusal('name', chr(10))}"]
    assert event.entries.count() == 0


def test_the_refusal_is_in_the_readers_language() -> None:
    event = EventFactory()
    client = api_as(director_of(event))
    answer = client.post(
        f"/api/events/{event.slug}/entries/",
        {"name": "Ann", "club": "York\tLeeds"},
        format="json",
        headers={"accept-language": "de"},
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "club": [
            "Das Feld „Verein“ enthält ein Steuerzeichen (U+0009, ein Tabulator): Entfernen Sie es."
        ]
    }


def page_client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_entry_page_refuses_a_club_with_a_tab_next_to_the_field() -> None:
    event = EventFactory()
    page = page_client(director_of(event))
    response = page.post(
        f"/events/{event.slug}/entries/add/", {"name": "Ann Smith", "club": "York\tLeeds"}
    )
    assert response.status_code == 200
    assert response.context["entry_form"].errors == {"club": [refusal("club", "\t")]}
    assert event.entries.count() == 0


def test_the_event_and_festival_forms_refuse_a_name_with_a_line_break() -> None:
    event = EventFactory(name="Autumn Open", venue="JW3")
    page = page_client(director_of(event))
    form = page.get(f"/events/{event.slug}/edit/").context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None}
    response = page.post(f"/events/{event.slug}/edit/", {**data, "venue": "JW3\u202e"})
    assert response.status_code == 200
    assert response.context["form"].errors == {"venue": [refusal("venue", "\u202e")]}
    event.refresh_from_db()
    assert event.venue == "JW3"

    organiser = UserFactory(username="organiser", is_staff=True, is_superuser=True)
    response = page_client(organiser).post(
        "/festivals/new/",
        {
            "name": "MSO\n2026",
            "starts": "2026-08-20",
            "ends": "2026-08-30",
            "time_zone": "Europe/London",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {"name": [refusal("name", "\n")]}
    assert not Festival.objects.exists()


def test_no_write_path_stores_one_the_models_refuse_it_on_save() -> None:
    """The admin, a task or a service that forgets: the save itself refuses."""
    with pytest.raises(DomainError) as refused:
        Player.objects.create(name="Ann\nSmith")
    assert (refused.value.field, refused.value.message) == ("name", refusal("name", "\n"))
    assert not Player.objects.exists()
    entry = EntryFactory()
    entry.player.family = "Smith\x1b"
    with pytest.raises(DomainError):
        entry.player.save(update_fields=["family"])
    entry.player.club = "York\n"
    entry.player.save(update_fields=["rating"])  # the club is not written: not checked


@pytest.mark.parametrize(
    "name",
    [
        "Zoë Ångström-Ørsted",
        "Mo\u200chammad",  # a zero-width non-joiner, as Persian names use
        "\u05e9\u05dc\u05d5\u05dd Cohen",  # Hebrew: right-to-left letters are letters
        "李 小龙",
    ],
)
def test_names_in_any_writing_system_are_accepted(name: str) -> None:
    event = EventFactory()
    answer = api_as(director_of(event)).post(
        f"/api/events/{event.slug}/entries/", {"name": name}, format="json"
    )
    assert answer.status_code == 201
    assert Player.objects.get().name == name


def test_a_message_typed_in_a_text_area_may_hold_line_breaks_only() -> None:
    validator = NoControlCharacters("message", multiline=True)
    validator("I played at Cambridge.\r\nAsk Bo.")
    with pytest.raises(Exception, match=r"U\+0007"):
        validator("ring\x07")


def test_the_reason_of_a_rights_change_or_a_festival_request_refuses_a_line_break() -> None:
    """The rights log and festival requests came after the check: their reasons are free
    texts a person types (the admin's reason, a director's decline)."""
    with pytest.raises(DomainError) as refused:
        RightsChange.objects.create(subject="td", change="is now staff", reason="why\nnot")
    assert (refused.value.field, refused.value.message) == ("reason", refusal("reason", "\n"))
    assert not RightsChange.objects.exists()
    festival = Festival.objects.create(
        name="MSO", slug="mso", starts=date(2026, 8, 20), ends=date(2026, 8, 30)
    )
    request = FestivalRequest(festival=festival, event=EventFactory(), reason="late\x07")
    with pytest.raises(DomainError):
        request.save()
    assert not FestivalRequest.objects.exists()
