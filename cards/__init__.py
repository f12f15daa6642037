"""Bundled content (data only): YAML cards, manifests and rules data."""
