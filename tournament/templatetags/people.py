"""``{{ someone|display_name }}``: a person as others see them (tournament/names.py)."""

from django import template

from tournament.names import display_name as name_of

register = template.Library()


@register.filter
def display_name(user: object) -> str:
    return name_of(user)
