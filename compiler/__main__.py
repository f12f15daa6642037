"""``python -m runeforge``: the same command line as ``runeforge``."""

from runeforge.cli import main

if __name__ == "__main__":
    main(prog_name="runeforge")
