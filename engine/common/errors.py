"""Errors the engine raises. Every refusal says what was tried and why it is not allowed."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of engine errors."""


class IllegalAction(EngineError):
    """A player (or a script) tried something the rules do not allow.

    The engine never silently ignores an illegal choice: it raises this with a message that
    names the card, the rule and the current situation.
    """


class ScriptExhausted(EngineError):
    """A scripted source (dice or decisions) was asked for more than it holds."""


class BundleError(EngineError):
    """The compiled bundle cannot be used (unknown card id, wrong kind, bad IR)."""
