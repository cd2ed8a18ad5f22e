"""Every number a user sends is read one way: ASCII digits only (issue 25, item 9).

``int()`` and ``Decimal()`` under DRF's and Django's fields took '٣' (Arabic-Indic) and '３'
(fullwidth) as 3: a rating, a round count, a board's levels or a clock typed in another script
was stored. Each is now refused naming its field, and nothing changes. '²' was already refused
by ``int()``; it stays refused."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from tests.factories import BoardFactory, PlayerFactory, RoundFactory, UserFactory
from tests.games.factories import board_with_game, fresh
from tests.result_calls import lowest
from tests.tournament.helpers import api_as, event_with_players
from tournament.checkin.models import CheckIn
from tournament.models.events import Board, Entry, Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

OTHER_DIGITS = ["٣", "²", "３"]  # Arabic-Indic three, superscript two, fullwidth three


@dataclass
class Sent:
    """What a case sent: the response, and a snapshot of what it must not have changed."""

    status: int
    body: str
    before: Any
    after: Callable[[], Any]


def entry_rating_via_api(digit: str) -> Sent:
    event, td = event_with_players(2)
    before = Entry.objects.count()
    response = api_as(td).post(
        f"/api/events/{event.slug}/entries/", {"name": "Zoe Quist", "rating": digit}, format="json"
    )
    return Sent(response.status_code, response.content.decode(), before, Entry.objects.count)


def entry_rating_on_the_page(digit: str) -> Sent:
    event, td = event_with_players(2)
    client = Client()
    client.force_login(td)
    before = Entry.objects.count()
    response = client.post(
        f"/events/{event.slug}/entries/add/", {"name": "Zoe Quist", "rating": digit}
    )
    return Sent(response.status_code, response.content.decode(), before, Entry.objects.count)


def round_count_via_api(digit: str) -> Sent:
    # ``rounds`` is a field DRF builds from the model (the ModelSerializer's own mapping).
    event, td = event_with_players(2, rounds=7)
    response = api_as(td).patch(f"/api/events/{event.slug}/", {"rounds": digit}, format="json")
    return Sent(
        response.status_code,
        response.content.decode(),
        7,
        lambda: Event.objects.get(pk=event.pk).rounds,
    )


def board_levels_via_api(digit: str) -> Sent:
    event, td = event_with_players(2)
    first, second = event.entries.order_by("starting_rank")
    board = BoardFactory(round=RoundFactory(event=event, number=1), sides=[first, second])
    response = api_as(td).patch(
        f"/api/events/{event.slug}/boards/{board.pk}/",
        {"result": "1-0", "first_lowest": digit, "second_lowest": 9},
        format="json",
    )
    return Sent(
        response.status_code,
        response.content.decode(),
        ("", None),
        lambda: (Board.objects.get(pk=board.pk).result, lowest(board)[0]),
    )


def check_in_round_via_api(digit: str) -> Sent:
    event, _td = event_with_players(2, check_in_required=True)
    player = event.entries.get(starting_rank=1).player
    player.user = UserFactory()
    player.save()
    response = api_as(player.user).post(
        f"/api/events/{event.slug}/check-in/", {"round": digit}, format="json"
    )
    return Sent(response.status_code, response.content.decode(), 0, CheckIn.objects.count)


def clock_adjustment_via_api(digit: str) -> Sent:
    board, game, arbiter = board_with_game()
    before = list(game.remaining_ms)
    response = api_as(arbiter).post(
        f"/api/games/{board.pk}/clock/",
        {
            "expected_index": 0,
            "operation": "adjust",
            "seat": 0,
            "remaining_ms": f"6000{digit}",
            "reason": "wrong setting",
        },
        format="json",
    )

    def after(game: Game = game) -> Any:
        return fresh(game).remaining_ms

    return Sent(response.status_code, response.content.decode(), before, after)


CASES: dict[str, tuple[Callable[[str], Sent], str]] = {
    "entry rating (API)": (entry_rating_via_api, '"rating"'),
    "entry rating (page)": (entry_rating_on_the_page, "Enter a whole number."),
    "round count (API)": (round_count_via_api, '"rounds"'),
    "board levels (API)": (board_levels_via_api, '"first_lowest"'),
    "check-in round (API)": (check_in_round_via_api, '"round"'),
    "clock adjustment (API)": (clock_adjustment_via_api, '"remaining_ms"'),
}
PAGES = {"entry rating (page)"}


@pytest.mark.parametrize("digit", OTHER_DIGITS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_number_in_another_script_is_refused_naming_its_field(case: str, digit: str) -> None:
    send, named = CASES[case]
    sent = send(digit)
    if case in PAGES:
        assert sent.status == 200  # the form again, with its message
    else:
        assert sent.status == 400, sent.body[:300]
        assert "A valid integer is required." in sent.body
    assert named in sent.body, sent.body[:300]
    assert sent.after() == sent.before


def in_arabic_indic(number: int) -> str:
    return str(number).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))


def test_a_registry_player_named_by_an_id_in_another_script_is_not_looked_up() -> None:
    # The database lookup itself took pk='٣' as 3: the API's and the page's player choice.
    event, td = event_with_players(0)
    player = PlayerFactory()
    api = api_as(td).post(
        f"/api/events/{event.slug}/entries/", {"player": in_arabic_indic(player.pk)}, format="json"
    )
    assert api.status_code == 400, api.content[:300]
    assert api.json()["player"] == ["A valid integer is required."]
    client = Client()
    client.force_login(td)
    page = client.post(f"/events/{event.slug}/entries/add/", {"player": in_arabic_indic(player.pk)})
    assert page.status_code == 200
    assert "Select a valid choice." in page.content.decode()
    assert event.entries.count() == 0


def test_the_admin_refuses_a_rating_in_another_script() -> None:
    player = PlayerFactory(rating=1500)
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    url = f"/admin/tournament/player/{player.pk}/change/"
    form = {"name": player.name, "club": "", "country": "", "rating": "١٨٠٠", "contact": ""}
    response = client.post(url, form)
    assert response.status_code == 200  # the form again
    assert "Enter a whole number." in response.content.decode()
    player.refresh_from_db()
    assert player.rating == 1500


def test_a_page_number_in_another_script_is_not_a_page() -> None:
    PlayerFactory.create_batch(51)  # two pages of 50
    user = UserFactory()
    api = api_as(user).get("/api/players/?page=٢")
    assert api.status_code == 404
    assert api.json()["detail"] == "Invalid page."
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))  # the registry's keeper
    page = client.get("/players/?page=٢")
    assert page.status_code == 200
    assert page.context["page"].number == 1


@pytest.mark.parametrize("points", ["٠.٥", "１", "0.٥"])
def test_a_bye_value_in_another_script_is_refused(points: str) -> None:
    # DRF's DecimalField reads through Decimal(), which took '１' as 1.
    event, td = event_with_players(0, bye_value="0.5")
    response = api_as(td).patch(f"/api/events/{event.slug}/", {"bye_value": points}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["bye_value"] == ["A valid number is required."]
    event.refresh_from_db()
    assert str(event.bye_value) == "0.5"
