from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games at the board"

    def ready(self) -> None:
        # The floor below announces what it did; the games floor acts on it without being
        # imported from there.
        from games.clocks import services as clock
        from games.recording import setup
        from tournament.effects import board_decided, board_deciding, round_published

        round_published.connect(setup.on_round_published, dispatch_uid="games-setup")
        board_deciding.connect(clock.on_board_deciding, dispatch_uid="games-lock-game")
        board_decided.connect(clock.on_board_decided, dispatch_uid="games-hold-clock")
