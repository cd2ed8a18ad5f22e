"""The site over ASGI (daphne, docs/push.md): the pages over HTTP, the pushes over /ws/."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
# First: Django is set up before anything below imports a model.
pages = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.utils.module_loading import import_string  # noqa: E402

#: Every floor's sockets, named by path as the root urlconf names its pages (tournament/urls.py):
#: this is the composition root, wiring floors the tournament floor's own modules never import.
#: The pages' sockets come last: their catch-all refuses any other /ws/ path.
SOCKET_ROUTES = (
    "games.presence.sockets.websocket_urlpatterns",
    "tournament.web.sockets.websocket_urlpatterns",
)
websocket_urlpatterns = [route for name in SOCKET_ROUTES for route in import_string(name)]

application = ProtocolTypeRouter(
    {
        "http": pages,
        # A socket opened by another site's page is refused (its Origin is not ours); the
        # session cookie says who the user is, as for a page.
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
