"""Players' accounts: sign-up, password reset by e-mail, the account page and its settings."""

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.factories import PlayerFactory, UserFactory
from tournament.accounts import services as accounts
from tournament.errors import DomainError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

GOOD_PASSWORD = "tile-hexagon-orange-47"


def sign_up(client: Client, **overrides: str) -> Any:
    data = {
        "email": "Ann.Player@Example.org",
        "display_name": "Ann Player",
        "password": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
        **overrides,
    }
    return client.post(reverse("signup"), data)


def test_sign_up_creates_a_lower_cased_unverified_account_and_mails_the_link(
    mailoutbox: list[Any],
) -> None:
    client = Client()
    response = sign_up(client)
    assert response.status_code == 302 and response["Location"] == reverse("signup-done")
    user = get_user_model().objects.get()
    assert user.username == user.email == "ann.player@example.org"
    assert user.first_name == "Ann Player"
    assert user.check_password(GOOD_PASSWORD)
    # Not signed in (that would tell a new address from a known one): the link comes by e-mail.
    assert client.get(reverse("account")).status_code == 302
    assert [m.to for m in mailoutbox] == [["ann.player@example.org"]]
    assert "http://testserver/accounts/verify/" in mailoutbox[0].body
    client.post(reverse("login"), {"username": user.username, "password": GOOD_PASSWORD})
    page = client.get(reverse("account"))
    assert page.status_code == 200
    assert page.wsgi_request.user == user
    assert b"Ann Player" in page.content and b"not linked to a player yet" in page.content


def test_a_player_logs_in_with_their_email_in_any_case() -> None:
    sign_up(Client())
    client = Client()
    login = {"username": " Ann.Player@EXAMPLE.org", "password": GOOD_PASSWORD}
    response = client.post(reverse("login"), login)
    assert response.status_code == 302
    assert client.get(reverse("account")).wsgi_request.user.username == "ann.player@example.org"
    wrong = Client().post(reverse("login"), {**login, "password": "not-it"})
    assert wrong.status_code == 200 and b"didn't match" in wrong.content


def test_sign_up_with_an_email_already_used_whatever_its_case_makes_nothing_and_mails_it(
    mailoutbox: list[Any],
) -> None:
    UserFactory(username="ann.player@example.org", email="ann.player@example.org")
    response = sign_up(Client(), email="ANN.player@example.org")
    assert response.status_code == 302 and response["Location"] == reverse("signup-done")
    assert get_user_model().objects.count() == 1
    assert [m.to for m in mailoutbox] == [["ann.player@example.org"]]
    assert "already has an account" in mailoutbox[0].body


def test_sign_up_shows_django_password_validators_messages() -> None:
    client = Client()
    short = sign_up(client, password="abc", password2="abc").content.decode()
    assert "This password is too short" in short
    common = sign_up(client, password="password123", password2="password123").content.decode()
    assert "This password is too common" in common
    differ = sign_up(client, password2=GOOD_PASSWORD + "x").content.decode()
    assert "The two passwords differ" in differ
    assert not get_user_model().objects.exists()


def test_sign_up_service_names_the_field_at_fault() -> None:
    with pytest.raises(DomainError) as bad_email:
        accounts.sign_up(email="not-an-email", password=GOOD_PASSWORD, display_name="A")
    assert bad_email.value.field == "email"
    with pytest.raises(DomainError) as bad_email:
        accounts.check_sign_up(email="not-an-email", password=GOOD_PASSWORD, display_name="A")
    assert bad_email.value.field == "email"
    with pytest.raises(DomainError) as no_name:
        accounts.sign_up(email="a@example.org", password=GOOD_PASSWORD, display_name="  ")
    assert no_name.value.field == "display_name"
    with pytest.raises(DomainError) as weak:
        accounts.sign_up(email="a@example.org", password="qwerty", display_name="A")
    assert weak.value.field == "password"
    assert "too short" in weak.value.message and "too common" in weak.value.message
    assert not get_user_model().objects.exists()


def test_the_login_page_links_to_sign_up_and_password_reset() -> None:
    page = Client().get(reverse("login")).content.decode()
    assert f'href="{reverse("password_reset")}"' in page and "Forgot your password?" in page
    assert f'href="{reverse("signup")}"' in page


def test_a_signed_in_person_is_sent_from_sign_up_to_their_account() -> None:
    client = Client()
    client.force_login(UserFactory())
    response = client.get(reverse("signup"))
    assert response.status_code == 302 and response["Location"] == reverse("account")


def test_password_reset_mails_a_link_that_sets_a_new_password(mailoutbox: list[Any]) -> None:
    user = UserFactory(username="bob@example.org", email="bob@example.org")
    client = Client()
    response = client.post(reverse("password_reset"), {"email": "Bob@Example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["bob@example.org"] and "\n" not in mail.subject
    link = re.search(r"https?://testserver(/accounts/password-reset/\S+/)", mail.body)
    assert link is not None, mail.body
    form_page = client.get(link.group(1), follow=True)
    assert form_page.status_code == 200 and form_page.context["validlink"]
    new = "another-long-passphrase-92"
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}
    )
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")
    user.refresh_from_db()
    assert user.check_password(new)
    # The link works once.
    again = client.get(link.group(1), follow=True)
    assert not again.context["validlink"]
    assert b"This link does not work" in again.content


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(
    mailoutbox: list[Any],
) -> None:
    response = Client().post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert mailoutbox == []


def test_the_account_page_needs_a_login() -> None:
    response = Client().get(reverse("account"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_account_page_shows_the_player_and_the_notification_switch() -> None:
    user = UserFactory()
    player = PlayerFactory(name="Ann Player", user=user, notify=True)
    client = Client()
    client.force_login(user)
    page = client.get(reverse("account")).content.decode()
    assert "Ann Player" in page and "E-mail me my pairings and results" in page
    assert 'href="/me/"' in page or "my-games" in page  # the My games link
    # Switching it off: an unchecked box is absent from the form.
    response = client.post(reverse("account-notify"), {})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.notify is False
    client.post(reverse("account-notify"), {"notify": "on"})
    player.refresh_from_db()
    assert player.notify is True


def test_the_notification_switch_without_a_player_changes_nothing_and_says_why() -> None:
    user = UserFactory()
    client = Client()
    client.force_login(user)
    response = client.post(reverse("account-notify"), {"notify": "on"}, follow=True)
    assert b"Claim your player first" in response.content


def test_the_account_page_creates_renews_and_revokes_an_api_token() -> None:
    user = UserFactory()
    client = Client()
    client.force_login(user)
    assert b"You have no API token." in client.get(reverse("account")).content
    client.post(reverse("account-token"))
    first = Token.objects.get(user=user).key
    assert first.encode() in client.get(reverse("account")).content
    client.post(reverse("account-token"))
    second = Token.objects.get(user=user).key
    assert second != first
    client.post(reverse("account-token-revoke"))
    assert not Token.objects.filter(user=user).exists()


def test_account_writes_refuse_get_and_anonymous_posts() -> None:
    client = Client()
    assert client.post(reverse("account-token")).status_code == 302  # to the login page
    assert not Token.objects.exists()
    client.force_login(UserFactory())
    assert client.get(reverse("account-token")).status_code == 405
    assert not Token.objects.exists()


def test_a_display_name_with_a_line_break_is_refused_naming_the_field() -> None:
    with pytest.raises(DomainError) as broken:
        accounts.sign_up(email="a@example.org", password=GOOD_PASSWORD, display_name="Ann\nB")
    assert broken.value.field == "display_name"
    assert "display name contains a control character" in broken.value.message
    assert not get_user_model().objects.exists()
