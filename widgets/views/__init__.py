"""Views that draw what the math computed: plots, tables, diagrams.

(The older views, the heatmap, the vertex plot and the matrix view, still sit
in `widgets/`; they move here as the layout issue proceeds.)
"""
