"""Pages of the player registry shared by every event (tournament/registry/views.py)."""

from django.urls import path

from tournament.registry import views as registry

urlpatterns = [
    path("players/", registry.player_list, name="registry-players"),
    path("players/merge/", registry.merge, name="registry-merge"),
    path("players/merges/", registry.merge_history, name="registry-merges"),
    path("players/merges/<int:pk>/undo/", registry.merge_undo, name="registry-merge-undo"),
    path("players/<int:pk>/", registry.player_record, name="registry-player"),
    path(
        "events/<slug:slug>/entries/registry/",
        registry.pick_for_entry,
        name="event-entry-registry-pick",
    ),
]
