"""What went out to an event's players by e-mail (and what did not, and why): directors only."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournament.fields import Paginator
from tournament.notifications import services as notifications
from tournament.pages import director_or_deny, get_event

PER_PAGE = 100


def event_notifications(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_event(slug)
    if denied := director_or_deny(request, event):
        return denied
    rows = notifications.notifications_of_event(event)
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    labels = notifications.SKIPPED_LABELS
    context = {
        "event": event,
        "is_director": True,
        "page": page,
        "shown": [
            (n, labels.get(n.skipped, n.skipped), notifications.address_shown(n)) for n in page
        ],
        "sent": rows.filter(sent_at__isnull=False).count(),
        "skipped": rows.exclude(skipped="").count(),
    }
    return render(request, "notifications/event_notifications.html", context)
