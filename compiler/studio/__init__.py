"""`runeforge studio`: a local authoring page (issue #18).

Layers: ``paths`` (which files may be read and written) < ``views`` (one card's structure,
IR, texts, face PNG and odds, from the shared :class:`runeforge.analysis.AnalysisService`)
< ``security`` (token, Host and Origin checks, CSP) < ``app`` (the Starlette routes).
The page itself is ``static/`` (plain HTML, CSS and one script; no build step).
"""
