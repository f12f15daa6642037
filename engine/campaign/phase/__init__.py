"""The campaign phase as a machine over the sheet, and the bots that answer its decisions."""
