"""The lecture: what a lecturer's link presets, presenter mode for a projector, and the class pulse."""
