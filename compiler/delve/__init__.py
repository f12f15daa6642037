"""Delve (seed 003) in the compiler: its dialect glue (abilities), content checks, rules text
and face style. The Game value is runeforge.games.delve."""
