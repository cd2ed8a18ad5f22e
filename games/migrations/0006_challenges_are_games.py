"""A Challenge table becomes a game at a table like any other (issue 26): ``Game`` gains its
kind (ingenious or challenge), which Challenge, the mode, the seed and who started it; a board
is optional (a Challenge played away from any event has none); ``ChallengeAction`` is made
ready to hang from ``Game``. 0007 carries the tables over, 0008 removes ``ChallengeTable``."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_refuse_control_characters"),
        ("tournament", "0018_seat_levels"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="kind",
            field=models.CharField(
                choices=[("ingenious", "Ingenious"), ("challenge", "Ingenious Challenge")],
                default="ingenious",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="challenge",
            field=models.CharField(
                blank=True,
                choices=[
                    ("card", "Card Challenge"),
                    ("dice", "Dice Challenge"),
                    ("tile", "Tile Challenge"),
                ],
                max_length=4,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="mode",
            field=models.CharField(
                blank=True,
                choices=[
                    ("full", "Full: the site deals, rolls and draws"),
                    ("table", "Table: the arbiter enters what the table shows"),
                ],
                max_length=5,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="seed",
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="created_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="board",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="game",
                to="tournament.board",
            ),
        ),
        migrations.AddField(
            model_name="challengeaction",
            name="game",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="challenge_actions",
                to="games.game",
            ),
        ),
        migrations.RemoveConstraint(
            model_name="challengeaction",
            name="unique_challenge_action_index",
        ),
        migrations.AlterField(
            model_name="challengeaction",
            name="table",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="actions",
                to="games.challengetable",
            ),
        ),
    ]
