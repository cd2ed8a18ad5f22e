"""The cache and the Celery broker may be separate Redis databases or instances: a flood of
cached pages then never shares memory (or an eviction policy) with queued tasks."""

import json
import os
import subprocess
import sys

from django.conf import settings

READ = (
    "import django; django.setup(); from django.conf import settings; "
    "from tournament.celery import app; import json; "
    "print(json.dumps([settings.CACHES['default']['LOCATION'], settings.CELERY_BROKER_URL, "
    "app.conf.broker_url]))"
)


def settings_under(**env: str) -> list[str]:
    environment = {
        k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CELERY_BROKER_URL"}
    }
    environment |= {"DJANGO_SETTINGS_MODULE": "tournament.settings", **env}
    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_celery_broker_url_sends_tasks_to_another_redis_than_the_cache() -> None:
    cache, setting, broker = settings_under(
        REDIS_URL="redis://127.0.0.1:6379/1", CELERY_BROKER_URL="redis://127.0.0.1:6379/2"
    )
    assert cache == "redis://127.0.0.1:6379/1"
    # Celery itself reads the variable; the setting (the health check, the tests) agrees.
    assert setting == broker == "redis://127.0.0.1:6379/2"


def test_without_celery_broker_url_the_broker_is_redis_url() -> None:
    cache, setting, broker = settings_under(REDIS_URL="redis://127.0.0.1:6379/1")
    assert cache == setting == broker == "redis://127.0.0.1:6379/1"
