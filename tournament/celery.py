"""The Celery app: `celery -A tournament worker` and `celery -A tournament beat` find it here."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
