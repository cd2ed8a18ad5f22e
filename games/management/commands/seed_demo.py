from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from games import demo as games_demo
from tournament import demo as tournament_demo


class Command(BaseCommand):
    help = "Create demo accounts, a demo event and its games (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        say = self.stdout.write
        say("Demo accounts (log in at /accounts/login/):")
        with transaction.atomic():
            tournament_demo.seed_accounts(say)
        tournament_demo.seed_event(say)
        games_demo.seed(say)
        tournament_demo.seed_table_event(say)
