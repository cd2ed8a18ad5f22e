"""The tournament floor's models. The core every subject shares lives here (events.py: players,
festivals, events and their roles, entries, rounds, boards; tables.py: a board's seats;
decisions.py: what a request's decision records; lag.py: an event's lag allowance for fair
clocks, fields the event has; where.py: where boards are played, fields of the event, round,
entry and board); each subject's own records live in its
package (check-ins in tournament/checkin/models.py, and so on). Django registers a model when
its module is imported: this package imports every one of them, and code imports each model
from the module that defines it."""

from tournament.accounts import models as accounts  # noqa: F401
from tournament.checkin import models as checkin  # noqa: F401
from tournament.claims import models as claims  # noqa: F401
from tournament.confirmations import models as confirmations  # noqa: F401
from tournament.entries import models as entries  # noqa: F401
from tournament.events import models as events_log  # noqa: F401
from tournament.festivals import models as festivals  # noqa: F401
from tournament.models import decisions, events, tables  # noqa: F401
from tournament.notifications import models as notifications  # noqa: F401
from tournament.registry import models as registry  # noqa: F401
from tournament.restrictions import models as restrictions  # noqa: F401
from tournament.results import models as results  # noqa: F401
from tournament.rights import models as rights  # noqa: F401
from tournament.rounds import models as rounds  # noqa: F401
