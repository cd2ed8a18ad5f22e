"""/healthz: is the database up, can tasks be queued."""

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse


def database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return bool(cursor.fetchone() == (1,))
    except Exception:
        return False


def broker_ok() -> bool:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return True  # tasks run in-process: nothing to reach
    from tournament.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return True
    except Exception:
        return False


def healthz(request: HttpRequest) -> JsonResponse:
    status = {
        "database": "up" if database_ok() else "down",
        "broker": "up" if broker_ok() else "down",
        "tasks": "eager" if settings.CELERY_TASK_ALWAYS_EAGER else "worker",
        "database_engine": connection.vendor,
    }
    healthy = status["database"] == "up" and status["broker"] == "up"
    return JsonResponse(status, status=200 if healthy else 503)
