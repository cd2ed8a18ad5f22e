"""The whole matrix: every row, the addresses left out of it (with the reason), and the table
docs/permissions.md shows (rendered from the rows, so the document cannot drift from the test)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.tournament.rights.permission_matrix import (
    rows_api,
    rows_challenges,
    rows_control,
    rows_crossing,
    rows_festivals,
    rows_pages,
    rows_people,
)
from tests.tournament.rights.permission_matrix.world import ROLES, Write

WRITES: list[Write] = [
    *rows_api.WRITES,
    *rows_pages.WRITES,
    *rows_people.WRITES,
    *rows_challenges.WRITES,
    *rows_control.WRITES,
    *rows_festivals.WRITES,
    *rows_crossing.WRITES,
]

# Addresses (or one method of one, "name METHOD") that accept a write but are not rows: none of
# them acts on anyone else's data or on an event, so no role changes what they may do.
NOT_IN_MATRIX: dict[str, str] = {
    # The player's game page of an online board (games/play): a seated player's own seat alone,
    # for no role of the event (an arbiter or director is refused there too).
    "play-game": "GET only: a seated player's own page (tests/games/play/test_play.py)",
    "play-state": "GET only: a seated player's own state (tests/games/play/test_play.py)",
    "play-board": "GET only: redirects to the board's game's page",
    "play-check": "asks the engine what a placement would score; stores nothing "
    "(tests/games/play/test_play.py)",
    "play-act": "a seated player's own move at their own online board, at their own turn, "
    "through the one write path; every other account is refused "
    "(tests/games/play/test_play.py)",
    # The practice table against the engine (games/practice): a signed-in user's own games,
    # for no role of any event (nobody else sees them, staff neither).
    "practice": "starts the visitor's own practice game against the engine "
    "(tests/games/practice/test_views.py)",
    "practice-game": "GET only: the owner's own practice game (tests/games/practice/test_views.py)",
    "practice-state": "GET only: the owner's own state (tests/games/practice/test_views.py)",
    "practice-view": "GET only: the owner's own game step by step",
    "practice-record-json": "GET only: the owner's own game's record",
    "practice-record-text": "GET only: the owner's own game's record",
    "practice-check": "asks the engine what a placement would score; stores nothing",
    "practice-act": "the owner's own move in their own practice game, through its one write "
    "path; every other account is refused (tests/games/practice/test_services.py)",
    "login": "signs the visitor in with their own password (tests/tournament/accounts/"
    "test_failed_logins.py)",
    "logout": "ends the visitor's own session",
    "signup": "makes the visitor's own account (tests/tournament/accounts/test_accounts.py)",
    "password_reset": "mails a reset link to an address; changes nothing stored "
    "(tests/tournament/accounts/test_accounts.py)",
    "password_reset_confirm": "sets a password with the mailed one-time token, which is the "
    "permission (Django's own view)",
    "api-token POST": "exchanges the caller's own user name and password for their token "
    "(tests/tournament/accounts/test_api_token.py); DELETE is a row",
    "signup-done": "says where the sign-up link went; changes nothing",
    "verify-address": "verifies the address the signed link was mailed to, which is the "
    "permission (tests/tournament/accounts/test_signup_verification.py)",
    "verify-resend": "mails the visitor's own verification link again (rate-limited)",
    "api-me-verification POST": "mails the caller's own verification link again",
    "set_language": "stores the visitor's language in a cookie, and a signed-in visitor's as "
    "their own e-mails' language (tests/tournament/notifications/test_mail_language.py)",
    "event-list": "a redirect to the home page, whatever the method",
    "admin": "Django's admin: staff with the model permissions an administrator grants "
    "(tests/tournament/admin/test_admin.py)",
}

# Pages that only read: every page name not a row must be here or above, and
# test_read_only_pages.py posts to each as a director and finds the database unchanged.
READ_ONLY: frozenset[str] = frozenset(
    {
        "home",
        "healthz",
        "password_reset_done",
        "password_reset_complete",
        "account",
        "account-claim",  # the registry search; claiming is account-claim-player
        "claims",
        "event-detail",
        "event-log",
        "event-entries",
        "event-round",
        "event-round-progress",
        "event-round-duplicate",
        "event-check-in-progress",
        "event-notifications",
        "registry-players",
        "registry-merges",
        "registry-player",
        "event-entry-registry-pick",
        "my-entry",
        "event-entry-requests",
        "my-games",
        "event-standings",
        "event-crosstable",
        "player-detail",
        "event-exports",
        "export-standings-csv",
        "export-standings-json",
        "export-crosstable-csv",
        "export-crosstable-json",
        "export-placings-csv",
        "export-placings-json",
        "export-pairings-csv",
        "export-pairings-json",
        "export-event-pdf",
        "export-slips",
        "export-games-zip",
        "export-event-trf",
        "event-fair-play",
        "event-fair-play-csv",
        "rating-list",
        "player-rating",
        "robots-txt",
        "event-live",
        "event-live-boards",
        "event-live-standings",
        "event-projector",
        "event-projector-screens",
        "board-qr",
        "festival-list",
        "festival-detail",
        "festival-pentamind-csv",
        "festival-pentamind-json",
        "festival-overall",
        "festival-overall-json",
        "game-board",
        "game-board-live",
        "game-view",
        "game-record-json",
        "game-record-text",
        "game-validation",
        "game-validation-progress",
        "challenge-list",
        "challenge-table",
        "challenge-table-live",
        "challenge-viewer",
        "challenge-board",
        "challenge-live",
        "challenge-standings",
        "challenge-standings-csv",
        "challenge-standings-json",
        "challenge-standings-pdf",
        "challenge-records",
        "control-room",
        "control-room-live",
        "api-root",
        "api-schema",
        "api-docs",
    }
)

TICK = "✓"
CROSS = "·"


def render_table() -> str:
    """The matrix as a Markdown table: ✓ allowed, · refused."""
    head = "| Write | Address | " + " | ".join(ROLES) + " |"
    rule = "|---|---|" + "---|" * len(ROLES)
    lines = [head, rule]
    for write in WRITES:
        cells = [TICK if role in write.allowed else CROSS for role in ROLES]
        address = f"`{write.method.upper()} {write.url_name}`"
        lines.append(f"| {write.id} | {address} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def allowed_per_role() -> dict[str, int]:
    return {role: sum(role in w.allowed for w in WRITES) for role in ROLES}


DOCUMENT = Path(__file__).resolve().parents[4] / "docs" / "permissions.md"
REWRITE = (
    "DJANGO_SETTINGS_MODULE=tournament.settings python -c 'import django; django.setup(); "
    "from tests.tournament.rights.permission_matrix.matrix import rewrite_document; "
    "rewrite_document()'"
)


def size_line() -> str:
    cells = len(WRITES) * len(ROLES)
    return f"**{len(WRITES)} writes × {len(ROLES)} roles = {cells} cells.**"


def rewrite_document(path: Path = DOCUMENT) -> None:
    """Bring the document's figures and table up to the rows (the prose is written by hand)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\*\*\d+ writes × \d+ roles = \d+ cells\.\*\*", size_line(), text)
    counts = "".join(f"| {role} | {n} |\n" for role, n in allowed_per_role().items())
    text = re.sub(
        r"(\| Role \| Allowed \|\n\|---\|---\|\n)(?:\|.*\|\n)+",
        lambda m: m.group(1) + counts,
        text,
    )
    head, _, _ = text.partition("| Write | Address |")
    path.write_text(head + render_table(), encoding="utf-8")
