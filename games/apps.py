from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games at the board"

    def ready(self) -> None:
        # The floor below announces what it did; the games floor acts on it without being
        # imported from there.
        from games.clocks import services as clock
        from games.recording import setup
        from tournament import signals

        signals.round_published.connect(setup.on_round_published, dispatch_uid="games-setup")
        signals.board_deciding.connect(clock.on_board_deciding, dispatch_uid="games-lock-game")
        signals.board_decided.connect(clock.on_board_decided, dispatch_uid="games-hold-clock")
