"""No page, API response or e-mail shows a person's e-mail address to anyone but its owner
(issue 25, item 5). Sign-up makes the address the user name, so every place that named a
person by user name printed an address: the game log, the confirmation page, the event log,
"entered by" texts, the result e-mails. Others see the display name (tournament/names.py)."""

import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from games.clocks.services import press_clock, start_clock
from games.demo import played_actions
from games.recording.services import record_action
from games.recording.setup import game_for_board
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    EventRoleFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
)
from tests.tournament.helpers import api_as
from tournament.claims.models import PlayerClaim
from tournament.claims.services import claim_player
from tournament.confirmations.services import confirm_result
from tournament.entries import online as online_entry
from tournament.entries.services import add_entry
from tournament.errors import Conflict
from tournament.models.events import Board, Entry, Event, EventRole, Result
from tournament.names import display_name
from tournament.notifications import services as notifications
from tournament.results.models import ResultCorrection
from tournament.results.services import entered_by, set_board_result

pytestmark = pytest.mark.usefixtures("tasks_in_process")

ADDRESS = re.compile(r"[\w.+-]+@example\.org")


def signed_up(address: str, name: str = "") -> Any:
    """An account as sign-up makes it: the address is the user name (no password: the tests
    log in with force_login, and hashing a dozen passwords per test costs seconds)."""
    return UserFactory(username=address, email=address, first_name=name, password="!")


def claimed(entry: Entry, user: Any) -> Any:
    entry.player.user = user
    entry.player.save(update_fields=["user"])
    return user


@dataclass
class Scene:
    event: Event
    game_board: Board  # Alice v Bob, recorded at the board by the arbiter
    paper_board: Board  # Carol v Dave, Carol has given her word
    decided_board: Board  # Erin v Finn, the director entered the result
    director: Any
    arbiter: Any
    carol: Any
    dave: Any
    stranger: Any
    co_director: Any


def scene() -> Scene:
    event = EventFactory(
        tiebreak_chain=["results_between", "buchholz"], entry_open=True, entry_approval=True
    )
    director = signed_up("dora.director@example.org", "Dora")
    arbiter = signed_up("arnie.arbiter@example.org")  # no name chosen: "User N"
    co_director = signed_up("cody.codirector@example.org", "Cody")
    for user, role in (
        (director, EventRole.Role.DIRECTOR),
        (co_director, EventRole.Role.DIRECTOR),
        (arbiter, EventRole.Role.ARBITER),
    ):
        EventRoleFactory(event=event, user=user, role=role)
    round_ = RoundFactory(event=event, number=1)
    names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Finn"]
    entries = [
        EntryFactory(event=event, player=PlayerFactory(name=name), starting_rank=rank)
        for rank, name in enumerate(names, start=1)
    ]
    boards = [
        BoardFactory(round=round_, number=n, sides=[entries[2 * n - 2], entries[2 * n - 1]])
        for n in (1, 2, 3)
    ]
    for entry in entries:
        claimed(entry, signed_up(f"{entry.player.name.lower()}@example.org"))
    carol, dave = entries[2].player.user, entries[3].player.user

    game = game_for_board(boards[0])
    start_clock(game=game, user=arbiter, expected_index=0)
    for action in played_actions(seed=3)[:1]:
        game.refresh_from_db()
        record_action(game=game, user=arbiter, expected_index=game.log_length, action=action)
    confirm_result(board=boards[1], user=carol, result=Result.FIRST_WINS)
    set_board_result(board=boards[2], result=Result.FIRST_WINS, user=director)

    # The director enters a player, the arbiter checks nobody in; a sign-up asks to enter
    # online and the director decides; another sign-up claims a player of the event.
    gina = PlayerFactory(name="Gina")
    add_entry(event=event, user=director, player=gina)
    hal = signed_up("hal@example.org", "Hal")
    PlayerFactory(name="Hal", user=hal)
    request = online_entry.enter_online(event=event, user=hal)
    online_entry.refuse_entry_request(entry_request=request, user=director, reason="full")
    ivy = signed_up("ivy@example.org", "Ivy")
    claim_player(user=ivy, player=gina)
    return Scene(
        event,
        boards[0],
        boards[1],
        boards[2],
        director,
        arbiter,
        carol,
        dave,
        signed_up("stan.stranger@example.org", "Stan"),
        co_director,
    )


def addresses_in(text: str, owner: Any = None) -> set[str]:
    """The addresses in ``text`` that are not ``owner``'s own."""
    own = {owner.email} if owner is not None else set()
    return set(ADDRESS.findall(text)) - own


def fetch(user: Any, url: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def fetch_api(user: Any, url: str) -> str:
    response = api_as(user).get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


@pytest.mark.django_db
def test_the_display_name_is_the_claimed_player_else_the_chosen_name_else_a_number() -> None:
    chosen = signed_up("pat@example.org", "Pat")
    nameless = signed_up("quinn@example.org")
    typed_address = signed_up("rob@example.org", "rob@example.org")
    player_owner = signed_up("sue@example.org", "Susie")
    PlayerFactory(name="Susan Smith", user=player_owner)
    assert display_name(chosen) == "Pat"
    assert display_name(nameless) == f"User {nameless.pk}"
    assert display_name(typed_address) == f"User {typed_address.pk}"
    assert display_name(player_owner) == "Susan Smith"
    assert display_name(None) == ""


@pytest.mark.django_db
def test_the_public_game_log_names_the_arbiter_without_the_address() -> None:
    s = scene()
    board = s.game_board.pk
    shown = f"User {s.arbiter.pk}"
    for user in (None, s.stranger):
        for url in (f"/games/board/{board}/", f"/games/board/{board}/live/"):
            page = fetch(user, url)
            assert addresses_in(page, user) == set(), url
            assert shown in page, url
        state = api_as(user).get(f"/api/games/{board}/", {"log": "true"}).json()
        assert {e["user"] for e in state["log"]} == {shown}
        assert addresses_in(str(state)) == set()


@pytest.mark.django_db
def test_the_confirmation_page_and_api_show_the_opponent_by_name() -> None:
    s = scene()
    url = f"/events/{s.event.slug}/boards/{s.paper_board.pk}/confirm/"
    page = fetch(s.dave, url)
    assert addresses_in(page, s.dave) == set()
    assert "Carol" in page
    body = api_as(s.dave).get(f"/api/boards/{s.paper_board.pk}/confirmations/").json()
    assert addresses_in(str(body), s.dave) == set()
    assert "Carol" in str(body)


@pytest.mark.django_db
def test_entered_by_texts_name_the_director_without_the_address() -> None:
    s = scene()
    who = entered_by(s.decided_board)
    assert who == "Dora"
    s.decided_board.refresh_from_db()
    erin = s.decided_board.sides[0].player.user
    with pytest.raises(Conflict, match="entered by Dora") as refused:
        confirm_result(board=s.decided_board, user=erin, result=Result.SECOND_WINS)
    assert addresses_in(str(refused.value)) == set()


@pytest.mark.django_db
def test_the_result_e_mails_name_who_entered_it_without_the_address() -> None:
    s = scene()
    # The director's role ends before the e-mail goes: it names the person.
    EventRole.objects.filter(event=s.event, user=s.director).delete()
    correction = ResultCorrection.objects.get(board=s.decided_board)
    mail.outbox.clear()
    notifications.notify_result(correction.pk)
    assert len(mail.outbox) == 2
    for message in mail.outbox:
        (to,) = message.to
        text = f"{message.subject}\n{message.body}"
        assert "entered by Dora" in text
        assert addresses_in(text) - {to} == set()


@pytest.mark.django_db
def test_no_page_or_api_response_shows_an_address_but_its_owners() -> None:
    s = scene()
    slug = s.event.slug
    public = [
        f"/events/{slug}/",
        f"/events/{slug}/rounds/1/",
        f"/events/{slug}/standings/",
        f"/games/board/{s.game_board.pk}/",
        f"/games/board/{s.game_board.pk}/live/",
    ]
    public_api = [
        f"/api/events/{slug}/",
        f"/api/events/{slug}/rounds/1/",
        f"/api/games/{s.game_board.pk}/?log=true",
    ]
    staff = [
        f"/events/{slug}/log/",
        f"/events/{slug}/roles/",
        f"/events/{slug}/entries/",
        f"/events/{slug}/boards/{s.decided_board.pk}/result/",
        f"/events/{slug}/check-in/manage/",
        f"/events/{slug}/entry-requests/",
        f"/events/{slug}/notifications/",
        "/claims/",
    ]
    staff_api = [
        f"/api/events/{slug}/corrections/",
        f"/api/events/{slug}/pairing-changes/",
        f"/api/events/{slug}/roles/",
        f"/api/events/{slug}/check-ins/",
        f"/api/events/{slug}/entry-requests/",
        "/api/claims/",
    ]
    for user in (None, s.stranger, s.co_director):
        for url in public:
            assert addresses_in(fetch(user, url), user) == set(), (user, url)
        for url in public_api:
            assert addresses_in(fetch_api(user, url), user) == set(), (user, url)
    for url in staff:
        page = fetch(s.co_director, url)
        assert addresses_in(page, s.co_director) == set(), url
    for url in staff_api:
        assert addresses_in(fetch_api(s.co_director, url), s.co_director) == set(), url
    # The names others see are there instead.
    assert "Dora" in fetch(s.co_director, f"/events/{slug}/log/")
    assert "Dora" in fetch(s.co_director, f"/events/{slug}/roles/")
    assert "Ivy claims Gina" in fetch(s.co_director, "/claims/")
    assert PlayerClaim.objects.filter(user__first_name="Ivy").exists()


@pytest.mark.django_db
def test_a_registrar_deciding_a_claim_sees_the_claimants_address() -> None:
    scene()
    registrar = UserFactory(username="reg", is_staff=True)
    page = fetch(registrar, "/claims/")
    assert "Ivy claims Gina" in page
    assert "ivy@example.org" in page


@pytest.mark.django_db
def test_ones_own_address_is_shown_to_oneself() -> None:
    s = scene()
    me = api_as(s.carol).get("/api/me/").json()
    assert me["email"] == "carol@example.org"
    assert "carol@example.org" in fetch(s.carol, "/account/")


@pytest.mark.django_db
def test_sign_up_refuses_an_address_as_the_display_name() -> None:
    before = get_user_model().objects.count()
    response = Client().post(
        "/accounts/signup/",
        {
            "email": "me@example.org",
            "display_name": "me@example.org",
            "password": "a-long-unusual-passphrase",
            "password2": "a-long-unusual-passphrase",
        },
    )
    assert response.status_code == 200
    assert "leave your e-mail address out of it" in response.content.decode()
    assert get_user_model().objects.count() == before


@pytest.mark.django_db
def test_removing_a_role_names_the_person_without_the_address() -> None:
    s = scene()
    role = EventRole.objects.get(event=s.event, user=s.arbiter)
    client = Client()
    client.force_login(s.co_director)
    url = f"/events/{s.event.slug}/roles/{role.pk}/remove/"
    page = client.post(url, follow=True).content.decode()
    assert f"User {s.arbiter.pk} is no longer arbiter." in page
    assert addresses_in(page, s.co_director) == set()


@pytest.mark.django_db
def test_naming_the_game_logs_people_costs_no_query_per_action() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.recording.selectors import log_entries

    s = scene()
    PlayerFactory(name="Arnie Arbiter", user=s.arbiter)  # the arbiter plays too
    game = game_for_board(s.game_board)
    with CaptureQueriesContext(connection) as short:
        assert {e["user"] for e in log_entries(game)} == {"Arnie Arbiter"}
    for action in played_actions(seed=3)[1:6]:
        game.refresh_from_db()
        if game.clock_seat is not None and action["player"] != game.clock_seat:
            press_clock(game=game, user=s.arbiter, expected_index=game.log_length)
            game.refresh_from_db()
        record_action(game=game, user=s.arbiter, expected_index=game.log_length, action=action)
    with CaptureQueriesContext(connection) as long:
        assert len(log_entries(game)) > 6
    assert len(long) == len(short)


@pytest.mark.django_db
def test_a_person_without_a_player_changes_the_name_others_see() -> None:
    s = scene()
    client = Client()
    client.force_login(s.arbiter)
    account = client.get("/account/").content.decode()
    assert f"Others see you as <strong>User {s.arbiter.pk}</strong>" in account
    refused = client.post("/account/name/", {"display_name": "arnie@example.org"}, follow=True)
    assert "leave your e-mail address out of it" in refused.content.decode()
    too_long = client.post("/account/name/", {"display_name": "A" * 151}, follow=True)
    assert "longer than 150 characters" in too_long.content.decode()
    assert get_user_model().objects.get(pk=s.arbiter.pk).first_name == ""
    done = client.post("/account/name/", {"display_name": "  Arnie  "}, follow=True)
    assert "Others now see you as Arnie." in done.content.decode()
    page = fetch(None, f"/games/board/{s.game_board.pk}/")
    assert "Arnie" in page and "arnie.arbiter@example.org" not in page
