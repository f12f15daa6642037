"""The campaign rules of seed 004 (R-numbers and B-readings of docs/campaign-rules.md), each
refusing an illegal action with an IllegalAction that names the rule."""
