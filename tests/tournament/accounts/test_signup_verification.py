"""Signing up tells nobody which addresses have accounts, and an address is proved by the link
e-mailed to it before its account may claim a player or enter events online (pages and API).
Password reset answers alike for known and unknown addresses, and its link proves the address."""

import datetime
import re
from typing import Any

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournament.accounts import verification
from tournament.accounts.models import VerifiedAddress
from tournament.claims.models import PlayerClaim
from tournament.models.events import Entry, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

GOOD_PASSWORD = "tile-hexagon-orange-47"


def sign_up(client: Client, email: str = "ann@example.org", **overrides: str) -> Any:
    data = {
        "email": email,
        "display_name": "Ann Player",
        "password": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
        **overrides,
    }
    return client.post(reverse("signup"), data)


def link_in(body: str) -> str:
    found = re.search(r"https?://testserver(/accounts/verify/\S+/)", body)
    assert found is not None, body
    return found.group(1)


def without_csrf(response: Any) -> str:
    """The page less its CSRF token, which differs for every rendering."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())


def signed_up_and_logged_in(mailoutbox: list[Any], email: str = "ann@example.org") -> Client:
    client = Client()
    assert sign_up(client, email).status_code == 302
    login = client.post(reverse("login"), {"username": email, "password": GOOD_PASSWORD})
    assert login.status_code == 302  # an unverified account signs in
    return client


# ---------------------------------------------------------------- no enumeration


def test_sign_up_answers_the_same_for_a_registered_and_a_new_address(
    mailoutbox: list[Any],
) -> None:
    owner = UserFactory(username="bob@example.org", email="bob@example.org")
    known = sign_up(Client(), "Bob@Example.org")
    new = sign_up(Client(), "carol@example.org")
    assert known.status_code == new.status_code == 302
    assert known["Location"] == new["Location"] == reverse("signup-done")
    assert "sessionid" not in known.cookies and "sessionid" not in new.cookies
    known_page = Client().get(known["Location"]).content
    assert known_page == Client().get(new["Location"]).content
    assert b"Check your e-mail" in known_page
    # Nothing was made for the registered address; its owner is told, and offered a reset.
    assert get_user_model().objects.filter(email__iexact="bob@example.org").count() == 1
    owner.refresh_from_db()
    assert owner.check_password("correct-horse-battery")
    assert [m.to for m in mailoutbox] == [["bob@example.org"], ["carol@example.org"]]
    assert "already has an account" in mailoutbox[0].body
    assert "http://testserver/accounts/password-reset/" in mailoutbox[0].body
    assert "/accounts/verify/" not in mailoutbox[0].body
    assert "/accounts/verify/" in mailoutbox[1].body


def test_a_weak_password_is_refused_alike_for_a_registered_and_a_new_address() -> None:
    UserFactory(username="bob@example.org", email="bob@example.org")
    known = sign_up(Client(), "bob@example.org", password="abc", password2="abc")
    new = sign_up(Client(), "carol@example.org", password="abc", password2="abc")
    assert known.status_code == new.status_code == 200
    assert "This password is too short" in known.content.decode()
    assert without_csrf(known).replace("bob@", "carol@") == without_csrf(new)


def test_password_reset_answers_the_same_for_a_registered_and_an_unknown_address(
    mailoutbox: list[Any],
) -> None:
    UserFactory(username="bob@example.org", email="bob@example.org")
    known = Client().post(reverse("password_reset"), {"email": "bob@example.org"})
    unknown = Client().post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"] == reverse("password_reset_done")
    assert Client().get(known["Location"]).content == Client().get(unknown["Location"]).content
    assert [m.to for m in mailoutbox] == [["bob@example.org"]]


# ---------------------------------------------------------------- verification


def test_a_new_account_is_unverified_until_the_mailed_link_is_followed(
    mailoutbox: list[Any],
) -> None:
    client = signed_up_and_logged_in(mailoutbox)
    user = get_user_model().objects.get(email="ann@example.org")
    assert not VerifiedAddress.objects.filter(user=user).exists()
    account = client.get(reverse("account")).content.decode()
    assert "Verify your e-mail address" in account and reverse("verify-resend") in account
    assert APIClient().get("/api/me/").status_code == 403  # the API's view needs a login
    api = APIClient()
    api.force_authenticate(user)
    assert api.get("/api/me/").json()["email_verified"] is False
    page = Client().get(link_in(mailoutbox[0].body))  # from another browser, not signed in
    assert page.status_code == 200 and b"Your e-mail address is verified" in page.content
    assert VerifiedAddress.objects.get(user=user).source == VerifiedAddress.Source.LINK
    assert api.get("/api/me/").json()["email_verified"] is True
    assert "Verify your e-mail address" not in client.get(reverse("account")).content.decode()


def test_an_unverified_account_cannot_claim_a_player_on_the_page_or_the_api_until_verified(
    mailoutbox: list[Any],
) -> None:
    client = signed_up_and_logged_in(mailoutbox)
    user = get_user_model().objects.get(email="ann@example.org")
    player = PlayerFactory(name="Ann Hartley")
    url = reverse("account-claim-player", args=[player.pk])
    assert "Verify your e-mail address" in client.get(url).content.decode()
    refused = client.post(url, {"message": "It is me"})
    assert refused.status_code == 200
    assert "Verify your e-mail address first" in refused.content.decode()
    api = APIClient()
    api.force_authenticate(user)
    by_api = api.post("/api/claims/", {"player": player.pk}, format="json")
    assert by_api.status_code == 403 and by_api.json()["code"] == "address_unverified"
    own = client.post(reverse("account-new-player"), {"name": "Ann Newcomer"})
    assert "Verify your e-mail address first" in own.content.decode()
    assert not PlayerClaim.objects.exists() and not Player.objects.filter(user=user).exists()
    client.get(link_in(mailoutbox[0].body))
    assert client.post(url, {"message": "It is me"}).status_code == 302
    assert PlayerClaim.objects.get().user == user


def test_an_unverified_player_cannot_enter_online_on_the_page_or_the_api_until_verified(
    mailoutbox: list[Any],
) -> None:
    client = signed_up_and_logged_in(mailoutbox)
    user = get_user_model().objects.get(email="ann@example.org")
    # A player linked by an administrator, say: the address still has to be proved.
    PlayerFactory(name="Ann Hartley", user=user)
    event = EventFactory(entry_open=True)
    page = client.post(f"/events/{event.slug}/enter/")
    assert page.status_code == 200
    assert "Verify your e-mail address first" in page.content.decode()
    api = APIClient()
    api.force_authenticate(user)
    by_api = api.post(f"/api/events/{event.slug}/enter/")
    assert by_api.status_code == 403 and by_api.json()["code"] == "address_unverified"
    assert not Entry.objects.filter(event=event).exists()
    client.get(link_in(mailoutbox[0].body))
    assert api.post(f"/api/events/{event.slug}/enter/").status_code == 201
    assert Entry.objects.get(event=event).player.user == user


def test_an_expired_verification_link_is_refused_saying_so(mailoutbox: list[Any]) -> None:
    sign_up(Client())
    link = link_in(mailoutbox[0].body)
    later = datetime.datetime.now(tz=datetime.UTC) + datetime.timedelta(days=4)
    with time_machine.travel(later):
        page = Client().get(link)
    assert page.status_code == 400
    assert "This link has expired (it works for 3 days)" in page.content.decode()
    assert not VerifiedAddress.objects.exists()


def test_an_altered_or_cut_verification_link_is_refused_saying_so(mailoutbox: list[Any]) -> None:
    sign_up(Client())
    link = link_in(mailoutbox[0].body)
    token = link.rstrip("/").rsplit("/", 1)[1]
    altered = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    for bad in (altered, token[: len(token) // 2]):
        page = Client().get(reverse("verify-address", args=[bad]))
        assert page.status_code == 400
        assert "This link does not work" in page.content.decode()
    # A link for someone else's account, forged with another key, says the same.
    forged = verification.signing.dumps({"user": 1, "email": "ann@example.org"}, key="x" * 50)
    assert Client().get(reverse("verify-address", args=[forged])).status_code == 400
    assert not VerifiedAddress.objects.exists()


def test_a_link_for_an_address_the_account_no_longer_has_is_refused(
    mailoutbox: list[Any],
) -> None:
    sign_up(Client())
    get_user_model().objects.filter(email="ann@example.org").update(email="ann@elsewhere.org")
    page = Client().get(link_in(mailoutbox[0].body))
    assert page.status_code == 400
    assert "an address the account no longer has" in page.content.decode()
    assert not VerifiedAddress.objects.exists()


def test_a_changed_address_must_be_verified_again() -> None:
    user = UserFactory(email="old@example.org")
    api = APIClient()
    api.force_authenticate(user)
    assert api.get("/api/me/").json()["email_verified"] is True
    user.email = "new@example.org"
    user.save()
    assert api.get("/api/me/").json()["email_verified"] is False


def test_a_password_reset_through_the_mailed_link_proves_the_address(
    mailoutbox: list[Any],
) -> None:
    sign_up(Client())
    user = get_user_model().objects.get(email="ann@example.org")
    client = Client()
    client.post(reverse("password_reset"), {"email": "ann@example.org"})
    reset = re.search(r"https?://testserver(/accounts/password-reset/\S+/)", mailoutbox[-1].body)
    assert reset is not None
    form_page = client.get(reset.group(1), follow=True)
    new = "another-long-passphrase-92"
    client.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert VerifiedAddress.objects.get(user=user).source == VerifiedAddress.Source.PASSWORD_RESET


def test_the_verification_link_can_be_sent_again_from_the_account_page(
    mailoutbox: list[Any],
) -> None:
    client = signed_up_and_logged_in(mailoutbox)
    response = client.post(reverse("verify-resend"), follow=True)
    assert "We sent the link again" in response.content.decode()
    assert len(mailoutbox) == 2 and mailoutbox[1].to == ["ann@example.org"]
    client.get(link_in(mailoutbox[1].body))
    again = client.post(reverse("verify-resend"), follow=True)
    assert "already verified" in again.content.decode() and len(mailoutbox) == 2


def test_the_api_resend_sends_a_link_that_verifies_and_then_refuses_with_a_409(
    mailoutbox: list[Any],
) -> None:
    sign_up(Client())
    user = get_user_model().objects.get(email="ann@example.org")
    api = APIClient()
    api.force_authenticate(user)
    assert api.post("/api/me/verification/").json() == {"sent": True}
    assert Client().get(link_in(mailoutbox[-1].body)).status_code == 200
    again = api.post("/api/me/verification/")
    assert again.status_code == 409 and again.json()["code"] == "verified"
    assert APIClient().post("/api/me/verification/").status_code == 403


def test_accounts_from_before_verification_count_as_verified() -> None:
    """What the migration does for them (and seed_demo for the demo accounts)."""
    from django.apps import apps as global_apps
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    older = UserFactory(email="old@example.org", verified=False)
    executor = MigrationExecutor(connection)
    migration = executor.loader.get_migration("tournament", "0014_verified_address")
    vouch = migration.operations[-1].code
    vouch(global_apps, None)
    row = VerifiedAddress.objects.get(user=older)
    assert row.email == "old@example.org" and row.source == "existing"
