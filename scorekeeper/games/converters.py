"""The ``<key:key>`` path converter: a game's link key, 24 URL-safe characters.

Every room's URLs import this module, which registers the converter once."""

from django.urls import register_converter
from django.urls.converters import StringConverter

from .models import KEY_PATTERN


class KeyConverter(StringConverter):
    """A game's link key: 24 URL-safe characters."""

    regex = KEY_PATTERN


register_converter(KeyConverter, "key")
