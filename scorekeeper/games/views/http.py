"""The request type of the views: Django's, with django-htmx's ``request.htmx``."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through ``HtmxMiddleware`` (every request does): ``htmx`` says
    whether htmx sent it and what it asked for (django-htmx, "Type checking")."""

    htmx: HtmxDetails
