"""The language server for card files (`runeforge lsp`); see :mod:`.server`."""
