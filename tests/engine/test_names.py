"""Names as typed at the table, stored one way (issue 11 "Names show as typed, and look-alikes are one person")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.names import clean_name, is_clean_text


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ann", "Ann"),
        ("A\u200bnn", "Ann"),  # zero-width space
        ("\u202eAnn", "Ann"),  # right-to-left override: it reversed the digits beside the name
        ("Ann\u2066\u2069", "Ann"),  # bidi isolates
        ("\ufeffAnn", "Ann"),  # byte-order mark
        ("  Ann   Lee \t", "Ann Lee"),
        ("Jo\u0308rg", "Jörg"),  # NFC: the same letters typed two ways are one name
        ("דני", "דני"),  # right-to-left letters are letters
    ],
)
def test_a_name_is_stored_normalised(typed, stored):
    assert clean_name(typed) == stored


@pytest.mark.parametrize("typed", ["a\x00b", "\ud800", "Ann\x07", "x\udfff"])
def test_control_characters_and_lone_surrogates_are_refused(typed):
    with pytest.raises(RuleError, match="control characters") as caught:
        clean_name(typed)
    assert caught.value.field == "players"


def test_text_nobody_typed_is_cleaned_without_refusal():
    assert clean_name("Mozilla\x00/5.0\ud800", strict=False) == "Mozilla/5.0"


@given(st.text())
def test_a_clean_name_is_clean_and_cleaning_again_changes_nothing(text):
    try:
        name = clean_name(text)
    except RuleError:
        return
    assert is_clean_text(name)
    assert clean_name(name) == name
    assert name == name.strip()


def test_clean_text_is_valid_utf8_without_nul():
    assert is_clean_text("Jörg 🂡")
    assert not is_clean_text("a\x00")
    assert not is_clean_text("\ud800")
