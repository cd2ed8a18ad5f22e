"""Claims of registry entries: a player finds their entry and claims it (or makes their own),
and the registry's keepers or an event's directors approve or refuse the claim."""

from django.urls import path

from tournament.claims import views as claims

urlpatterns = [
    path("account/claim/", claims.claim_search, name="account-claim"),
    path("account/claim/<int:pk>/", claims.claim_player, name="account-claim-player"),
    path("account/claim/withdraw/", claims.claim_withdraw, name="account-claim-withdraw"),
    path("account/new-player/", claims.own_player, name="account-new-player"),
    path("claims/", claims.claims, name="claims"),
    path("claims/<int:pk>/approve/", claims.claim_approve, name="claim-approve"),
    path("claims/<int:pk>/refuse/", claims.claim_refuse, name="claim-refuse"),
]
