"""Where the Spades scoring steps are written: the sources the explanation lines show.

Step N is step N of "Standard scoring, exactly" in ``docs/rules/spades.md`` (written
"spades.md: Standard scoring N", said as Pagat, Spades "Scoring": :func:`~..source.step`);
a rule key's source is the key's own (:data:`~.rules.KEYS`). Players read these; tests assert them.
"""

from __future__ import annotations

from ..source import PAGAT, Cite, Source, step

#: Step 1: the contract (bid against tricks).
CONTRACT: Source = (step(1),)
#: Step 2: nil and blind nil.
NIL_SOURCE: Source = (step(2),)
#: Step 3: where a failed nil's tricks go.
FAILED_NIL: Source = (step(3),)
#: Step 4: sandbagging (the bag limit and its penalty).
SANDBAG: Source = (step(4),)
#: Step 5: the end of the game.
GAME: Source = (step(5),)
#: Pagat, Spades: "Variations in the scoring".
VARIATIONS: Source = (Cite(PAGAT, "Variations in the scoring"),)
