"""Where the Spades scoring steps are written: the short sources the explanation lines show.

"spades.md: Standard scoring N" is step N of "Standard scoring, exactly" in
``docs/rules/spades.md``; "002 ..." is a section of Pagat, Spades (the short keys
000-004 are listed in that file). Players read these strings; tests assert them.
"""

from __future__ import annotations

#: Step 1: the contract (bid against tricks).
CONTRACT = "spades.md: Standard scoring 1"
#: Step 2: nil and blind nil.
NIL_SOURCE = "spades.md: Standard scoring 2"
#: Step 3: where a failed nil's tricks go.
FAILED_NIL = "spades.md: Standard scoring 3"
#: Step 4: sandbagging (the bag limit and its penalty).
SANDBAG = "spades.md: Standard scoring 4"
#: Step 5: the end of the game.
GAME = "spades.md: Standard scoring 5"
#: Pagat, Spades: "Variations in the scoring".
VARIATIONS = "002 Variations in the scoring"
#: Double nil (its value, penalty and the opponents' bonus).
DOUBLE_NIL_SOURCE = "spades.md: double_nil; 002 Double Nil"
