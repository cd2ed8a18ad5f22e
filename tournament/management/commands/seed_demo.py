from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from tournament import demo


class Command(BaseCommand):
    help = "Create demo accounts and a demo event (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        say = self.stdout.write
        say("Demo accounts (log in at /accounts/login/):")
        with transaction.atomic():
            demo.seed_accounts(say)
        for step in demo.further_steps():
            step(say)
