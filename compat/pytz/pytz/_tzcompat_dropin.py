"""Marker: this ``pytz`` package is tzcompat's drop-in.

``tzcompat.pytz`` looks for this file next to a ``pytz`` it finds, so that it never takes
the drop-in (that is, itself) for the real pytz when deciding whether to derive its classes
from the real pytz's.
"""
