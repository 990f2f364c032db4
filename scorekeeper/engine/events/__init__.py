"""Events (``docs/event-record.md``): club nights, leagues and tournaments of many tables and rounds.

The event record holds only facts (entrants, rounds, each table's game record); the standings
and the next round are computed from it. :mod:`.record` reads and checks it (the values in
:mod:`.event`; the top level in :mod:`.top_level`, a round and its tables in :mod:`.rounds`,
the brackets in :mod:`.elimination`), :mod:`.standings` ranks the entrants, :mod:`.pairing` pairs
a round, :mod:`.next_round` says where the event stands (and what ``manage.py event`` prints).
"""
