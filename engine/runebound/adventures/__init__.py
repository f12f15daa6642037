"""Adventures: adventure documents, their rule modules (Crown of the Elder Kings, Sceptre of
Kyros) and the card expansions, played in the whole game."""
