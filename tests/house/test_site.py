"""The site as deployed: its main addresses answer, the health check reports the database and
the broker, `seed_demo` runs twice alike, and the settings refuse a missing secret key and pass
`check --deploy`."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE"}}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True
    )


@pytest.mark.django_db
def test_home_page_answers(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert b"Ingenious events" in response.content


@pytest.mark.django_db
def test_events_url_trimmed_back_leads_to_the_event_list(client: Client) -> None:
    response = client.get("/events/", follow=True)
    assert response.redirect_chain[-1][0] == "/"
    assert b"Ingenious events" in response.content


@pytest.mark.django_db
def test_healthz_reports_database_and_broker_up(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "up"
    assert body["broker"] == "up"


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_down(client: Client, settings: object) -> None:
    from tournament.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False  # type: ignore[attr-defined]
    old = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = old
    assert response.status_code == 503
    assert response.json()["broker"] == "down"


@pytest.mark.django_db
def test_admin_login_and_auth_pages(client: Client) -> None:
    assert client.get("/admin/login/").status_code == 200
    assert client.get("/accounts/login/").status_code == 200


@pytest.mark.django_db
def test_api_root_schema_and_docs(client: Client) -> None:
    root = client.get("/api/")
    assert root.status_code == 200
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    assert "openapi" in json.loads(schema.content)
    assert client.get("/api/docs/").status_code == 200


@pytest.mark.django_db
def test_seed_demo_is_idempotent_and_prints_passwords(capsys: pytest.CaptureFixture[str]) -> None:
    from django.contrib.auth import get_user_model

    call_command("seed_demo")
    first = capsys.readouterr().out
    users = get_user_model().objects.count()
    call_command("seed_demo")
    second = capsys.readouterr().out
    assert get_user_model().objects.count() == users
    assert "director" in first and "ingenious-director" in first
    assert "arbiter" in second and "ingenious-arbiter" in second


def test_refuses_to_start_without_a_secret_key_when_debug_is_off() -> None:
    env_without_key = {"DEBUG": "False", "ALLOWED_HOSTS": "example.org"}
    result = run_manage("check", **env_without_key)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_check_deploy_is_clean_under_production_settings() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="False",
        SECRET_KEY="x" * 24 + "-a-long-random-production-secret-" + "y" * 20,
        ALLOWED_HOSTS="ingenious.example.org",
        SECURE_SSL_REDIRECT="True",
    )
    assert result.returncode == 0, result.stderr
