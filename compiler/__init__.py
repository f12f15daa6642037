"""Runeforge: a content compiler and card-data toolchain for Runebound (2nd edition)."""

__version__ = "0.1.0"
