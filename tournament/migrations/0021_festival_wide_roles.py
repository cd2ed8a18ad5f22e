"""A festival's roles take a kind: a director of the festival (every role so far), a director of
every event of it, an arbiter of every event of it."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0020_board_fields_to_seats'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='festivalrole',
            name='unique_festival_role',
        ),
        migrations.AddField(
            model_name='festivalrole',
            name='role',
            field=models.CharField(choices=[('festival', 'Director of the festival'), ('director', 'Director of every event'), ('arbiter', 'Arbiter of every event')], default='festival', max_length=10),
        ),
        migrations.AddConstraint(
            model_name='festivalrole',
            constraint=models.UniqueConstraint(fields=('festival', 'user', 'role'), name='unique_festival_role'),
        ),
    ]
