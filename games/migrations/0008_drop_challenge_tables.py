"""``ChallengeAction`` hangs from ``Game``; ``ChallengeTable`` goes (0007 carried its rows)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0007_challenge_tables_to_games")]

    operations = [
        migrations.RemoveField(model_name="challengeaction", name="table"),
        migrations.AlterField(
            model_name="challengeaction",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="challenge_actions",
                to="games.game",
            ),
        ),
        migrations.AlterModelOptions(
            name="challengeaction",
            options={"ordering": ["game", "index"]},
        ),
        migrations.AddConstraint(
            model_name="challengeaction",
            constraint=models.UniqueConstraint(
                fields=("game", "index"), name="unique_challenge_action_index"
            ),
        ),
        migrations.DeleteModel(name="ChallengeTable"),
    ]
