"""A page's forms read as a browser reads them: what a user who submits a form unchanged sends.

A browser drops a value its input type cannot read (``<input type="date" value="28/11/2026">``
shows an empty field and submits ""), submits the first option of a select with none
selected, leaves out unchecked boxes and disabled fields, and drops the newline that opens a
textarea. The tests of the edit forms submit exactly this, so a form that renders what it
cannot read back is caught the way a user meets it.
"""

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

# The HTML standard's value sanitization of the inputs the site uses.
SANITIZED = {
    "date": re.compile(r"\d{4,}-\d\d-\d\d"),
    "datetime-local": re.compile(r"\d{4,}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d{1,3})?)?"),
    "time": re.compile(r"\d\d:\d\d(:\d\d(\.\d{1,3})?)?"),
    "number": re.compile(r"-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?"),
}
NOT_SUBMITTED = {"submit", "button", "reset", "image", "file"}


@dataclass
class Form:
    action: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)

    def names(self) -> set[str]:
        return {name for name, _ in self.fields}

    def data(self) -> dict[str, list[str]]:
        """The submitted values, name by name (a name may repeat: ticked boxes, a multiple
        select), as Django's test client posts lists."""
        out: dict[str, list[str]] = {}
        for name, value in self.fields:
            out.setdefault(name, []).append(value)
        return out


@dataclass
class _Select:
    name: str
    multiple: bool
    disabled: bool
    options: list[tuple[str, bool, bool]] = field(default_factory=list)  # value, selected, off
    text: str | None = None  # the open option's text, its value when it has no value attribute
    open_value: str | None = None
    open_flags: tuple[bool, bool] = (False, False)


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: _Select | None = None
        self.textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.form = Form(action=a.get("action", ""), method=a.get("method", "get").lower())
            self.forms.append(self.form)
        if self.form is None:
            return
        name = a.get("name")
        if tag == "input" and name and "disabled" not in a:
            self._input(name, a)
        elif tag == "select" and name:
            self.select = _Select(name, "multiple" in a, "disabled" in a)
        elif tag == "option" and self.select is not None:
            self._close_option()
            self.select.open_value = a.get("value")
            self.select.text = ""
            self.select.open_flags = ("selected" in a, "disabled" in a)
        elif tag == "textarea" and name and "disabled" not in a:
            self.textarea = (name, [])

    def _input(self, name: str, a: dict[str, str]) -> None:
        kind = a.get("type", "text").lower()
        if kind in NOT_SUBMITTED or self.form is None:
            return
        if kind in ("checkbox", "radio"):
            if "checked" in a:
                self.form.fields.append((name, a.get("value", "on")))
            return
        value = a.get("value", "")
        pattern = SANITIZED.get(kind)
        if pattern is not None and not pattern.fullmatch(value):
            value = ""  # what the browser shows, and submits, for a value it cannot read
        self.form.fields.append((name, value))

    def _close_option(self) -> None:
        select = self.select
        if select is None or select.text is None:
            return
        value = select.open_value if select.open_value is not None else select.text.strip()
        select.options.append((value, *select.open_flags))
        select.text = None

    def handle_data(self, data: str) -> None:
        if self.select is not None and self.select.text is not None:
            self.select.text += data
        if self.textarea is not None:
            self.textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "option":
            self._close_option()
        elif tag == "select" and self.select is not None:
            self._close_option()
            self._select_values(self.select)
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.form is not None:
            name, parts = self.textarea
            text = "".join(parts)
            text = text[1:] if text.startswith("\n") else text  # the parser drops the first
            self.form.fields.append((name, text.replace("\r\n", "\n")))
            self.textarea = None
        elif tag == "form":
            self.form = None

    def _select_values(self, select: _Select) -> None:
        if select.disabled or self.form is None:
            return
        chosen = [value for value, selected, _ in select.options if selected]
        if not select.multiple:
            if chosen:
                chosen = chosen[-1:]
            else:  # none selected: the browser shows, and submits, the first it may
                chosen = [value for value, _, off in select.options if not off][:1]
        self.form.fields.extend((select.name, value) for value in chosen)


def forms_of(html: str) -> list[Form]:
    parser = _FormParser()
    parser.feed(html)
    parser.close()
    return parser.forms


def form_with(html: str, field_name: str, action: str | None = None) -> Form:
    """The page's one POST form with a field of this name (and this action, if given)."""
    found = [
        f
        for f in forms_of(html)
        if f.method == "post" and field_name in f.names() and action in (None, f.action)
    ]
    assert len(found) == 1, f"{len(found)} POST forms have a field {field_name!r}"
    return found[0]
