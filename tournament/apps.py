import logging

from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_delete, post_save, pre_save

logger = logging.getLogger("tournament")


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Loading the Celery app here lets shared_task bind to it without tournament/__init__
        # importing Celery (the pure pairing package lives under tournament/ too).
        from django.contrib.auth.signals import user_logged_in

        from tournament.accounts.views import on_sign_in
        from tournament.celery import app  # noqa: F401
        from tournament.festivals.models import FestivalRole
        from tournament.models.events import EventRole
        from tournament.permissions import forget_roles
        from tournament.text import refuse_control_characters_on_save

        # Every model's save: the games floor's models too.
        pre_save.connect(refuse_control_characters_on_save, dispatch_uid="no-control-characters")
        # The language a person signs in with is the language of their e-mails.
        user_logged_in.connect(on_sign_in, dispatch_uid="language-at-sign-in")
        # A role granted or removed within a request is seen by its next check.
        for model in (EventRole, FestivalRole):
            for signal in (post_save, post_delete):
                signal.connect(forget_roles, sender=model, dispatch_uid="forget-roles")

        if settings.CELERY_TASK_ALWAYS_EAGER:
            logger.info(
                "REDIS_URL is not set: Celery tasks run eagerly in-process, cache is local."
            )
