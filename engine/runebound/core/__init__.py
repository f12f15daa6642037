"""Core: game state, the effect IR and its effects, timing windows, costs, rolls, the
resolver (engine services the effects call), the card catalog and the rulesets."""
