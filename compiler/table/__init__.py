"""`runeforge table`: people play Runebound and Delve in the browser, against bots or each
other. The engine holds every rule; a person's seat is one more
:class:`~runeforge.engine.common.decisions.Player` (:mod:`.seat`), the game runs in a thread
of the server (:mod:`.session`), each seat sees only what it may (:mod:`.views`), and the
page (``static/``) offers the options the engine offers, nothing else (:mod:`.app`)."""
