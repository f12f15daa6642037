"""CLI sub-commands. Each module exposes ``command`` (a click.Command); cli.py registers them all."""
