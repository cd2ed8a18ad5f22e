"""Print the checksums of the standings and of the rating list (scoring/standings/checksums.py):
run on
a database and on its restored copy, the two outputs are equal. Reads only."""

from typing import Any

from django.core.management.base import BaseCommand

from scoring.standings.checksums import checksums


class Command(BaseCommand):
    help = "Print the standings' and the rating list's checksums (reads only): a restore check."

    def handle(self, *args: Any, **options: Any) -> None:
        for name, value in checksums().items():
            self.stdout.write(f"{name} {value}")
