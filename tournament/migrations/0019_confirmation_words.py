"""Words on a board's outcome for every kind of table: the side is the entry (and seat) that
gave the word, the word carries every side's levels and placing. Existing rows are carried
over: a first player's word keeps seat 0's entry, a second player's the other side's; the
levels move from first_lowest/second_lowest to ``levels`` ([[first], [second]]); the arbiter's
words (no entry) stay as the arbiter's settling."""

from django.db import migrations, models

import tournament.text


def carry_over(apps, schema_editor):
    Confirmation = apps.get_model("tournament", "ResultConfirmation")
    Seat = apps.get_model("tournament", "Seat")
    for row in Confirmation.objects.all().iterator():
        seats = list(Seat.objects.filter(board_id=row.board_id).order_by("number"))
        fields = []
        if row.entry_id is not None:
            mine = [s.number for s in seats if s.entry_id == row.entry_id]
            row.seat = mine[0] if mine else None
            fields.append("seat")
        if row.first_lowest is not None and row.second_lowest is not None:
            row.levels = [[row.first_lowest], [row.second_lowest]]
            fields.append("levels")
        if fields:
            row.save(update_fields=fields)


def carry_back(apps, schema_editor):
    Confirmation = apps.get_model("tournament", "ResultConfirmation")
    for row in Confirmation.objects.all().iterator():
        levels = row.levels or []
        if len(levels) == 2 and all(len(side) == 1 for side in levels):
            row.first_lowest, row.second_lowest = levels[0][0], levels[1][0]
            row.save(update_fields=["first_lowest", "second_lowest"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0018_seat_levels"),
    ]

    operations = [
        migrations.AddField(
            model_name="resultconfirmation",
            name="seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="resultconfirmation",
            name="levels",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="resultconfirmation",
            name="placings",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="resultconfirmation",
            name="reason",
            field=models.CharField(
                blank=True,
                max_length=300,
                validators=[tournament.text.NoControlCharacters("reason")],
            ),
        ),
        migrations.AddField(
            model_name="resultconfirmation",
            name="staff_told_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(carry_over, carry_back),
        migrations.RemoveField(model_name="resultconfirmation", name="first_lowest"),
        migrations.RemoveField(model_name="resultconfirmation", name="second_lowest"),
    ]
