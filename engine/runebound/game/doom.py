"""The doom track (seed 000 "Kohtalon polku" variant; seed 002 "Discarding Cards/Doom Track").

Played adventure cards go face down to the next place of the track. When it holds
``cards_per_token`` cards (by player count, ruleset data; the first card laid at setup
counts), the card just added moves to the first place, the others go to the bottom of their
colour decks (seed 000) or to the discard pile (seed 002; ruleset data ``when_full``), and a doom token goes on the next heraldry of the market column (board data,
bottom to top). The token on the last heraldry (Frostgate) ends the normal game: the endgame
begins.
"""

from __future__ import annotations


class DoomTrack:
    def setup_doom_track(self) -> None:
        colour = self.rules.doom_track.first_card_from
        card = self.draw_adventure(colour)
        if card is not None:
            self.state.doom_track.append(card)
            self.emit("doom_setup", beside=self.rules.doom_track.first_card_beside)

    def add_to_doom_track(self, card: str) -> None:
        s = self.state
        s.doom_track.append(card)
        self.emit("doom_card", card=card, place=len(s.doom_track))
        if len(s.doom_track) < self.rules.doom_track.cards_per_token(s.players):
            return
        last = s.doom_track.pop()
        if self.rules.doom_track.when_full == "discard":  # seed 002: "discarding the rest"
            s.discard_pile.extend(s.doom_track)
        else:  # seed 000: under their colour decks
            for other in s.doom_track:
                self.to_deck_bottom(other)
        s.doom_track[:] = [last]
        self.place_doom_token()

    def place_doom_token(self) -> None:
        s = self.state
        column = self.board.market_column
        heraldry = column[s.doom_tokens] if s.doom_tokens < len(column) else None
        s.doom_tokens += 1
        self.emit("doom_token", number=s.doom_tokens, heraldry=heraldry)
        if s.doom_tokens >= self.doom_tokens_total() and s.phase == "game":
            self.emit("endgame_triggered", heraldry=heraldry)
            s.phase = "endgame"

    def doom_tokens_total(self) -> int:
        return min(self.rules.doom_track.tokens, len(self.board.market_column))
