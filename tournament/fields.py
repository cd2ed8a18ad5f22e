"""The API's and the forms' number fields, reading as ``tournament.reading`` does: ASCII digits
only (issue 25, item 9).

DRF's and Django's IntegerField, DecimalField and the primary-key lookups all end in ``int()``
or ``Decimal()``, which take '٣' (Arabic-Indic three) and '３' (fullwidth) as 3: a rating, a
round or a table number typed in another script was stored as if it were meant. These fields
refuse such text with the framework's own message ("A valid integer is required.", "Enter a
whole number.") and then defer to the framework for the bounds. Every declared field uses them;
``ModelSerializer`` makes the fields DRF builds from a model use them too, and
``ReadsNumbersOneWay`` and ``number_formfield`` do the same for the admin's forms and a
ModelForm; ``Paginator`` reads a page number so.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from django import forms
from django.core import paginator
from django.db import models
from rest_framework import serializers

from tournament.reading import is_whole_number

_M = TypeVar("_M", bound=models.Model)
_F = TypeVar("_F", bound=forms.Field)
_T = TypeVar("_T")

# A character range, not \d: \d matches every script's digits.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def spells_integer(text: str) -> bool:
    """True for ASCII digits with at most a leading '-' (a bound, not the reader, refuses
    negatives where they make no sense); blanks around are the caller's to strip."""
    return is_whole_number(text.removeprefix("-"))


def spells_decimal(text: str) -> bool:
    """True for ASCII digits with at most a leading sign and one decimal point."""
    return _DECIMAL.fullmatch(text) is not None


class WholeNumberField(serializers.IntegerField):
    """DRF's IntegerField reading ASCII digits only (a JSON number passes as before)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and not spells_integer(data.strip()):
            self.fail("invalid")
        return super().to_internal_value(data)


class PointsField(serializers.DecimalField):
    """DRF's DecimalField reading ASCII digits only: '٠.٥' is not half a point."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str) and not spells_decimal(data.strip()):
            self.fail("invalid")
        return super().to_internal_value(data)


class WholeNumberKeyField(serializers.PrimaryKeyRelatedField[Any]):
    """DRF's PrimaryKeyRelatedField whose id is read by ``WholeNumberField``: the database
    lookup would take pk='٣' as 3. Any model's key (``ModelSerializer`` uses it for all)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("pk_field", WholeNumberField())
        super().__init__(**kwargs)


_INTEGER_MODEL_FIELDS: tuple[type[models.Field[Any, Any]], ...] = (
    models.AutoField,
    models.BigAutoField,
    models.SmallAutoField,
    models.IntegerField,
    models.BigIntegerField,
    models.SmallIntegerField,
    models.PositiveIntegerField,
    models.PositiveBigIntegerField,
    models.PositiveSmallIntegerField,
)


class ModelSerializer(serializers.ModelSerializer[_M]):
    """The project's ModelSerializer: the fields it builds from a model's integer, decimal and
    foreign-key columns read numbers as ``WholeNumberField`` does."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        **dict.fromkeys(_INTEGER_MODEL_FIELDS, WholeNumberField),
        models.DecimalField: PointsField,
    }
    serializer_related_field = WholeNumberKeyField


class WholeNumberFormField(forms.IntegerField):
    """Django's forms.IntegerField reading ASCII digits only."""

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str):
            value = value.strip()
            if value and not spells_integer(value):
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class WholeNumberChoiceField(forms.ModelChoiceField[_M]):
    """Django's ModelChoiceField whose choice (an id) is ASCII digits: the lookup would take
    '٣' as 3."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip() and not spells_integer(value.strip()):
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)


def form_field(form: forms.BaseForm, name: str, kind: type[_F]) -> _F:
    """The form's own copy of its field ``name``, declared as a ``kind``: a form sets such a
    field's choices or queryset for the request at hand."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{type(form).__name__}.{name} is no {kind.__name__}")
    return field


def number_formfield(db_field: models.Field[Any, Any], **kwargs: Any) -> forms.Field | None:
    """A ModelForm's ``formfield_callback`` (``Meta.formfield_callback``): integer columns get
    ``WholeNumberFormField`` and keys ``WholeNumberChoiceField``, the rest as Django makes it."""
    if isinstance(db_field, models.ForeignKey):
        kwargs.setdefault("form_class", WholeNumberChoiceField)
    elif isinstance(db_field, models.IntegerField) and not db_field.choices:
        kwargs.setdefault("form_class", WholeNumberFormField)
    return db_field.formfield(**kwargs)


class ReadsNumbersOneWay:
    """For a ModelAdmin: its forms' integer and foreign-key fields read ASCII digits only."""

    formfield_overrides: ClassVar[Mapping[type[models.Field[Any, Any]], Mapping[str, Any]]] = {
        # The admin looks a column's class up along its MRO and has its own entry for
        # BigIntegerField, so that one is named too.
        models.IntegerField: {"form_class": WholeNumberFormField},
        models.BigIntegerField: {"form_class": WholeNumberFormField},
        models.ForeignKey: {"form_class": WholeNumberChoiceField},
        models.OneToOneField: {"form_class": WholeNumberChoiceField},
    }


class Paginator(paginator.Paginator[_T]):
    """Django's Paginator reading a page number as ASCII digits only (it took '٣' as page 3):
    another script's digits are not an integer, so ``get_page`` shows the first page and the
    API says "Invalid page." as for any other text."""

    def validate_number(self, number: Any) -> int:
        if isinstance(number, str) and not is_whole_number(number):
            raise paginator.PageNotAnInteger(self.error_messages["invalid_page"])
        return super().validate_number(number)
