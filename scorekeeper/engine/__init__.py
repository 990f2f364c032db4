"""The rules engine: pure Python, no Django import.

Frozen dataclasses in, frozen results out. The web app, the command line and the
tests all score games through this package; nothing here knows about requests,
models or templates. Text meant for players (explanation lines, errors) is kept
as :class:`~scorekeeper.engine.text.Text` (an English template plus parameters)
so that the shell can render it in the player's language.
"""
