"""Views that draw what the math computed: matrix views, heatmaps, plots, panels."""
