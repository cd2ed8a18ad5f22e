"""The root urlconf: the composition root wires every floor's pages and API together."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tournament.accounts.forms import LoginForm
from tournament.accounts.views import set_language
from tournament.events import home
from tournament.web import health

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    # Django's set_language: the language switch in the header posts here. CSRF-exempt: a forged
    # post can only change a visitor's language, while a token in the header would put a secret
    # in every public page, which are cached and served gzipped (tournament/web/page_cache.py).
    path("i18n/setlang/", set_language, name="set_language"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(authentication_form=LoginForm),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournament.accounts.urls")),
    path("", include("tournament.claims.urls")),
    path("admin/", admin.site.urls),
    path("api/", include("tournament.api.urls")),
    path("api/", include("scoring.standings.api_urls")),
    path("api/", include("games.recording.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tournament.restrictions.urls")),
    path("", include("tournament.events.urls")),
    path("", include("tournament.rounds.urls")),
    path("", include("tournament.results.urls")),
    path("", include("tournament.checkin.urls")),
    path("", include("tournament.confirmations.urls")),
    path("", include("tournament.notifications.urls")),
    path("", include("tournament.registry.urls")),
    path("", include("tournament.entries.urls")),
    path("", include("scoring.me.urls")),
    path("", include("scoring.fairplay.urls")),
    path("", include("scoring.duplicate.urls")),
    path("", include("scoring.urls")),
    path("", include("tournament.festivals.urls")),
    path("", include("scoring.festivals.urls")),
    path("", include("games.recording.urls")),
    path("", include("games.focus.urls")),
    path("", include("games.play.urls")),
    path("", include("games.practice.urls")),
    path("", include("games.challenge_tables.urls")),
    path("", include("games.control_room.urls")),
    path("", include("scoring.challenge_standings.urls")),
]

# An /api/ address that matches no route answers JSON, as the API's views do.
handler404 = "tournament.api.errors.not_found"
handler400 = "tournament.api.errors.bad_request"
