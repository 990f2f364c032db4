"""The events app."""

from django.apps import AppConfig


class EventsConfig(AppConfig):
    """Events: many tables, rounds, standings on the wall."""

    name = "scorekeeper.events"
