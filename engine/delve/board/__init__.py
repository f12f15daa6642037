"""The board of Delve: tiles as data, chambers placed on a square grid, exact sight and reach."""
