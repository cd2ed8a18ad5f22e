# The two commands of the README: `make run` and `make test`.
PY        := .venv/bin/python
RUNTIME   := .venv/.installed-runtime
DEV       := .venv/.installed-dev
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint format migrate seed worker beat chromium fonts gettext nginx bench bench-live bench-festival bench-online clean

.venv/bin/python:
	python3 -m venv .venv
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall only when a requirements file changed since the last install.
$(RUNTIME): requirements.txt | .venv/bin/python
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(DEV): requirements.txt requirements-dev.txt | .venv/bin/python
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@ $(RUNTIME)

run: $(RUNTIME) fonts gettext
	$(PY) manage.py compilemessages --ignore=.venv --ignore=var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	$(PY) manage.py runserver 127.0.0.1:8000

# Debian's Chromium for the Playwright browser tests (never `playwright install`).
chromium:
	@test -x /usr/bin/chromium || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# Debian's fonts for the PDFs: DejaVu (Latin, Greek, Cyrillic) and Droid Sans Fallback (CJK,
# TrueType: reportlab cannot embed Noto CJK's CFF outlines); poppler-utils reads PDFs in tests.
FONT_FILES := /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
  /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/bin/pdftotext
fonts:
	@for f in $(FONT_FILES); do test -e $$f || missing=1; done; \
	test -z "$$missing" || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	  $(SUDO) apt-get install -y -qq fonts-dejavu-core fonts-droid-fallback poppler-utils \
	  >/dev/null; }

# Debian's gettext: msgfmt compiles locale/*/LC_MESSAGES/django.po (the German pages) into the
# .mo files Django reads, which are built here, not kept in git; the translations test runs
# makemessages (xgettext, msgmerge) to find strings left untranslated.
gettext:
	@test -x /usr/bin/msgfmt || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gettext >/dev/null; }

# Debian's nginx (light): the writes-first front of deploy/nginx-pools.conf, run by the festival
# bench and by its test (tests/house/test_writes_first.py).
nginx:
	@test -x /usr/sbin/nginx || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nginx-light >/dev/null; }

# mypy strict on the three apps, pure cores included (pyproject.toml [tool.mypy]).
TYPED := tournament games scoring

test: $(DEV) chromium fonts gettext nginx
	$(PY) manage.py compilemessages --ignore=.venv --ignore=var
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports --no-cache
	.venv/bin/mypy $(TYPED)
	$(PY) -m pytest

lint: $(DEV)
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports --no-cache
	.venv/bin/mypy $(TYPED)

format: $(DEV)
	.venv/bin/ruff check --fix .
	.venv/bin/ruff format .

# Both queues: the pairing queue (docs/scaling.md) and the default one for everything else.
worker: $(RUNTIME)
	.venv/bin/celery -A tournament worker -Q celery,pairing,analysis -l info

beat: $(RUNTIME)
	.venv/bin/celery -A tournament beat -l info

bench: $(DEV)
	$(PY) -m pip install --quiet --no-deps momaland==0.2.0
	$(PY) -m pip install --quiet -r requirements-bench.txt
	$(PY) bench/engine.py
	$(PY) bench/pairing.py
	$(PY) bench/tables.py
	$(PY) bench/challenges.py
	$(PY) bench/analysis.py

# The live pages under gunicorn on PostgreSQL and Redis, loaded by Debian's wrk.
bench-live: $(RUNTIME)
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq wrk >/dev/null; }
	$(PY) bench/live.py

# A whole festival under load (bench/festival.py): gunicorn, a real Celery worker, PostgreSQL and
# Redis on this machine, loaded by locust; --matrix (FESTIVAL_ARGS=--matrix) scales the workers.
bench-festival: $(RUNTIME) nginx
	$(PY) -m pip install --quiet -r requirements-bench.txt
	$(PY) bench/festival.py $(FESTIVAL_ARGS)

# Online play (bench/online.py): scripted players and socket spectators against daphne, with a
# real Celery worker, PostgreSQL and Redis; ONLINE_ARGS=--games 20 for a short run.
bench-online: $(RUNTIME)
	$(PY) -m pip install --quiet -r requirements-bench.txt
	$(PY) bench/online.py $(ONLINE_ARGS)

clean:
	rm -rf .venv var .pytest_cache .ruff_cache
