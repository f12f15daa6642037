"""Analysis: exact combat odds, Monte Carlo odds with the engine, and simulation sweeps."""
