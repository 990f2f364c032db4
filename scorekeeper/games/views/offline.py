"""The service worker, served from the site's root so that it may look after every page.

Its code is a plain static file of ours (``static/js/sw.js``, no template, the CSP unchanged);
this view only serves it from ``/sw.js``, never cached, since a browser looks for a new
service worker on every visit. Pages register it as ``/sw.js?v=<static version>``
(``games.webapp.static_version``): a deploy that changes any static file changes the address, so the
new worker replaces the old one and drops the old caches (docs/guide.md "Offline and on the home
screen").
"""

from __future__ import annotations

from django.contrib.staticfiles.storage import staticfiles_storage
from django.db import transaction
from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from .http import HtmxHttpRequest


@transaction.non_atomic_requests
@require_safe
@never_cache
def service_worker(request: HtmxHttpRequest) -> HttpResponse:
    """``/sw.js``: the service worker's code (``static/js/sw.js``), as JavaScript, never cached."""
    with staticfiles_storage.open("js/sw.js") as code:
        return HttpResponse(code.read(), content_type="text/javascript; charset=utf-8")
