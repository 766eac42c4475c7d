"""Controls a learner operates: answer checks, practice, views held back until answered.

(The older controls, the matrix editor and the sliders, still sit in
`widgets/`; they move here as the layout issue proceeds.)
"""
