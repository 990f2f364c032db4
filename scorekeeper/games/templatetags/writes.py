"""``{% write_key %}``: the write key of a form that writes (``games.views.once``); and
``{% service_worker_url %}``: where pages register the service worker (``games.views.offline``)."""

from __future__ import annotations

import secrets

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scorekeeper.games.models import WRITE_KEY_LENGTH
from scorekeeper.games.webapp import static_version

register = template.Library()

#: ``secrets.token_urlsafe(n)`` gives about 4/3 n characters: 16 random bytes make 22.
_KEY_BYTES = WRITE_KEY_LENGTH * 3 // 4


@register.simple_tag
def write_key() -> SafeString:
    """A hidden ``write_key`` field with a new random key (128 bits): the same save sent twice
    carries the same key, and is stored once."""
    return format_html('<input type="hidden" name="write_key" value="{}">', secrets.token_urlsafe(_KEY_BYTES))


@register.simple_tag
def service_worker_url() -> str:
    """``/sw.js?v=<static version>``: a deploy that changes a static file changes the address."""
    return f"{reverse('games:service_worker')}?v={static_version()}"
