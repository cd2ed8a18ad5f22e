"""API tokens for scripts and the phone (POST/DELETE /api/token/) and the person's own account
in the API (GET/PATCH /api/me/)."""

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory
from tournament.accounts import services as accounts
from tournament.claims.services import claim_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

PASSWORD = "correct-horse-battery"  # tests.factories.UserFactory's


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def obtain(username: str, password: str = PASSWORD) -> Any:
    return APIClient().post(
        "/api/token/", {"username": username, "password": password}, format="json"
    )


def test_a_token_for_a_password_reads_the_own_account_then_revoked_is_refused() -> None:
    user = UserFactory(username="ann@example.org", email="ann@example.org", first_name="Ann")
    player = PlayerFactory(name="Ann Hartley", user=user, notify=True)
    response = obtain("ann@example.org")
    assert response.status_code == 200
    key = response.json()["token"]
    assert Token.objects.get(user=user).key == key
    assert obtain("ann@example.org").json()["token"] == key  # the same until revoked

    me = with_token(key).get("/api/me/")
    assert me.status_code == 200
    body = me.json()
    assert body["username"] == "ann@example.org" and body["display_name"] == "Ann"
    assert body["player"] == {"id": player.pk, "name": "Ann Hartley"}
    assert body["notify"] is True and body["claim"] is None

    revoked = with_token(key).delete("/api/token/")
    assert revoked.status_code == 204
    assert not Token.objects.filter(user=user).exists()
    refused = with_token(key).get("/api/me/")
    assert refused.status_code == 403 and refused.json()["detail"] == "Invalid token."
    # Script asks again: a new token, not the old one.
    assert obtain("ann@example.org").json()["token"] != key


def test_a_wrong_password_gets_no_token() -> None:
    UserFactory(username="ann@example.org")
    response = obtain("ann@example.org", "wrong-password")
    assert response.status_code == 400
    assert "non_field_errors" in response.json()
    assert not Token.objects.exists()
    missing = APIClient().post("/api/token/", {"username": "ann@example.org"}, format="json")
    assert missing.status_code == 400 and "password" in missing.json()


def test_revoking_needs_a_login_or_the_token() -> None:
    user = UserFactory()
    accounts.api_token(user=user)
    assert APIClient().delete("/api/token/").status_code == 403
    forged = with_token("not-a-token").delete("/api/token/")
    assert forged.status_code == 403 and forged.json()["detail"] == "Invalid token."
    assert Token.objects.filter(user=user).exists()


def test_patch_me_changes_only_notify() -> None:
    user = UserFactory()
    player = PlayerFactory(user=user, notify=True)
    api = with_token(accounts.api_token(user=user).key)
    off = api.patch("/api/me/", {"notify": False}, format="json")
    assert off.status_code == 200 and off.json()["notify"] is False
    player.refresh_from_db()
    assert player.notify is False

    other = api.patch("/api/me/", {"notify": True, "username": "mallory"}, format="json")
    assert other.status_code == 400
    assert other.json()["field"] == "username" and "only notify" in other.json()["detail"]
    player.refresh_from_db()
    user.refresh_from_db()
    assert player.notify is False and user.username != "mallory"
    bad = api.patch("/api/me/", {"notify": "perhaps"}, format="json")
    assert bad.status_code == 400 and "notify" in bad.json()


def test_patch_me_without_a_player_says_to_claim_one_first() -> None:
    user = UserFactory()
    response = with_token(accounts.api_token(user=user).key).patch(
        "/api/me/", {"notify": True}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "notify" and "Claim your player" in response.json()["detail"]


def test_me_shows_the_latest_claim_and_is_only_ones_own() -> None:
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    target = PlayerFactory(name="Ann Hartley")
    claim_player(user=ann, player=target, message="me")
    body = with_token(accounts.api_token(user=ann).key).get("/api/me/").json()
    assert body["player"] is None and body["notify"] is None
    assert body["claim"]["player_name"] == "Ann Hartley" and body["claim"]["status"] == "pending"
    bob_sees = with_token(accounts.api_token(user=bob).key).get("/api/me/").json()
    assert bob_sees["username"] == "bob" and bob_sees["claim"] is None
    assert APIClient().get("/api/me/").status_code == 403
    assert APIClient().patch("/api/me/", {"notify": False}, format="json").status_code == 403


def test_a_token_claims_a_player_through_the_api() -> None:
    user = UserFactory()
    target = PlayerFactory()
    api = with_token(accounts.api_token(user=user).key)
    made = api.post("/api/claims/", {"player": target.pk, "message": "me"}, format="json")
    assert made.status_code == 201
    assert made.json()["player"] == target.pk and made.json()["display_name"] == user.first_name
