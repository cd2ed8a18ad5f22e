"""Pages of players' accounts: sign-up, the address's verification and password reset (Django's
views, limited) under /accounts/, beside the login and logout routes in tournament/urls.py; the
account page (claims: tournament/claims/urls.py)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournament.accounts import views as accounts
from tournament.accounts.views import (
    PasswordResetConfirmView,
    PasswordResetView,
    resend_verification,
    verify_address,
)

RESET = "accounts/password-reset/"

urlpatterns = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/signup/done/", accounts.signup_done, name="signup-done"),
    path("accounts/verify/<str:token>/", verify_address, name="verify-address"),
    path("account/verify/resend/", resend_verification, name="verify-resend"),
    path(RESET, PasswordResetView.as_view(), name="password_reset"),
    path(RESET + "done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        RESET + "complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path(
        RESET + "<uidb64>/<token>/",
        PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("account/", accounts.account, name="account"),
    path("account/notify/", accounts.account_notify, name="account-notify"),
    path("account/name/", accounts.account_display_name, name="account-display-name"),
    path("account/token/", accounts.account_token, name="account-token"),
    path("account/token/revoke/", accounts.account_token_revoke, name="account-token-revoke"),
]
