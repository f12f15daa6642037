"""The rules of Delve's hero phase: rules data, action costs, attacks, wounds and renown."""
