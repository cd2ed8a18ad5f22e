"""The test run's settings: the site's, plus the database aliases the replica tests read.

``replica`` is the test database itself (a mirror: the routing of public pages' reads);
``lagging`` is a database of its own that nothing replicates into (a replica that never holds
the primary's latest change). No test reads either unless it names them in its ``databases``
and sets ``PUBLIC_READS_DATABASE``; their test databases are made only for such tests.

``standby``, only with ``DATABASE_STANDBY_URL``: a PostgreSQL streaming standby of the server
``DATABASE_URL`` names; it replicates the test database, which it opens as a mirror (the
tests that pause its replay, tests/tournament/pages/test_replica_reads.py).
"""

import os

import environ

from tournament.settings import *  # noqa: F403
from tournament.settings import DATABASES, VAR_DIR

_primary = DATABASES["default"]
DATABASES["replica"] = {**_primary, "TEST": {"MIRROR": "default"}}
# Its tables made from the models, not by the migrations: their data steps write through the
# default manager, which is the primary's.
_lagging = {"TEST": {"MIGRATE": False}}
if _primary["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["lagging"] = {**_primary, **_lagging, "NAME": str(VAR_DIR / "lagging.sqlite3")}
else:
    DATABASES["lagging"] = {**_primary, **_lagging, "NAME": f"{_primary['NAME']}_lagging"}
if os.environ.get("DATABASE_STANDBY_URL"):
    DATABASES["standby"] = {
        **environ.Env.db_url_config(os.environ["DATABASE_STANDBY_URL"]),
        "TEST": {"MIRROR": "default"},
    }
PUBLIC_READS_DATABASE = ""
