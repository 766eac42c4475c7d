"""The lecture: what a lecturer's link presets, and presenter mode for a projector."""
