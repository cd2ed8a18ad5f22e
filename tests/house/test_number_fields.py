"""No number field of the project reads through bare ``int()`` or ``Decimal()`` (issue 25,
item 9): every serializer, form and admin form the project defines is walked, and a field of
DRF's or Django's own number classes (which take '٣' as 3) is a failure naming where it is.

Fields a form or serializer adds in its ``__init__`` are seen by instantiating it where it can
be built without arguments, and by the source scan below where it cannot."""

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django import forms
from django.contrib import admin
from django.test import RequestFactory
from rest_framework import relations, serializers

from tests.factories import UserFactory

PACKAGES = ("tournament", "games", "scoring")
ROOT = Path(__file__).resolve().parents[2]

# Exactly these classes: the project's fields in tournament/fields.py subclass them.
PLAIN_SERIALIZER_FIELDS = (
    serializers.IntegerField,
    serializers.DecimalField,
    relations.PrimaryKeyRelatedField,
)
PLAIN_FORM_FIELDS = (forms.IntegerField, forms.DecimalField, forms.ModelChoiceField)
PLAIN_IN_SOURCE = re.compile(
    r"(?<![\w.])(?:serializers|forms)\.(?:IntegerField|DecimalField|PrimaryKeyRelatedField"
    r"|ModelChoiceField|ModelMultipleChoiceField)\("
)


def import_everything() -> None:
    for name in PACKAGES:
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, f"{name}."):
            if ".migrations" in module.name or module.name.endswith(("wsgi", "asgi")):
                continue
            importlib.import_module(module.name)


def subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)


def ours(cls: type) -> bool:
    return cls.__module__.split(".")[0] in PACKAGES and cls.__module__ != "tournament.fields"


def serializer_fields(serializer: Any, path: str) -> Iterator[tuple[str, Any]]:
    for name, field in serializer.fields.items():
        where = f"{path}.{name}"
        yield where, field
        if isinstance(field, serializers.ListSerializer):
            field = field.child
        if isinstance(field, serializers.ListField | serializers.DictField):
            yield f"{where}[]", field.child
        elif isinstance(field, relations.ManyRelatedField):
            yield f"{where}[]", field.child_relation
        elif isinstance(field, serializers.BaseSerializer):
            yield from serializer_fields(field, where)


def built(cls: type[serializers.Serializer[Any]]) -> serializers.Serializer[Any] | None:
    try:
        return cls()
    except Exception:  # one that needs arguments: its declared fields are checked instead
        return None


def plain(field: Any, classes: tuple[type, ...]) -> bool:
    return type(field) in classes


@pytest.mark.django_db
def test_no_serializer_of_the_project_has_a_plain_number_field() -> None:
    import_everything()
    found: list[str] = []
    walked = 0
    for cls in subclasses(serializers.Serializer):
        if not ours(cls):
            continue
        walked += 1
        instance = built(cls)
        fields = (
            serializer_fields(instance, cls.__qualname__)
            if instance is not None
            else ((f"{cls.__qualname__}.{n}", f) for n, f in cls._declared_fields.items())
        )
        found += [
            f"{cls.__module__}.{where}: {type(field).__name__}"
            for where, field in fields
            if plain(field, PLAIN_SERIALIZER_FIELDS)
        ]
    assert walked > 60  # the walk found the project's serializers
    assert found == []


@pytest.mark.django_db
def test_no_form_of_the_project_has_a_plain_number_field() -> None:
    import_everything()
    found: list[str] = []
    walked = 0
    for cls in subclasses(forms.BaseForm):
        if not ours(cls) or getattr(getattr(cls, "_meta", None), "model", 1) is None:
            continue
        walked += 1
        try:
            fields = cls().fields
        except Exception:  # one that needs an event or an entry: its declared fields
            fields = cls.base_fields
        found += [
            f"{cls.__module__}.{cls.__qualname__}.{name}: {type(field).__name__}"
            for name, field in fields.items()
            if plain(field, PLAIN_FORM_FIELDS)
        ]
    assert walked > 20
    assert found == []


@pytest.mark.django_db
def test_no_admin_form_has_a_plain_number_field() -> None:
    import_everything()
    request = RequestFactory().get("/admin/")
    request.user = UserFactory(is_staff=True, is_superuser=True)
    found: list[str] = []
    for model, model_admin in admin.site._registry.items():
        if not ours(model):
            continue
        admins = [model_admin, *model_admin.get_inline_instances(request)]
        for each in admins:
            form = each.get_formset(request).form if hasattr(each, "get_formset") else None
            form = form or each.get_form(request)
            found += [
                f"{type(each).__name__}.{name}: {type(field).__name__}"
                for name, field in form.base_fields.items()
                if plain(field, PLAIN_FORM_FIELDS)
            ]
    assert found == []


def test_no_source_file_declares_a_plain_number_field() -> None:
    # Fields added in an __init__ (per seat, per round) are seen here.
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts and path.name != "fields.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if PLAIN_IN_SOURCE.search(line)
    ]
    assert found == []
