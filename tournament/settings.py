"""Settings read from the environment (django-environ); see README's table of variables."""

from datetime import timedelta
from pathlib import Path
from typing import Any

import django_stubs_ext
import environ
from kombu import Queue

# Django's admin, forms and paginators are generic in the type stubs only: this lets the apps
# name the model in a base class (ModelAdmin[Player]). It adds __class_getitem__, nothing else.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

DEV_SECRET_KEY = "dev-only-secret-key-never-use-in-production"

env = environ.Env(
    DEBUG=(bool, True),
    SECRET_KEY=(str, DEV_SECRET_KEY),
    ALLOWED_HOSTS=(list, ["127.0.0.1", "localhost", "[::1]", "testserver"]),
    REDIS_URL=(str, ""),
    CELERY_BROKER_URL=(str, ""),
    DATABASE_REPLICA_URL=(str, ""),
    SECURE_SSL_REDIRECT=(bool, False),
    API_RATE_ANON=(str, "600/minute"),
    API_RATE_USER=(str, "3000/minute"),
    PAGE_RATE=(str, "3000/minute"),
    SPECTATOR_STALE_SECONDS=(float, 1.0),
    SOCKET_RATE=(str, "600/minute"),
    CHANNEL_LAYER_URL=(str, ""),
    ANALYSE_FINISHED_GAMES=(bool, True),
    ANALYSIS_CANDIDATES=(int, 4),
    ANALYSIS_WORLDS=(int, 12),
    BACKGROUND_TASKS=(list, []),
    EMAIL_URL=(str, "consolemail://"),
    DEFAULT_FROM_EMAIL=(str, "Ingenious tournaments <noreply@localhost>"),
    SITE_URL=(str, "http://127.0.0.1:8000"),
    TRUSTED_PROXY_COUNT=(int, 0),
    SIGNUP_RATE_PER_CLIENT=(str, "10/minute,60/hour"),
    SIGNUP_RATE_PER_ADDRESS=(str, "3/hour"),
    PASSWORD_RESET_RATE_PER_CLIENT=(str, "10/minute,60/hour"),
    PASSWORD_RESET_RATE_PER_ADDRESS=(str, "3/hour"),
    EMAIL_VERIFICATION_DAYS=(int, 3),
)

DEBUG: bool = env("DEBUG")
SECRET_KEY: str = env("SECRET_KEY")
ALLOWED_HOSTS: list[str] = env("ALLOWED_HOSTS")

# Sessions, password resets and CSRF are only as safe as the key: refuse to start without one.
MIN_SECRET_KEY_LENGTH = 32
if not DEBUG and (SECRET_KEY == DEV_SECRET_KEY or len(SECRET_KEY.strip()) < MIN_SECRET_KEY_LENGTH):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "DEBUG is off: set SECRET_KEY to a secret of your own, at least "
        f"{MIN_SECRET_KEY_LENGTH} random characters (the development key, an empty or a short "
        "key would make sessions forgeable)."
    )

INSTALLED_APPS = [
    # First: its runserver serves the ASGI application, websockets too (`make run`).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    # Tokens for scripts (POST /api/token/); a person's pages use the session.
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "channels",
    "tournament",
    "games",
    "scoring",
]

MIDDLEWARE = [
    "tournament.web.middleware.RequestIdMiddleware",
    # Each user's roles in an event read once per request (tournament/permissions.py).
    "tournament.web.middleware.RolesOncePerRequestMiddleware",
    # Above everything that may set a cookie: a public answer that sets one is made private.
    "tournament.web.middleware.SharedCacheGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "tournament.web.middleware.RefuseNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the set_language cookie, then Accept-Language, then LANGUAGE_CODE. Cached
    # pages must vary by django.utils.translation.get_language(), which this sets per request.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a signed-in account has its own budget (see PAGE_RATE).
    "tournament.web.middleware.PageRateMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"
# The pages over HTTP and the pushes over websockets (/ws/, tournament/web/sockets.py).
ASGI_APPLICATION = "tournament.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
#: Several writers (runserver's threads, eager tasks) share the embedded database's file. A
#: transaction that read before it writes cannot wait for another writer (SQLite answers "database
#: is locked" at once), so every transaction takes the write lock when it begins and waits up to
#: the timeout for it; WAL lets pages read while a write is under way.
SQLITE_OPTIONS: dict[str, object] = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
# A streaming replica of the primary for the public pages' reads (tournament/web/replica.py):
# the pages a spectator reads without signing in read it once it holds the change their
# version stands for; everything else, and every write, goes to the primary.
DATABASE_REPLICA_URL: str = env("DATABASE_REPLICA_URL")
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = env.db("DATABASE_REPLICA_URL")
# The alias public pages read from ("" : the primary alone).
PUBLIC_READS_DATABASE = "replica" if DATABASE_REPLICA_URL else ""
DATABASE_ROUTERS = ["tournament.web.replica.PublicReadsRouter"]
if not DEBUG:
    # In production a connection is kept for a minute rather than opened per request (a URL's
    # ?conn_max_age= says otherwise), and checked before a request reuses it: a database
    # restarted meanwhile costs a reconnect, not an error page. Not under DEBUG: runserver
    # starts a thread per request, which would leave each connection open for nothing.
    for database in DATABASES.values():
        database.setdefault("CONN_MAX_AGE", 60)
        database["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL: str = env("REDIS_URL")
if REDIS_URL:
    CACHES = {
        # Django's backend with one redis-py client per pool (see tournament/web/redis_cache.py).
        "default": {"BACKEND": "tournament.web.redis_cache.RedisCache", "LOCATION": REDIS_URL}
    }
    # The broker may be another Redis database or instance than the cache (CELERY_BROKER_URL),
    # so that pages filling the cache never crowd out queued tasks; by default it is REDIS_URL.
    CELERY_BROKER_URL = env("CELERY_BROKER_URL") or REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    # A signed-in request (an arbiter's tablet, a director) reads its session from Redis, the
    # database only on a miss; every session is still written to the database too.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    # Every ASGI server of the site (and every write, from any process) on one layer: a move
    # made through one server reaches the sockets held by another (docs/push.md). Pub/sub, not
    # the core layer: a push is a hint that a page refetches, so at most once is enough, and a
    # write publishes it in one Redis command without an event loop (tournament/push.py).
    CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [env("CHANNEL_LAYER_URL") or REDIS_URL]},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # One process (`make run`): its own sockets are the only ones to tell.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
# Acknowledged once the task has run, so a task whose worker dies is delivered again.
CELERY_TASK_ACKS_LATE = True
# A killed pool child (OOM, kill -9) puts its task back on the queue instead of dropping it.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A whole worker killed (host lost, kill -9 of the master) acks nothing and rejects nothing: Redis
# hands its task to another worker once the visibility timeout has passed since delivery, found
# by a sweep every unacked_restore_interval seconds: back within 45 + 5 s, under a minute (the
# rating list and a pairing are stale no longer). The timeout is also how long a task may run
# (or wait for its countdown) before Redis delivers it again beside the one running: every task
# stops at the time limits below it, and no countdown reaches it. docs/tasks.md.
TASK_VISIBILITY_SECONDS = 45
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": TASK_VISIBILITY_SECONDS,
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
}
# The longest task takes seconds (a pairing 0.2 s, a rating rebuild a few); a long re-check or
# a big round's e-mails go on in a new delivery at the soft limit (games/ and tournament/tasks.py).
CELERY_TASK_SOFT_TIME_LIMIT = 30
CELERY_TASK_TIME_LIMIT = 40
# On a lost broker connection, stop the tasks that Redis will deliver again anyway.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# One task at a time per process: a killed child holds at most one unacknowledged task.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Pairing has a queue of its own: a director waiting for a draft never waits behind a
# festival's e-mails and recomputes. Every worker consumes both queues unless told otherwise
# (`-Q celery,pairing`, as `make worker` says; `-Q pairing` makes a worker for pairing alone).
# Tasks run in-process (no REDIS_URL) ignore the routes.
PAIRING_QUEUE = "pairing"
# The post-game analysis (issue 31, games/analysis/) takes seconds a game and nobody waits for
# it: a queue of its own, so a festival's finished games never queue ahead of a draft, a replay
# check or an e-mail (a worker for it alone is `-Q analysis`).
ANALYSIS_QUEUE = "analysis"
CELERY_TASK_DEFAULT_QUEUE = "celery"
# Each queue has its own routing key: with Celery's default key for both, a task sent through
# the exchange by key (rather than to a queue by name) would land on both.
CELERY_TASK_QUEUES = tuple(
    Queue(name, routing_key=name)
    for name in (CELERY_TASK_DEFAULT_QUEUE, PAIRING_QUEUE, ANALYSIS_QUEUE)
)
CELERY_TASK_ROUTES = {
    "tournament.tasks.compute_pairing": {"queue": PAIRING_QUEUE},
    "games.tasks.analyse_game": {"queue": ANALYSIS_QUEUE},
}
# A finished game is analysed once its replay check passed (games/analysis/, docs/analysis.md):
# the engine's budget per decision, small enough that a game takes a few seconds, far under
# the soft time limit. ANALYSE_FINISHED_GAMES=false queues none.
ANALYSE_FINISHED_GAMES: bool = env("ANALYSE_FINISHED_GAMES")
ANALYSIS_BUDGET = {"candidates": env("ANALYSIS_CANDIDATES"), "worlds": env("ANALYSIS_WORLDS")}
# Tasks run in-process (no REDIS_URL) that are slow and that nobody waits for: they run on one
# thread of the process after the commit, so the request that queued them answers at once
# (`make run` names the analysis: a game's last move would wait seconds for it). A worker runs
# them as any other task.
BACKGROUND_TASKS: list[str] = env("BACKGROUND_TASKS")
CELERY_BEAT_SCHEDULE = {
    "sweep-flags": {"task": "games.tasks.sweep_flags", "schedule": 5.0},
    "absent-players-lose": {"task": "games.tasks.apply_absent_rule", "schedule": 15.0},
}
# A pairing or re-check that has not reported for this long is shown to the director with Retry.
TASK_STALE_SECONDS = 60

# django-axes counts failed logins (login page, admin and the API's Basic authentication) and
# refuses a user name from an address after AXES_FAILURE_LIMIT of them, for AXES_COOLOFF_TIME.
# By name and address together: one typist does not lock out a venue behind one address, and
# a stranger elsewhere cannot lock a director out.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The client is whom tournament.web.rate_limits.client_address says (TRUSTED_PROXY_COUNT): behind a
# proxy, REMOTE_ADDR is the proxy's, and one stranger could lock a name out for everyone.
AXES_CLIENT_IP_CALLABLE = "tournament.web.rate_limits.client_address"
# A locked-out client gets a 429 saying until when (tournament.accounts.lockout), and tries while
# locked
# out do not move that time.
AXES_LOCKOUT_CALLABLE = "tournament.accounts.lockout.lockout_response"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
# Ingenious is Reiner Knizia's Einfach Genial, played across Europe: English and German.
LANGUAGES = [("en-gb", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/London"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# The most players one CSV import enters (an MSO event has a few hundred): a bigger file is
# refused before anything is written, naming both numbers.
MAX_IMPORT_ROWS = 2000
# The largest import file (a players' CSV, a TRF), on the pages and the API alike: a bigger
# upload is refused by its size before it is read.
MAX_IMPORT_BYTES = 1_000_000

# Notifications and password resets: the console in development (`make run` prints them), an
# SMTP server in production (EMAIL_URL=smtp://user:password@host:587/?tls=True).
vars().update(env.email_url("EMAIL_URL"))
# A mail server silent this long counts as unreachable (the task retries): a send never runs
# into the tasks' time limits (docs/tasks.md).
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL: str = env("DEFAULT_FROM_EMAIL")
# The site's address as players reach it: the links in notification e-mails start with it.
SITE_URL: str = env("SITE_URL").rstrip("/")

# How many reverse proxies in front of the site append the client's address to X-Forwarded-For
# (0: none, the client is REMOTE_ADDR). Axes, the API throttles and the page limits all read
# the client's address from tournament.web.rate_limits.client_address, which trusts that many.
TRUSTED_PROXY_COUNT: int = env("TRUSTED_PROXY_COUNT")

# Sign-up and password reset, each counted per client address and per e-mail address (one or
# more rates, comma-separated, each a count per second, minute, hour or day: every one must
# allow a request). A client over its rate is told so (429); an address over its rate gets no
# more e-mail, and the page says what it says to everyone. The resend of a verification link
# counts with sign-up. How long a verification link works, in days.
SIGNUP_RATE_PER_CLIENT: str = env("SIGNUP_RATE_PER_CLIENT")
SIGNUP_RATE_PER_ADDRESS: str = env("SIGNUP_RATE_PER_ADDRESS")
PASSWORD_RESET_RATE_PER_CLIENT: str = env("PASSWORD_RESET_RATE_PER_CLIENT")
PASSWORD_RESET_RATE_PER_ADDRESS: str = env("PASSWORD_RESET_RATE_PER_ADDRESS")
EMAIL_VERIFICATION_DAYS: int = env("EMAIL_VERIFICATION_DAYS")
# Page requests (htmx polls included) one client may make: an address, or a signed-in account
# wherever it is. Spectators behind one venue address share it: the live page polls about 45
# times a minute, a board page 20, standings 2, so the default fits some 65 phones on live
# pages at once (more on slower pages); raise it for a bigger venue, or put the venue's own
# address behind TRUSTED_PROXY_COUNT. The API has its own rates (API_RATE_ANON, API_RATE_USER).
PAGE_RATE: str = env("PAGE_RATE")
# How far behind the live pages an anonymous spectator may be, in seconds: within such a
# window every spectator of an event is served the live version pinned when the window began,
# so an event whose games move every second is rendered once a window, not once a request
# (tournament/web/page_cache.py, spectators_entry). Signed-in users (arbiters, directors,
# players) always get the current version. 0: spectators too.
SPECTATOR_STALE_SECONDS: float = env("SPECTATOR_STALE_SECONDS")
# Websockets opened per client address (tournament/web/sockets.py): a page opens one per load.
SOCKET_RATE: str = env("SOCKET_RATE")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "tournament.api.schema.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "tournament.web.parsers.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Per client address (anonymous) and per account, on an atomic counter; arbiters' tablets
    # stay far below the user rate, and the live pages, which spectators poll, are not API views
    # (PAGE_RATE limits them).
    "DEFAULT_THROTTLE_CLASSES": [
        "tournament.web.throttles.AnonymousRate",
        "tournament.web.throttles.AccountRate",
    ],
    "DEFAULT_THROTTLE_RATES": {"anon": env("API_RATE_ANON"), "user": env("API_RATE_USER")},
    "EXCEPTION_HANDLER": "tournament.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ingenious MSO tournament API",
    "DESCRIPTION": "Events, players, rounds, pairings, games at the board, standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the project's static files (drf-spectacular-sidecar), never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Where boards are played: three choice sets under two field names (tournament/models/where.py).
    "ENUM_NAME_OVERRIDES": {
        "PlayedEnum": "tournament.models.where.Played",
        "EventPlayedEnum": "tournament.models.where.EventPlayed",
        "RoundPlayedEnum": "tournament.models.where.RoundPlayed",
    },
}

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env("SECURE_SSL_REDIRECT")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31536000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Everything to stderr (gunicorn's log), with the request id: every 500 with its traceback
# (django.request), warnings from anywhere, and the services' writes (tournament.writes).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "tournament.logs.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"}
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "plain",
        }
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django": {"level": "WARNING"},
        "tournament": {"level": "INFO"},
        "games": {"level": "INFO"},
        "scoring": {"level": "INFO"},
    },
}
